"""text -> puzzle -> model -> backend -> assignment -> solution -> checker: one run, timed."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .isolation import Crashed, TimedOut, run_isolated
from .isolation import default_memory_limit as default_memory_limit  # (the command caps by it)
from .models.model import IntVar
from .registry import Genre
from .solvers import Backend, BackendError, Session, Status
from .solvers.base import Unfinished

if TYPE_CHECKING:
    from .models.model import Assignment, Lit
    from .solvers.sat import SatSession

GRACE = 0.5
"""Seconds past the time limit before a child run that has not stopped by itself is killed."""


class OutOfMemory(BackendError):
    """The run passed its memory limit: the model is too large for this backend or encoding."""


class CheckFailed(RuntimeError):
    """The independent checker rejected a decoded solution: a bug in a model or a solver."""


@dataclass(slots=True)
class Outcome:
    """What a run found, and how long each phase took (seconds)."""

    genre: str
    backend: str
    encoding: str
    status: Status  # SOLVED, UNIQUE, MULTIPLE, UNSOLVABLE or TIMEOUT
    puzzle: Any
    solutions: list[Any] = field(default_factory=list)
    count_exact: bool = False  # the enumeration ran out before its limit
    times: dict[str, float] = field(default_factory=dict)
    stats: dict[str, int] = field(default_factory=dict)  # the solver's, summed over its calls
    sizes: dict[str, dict[str, int]] = field(default_factory=dict)  # model and backend's sizes


def stats_json(outcome: Outcome) -> dict[str, dict[str, int]]:
    """``--stats`` of a run: the model as built, what the backend was given, its search."""
    return {
        "model": dict(outcome.sizes.get("model", {})),
        "backend": dict(outcome.sizes.get("backend", {})),
        "search": dict(outcome.stats),
    }


def parse(genre: Genre[Any, Any], text: str, times: dict[str, float], **options: Any) -> Any:
    """The genre's reader (a URL, or its parser with its options), timed into
    ``times['parse']``."""
    start = time.perf_counter()
    puzzle = genre.read(text, **options)
    times["parse"] = time.perf_counter() - start
    return puzzle


def genre_params(
    genre: Genre[Any, Any], backend: Backend, params: Mapping[str, str] | None
) -> Mapping[str, str] | None:
    """The genre's own parameters for this backend's family (what its boards solve fastest
    with), under the user's ``--param``, which win."""
    family = getattr(backend, "family", None)
    own = {key: value for of, key, value in genre.about.solving.params if of == family}
    return {**own, **params} if own and params else (own or params)


def solve(
    genre: Genre[Any, Any],
    puzzle: Any,
    backend: Backend,
    encoding: str | None = None,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    prune: bool = True,
    times: dict[str, float] | None = None,
    progress: Callable[[Any], None] | None = None,
    effort: int | None = None,
    params: Mapping[str, str] | None = None,
    sizes: dict[str, dict[str, int]] | None = None,
    streaming: bool = False,
) -> Outcome:
    """Up to ``limit`` distinct solutions (distinct on the answer variables), each checked.

    ``limit=2`` is the uniqueness check: a second solution, or the proof that there is none.
    ``progress`` hears None when the model is built, then each solution as it passes the checker.
    ``effort`` is a budget per solver call that does not depend on the machine (Session.effort).
    ``params`` go to the backend (``--param``); ``sizes`` hears the model's and the backend's
    sizes as soon as the model is loaded (Outcome.sizes, also for a run cut short).
    ``streaming`` asks for the solutions one solver call each, so ``progress`` hears each as it
    is found (CP-SAT's own enumeration, faster for many, gives them all at its end).
    """
    encoding = encoding or genre.encoding_on(backend.name)
    times = {} if times is None else times
    sizes = {} if sizes is None else sizes
    begun = time.perf_counter()
    built = _build(genre, puzzle, encoding, prune, times)
    params = genre_params(genre, backend, params)
    if progress:
        progress(None)
    if effort is None:
        first = _narrowed_first(genre, puzzle, backend, encoding, built, params, limit,
                                time_limit, begun, times, sizes, None)  # fmt: skip
        if first is not None:
            for solution in first.solutions:
                if progress:
                    progress(solution)
            return first
    session = _load(backend, built, params, times, sizes)
    session.effort = effort
    return _search(
        genre, puzzle, backend, encoding, built, session, limit, time_limit, begun, times,
        sizes, progress, streaming,
    )  # fmt: skip


