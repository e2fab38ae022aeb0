"""gridsat from Python: read a puzzle, solve it, walk its solutions, count, compare, bench,
diagnose, generate, grade, draw it and write it in another format, with the command line's
checks, statuses and JSON: each command is one call here and a view of its result. Runs in
this process unless asked (``isolate=True``: a forked child with hard time and memory limits).

Bad input raises PuzzleError with the command line's one-line message; what a run finds (no
solution, several, a limit reached) is the ``status`` of its result, never an exception; a
solution the genre's checker refuses raises CheckFailed, and a solver that fails BackendError.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO, TypeVar, overload

from . import inputs
from .checks import OutputError as OutputError  # (a name of the library)
from .checks import PuzzleError as PuzzleError  # (a name of the library: see __all__)
from .checks import (
    checked_backend,
    checked_encoding,
    checked_format,
    checked_genre,
    checked_params,
)
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
    given: Any = field(default=None, compare=False, repr=False)
    """The rows of the text's own ``[Solution]`` section (a published layout), or None: each
    answer is checked against it."""

    @property
    def name(self) -> str:
        """The genre's name."""
        return self.genre.name

    @property
    def remarks(self) -> list[str]:
        """What the reader set aside, one line each (a sentence that is no clue)."""
        return [] if self.genre.remarks is None else list(self.genre.remarks(self.data))

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
        return genre.format_solution(self.puzzle.data, self.value, checked_format(genre, style))

    def __str__(self) -> str:
        return self.format()


class Answer(NamedTuple):
    """A question the puzzle asks, and its answer proved: ``answer`` when every solution gives
    the same (the solver found none with another), else None, and ``possible``: the answers
    the solutions give (all of them when ``whole``; a time limit may cut the list short)."""

    question: str
    answer: str | None
    possible: list[str]
    whole: bool


