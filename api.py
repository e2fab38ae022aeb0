"""gridsat from Python: read a puzzle, solve it, walk its solutions, count, compare, diagnose,
generate, grade, draw it and write it in another format, with the command line's checks,
statuses and JSON. Runs in this process unless asked (``isolate=True``: a forked child with hard
time and memory limits).

Bad input raises PuzzleError with the command line's one-line message; what a run finds (no
solution, several, a limit reached) is the ``status`` of its result, never an exception; a
solution the genre's checker refuses raises CheckFailed, and a solver that fails BackendError.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, overload

from .checks import PuzzleError as PuzzleError  # (a name of the library: see __all__)
from .checks import checked_backend, checked_encoding, checked_genre
from .checks import text as _text
from .contract import About, GenerateError
from .parsers import ParseError
from .pipeline import CheckFailed as CheckFailed  # (a name of the library: see __all__)
from .pipeline import Outcome, OutOfMemory, parse
from .registry import Genre
from .solvers.base import Backend
from .solvers.base import BackendError as BackendError  # (names of the library)
from .solvers.base import Status as Status

if TYPE_CHECKING:
    from .comparison import Run
    from .diagnosis import Diagnosis as Found

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle read by its genre; ``str()`` writes it in the genre's own input format."""

    genre: Genre[Any, Any]
    data: Any  # the genre's puzzle object, as its parser made it
    parse_seconds: float = field(default=0.0, compare=False)  # reading it: a run's parse phase
    source: tuple[str, dict[str, Any]] | None = field(default=None, compare=False, repr=False)
    """The text and options it was read from: ``compare`` reads it again in each run."""

    @property
    def name(self) -> str:
        """The genre's name."""
        return self.genre.name

    def check(self, solution: Solution | Any) -> list[str]:
        """What a solution breaks, by the genre's own checker (written from the rules alone)."""
        if isinstance(solution, Solution):
            if solution.puzzle.genre.name != self.genre.name:
                raise PuzzleError(f"solution: a {solution.puzzle.name} solution, not one of "
                                  f"this {self.name} puzzle")  # fmt: skip
            return self.genre.check(self.data, solution.value)
        return _raw_check(self, solution)

    def __str__(self) -> str:
        return self.genre.format_puzzle(self.data)


@dataclass(frozen=True, slots=True)
class Solution:
    """One solution of a puzzle: ``value`` as the genre holds it, ``str()`` as the genre prints
    it, ``to_json()`` as ``solve --json`` gives it."""

    puzzle: Puzzle
    value: Any

    def to_json(self) -> Any:
        """The solution as the JSON output has it."""
        return self.puzzle.genre.to_json(self.puzzle.data, self.value)

    def format(self, style: str | None = None) -> str:
        """The solution in one of the genre's output formats (``gridsat genres`` lists them)."""
        genre = self.puzzle.genre
        return genre.format_solution(self.puzzle.data, self.value, _style(genre, style))

    def __str__(self) -> str:
        return self.format()


@dataclass(slots=True)
class Result:
    """What a solve found. ``status``: solved, unique, multiple (with ``second_solution`` and
    the ``differences``), unsolvable, timeout or out-of-memory; ``times`` in seconds per phase,
    ``stats`` the solver's counters. ``str()`` is what ``gridsat solve`` prints."""

    puzzle: Puzzle
    outcome: Outcome
    counting: int | None = None  # the limit of a count, for the text and JSON a count has
    error: str | None = None  # why a run stopped at its memory limit

    @property
    def status(self) -> Status:
        """How the run ended."""
        return self.outcome.status

    @property
    def backend(self) -> str:
        """The backend that ran."""
        return self.outcome.backend

    @property
    def encoding(self) -> str:
        """The model's encoding."""
        return self.outcome.encoding

    @property
    def solutions(self) -> list[Solution]:
        """Every solution the run found (one, two with ``unique``, up to a count's limit)."""
        return [Solution(self.puzzle, s) for s in self.outcome.solutions]

    @property
    def solution(self) -> Solution | None:
        """The first solution, or None."""
        found = self.outcome.solutions
        return Solution(self.puzzle, found[0]) if found else None

    @property
    def second_solution(self) -> Solution | None:
        """Another solution, when the puzzle is not unique (asked with ``unique=True``)."""
        found = self.outcome.solutions
        multiple = self.status is Status.MULTIPLE and len(found) > 1
        return Solution(self.puzzle, found[1]) if multiple else None

    @property
    def differences(self) -> list[str]:
        """Where the two solutions differ, in the player's words (empty unless multiple)."""
        second = self.second_solution
        if second is None:
            return []
        return self.puzzle.genre.differences(
            self.puzzle.data, self.outcome.solutions[0], second.value
        )

    @property
    def times(self) -> dict[str, float]:
        """Seconds per phase: parse, build, solve, unique (the phases the run reached)."""
        return dict(self.outcome.times)

    @property
    def stats(self) -> dict[str, int]:
        """The solver's counters, summed over its calls."""
        return dict(self.outcome.stats)

    def to_json(self) -> dict[str, Any]:
        """The object ``gridsat solve --json`` prints."""
        from .views import outcome_json

        data = outcome_json(self.puzzle.genre, self.outcome, self.counting)
        return {**data, "error": self.error} if self.error else data

    def format(self, style: str | None = None) -> str:
        """What ``gridsat solve`` prints, the boards in one of the genre's output formats."""
        from .views import outcome_text

        genre = self.puzzle.genre
        shown = replace(self.outcome, puzzle=self.puzzle.data)
        return outcome_text(genre, shown, _style(genre, style), self.counting)

    def render(self, path: str | os.PathLike[str]) -> None:
        """Draw the solution (both, when not unique; the puzzle when none) to an SVG or PNG."""
        path = _path("path", path)
        checked_picture(self.puzzle.genre, path)
        draw(self.puzzle.genre, self.puzzle.data, self.outcome.solutions, self.status, path)

    def __str__(self) -> str:
        if self.status is Status.OUT_OF_MEMORY:
            return f"backend {self.backend} {self.error}"
        return self.format()