def _build(
    genre: Genre[Any, Any], puzzle: Any, encoding: str, prune: bool, times: dict[str, float]
) -> Any:
    """The model of ``puzzle`` (the first part of the build phase, timed into ``times``)."""
    start = time.perf_counter()
    built = genre.build(puzzle, encoding, prune=prune)
    times["build"] = time.perf_counter() - start
    return built


def _load(
    backend: Backend, built: Any, params: Mapping[str, str] | None, times: dict[str, float],
    sizes: dict[str, dict[str, int]],
) -> Session:  # fmt: skip
    """The model loaded into a session of ``backend`` (the rest of the build phase)."""
    start = time.perf_counter()
    # (without parameters, the model alone: a backend of one's own may take nothing else)
    session = backend.open(built.model, params) if params else backend.open(built.model)
    times["build"] = times.get("build", 0.0) + time.perf_counter() - start
    sizes["model"] = built.model.size()
    sizes["backend"] = session.received()
    return session


def _search(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str, built: Any,
    session: Session, limit: int, time_limit: float | None, begun: float,
    times: dict[str, float], sizes: dict[str, dict[str, int]],
    progress: Callable[[Any], None] | None, streaming: bool,
) -> Outcome:  # fmt: skip
    """The search phase of a run on an opened session: up to ``limit`` solutions, each checked
    (``solve``); the session is closed at its end."""
    times["solve"] = times["unique"] = 0.0
    solutions: list[Any] = []
    stats: dict[str, int] = {}
    timed_out = False
    with session:
        start = time.perf_counter()
        remaining = None if time_limit is None else max(0.0, time_limit - (start - begun))
        search = Session.enumerate if streaming else type(session).enumerate
        for result in search(session, limit, remaining):
            times["unique" if solutions else "solve"] += time.perf_counter() - start
            for key, value in result.stats.items():
                stats[key] = stats.get(key, 0) + value
            if result.status is Status.TIMEOUT:
                timed_out = True
            if result.status is not Status.SOLVED or result.assignment is None:
                break
            solution = built.decode(result.assignment)
            _check_new(genre, puzzle, solution, f"{backend.name}/{encoding}", solutions)
            solutions.append(solution)
            if progress:
                progress(solution)
            start = time.perf_counter()
    sizes["backend"] = session.received()  # with the clauses added while solving
    exhausted = not timed_out and len(solutions) < limit
    status = _verdict(len(solutions), limit, timed_out, exhausted)
    return Outcome(
        genre.name, backend.name, encoding, status, puzzle, solutions, exhausted, times, stats,
        sizes,
    )  # fmt: skip


def _narrowed_first(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str, built: Any,
    params: Mapping[str, str] | None, limit: int, time_limit: float | None, begun: float,
    times: dict[str, float], sizes: dict[str, dict[str, int]], in_process: float | None,
) -> Outcome | None:  # fmt: skip
    """The run on the model of the answers that cannot shrink (``Built.narrowed``) where that
    settles it: for one or two answers, unless its one answer could be shrunk to from another
    (``Built.whole``); None when the model itself is to be searched. ``in_process``: each
    solver call's seconds here (Unfinished past them)."""
    narrowed = getattr(built, "narrowed", None)
    if narrowed is None or limit > 2:
        return None
    mine = dict(times)
    session = _load(backend, narrowed, params, mine, sizes)
    session.in_process = in_process
    outcome = _search(genre, puzzle, backend, encoding, narrowed, session, limit, time_limit,
                      begun, mine, sizes, None, False)  # fmt: skip
    if outcome.status is Status.UNIQUE and not built.whole(outcome.solutions[0]):
        times["build"] = mine["build"]  # (another answer may shrink to this one: the model
        return None  # itself decides)
    times.update(mine)
    return outcome


def _differing(built: Any, assignment: Assignment, clues: list[Lit]) -> list[Lit | IntVar]:
    """The answer variables another solution differs on somewhere, as few as may be: the
    clues' literals, which every call assumes, left out; and where the answer is one-hot
    (``Built.keys``), the literal of each place's value alone (another solution turns one of
    them false)."""
    fixed = set(clues)
    if built.keys is not None:
        bools = assignment.bools
        return [lit for values in built.keys.values() for lit in values.values()
                if lit not in fixed and (bools[lit] if lit > 0 else not bools[-lit])]  # fmt: skip
    return [x for x in built.model.answer
            if isinstance(x, IntVar) or (x not in fixed and -x not in fixed)]  # fmt: skip