@dataclass(slots=True)
class Result:
    """What a solve found. ``status``: solved, unique, multiple (with ``second_solution`` and
    the ``differences``), unsolvable (with the ``core`` of givens that contradict, in a genre
    that explains), timeout or out-of-memory; ``times`` in seconds per phase, ``stats`` the
    solver's counters; ``file_differences`` where the answer differs from the puzzle's own
    ``[Solution]`` ([] when it matches, None when there was nothing to check). ``str()`` is what
    ``gridsat solve`` prints."""

    puzzle: Puzzle
    outcome: Outcome
    counting: int | None = None  # the limit of a count, for the text and JSON a count has
    error: str | None = None  # why a run stopped at its memory limit
    readings: list[str] | None = None  # how each clue was read (explain=True)
    file_differences: list[str] | None = None
    graded: bool = False  # grade=True was asked
    difficulty: Any = None  # the grade of a unique puzzle (grade=True)
    grade_timed_out: bool = False  # the time limit came before the grade
    contradiction: list[Any] | None = None  # the givens of the core, as the genre holds them
    streamed: bool = False  # each solution was handed to ``each`` as it was found
    answers: list[Answer] | None = None  # each question the puzzle asks, its answer proved
    two_ways: list[str] | None = None  # clues that read two ways, each way the same answer

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

    @property
    def explained(self) -> bool:
        """Whether the run found no solution in a genre that says why (its ``core``)."""
        explains = self.puzzle.genre.about.solving.explains_no_solution
        return self.status is Status.UNSOLVABLE and explains

    @property
    def core(self) -> list[str] | None:
        """The givens that contradict each other, in the player's words (no solution, in a
        genre that explains); None when the time limit came first."""
        if self.contradiction is None:
            return None
        from .views import givens

        return givens(self.puzzle.genre, self.puzzle.data, self.contradiction)

    def to_json(self) -> dict[str, Any]:
        """The object ``gridsat solve --json`` prints (after ``--all``'s lines, its summary)."""
        from .views import grade_fields, outcome_json

        data = outcome_json(self.puzzle.genre, self.outcome, self.counting)
        if self.streamed:  # (each solution had its own line)
            for key in ("solution", "second_solution", "differences"):
                data.pop(key, None)
        if self.streamed or self.status is not Status.OUT_OF_MEMORY:
            if self.explained:
                data["core"] = self.core
            if self.file_differences is not None:
                data["file_solution"] = "differs" if self.file_differences else "matches"
                data["file_differences"] = self.file_differences
            if self.readings is not None:
                data["readings"] = self.readings
            if self.graded:
                found = self.difficulty
                data["difficulty"] = (
                    None if found is None else grade_fields(found, self.puzzle.genre)
                )
            if self.answers:
                data.update(_answers_json(self.answers))
            if self.two_ways:
                data["two_ways"] = self.two_ways
        return {**data, "error": self.error} if self.error else data

    @property
    def settled(self) -> bool:
        """Whether every question the puzzle asks has its answer proved (True when it asks
        none): ``gridsat solve`` exits 3 when one has not."""
        return all(a.answer is not None for a in self.answers or ())

    def format(self, style: str | None = None, stats: bool = False) -> str:
        """What ``gridsat solve`` prints, the boards in one of the genre's output formats;
        ``stats`` adds the model's sizes and the solver's counters (``--stats``)."""
        from .views import outcome_text

        genre = self.puzzle.genre
        chosen = checked_format(genre, style)
        if self.streamed:
            lines = [self._summary(), *self._closing(stats and not self.error)]
        elif self.status is Status.OUT_OF_MEMORY:
            return f"backend {self.backend} {self.error}"
        else:
            shown = replace(self.outcome, puzzle=self.puzzle.data)
            lines = [outcome_text(genre, shown, chosen, self.counting), *self._closing(stats)]
        return "\n".join(lines)

    def _summary(self) -> str:
        """The line after the solutions a walk handed out as it found them."""
        n = len(self.outcome.solutions)
        head = "\n" if n else ""
        plural = "s" if n != 1 else ""
        if self.error:
            return f"{head}memory limit reached after {n} solution(s)"
        if self.status is Status.UNSOLVABLE:
            return "no solution"
        if self.status is Status.TIMEOUT and not n:
            return "time limit reached before a solution was found"
        if self.status is Status.TIMEOUT:
            return f"{head}time limit reached after {n} solution(s)"
        if self.outcome.count_exact:
            return f"{head}{n} solution{plural}, all of them"
        more = f"there may be more (--count {self.counting} reached)"
        return f"{head}{n} solution{plural} shown; {more}"

    def _closing(self, stats: bool) -> list[str]:
        """The lines after the answer: the grade, the core, the file's check, the stats."""
        from .views import core_text, stats_text

        lines = []
        graded = _difficulty_line(self.graded, self.status, self.difficulty, self.puzzle.genre)
        if graded:
            lines.append(graded)
        if self.explained:
            text = core_text(self.puzzle.genre, self.puzzle.data, self.contradiction)
            lines += [text.removesuffix("\n")] if text else []
        lines += [f"clue {line}" for line in self.two_ways or ()]
        for asked in self.answers or ():
            if asked.answer is not None:
                lines.append(f"answer: {asked.answer} (every solution gives it)")
            else:
                some = "" if asked.whole else ", and maybe more (the time limit came first)"
                lines.append(f"answer not settled: {asked.question} "
                             f"{' or '.join(asked.possible)}{some}")  # fmt: skip
        if self.file_differences == []:
            lines.append("matches the solution in the file")
        if stats:
            lines.append(stats_text(self.outcome.sizes, self.outcome.stats))
        return lines

    def differ_message(self) -> str | None:
        """The one line of a puzzle whose own solution is not the answer found, or None."""
        differ = self.file_differences
        if not differ:
            return None
        if self.status is Status.SOLVED:
            hint = " (not proved unique: --unique tells whether both are solutions)"
        elif self.status is Status.MULTIPLE:
            hint = " (the puzzle has several solutions: the file's may be another)"
        else:
            hint = ". Please report this as a bug, with the puzzle, unless the file is wrong"
        return f"the answer differs from the solution in the file at {_places(differ)}{hint}"

    def render(self, path: str | os.PathLike[str]) -> None:
        """Draw the solution (both, when not unique; the puzzle when none) to an SVG or PNG."""
        from .views import checked_picture, draw

        path = _path("path", path)
        checked_picture(self.puzzle.genre, path)
        draw(self.puzzle.genre, self.puzzle.data, self.outcome.solutions, self.status, path)

    def __str__(self) -> str:
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
    and the ``disagreements`` (empty when all agree; an answer that is not the puzzle's own
    ``[Solution]`` is one too). ``str()`` is ``gridsat compare``'s table."""

    puzzle: Puzzle
    runs: list[Run]
    disagreements: list[str]
    time_limit: float | None
    against_file: int = 0  # how many of the disagreements are with the puzzle's own solution

    @property
    def agree(self) -> bool:
        """Whether every backend and encoding gave the same answer."""
        return not self.disagreements

    @property
    def file_solution(self) -> str | None:
        """``"matches"`` or ``"differs"`` when the puzzle's own solution was checked, else None."""
        if self.against_file:
            return "differs"
        matches = any(r.status is Status.UNIQUE for r in self.runs)
        return "matches" if self.puzzle.given is not None and matches else None

    def to_json(self) -> dict[str, Any]:
        """The object ``gridsat compare --json`` prints."""
        from .views import compare_json

        data = compare_json(self.puzzle.genre, self.runs, self.disagreements, self.time_limit)
        if self.file_solution is not None:
            data["file_solution"] = self.file_solution
        return data

    def format(self, stats: bool = False) -> str:
        """What ``gridsat compare`` prints: the table, the file's check, ``stats`` (the model's
        sizes and the solvers' counters), each disagreement and what it means."""
        from .views import compare_stats_text, compare_table

        lines = [compare_table(self.runs)]
        if self.file_solution == "matches":
            lines.append("matches the solution in the file")
        if stats:
            lines.append(compare_stats_text(self.runs))
        lines += [f"DISAGREEMENT: {problem}" for problem in self.disagreements]
        if len(self.disagreements) > self.against_file:
            lines.append("The backends disagree: a bug in a model or a solver. Please report it, "
                         "with the puzzle.")  # fmt: skip
        elif self.disagreements:
            lines.append("The answer is not the file's own solution: a bug in a model or a "
                         "solver, unless the file is wrong. Please report it, with the "
                         "puzzle.")  # fmt: skip
        return "\n".join(lines)

    def plot(self, path: str, title: str | None = None) -> None:
        """The phase times as bars, to a PNG or SVG file (needs matplotlib)."""
        from .comparison import plot

        plot(self.runs, path, title or self.puzzle.name)

    def __str__(self) -> str:
        return self.format()


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
        from .views import checked_picture, draw

        genre, data, found = self.puzzle.genre, self.puzzle.data, self.found
        path = _path("path", path)
        checked_picture(genre, path)
        if found.solution is None:
            draw(genre, data, [], found.status, path)
            return
        title = "free cells shaded" if found.free else "every cell forced"
        draw(genre, data, [found.solution], None, path, title, set(found.free))

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

        return generated_remark(self.name, self.givens, self.of, self.grade, self.puzzle.genre)

    def written(self, form: str | None = None) -> str:
        """The puzzle in the genre's own text, or in ``form`` (as ``convert`` writes it)."""
        return str(self.puzzle) if form is None else convert(self.puzzle, form)

    def to_json(self, form: str | None = None) -> dict[str, Any]:
        """The line ``gridsat generate --json`` prints for it (the puzzle in ``form``)."""
        from .views import generated_json

        return generated_json(self.name, self.written(form), self.solution.to_json(),
                              self.givens, self.of, self.propagation, self.grade,
                              self.puzzle.genre)  # fmt: skip

    def save(self, folder: str | os.PathLike[str], form: str | None = None) -> None:
        """The puzzle (in ``form``) and its solution in ``folder`` (``generate --out``):
        NAME.txt and NAME.solution.json."""
        import json
        from pathlib import Path

        where = Path(folder)
        (where / f"{self.name}.txt").write_text(self.written(form) + "\n", encoding="utf-8")
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
        self._run: Generator[Generated, None, None] | None = None  # started on first iteration
        self.count = count
        self.made: list[Generated] = []
        self.status: Status | None = None  # None until iterated to the end
        self.error: str | None = None

    def __iter__(self) -> Generator[Generated, None, None]:
        """The puzzles made so far, then the run goes on where it stopped: one run, however
        often it is iterated."""
        yield from list(self.made)
        if self._run is None:
            self._run = self._made()
        for each in self._run:
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