class Count(int):
    """How many solutions a count found; ``exact`` when that is all of them (the search ran
    out before the limit), False when the limit or the time limit stopped it."""

    exact: bool
    status: Status

    def __new__(cls, found: int, exact: bool, status: Status) -> Count:
        value = super().__new__(cls, found)
        value.exact, value.status = exact, status
        return value

    def __getnewargs__(self) -> tuple[int, bool, Status]:  # type: ignore[override]
        """What pickle passes to ``__new__`` to make it again (an int's alone would not do)."""
        return int(self), self.exact, self.status

    def __repr__(self) -> str:
        return f"Count({int(self)}, exact={self.exact})"


@dataclass(slots=True)
class Comparison:
    """Every backend x encoding on one puzzle: ``runs`` fastest first (status, median times),
    and the ``disagreements`` (empty when all agree). ``str()`` is ``gridsat compare``'s table."""

    puzzle: Puzzle
    runs: list[Run]
    disagreements: list[str]
    time_limit: float | None

    @property
    def agree(self) -> bool:
        """Whether every backend and encoding gave the same answer."""
        return not self.disagreements

    def to_json(self) -> dict[str, Any]:
        """The object ``gridsat compare --json`` prints."""
        from .views import compare_json

        return compare_json(self.puzzle.genre, self.runs, self.disagreements, self.time_limit)

    def __str__(self) -> str:
        from .views import compare_table

        lines = [compare_table(self.runs)]
        lines += [f"DISAGREEMENT: {problem}" for problem in self.disagreements]
        return "\n".join(lines)


@dataclass(slots=True)
class Diagnosis:
    """For setters: forced and ``free`` places (in the player's words), for a puzzle with
    several solutions a ``suggestion`` of givens that makes it unique, for a unique one the
    ``redundant`` givens, for one with none the ``core`` that contradicts itself."""

    puzzle: Puzzle
    backend: str
    found: Found
    error: str | None = None  # why it stopped at its time limit

    @property
    def status(self) -> Status:
        """unique, multiple, unsolvable or timeout."""
        return self.found.status

    @property
    def solution(self) -> Solution | None:
        """The first solution found."""
        value = self.found.solution
        return None if value is None else Solution(self.puzzle, value)

    @property
    def forced(self) -> list[str]:
        """The places with the same value in every solution."""
        return self._places(self.found.forced)

    @property
    def free(self) -> list[str]:
        """The places where solutions differ."""
        return self._places(self.found.free)

    @property
    def suggestion(self) -> list[str]:
        """Givens that, added together, make the puzzle unique."""
        return self._givens(self.found.suggestion)

    @property
    def redundant(self) -> list[str]:
        """Givens each of which could go alone, the puzzle staying unique."""
        return self._givens(self.found.redundant)

    @property
    def removable(self) -> list[str]:
        """Givens that can go together, the puzzle staying unique."""
        return self._givens(self.found.removable)

    @property
    def core(self) -> list[str]:
        """Givens that contradict each other (without any one of them there is a solution)."""
        return self._givens(self.found.core)

    def to_json(self) -> dict[str, Any]:
        """The object ``gridsat diagnose --json`` prints (past the time limit, its status and
        why it is bare)."""
        from .views import diagnosis_json

        if self.error is not None:
            cut = {"genre": self.puzzle.name, "backend": self.backend, "status": self.status}
            return {**cut, "error": self.error}
        return diagnosis_json(self.puzzle.genre, self.puzzle.data, self.backend, self.found)

    def render(self, path: str | os.PathLike[str]) -> None:
        """Draw the solution with the free cells shaded (the puzzle when it has none) to an
        SVG or PNG."""
        from .pictures import render

        genre, data, found = self.puzzle.genre, self.puzzle.data, self.found
        path = _path("path", path)
        checked_picture(genre, path)
        if found.solution is None:
            return draw(genre, data, [], found.status, path)
        title = "free cells shaded" if found.free else "every cell forced"
        try:
            render(genre, data, [found.solution], path, [title], marked=set(found.free))
        except OSError as e:
            raise PuzzleError(f"cannot write {path}: {e.strerror}") from e

    def _places(self, where: list[tuple[int, int]]) -> list[str]:
        from .views import places

        return places(self.puzzle.genre, self.puzzle.data, where)

    def _givens(self, givens: list[Any]) -> list[str]:
        rules = self.puzzle.genre.givens
        return [rules.describe(self.puzzle.data, g) for g in givens]

    def __str__(self) -> str:
        from .views import diagnosis_text

        return diagnosis_text(self.puzzle.genre, self.puzzle.data, self.found)


@dataclass(slots=True)
class Generated:
    """A generated puzzle with exactly one solution, the solution, and how hard it was.
    ``str()`` is the puzzle as ``gridsat generate`` prints it, ``to_json()`` its JSON line."""

    puzzle: Puzzle
    solution: Solution
    givens: int  # givens left
    of: int  # givens the full solution had
    propagation: bool  # CP-SAT needed no search
    stats: dict[str, int] = field(default_factory=dict)  # CP-SAT's branches and conflicts
    name: str = ""  # GENRE-SIZE-seedSEED-N, as ``generate`` names it
    grade: Any = None  # the grader's Grade, when a difficulty was asked (``exact``: or harder)

    @property
    def remark(self) -> str:
        """The line ``gridsat generate`` writes on stderr for it: givens left, and grade."""
        from .views import generated_remark

        return generated_remark(self.name, self.givens, self.of, self.grade)

    def to_json(self) -> dict[str, Any]:
        """The line ``gridsat generate --json`` prints for it."""
        from .views import generated_json

        return generated_json(self.name, str(self.puzzle), self.solution.to_json(), self.givens,
                              self.of, self.propagation, self.grade)  # fmt: skip

    def save(self, folder: str | os.PathLike[str]) -> None:
        """The puzzle and its solution in ``folder`` (``generate --out``): NAME.txt and
        NAME.solution.json."""
        import json
        from pathlib import Path

        where = Path(folder)
        (where / f"{self.name}.txt").write_text(str(self) + "\n", encoding="utf-8")
        (where / f"{self.name}.solution.json").write_text(json.dumps(self.solution.to_json())
                                                          + "\n")  # fmt: skip

    def __str__(self) -> str:
        return str(self.puzzle)