def _verdict(found: int, limit: int, timed_out: bool, exhausted: bool) -> Status:
    """A run's status from the solutions it found (``found`` of at most ``limit``), whether a
    limit stopped it, and whether the search ran out before ``limit``."""
    if timed_out:
        return Status.TIMEOUT
    if not found:
        return Status.UNSOLVABLE
    if found > 1:
        return Status.MULTIPLE
    return Status.UNIQUE if exhausted and limit > 1 else Status.SOLVED


def solve_assumed(
    genre: Genre[Any, Any],
    puzzle: Any,
    built: Any,
    session: SatSession,
    clues: list[Lit],
    backend: str,
    encoding: str,
    *,
    limit: int = 2,
    times: dict[str, float] | None = None,
) -> Outcome:
    """``solve`` of ``puzzle`` on a session that the puzzles of its shape share: it holds the
    shape's model (``contract.Assumes``), ``built``, and each call assumes ``clues``, the
    puzzle's literals on it. A solution found is excluded only in the calls that assume this
    run's own switch, which is retired at the end, so the session is left as it was but for
    what it learned (which holds for every puzzle of the shape). Each solution is decoded and
    checked, as ``solve`` checks it; Unfinished (a call past the session's ``in_process``)
    passes through. ``times`` gets the ``solve`` and ``unique`` phases."""
    times = {} if times is None else times
    times["solve"] = times["unique"] = 0.0
    solutions: list[Any] = []
    stats: dict[str, int] = {}
    timed_out = False
    switch = session.switch()
    source = f"{backend}/{encoding}"
    try:
        for _ in range(limit):
            session.assumptions = [*clues, switch]
            start = time.perf_counter()
            result = session.solve()
            times["unique" if solutions else "solve"] += time.perf_counter() - start
            for key, value in result.stats.items():
                stats[key] = stats.get(key, 0) + value
            timed_out = result.status is Status.TIMEOUT
            if result.status is not Status.SOLVED or result.assignment is None:
                break
            solution = built.decode(result.assignment)
            _check_new(genre, puzzle, solution, source, solutions)
            solutions.append(solution)
            if len(solutions) < limit:
                among = _differing(built, result.assignment, clues)
                session.exclude_while(result.assignment, switch, among)
    finally:
        session.assumptions = []
        session.retire(switch)
    exhausted = not timed_out and len(solutions) < limit
    sizes = {"model": built.model.size(), "backend": session.received()}
    status = _verdict(len(solutions), limit, timed_out, exhausted)
    return Outcome(genre.name, backend, encoding, status, puzzle, solutions, exhausted, times,
                   stats, sizes)  # fmt: skip


def answers(
    genre: Genre[Any, Any],
    puzzle: Any,
    backend: Backend,
    encoding: str | None = None,
    *,
    time_limit: float | None = None,
    params: Mapping[str, str] | None = None,
) -> list[tuple[list[str], bool]]:
    """For each question the puzzle asks (``Built.asks``): every answer its solutions give,
    and whether that list is whole (the solver found no solution with another). One answer,
    whole, is the answer proved, however many solutions the grid has. Each answer comes with a
    solution that the genre's checker accepts."""
    encoding = encoding or genre.encoding_on(backend.name)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    built = genre.build(puzzle, encoding)
    chosen = genre_params(genre, backend, params)
    found: list[tuple[list[str], bool]] = []
    for asked in built.asks:
        possible: list[str] = []
        whole = False
        with backend.open(built.model, chosen) if chosen else backend.open(built.model) as session:
            while True:
                remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
                result = session.solve(remaining)
                if result.status is Status.UNSOLVABLE:
                    whole = True
                if result.status is not Status.SOLVED or result.assignment is None:
                    break
                problems = genre.check(puzzle, built.decode(result.assignment))
                if problems:
                    raise CheckFailed(f"{backend.name}/{encoding} gave a {genre.name} solution "
                                      f"that breaks the rules: {problems[0]}")  # fmt: skip
                answer = next(text for text, lit in asked.items() if result.assignment(lit))
                if answer in possible:
                    raise CheckFailed(f"{backend.name}/{encoding} gave the answer {answer!r} "
                                      "after it was ruled out")  # fmt: skip
                possible.append(answer)
                session.exclude(result.assignment, [asked[answer]])
        found.append((possible, whole))
    return found