def read(genre: str, text: str | os.PathLike[str] | Any, **options: Any) -> Puzzle:
    """The puzzle ``text`` gives, read by ``genre`` (a name or alias) with the genre's parser
    ``options``: the board, a game ID, a puzz.link URL ... as ``gridsat genres`` describes, or
    the path of a file (a str or an os.PathLike), or ``"-"`` for standard input, as the command
    line reads its INPUT; for a board genre, rows of cells too (lists, or an array). A
    ``[Solution]`` section is the puzzle's own answer, checked against the rules here and
    against each answer found (``genre_of`` gives the genre a URL or link names). PuzzleError
    when bad."""
    kind = checked_genre(genre)
    if not isinstance(text, (str, os.PathLike)) and kind.rows_text is not None:
        try:  # a grid as Python values: rows of cells, or an array
            text = kind.rows_text(text)
        except ParseError as e:
            raise PuzzleError(str(e)) from e
    if isinstance(text, (list, tuple)) or hasattr(text, "tolist"):
        raise TypeError(f"{kind.name} reads no rows of cells: give its text, a file's path or an "
                        "os.PathLike (gridsat genres lists its forms)")  # fmt: skip
    if not isinstance(text, os.PathLike):
        _text("text", text, "the puzzle, a file's path, an os.PathLike for a file, or rows of "
              "cells for a board genre")  # fmt: skip
    takes = {o.keyword for o in kind.options}
    for name in options:
        if name not in takes:
            offered = ", ".join(sorted(takes)) or "none"
            raise PuzzleError(f"{kind.name} takes no option {name!r} (it takes: {offered})")
    for option in kind.options:
        if option.keyword in options:
            _option(kind, option, options[option.keyword])
    return _read(kind, text, options)


def genre_of(text: str) -> str:
    """The genre a puzz.link URL, or a page link or save file of Tatham's collection, names,
    as ``gridsat solve URL`` finds it: ``read(genre_of(url), url)``. PuzzleError for a text
    that names none, or a genre gridsat has not."""
    _text("text", text, "a URL, or a link or save file's text")
    genre = inputs.named_genre(text)
    if genre is None:
        raise PuzzleError(
            "the text names no genre (a puzz.link URL, or a page link or save file of Tatham's "
            "collection, does): give the genre"
        )
    return genre


def _read(kind: Genre[Any, Any], source: str | os.PathLike[str], options: dict[str, Any]) -> Puzzle:
    """``read`` of options already checked: the input, its own solution, the puzzle."""
    from .parsers.numbergrid import file_solution

    text = inputs.game_id(kind.name, inputs.read(source))  # (Tatham's page link or save file)
    try:  # (a bad [Solution] section stops here, before the puzzle is read)
        given = file_solution(text)
    except ParseError as e:
        raise PuzzleError(str(e)) from e
    times: dict[str, float] = {}
    try:
        data = parse(kind, text, times, **options)
    except ParseError as e:
        raise PuzzleError(_unread(kind, source, text, e)) from e
    broken = None if given is None else kind.refuted(data, given)
    if broken is not None:  # the file's own answer is wrong: bad input, not a disagreement
        raise PuzzleError(f"the [Solution] section breaks the rules: {broken}")
    return Puzzle(kind, data, times["parse"], (text, options), given)