class Generation:
    """The puzzles of ``generate(count=N)``, each made as the run is iterated (a Generated as
    soon as it is made). Then ``status`` says how it ended: solved (all made), timeout (the
    time limit, or a difficulty out of reach), out-of-memory, or error (a cluster's scheduler
    lost), ``error`` why in one line; the puzzles made before are kept in ``made``."""

    def __init__(self, made: Callable[[], Generator[Generated, None, None]], count: int) -> None:
        self._made = made
        self.count = count
        self.made: list[Generated] = []
        self.status: Status | None = None  # None until iterated to the end
        self.error: str | None = None

    def __iter__(self) -> Generator[Generated, None, None]:
        if self.status is not None:
            yield from self.made
            return
        for each in self._made():
            self.made.append(each)
            yield each

    def stop(self, status: Status, error: str | None = None) -> None:
        """How the run ended (said by the run itself)."""
        self.status, self.error = status, error

    def to_json(self) -> list[dict[str, Any]]:
        """The lines ``gridsat generate --json`` prints, one per puzzle made."""
        return [each.to_json() for each in self]

    def __str__(self) -> str:
        return "\n\n".join(str(each) for each in self)


def genres() -> list[About]:
    """What every genre says of itself (name, aliases, summary, input format, example, default
    backend and encoding), in the order ``gridsat genres`` lists them."""
    from .registry import all_genres, described

    return [described(g) for g in all_genres()]


def read(genre: str, text: str | os.PathLike[str], **options: Any) -> Puzzle:
    """The puzzle ``text`` (the board, a game ID, ... as ``gridsat genres`` describes; or a
    path, whose file is read) read by ``genre`` (a name or alias) with the genre's parser
    ``options``; PuzzleError when bad."""
    kind = checked_genre(genre)
    if isinstance(text, os.PathLike):
        text = _read_file(_path("text", text))
    _text("text", text, "the puzzle, or an os.PathLike for a file")
    takes = {o.keyword for o in kind.options}
    for name in options:
        if name not in takes:
            offered = ", ".join(sorted(takes)) or "none"
            raise PuzzleError(f"{kind.name} takes no option {name!r} (it takes: {offered})")
    for option in kind.options:
        if option.keyword in options:
            _option(kind, option, options[option.keyword])
    times: dict[str, float] = {}
    try:
        data = parse(kind, text, times, **options)
    except ParseError as e:
        raise PuzzleError(str(e)) from e
    return Puzzle(kind, data, times["parse"], (text, options))


def solve(
    puzzle: Puzzle,
    backend: str | None = None,
    encoding: str | None = None,
    unique: bool = False,
    time_limit: float | None = None,
    memory_limit: float | None = None,
    params: Mapping[str, str] | None = None,
    isolate: bool = False,
    prune: bool = True,
) -> Result:
    """Solve ``puzzle``; with ``unique``, also prove the solution unique or find a second one.

    In this process by default: ``time_limit`` (seconds) is then the solver's own; on a backend
    that cannot be stopped inside a call (Kissat, Lingeling: no ``time-limit`` capability) a time
    limit runs isolated. ``isolate=True`` runs in a forked child that is stopped at the time
    limit on every backend, with ``memory_limit`` (GB; default three quarters of the machine).
    ``params`` are the backend's parameters (``--param KEY=VALUE``).
    """
    return _run(puzzle, 2 if unique else 1, None, backend, encoding, time_limit, memory_limit,
                params, isolate, prune)  # fmt: skip


def count(
    puzzle: Puzzle,
    limit: int,
    backend: str | None = None,
    encoding: str | None = None,
    time_limit: float | None = None,
    memory_limit: float | None = None,
    params: Mapping[str, str] | None = None,
    isolate: bool = False,
) -> Count:
    """How many distinct solutions ``puzzle`` has, counting up to ``limit``: an int whose
    ``exact`` says whether that is all of them (as ``solve --count N``)."""
    if _whole("limit", limit) < 1:
        raise PuzzleError(f"limit {limit}: count up to a whole number >= 1")
    result = _run(puzzle, limit, limit, backend, encoding, time_limit, memory_limit, params,
                  isolate, True)  # fmt: skip
    return Count(len(result.outcome.solutions), result.outcome.count_exact, result.status)


