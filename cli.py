"""The ``gridsat`` command: its entry point and one handler per command, each of which reads
its arguments, makes one call of the library (``api.py``) and prints its result. The grammar
is in ``arguments.py``, what is printed in ``views.py`` and the results' own ``format``."""

from __future__ import annotations

import argparse
import os
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
    EXIT_IO,
    EXIT_NO_SOLUTION,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    STATUS_EXIT,
    checked_plot,
    genre_options,
    parser,
    read,
)
from .checks import checked_backend as _checked_backend
from .checks import checked_encoding, checked_format
from .checks import checked_genre as _checked_genre
from .pipeline import address_space, default_memory_limit
from .solvers.base import Status
from .views import checked_picture as _check_render


class UsageError(Exception):
    """Bad input or arguments: printed as one line, exit 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    from .checks import OutputError, PuzzleError
    from .isolation import STOP_SIGNALS, stop_on
    from .models.model import TooLarge

    words = list(sys.argv[1:] if argv is None else argv)
    if not words:  # a bare command: what it can do, exit 0
        parser().print_help()
        return EXIT_OK
    args = read(words)
    received: list[signal.Signals] = []
    previous = stop_on(STOP_SIGNALS, received)
    stdout, sys.stdout = sys.stdout, views.Output(sys.stdout)
    try:
        code = HANDLERS[args.command](args)
        sys.stdout.flush()  # (an output that cannot take it says so here, not at the exit)
        return 128 + received[0] if received else code  # (a command that caught the stop)
    except (UsageError, PuzzleError, TooLarge) as e:
        return _fail(str(e), EXIT_USAGE)
    except OutputError as e:
        return _fail(str(e), EXIT_IO)
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
        sys.stdout = stdout
        for number, handler in previous.items():
            signal.signal(number, handler)


def _fail(message: str, code: int) -> int:
    """One line on stderr, and the exit code."""
    print(f"gridsat: error: {message}", file=sys.stderr)
    return code


def _run_setup(args: argparse.Namespace) -> tuple[Any, Any, str]:
    """The genre, backend and encoding the arguments name, checked; PuzzleError otherwise."""
    genre = _checked_genre(args.genre)
    backend = _checked_backend(args.backend or genre.default_backend)
    return genre, backend, checked_encoding(genre, args.encoding, backend.name)


def _read(genre: Any, args: argparse.Namespace) -> Any:
    """The library's puzzle of ``args.input`` (a file, ``-``, or the text), read with the
    genre's options from their flags, and its own ``[Solution]`` checked; PuzzleError if bad."""
    from .api import read as read_puzzle

    return read_puzzle(genre.name, args.input, **genre_options(genre, args))


def _solve(args: argparse.Namespace) -> int:
    from . import api

    if args.json:
        import json  # (here only: a run without --json has no need of it)

    genre, backend, encoding = _run_setup(args)
    style = checked_format(genre, args.format)
    if args.render:
        _check_render(genre, args.render)
    puzzle = _read(genre, args)
    for remark in puzzle.remarks:
        print(f"gridsat: note: {remark}", file=sys.stderr)
    if args.explain and not args.json:  # (before the run, which may be long)
        print("\n".join([*api.explain(puzzle), ""]), flush=True)
    found = 0

    def show(solution: Any) -> None:
        """``--all``: each solution as the solver finds it (a JSON line each with --json)."""
        nonlocal found
        found += 1
        if args.json:
            line = {"index": found, "solution": solution.to_json()}
            print(json.dumps(line, ensure_ascii=False), flush=True)
        else:
            head = "\n" if found > 1 else ""
            print(f"{head}solution {found}:\n{solution.format(style)}", flush=True)

    # The command's own process (not the library's caller) is capped at the default memory
    # limit, so a run here past it is an answer, not the machine brought down.
    cap = default_memory_limit() if args.memory_limit is None else None
    try:
        with address_space(cap):
            result = api.solve(puzzle, backend.name, encoding, args.unique, args.time_limit,
                               args.memory_limit, dict(args.params or []), None,
                               not args.no_prune,
                               count=(args.count or ALL_LIMIT) if args.all else args.count,
                               explain=args.explain, grade=args.grade,
                               each=show if args.all else None)  # fmt: skip
    except (api.CheckFailed, api.BackendError) as e:
        return _run_failed(e, backend)
    if result.grade_timed_out:
        print(f"gridsat: error: the grade did not finish within {args.time_limit:g} s",
              file=sys.stderr)  # fmt: skip
    if args.json:  # (past a limit too, as for a timeout)
        plain = args.all or result.status is Status.OUT_OF_MEMORY  # (as these always were)
        print(json.dumps(result.to_json(), ensure_ascii=plain), flush=True)
    elif args.all or result.status is not Status.OUT_OF_MEMORY:
        print(result.format(style, args.stats), flush=args.all)
    if result.status is Status.OUT_OF_MEMORY:
        return _fail(f"backend {backend.name} {result.error}", EXIT_TIMEOUT)
    if args.render:
        result.render(args.render)
    differ = result.differ_message()
    if differ is not None:
        return _fail(differ, EXIT_INTERNAL)
    if result.grade_timed_out or (args.unique and result.status is Status.MULTIPLE):
        return EXIT_TIMEOUT if result.grade_timed_out else EXIT_NOT_UNIQUE
    if not result.settled:  # a question the solutions answer in more than one way
        whole = all(a.whole for a in result.answers or ())
        return EXIT_NOT_UNIQUE if whole else EXIT_TIMEOUT
    return STATUS_EXIT[result.status]