def _unread(kind: Genre[Any, Any], source: str | os.PathLike[str], text: str, e: Exception) -> str:
    """Why ``source`` could not be read as a puzzle: a file that is not there, a JSON-lines file
    of puzzles (bench's input), or the parser's own message."""
    name = os.fspath(source)
    if name != "-" and not os.path.exists(name) and inputs.looks_like_path(name):
        return f"no such file: {name}"
    return inputs.bench_input(name, kind.name, text) or str(e)


def explain(puzzle: Puzzle) -> list[str]:
    """How the genre read each clue, in its own words (``solve --explain``: logic grids)."""
    genre = _puzzle(puzzle).genre
    if genre.explain is None:
        raise PuzzleError(f"{genre.name} has no clues to explain (--explain is for logic grids)")
    return list(genre.explain(puzzle.data))


def solve(
    puzzle: Puzzle,
    backend: str | None = None,
    encoding: str | None = None,
    unique: bool = False,
    time_limit: float | None = None,
    memory_limit: float | None = None,
    params: Mapping[str, str] | None = None,
    isolate: bool | None = False,
    prune: bool = True,
    *,
    count: int | None = None,
    explain: bool = False,
    grade: bool = False,
    each: Callable[[Solution], None] | None = None,
) -> Result:
    """Solve ``puzzle``; with ``unique``, also prove the solution unique or find a second one;
    with ``count``, find up to that many solutions (``solve --count N``).

    In this process by default: ``time_limit`` (seconds) is then the solver's own; on a backend
    that cannot be stopped inside a call (Kissat, Lingeling: no ``time-limit`` capability) a time
    limit runs isolated. ``isolate=True`` runs in a forked child that is stopped at the time
    limit on every backend, with ``memory_limit`` (GB; default three quarters of the machine).
    ``isolate=None`` chooses as ``gridsat solve`` does: in this process when neither a limit nor
    the backend needs a child, forked otherwise. ``params`` are the backend's parameters
    (``--param KEY=VALUE``). ``explain`` adds how each clue was read (``readings``), ``grade``
    the difficulty of a unique puzzle; ``each`` hears each solution as it is found (``solve
    --all``: up to ``count``, or all of them). A puzzle with no solution in a genre that
    explains gets its ``core``, and a puzzle with its own ``[Solution]`` is checked against it.
    """
    genre = _puzzle(puzzle).genre
    if count is not None and _whole("count", count) < 1:
        raise PuzzleError(f"count {count}: a whole number >= 1")
    readings = _readings(puzzle) if explain else None
    if each is None:
        limit, counting = max(count or 1, 2 if unique or grade else 1), count
    else:
        limit = max(count or sys.maxsize, 2 if unique else 1)
        counting = limit
    result = _run(puzzle, limit, counting, backend, encoding, time_limit, memory_limit, params,
                  isolate, prune, each)  # fmt: skip
    result.readings, result.graded, result.streamed = readings, grade, each is not None
    if result.status is Status.OUT_OF_MEMORY:
        return result
    outcome = result.outcome
    result.file_differences = _differ_from_file(genre, puzzle.data, outcome.status,
                                                outcome.solutions, puzzle.given)  # fmt: skip
    if grade and outcome.status is Status.UNIQUE:
        result.difficulty = _solve_grade(genre, puzzle.data, outcome.times, time_limit)
        result.grade_timed_out = result.difficulty is None
    if result.explained:
        chosen = checked_backend(outcome.backend)
        result.contradiction = _contradiction(genre, puzzle.data, chosen, outcome.encoding,
                                              time_limit, outcome.times)  # fmt: skip
    if genre.questions is not None and outcome.status in (Status.SOLVED, Status.UNIQUE,
                                                          Status.MULTIPLE):  # fmt: skip
        result.answers = _answers(puzzle, result, time_limit, params)
    if genre.two_ways is not None and outcome.status in (Status.SOLVED, Status.UNIQUE,
                                                         Status.MULTIPLE):  # fmt: skip
        result.two_ways = _both_ways(puzzle, result, params)
    return result


def _both_ways(
    puzzle: Puzzle, result: Result, params: Mapping[str, str] | None
) -> list[str] | None:
    """The clues that read two ways, each said with its readings when the puzzle comes out
    the same every way (its answers, or its one grid); PuzzleError naming them when the ways
    give different answers. Each way is solved (a way with no solution is no meaning)."""
    import itertools

    from .pipeline import answers
    from .pipeline import solve as run

    genre = puzzle.genre
    assert genre.two_ways is not None and genre.read_as is not None
    ways = genre.two_ways(puzzle.data)
    if not ways:
        return None
    said = [f"{text!r} reads {len(read)} ways ({'; '.join(read)})" for text, read in ways]
    same = result.settled if result.answers else result.status is Status.UNIQUE
    if not same:
        chosen = checked_backend(result.outcome.backend)
        passed = checked_params(params, [chosen])[chosen.name] or None
        kind = result.outcome.encoding
        found = {}
        for picks in itertools.islice(itertools.product(*(range(len(r)) for _, r in ways)), 16):
            variant = genre.read_as(puzzle.data, picks)
            if result.answers:
                got = answers(genre, variant, chosen, kind, params=passed)
                key: Any = tuple(p[0] if whole and len(p) == 1 else None for p, whole in got)
                if got and not all(p for p, _ in got):
                    continue  # no solution this way
            else:
                outcome = run(genre, variant, chosen, kind, limit=2, params=passed)
                if outcome.status is Status.UNSOLVABLE:
                    continue
                key = outcome.solutions[0] if outcome.status is Status.UNIQUE else None
            found[picks] = key
        differ = {k for k in found.values() if k is not None}
        if len(differ) > 1 and None not in found.values():
            shown = "; ".join(
                ", ".join(map(str, k)) if isinstance(k, tuple) and result.answers else "a grid"
                for k in differ
            )
            raise PuzzleError(f"{' and '.join(said)}, and the answers differ ({shown}): "
                              "reword it so that it reads one way")  # fmt: skip
        return None
    return [f"{text}: the answer is the same either way" for text in said]