def solutions(
    puzzle: Puzzle,
    backend: str | None = None,
    encoding: str | None = None,
    limit: int | None = None,
    time_limit: float | None = None,
    params: Mapping[str, str] | None = None,
    prune: bool = True,
    isolate: bool = False,
    memory_limit: float | None = None,
) -> Generator[Solution, None, None]:
    """Every distinct solution (distinct on the answer: a Loop's tiles, not how they were
    found), each checked, yielded as the solver finds it, up to ``limit`` or ``time_limit``
    (seconds, for the whole walk). Stop at any time: closing the generator (``break`` from a
    ``for``, or ``.close()``) frees the solver. In this process by default; ``isolate=True``
    walks in a forked child, as ``solve``'s: stopped at the time limit on every backend, held
    to ``memory_limit`` (GB; past it, OutOfMemory, a BackendError), and closing it ends it."""
    from .pipeline import stream

    if limit is not None and _whole("limit", limit) < 1:
        raise PuzzleError(f"limit {limit}: a whole number >= 1, or None for every solution")
    _check_time(time_limit)
    genre = _puzzle(puzzle).genre
    run = checked_backend(backend or genre.default_backend)
    chosen = checked_encoding(genre, encoding)
    _check_params(params, run)
    _check_memory(memory_limit, isolate)

    def values(send: Callable[[Any], None] | None = None) -> Generator[Any, None, None]:
        """The solutions' values, found here (or in the child, which ``send``s each)."""
        from .models.model import TooLarge

        found = stream(genre, puzzle.data, run, chosen, limit=limit, time_limit=time_limit,
                       prune=prune, params=params)  # fmt: skip
        try:
            for value in found:
                if send is not None:
                    send(value)
                yield value
        except TooLarge as e:
            raise PuzzleError(str(e)) from e
        finally:
            found.close()

    def walk() -> Generator[Solution, None, None]:
        for value in values():
            yield Solution(puzzle, value)

    # A solver that cannot be stopped inside a call keeps a time limit only in a child.
    if not isolate and (time_limit is None or "time-limit" in run.capabilities):
        return walk()
    return _walk_isolated(puzzle, values, time_limit, memory_limit)


def _walk_isolated(
    puzzle: Puzzle,
    values: Callable[[Callable[[Any], None]], Generator[Any, None, None]],
    time_limit: float | None,
    memory_limit: float | None,
) -> Generator[Solution, None, None]:
    """``solutions(isolate=True)``: each value the child sends, as a Solution; the time limit
    ends the walk as it ends one in this process (the solutions found are the answer)."""
    from .isolation import Crashed, TimedOut, can_isolate, default_memory_limit, isolated
    from .pipeline import GRACE, child_failure

    def work(send: Callable[[Any], None]) -> None:
        for _ in values(send):
            pass

    if not can_isolate():  # (no fork here: the walk runs in this process)
        yield from (Solution(puzzle, value) for value in values(lambda _: None))
        return
    wait = None if time_limit is None else time_limit + GRACE
    memory = default_memory_limit() if memory_limit is None else _memory(memory_limit)
    heard = isolated(work, wait, memory)
    try:
        for value in heard:
            yield Solution(puzzle, value)
    except TimedOut:
        return
    except (MemoryError, Crashed, ImportError) as e:
        raise child_failure(e, memory) from None
    finally:
        heard.close()


def compare(
    puzzle: Puzzle,
    backends: str | Sequence[str] = "all",
    encodings: str | Sequence[str] = "all",
    repeat: int = 3,
    time_limit: float | None = 60.0,
    memory_limit: float | None = None,
) -> Comparison:
    """Run ``puzzle`` on every backend x encoding named (``"all"``, or a list of names), each
    ``repeat`` times; median times, and whether the answers agree. Each run is measured in its
    own forked child, as ``gridsat compare`` does: a fresh solver, and a limit that holds."""
    from .comparison import compare as run_all
    from .solvers import all_backends

    genre = _puzzle(puzzle).genre
    if isinstance(backends, str) and backends == "all":
        chosen = all_backends()
    else:
        names = _names("backends", backends)
        named = (checked_backend(n) for n in names if n.strip())
        chosen = list({b.name: b for b in named}.values())  # each once
        if not chosen:
            raise PuzzleError(f"backends {backends!r} names no backend")
    if isinstance(encodings, str) and encodings == "all":
        kinds = list(genre.encodings)
    else:
        names = _names("encodings", encodings)
        kinds = [checked_encoding(genre, n.strip()) for n in names]
    if _whole("repeat", repeat) < 1:
        raise PuzzleError(f"repeat {repeat}: a whole number >= 1")
    _check_time(time_limit)
    _check_memory(memory_limit, True)
    source = puzzle.source
    load = None if source is None else lambda times: parse(genre, source[0], times, **source[1])
    runs, problems = run_all(genre, puzzle.data, chosen, kinds, repeat, time_limit,
                             _memory(memory_limit), load)  # fmt: skip
    return Comparison(puzzle, runs, problems, time_limit)


def diagnose(
    puzzle: Puzzle,
    backend: str | None = None,
    encoding: str | None = None,
    time_limit: float | None = None,
    isolate: bool = False,
) -> Diagnosis:
    """Forced and free places, and for setters what to add or may take away (see Diagnosis).
    A time limit needs ``isolate=True`` (the diagnosis is many solver calls; the child that
    runs them is stopped at the limit, and the status is then timeout)."""
    from .diagnosis import Diagnosis as Found
    from .diagnosis import diagnose as run

    genre = _puzzle(puzzle).genre
    chosen = checked_backend(backend or genre.default_backend)
    kind = checked_encoding(genre, encoding)
    _check_time(time_limit)
    if time_limit is not None and not isolate:
        raise PuzzleError("a diagnosis's time limit needs isolate=True (a child to stop)")
    _refuse_wrong_file_solution(puzzle)
    if not isolate:
        found = _read_errors(lambda: run(genre, puzzle.data, chosen, kind))
        return Diagnosis(puzzle, chosen.name, found)
    from .isolation import Crashed, TimedOut, default_memory_limit, run_isolated

    try:
        found = run_isolated(lambda _: run(genre, puzzle.data, chosen, kind), time_limit,
                                    memory_limit=default_memory_limit())  # fmt: skip
    except TimedOut:
        said = f"the diagnosis did not finish within {time_limit:g} s"
        return Diagnosis(puzzle, chosen.name, Found(Status.TIMEOUT, seconds=time_limit or 0.0),
                         said)  # fmt: skip
    except Crashed as e:
        raise BackendError(f"the solver process died ({e})") from None
    return Diagnosis(puzzle, chosen.name, found)