def solve_isolated(
    genre: Genre[Any, Any],
    backend: Backend,
    encoding: str | None = None,
    *,
    puzzle: Any = None,
    load: Callable[[dict[str, float]], Any] | None = None,
    limit: int = 1,
    time_limit: float | None = None,
    prune: bool = True,
    times: dict[str, float] | None = None,
    memory_limit: int | None = -1,
    params: Mapping[str, str] | None = None,
    each: Callable[[Any, Any], None] | None = None,
) -> Outcome:
    """``solve`` in a child process (``load`` the puzzle there too, when given), so the run
    ends within GRACE of ``time_limit`` on every backend, keeping the solutions found, and a
    solver that crashes is this backend's BackendError rather than the end of the program.
    ``memory_limit`` (bytes; -1 for three quarters of the machine) ends a runaway model with
    OutOfMemory before it takes the machine down. ``each(puzzle, solution)`` hears, here, each
    solution as the child finds it (one solver call each: see ``streaming``)."""
    if memory_limit == -1:
        memory_limit = default_memory_limit()
    encoding = encoding or genre.encoding_on(backend.name)
    times = {} if times is None else times
    begun = time.perf_counter()
    partial = Outcome(genre.name, backend.name, encoding, Status.TIMEOUT, puzzle, times=times)

    def work(send: Callable[[Any], None]) -> Outcome:
        mine: dict[str, float] = {}
        sizes: dict[str, dict[str, int]] = {}
        board = puzzle if load is None else load(mine)
        send(("times", dict(mine)))
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - begun)

        def report(solution: Any) -> None:
            if solution is None:
                send(("sizes", dict(sizes)))
                send(("times", dict(mine)))
                return
            if load is not None and not found:  # the parent needs the puzzle to show a solution
                send(("puzzle", board))
            found.append(solution)
            send(("solution", solution, dict(mine)))

        found: list[Any] = []

        if remaining is not None and remaining <= 0:
            return replace(partial, puzzle=None, times=mine)
        outcome = solve(
            genre,
            board,
            backend,
            encoding,
            limit=limit,
            time_limit=remaining,
            prune=prune,
            times=mine,
            progress=report,
            params=params,
            sizes=sizes,
            streaming=each is not None,
        )
        return outcome if load is not None else replace(outcome, puzzle=None)

    def receive(message: tuple[Any, ...]) -> None:
        if message[0] == "puzzle":
            partial.puzzle = message[1]
        elif message[0] == "sizes":
            partial.sizes = message[1]
        else:
            if message[0] == "solution":
                partial.solutions.append(message[1])
                if each is not None:
                    each(partial.puzzle, message[1])
            times.update(message[-1])

    wait = None if time_limit is None else time_limit + GRACE
    try:
        prepare = None if time_limit is None else backend.before_limit
        outcome = run_isolated(work, wait, receive, memory_limit, prepare)
    except TimedOut:
        # The phase under way when the child was stopped had the time that is unaccounted for.
        if load is not None and "parse" not in times:
            phase = "parse"
        elif "build" not in times:
            phase = "build"
        else:
            phase = "unique" if partial.solutions else "solve"
        times[phase] = 0.0
        times[phase] = max(0.0, time.perf_counter() - begun - sum(times.values()))
        return partial
    except (MemoryError, Crashed, ImportError) as e:
        raise child_failure(e, memory_limit) from None
    times.update(outcome.times)
    return replace(outcome, puzzle=partial.puzzle or outcome.puzzle, times=times)


QUICK_CLAUSES = 100_000
"""The largest model (clauses as the backend received them) that ``solve_quick`` searches in
the gridsat process itself; a larger one is searched in a child, as ``solve_isolated`` does."""

IN_PROCESS = 0.2
"""Seconds each solver call of a run in process may search there (in slices, a stop signal
answered between them) before the search starts again in a child."""


def runs_in_process(backend: Backend, time_limit: float | None, memory_limit: int | None) -> bool:
    """Whether a run can do without the child ``solve_isolated`` forks (which costs a small
    puzzle's whole process a fifth of its time): no time limit to cut each phase at, the
    default memory limit, and a backend that returns to Python often enough to answer Ctrl-C,
    SIGTERM and SIGHUP itself (``Backend.slices``)."""
    return time_limit is None and memory_limit == -1 and backend.slices