def _answers(
    puzzle: Puzzle, result: Result, time_limit: float | None, params: Mapping[str, str] | None
) -> list[Answer] | None:
    """Each question the puzzle asks, its answer proved on the run's backend (None when it
    asks none); the time the run left, when it has a limit."""
    from .pipeline import answers

    genre = puzzle.genre
    asked = genre.questions(puzzle.data) if genre.questions else []
    if not asked:
        return None
    spent = sum(result.outcome.times.values())
    left = None if time_limit is None else max(0.0, time_limit - spent)
    chosen = checked_backend(result.outcome.backend)
    passed = checked_params(params, [chosen])[chosen.name] or None
    found = answers(genre, puzzle.data, chosen, result.outcome.encoding, time_limit=left,
                    params=passed)  # fmt: skip
    return [
        Answer(text, possible[0] if whole and len(possible) == 1 else None, possible, whole)
        for text, (possible, whole) in zip(asked, found, strict=True)
    ]


def _answers_json(answers: list[Answer]) -> dict[str, Any]:
    """``answer`` and ``possible_answers`` (a list of each when there are several questions),
    and ``answers``: per question, its text, answer and the answers possible."""
    one = [a.answer for a in answers]
    possible = [a.possible for a in answers]
    return {
        "answer": one[0] if len(one) == 1 else one,
        "possible_answers": possible[0] if len(possible) == 1 else possible,
        "answers": [
            {"question": a.question, "answer": a.answer, "possible_answers": a.possible,
             "complete": a.whole}
            for a in answers
        ],
    }  # fmt: skip


def _readings(puzzle: Puzzle) -> list[str]:
    """``explain(puzzle)`` (solve's own argument of that name hides it)."""
    return explain(puzzle)


def _differ_from_file(
    genre: Genre[Any, Any], puzzle: Any, status: Status, solutions: list[Any], given: Any
) -> list[str] | None:
    """Where the answer differs from the puzzle's own solution ([] when it matches one of the
    solutions found); None when there is nothing to compare (no solution in the file, or the
    run stopped by a limit). No solution found, when the file gives one, differs everywhere."""
    from .parsers.numbergrid import solution_differences
    from .solvers import FOUND

    if given is None or status not in (*FOUND, Status.UNSOLVABLE):
        return None
    if not solutions:
        return ["the whole board (gridsat found no solution)"]
    differ = [solution_differences(given, genre.to_json(puzzle, found)) for found in solutions]
    return [] if any(not d for d in differ) else differ[0]


def _places(differ: list[str]) -> str:
    """The first places where an answer differs from the file's, and how many more."""
    return ", ".join(differ[:8]) + (f" and {len(differ) - 8} more" if len(differ) > 8 else "")


def _difficulty_line(
    asked: bool, status: Status, difficulty: Any, genre: Genre[Any, Any]
) -> str | None:
    """The ``grade=True`` line: the grade, or why there is none (a puzzle that is not unique);
    nothing when not asked, or when a limit stopped the run (its error line says so)."""
    if difficulty is not None:
        from .views import band_said

        return (
            f"difficulty: level {difficulty.level} ({difficulty.name}), score {difficulty.score:g}"
            + (f", {band}" if (band := band_said(genre, difficulty.score)) else "")
        )
    if not asked or status in (Status.UNIQUE, Status.TIMEOUT, Status.OUT_OF_MEMORY):
        return None
    return "difficulty: not graded (only a puzzle with exactly one solution is graded)"


def _solve_grade(
    genre: Genre[Any, Any], puzzle: Any, spent: dict[str, float], time_limit: float | None
) -> Any:
    """The grade of a unique puzzle, in a child process given what is left of the time limit
    (the run ``spent`` the rest); None when the limit comes first."""
    from .grading import grade as grade_of
    from .isolation import TimedOut, default_memory_limit, run_isolated

    left = None if time_limit is None else time_limit - sum(spent.values())
    if left is not None and left <= 0:
        return None
    try:
        return run_isolated(lambda _: grade_of(genre, puzzle), left, None, default_memory_limit())
    except TimedOut:
        return None