@overload
def generate(
    genre: str,
    size: str | tuple[int, int] | int,
    seed: int | None = None,
    backend: str | None = None,
    givens: float | None = None,
    difficulty: str | None = None,
    style: str | None = None,
    count: None = None,
    time_limit: float | None = None,
    progress: Callable[[str], None] | TextIO | None = None,
    cluster: str | None = None,
) -> Generated: ...


@overload
def generate(
    genre: str,
    size: str | tuple[int, int] | int,
    seed: int | None = None,
    backend: str | None = None,
    givens: float | None = None,
    difficulty: str | None = None,
    style: str | None = None,
    *,
    count: int,
    time_limit: float | None = None,
    progress: Callable[[str], None] | TextIO | None = None,
    cluster: str | None = None,
) -> Generation: ...


def generate(
    genre: str,
    size: str | tuple[int, int] | int,
    seed: int | None = None,
    backend: str | None = None,
    givens: float | None = None,
    difficulty: str | None = None,
    style: str | None = None,
    count: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[str], None] | TextIO | None = None,
    cluster: str | None = None,
) -> Generated | Generation:
    """A random puzzle of ``size`` (``"WxH"``, a (width, height) pair, or as ``gridsat
    generate --size`` takes it for the genre: ``4`` or ``"4"`` a magic square's order) with
    exactly one solution, down to a minimal set of givens or to the share ``givens``; the same
    ``seed`` gives the same puzzle (a random one when None). On the genre's generate backend
    unless ``backend`` says otherwise (one with a repeatable budget). ``difficulty`` (easy,
    medium, hard, extreme) asks for a puzzle graded in that band, ``style`` (one of the genre's
    ``styles``) for another layout to write it in.

    One puzzle, made in this process (a time limit or a cluster: in a child, or a task), or,
    given ``count``, a Generation of ``count`` puzzles made as it is iterated, exactly those
    ``gridsat generate --count`` prints: each in a child process, or each a task on the Dask
    ``cluster`` (``local:N`` or ``tcp://HOST:PORT``), the whole run within ``time_limit``
    (seconds). ``progress`` (a callable given text, or a stream) hears what a person waiting is
    told: a slow puzzle's progress, each puzzle's givens and grade as it is made. One puzzle
    that a limit stops raises TimeoutError (MemoryError past the memory), with the line that
    says why; a Generation's ``status`` says so instead."""
    from .generator import Said, size_of

    kind = checked_genre(genre)
    chosen = checked_backend(backend or kind.generate_backend)
    if seed is not None:
        _whole("seed", seed)
    if givens is not None:
        _number("givens", givens, "a share between 0 and 1")
    text = _size(size)
    try:
        shape = size_of(kind, text)
    except GenerateError as e:
        raise PuzzleError(str(e)) from e
    if style is not None and style not in kind.about.making.styles:
        ways = ", ".join(kind.about.making.styles) or "none: it writes its own input format only"
        raise PuzzleError(f"{kind.name} has no style {style!r} (styles: {ways})")
    if givens is not None and not 0 <= givens <= 1:
        raise PuzzleError(f"givens {givens:g}: a share between 0 and 1")
    levels = None if difficulty is None else _band(kind, difficulty)
    if count is not None and _whole("count", count) < 1:
        raise PuzzleError(f"count {count}: a whole number >= 1")
    _check_time(time_limit)
    if cluster is not None:
        _text("cluster", cluster, "local:N or a scheduler's tcp://HOST:PORT")
    stream = progress if not callable(progress) else Said(progress)
    start = random.randrange(10**9) if seed is None else seed
    names = [f"{kind.name}-{text}-seed{start}-{i}" for i in range(1, (count or 1) + 1)]
    # (a stream of None: a sink, so that the engine writes its progress to one stream always)
    run = Generation(lambda: _generated(run, kind, shape, start, names, chosen, givens, style,
                                        levels, difficulty, time_limit,
                                        stream or Said(lambda _: None),
                                        cluster, isolate=count is not None or
                                        time_limit is not None or cluster is not None),
                     len(names))  # fmt: skip
    if count is not None:
        return run
    made = list(run)
    if run.status is Status.OUT_OF_MEMORY:
        raise MemoryError(run.error)
    if run.status is not Status.SOLVED:
        raise TimeoutError(run.error)
    return made[0]


def _band(genre: Genre[Any, Any], difficulty: str) -> Any:
    """The grading band ``difficulty`` names, or PuzzleError naming the choices."""
    from .grading import bands

    named = bands(genre)
    _text("difficulty", difficulty, "a band's name")
    if difficulty not in named:
        raise PuzzleError(f"difficulty {difficulty!r}: choose from {', '.join(named)}")
    return named[difficulty]


def _generated(
    run: Generation, genre: Genre[Any, Any], size: tuple[int, int], seed: int, names: list[str],
    backend: Backend, givens: float | None, style: str | None, levels: Any,
    difficulty: str | None, time_limit: float | None, stream: TextIO, cluster: str | None,
    isolate: bool,
) -> Generator[Generated, None, None]:  # fmt: skip
    """The puzzles of a ``generate`` run as the library gives them, each told on ``stream`` as
    it is made; how the run ended is said to ``run``."""
    import time

    from . import cluster as dask
    from .generator import OutOfReach, made_in_turn, tell
    from .isolation import TimedOut

    deadline = None if time_limit is None else time.monotonic() + time_limit
    made = 0
    client = None
    try:
        if cluster is not None:  # (a scheduler that does not answer: the time limit covers it)
            client = dask.connect(cluster, deadline)
        for each in made_in_turn(genre, size, seed, names, backend, givens, style, levels,
                                 time_limit, deadline, stream, client, isolate):  # fmt: skip
            puzzle = Puzzle(genre, each.puzzle)
            found = Generated(puzzle, Solution(puzzle, each.solution), each.givens, each.of,
                              each.propagation, dict(each.stats), names[made],
                              each.grade)  # fmt: skip
            tell(stream, found.remark + "\n")
            made += 1
            yield found
    except dask.ClusterError as e:
        if deadline is None or time.monotonic() < deadline:
            raise PuzzleError(str(e)) from e
        return run.stop(Status.TIMEOUT, f"time limit of {time_limit:g} s reached while reaching "
                        f"the Dask scheduler at {cluster} (none was made)")  # fmt: skip
    except TimedOut:
        kept = f"the {made} made are kept" if made else "none was made"
        return run.stop(Status.TIMEOUT, f"time limit of {time_limit:g} s reached after {made} of "
                        f"{len(names)} puzzles ({kept})")  # fmt: skip
    except GenerateError as e:
        raise PuzzleError(str(e)) from e
    except OutOfReach as e:
        return run.stop(Status.TIMEOUT, f"{e} (--difficulty {difficulty})")
    except MemoryError:
        return run.stop(
            Status.OUT_OF_MEMORY, "the generator ran out of memory (over 3/4 of this machine's)"
        )
    except dask.SchedulerLost:
        return run.stop(Status.ERROR, f"lost the Dask scheduler at {cluster} mid-run: the "
                        "puzzles printed are kept, and the same command makes the same ones "
                        "again")  # fmt: skip
    finally:
        if client is not None:
            dask.close(client)
    run.stop(Status.SOLVED)


