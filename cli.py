"""The ``gridsat`` command: solve puzzles, list genres and backends."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_USAGE = 2
EXIT_NOT_UNIQUE = 3
EXIT_TIMEOUT = 4
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130

PARSE_OPTIONS = {
    "blank": "--blank",
    "hole": "--hole",
    "values": "--range",
    "total": "--sum",
    "no_diagonals": "--no-diagonals",
    "repeat": "--repeat",
    "connected": "--connected",
    "tree": "--tree",
}
"""The parser options a genre may take (its ``options``), by keyword, with their CLI flags."""

MAX_INPUT_BYTES = 10 * 1024 * 1024
"""Larger inputs are refused before they are read."""

COMPARE_TIME_LIMIT = 60.0
"""Seconds per run of ``compare`` unless told otherwise: one hard pair does not stall the rest."""

STATUS_EXIT = {
    "solved": EXIT_OK,
    "unique": EXIT_OK,
    "multiple": EXIT_OK,
    "unsolvable": EXIT_NO_SOLUTION,
    "timeout": EXIT_TIMEOUT,
}


class UsageError(Exception):
    """Bad input or arguments: printed as one line, exit 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from .isolation import STOP_SIGNALS
    from .models.model import TooLarge

    parser = _parser()
    if not (sys.argv[1:] if argv is None else argv):  # a bare command: what it can do, exit 0
        parser.print_help()
        return EXIT_OK
    args = parser.parse_args(argv)
    received: list[signal.Signals] = []
    previous = _stop_on(STOP_SIGNALS, received)
    try:
        code: int = args.run(args)
        return 128 + received[0] if received else code  # (a command that caught the stop)
    except (UsageError, TooLarge) as e:
        return _fail(str(e), EXIT_USAGE)
    except KeyboardInterrupt:
        if received:
            return _fail(f"stopped by {received[0].name}", 128 + received[0])
        return _fail("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away: nothing left to say
        return EXIT_OK
    except Exception as e:  # a bug: one line that can be reported, unless asked for the trace
        if os.environ.get("GRIDSAT_DEBUG"):
            raise
        return _fail(
            f"internal error: {type(e).__name__}: {e}. Please report this as a bug, "
            "with the puzzle (GRIDSAT_DEBUG=1 shows the traceback).",
            EXIT_INTERNAL,
        )
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _stop_on(signals: Sequence[signal.Signals], received: list[signal.Signals]) -> dict[int, Any]:
    """Make each of ``signals`` (TERM, HUP) stop the program like Ctrl-C, noted in
    ``received``; the handlers they had. A later one while stopping is ignored."""

    def stop(number: int, frame: Any) -> None:
        received.append(signal.Signals(number))
        for each in signals:
            signal.signal(each, signal.SIG_IGN)
        raise KeyboardInterrupt

    previous: dict[int, Any] = {}
    for number in signals:
        with contextlib.suppress(ValueError):  # not the main thread: signals stay as they were
            previous[number] = signal.signal(number, stop)
    return previous


def _fail(message: str, code: int) -> int:
    """One line on stderr, and the exit code."""
    print(f"gridsat: error: {message}", file=sys.stderr)
    return code


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line like every other error of the program."""

    def error(self, message: str) -> NoReturn:
        hint = f" (see {self.prog} --help)"
        if message.startswith("the following arguments are required") and self.prog == "gridsat":
            hint = " (see gridsat --help for the commands)"
        self.exit(EXIT_USAGE, f"gridsat: error: {message}{hint}\n")


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


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gridsat",
        description="Solve, check and compare logic puzzles with SAT and CP-SAT solvers.",
        epilog="`gridsat COMMAND --help` tells more; `gridsat genres` lists the puzzles. "
        "Without a command: this help.",
    )
    parser.add_argument(
        "--version", "-V", action=_Version, nargs=0, help="print the version and exit"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = sub.add_parser(
        "solve",
        help="solve a puzzle",
        description="Solve a puzzle; "
        "exit 0 solved, 1 no solution, 2 bad input, 3 not unique "
        "(with --unique), 4 time or memory limit, 70 internal error, 130 interrupted.",
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
        "--render",
        metavar="FILE",
        help="also draw the solution (both, when not unique) to FILE.svg or FILE.png",
    )
    _add_puzzle_options(solve)
    solve.add_argument(
        "--no-prune",
        action="store_true",
        help="skip the model's domain pruning (to study the solvers)",
    )
    solve.set_defaults(run=_solve)

    comp = sub.add_parser(
        "compare",
        help="run a puzzle on every backend and encoding, and check they agree",
        description="Run a puzzle on every backend x encoding (fresh solvers, --repeat times "
        "each, each run at most --time-limit seconds, 60 by default), print median phase times "
        "fastest first, and check that all answers agree (exit 70 when they do not). On a "
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
    comp.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the phase times as bars (PNG or SVG; "
        "needs matplotlib: pip install 'gridsat[plot]')",
    )
    _add_puzzle_options(comp, magic_repeat=False)
    comp.set_defaults(run=_compare)

    bench = sub.add_parser(
        "bench",
        help="run many puzzles on backends and encodings; results kept as they finish",
        description="Run puzzles (files, folders, JSON-lines files) on backends x encodings, "
        "writing one JSON line per result as it finishes; a summary table at the end.",
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
    bench.add_argument("--out", metavar="FILE", help="write results here, one JSON line each")
    bench.add_argument(
        "--resume", action="store_true", help="skip the results already in --out, and append"
    )
    bench.add_argument(
        "--plot",
        metavar="FILE",
        help="draw time against size (PNG or SVG; needs matplotlib: pip install 'gridsat[plot]')",
    )
    bench.set_defaults(run=_bench)

    render = sub.add_parser(
        "render",
        help="draw a puzzle",
        description="Draw a puzzle, unsolved, to an SVG or PNG file (needs matplotlib).",
    )
    render.add_argument("genre", help="the puzzle genre (see `gridsat genres`)")
    render.add_argument("input", help="a file, the puzzle itself, or - for stdin")
    render.add_argument("file", help="the picture to write: FILE.svg or FILE.png")
    _add_puzzle_options(render)
    render.set_defaults(run=_render)

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
    _add_puzzle_options(diag)
    diag.set_defaults(run=_diagnose)

    gen = sub.add_parser(
        "generate",
        help="make puzzles with exactly one solution",
        description="Random puzzles with one solution each, in the genre's own input format "
        "(so `gridsat generate G --size S | gridsat solve G --unique` works); a remark per "
        "puzzle on stderr: givens left, and whether propagation alone solves it; for a puzzle "
        "that takes more than 2 s, a line every few seconds on how far it is.",
    )
    gen.add_argument("genre", help="the puzzle genre (see `gridsat genres`)")
    gen.add_argument("--size", required=True,
                     help="WxH for boards, N for magic squares, KxN for logic grids "
                     "(K categories of N values)")  # fmt: skip
    gen.add_argument("--seed", type=int, help="repeatable runs (default: a random seed)")
    gen.add_argument("--count", type=_positive_int, default=1, help="how many (default 1)")
    gen.add_argument(
        "--givens",
        type=float,
        metavar="SHARE",
        help="stop taking givens away at this share (default: as few as possible)",
    )
    gen.add_argument("--backend", "-b", help="the backend that proves uniqueness")
    gen.add_argument(
        "--time-limit",
        "-t",
        type=_positive_float("seconds"),
        metavar="S",
        help="stop after S seconds for the whole run (exit 4), keeping the puzzles made by then",
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
    gen.set_defaults(run=_generate)

    genres = sub.add_parser("genres", help="list the genres, their formats and examples")
    genres.add_argument("--json", action="store_true", help="print JSON")
    genres.set_defaults(run=_genres)

    backends = sub.add_parser("backends", help="list the backends and whether each runs here")
    backends.add_argument("--json", action="store_true", help="print JSON")
    backends.set_defaults(run=_backends)
    return parser


def _add_puzzle_source(parser: argparse.ArgumentParser) -> None:
    """GENRE and INPUT, as every command that reads one puzzle takes them."""
    parser.add_argument("genre", help="the puzzle genre (see `gridsat genres`)")
    parser.add_argument(
        "input",
        nargs="?",
        default="-",
        help="a file, the puzzle itself (e.g. a game ID), or - for stdin",
    )


def _add_backend_choice(parser: argparse.ArgumentParser) -> None:
    """--backend and --encoding, for the commands that run one backend."""
    parser.add_argument(
        "--backend",
        "-b",
        help="cpsat, cpsat:N or sat:NAME (see `gridsat backends`); default: the genre's fastest",
    )
    parser.add_argument("--encoding", "-e", help="the model's encoding (see `gridsat genres`)")


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


def _add_puzzle_options(parser: argparse.ArgumentParser, magic_repeat: bool = True) -> None:
    """The genre-specific options that shape the puzzle (see ``PARSE_OPTIONS``)."""
    parser.add_argument("--blank", metavar="TOKEN", help="number boards: the token for a blank")
    parser.add_argument("--hole", metavar="TOKEN", help="number boards: the token for a hole")
    parser.add_argument(
        "--range",
        dest="values",
        metavar="LO..HI",
        help="magic boards: the numbers allowed (default 1..n^2)",
    )
    parser.add_argument(
        "--sum",
        dest="total",
        type=int,
        metavar="S",
        help="magic boards: the line total (default: found by the solver, or the "
        "range's total / n when the range has n^2 distinct numbers)",
    )
    parser.add_argument(
        "--no-diagonals",
        action="store_true",
        default=None,
        help="magic boards: only rows and columns must sum",
    )
    if magic_repeat:
        parser.add_argument(
            "--repeat", action="store_true", default=None, help="magic boards: numbers may repeat"
        )
    parser.add_argument(
        "--connected", action="store_true", default=None, help="loop: all pipes form one network"
    )
    parser.add_argument(
        "--tree",
        action="store_true",
        default=None,
        help="loop: one network with no cycle (Simon Tatham's Net)",
    )


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
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


def read_input(source: str) -> str:
    """The puzzle text: from stdin (``-``), a file, or the argument itself."""
    if source == "-":
        if sys.stdin.isatty():  # a user who forgot the INPUT would otherwise see nothing happen
            end = "Ctrl-Z then Enter" if os.name == "nt" else "Ctrl-D at the start of a line"
            print(
                "gridsat: waiting for the puzzle on standard input: type or paste it, then end "
                f"it with {end} (Ctrl-C quits)",
                file=sys.stderr,
                flush=True,
            )
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        return _decode(data, "standard input")
    if os.path.isdir(source):
        raise UsageError(f"{source} is a directory, not a puzzle file")
    if os.path.exists(source):
        try:
            size = os.path.getsize(source)
            if size > MAX_INPUT_BYTES:
                raise UsageError(f"{source} is {size} bytes; the limit is {MAX_INPUT_BYTES}")
            with open(source, "rb") as f:
                return _decode(f.read(), source)
        except OSError as e:
            raise UsageError(f"cannot read {source}: {e.strerror}") from e
    return source


def _decode(data: bytes, name: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(f"{name} is over {MAX_INPUT_BYTES} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UsageError(f"{name} is not UTF-8 text (byte {e.start})") from e


def _run_setup(args: argparse.Namespace) -> tuple[Any, Any, str]:
    """The genre, backend and encoding the arguments name, checked; UsageError otherwise."""
    genre = _checked_genre(args.genre)
    backend = _checked_backend(args.backend or genre.default_backend)
    return genre, backend, _check_encoding(genre, args.encoding or genre.default_encoding)


def _checked_genre(name: str) -> Any:
    """The genre called ``name``, or a UsageError naming the choices."""
    from .genres import get_genre

    try:
        return get_genre(name)
    except ValueError as e:
        raise UsageError(str(e)) from e


def _checked_backend(name: str) -> Any:
    """The backend called ``name``, able to run here, or a UsageError saying why not: every
    command that runs a backend it was given by name checks it so."""
    from .solvers import get_backend

    try:
        backend = get_backend(name.strip())
    except ValueError as e:
        raise UsageError(str(e)) from e
    reason = backend.unavailable()
    if reason:
        raise UsageError(f"backend {backend.name} is not available here: {reason}")
    return backend


def _solve(args: argparse.Namespace) -> int:
    from .pipeline import CheckFailed, Outcome, OutOfMemory, solve_isolated
    from .solvers import BackendError

    genre, backend, encoding = _run_setup(args)
    style = args.format or genre.output_formats[0]
    if style not in genre.output_formats:
        raise UsageError(
            f"{genre.name} has no output format {style!r} "
            f"(choose from {', '.join(genre.output_formats)})"
        )
    if args.render:
        _check_render(genre, args.render)
    limit = max(args.count or 1, 2 if args.unique else 1)
    text = read_input(args.input)
    phases: dict[str, float] = {}  # kept when the run ends without an outcome
    try:
        outcome: Outcome = solve_isolated(
            genre,
            backend,
            encoding,
            load=lambda times: _load_puzzle(genre, args, times, text),
            limit=limit,
            time_limit=args.time_limit,
            prune=not args.no_prune,
            times=phases,
            memory_limit=_memory(args),
        )
    except OutOfMemory as e:
        if args.json:  # a limit reached: the object is printed, as for a timeout
            spent = Outcome(genre.name, backend.name, encoding, "out-of-memory", None, times=phases)
            print(json.dumps({**_outcome_json(genre, spent, args.count), "error": str(e)}))
        return _fail(f"backend {backend.name} {e}", EXIT_TIMEOUT)
    except CheckFailed as e:
        return _fail(
            f"internal error: {e}. Please report this as a bug, with the puzzle.", EXIT_INTERNAL
        )
    except BackendError as e:
        return _fail(f"backend {backend.name} failed: {e}", EXIT_INTERNAL)
    code = STATUS_EXIT[outcome.status]
    if args.unique and outcome.status == "multiple":
        code = EXIT_NOT_UNIQUE
    if args.json:
        print(json.dumps(_outcome_json(genre, outcome, args.count), ensure_ascii=False))
    else:
        print(_outcome_text(genre, outcome, style, args.count))
    if args.render:
        puzzle = outcome.puzzle or _load_puzzle(genre, args, {}, text)
        _draw(genre, puzzle, outcome.solutions, outcome.status, args.render)
    return code


def _diagnose(args: argparse.Namespace) -> int:
    from .diagnose import Diagnosis, diagnose
    from .isolation import TimedOut, default_memory_limit, run_isolated
    from .pipeline import CheckFailed
    from .solvers import BackendError

    genre, backend, encoding = _run_setup(args)
    if genre.givens is None:
        raise UsageError(f"{genre.name} has no givens to diagnose")
    if args.render:
        _check_render(genre, args.render)
    puzzle = _load_puzzle(genre, args, {})
    try:
        found: Diagnosis = run_isolated(
            lambda _: diagnose(genre, puzzle, backend, encoding),
            args.time_limit,
            memory_limit=default_memory_limit(),
        )
    except TimedOut:
        return _fail(f"the diagnosis did not finish within {args.time_limit:g} s", EXIT_TIMEOUT)
    except CheckFailed as e:
        return _fail(f"internal error: {e}. Please report this as a bug.", EXIT_INTERNAL)
    except BackendError as e:
        return _fail(f"backend {backend.name} failed: {e}", EXIT_INTERNAL)
    rules = genre.givens
    if args.json:
        data = {
            "genre": genre.name,
            "backend": backend.name,
            "status": found.status,
            "solution": genre.to_json(puzzle, found.solution) if found.solution else None,
            "forced": _places(genre, found.solution, found.forced),
            "free": _places(genre, found.solution, found.free),
            "suggestion": [rules.describe(puzzle, g) for g in found.suggestion],
            "redundant": [rules.describe(puzzle, g) for g in found.redundant],
            "removable_together": [rules.describe(puzzle, g) for g in found.removable],
            "core": [rules.describe(puzzle, g) for g in found.core],
            "calls": found.calls,
            "seconds": round(found.seconds, 6),
        }
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(_diagnosis_text(genre, puzzle, found))
    if args.render and found.solution is not None:
        from .render import picture, render

        title = "free cells shaded" if found.free else "every cell forced"
        render(picture(genre.picture), puzzle, [found.solution], args.render, [title],
               marked=set(found.free))  # fmt: skip
    elif args.render:
        _draw(genre, puzzle, [], found.status, args.render)
    return {"unique": EXIT_OK, "multiple": EXIT_NOT_UNIQUE, "unsolvable": EXIT_NO_SOLUTION}.get(
        found.status, EXIT_TIMEOUT
    )


def _places(genre: Any, solution: Any, places: list[tuple[int, int]]) -> list[str]:
    """Places of a solution named as the genre names the differences of two solutions."""
    if solution is None or not places:
        return []
    return list(genre.differences(solution, _marked(solution, set(places))))


def _diagnosis_text(genre: Any, puzzle: Any, found: Any) -> str:
    """The diagnosis for a person: the board with free cells as ``?``, then what to do."""
    rules = genre.givens
    say = ", ".join
    if found.status == "unsolvable":
        if not found.core:
            return "no solution, even without any givens: the board itself is contradictory"
        core = [rules.describe(puzzle, g) for g in found.core]
        return (
            f"no solution; these {len(core)} givens contradict each other "
            f"(without any one of them there is a solution): {say(core)}"
        )
    lines = [_masked(genre, puzzle, found.solution, set(found.free))]
    total = len(found.forced) + len(found.free)
    if found.status == "multiple":
        lines.append(f"not unique: {len(found.free)} of {total} cells are free (?), "
                     f"{len(found.forced)} forced")  # fmt: skip
        if found.suggestion:
            given = [rules.describe(puzzle, g) for g in found.suggestion]
            lines.append(f"add {say(given)} and the solution is unique (proved)")
    else:
        lines.append(f"unique solution: all {total} cells forced")
        if found.redundant:
            lines.append("redundant givens (each could go alone): "
                         + say(rules.describe(puzzle, g) for g in found.redundant))  # fmt: skip
            lines.append("removable together (still unique): "
                         + say(rules.describe(puzzle, g) for g in found.removable))  # fmt: skip
        else:
            lines.append("no given is redundant: each one is needed")
    lines.append(f"({found.calls} solver calls, {found.seconds:.2f} s)")
    return "\n".join(lines)


def _masked(genre: Any, puzzle: Any, solution: Any, free: set[tuple[int, int]]) -> str:
    """The solution as the genre prints it, with ``?`` in the free cells."""
    return str(genre.format_solution(puzzle, _marked(solution, free), genre.output_formats[0]))


def _marked(solution: Any, places: set[tuple[int, int]]) -> Any:
    """The solution with ``?`` at these places."""
    return tuple(
        tuple("?" if (r, c) in places else v for c, v in enumerate(row))
        for r, row in enumerate(solution)
    )


def _generate(args: argparse.Namespace) -> int:
    import random
    import time
    from pathlib import Path

    from .generate import GenerateError, ProgressLines, generate, size_of
    from .isolation import TimedOut, default_memory_limit, run_isolated

    genre = _checked_genre(args.genre)
    backend = _checked_backend(args.backend or genre.default_backend)
    try:
        size = size_of(genre, args.size)
    except ValueError as e:
        raise UsageError(str(e)) from e
    if args.givens is not None and not 0 <= args.givens <= 1:
        raise UsageError(f"--givens {args.givens:g}: a share between 0 and 1")
    if genre.format_puzzle is None:
        raise UsageError(f"{genre.name} cannot be written out yet")
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    rng = random.Random(seed)

    def make(send: Any) -> tuple[Any, Any]:
        """One puzzle, in a child process that the time limit can stop; the generator's state
        comes back with it, so the next puzzle is the one the seed gives next."""
        made = generate(genre, size, rng, backend, args.givens, progress=lambda *n: send(n))
        return made, rng.getstate()

    deadline = None if args.time_limit is None else time.monotonic() + args.time_limit
    for i in range(1, args.count + 1):
        name = f"{genre.name}-{args.size}-seed{seed}-{i}"
        show = ProgressLines(sys.stderr, name)
        left = None if deadline is None else deadline - time.monotonic()
        try:
            if left is not None and left <= 0:
                raise TimedOut
            made, state = run_isolated(make, left, show.heard, default_memory_limit())
        except TimedOut:
            kept = f"the {i - 1} made are kept" if i > 1 else "none was made"
            return _fail(
                f"time limit of {args.time_limit:g} s reached after {i - 1} of {args.count} "
                f"puzzles ({kept})",
                EXIT_TIMEOUT,
            )
        except GenerateError as e:
            raise UsageError(str(e)) from e
        except MemoryError:
            return _fail(
                "the generator ran out of memory (over 3/4 of this machine's)", EXIT_TIMEOUT
            )
        rng.setstate(state)
        text = genre.format_puzzle(made.puzzle)
        how = "propagation alone" if made.propagation else "search"
        remark = (
            f"{name}: {made.givens} of {made.of} givens; {how} "
            f"(CP-SAT branches {made.stats['branches']}, conflicts {made.stats['conflicts']})"
        )
        print(remark, file=sys.stderr)
        answer = genre.to_json(made.puzzle, made.solution)
        if out is not None:
            (out / f"{name}.txt").write_text(text + "\n", encoding="utf-8")
            (out / f"{name}.solution.json").write_text(json.dumps(answer) + "\n")
        elif args.json:
            record = {"name": name, "puzzle": text, "solution": answer, "givens": made.givens,
                      "of": made.of, "propagation": made.propagation, **made.stats}  # fmt: skip
            print(json.dumps(record, ensure_ascii=False), flush=True)
        else:
            print(("\n" if i > 1 else "") + text, flush=True)
    return EXIT_OK


def _memory(args: argparse.Namespace) -> int:
    """--memory-limit in bytes, or -1 for the default (three quarters of the machine)."""
    return -1 if args.memory_limit is None else int(args.memory_limit * 2**30)


def _check_render(genre: Any, path: str) -> None:
    """A picture can be drawn for this genre into ``path``, or a UsageError says why not."""
    from .render import RenderError, check_target

    if not genre.picture:
        raise UsageError(f"{genre.name} has no pictures yet")
    try:
        check_target(path)
    except RenderError as e:
        raise UsageError(str(e)) from e
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {path}: there is no folder {folder}")


def _draw(genre: Any, puzzle: Any, solutions: list[Any], status: str, path: str) -> None:
    """The picture of a run: the puzzle when nothing was found, the solution, or two solutions
    side by side with their differences marked."""
    from .render import picture, render

    shown = solutions[:2] if status == "multiple" else solutions[:1]
    titles = {
        0: ["no solution" if status == "unsolvable" else "puzzle"],
        1: ["unique solution" if status == "unique" else "solution"],
        2: ["solution 1", "solution 2 (differences shaded)"],
    }[len(shown)]
    try:
        render(picture(genre.picture), puzzle, shown, path, titles)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror}") from e


def _render(args: argparse.Namespace) -> int:
    from .genres import get_genre

    try:
        genre = get_genre(args.genre)
    except ValueError as e:
        raise UsageError(str(e)) from e
    _check_render(genre, args.file)
    puzzle = _load_puzzle(genre, args, {})
    _draw(genre, puzzle, [], "puzzle", args.file)
    return EXIT_OK


def _load_puzzle(
    genre: Any, args: argparse.Namespace, times: dict[str, float], text: str | None = None
) -> Any:
    """The puzzle named by ``args.input`` (or its ``text``, already read), read with the
    genre's options; UsageError if bad."""
    from .parsers import ParseError
    from .pipeline import parse

    options = {k: getattr(args, k, None) for k in PARSE_OPTIONS}
    options = {k: v for k, v in options.items() if v is not None}
    for name in options:
        if name not in genre.options:
            raise UsageError(f"{genre.name} takes no {PARSE_OPTIONS[name]}")
    if text is None:
        text = read_input(args.input)
    try:
        return parse(genre, text, times, **options)
    except ParseError as e:
        if args.input != "-" and not os.path.exists(args.input) and _looks_like_path(args.input):
            raise UsageError(f"no such file: {args.input}") from e
        raise UsageError(str(e)) from e


def _compare(args: argparse.Namespace) -> int:
    from .compare import compare, progress_line
    from .solvers import all_backends

    genre = _checked_genre(args.genre)
    # With all, the backends that cannot run here are listed as unavailable.
    backends = all_backends() if args.backends == "all" else _named_backends(args.backends)
    encodings = _encodings(genre, args.encodings)
    _check_plot(args.plot)
    text = read_input(args.input)
    puzzle = _load_puzzle(genre, args, {}, text)  # bad input stops here, before any run

    def show(run: Any, done: int, total: int) -> None:
        print(progress_line(run, done, total), file=sys.stderr, flush=True)

    runs, problems = compare(
        genre,
        puzzle,
        backends,
        encodings,
        args.runs,
        args.time_limit,
        _memory(args),
        load=lambda times: _load_puzzle(genre, args, times, text),
        progress=show if sys.stderr.isatty() else None,
    )
    if args.json:
        print(json.dumps(_compare_json(genre, runs, problems, args.time_limit)))
    else:
        print(_compare_table(runs))
        for problem in problems:
            print(f"DISAGREEMENT: {problem}")
        if problems:
            print(
                "The backends disagree: a bug in a model or a solver. Please report it, "
                "with the puzzle."
            )
    if args.plot:
        from .compare import plot

        plot(runs, args.plot, f"{genre.name}: {args.input}")
    return EXIT_INTERNAL if problems else EXIT_OK


def _compare_json(
    genre: Any, runs: list[Any], problems: list[str], time_limit: float | None
) -> dict[str, Any]:
    """``compare --json``: every run with every phase, null for a phase it did not reach."""
    from .compare import PHASES

    return {
        "genre": genre.name,
        "agree": not problems,
        "disagreements": problems,
        "time_limit": time_limit,
        "results": [
            {
                "backend": r.backend,
                "encoding": r.encoding,
                "status": r.status,
                "times": {k: round(r.times[k], 6) if k in r.times else None for k in PHASES},
                **({"error": r.error} if r.error else {}),
            }
            for r in runs
        ],
    }


def _encodings(genre: Any, text: str) -> list[str]:
    """``all`` or a comma-separated list of the genre's encodings, checked."""
    if text == "all":
        return list(genre.encodings)
    return [_check_encoding(genre, name.strip()) for name in text.split(",")]


def _check_encoding(genre: Any, name: str) -> str:
    """One of the genre's encodings, or a UsageError naming the choices."""
    if name not in genre.encodings:
        raise UsageError(
            f"{genre.name} has no encoding {name!r} (choose from {', '.join(genre.encodings)})"
        )
    return name


def _check_plot(path: str | None) -> None:
    """A plot file must be PNG or SVG, and matplotlib must be there to draw it."""
    if path is None:
        return
    if not path.lower().endswith((".png", ".svg")):
        raise UsageError(f"--plot {path}: the file must end in .png or .svg")
    try:
        import matplotlib  # noqa: F401
    except ImportError as e:
        raise UsageError("--plot needs matplotlib: pip install 'gridsat[plot]'") from e


def _bench(args: argparse.Namespace) -> int:
    from pathlib import Path

    from . import bench
    from .solvers import all_backends

    genre = _checked_genre(args.genre)
    if args.backends == "all":  # all that can run here
        backends = [b.name for b in all_backends() if b.unavailable() is None]
    else:
        backends = [b.name for b in _named_backends(args.backends or genre.default_backend)]
    try:
        puzzles = list(bench.items(args.paths))
    except (ValueError, OSError) as e:
        raise UsageError(str(e)) from e
    encodings = _encodings(genre, args.encodings)
    if args.resume and not args.out:
        raise UsageError("--resume needs --out, the results file to continue")
    _check_plot(args.plot)
    previous, done = bench.read_done(Path(args.out)) if args.resume else ([], set())
    asked = {(item.name, b, e) for item in puzzles for b in backends for e in encodings}

    def only_asked(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The records of this run's puzzles x backends x encodings: the file may hold more."""
        return [r for r in found if (r["puzzle"], r["backend"], r["encoding"]) in asked]

    out = open(args.out, "w") if args.out else None  # noqa: SIM115
    if out is not None:  # what finished before, rewritten whole (a cut-off last line dropped)
        out.writelines(json.dumps(r) + "\n" for r in previous)
    records: list[dict[str, Any]] = []
    try:
        records = bench.run(
            genre,
            puzzles,
            backends,
            encodings,
            out,
            done,
            args.jobs,
            args.time_limit,
            bench.progress_printer(sys.stderr),
            _memory(args),
        )
    except KeyboardInterrupt:
        if out is not None:
            out.close()
            previous, _ = bench.read_done(Path(args.out))
            records = []
        print(bench.summary(only_asked(previous + records)))
        print("interrupted: the results above are the ones that finished", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if out is not None:
            out.close()
    everything = only_asked(previous + records)
    print(bench.summary(everything))
    if args.plot:
        bench.plot(everything, args.plot)
    failed = [r for r in records if not r["ok"]]
    for r in failed[:10]:
        print(
            f"FAILED: {r['puzzle']} on {r['backend']}/{r['encoding']}: "
            f"{r.get('error') or r['status']}",
            file=sys.stderr,
        )
    return (
        EXIT_INTERNAL
        if any(r["status"] == "error" for r in failed)
        else (EXIT_OK if not failed else 1)
    )


def _named_backends(text: str) -> list[Any]:
    """The backends a comma-separated list names, each once and checked as ``solve`` checks
    its one: a backend named is meant to run, so one that cannot is a usage error."""
    backends: dict[str, Any] = {}
    for name in text.split(","):
        if name.strip():
            backend = _checked_backend(name)
            backends.setdefault(backend.name, backend)
    if not backends:
        raise UsageError(f"--backends {text!r} names no backend")
    return list(backends.values())


def _compare_table(runs: list[Any]) -> str:
    """Backends fastest first: status, median phase times in ms (- for a phase not reached),
    ratio to the fastest; a run stopped by a limit shows its time as a lower bound (>)."""
    from .compare import FINISHED, PHASES

    finished = [r for r in runs if r.status in FINISHED and r.times]
    best = min((r.total for r in finished), default=0.0) or 1e-9
    width = max((len(r.backend) for r in runs), default=7)
    phases = " ".join(f"{k:>9}" for k in PHASES)
    lines = [
        f"{'backend'.ljust(width)}  {'encoding':9} {'status':13} {phases} "
        f"{'total':>9} {'ratio':>7}   (ms, medians)"
    ]
    for r in runs:
        head = f"{r.backend.ljust(width)}  {r.encoding:9} {r.status:13}"
        if not r.times:
            lines.append(f"{head} {r.error or ''}".rstrip())
            continue
        cells = " ".join(
            f"{r.times[k] * 1000:9.2f}" if k in r.times else f"{'-':>9}" for k in PHASES
        )
        bound = "" if r.status in FINISHED else ">"
        total = f"{bound}{r.total * 1000:.2f}"
        ratio = f"{bound}{r.total / best:.2f}" if finished else "-"
        lines.append(f"{head} {cells} {total:>9} {ratio:>7}")
    return "\n".join(lines)


def _looks_like_path(text: str) -> bool:
    """A name that was meant as a file: has a separator or an extension, and no spaces."""
    return not any(ch.isspace() for ch in text) and ("/" in text or "." in text[-5:])


def _outcome_json(genre: Any, outcome: Any, count: int | None) -> dict[str, Any]:
    sols = outcome.solutions
    data: dict[str, Any] = {
        "genre": genre.name,
        "backend": outcome.backend,
        "encoding": outcome.encoding,
        "status": outcome.status,
        "solution": genre.to_json(outcome.puzzle, sols[0]) if sols else None,
    }
    if outcome.status == "multiple":
        data["second_solution"] = genre.to_json(outcome.puzzle, sols[1])
        data["differences"] = genre.differences(sols[0], sols[1])
    if count is not None:
        data["count"] = len(sols)
        data["count_exact"] = outcome.count_exact
    data["times"] = {k: round(v, 6) for k, v in outcome.times.items()}
    return data


def _outcome_text(genre: Any, outcome: Any, style: str, count: int | None) -> str:
    sols = outcome.solutions
    show = genre.format_solution
    if outcome.status == "unsolvable":
        return "no solution"
    if outcome.status == "timeout" and not sols:
        return "time limit reached before a solution was found"
    lines = [show(outcome.puzzle, sols[0], style)]
    if outcome.status == "timeout":
        lines.append(f"time limit reached after {len(sols)} solution(s)")
    elif count is not None:
        more = "" if outcome.count_exact else "at least "
        lines.append(f"{more}{len(sols)} solution{'s' if len(sols) != 1 else ''}")
    elif outcome.status == "unique":
        lines.append("unique solution")
    elif outcome.status == "multiple":
        cells = genre.differences(sols[0], sols[1])
        lines += [
            "",
            "not unique; a second solution:",
            show(outcome.puzzle, sols[1], style),
            f"the two differ in {len(cells)} cells: "
            + (", " if any(" " in c for c in cells) else " ").join(cells),
        ]
    return "\n".join(lines)


def _genres(args: argparse.Namespace) -> int:
    from .genres import all_genres

    rows: list[dict[str, Any]] = [
        {
            "name": g.name,
            "aliases": list(g.aliases),
            "summary": g.summary,
            "input": g.input_format,
            "example": g.example,
            "encodings": list(g.encodings),
            "default_encoding": g.default_encoding,
            "default_backend": g.default_backend,
            "formats": list(g.output_formats),
        }
        for g in all_genres()
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return EXIT_OK
    for r in rows:
        aliases = f" (also: {', '.join(r['aliases'])})" if r["aliases"] else ""
        print(f"{r['name']}{aliases}: {r['summary']}")
        print(f"  input:     {r['input']}")
        print(f"  example:   gridsat solve {r['name']} {shlex.quote(r['example'])}")
        encodings = ", ".join(
            e + (" (default)" if e == r["default_encoding"] else "") for e in r["encodings"]
        )
        print(f"  encodings: {encodings}")
        print(f"  backend:   {r['default_backend']} by default")
        print(f"  formats:   {', '.join(r['formats'])}")
    return EXIT_OK


def _backends(args: argparse.Namespace) -> int:
    from .solvers import all_backends

    rows: list[dict[str, Any]] = []
    for b in all_backends():
        reason = b.unavailable()
        rows.append(
            {
                "name": b.name,
                "family": b.family,
                "available": reason is None,
                "reason": reason,
                "capabilities": sorted(b.capabilities),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return EXIT_OK
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        state = "available" if r["available"] else f"unavailable: {r['reason']}"
        print(f"{r['name'].ljust(width)}  {state}; {', '.join(r['capabilities'])}")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