def solve_quick(
    genre: Genre[Any, Any],
    backend: Backend,
    encoding: str | None = None,
    *,
    load: Callable[[dict[str, float]], Any],
    limit: int = 1,
    prune: bool = True,
    times: dict[str, float] | None = None,
    params: Mapping[str, str] | None = None,
) -> Outcome:
    """``solve_isolated`` for a run that ``runs_in_process``: the puzzle loaded and its model
    built in this process (which the command caps at the default memory limit with
    ``address_space``; a library call leaves its caller's limits alone). A model the backend
    loads in Python alone (``Backend.loads_in_python``), of up to QUICK_CLAUSES, is searched
    here too, in native calls short enough for a stop to be answered, while each solver call
    takes at most IN_PROCESS seconds; any other model, or a longer search, is loaded and
    searched in a child, unsliced, where a native library that aborts past the memory limit, or
    crashes, does not take gridsat down with it."""
    encoding = encoding or genre.encoding_on(backend.name)
    times = {} if times is None else times
    params = genre_params(genre, backend, params)
    sizes: dict[str, dict[str, int]] = {}
    memory = default_memory_limit()
    try:
        puzzle = load(times)
        begun = time.perf_counter()
        built = _build(genre, puzzle, encoding, prune, times)
        opened = None
        if getattr(built, "narrowed", None) is not None and limit <= 2 and \
                backend.loads_in_python(built.narrowed.model, params):  # fmt: skip
            try:
                first = _narrowed_first(genre, puzzle, backend, encoding, built, params, limit,
                                        None, begun, times, sizes, IN_PROCESS)  # fmt: skip
                if first is not None:
                    return first
            except Unfinished:  # a long search: the child searches
                pass
        if backend.loads_in_python(built.model, params):
            opened = _load(backend, built, params, times, sizes)
            if sizes["backend"].get("clauses", 0) <= QUICK_CLAUSES:
                opened.in_process = IN_PROCESS
                try:
                    return _search(
                        genre, puzzle, backend, encoding, built, opened, limit, None, begun,
                        times, sizes, None, False,
                    )  # fmt: skip
                except Unfinished:  # a long search: again, from the start, in a child
                    opened = None

        def work(_: Callable[[Any], None]) -> Outcome:
            mine = dict(times)
            first = _narrowed_first(genre, puzzle, backend, encoding, built, params, limit,
                                    None, begun, mine, sizes, None)  # fmt: skip
            if first is not None:
                return replace(first, puzzle=None)
            session = opened or _load(backend, built, params, mine, sizes)
            found = _search(
                genre, puzzle, backend, encoding, built, session, limit, None, begun,
                mine, sizes, None, False,
            )  # fmt: skip
            return replace(found, puzzle=None)

        outcome = run_isolated(work, None, None, memory)
    except (MemoryError, Crashed, ImportError) as e:
        raise child_failure(e, memory) from None
    times.update(outcome.times)
    return replace(outcome, puzzle=puzzle, times=times)


def stream(
    genre: Genre[Any, Any],
    puzzle: Any,
    backend: Backend,
    encoding: str | None = None,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    prune: bool = True,
    times: dict[str, float] | None = None,
    stats: dict[str, int] | None = None,
    params: Mapping[str, str] | None = None,
) -> Generator[Any, None, Status]:
    """Distinct solutions (on the answer variables), each checked, yielded as each solver call
    finds it, up to ``limit`` (None: all); returns the run's status as ``solve`` gives it.
    Closing the generator closes the solver. ``times`` and ``stats`` fill as it goes."""
    encoding = encoding or genre.encoding_on(backend.name)
    times = {} if times is None else times
    stats = {} if stats is None else stats
    params = genre_params(genre, backend, params)
    begun = time.perf_counter()
    built = genre.build(puzzle, encoding, prune=prune)
    # Solver parameters reach the backend here, and only here.
    session = backend.open(built.model, **({"params": dict(params)} if params else {}))
    times["build"] = time.perf_counter() - begun
    times["solve"] = 0.0
    found = Found()
    timed_out = False
    with session:
        start = time.perf_counter()
        remaining = None if time_limit is None else max(0.0, time_limit - (start - begun))
        cap = sys.maxsize if limit is None else limit
        for result in Session.enumerate(session, cap, remaining):
            times["unique" if found else "solve"] = (
                times.get("unique" if found else "solve", 0.0) + time.perf_counter() - start
            )
            for key, value in result.stats.items():
                stats[key] = stats.get(key, 0) + value
            if result.status is not Status.SOLVED or result.assignment is None:
                timed_out = result.status is Status.TIMEOUT
                break
            solution = built.decode(result.assignment)
            found.add(genre, puzzle, solution, f"{backend.name}/{encoding}")
            yield solution
            start = time.perf_counter()
    if timed_out:
        return Status.TIMEOUT
    if not found:
        return Status.UNSOLVABLE
    if len(found) > 1:
        return Status.MULTIPLE
    return Status.UNIQUE if len(found) < cap else Status.SOLVED  # ran out before the limit