def _contradiction(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str, limit: float | None,
    times: dict[str, float],
) -> list[Any] | None:  # fmt: skip
    """A minimal set of givens that has no solution, found in what is left of the time limit;
    None when the time ran out first."""
    from .diagnosis import Diagnosis as Found
    from .diagnosis import contradiction
    from .isolation import TimedOut, default_memory_limit, run_isolated

    left = None if limit is None else limit - sum(times.values())
    if puzzle is None or (left is not None and left <= 0):
        return None

    def work(_: Any) -> list[Any]:
        found = Found(Status.UNSOLVABLE)
        contradiction(genre, puzzle, backend, encoding, found)
        return found.core

    try:
        core: list[Any] = run_isolated(work, left, memory_limit=default_memory_limit())
    except TimedOut:
        return None
    return core


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
    chosen = checked_encoding(genre, encoding, run.name)
    checked_params(params, [run])
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
    params: Mapping[str, str] | None = None,
    progress: Callable[[Run, int, int], None] | None = None,
) -> Comparison:
    """Run ``puzzle`` on every backend x encoding named (``"all"``, or a list of names), each
    ``repeat`` times; median times, and whether the answers agree, with each other and with the
    puzzle's own ``[Solution]``. Each run is measured in its own forked child, as ``gridsat
    compare`` does: a fresh solver, and a limit that holds. ``params`` go to the backends that
    have them; ``progress`` hears each backend and encoding as it finishes."""
    from .comparison import compare as run_all
    from .solvers import all_backends

    genre = _puzzle(puzzle).genre
    if isinstance(backends, str) and backends == "all":
        chosen = all_backends()  # (those that cannot run here are listed as unavailable)
    else:
        chosen = _named_backends(backends)
    kinds = _encodings(genre, encodings)
    if _whole("repeat", repeat) < 1:
        raise PuzzleError(f"repeat {repeat}: a whole number >= 1")
    _check_time(time_limit)
    _check_memory(memory_limit, True)
    taken = checked_params(params, chosen)
    source = puzzle.source
    load = None if source is None else lambda times: parse(genre, source[0], times, **source[1])
    runs, problems = run_all(genre, puzzle.data, chosen, kinds, repeat, time_limit,
                             _memory(memory_limit), load, progress, taken)  # fmt: skip
    against = _runs_against_file(genre, puzzle, runs)
    return Comparison(puzzle, runs, problems + against, time_limit, len(against))


def _encodings(genre: Genre[Any, Any], encodings: str | Sequence[str]) -> list[str]:
    """``"all"`` of the genre's encodings, or those named, each checked."""
    if isinstance(encodings, str) and encodings == "all":
        return list(genre.encodings)
    return [checked_encoding(genre, n.strip()) for n in _names("encodings", encodings)]


def _runs_against_file(genre: Genre[Any, Any], puzzle: Puzzle, runs: list[Run]) -> list[str]:
    """The runs whose answer is not the puzzle's own solution, as ``solve`` checks it: a unique
    answer that differs, or no solution where the file gives one."""
    found = []
    for run in runs:
        if run.status not in (Status.UNIQUE, Status.UNSOLVABLE):
            continue  # (several solutions: the file's may be another; a limit: no answer)
        solutions = [] if run.solution is None else [run.solution]
        differ = _differ_from_file(genre, puzzle.data, run.status, solutions, puzzle.given)
        if differ:
            found.append(f"{run.backend}/{run.encoding}: the answer differs from the solution "
                         f"in the file at {_places(differ)}")  # fmt: skip
    return found


@dataclass(slots=True)
class Benchmark:
    """Many puzzles x backends x encodings (``gridsat bench``): one record per run (puzzle,
    backend, encoding, status, ok, times, stats...), those of an earlier run that ``resume``
    kept first. ``str()`` is bench's summary table."""

    genre: Genre[Any, Any]
    records: list[dict[str, Any]]  # every record asked for, earlier ones included
    new: list[dict[str, Any]]  # this run's records

    @property
    def failed(self) -> list[dict[str, Any]]:
        """This run's failures: a wrong answer or an error (a run past a limit did not fail)."""
        from .benchmark import failed

        return [r for r in self.new if failed(r)]

    def to_json(self) -> dict[str, Any]:
        """The object ``gridsat bench --json`` prints."""
        return {"genre": self.genre.name, "records": self.records}

    def plot(self, path: str) -> None:
        """Time against puzzle size per backend and encoding, to a PNG or SVG file."""
        from .benchmark import plot

        plot(self.records, path)

    def __str__(self) -> str:
        from .benchmark import summary

        return summary(self.records)


class Interrupted(KeyboardInterrupt):
    """A bench stopped by Ctrl-C or a stop signal: ``benchmark`` holds what finished."""

    def __init__(self, benchmark: Benchmark) -> None:
        super().__init__("interrupted")
        self.benchmark = benchmark


