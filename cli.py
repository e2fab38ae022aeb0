"""The ``gridsat`` command: its entry point and one handler per command. The grammar is in
``arguments.py``, what is printed in ``views.py``, the work in the modules they call."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import views
from .arguments import (
    ALL_LIMIT,
    EXIT_CUT_SHORT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_NO_SOLUTION,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    Retry,
    parser,
)
from .solvers.base import Status

MAX_INPUT_BYTES = 10 * 1024 * 1024
"""Larger inputs are refused before they are read."""

STATUS_EXIT = {
    Status.SOLVED: EXIT_OK,
    Status.UNIQUE: EXIT_OK,
    Status.MULTIPLE: EXIT_OK,
    Status.UNSOLVABLE: EXIT_NO_SOLUTION,
    Status.TIMEOUT: EXIT_TIMEOUT,
}


class UsageError(Exception):
    """Bad input or arguments: printed as one line, exit 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from .checks import PuzzleError
    from .isolation import STOP_SIGNALS
    from .models.model import TooLarge

    words = list(sys.argv[1:] if argv is None else argv)
    if not words:  # a bare command: what it can do, exit 0
        parser().print_help()
        return EXIT_OK
    args = _quick_arguments(words)
    if args is None:
        grammar = parser()
        args, extra = grammar.parse_known_args(words)
        _input_left_over(args, extra)
        if extra:
            grammar.error(f"unrecognized arguments: {' '.join(extra)}")
    received: list[signal.Signals] = []
    previous = _stop_on(STOP_SIGNALS, received)
    try:
        code = HANDLERS[args.command](args)
        return 128 + received[0] if received else code  # (a command that caught the stop)
    except (UsageError, PuzzleError, TooLarge) as e:
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


def _quick_arguments(words: list[str]) -> argparse.Namespace | None:
    """The arguments read by the grammar of the genre the command line names (``COMMAND GENRE
    ...``), so that a run loads no other genre's modules; None when that grammar cannot read
    them all (the whole grammar then reads them, and says what is wrong) or help is asked."""
    if len(words) < 2 or words[0].startswith("-") or any(_asks_help(w) for w in words):
        return None
    try:
        args, extra = parser(words[1]).parse_known_args(words)
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
            with open(source, "rb") as f:  # (read no further: a pipe or a device has no size)
                return _decode(f.read(MAX_INPUT_BYTES + 1), source)
        except OSError as e:
            raise UsageError(f"cannot read {source}: {e.strerror}") from e
    return source


