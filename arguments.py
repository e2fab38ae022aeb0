"""The command line's grammar: the commands, their arguments, and the options the genres
declare for their parsers (asked of the genres, never named here)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any, NoReturn

from .solvers.base import Status

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_NOT_UNIQUE = 3
EXIT_TIMEOUT = 4
EXIT_INTERNAL = 70
EXIT_IO = 74
"""An output could not be written (a full disk, /dev/full): sysexits.h's EX_IOERR."""
EXIT_CUT_SHORT = 75
"""The run was cut short by a cause outside it (a lost Dask scheduler): its results are kept and
the same command finishes it (``--resume``); sysexits.h's EX_TEMPFAIL, try again later."""
EXIT_INTERRUPTED = 130

STATUS_EXIT = {
    Status.SOLVED: EXIT_OK,
    Status.UNIQUE: EXIT_OK,
    Status.MULTIPLE: EXIT_OK,
    Status.UNSOLVABLE: EXIT_NO_SOLUTION,
    Status.TIMEOUT: EXIT_TIMEOUT,
}
"""The exit code of a run that ended so (``solve``)."""

ALL_LIMIT = 100
"""``solve --all`` prints at most this many solutions unless ``--count N`` says otherwise."""

COMPARE_TIME_LIMIT = 60.0
"""Seconds per run of ``compare`` unless told otherwise: one hard pair does not stall the rest."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line like every other error of the program, and the
    flags it was given kept (argparse lists a parser's flags nowhere public)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.flags: set[str] = set()
        super().__init__(*args, **kwargs)

    def add_argument(self, *names: Any, **kwargs: Any) -> argparse.Action:
        """An argument, its flags noted in ``flags``."""
        self.flags.update(n for n in names if isinstance(n, str) and n.startswith("-"))
        return super().add_argument(*names, **kwargs)

    def error(self, message: str) -> NoReturn:
        hint = f" (see {self.prog} --help)"
        if message.startswith("the following arguments are required") and self.prog == "gridsat":
            hint = " (see gridsat --help for the commands)"
        elif message.endswith(": expected one argument"):  # or its value began with -, as -5..3
            option = message.removeprefix("argument ").split("/")[0].split(":")[0]
            hint = f" (one that begins with - is written {option}=VALUE; see {self.prog} --help)"
        self.exit(EXIT_USAGE, f"gridsat: error: {message}{hint}\n")


class Retry(Exception):
    """The grammar of one genre could not read the command line: read it with the whole one."""


class _OneGenre(_Parser):
    """The grammar with one genre's options: its errors are left to the whole grammar's."""

    def error(self, message: str) -> NoReturn:
        raise Retry(message)


class _Version(argparse.Action):
    """--version: the version is looked up only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(f"gridsat {version()}")
        parser.exit(EXIT_OK)