@dataclass(frozen=True, slots=True)
class Graded:
    """A grade, or the status that kept the puzzle from one: only a unique puzzle is graded
    (``status`` unique), as ``gridsat grade`` does; multiple, unsolvable or timeout otherwise."""

    puzzle: Puzzle
    status: Status
    grade: Any = None  # the grader's Grade: level, name, score, rounds, eliminated, ...
    error: str | None = None  # why it stopped at its time limit

    @property
    def level(self) -> int | None:
        return None if self.grade is None else int(self.grade.level)

    @property
    def score(self) -> float | None:
        return None if self.grade is None else float(self.grade.score)

    def to_json(self) -> dict[str, Any]:
        """What ``gridsat grade --json`` prints (past the time limit, why the grade is bare)."""
        from .views import grade_json

        data = grade_json(self.puzzle.genre, self.status, self.grade)
        return data if self.error is None else {**data, "error": self.error}

    def __str__(self) -> str:
        from .views import grade_text

        return grade_text(self.status, self.grade)


def grade(
    puzzle: Puzzle, time_limit: float | None = None, isolate: bool = False, **options: Any
) -> Graded:
    """How hard ``puzzle`` is for a person: its uniqueness proved first (on the genre's default
    backend), then graded; a status, never an exception, when it is not unique or the time
    limit comes first. ``options`` are the grader's (``max_level``, ``encoding``, ``prune``).
    In this process by default; ``isolate=True`` proves and grades in a forked child that is
    stopped at the time limit, as ``gridsat grade`` does."""
    import time

    from .grading import GradeTimeout, Unsolvable
    from .grading import grade as grade_of
    from .pipeline import solve as solve_in_process

    puzzle = _puzzle(puzzle)
    genre = puzzle.genre
    backend = checked_backend(genre.default_backend)
    _check_grade_options(genre, options)
    _check_time(time_limit)
    _refuse_wrong_file_solution(puzzle)
    said = None if time_limit is None else f"the grade did not finish within {time_limit:g} s"
    deadline = None if time_limit is None else time.monotonic() + time_limit

    def work(_: Any) -> tuple[Status, Any]:
        """Uniqueness first, on the genre's default backend; then the grade."""
        status = solve_in_process(genre, puzzle.data, backend, limit=2).status
        if status is not Status.UNIQUE:
            return status, None
        return status, grade_of(genre, puzzle.data, **options)

    try:
        if isolate:
            from .isolation import Crashed, TimedOut, default_memory_limit, run_isolated

            try:
                status, found = run_isolated(work, time_limit,
                                             memory_limit=default_memory_limit())  # fmt: skip
            except TimedOut:
                return Graded(puzzle, Status.TIMEOUT, error=said)
            except Crashed as e:
                raise BackendError(f"the solver process died ({e})") from None
            return Graded(puzzle, status, found)
        if time_limit is not None and "time-limit" not in backend.capabilities:
            # A solver that cannot be stopped inside a call keeps a time limit only in a child.
            from .pipeline import solve_isolated

            proof = solve_isolated(genre, backend, puzzle=puzzle.data, limit=2,
                                   time_limit=time_limit)  # fmt: skip
        else:
            proof = solve_in_process(genre, puzzle.data, backend, limit=2, time_limit=time_limit)
        if proof.status is Status.TIMEOUT:
            return Graded(puzzle, Status.TIMEOUT, error=said)
        if proof.status is not Status.UNIQUE:
            return Graded(puzzle, proof.status)
        return Graded(puzzle, proof.status,
                      grade_of(genre, puzzle.data, deadline=deadline, **options))  # fmt: skip
    except GradeTimeout:
        return Graded(puzzle, Status.TIMEOUT, error=said)
    except Unsolvable:  # the grader's model has no solution where the solver's has one: a bug
        raise CheckFailed(f"the {genre.name} grader found no solution to a unique puzzle") from None


def render(puzzle: Puzzle, path: str | os.PathLike[str], solution: Solution | None = None) -> None:
    """Draw ``puzzle`` (or its ``solution``) to an SVG or PNG file at ``path``, as ``gridsat
    render`` does; PuzzleError when the genre has no pictures or the file cannot be written."""
    genre = _puzzle(puzzle).genre
    path = _path("path", path)
    if solution is not None and not isinstance(solution, Solution):
        raise TypeError(f"solution must be a gridsat.Solution, not {type(solution).__name__}")
    checked_picture(genre, path)
    shown = [] if solution is None else [solution.value]
    draw(genre, puzzle.data, shown, None, path)