def _run_failed(e: Exception, backend: Any) -> int:
    """A run that failed inside (solve, diagnose, grade): a solution the checker refused is a
    bug to report, a backend's failure names the backend."""
    from .pipeline import CheckFailed

    if isinstance(e, CheckFailed):
        return _fail(
            f"internal error: {e}. Please report this as a bug, with the puzzle.", EXIT_INTERNAL
        )
    return _fail(f"backend {backend.name} failed: {e}", EXIT_INTERNAL)


def _diagnose(args: argparse.Namespace) -> int:
    import json

    from . import api

    genre, backend, encoding = _run_setup(args)
    if args.render:
        _check_render(genre, args.render)
    puzzle = _read(genre, args)
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
    puzzle = _read(genre, args)
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
    if args.format is not None:  # (a name the genre has not is said before any is made)
        from .conversion import ALIASES, formats

        known = formats(_checked_genre(args.genre))
        if ALIASES.get(args.format, args.format) not in known:
            raise UsageError(f"{args.genre} has no format {args.format!r} (choose from "
                             f"{', '.join(known)})")  # fmt: skip
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
            made.save(out, args.format)
        elif args.json:
            print(json.dumps(made.to_json(args.format), ensure_ascii=False), flush=True)
        else:
            print(("\n" if i > 1 else "") + made.written(args.format), flush=True)
    if run.error is None:
        return EXIT_OK
    return _fail(run.error, EXIT_CUT_SHORT if run.status is Status.ERROR else EXIT_TIMEOUT)


def _render(args: argparse.Namespace) -> int:
    from . import api

    genre = _checked_genre(args.genre)
    _check_render(genre, args.file)
    api.render(_read(genre, args), args.file)
    return EXIT_OK


def _convert(args: argparse.Namespace) -> int:
    import json

    from . import api

    genre = _checked_genre(args.genre)
    puzzle = _read(genre, args)
    if not args.solution:
        print(api.convert(puzzle, args.to))
        return EXIT_OK
    if args.to != "json":
        checked_format(genre, args.to)  # (before the solve: a bad name is said at once)
    result = api.solve(puzzle, args.backend, args.encoding, time_limit=args.time_limit)
    if result.status is Status.TIMEOUT:
        return _fail(f"time limit reached after {args.time_limit:g} s", EXIT_TIMEOUT)
    found = result.solution
    if found is None:
        return _fail("no solution", EXIT_NO_SOLUTION)
    print(json.dumps(found.to_json()) if args.to == "json" else found.format(args.to))
    return EXIT_OK


def _compare(args: argparse.Namespace) -> int:
    import json

    from . import api
    from .comparison import progress_line

    genre = _checked_genre(args.genre)
    checked_plot(args.plot)
    puzzle = _read(genre, args)  # bad input stops here, before any run

    def show(run: Any, done: int, total: int) -> None:
        print(progress_line(run, done, total), file=sys.stderr, flush=True)

    found = api.compare(puzzle, args.backends, args.encodings, args.runs, args.time_limit,
                        args.memory_limit, dict(args.params or []),
                        show if sys.stderr.isatty() else None)  # fmt: skip
    print(json.dumps(found.to_json()) if args.json else found.format(args.stats))
    if args.plot:
        found.plot(args.plot, f"{genre.name}: {args.input}")
    return EXIT_INTERNAL if found.disagreements else EXIT_OK


def _bench(args: argparse.Namespace) -> int:
    import json

    from . import api
    from .cluster import SchedulerLost  # (Dask itself only with --cluster)

    checked_plot(args.plot)
    # The runs in this process (no limit asked: api.bench) are capped as solve's are.
    cap = default_memory_limit() if args.memory_limit is None and not args.cluster else None
    try:
        with address_space(cap):
            found = api.bench(args.genre, args.paths, args.backends, args.encodings,
                              args.time_limit, args.memory_limit, dict(args.params or []),
                              args.jobs, args.out, args.resume, args.cluster,
                              sys.stderr)  # fmt: skip
    except SchedulerLost:
        kept = f"the results so far are in {args.out}" if args.out else "no --out kept them"
        return _fail(f"lost the Dask scheduler at {args.cluster} mid-run; {kept}: the same "
                     "command with --resume finishes", EXIT_CUT_SHORT)  # fmt: skip
    except api.Interrupted as stop:  # (a stop signal too): the table of what finished
        print(stop.benchmark)
        print("interrupted: the results above are the ones that finished", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(json.dumps(found.to_json()) if args.json else found)
    if args.plot:
        found.plot(args.plot)
    for r in found.failed[:10]:
        print(f"FAILED: {r['puzzle']} on {r['backend']}/{r['encoding']}: "
              f"{r.get('error') or str(r['status']) + ', not the known answer'}",
              file=sys.stderr)  # fmt: skip
    if any(r["status"] == Status.ERROR for r in found.failed):
        return EXIT_INTERNAL
    return 1 if found.failed else EXIT_OK


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


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
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
"""Each command's handler, by the name the command line gives it."""


if __name__ == "__main__":  # (last: the handlers are all defined by now)
    sys.exit(main())