def version() -> str:
    """The installed package's version, else the one in pyproject.toml beside the code (a clone
    run without installing)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("gridsat")
    except PackageNotFoundError:
        pass
    import re

    try:
        with open(os.path.join(os.path.dirname(__file__), "pyproject.toml"), encoding="utf-8") as f:
            found = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.MULTILINE)
    except OSError:
        found = None
    return found[1] if found else "unknown"


def read(words: list[str]) -> argparse.Namespace:
    """The arguments of a command line, read by the grammar of the genre it names when that can
    (so a run loads no other genre's modules), else by the whole grammar, which says what is
    wrong: one line, exit 2."""
    words = _url_genre(words)
    args = _quick_arguments(words)
    if args is None:
        grammar = parser()
        args, extra = grammar.parse_known_args(words)
        _input_left_over(args, extra)
        if extra:
            grammar.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _url_genre(words: list[str]) -> list[str]:
    """``COMMAND URL ...`` read as ``COMMAND GENRE URL ...``, the genre a puzz.link URL, a page
    link of Tatham's collection or one of its save files names (a command that reads one
    puzzle; an error in one line when no genre reads it)."""
    if len(words) < 2 or words[0] not in ONE_PUZZLE:
        return words
    said = words[1]
    if said == "-":  # (standard input read once, here, for the genre it may name)
        return _stdin_genre(words)
    if not ("/" in said or "#" in said or said.lower().endswith(".sav")):
        return words  # (a genre's name: nothing more is loaded)
    from . import inputs
    from .checks import PuzzleError

    try:
        text = inputs.read(said)
    except PuzzleError:  # (a file that cannot be read: said where it is read)
        return words
    try:
        genre = inputs.named_genre(text)
    except PuzzleError as e:
        parser().error(str(e))
    return words if genre is None else [words[0], genre, *words[1:]]


def _stdin_genre(words: list[str]) -> list[str]:
    """``COMMAND - ...`` with a URL, page link or save file on standard input: the genre it
    names and its text in place of ``-``; an error in one line when it names none."""
    from . import inputs
    from .checks import PuzzleError

    try:
        text = inputs.read_stdin()
        genre = inputs.named_genre(text.strip())
    except PuzzleError as e:
        parser().error(str(e))
    if genre is None:
        parser().error(
            f"name the genre before '-' (gridsat {words[0]} GENRE -): only a puzz.link URL or a "
            "link or save file of Tatham's collection names its own"
        )
    return [words[0], genre, text.strip(), *words[2:]]


def _quick_arguments(words: list[str]) -> argparse.Namespace | None:
    """The arguments read by the grammar of the genre the command line names (``COMMAND GENRE
    ...``); None when that grammar cannot read them all or help is asked."""
    if len(words) < 2 or words[0] not in COMMANDS or any(_asks_help(w) for w in words):
        return None
    try:
        args, extra = parser(words[1], words[0]).parse_known_args(words)
    except Retry:
        return None
    _input_left_over(args, extra)
    return None if extra else args


def _asks_help(word: str) -> bool:
    """Whether ``word`` is -h, --help or an abbreviation of it."""
    return word == "-h" or (len(word) > 2 and "--help".startswith(word))


def _input_left_over(args: argparse.Namespace, extra: list[str]) -> None:
    """argparse fills an optional INPUT (with "-") as soon as it has the genre, so in
    `solve GENRE --unique FILE` the FILE is left over: it is the input."""
    if len(extra) == 1 and getattr(args, "input", None) == "-" and not extra[0].startswith("-"):
        args.input = extra.pop()


def genre_options(genre: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The genre's parser options the arguments give, by keyword; PuzzleError for an option's
    flag given to a genre that does not take it."""
    from .checks import PuzzleError
    from .registry import all_options

    offered = getattr(args, "offered_options", None)
    if offered is None:
        offered = all_options()
    options = {o.keyword: getattr(args, o.keyword, None) for o in offered}
    options = {k: v for k, v in options.items() if v is not None}
    takes = {o.keyword for o in genre.options}
    for name in options:
        if name not in takes:
            flags = next((o.flag, *o.also) for o in offered if o.keyword == name)
            raise PuzzleError(f"{genre.name} takes no {' or '.join(flags)}")
    return options


def checked_plot(path: str | None) -> None:
    """A --plot file must be PNG or SVG, and matplotlib must be there to draw it."""
    from .checks import PuzzleError

    if path is None:
        return
    if not path.lower().endswith((".png", ".svg")):
        raise PuzzleError(f"--plot {path}: the file must end in .png or .svg")
    try:
        import matplotlib  # noqa: F401
    except ImportError as e:
        raise PuzzleError("--plot needs matplotlib: pip install 'gridsat[plot]'") from e


def parser(genre: str | None = None, command: str | None = None) -> argparse.ArgumentParser:
    """The command line: the commands, their arguments and the genres' own options; with
    ``genre``, a built-in genre's name, only that genre's options (its rulebook alone loaded);
    with ``command``, one of ``COMMANDS``, only that command's (every command's grammar takes
    a tenth of a small solve's time to build)."""
    top = (_OneGenre if genre else _Parser)(
        prog="gridsat",
        description="Solve, check and compare logic puzzles with SAT and CP-SAT solvers.",
        epilog="`gridsat COMMAND --help` tells more; `gridsat genres` lists the puzzles. "
        "Without a command: this help.",
    )
    top.add_argument("--version", "-V", action=_Version, nargs=0, help="print the version and exit")
    sub: Any = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    for name, build in COMMANDS.items():
        if command in (None, name):
            build(sub, genre)
    return top