def convert(puzzle: Puzzle, to: str) -> str:
    """``puzzle`` written in another of its genre's formats, which the genre reads back as the
    same puzzle: ``plain`` (its own text), a Tatham game ID (``id``) where the genre reads one,
    and the layouts ``generate --style`` writes (zebra: ``houses``, ``baron``). PuzzleError
    naming the choices for a format the genre has not, or one this puzzle cannot be put in."""
    from .conversion import ConvertError, formats

    genre = _puzzle(puzzle).genre
    _text("to", to, "a format's name")
    writers = formats(genre)
    if to not in writers:
        raise PuzzleError(f"{genre.name} has no format {to!r} (choose from {', '.join(writers)})")
    try:
        return writers[to](puzzle.data)
    except ConvertError as e:
        raise PuzzleError(f"{genre.name} puzzle not written as {to}: {e}") from e


def backends() -> list[dict[str, Any]]:
    """Every backend: its name, family, whether it runs here (and if not, why), and its
    capabilities, in the order ``gridsat backends`` lists them."""
    from .solvers import all_backends

    rows = []
    for b in all_backends():
        reason = b.unavailable()
        rows.append({"name": b.name, "family": b.family, "available": reason is None,
                     "reason": reason, "capabilities": sorted(b.capabilities)})  # fmt: skip
    return rows


def _refuse_wrong_file_solution(puzzle: Puzzle) -> None:
    """A puzzle read with its own ``[Solution]`` section (a published layout) that cannot be
    read, or that breaks the rules, is bad input (PuzzleError), as on the command line."""
    from .parsers.numbergrid import file_solution

    if puzzle.source is None:
        return
    try:
        given = file_solution(puzzle.source[0])
    except ParseError as e:
        raise PuzzleError(str(e)) from e
    broken = None if given is None else puzzle.genre.refuted(puzzle.data, given)
    if broken is not None:
        raise PuzzleError(f"the [Solution] section breaks the rules: {broken}")


def _check_grade_options(genre: Genre[Any, Any], options: dict[str, Any]) -> None:
    """The grader's options, each as it takes it: anything else is bad input (PuzzleError), as
    an unknown option is on the command line, not a grade of something not asked for."""
    from .grading import LEVELS

    unknown = sorted(set(options) - {"max_level", "encoding", "prune"})
    if unknown:
        raise PuzzleError(f"grade takes no option {unknown[0]!r} (it takes encoding, max_level, "
                          "prune)")  # fmt: skip
    level = options.get("max_level", len(LEVELS))
    if isinstance(level, bool) or level not in range(1, len(LEVELS) + 1):
        raise PuzzleError(f"max_level {level!r}: a level from 1 to {len(LEVELS)}")
    if options.get("encoding") is not None:
        checked_encoding(genre, options["encoding"])