def bench(
    genre: str,
    paths: Sequence[str | os.PathLike[str]],
    backends: str | Sequence[str] | None = None,
    encodings: str | Sequence[str] = "all",
    time_limit: float | None = None,
    memory_limit: float | None = None,
    params: Mapping[str, str] | None = None,
    jobs: int = 1,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    cluster: str | None = None,
    progress: TextIO | None = None,
) -> Benchmark:
    """Run the puzzles of ``paths`` (files, folders of ``.txt`` files, JSON-lines files) on
    each backend (the genre's default for None, ``"all"`` those that run here) x encoding,
    each in a forked child with its limits (with no time or memory limit asked, on a python-sat
    solver with conflict budgets, in this process as ``solve`` runs a small model, and the
    puzzles of one shape on one shared solver where the genre's model parts into shape and
    clues: ``benchmark.Batch``), checked against a known answer where there is one. ``out``
    keeps each record as it finishes, one JSON line each; ``resume`` skips those it holds.
    ``jobs`` runs that many at once; ``cluster`` (``local:N`` or ``tcp://HOST:PORT``) runs them
    on a Dask cluster instead (cluster.SchedulerLost when its scheduler goes away).
    ``progress`` is a stream to show progress on. Ctrl-C raises Interrupted, which holds what
    finished."""
    import json
    from pathlib import Path

    from . import benchmark
    from . import cluster as cluster_module
    from .solvers import all_backends, get_backend

    kind = checked_genre(genre)
    if backends == "all":  # all that can run here
        names = [b.name for b in all_backends() if b.unavailable() is None]
    else:
        names = [b.name for b in _named_backends(backends or kind.default_backend)]
    texts = [_path("paths", p) for p in ([paths] if isinstance(paths, str) else paths)]
    try:
        puzzles = list(benchmark.items(texts))
    except (ValueError, OSError) as e:
        raise PuzzleError(str(e)) from e
    if not puzzles:
        raise PuzzleError(f"no puzzles in {' '.join(texts)} (files, .txt in folders, .jsonl)")
    kinds = _encodings(kind, encodings)
    taken = checked_params(params, [get_backend(name) for name in names])
    _check_time(time_limit)
    _check_memory(memory_limit, True)
    if resume and not out:
        raise PuzzleError("--resume needs --out, the results file to continue")
    if cluster and jobs > 1:
        raise PuzzleError("--jobs and --cluster: one or the other (a cluster has its workers)")
    kept = None if out is None else _path("out", out)
    try:
        previous, done = benchmark.read_done(Path(kept)) if resume and kept else ([], set())
    except (ValueError, OSError) as e:
        raise PuzzleError(str(e)) from e
    asked = {(item.name, b, e) for item in puzzles for b in names for e in kinds}

    def only_asked(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The records of this run's puzzles x backends x encodings: the file may hold more."""
        return [r for r in found if (r["puzzle"], r["backend"], r["encoding"]) in asked]

    try:
        stream = open(kept, "w") if kept else None  # noqa: SIM115
    except OSError as e:
        raise PuzzleError(f"cannot write --out {kept}: {e.strerror}") from e
    records: list[dict[str, Any]] = []
    client = None
    finished = False
    try:
        if stream is not None:  # what finished before, rewritten (a cut-off last line dropped)
            stream.writelines(json.dumps(r) + "\n" for r in previous)
        client = _cluster(cluster) if cluster else None
        note = None if client is None else cluster_module.workers_note(client)
        show = None if progress is None else benchmark.progress_printer(progress, note=note)
        benchmark.run(kind, puzzles, names, kinds, stream, done, jobs, time_limit, show,
                      _memory(memory_limit), taken, client, records)  # fmt: skip
        finished = True
    except KeyboardInterrupt:  # (a stop signal too): what finished
        raise Interrupted(Benchmark(kind, only_asked(previous + records), records)) from None
    except OSError as e:
        if isinstance(e, OutputError) or stream is None or _writes(stream):
            raise
        raise OutputError(f"cannot write --out {kept}: {e.strerror}") from None
    finally:
        if client is not None:
            from .cluster import close

            close(client)
        _close(stream, kept, finished)
    return Benchmark(kind, only_asked(previous + records), records)


def _writes(stream: TextIO) -> bool:
    """Whether ``stream`` can still be written (an error came from elsewhere, if so)."""
    try:
        stream.flush()
    except OSError:
        return False
    return True


def _close(stream: TextIO | None, name: str | None, finished: bool) -> None:
    """Close a results file: what it could not write, when the run had ``finished`` (else an
    error already on its way says what went wrong), is an OutputError naming it."""
    if stream is None:
        return
    try:
        stream.close()
    except OSError as e:
        if finished:
            raise OutputError(f"cannot write --out {name}: {e.strerror}") from None


def _named_backends(names: str | Sequence[str]) -> list[Backend]:
    """The backends ``names`` gives (comma-separated, or a list), each once and checked: a
    backend named is meant to run, so one that cannot is bad input."""
    named = (checked_backend(n) for n in _names("backends", names) if n.strip())
    chosen = list({b.name: b for b in named}.values())
    if not chosen:
        raise PuzzleError(f"--backends {names!r} names no backend")
    return chosen


def _cluster(address: str, deadline: float | None = None) -> Any:
    """A Dask client for ``address``, or PuzzleError saying why not; a scheduler is tried until
    ``deadline`` (``time.monotonic()``), if sooner than its own wait: TimedOut past it."""
    import time

    from . import cluster
    from .isolation import TimedOut

    try:
        return cluster.connect(address, deadline)
    except cluster.ClusterError as e:
        if deadline is not None and time.monotonic() >= deadline:
            raise TimedOut from e
        raise PuzzleError(str(e)) from e


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
    kind = checked_encoding(genre, encoding, chosen.name)
    _check_time(time_limit)
    if time_limit is not None and not isolate:
        raise PuzzleError("a diagnosis's time limit needs isolate=True (a child to stop)")
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


def default_size(genre: Genre[Any, Any]) -> str:
    """The size ``generate`` makes when none is asked: the genre's own, as people play it."""
    return genre.about.making.size or genre.about.making.small


@overload
def generate(
    genre: str,
    size: str | tuple[int, int] | int | None = None,
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
    size: str | tuple[int, int] | int | None = None,
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
    size: str | tuple[int, int] | int | None = None,
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
    generate --size`` takes it for the genre: ``4`` or ``"4"`` a magic square's order; None the
    genre's own size, as ``gridsat genres`` shows it) with
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
    text = _size(size if size is not None else default_size(kind))
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

        return grade_text(self.status, self.grade, self.puzzle.genre)


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
    from .views import checked_picture, draw

    genre = _puzzle(puzzle).genre
    path = _path("path", path)
    if solution is not None and not isinstance(solution, Solution):
        raise TypeError(f"solution must be a gridsat.Solution, not {type(solution).__name__}")
    checked_picture(genre, path)
    shown = [] if solution is None else [solution.value]
    draw(genre, puzzle.data, shown, None, path)


def convert(puzzle: Puzzle, to: str) -> str:
    """``puzzle`` written in another of its genre's formats, which the genre reads back as the
    same puzzle: ``text`` (its own), a Tatham game ID (``tatham``) where the genre reads one, a
    puzz.link URL (``url``) where it reads them, and the layouts ``generate --style`` writes
    (zebra: ``houses``, ``baron``). PuzzleError naming the choices for a format the genre has
    not, or one this puzzle cannot be put in."""
    from .conversion import ALIASES, ConvertError, formats

    genre = _puzzle(puzzle).genre
    _text("to", to, "a format's name")
    to = ALIASES.get(to, to)
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
    isolate: bool | None,
    prune: bool,
    each: Callable[[Solution], None] | None = None,
) -> Result:
    """One run of the pipeline, here or in a child, as a Result: one policy for the library and
    the command line (``isolate=None``: a child only when the run needs one)."""
    from .pipeline import runs_in_process, solve_isolated, solve_quick
    from .pipeline import solve as run

    genre = _puzzle(puzzle).genre
    chosen = checked_backend(backend or genre.default_backend)
    kind = checked_encoding(genre, encoding, chosen.name)
    _check_time(time_limit)
    passed = checked_params(params, [chosen])[chosen.name] or None  # to the backend
    _check_memory(memory_limit, isolate)
    memory = _memory(memory_limit)
    times = {"parse": puzzle.parse_seconds}
    found: list[Any] = []  # the solutions ``each`` heard, kept when a limit stops the run

    def heard(_: Any, value: Any) -> None:
        found.append(value)
        if each is not None:
            each(Solution(puzzle, value))

    if isolate is None:  # (as the command line chooses)
        isolate = each is not None or not runs_in_process(chosen, time_limit, memory)
        quick = not isolate
    else:
        quick = False
        # A solver that cannot be stopped inside a call keeps a time limit only in a child.
        isolate = isolate or (time_limit is not None and "time-limit" not in chosen.capabilities)

    def work() -> Outcome:
        if quick:
            return solve_quick(genre, chosen, kind, load=lambda _: puzzle.data, limit=limit,
                               prune=prune, times=times, params=passed)  # fmt: skip
        if isolate:
            return solve_isolated(genre, chosen, kind, puzzle=puzzle.data, limit=limit,
                                  time_limit=time_limit, prune=prune, times=times,
                                  memory_limit=memory, params=passed,
                                  each=None if each is None else heard)  # fmt: skip
        return run(genre, puzzle.data, chosen, kind, limit=limit, time_limit=time_limit,
                   prune=prune, times=times, params=passed, streaming=each is not None,
                   progress=None if each is None else lambda v: _heard(heard, v))  # fmt: skip

    try:
        outcome = _read_errors(work)
    except OutOfMemory as e:
        spent = Outcome(genre.name, chosen.name, kind, Status.OUT_OF_MEMORY, puzzle.data, found,
                        times=times)  # fmt: skip
        return Result(puzzle, spent, counting, error=str(e))
    return Result(puzzle, outcome, counting)


def _heard(heard: Callable[[Any, Any], None], value: Any) -> None:
    """A solution found in this process, to ``heard`` (the run's ``progress`` hears None first,
    when the model is built)."""
    if value is not None:
        heard(None, value)


def _read_errors(work: Callable[[], T]) -> T:
    """``work()``, a puzzle too large to model turned into the PuzzleError the command line
    prints."""
    from .models.model import TooLarge

    try:
        return work()
    except TooLarge as e:
        raise PuzzleError(str(e)) from e


def _check_time(limit: float | None) -> None:
    """A time limit is a number of seconds > 0, or None."""
    if limit is not None and not 0 < _number("time_limit", limit, "seconds") < float("inf"):
        raise PuzzleError(f"time limit {limit!r}: a number of seconds > 0")


def _check_memory(limit: float | None, isolate: bool | None) -> None:
    """A memory limit is a number of GB > 0, and a child to hold it; PuzzleError otherwise."""
    if limit is not None and isolate is False:
        raise PuzzleError("a memory limit needs isolate=True (a child to hold it)")
    if limit is not None and not 0 < _number("memory_limit", limit, "GB") < float("inf"):
        raise PuzzleError(f"memory limit {limit!r}: a number of GB > 0")


def _memory(limit: float | None) -> int:
    """A memory limit in GB as bytes, or -1 for the default (three quarters of the machine)."""
    return -1 if limit is None else int(limit * 2**30)


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