def _solve(sub: Any, genre: str | None) -> None:
    """solve: one puzzle, its solution (or a second one, a count, all of them)."""
    solve = sub.add_parser(
        "solve",
        help="solve a puzzle",
        description="Solve a puzzle; "
        "exit 0 solved, 1 no solution, 2 bad input, 3 not unique "
        "(with --unique; or a logic grid's question not settled), 4 time or memory limit, "
        "70 internal error, 130 interrupted. "
        "A number board may come as published, with a [Solution] section: the answer is "
        "checked against it (exit 2 naming the rule when the file's solution breaks the "
        "rules, 70 naming the cells when the answer differs from it).",
    )
    _add_puzzle_source(solve)
    _add_backend_choice(solve)
    solve.add_argument(
        "--unique",
        "-u",
        action="store_true",
        help="also prove the solution unique, or show a second one (exit 3)",
    )
    solve.add_argument(
        "--count", "-c", type=_positive_int, metavar="N", help="count distinct solutions, up to N"
    )
    solve.add_argument(
        "--all",
        action="store_true",
        help=f"print every solution as it is found, each checked (up to --count N; "
        f"{ALL_LIMIT} by default), then how many; with --json one JSON line each, then a "
        "summary line",
    )
    solve.add_argument(
        "--time-limit",
        "-t",
        type=_positive_float("seconds"),
        metavar="S",
        help="give up after S seconds (exit 4)",
    )
    solve.add_argument(
        "--memory-limit",
        type=_positive_float("GB"),
        metavar="GB",
        help="give up when the run needs more memory (exit 4; default: 3/4 of this machine's)",
    )
    solve.add_argument("--format", "-f", help="how to print the solution (see `gridsat genres`)")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.add_argument(
        "--explain",
        action="store_true",
        help="first print each clue as read, in the clue language (logic grids), to audit it",
    )
    solve.add_argument(
        "--grade",
        action="store_true",
        help="also grade how hard the puzzle is for a person (see `gridsat grade`; implies "
        "the uniqueness check)",
    )
    solve.add_argument(
        "--render",
        metavar="FILE",
        help="also draw the solution (both, when not unique) to FILE.svg or FILE.png",
    )
    _add_solver_options(solve)
    _add_puzzle_options(solve, genre)
    solve.add_argument(
        "--no-prune",
        action="store_true",
        help="skip the model's domain pruning (to study the solvers)",
    )


def _compare(sub: Any, genre: str | None) -> None:
    """compare: one puzzle on every backend and encoding."""
    comp = sub.add_parser(
        "compare",
        help="run a puzzle on every backend and encoding, and check they agree",
        description="Run a puzzle on every backend x encoding (fresh solvers, --repeat times "
        "each, each run at most --time-limit seconds, 60 by default), print median phase times "
        "fastest first, and check that all answers agree, and agree with the file's own "
        "[Solution] when it gives one (exit 70 when they do not). On a "
        "terminal, a line on stderr as each backend and encoding finishes.",
    )
    _add_puzzle_source(comp)
    _add_matrix_options(comp, backends_default="all", time_limit=COMPARE_TIME_LIMIT)
    comp.add_argument(
        "--repeat",
        dest="runs",
        type=_positive_int,
        default=3,
        metavar="N",
        help="runs per backend and encoding (median reported; default 3)",
    )
    comp.add_argument("--json", action="store_true", help="print one JSON object")
    _add_solver_options(comp)
    comp.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the phase times as bars (PNG or SVG; "
        "needs matplotlib: pip install 'gridsat[plot]')",
    )
    _add_puzzle_options(comp, genre)


def _bench(sub: Any, genre: str | None) -> None:
    """bench: many puzzles on backends and encodings."""
    bench = sub.add_parser(
        "bench",
        help="run many puzzles on backends and encodings; results kept as they finish",
        description="Run puzzles (files, folders, JSON-lines files) on backends x encodings, "
        "writing one JSON line per result as it finishes; a summary table at the end. A "
        "known answer (NAME.solution.json, or the file's own [Solution]) is compared. A run "
        "past its time or memory limit is a result (the limit column), not a failure: exit 1 "
        "only when a puzzle failed its check, 70 when a backend erred.",
    )
    bench.add_argument("genre", help="the puzzle genre (see `gridsat genres`)")
    bench.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="a puzzle file, a folder of them, or a JSON-lines file",
    )
    _add_matrix_options(bench, backends_default=None)
    bench.add_argument(
        "--jobs",
        type=_positive_int,
        default=1,
        metavar="N",
        help="puzzles in parallel processes (default 1: clean timings)",
    )
    bench.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="run on a Dask cluster instead: local:N (N worker processes here) or a "
        "scheduler's tcp://HOST:PORT; results as with --jobs; a lost scheduler exits 75 "
        "and --resume finishes (needs pip install 'gridsat[cluster]')",
    )
    bench.add_argument("--out", metavar="FILE", help="write results here, one JSON line each")
    bench.add_argument(
        "--json", action="store_true", help="print one JSON object (the records), not the table"
    )
    _add_param_option(bench)
    bench.add_argument(
        "--resume", action="store_true", help="skip the results already in --out, and append"
    )
    bench.add_argument(
        "--plot",
        metavar="FILE",
        help="draw time against size (PNG or SVG; needs matplotlib: pip install 'gridsat[plot]')",
    )