def _read_file(path: str) -> str:
    """A puzzle file's text, with the command line's limits; PuzzleError when unreadable."""
    from .cli import MAX_INPUT_BYTES

    try:
        with open(path, "rb") as f:
            data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise PuzzleError(f"cannot read {path}: {e.strerror}") from e
    if len(data) > MAX_INPUT_BYTES:
        raise PuzzleError(f"{path} is over {MAX_INPUT_BYTES} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PuzzleError(f"{path} is not UTF-8 text (byte {e.start})") from e


def _puzzle(puzzle: Puzzle) -> Puzzle:
    """``puzzle``, when it is one: a TypeError says what to pass instead."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(
            f"expected a gridsat.Puzzle (from gridsat.read), not {type(puzzle).__name__}"
        )
    return puzzle


def _run(
    puzzle: Puzzle,
    limit: int,
    counting: int | None,
    backend: str | None,
    encoding: str | None,
    time_limit: float | None,
    memory_limit: float | None,
    params: Mapping[str, str] | None,
    isolate: bool,
    prune: bool,
) -> Result:
    """One run of the pipeline, here or in a child, as a Result."""
    from .pipeline import solve as run
    from .pipeline import solve_isolated

    genre = _puzzle(puzzle).genre
    chosen = checked_backend(backend or genre.default_backend)
    kind = checked_encoding(genre, encoding)
    _check_time(time_limit)
    _check_params(params, chosen)
    _check_memory(memory_limit, isolate)
    passed: dict[str, Any] = {"params": dict(params)} if params else {}  # to the backend
    times = {"parse": puzzle.parse_seconds}
    # A solver that cannot be stopped inside a call keeps a time limit only in a child.
    isolate = isolate or (time_limit is not None and "time-limit" not in chosen.capabilities)
    if not isolate:
        outcome = _read_errors(lambda: run(genre, puzzle.data, chosen, kind, limit=limit,
                                           time_limit=time_limit, prune=prune, times=times,
                                           **passed))  # fmt: skip
        return Result(puzzle, outcome, counting)
    try:
        outcome = _read_errors(lambda: solve_isolated(genre, chosen, kind, puzzle=puzzle.data,
                                                      limit=limit, time_limit=time_limit,
                                                      prune=prune, times=times,
                                                      memory_limit=_memory(memory_limit),
                                                      **passed))  # fmt: skip
    except OutOfMemory as e:
        spent = Outcome(genre.name, chosen.name, kind, Status.OUT_OF_MEMORY, puzzle.data,
                        times=times)  # fmt: skip
        return Result(puzzle, spent, counting, error=str(e))
    return Result(puzzle, outcome, counting)


def _read_errors(work: Callable[[], T]) -> T:
    """``work()``, a puzzle too large to model turned into the PuzzleError the command line
    prints."""
    from .models.model import TooLarge

    try:
        return work()
    except TooLarge as e:
        raise PuzzleError(str(e)) from e


def _style(genre: Genre[Any, Any], style: str | None) -> str:
    """One of the genre's output formats (its first for None), or PuzzleError."""
    chosen = style or genre.output_formats[0]
    if chosen not in genre.output_formats:
        raise PuzzleError(
            f"{genre.name} has no output format {chosen!r} "
            f"(choose from {', '.join(genre.output_formats)})"
        )
    return chosen


def _check_time(limit: float | None) -> None:
    """A time limit is a number of seconds > 0, or None."""
    if limit is not None and not 0 < _number("time_limit", limit, "seconds") < float("inf"):
        raise PuzzleError(f"time limit {limit!r}: a number of seconds > 0")


def _check_params(params: Mapping[str, str] | None, backend: Backend) -> None:
    """Solver parameters are text keys and values (as ``--param KEY=VALUE`` gives them) that
    ``backend`` has: a name it lacks or a bad value is bad input, as on the command line."""
    if params is not None and not isinstance(params, Mapping):
        raise TypeError(f"params must be a mapping of str to str, not {type(params).__name__}")
    for key, value in (params or {}).items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise PuzzleError(f"parameter {key!r}={value!r}: keys and values are text")
        try:
            backend.parameters({key: value})
        except ValueError as e:  # UnknownParameter too
            raise PuzzleError(f"parameter {key}={value}: {e}") from e


def _check_memory(limit: float | None, isolate: bool) -> None:
    """A memory limit is a number of GB > 0, and a child to hold it; PuzzleError otherwise."""
    if limit is not None and not isolate:
        raise PuzzleError("a memory limit needs isolate=True (a child to hold it)")
    if limit is not None and not 0 < _number("memory_limit", limit, "GB") < float("inf"):
        raise PuzzleError(f"memory limit {limit!r}: a number of GB > 0")


def _memory(limit: float | None) -> int:
    """A memory limit in GB as bytes, or -1 for the default (three quarters of the machine)."""
    return -1 if limit is None else int(limit * 2**30)


def checked_picture(genre: Genre[Any, Any], path: str) -> None:
    """A picture can be drawn for this genre into ``path``, or PuzzleError says why not."""
    import os

    from .pictures import RenderError, check_target, has_picture

    if not has_picture(genre):
        raise PuzzleError(f"{genre.name} has no pictures yet")
    try:
        check_target(path)
    except RenderError as e:
        raise PuzzleError(str(e)) from e
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise PuzzleError(f"cannot write {path}: there is no folder {folder}")
    if os.path.isdir(path):  # (said before the run, not after its answer)
        raise PuzzleError(f"cannot write {path}: it is a folder")


def draw(
    genre: Genre[Any, Any], puzzle: Any, solutions: list[Any], status: Status | None, path: str
) -> None:
    """The picture of a run: the puzzle when nothing was found, the solution, or two solutions
    side by side with their differences marked."""
    from .pictures import render

    shown = solutions[:2] if status is Status.MULTIPLE else solutions[:1]
    titles = {
        0: ["no solution" if status is Status.UNSOLVABLE else "puzzle"],
        1: ["unique solution" if status is Status.UNIQUE else "solution"],
        2: ["solution 1", "solution 2 (differences shaded)"],
    }[len(shown)]
    try:
        render(genre, puzzle, shown, path, titles)
    except OSError as e:
        raise PuzzleError(f"cannot write {path}: {e.strerror}") from e


def _whole(name: str, value: object) -> int:
    """``value`` when it is an int (not a bool); a TypeError naming the argument otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def _number(name: str, value: object, what: str) -> float:
    """``value`` when it is an int or a float (not a bool); a TypeError naming the argument."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number ({what}), not {type(value).__name__}")
    return value


def _names(name: str, value: object) -> list[str]:
    """The names a list argument gives (``backends``, ``encodings``: a str of them, comma
    separated, or a list of str), or a TypeError naming the argument."""
    if isinstance(value, str):
        return value.split(",")
    if not isinstance(value, Sequence | set | frozenset):
        raise TypeError(f"{name} must be 'all', a str of names or a list of them, not "
                        f"{type(value).__name__}")  # fmt: skip
    return [_text(name, n, "names") for n in value]


def _size(size: object) -> str:
    """``generate``'s size as text: ``"6x6"``, a (width, height) pair, or one int (a side);
    a TypeError naming the argument otherwise."""
    if isinstance(size, str):
        return size
    if isinstance(size, int) and not isinstance(size, bool):
        return str(size)
    if isinstance(size, tuple | list) and all(
        isinstance(n, int) and not isinstance(n, bool) for n in size
    ):
        return "x".join(map(str, size))
    raise TypeError(f"size must be a str such as '6x6', a (width, height) tuple of ints or an "
                    f"int, not {type(size).__name__}")  # fmt: skip


def _path(name: str, value: object) -> str:
    """A file's path as text, from a str or an os.PathLike; a TypeError naming the argument."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str or an os.PathLike path, not {type(value).__name__}")
    return value


def _raw_check(puzzle: Puzzle, value: object) -> list[str]:
    """The checker's verdict on a value given as is (not a Solution): a value the checker
    cannot even take apart is the wrong kind of thing, a TypeError naming the argument."""
    try:
        return puzzle.genre.check(puzzle.data, value)
    except (TypeError, AttributeError, IndexError, KeyError) as e:
        raise TypeError(
            f"solution must be a gridsat.Solution or a {puzzle.name} solution's value, not "
            f"{type(value).__name__} ({e})"
        ) from None


def _option(genre: Genre[Any, Any], option: Any, value: object) -> None:
    """A parser option's value of the type its flag reads (a str, an int, or a bool for a
    switch; None leaves it unset); a TypeError naming the option otherwise."""
    wanted = {None: bool, int: int, str: str}.get(option.type)
    if wanted is None or value is None:
        return
    if isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool)):
        return
    article = "an" if wanted is int else "a"
    raise TypeError(f"{genre.name} option {option.keyword} must be {article} {wanted.__name__} "
                    f"(as {option.flag} takes it), not {type(value).__name__}")  # fmt: skip
