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
from .solvers.base import Status
from .views import checked_picture as _check_render
from .views import draw as _draw


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
    return genre, backend, checked_encoding(genre, args.encoding or genre.default_encoding)


def _read(genre: Any, args: argparse.Namespace) -> Any:
    """The library's puzzle of ``args.input`` (a file, ``-``, or the text), read with the
    genre's options from their flags, and its own ``[Solution]`` checked; PuzzleError if bad."""
    from .api import read as read_puzzle

    return read_puzzle(genre.name, args.input, **genre_options(genre, args))


def _puzzle_keeping_its_solution(genre: Any, args: argparse.Namespace) -> Any:
    """The puzzle ``args.input`` names, its own ``[Solution]`` checked (as solve does)."""
    return _read(genre, args).data


def _load_puzzle(genre: Any, args: argparse.Namespace, times: dict[str, float]) -> Any:
    """The puzzle named by ``args.input``, its parse timed into ``times``; PuzzleError if bad."""
    puzzle = _read(genre, args)
    times["parse"] = puzzle.parse_seconds
    return puzzle.data


def _solve(args: argparse.Namespace) -> int:
    from . import api

    if args.json:
        import json  # (here only: a run without --json has no need of it)

    genre, backend, encoding = _run_setup(args)
    style = checked_format(genre, args.format)
    if args.render:
        _check_render(genre, args.render)
    puzzle = _read(genre, args)
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

    try:
        result = api.solve(puzzle, backend.name, encoding, args.unique, args.time_limit,
                           args.memory_limit, dict(args.params or []), None, not args.no_prune,
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

    from .diagnosis import Diagnosis, diagnose
    from .isolation import TimedOut, default_memory_limit, run_isolated
    from .pipeline import CheckFailed
    from .solvers import BackendError

    genre, backend, encoding = _run_setup(args)
    if args.render:
        _check_render(genre, args.render)
    puzzle = _puzzle_keeping_its_solution(genre, args)
    try:
        found: Diagnosis = run_isolated(
            lambda _: diagnose(genre, puzzle, backend, encoding),
            args.time_limit,
            memory_limit=default_memory_limit(),
        )
    except TimedOut:
        said = f"the diagnosis did not finish within {args.time_limit:g} s"
        if args.json:  # an object still comes, as solve's does, its status saying why it is bare
            cut = {"genre": genre.name, "backend": backend.name, "status": Status.TIMEOUT}
            print(json.dumps({**cut, "error": said}))
        return _fail(said, EXIT_TIMEOUT)
    except (CheckFailed, BackendError) as e:
        return _run_failed(e, backend)
    if args.json:
        data = views.diagnosis_json(genre, puzzle, backend.name, found)
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(views.diagnosis_text(genre, puzzle, found))
    if args.render and found.solution is not None:
        from .render import render

        title = "free cells shaded" if found.free else "every cell forced"
        render(genre, puzzle, [found.solution], args.render, [title],
               marked=set(found.free))  # fmt: skip
    elif args.render:
        _draw(genre, puzzle, [], found.status, args.render)
    exits = {
        Status.UNIQUE: EXIT_OK,
        Status.MULTIPLE: EXIT_NOT_UNIQUE,
        Status.UNSOLVABLE: EXIT_NO_SOLUTION,
    }
    return exits.get(found.status, EXIT_TIMEOUT)


def _grade(args: argparse.Namespace) -> int:
    import json

    from .grading import Grade, GradeTimeout, grade
    from .isolation import TimedOut, default_memory_limit, run_isolated
    from .pipeline import CheckFailed, solve
    from .solvers import BackendError

    genre = _checked_genre(args.genre)
    backend = _checked_backend(genre.default_backend)
    puzzle = _puzzle_keeping_its_solution(genre, args)

    def work(_: Any) -> tuple[Status, Grade | None]:
        """Uniqueness first, on the genre's default backend; then the grade."""
        status = solve(genre, puzzle, backend, limit=2).status
        if status is not Status.UNIQUE:
            return status, None
        return status, grade(genre, puzzle)

    try:
        status, found = run_isolated(work, args.time_limit, memory_limit=default_memory_limit())
    except (TimedOut, GradeTimeout):
        said = f"the grade did not finish within {args.time_limit:g} s"
        if args.json:  # an object still comes, as diagnose's does, its status saying why
            cut = {"genre": genre.name, "status": Status.TIMEOUT, "level": None, "score": None}
            print(json.dumps({**cut, "error": said}))
        return _fail(said, EXIT_TIMEOUT)
    except (CheckFailed, BackendError) as e:
        return _run_failed(e, backend)
    if args.json:
        print(json.dumps(views.grade_json(genre, status, found)))
    else:
        print(views.grade_text(status, found))
    exits = {Status.UNIQUE: EXIT_OK, Status.MULTIPLE: EXIT_NOT_UNIQUE}
    return exits.get(status, EXIT_NO_SOLUTION)


def _generate(args: argparse.Namespace) -> int:
    import random
    import time
    from pathlib import Path

    from .cluster import SchedulerLost  # (Dask itself only with --cluster)
    from .generator import generate, make_isolated, puzzle_seed, size_of
    from .grading import bands
    from .isolation import TimedOut

    genre = _checked_genre(args.genre)
    backend = _checked_backend(args.backend or genre.generate_backend)
    try:
        size = size_of(genre, args.size)
    except ValueError as e:
        raise UsageError(str(e)) from e
    if args.style is not None and args.style not in genre.about.styles:
        ways = ", ".join(genre.about.styles) or "none: it writes its own input format only"
        raise UsageError(f"{genre.name} has no style {args.style!r} (styles: {ways})")
    if args.givens is not None and not 0 <= args.givens <= 1:
        raise UsageError(f"--givens {args.givens:g}: a share between 0 and 1")
    if args.json and args.out:  # each would take the puzzles: one of them would go unheard
        raise UsageError("--json and --out: choose one (JSON lines here, or files in a folder)")
    out = Path(args.out) if args.out else None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:  # (a file of that name, a folder it may not write in)
            raise UsageError(f"--out {out}: cannot make the folder: {e.strerror}") from e
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    rng = random.Random(seed)
    levels = None if args.difficulty is None else bands(genre)[args.difficulty]

    def make(send: Any) -> Any:
        """One puzzle, from its own seed (puzzle_seed), in a child process that the time limit
        can stop."""
        made = generate(genre, size, rng, backend, args.givens, progress=lambda *n: send(n),
                        style=args.style, levels=levels)  # fmt: skip
        return made

    deadline = None if args.time_limit is None else time.monotonic() + args.time_limit
    try:  # (a scheduler that does not answer: the time limit covers the wait)
        client = _cluster(args.cluster, deadline) if args.cluster else None
    except TimedOut:
        return _fail(f"time limit of {args.time_limit:g} s reached while reaching the Dask "
                     f"scheduler at {args.cluster} (none was made)", EXIT_TIMEOUT)  # fmt: skip
    on_cluster = None
    if client is not None:  # every puzzle a task of its own, shown in order as here
        from .benchmark import progress_printer
        from .cluster import Topic, in_order

        topic = Topic()  # a slow puzzle's lines, sent by its worker
        tasks = [(genre.name, size, puzzle_seed(seed, i), backend.name, args.givens,
                  args.style, levels, args.time_limit, f"{genre.name}-{args.size}-seed{seed}-{i}",
                  topic)
                 for i in range(1, args.count + 1)]  # fmt: skip
        progress = progress_printer(sys.stderr, note=_workers_note(client))
        on_cluster = in_order(client, make_isolated, tasks, deadline, progress, topic, _say)
    try:
        return _generated(args, genre, seed, out, deadline, make, rng, on_cluster)
    except SchedulerLost:
        return _fail(f"lost the Dask scheduler at {args.cluster} mid-run: the puzzles "
                     "printed are kept, and the same command makes the same ones again",
                     EXIT_CUT_SHORT)  # fmt: skip
    finally:
        if on_cluster is not None:
            on_cluster.close()
        if client is not None:
            from .cluster import close

            close(client)


def _generated(
    args: argparse.Namespace,
    genre: Any,
    seed: int,
    out: Any,
    deadline: float | None,
    make: Callable[[Any], Any],
    rng: Any,
    on_cluster: Any,
) -> int:
    """``generate``'s puzzles made (here by ``make``, which draws from ``rng``, or taken from
    ``on_cluster`` in order) and written."""
    import json
    import time

    from .contract import GenerateError
    from .generator import OutOfReach, ProgressLines, puzzle_seed
    from .grading import LEVELS
    from .isolation import TimedOut, default_memory_limit, run_isolated

    for i in range(1, args.count + 1):
        name = f"{genre.name}-{args.size}-seed{seed}-{i}"
        show = ProgressLines(sys.stderr, name)
        left = None if deadline is None else deadline - time.monotonic()
        try:
            if left is not None and left <= 0:
                raise TimedOut
            if on_cluster is not None:
                made = next(on_cluster)
            else:
                rng.seed(puzzle_seed(seed, i))
                made = run_isolated(make, left, show.heard, default_memory_limit())
        except TimedOut:
            kept = f"the {i - 1} made are kept" if i > 1 else "none was made"
            return _fail(
                f"time limit of {args.time_limit:g} s reached after {i - 1} of {args.count} "
                f"puzzles ({kept})",
                EXIT_TIMEOUT,
            )
        except GenerateError as e:
            raise UsageError(str(e)) from e
        except OutOfReach as e:
            return _fail(f"{e} (--difficulty {args.difficulty})", EXIT_TIMEOUT)
        except MemoryError:
            return _fail(
                "the generator ran out of memory (over 3/4 of this machine's)", EXIT_TIMEOUT
            )
        text = genre.format_puzzle(made.puzzle)
        graded = made.grade
        remark = (
            f"{name}: {made.givens} of {made.of} givens (not graded: `gridsat grade` grades it)"
            if graded is None
            else f"{name}: {made.givens} of {made.of} givens; grade {graded.level} "
            f"({graded.name}), score {graded.score:g}"
            if graded.exact
            else f"{name}: {made.givens} of {made.of} givens; grade {graded.level} or more "
            f"(more than {LEVELS[graded.level - 1]})"
        )
        _say(remark + "\n")
        answer = genre.to_json(made.puzzle, made.solution)
        if out is not None:
            (out / f"{name}.txt").write_text(text + "\n", encoding="utf-8")
            (out / f"{name}.solution.json").write_text(json.dumps(answer) + "\n")
        elif args.json:
            record = {"name": name, "puzzle": text, "solution": answer, "givens": made.givens,
                      "of": made.of, "propagation": made.propagation,
                      "grade": None if graded is None else {
                          "level": graded.level, "name": graded.name, "score": graded.score,
                          "exact": graded.exact}}  # fmt: skip
            print(json.dumps(record, ensure_ascii=False), flush=True)
        else:
            print(("\n" if i > 1 else "") + text, flush=True)
    return EXIT_OK


def _say(text: str) -> None:
    """``text`` on stderr, over a progress bar drawn there on a terminal (the bar comes back
    with the next progress)."""
    if sys.stderr.isatty():
        text = "\r\033[K" + text
    sys.stderr.write(text)
    sys.stderr.flush()


def _render(args: argparse.Namespace) -> int:
    from .registry import get_genre

    try:
        genre = get_genre(args.genre)
    except ValueError as e:
        raise UsageError(str(e)) from e
    _check_render(genre, args.file)
    puzzle = _load_puzzle(genre, args, {})
    _draw(genre, puzzle, [], None, args.file)
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
    try:
        found = api.bench(args.genre, args.paths, args.backends, args.encodings, args.time_limit,
                          args.memory_limit, dict(args.params or []), args.jobs, args.out,
                          args.resume, args.cluster, sys.stderr)  # fmt: skip
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


def _cluster(address: str, deadline: float | None = None) -> Any:
    """A Dask client for ``--cluster ADDRESS``, or a PuzzleError that says why not; a scheduler
    is tried until ``deadline`` (``time.monotonic()``): TimedOut past it."""
    from .api import _cluster as connect

    return connect(address, deadline)


def _workers_note(client: Any) -> Callable[[], str] | None:
    """The workers alive, for a cluster run's progress line."""
    from .api import _workers_note as note

    return None if client is None else note(client)


def _genres(args: argparse.Namespace) -> int:
    import json

    from .registry import all_genres, described

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
            "generate_backend": g.generate_backend,
            "formats": list(g.output_formats),
            "styles": list(g.styles),
        }
        for g in map(described, all_genres())
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return EXIT_OK
    import shlex  # (here alone: not on a solve's start-up)

    for r in rows:
        aliases = f" (also: {', '.join(r['aliases'])})" if r["aliases"] else ""
        print(f"{r['name']}{aliases}: {r['summary']}")
        print(f"  input:     {r['input']}")
        print(f"  example:   gridsat solve {r['name']} {shlex.quote(r['example'])}")
        encodings = ", ".join(
            e + (" (default)" if e == r["default_encoding"] else "") for e in r["encodings"]
        )
        print(f"  encodings: {encodings}")
        made_on = r["generate_backend"]
        made = f"; generate on {made_on}" if made_on != r["default_backend"] else ""
        print(f"  backend:   {r['default_backend']} by default{made}")
        print(f"  formats:   {', '.join(r['formats'])}")
        if r["styles"]:
            print(f"  styles:    {', '.join(r['styles'])} (generate --style)")
    return EXIT_OK


def _backends(args: argparse.Namespace) -> int:
    import json

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


if __name__ == "__main__":  # (last: the handlers are all defined by now)
    sys.exit(main())