def _render(sub: Any, genre: str | None) -> None:
    """render: a puzzle drawn, unsolved."""
    render = sub.add_parser(
        "render",
        help="draw a puzzle",
        description="Draw a puzzle, unsolved, to an SVG or PNG file (needs matplotlib).",
    )
    render.add_argument("genre", help="the puzzle genre (see `gridsat genres`)")
    render.add_argument("input", help="a file, the puzzle itself, or - for stdin")
    render.add_argument("file", help="the picture to write: FILE.svg or FILE.png")
    _add_puzzle_options(render, genre)


def _convert(sub: Any, genre: str | None) -> None:
    """convert: a puzzle, or its solution, written in another of the genre's forms."""
    conv = sub.add_parser(
        "convert",
        help="write a puzzle in another form (a puzz.link URL, a Tatham game ID, text)",
        description="Write a puzzle read in any form gridsat reads in another it writes: text "
        "(the genre's own), tatham (a game ID), url (a puzz.link URL), or a style the genre "
        "generates in; `gridsat genres` lists each genre's. It is read back as the same puzzle, "
        "or refused (exit 2) when the form cannot hold it. With --solution, the puzzle is "
        "solved and its solution written instead, in one of the genre's output formats or json "
        "(exit 1 when it has none).",
    )
    _add_puzzle_source(conv)
    conv.add_argument("--to", required=True, metavar="FORMAT", help="the form to write")
    conv.add_argument(
        "--solution", action="store_true", help="write the puzzle's solution, not the puzzle"
    )
    conv.add_argument(
        "--time-limit",
        "-t",
        type=_positive_float("seconds"),
        metavar="S",
        help="with --solution: give up after S seconds (exit 4)",
    )
    _add_backend_choice(conv)
    _add_puzzle_options(conv, genre)


def _diagnose(sub: Any, genre: str | None) -> None:
    """diagnose: forced and free cells, givens to add or spare."""
    diag = sub.add_parser(
        "diagnose",
        help="for setters: forced and free cells, a given that makes it unique, spare givens",
        description="Forced and free cells (the same in every solution, or not); for a puzzle "
        "with several solutions a given that makes it unique; for a unique one the givens it "
        "can spare; for one with none, givens that contradict each other. Exit as solve "
        "--unique: 0 unique, 3 not unique, 1 no solution, 4 time limit.",
    )
    _add_puzzle_source(diag)
    _add_backend_choice(diag)
    diag.add_argument("--time-limit", "-t", type=_positive_float("seconds"), metavar="S",
                      help="give up after S seconds (exit 4)")  # fmt: skip
    diag.add_argument("--json", action="store_true", help="print one JSON object")
    diag.add_argument("--render", metavar="FILE", help="draw the solution, free cells shaded")
    _add_puzzle_options(diag, genre)


def _grade(sub: Any, genre: str | None) -> None:
    """grade: how hard a puzzle is for a person."""
    grad = sub.add_parser(
        "grade",
        help="how hard a puzzle is for a person: level 1-4 and a score",
        description="Grade a unique puzzle by the reasoning that finishes it on the genre's "
        "model: level 1 unit propagation alone, 2 failed-literal probing to a fixed point, "
        "3 deeper lookahead (probing inside a probe, bounded), 4 search; a score that orders "
        "puzzles within and across levels, the probing rounds and the candidates each step "
        "eliminated. Exit 0 graded, 1 no solution, 3 not unique (not graded), 2 bad input, "
        "4 time limit.",
    )
    _add_puzzle_source(grad)
    grad.add_argument("--time-limit", "-t", type=_positive_float("seconds"), metavar="S",
                      help="give up after S seconds (exit 4)")  # fmt: skip
    grad.add_argument("--json", action="store_true", help="print one JSON object")
    _add_puzzle_options(grad, genre)