class Found:
    """The solutions a run has passed: each checked by the genre's checker, none twice."""

    def __init__(self) -> None:
        self.hashed: set[Any] = set()
        self.other: list[Any] = []  # solutions that cannot be hashed (lists)

    def __len__(self) -> int:
        return len(self.hashed) + len(self.other)

    def add(self, genre: Genre[Any, Any], puzzle: Any, solution: Any, source: str) -> None:
        """Keep ``solution``; CheckFailed if it breaks the rules or was found before."""
        _check_rules(genre, puzzle, solution, source)
        try:
            seen, keep = solution in self.hashed, self.hashed.add
        except TypeError:
            seen, keep = solution in self.other, self.other.append
        if seen:
            raise CheckFailed(f"{source} gave the same {genre.name} solution twice")
        keep(solution)


def _check_rules(genre: Genre[Any, Any], puzzle: Any, solution: Any, source: str) -> None:
    """CheckFailed when ``solution`` breaks the puzzle's rules, as the genre's own checker
    reads them: no answer is given as right that the rules refuse."""
    problems = genre.check(puzzle, solution)
    if problems:
        raise CheckFailed(
            f"{source} gave a {genre.name} solution that breaks the rules: {problems[0]}"
        )


def _check_new(
    genre: Genre[Any, Any], puzzle: Any, solution: Any, source: str, found: Sequence[Any]
) -> None:
    """``_check_rules``, and CheckFailed when ``solution`` was found before in this run."""
    _check_rules(genre, puzzle, solution, source)
    if solution in found:
        raise CheckFailed(f"{source} gave the same {genre.name} solution twice")


def child_failure(error: BaseException, memory_limit: int | None) -> BaseException:
    """What a child run's ``error`` means: OutOfMemory past ``memory_limit`` (a MemoryError, a
    native allocation that failed, a solver library that could not be mapped into memory), a
    BackendError when the solver process died, else ``error`` itself."""
    text = str(error).lower()
    if isinstance(error, MemoryError):
        return OutOfMemory(_memory_message(memory_limit))
    if isinstance(error, ImportError) and not any(w in text for w in UNMAPPED):
        return error
    if isinstance(error, ImportError) or any(w in text for w in OUT_OF_MEMORY):
        return OutOfMemory(f"{_memory_message(memory_limit)} ({error})")
    if isinstance(error, Crashed):
        return BackendError(f"the solver process died ({error})")
    return error


OUT_OF_MEMORY = ("memory", "bad_alloc", "can't start new thread")
"""What a child's error says when it found no room: a thread's stack is memory too."""
UNMAPPED = ("failed to map segment", "cannot allocate memory")
"""What an ImportError says when the memory limit left no room to load a library."""


def _memory_message(limit: int | None) -> str:
    """What a run that ran out of memory says."""
    size = "" if limit is None else f" of {limit / 2**30:.3g} GB"
    return f"ran out of memory: the model passed the memory limit{size}"


@contextmanager
def address_space(limit: int | None) -> Iterator[None]:
    """This process's address space capped at ``limit`` bytes (as a child's is), restored after:
    a model past it is a MemoryError, which is OutOfMemory, not the machine brought down. For
    the ``gridsat`` command's own process, around ``solve_quick``: a library call leaves the
    caller's limits alone."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if limit is None:
        yield
        return
    for bound in (soft, hard):
        if bound != resource.RLIM_INFINITY:
            limit = min(limit, bound)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