def _decode(data: bytes, name: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(f"{name} is over {MAX_INPUT_BYTES} bytes")
    try:  # (not "utf-8-sig": its codec is a module to load, and it counts bytes after the BOM)
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        raise UsageError(f"{name} is not UTF-8 text (byte {e.start})") from e


def _run_setup(args: argparse.Namespace) -> tuple[Any, Any, str]:
    """The genre, backend and encoding the arguments name, checked; UsageError otherwise."""
    genre = _checked_genre(args.genre)
    backend = _checked_backend(args.backend or genre.default_backend)
    return genre, backend, _check_encoding(genre, args.encoding or genre.default_encoding)


def _checked_genre(name: str) -> Any:
    """The genre called ``name``, or a PuzzleError naming the choices."""
    from .checks import checked_genre

    return checked_genre(name)


def _checked_backend(name: str) -> Any:
    """The backend called ``name``, able to run here, or a PuzzleError saying why not: every
    command that runs a backend it was given by name checks it so."""
    from .checks import checked_backend

    return checked_backend(name)


def _checked_params(
    pairs: list[tuple[str, str]] | None, backends: Sequence[Any]
) -> dict[str, dict[str, str]]:
    """The --param pairs each backend takes, by backend name (a later KEY wins): a parameter
    goes to the backends that have it, and one that none has, or a bad value, is a UsageError."""
    from .solvers.base import UnknownParameter

    given = dict(pairs or [])
    taken: dict[str, dict[str, str]] = {b.name: {} for b in backends}
    usable = [b for b in backends if b.unavailable() is None]
    for key, value in given.items():
        unknown: list[str] = []
        for backend in usable:
            try:
                backend.parameters({key: value})
            except UnknownParameter as e:
                unknown.append(str(e))
                continue
            except ValueError as e:
                raise UsageError(f"--param {key}={value}: {e}") from e
            taken[backend.name][key] = value
        if unknown and len(unknown) == len(usable):
            raise UsageError(f"--param {key}={value}: {unknown[0]}")
    return taken


def _solve(args: argparse.Namespace) -> int:
    from .pipeline import CheckFailed, Outcome, OutOfMemory
    from .solvers import BackendError, Status

    genre, backend, encoding = _run_setup(args)
    params = _checked_params(args.params, [backend])[backend.name]
    style = args.format or genre.output_formats[0]
    if style not in genre.output_formats:
        raise UsageError(
            f"{genre.name} has no output format {style!r} "
            f"(choose from {', '.join(genre.output_formats)})"
        )
    if args.render:
        _check_render(genre, args.render)
    limit = max(args.count or 1, 2 if args.unique or args.grade else 1)
    if args.explain and genre.explain is None:
        raise UsageError(f"{genre.name} has no clues to explain (--explain is for logic grids)")
    text = read_input(args.input)
    given = _file_solution(text)  # a bad [Solution] section stops here, before the run
    if given is not None:  # and so does one that breaks the rules
        _refuse_wrong_solution(genre, _load_puzzle(genre, args, {}, text), given)
    readings = genre.explain(_load_puzzle(genre, args, {}, text)) if args.explain else None
    if readings is not None and not args.json:
        print("\n".join([*readings, ""]), flush=True)
    if args.all:
        return _solve_all(args, genre, backend, encoding, style, text, params, readings, given)
    phases: dict[str, float] = {}  # kept when the run ends without an outcome
    try:
        outcome: Outcome = _run_solve(args, genre, backend, encoding, text, limit, params, phases)
    except OutOfMemory as e:
        if args.json:  # a limit reached: the object is printed, as for a timeout
            import json  # (here only: a run without --json has no need of it)

            spent = Outcome(
                genre.name, backend.name, encoding, Status.OUT_OF_MEMORY, None, times=phases
            )
            print(json.dumps({**views.outcome_json(genre, spent, args.count), "error": str(e)}))
        return _fail(f"backend {backend.name} {e}", EXIT_TIMEOUT)
    except (CheckFailed, BackendError) as e:
        return _run_failed(e, backend)
    end = _ending(args, genre, backend, encoding, outcome, given, phases)
    if args.json:
        import json

        data = views.outcome_json(genre, outcome, args.count)
        print(json.dumps({**data, **end.fields(readings)}, ensure_ascii=False))
    else:
        print(views.outcome_text(genre, outcome, style, args.count))
        end.print_text(args.stats)
    return end.close(args, text)


class _Ending:
    """What ``solve`` and ``solve --all`` do once the run is over, alike: the exit code, the
    grade (--grade), the givens that contradict (no solution), and the file's own solution."""

    def __init__(
        self, genre: Any, outcome: Any, code: int, differ: list[str] | None = None,
        graded: bool = False,
    ) -> None:  # fmt: skip
        self.genre = genre
        self.outcome = outcome
        self.code = code
        self.differ = differ  # where the answer differs from the file's; None: not checked
        self.graded = graded  # --grade was asked
        self.difficulty: Any = None
        self.core: Any = None

    @property
    def explained(self) -> bool:
        """Whether the run found no solution in a genre that explains why (its core)."""
        explains = self.genre.about.solving.explains_no_solution
        return explains and self.outcome.status is Status.UNSOLVABLE

    def fields(self, readings: list[str] | None) -> dict[str, Any]:
        """The JSON fields past the outcome's own: core, file check, readings, difficulty."""
        data: dict[str, Any] = {}
        if self.explained:
            core = self.core
            data["core"] = (
                None if core is None else views.givens(self.genre, self.outcome.puzzle, core)
            )
        if self.differ is not None:
            data["file_solution"] = "differs" if self.differ else "matches"
            data["file_differences"] = self.differ
        if readings is not None:
            data["readings"] = readings
        if self.graded:
            data["difficulty"] = views.grade_fields(self.difficulty) if self.difficulty else None
        return data

    def print_text(self, stats: bool) -> None:
        """The lines after the answer: grade, contradiction, file check, and --stats."""
        graded = _difficulty_text(self.graded, self.outcome.status, self.difficulty)
        if graded:
            print(graded)
        if self.explained:
            print(views.core_text(self.genre, self.outcome.puzzle, self.core), end="")
        if self.differ == []:
            print("matches the solution in the file")
        if stats:
            print(views.stats_text(self.outcome.sizes, self.outcome.stats))

    def close(self, args: argparse.Namespace, text: str) -> int:
        """The picture (--render), then the exit code: 70 when the file's solution differs."""
        outcome = self.outcome
        if args.render:
            puzzle = outcome.puzzle or _load_puzzle(self.genre, args, {}, text)
            _draw(self.genre, puzzle, outcome.solutions, outcome.status, args.render)
        if self.differ:
            return _fail(_differ_message(outcome, self.differ), EXIT_INTERNAL)
        return self.code


def _ending(
    args: argparse.Namespace, genre: Any, backend: Any, encoding: str, outcome: Any,
    given: list[list[int | None]] | None, phases: dict[str, float],
) -> _Ending:  # fmt: skip
    """The end of a run of ``solve`` (or ``solve --all``) whose outcome came back."""
    code = STATUS_EXIT[outcome.status]
    if args.unique and outcome.status is Status.MULTIPLE:
        code = EXIT_NOT_UNIQUE
    end = _Ending(genre, outcome, code, differ=_against_file(genre, outcome, given),
                  graded=args.grade)  # fmt: skip
    if args.grade and outcome.status is Status.UNIQUE:
        end.difficulty, end.code = _solve_grade(genre, outcome, args.time_limit, code)
    if end.explained:
        end.core = _contradiction(genre, outcome.puzzle, backend, encoding, args.time_limit, phases)
    return end


def _file_solution(text: str) -> list[list[int | None]] | None:
    """The rows of numbers of the input's ``[Solution]`` section (a published layout), or None
    when it has none; UsageError when they cannot be read."""
    from .parsers import ParseError
    from .parsers.numbergrid import file_solution

    try:
        return file_solution(text)
    except ParseError as e:
        raise UsageError(str(e)) from e


def _refuse_wrong_solution(genre: Any, puzzle: Any, given: Any) -> None:
    """A file whose own solution breaks the puzzle's rules is bad input (UsageError naming the
    rule, as the genre's checker says), not a disagreement with the answer."""
    broken = None if given is None else genre.refuted(puzzle, given)
    if broken is not None:
        raise UsageError(f"the [Solution] section breaks the rules: {broken}")


def _against_file(
    genre: Any, outcome: Any, given: list[list[int | None]] | None
) -> list[str] | None:
    """Where the answer differs from the file's own solution ([] when it matches one of the
    solutions found); None when there is nothing to compare (no solution in the file, or the
    run stopped by a limit). No solution found, when the file gives one, differs everywhere."""
    return _differ_from_file(genre, outcome.puzzle, outcome.status, outcome.solutions, given)


def _differ_from_file(
    genre: Any, puzzle: Any, status: Status, solutions: list[Any],
    given: list[list[int | None]] | None,
) -> list[str] | None:  # fmt: skip
    """``_against_file`` of a run's status and the solutions it found."""
    from .parsers.numbergrid import solution_differences
    from .solvers import FOUND

    if given is None or status not in (*FOUND, Status.UNSOLVABLE):
        return None
    if not solutions:
        return ["the whole board (gridsat found no solution)"]
    differ = [solution_differences(given, genre.to_json(puzzle, found)) for found in solutions]
    return [] if any(not d for d in differ) else differ[0]


def _differ_message(outcome: Any, differ: list[str]) -> str:
    """The one line of a file whose solution is not gridsat's answer."""
    shown = _places(differ)
    if outcome.status is Status.SOLVED:
        hint = " (not proved unique: --unique tells whether both are solutions)"
    elif outcome.status is Status.MULTIPLE:
        hint = " (the puzzle has several solutions: the file's may be another)"
    else:
        hint = ". Please report this as a bug, with the puzzle, unless the file is wrong"
    return f"the answer differs from the solution in the file at {shown}{hint}"


def _places(differ: list[str]) -> str:
    """The first places where an answer differs from the file's, and how many more."""
    return ", ".join(differ[:8]) + (f" and {len(differ) - 8} more" if len(differ) > 8 else "")


def _solve_all(
    args: argparse.Namespace, genre: Any, backend: Any, encoding: str, style: str, text: str,
    params: dict[str, str], readings: list[str] | None, given: list[list[int | None]] | None,
) -> int:  # fmt: skip
    """``solve --all``: each solution printed as the solver finds it (a JSON line each with
    --json), then how many; what was printed stays when a limit or Ctrl-C stops the run."""
    import json

    from .pipeline import CheckFailed, Outcome, OutOfMemory
    from .solvers import BackendError, Status

    # --unique asks for a second solution even past --count 1: uniqueness is proved, not assumed.
    limit = max(args.count or ALL_LIMIT, 2 if args.unique else 1)
    printed: list[Any] = []

    def show(puzzle: Any, solution: Any) -> None:
        printed.append(solution)
        n = len(printed)
        if args.json:
            line = {"index": n, "solution": genre.to_json(puzzle, solution)}
            print(json.dumps(line, ensure_ascii=False), flush=True)
        else:
            head = "\n" if n > 1 else ""
            print(f"{head}solution {n}:\n{genre.format_solution(puzzle, solution, style)}",
                  flush=True)  # fmt: skip

    def summary(end: _Ending, error: str | None = None) -> None:
        outcome = end.outcome
        if args.json:
            data = views.outcome_json(genre, outcome, limit)
            for key in ("solution", "second_solution", "differences"):
                data.pop(key, None)
            data.update(end.fields(readings))
            print(json.dumps({**data, **({"error": error} if error else {})}), flush=True)
            return
        n = len(outcome.solutions)
        head = "\n" if n else ""
        if error:
            print(f"{head}memory limit reached after {n} solution(s)")
        elif outcome.status is Status.UNSOLVABLE:
            print("no solution")
        elif outcome.status is Status.TIMEOUT and not n:
            print("time limit reached before a solution was found")
        elif outcome.status is Status.TIMEOUT:
            print(f"{head}time limit reached after {n} solution(s)")
        elif outcome.count_exact:
            print(f"{head}{n} solution{'s' if n != 1 else ''}, all of them")
        else:
            shown = f"{n} solution{'s' if n != 1 else ''} shown"
            print(f"{head}{shown}; there may be more (--count {limit} reached)")
        end.print_text(args.stats and not error)

    phases: dict[str, float] = {}
    try:
        outcome: Outcome = _run_solve(
            args, genre, backend, encoding, text, limit, params, phases, each=show
        )
    except OutOfMemory as e:
        spent = Outcome(genre.name, backend.name, encoding, Status.OUT_OF_MEMORY, None,
                        printed, times=phases)  # fmt: skip
        summary(_Ending(genre, spent, EXIT_TIMEOUT, graded=args.grade), str(e))
        return _fail(f"backend {backend.name} {e}", EXIT_TIMEOUT)
    except (CheckFailed, BackendError) as e:
        return _run_failed(e, backend)
    end = _ending(args, genre, backend, encoding, outcome, given, phases)
    summary(end)
    return end.close(args, text)


def _run_failed(e: Exception, backend: Any) -> int:
    """A run that failed inside (solve, diagnose, grade): a solution the checker refused is a
    bug to report, a backend's failure names the backend."""
    from .pipeline import CheckFailed

    if isinstance(e, CheckFailed):
        return _fail(
            f"internal error: {e}. Please report this as a bug, with the puzzle.", EXIT_INTERNAL
        )
    return _fail(f"backend {backend.name} failed: {e}", EXIT_INTERNAL)


def _run_solve(
    args: argparse.Namespace,
    genre: Any,
    backend: Any,
    encoding: str,
    text: str,
    limit: int,
    params: Any,
    phases: dict[str, float],
    each: Any = None,
) -> Any:
    """The solve of ``solve`` and ``solve --all``: in the forked child, with the run's limits;
    ``each`` hears each solution as it is found (``--all``). A run that needs no child (no time
    limit, the default memory limit, a backend that answers signals itself) runs here."""
    from . import pipeline
    from .pipeline import runs_in_process, solve_isolated, solve_quick

    if each is None and runs_in_process(backend, args.time_limit, _memory(args)):
        with pipeline.address_space(pipeline.default_memory_limit()):  # (this process's own)
            return solve_quick(
                genre,
                backend,
                encoding,
                load=lambda times: _load_puzzle(genre, args, times, text),
                limit=limit,
                prune=not args.no_prune,
                times=phases,
                params=params,
            )
    return solve_isolated(
        genre,
        backend,
        encoding,
        load=lambda times: _load_puzzle(genre, args, times, text),
        limit=limit,
        time_limit=args.time_limit,
        prune=not args.no_prune,
        times=phases,
        memory_limit=_memory(args),
        params=params,
        each=each,
    )


def _difficulty_text(asked: bool, status: Status, difficulty: Any) -> str | None:
    """The ``--grade`` line: the grade, or why there is none (a puzzle that is not unique);
    nothing when not asked, or when a limit stopped the run (its error line says so)."""
    if difficulty is not None:
        return (
            f"difficulty: level {difficulty.level} ({difficulty.name}), score {difficulty.score:g}"
        )
    if not asked or status in (Status.UNIQUE, Status.TIMEOUT, Status.OUT_OF_MEMORY):
        return None
    return "difficulty: not graded (only a puzzle with exactly one solution is graded)"


def _solve_grade(genre: Any, outcome: Any, time_limit: float | None, code: int) -> tuple[Any, int]:
    """``solve --grade``: the grade of a unique puzzle, in a child process given what is left
    of the time limit; None and exit 4 when the limit comes first."""
    from .grading import grade
    from .isolation import TimedOut, default_memory_limit, run_isolated

    left = None
    if time_limit is not None:
        left = time_limit - sum(outcome.times.values())
    try:
        if left is not None and left <= 0:
            raise TimedOut
        puzzle = outcome.puzzle
        found = run_isolated(lambda _: grade(genre, puzzle), left, None, default_memory_limit())
    except TimedOut:
        print(f"gridsat: error: the grade did not finish within {time_limit:g} s", file=sys.stderr)
        return None, EXIT_TIMEOUT
    return found, code


def _contradiction(
    genre: Any, puzzle: Any, backend: Any, encoding: str, limit: float | None,
    times: dict[str, float],
) -> list[Any] | None:  # fmt: skip
    """A minimal set of givens that has no solution, found in what is left of the time limit;
    None when the time ran out first."""
    from .diagnosis import Diagnosis, contradiction
    from .isolation import TimedOut, default_memory_limit, run_isolated

    left = None if limit is None else limit - sum(times.values())
    if puzzle is None or (left is not None and left <= 0):
        return None

    def work(_: Any) -> list[Any]:
        found = Diagnosis(Status.UNSOLVABLE)
        contradiction(genre, puzzle, backend, encoding, found)
        return found.core

    try:
        core: list[Any] = run_isolated(work, left, memory_limit=default_memory_limit())
    except TimedOut:
        return None
    return core


def _diagnose(args: argparse.Namespace) -> int:
    import json

    from . import api

    genre, backend, encoding = _run_setup(args)
    if args.render:
        _check_render(genre, args.render)
    puzzle = _read_puzzle(genre, args)
    try:
        found = api.diagnose(puzzle, backend.name, encoding, args.time_limit, isolate=True)
    except (api.CheckFailed, api.BackendError) as e:
        return _run_failed(e, backend)
    if args.json:  # (past the time limit an object still comes, its status saying why)
        print(json.dumps(found.to_json(), ensure_ascii=False))
    elif found.error is None:
        print(found)
    if found.error is not None:
        return _fail(found.error, EXIT_TIMEOUT)
    if args.render:
        found.render(args.render)
    exits = {
        Status.UNIQUE: EXIT_OK,
        Status.MULTIPLE: EXIT_NOT_UNIQUE,
        Status.UNSOLVABLE: EXIT_NO_SOLUTION,
    }
    return exits.get(found.status, EXIT_TIMEOUT)


def _grade(args: argparse.Namespace) -> int:
    import json

    from . import api

    genre = _checked_genre(args.genre)
    backend = _checked_backend(genre.default_backend)
    puzzle = _read_puzzle(genre, args)
    try:
        graded = api.grade(puzzle, args.time_limit, isolate=True)
    except (api.CheckFailed, api.BackendError) as e:
        return _run_failed(e, backend)
    if args.json:  # (past the time limit an object still comes, its status saying why)
        print(json.dumps(graded.to_json()))
    elif graded.error is None:
        print(graded)
    if graded.error is not None:
        return _fail(graded.error, EXIT_TIMEOUT)
    exits = {Status.UNIQUE: EXIT_OK, Status.MULTIPLE: EXIT_NOT_UNIQUE}
    return exits.get(graded.status, EXIT_NO_SOLUTION)


def _generate(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from . import api

    if args.givens is not None and not 0 <= args.givens <= 1:
        raise UsageError(f"--givens {args.givens:g}: a share between 0 and 1")
    run = api.generate(args.genre, args.size, args.seed, args.backend, args.givens,
                       args.difficulty, args.style, count=args.count,
                       time_limit=args.time_limit, progress=sys.stderr,
                       cluster=args.cluster)  # fmt: skip
    if args.json and args.out:  # each would take the puzzles: one of them would go unheard
        raise UsageError("--json and --out: choose one (JSON lines here, or files in a folder)")
    out = Path(args.out) if args.out else None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:  # (a file of that name, a folder it may not write in)
            raise UsageError(f"--out {out}: cannot make the folder: {e.strerror}") from e
    for i, made in enumerate(run, 1):
        if out is not None:
            made.save(out)
        elif args.json:
            print(json.dumps(made.to_json(), ensure_ascii=False), flush=True)
        else:
            print(("\n" if i > 1 else "") + str(made), flush=True)
    if run.error is None:
        return EXIT_OK
    return _fail(run.error, EXIT_CUT_SHORT if run.status is Status.ERROR else EXIT_TIMEOUT)


def _read_puzzle(genre: Any, args: argparse.Namespace) -> Any:
    """The library's puzzle that ``args.input`` names, read with the genre's options (kept
    with its text, as the library keeps what a puzzle was read from)."""
    from .api import Puzzle

    text = read_input(args.input)
    data = _load_puzzle(genre, args, {}, text)
    given = {o.keyword: getattr(args, o.keyword, None) for o in genre.options}
    return Puzzle(genre, data, source=(text, {k: v for k, v in given.items() if v is not None}))


def _memory(args: argparse.Namespace) -> int:
    """--memory-limit in bytes, or -1 for the default (three quarters of the machine)."""
    return -1 if args.memory_limit is None else int(args.memory_limit * 2**30)


def _check_render(genre: Any, path: str) -> None:
    """A picture can be drawn for this genre into ``path``, or a PuzzleError says why not."""
    from .api import checked_picture

    checked_picture(genre, path)


def _draw(genre: Any, puzzle: Any, solutions: list[Any], status: Status | None, path: str) -> None:
    """The picture of a run: the puzzle when nothing was found, the solution, or two solutions
    side by side with their differences marked."""
    from .api import draw

    draw(genre, puzzle, solutions, status, path)


def _render(args: argparse.Namespace) -> int:
    from . import api

    genre = _checked_genre(args.genre)
    _check_render(genre, args.file)
    api.render(_read_puzzle(genre, args), args.file)
    return EXIT_OK


def _load_puzzle(
    genre: Any, args: argparse.Namespace, times: dict[str, float], text: str | None = None
) -> Any:
    """The puzzle named by ``args.input`` (or its ``text``, already read), read with the
    genre's options; UsageError if bad."""
    from .parsers import ParseError
    from .pipeline import parse
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
            raise UsageError(f"{genre.name} takes no {' or '.join(flags)}")
    if text is None:
        text = read_input(args.input)
    try:
        return parse(genre, text, times, **options)
    except ParseError as e:
        if args.input != "-" and not os.path.exists(args.input) and _looks_like_path(args.input):
            raise UsageError(f"no such file: {args.input}") from e
        many = _listed_puzzles(text)
        if many:
            raise UsageError(
                f"{args.input}: a JSON-lines file of {many} puzzles, which bench reads (gridsat "
                f"bench {genre.name} {args.input}); this command reads one puzzle's text"
            ) from e
        raise UsageError(str(e)) from e


def _listed_puzzles(text: str) -> int:
    """How many puzzles ``text`` lists when it is ``bench``'s JSON-lines input (its first line
    an object with a ``puzzle`` or an ``id``), else 0: asked only of a text that failed to parse,
    to say what such a file is for."""
    import json

    lines = [line for line in text.splitlines() if line.strip()]
    try:
        first = json.loads(lines[0]) if lines else None
    except ValueError:
        return 0
    return len(lines) if isinstance(first, dict) and ("puzzle" in first or "id" in first) else 0


def _compare(args: argparse.Namespace) -> int:
    import json

    from .comparison import compare, progress_line
    from .solvers import all_backends

    genre = _checked_genre(args.genre)
    # With all, the backends that cannot run here are listed as unavailable.
    backends = all_backends() if args.backends == "all" else _named_backends(args.backends)
    encodings = _encodings(genre, args.encodings)
    params = _checked_params(args.params, backends)
    _check_plot(args.plot)
    text = read_input(args.input)
    given = _file_solution(text)  # a bad [Solution] section stops here, before any run
    puzzle = _load_puzzle(genre, args, {}, text)  # bad input stops here, before any run
    _refuse_wrong_solution(genre, puzzle, given)

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
        params=params,
    )
    against = _runs_against_file(genre, puzzle, runs, given)
    problems += against
    matches = given is not None and not against and any(r.status is Status.UNIQUE for r in runs)
    if args.json:
        data = views.compare_json(genre, runs, problems, args.time_limit)
        if against or matches:
            data["file_solution"] = "differs" if against else "matches"
        print(json.dumps(data))
    else:
        print(views.compare_table(runs))
        if matches:
            print("matches the solution in the file")
        if args.stats:
            print(views.compare_stats_text(runs))
        for problem in problems:
            print(f"DISAGREEMENT: {problem}")
        if problems and len(problems) > len(against):
            print(
                "The backends disagree: a bug in a model or a solver. Please report it, "
                "with the puzzle."
            )
        elif problems:
            print(
                "The answer is not the file's own solution: a bug in a model or a solver, "
                "unless the file is wrong. Please report it, with the puzzle."
            )
    if args.plot:
        from .comparison import plot

        plot(runs, args.plot, f"{genre.name}: {args.input}")
    return EXIT_INTERNAL if problems else EXIT_OK


def _runs_against_file(
    genre: Any, puzzle: Any, runs: list[Any], given: list[list[int | None]] | None
) -> list[str]:
    """The runs whose answer is not the file's own solution, as ``solve`` checks it: a unique
    answer that differs, or no solution where the file gives one."""
    found = []
    for run in runs:
        if run.status not in (Status.UNIQUE, Status.UNSOLVABLE):
            continue  # (several solutions: the file's may be another; a limit: no answer)
        solutions = [] if run.solution is None else [run.solution]
        differ = _differ_from_file(genre, puzzle, run.status, solutions, given)
        if differ:
            found.append(
                f"{run.backend}/{run.encoding}: the answer differs from the solution in the file "
                f"at {_places(differ)}"
            )
    return found


def _encodings(genre: Any, text: str) -> list[str]:
    """``all`` or a comma-separated list of the genre's encodings, checked."""
    if text == "all":
        return list(genre.encodings)
    return [_check_encoding(genre, name.strip()) for name in text.split(",")]


def _check_encoding(genre: Any, name: str) -> str:
    """One of the genre's encodings, or a PuzzleError naming the choices."""
    from .checks import checked_encoding

    return checked_encoding(genre, name)


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
    import json
    from pathlib import Path

    from . import bench
    from .cluster import SchedulerLost  # (Dask itself only with --cluster)
    from .solvers import all_backends, get_backend

    genre = _checked_genre(args.genre)
    if args.backends == "all":  # all that can run here
        backends = [b.name for b in all_backends() if b.unavailable() is None]
    else:
        backends = [b.name for b in _named_backends(args.backends or genre.default_backend)]
    try:
        puzzles = list(bench.items(args.paths))
    except (ValueError, OSError) as e:
        raise UsageError(str(e)) from e
    if not puzzles:
        raise UsageError(f"no puzzles in {' '.join(args.paths)} (files, .txt in folders, .jsonl)")
    encodings = _encodings(genre, args.encodings)
    params = _checked_params(args.params, [get_backend(name) for name in backends])
    if args.resume and not args.out:
        raise UsageError("--resume needs --out, the results file to continue")
    if args.cluster and args.jobs > 1:
        raise UsageError("--jobs and --cluster: one or the other (a cluster has its workers)")
    _check_plot(args.plot)
    try:
        previous, done = bench.read_done(Path(args.out)) if args.resume else ([], set())
    except (ValueError, OSError) as e:
        raise UsageError(str(e)) from e
    asked = {(item.name, b, e) for item in puzzles for b in backends for e in encodings}

    def only_asked(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The records of this run's puzzles x backends x encodings: the file may hold more."""
        return [r for r in found if (r["puzzle"], r["backend"], r["encoding"]) in asked]

    try:
        out = open(args.out, "w") if args.out else None  # noqa: SIM115
    except OSError as e:
        raise UsageError(f"cannot write --out {args.out}: {e.strerror}") from e
    if out is not None:  # what finished before, rewritten whole (a cut-off last line dropped)
        out.writelines(json.dumps(r) + "\n" for r in previous)
    records: list[dict[str, Any]] = []
    client = _cluster(args.cluster) if args.cluster else None
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
            bench.progress_printer(sys.stderr, note=_workers_note(client)),
            _memory(args),
            params,
            client,
            records,
        )
    except SchedulerLost:
        kept = f"the results so far are in {args.out}" if args.out else "no --out kept them"
        return _fail(
            f"lost the Dask scheduler at {args.cluster} mid-run; {kept}: "
            "the same command with --resume finishes",
            EXIT_CUT_SHORT,
        )
    except KeyboardInterrupt:  # (a stop signal too): the table of what finished
        print(bench.summary(only_asked(previous + records)))
        print("interrupted: the results above are the ones that finished", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if out is not None:
            out.close()
        if client is not None:
            from .cluster import close

            close(client)
    everything = only_asked(previous + records)
    print(bench.summary(everything))
    if args.plot:
        bench.plot(everything, args.plot)
    failed = [r for r in records if bench.failed(r)]
    for r in failed[:10]:
        print(
            f"FAILED: {r['puzzle']} on {r['backend']}/{r['encoding']}: "
            f"{r.get('error') or str(r['status']) + ', not the known answer'}",
            file=sys.stderr,
        )
    return (
        EXIT_INTERNAL
        if any(r["status"] == Status.ERROR for r in failed)
        else (EXIT_OK if not failed else 1)
    )


def _cluster(address: str, deadline: float | None = None) -> Any:
    """A Dask client for ``--cluster ADDRESS``, or a UsageError that says why not; a scheduler
    is tried until ``deadline`` (``time.monotonic()``), if sooner than its own wait: TimedOut
    past it."""
    import time

    from . import cluster
    from .isolation import TimedOut

    try:
        return cluster.connect(address, deadline)
    except cluster.ClusterError as e:
        if deadline is not None and time.monotonic() >= deadline:
            raise TimedOut from e
        raise UsageError(str(e)) from e


def _workers_note(client: Any) -> Callable[[], str] | None:
    """The workers alive, for a cluster run's progress line."""
    if client is None:
        return None
    from .cluster import workers_note

    return workers_note(client)


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


def _looks_like_path(text: str) -> bool:
    """A name that was meant as a file: has a separator or an extension, and no spaces; a game
    ID (``4:2/1//3...``: a ``:`` before any separator) is not one, though it has ``/``."""
    if re.match(r"[^/\\\s]+:", text) and not re.match(r"[A-Za-z]:[/\\]", text):
        return False
    return not any(ch.isspace() for ch in text) and ("/" in text or "." in text[-5:])


def _genres(args: argparse.Namespace) -> int:
    import json

    from . import api

    rows = views.genre_rows(api.genres())
    print(json.dumps(rows, indent=2) if args.json else views.genres_text(rows))
    return EXIT_OK


def _backends(args: argparse.Namespace) -> int:
    import json

    from . import api

    rows = api.backends()
    print(json.dumps(rows, indent=2) if args.json else views.backends_text(rows))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "solve": _solve,
    "compare": _compare,
    "bench": _bench,
    "render": _render,
    "diagnose": _diagnose,
    "grade": _grade,
    "generate": _generate,
    "genres": _genres,
    "backends": _backends,
}
"""Each command's handler, by the name the command line gives it."""