def _generate(sub: Any, genre: str | None) -> None:
    """generate: puzzles with one solution each."""
    gen = sub.add_parser(
        "generate",
        help="make puzzles with exactly one solution",
        description="Random puzzles with one solution each, in the genre's own input format "
        "(so `gridsat generate G --size S | gridsat solve G --unique` works); a remark per "
        "puzzle on stderr: givens left, and its grade (level and score, see `gridsat grade`); "
        "for a puzzle that takes more than 2 s, a line every few seconds on how far it is.",
    )
    gen.add_argument("genre", help="the puzzle genre (see `gridsat genres`)")
    gen.add_argument("--size",
                     help="WxH for boards, N for magic squares, KxN for logic grids "
                     "(K categories of N values); Sudoku: N, the side, or Tatham's blocks CxR "
                     "(3x3: a 9x9 board); default: the genre's own (`gridsat genres`)")  # fmt: skip
    gen.add_argument("--seed", type=int, help="repeatable runs (default: a random seed)")
    gen.add_argument(
        "--format",
        metavar="FORMAT",
        help="write each puzzle in this form, as `gridsat convert --to` does (text, tatham, url, "
        "or a style)",
    )
    gen.add_argument(
        "--style",
        help="another layout to write the puzzles in, where the genre has several (zebra: "
        "houses, English in ZebraLogic's layout, --size NxM then N houses of M characteristics; "
        "baron, category lists and English clues); `gridsat genres` lists each genre's",
    )
    gen.add_argument(
        "--count",
        type=_positive_int,
        default=1,
        help="how many (default 1); the Nth from its own seed drawn from --seed and N",
    )
    gen.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="make them on a Dask cluster, one task each, the same puzzles in the same order: "
        "local:N or a scheduler's tcp://HOST:PORT; a lost scheduler exits 75 (needs pip "
        "install 'gridsat[cluster]')",
    )
    gen.add_argument(
        "--givens",
        type=float,
        metavar="SHARE",
        help="stop taking givens away at this share (default: as few as possible)",
    )
    gen.add_argument(
        "--difficulty",
        choices=("easy", "medium", "hard", "extreme"),
        help="a puzzle whose grade (see `gridsat grade`) is in this band's levels (a genre may "
        "declare its own bands, as score ranges: Loopy), or exit 4 when none is reached within "
        "the attempts",
    )
    gen.add_argument(
        "--backend",
        "-b",
        help="the backend that proves uniqueness (default: the genre's for generating, one with "
        "a repeatable budget: `gridsat genres` names it where it is not the default backend)",
    )
    gen.add_argument(
        "--time-limit",
        "-t",
        type=_positive_float("seconds"),
        metavar="S",
        help="stop after S seconds for the whole run (exit 4), keeping the puzzles made by "
        "then; it covers reaching the --cluster scheduler too",
    )
    gen.add_argument(
        "--json",
        action="store_true",
        help="JSON lines (name, puzzle, solution, ...): a bench corpus",
    )
    gen.add_argument(
        "--out",
        metavar="FOLDER",
        help="write NAME.txt and NAME.solution.json per puzzle (a bench folder)",
    )


def _genres(sub: Any, genre: str | None) -> None:
    """genres: the genres listed."""
    genres = sub.add_parser("genres", help="list the genres, their formats and examples")
    genres.add_argument("--json", action="store_true", help="print JSON")


def _backends(sub: Any, genre: str | None) -> None:
    """backends: the backends listed."""
    backends = sub.add_parser("backends", help="list the backends and whether each runs here")
    backends.add_argument("--json", action="store_true", help="print JSON")


COMMANDS: dict[str, Callable[[Any, str | None], None]] = {
    "solve": _solve,
    "compare": _compare,
    "bench": _bench,
    "render": _render,
    "convert": _convert,
    "diagnose": _diagnose,
    "grade": _grade,
    "generate": _generate,
    "genres": _genres,
    "backends": _backends,
}
"""Each command and what adds its grammar, in the order ``--help`` lists them."""


ONE_PUZZLE = ("solve", "compare", "render", "convert", "diagnose", "grade")
"""The commands that read one puzzle, as GENRE and INPUT (``_add_puzzle_source``)."""


def _add_puzzle_source(parser: argparse.ArgumentParser) -> None:
    """GENRE and INPUT, as every command that reads one puzzle takes them."""
    parser.add_argument(
        "genre",
        help="the puzzle genre (see `gridsat genres`); before a puzz.link URL it may be left out",
    )
    parser.add_argument(
        "input",
        nargs="?",
        default="-",
        help="a file, the puzzle itself (e.g. a game ID or a puzz.link URL), or - for stdin",
    )


def _add_backend_choice(parser: argparse.ArgumentParser) -> None:
    """--backend and --encoding, for the commands that run one backend."""
    parser.add_argument(
        "--backend",
        "-b",
        help="cpsat, cpsat:N or sat:NAME (see `gridsat backends`); default: the genre's fastest",
    )
    parser.add_argument("--encoding", "-e", help="the model's encoding (see `gridsat genres`)")


def _add_solver_options(parser: argparse.ArgumentParser) -> None:
    """--stats and --param, for the commands that show what a solver did."""
    parser.add_argument(
        "--stats",
        action="store_true",
        help="also print the model's size, what the backend received, and its search counters",
    )
    _add_param_option(parser)


def _add_param_option(parser: argparse.ArgumentParser) -> None:
    """--param KEY=VALUE, repeatable: passed to the backends that have that parameter."""
    parser.add_argument(
        "--param",
        dest="params",
        action="append",
        type=_key_value,
        metavar="KEY=VALUE",
        help="a backend parameter, repeatable: any of CP-SAT's by name (num_workers=1, "
        "log_search_progress=true, ...); for sat:NAME card=ENCODING (seqcounter, totalizer, "
        "...) and pb=ENCODING",
    )


def _key_value(text: str) -> tuple[str, str]:
    """``KEY=VALUE``, split at the first ``=``."""
    key, equals, value = text.partition("=")
    if not equals or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {text!r}")
    return key.strip(), value.strip()


def _add_matrix_options(
    parser: argparse.ArgumentParser, backends_default: str | None, time_limit: float | None = None
) -> None:
    """Which backends and encodings to run, and the time limit of each run."""
    default = "all" if backends_default else "the genre's default backend"
    parser.add_argument(
        "--backends",
        "-b",
        default=backends_default,
        help=f"all, or a comma-separated list (default: {default})",
    )
    parser.add_argument(
        "--encodings", "-e", default="all", help="all, or a comma-separated list (default: all)"
    )
    parser.add_argument(
        "--time-limit",
        "-t",
        type=_positive_float("seconds"),
        default=time_limit,
        metavar="S",
        help="per run, in seconds"
        + (
            ""
            if time_limit is None
            else f" (default {time_limit:g}; a run past it is a timeout, not a disagreement)"
        ),
    )
    parser.add_argument(
        "--memory-limit",
        type=_positive_float("GB"),
        metavar="GB",
        help="per run (default: 3/4 of this machine's memory)",
    )


def _add_puzzle_options(parser: _Parser, genre: str | None = None) -> None:
    """The options the genres declare for their parsers (``genre``'s alone, when named), each
    flag once; a flag the command has already (compare's --repeat) is not offered there, but
    its other spellings are (--allow-repeats)."""
    from .registry import all_options, genre_options

    taken = set(parser.flags)
    options = genre_options(genre) if genre else None
    if options is None:
        try:
            options = tuple(all_options())
        except ValueError:  # a genre that cannot load: looking the genre up says why, in a line
            options = ()
    parser.set_defaults(offered_options=options)
    for option in options:
        flags = [f for f in (option.flag, *option.also) if f not in taken]
        if not flags:
            continue
        taken.update(flags)
        if option.type is None:
            parser.add_argument(
                *flags, dest=option.keyword, action="store_true", default=None,
                help=option.help,
            )  # fmt: skip
        else:
            parser.add_argument(
                *flags, dest=option.keyword, type=option.type, metavar=option.metavar,
                help=option.help,
            )  # fmt: skip


def _positive_int(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text[:20]!r}")
    if len(text) > 18:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}... is too large")
    return int(text)


def _positive_float(unit: str) -> Callable[[str], float]:
    """An argparse type for a finite number > 0, whose error names the option's ``unit``."""

    def positive(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not value > 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(f"expected a number of {unit} > 0, not {text!r}")
        return value

    return positive
