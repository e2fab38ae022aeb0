"""Puzzles with exactly one solution, for every genre: a random solution, shown whole, then
givens taken away in random order while the solver proves the puzzle still unique."""

from __future__ import annotations

import hashlib
import io
import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TextIO

from .contract import GenerateError
from .grading import SOLVER, Band, Grade, GradeEffort, facts_and_clauses, grade, grade_encoding
from .models.model import Built, IntVar, Lit, TooLarge
from .pipeline import solve, solve_isolated
from .registry import Genre
from .solvers import Backend, Status, get_backend


@dataclass(slots=True)
class Generated:
    """A puzzle, the solution it hides, and how hard a solver found it."""

    puzzle: Any
    solution: Any
    givens: int  # givens left
    of: int  # givens the full solution had
    propagation: bool  # propagation alone solves it (grade level 1)
    stats: dict[str, int] = field(default_factory=dict)  # the solver's counts, where kept
    unproved: list[Any] = field(default_factory=list)  # kept: removal not settled in the budget
    always: list[Any] = field(default_factory=list)  # kept by the genre's rule (Signpost: 1, N)
    grade: Grade | None = None  # how hard for a person (``grade``)


def puzzle_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th puzzle (from 1) of a run with ``seed``: the run's own for
    the first (so ``--seed S`` alone is that puzzle), then one drawn from both, so that each
    puzzle can be made apart from the others (on a cluster) and is the same wherever it is."""
    if index == 1:
        return seed
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def make_isolated(
    genre_name: str,
    size: tuple[int, int],
    seed: int,
    backend_name: str,
    share: float | None,
    style: str | None,
    levels: tuple[int, ...] | Band | None,
    time_limit: float | None,
    name: str = "",
    lines: Callable[[str], None] | None = None,
) -> Generated:
    """One puzzle from its own seed, in a child process that ``time_limit`` stops (TimedOut):
    a cluster worker's task, as ``generate --count`` makes each puzzle here; ``lines`` hears
    the lines a person waiting on a slow puzzle ``name`` is shown (ProgressLines)."""
    from .isolation import default_memory_limit, run_isolated
    from .registry import get_genre

    genre = get_genre(genre_name)
    backend = get_backend(backend_name)
    heard = None if lines is None else ProgressLines(Said(lines), name).heard

    def work(send: Callable[[Any], None]) -> Generated:
        return generate(genre, size, random.Random(seed), backend, share,
                        progress=None if heard is None else lambda *n: send(n),
                        style=style, levels=levels)  # fmt: skip

    return run_isolated(work, time_limit, heard, default_memory_limit())


def size_of(genre: Genre[Any, Any], text: str) -> tuple[int, int]:
    """``WxH``, or ``N`` for ``NxN`` (what each genre takes is its ``sizes``)."""
    parts = text.lower().split("x")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        numbers = []
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) == 2 and min(numbers) < 1:
        raise GenerateError(f"bad size {text!r}: a side is 1 or more; {genre.name} takes "
                            f"{genre.about.making.sizes}")  # fmt: skip
    if len(numbers) != 2:
        raise GenerateError(f"bad size {text!r}: {genre.name} takes {genre.about.making.sizes}")
    largest = genre.about.making.largest
    if numbers[0] * numbers[1] > largest:
        raise GenerateError(f"size {text!r} is over the generator's limit of {largest} cells")
    return numbers[0], numbers[1]


TRIAL_EFFORT = 2_000
"""A removal whose uniqueness is not proved within this budget (SAT conflicts, or CP-SAT
deterministic milliseconds) is undone: a puzzle that hard for a solver is past what a person
solves, and generation stays bounded. A budget, not a time, so a seed gives the same puzzle on
any machine."""
SESSION_EFFORT = 300
"""The budget of a removal test on the shared session (``Removals``), in SAT conflicts; one not
settled within it is tested again the slow way, by a fresh build pruned by the givens kept."""
SESSION_CANDIDATES = 16
"""The most values per place, on average, for which one session on the puzzle without its
givens pays: past it (a number path, where any cell may hold most numbers) the fresh build of
each trial, pruned by the givens it keeps, is faster (measured on 10x10 Signpost and Hidato)."""
TRIAL_SECONDS = 0.25
"""The same, for the backends that have no such budget (Kissat, Lingeling): not repeatable."""


def generate(
    genre: Genre[Any, Any],
    size: tuple[int, int],
    rng: random.Random,
    backend: Backend | None = None,
    share: float | None = None,
    effort: int = TRIAL_EFFORT,
    progress: Callable[..., None] | None = None,
    style: str | None = None,
    levels: tuple[int, ...] | Band | None = None,
    starts: int | None = None,
) -> Generated:
    """A unique puzzle of ``size``: down to a minimal set of givens (each still shown is needed,
    or its removal could not be proved within ``effort``: ``unproved``), or to ``share`` of
    them. ``progress`` hears how many givens have been tried for removal, and of how many (and,
    asked for a band, which attempt of how many it is).
    ``style`` (one of the genre's ``styles``) is how the made puzzle is written. ``levels``: a
    puzzle whose grade is one of them, or in the band's scores (a removal is kept only while the
    grade stays within the highest, and below the band's top score), from up to ``starts``
    random solutions (default STARTS); past them, OutOfReach."""
    backend = backend or get_backend(genre.generate_backend)
    try:
        if levels is None:
            return _one(genre, size, rng, backend, share, effort, progress, None, style)
        band = levels if isinstance(levels, Band) else None
        # (a band's top score matters where it falls within a level: Loopy's by its switches)
        ceiling = band.high if band is not None and band.high < max(band.levels) else None
        tries = starts or genre.about.making.attempts or STARTS
        failed: GenerateError | None = None  # an attempt whose random board made no puzzle
        made_any = False
        for attempt in range(1, tries + 1):
            heard = None if progress is None else partial(_attempt, progress, attempt, tries)
            try:
                made = _one(genre, size, rng, backend, share, effort, heard, max(levels), style,
                            ceiling, band.low if band is not None else None)  # fmt: skip
            except GenerateError as e:  # (the next attempt draws another board)
                failed = e
                continue
            made_any = True
            if made.grade is not None and _within(made.grade, levels):
                return made
        if failed is not None and not made_any:
            raise failed  # no attempt made a puzzle at all: say why
    except TooLarge as e:
        said = too_large(genre, size, e)
        if share is not None and genre.about.making.adds_givens:
            said += " (without a share of givens, givens are added instead, with no such limit)"
        raise GenerateError(said) from None
    named = str(levels) if isinstance(levels, Band) else "/".join(map(str, sorted(levels)))
    raise OutOfReach(
        f"no {genre.name} of size {size[0]}x{size[1]} graded {named} in "
        f"{starts or genre.about.making.attempts or STARTS} attempts"
    )


def _within(graded: Grade, levels: tuple[int, ...] | Band) -> bool:
    """Whether a grade is in the band's scores, or one of the levels asked."""
    return levels.holds(graded.score) if isinstance(levels, Band) else graded.level in levels


def too_large(genre: Genre[Any, Any], size: tuple[int, int], e: TooLarge) -> str:
    """Why a size cannot be made, naming the largest square one: a model too large to build
    is the generator's limit, not the user's to lift by giving numbers."""
    said = f"a {size[0]}x{size[1]} {genre.name} is too large to generate"
    if e.cells is None:
        return f"{said}: {e}"
    side = max(1, int(e.cells**0.5))
    return f"{said} (its model would be past the size limit); the largest square is {side}x{side}"


GRADED_UP_TO = 1
"""Without a band, the grade is settled up to this level (propagation alone, or more): probing
a large puzzle's model takes seconds (a 10x10 Signpost's, 10 s), far more than making it."""
STARTS = 20
"""Random solutions ``generate`` tries for a puzzle of the asked difficulty before it gives up:
a hard band is reached from few of them (each attempt is repeatable, the count too)."""
CLIMB_STEPS = 6
"""Swaps a minimal puzzle that scores below its band may take toward it (``_one``'s climb):
each costs a removal pass and a grade."""


class OutOfReach(Exception):
    """No puzzle of the asked difficulty within the attempts."""


def _one(
    genre: Genre[Any, Any],
    size: tuple[int, int],
    rng: random.Random,
    backend: Backend,
    share: float | None,
    effort: int,
    progress: Callable[[int, int], None] | None,
    top: int | None,
    style: str | None = None,
    ceiling: float | None = None,
    floor: float | None = None,
) -> Generated:
    """One puzzle from one random solution, graded; with ``top``, no harder than that level
    (and with ``ceiling``, scored below it); with ``floor``, a minimal puzzle scored below it
    climbs toward it (``climb``)."""
    budgeted = "effort" in backend.capabilities

    def check(puzzle: Any) -> Status:
        if budgeted:
            return solve(genre, puzzle, backend, limit=2, effort=effort).status
        return solve_isolated(
            genre, backend, puzzle=puzzle, limit=2, time_limit=TRIAL_SECONDS
        ).status

    if genre.make is None:
        raise GenerateError(f"no generator for {genre.name}")
    rules = genre.givens

    def solutions(puzzle: Any, n: int, on: str = "") -> list[Any]:
        # (``on``: a backend a maker names for boards whose puzzles no seed made before)
        return solve(genre, puzzle, get_backend(on) if on else backend, limit=n).solutions

    for _ in range(20):
        if not style:
            full, solution, keep = genre.make(size, rng, solutions)
        elif genre.make_styled is not None:  # a style is the parser's: how the puzzle is written
            full, solution, keep = genre.make_styled(size, rng, solutions, style)
        else:
            raise GenerateError(f"{genre.name} has no style {style!r}")
        if solve(genre, full, backend, limit=2).status == Status.UNIQUE:
            break
    else:
        raise GenerateError(f"no {genre.name} of size {size[0]}x{size[1]} with one solution "
                            "in 20 attempts")  # fmt: skip
    shown = rules.of(full)
    order = [g for g in shown if g not in keep]
    rng.shuffle(order)
    if rules.first is not None:  # (a stable sort: random within each kind)
        first = rules.first
        order.sort(key=lambda given: not first(full, given))
    least = 0 if share is None else round(share * len(shown))

    bounded = [True]  # (False for a first pass that grades no removal: Making.top_after)
    top_after = genre.about.making.top_after and top is not None and top >= 4
    known: dict[Any, tuple[Grade, float | None]] = {}

    def graded_as(puzzle: Any, stop: float | None = None) -> Grade:
        """The puzzle's grade up to ``top`` (``_graded``), once per puzzle: the climb and the
        last grade see again the puzzle a pass ended on (a grade stopped at a score is taken
        again only for the same stop)."""
        try:
            hit = known.get(puzzle)
        except (TypeError, ValueError):  # a puzzle that does not hash
            return _graded(genre, puzzle, top, stop)
        if hit is not None and (hit[1] is None or hit[0].score < hit[1] or hit[1] == stop):
            return hit[0]
        found = _graded(genre, puzzle, top, stop)
        known[puzzle] = (found, stop)
        return found

    def too_hard(kept: list[Any]) -> bool:
        """The puzzle showing ``kept`` grades past ``top`` (search, 4, is past every top), or
        scores ``ceiling`` or more."""
        if top is None or (top >= 4 and ceiling is None) or not bounded[0]:
            return False
        graded = graded_as(rules.keep(full, kept))
        return graded.level > top or (ceiling is not None and graded.score >= ceiling)

    def remove(
        trial: Callable[[list[Any], Any], Status],
        start: list[Any] | None = None,
        among: list[Any] | None = None,
    ) -> tuple[list[Any], list[Any]]:
        """The givens kept (from ``start``, else all), and those kept only because their
        removal was not settled; tried in ``among``'s order (else the random order)."""
        kept = list(shown if start is None else start)
        unproved: list[Any] = []
        # Nothing refuses a removal for its grade: when the puzzle without any of them is unique,
        # each removal in turn is, and the pass ends there. One proof, not one a given (a Tents
        # layout alone is most often unique).
        bare = [g for g in kept if g not in order]
        if (
            start is None
            and among is None
            and least == 0
            and len(order) > 1
            and not (top is not None and (top < 4 or ceiling is not None))
            and check(rules.keep(full, bare)) == Status.UNIQUE
        ):
            return bare, unproved
        for tried, given in enumerate(order if among is None else among):
            if progress:
                progress(tried, len(order))
            if len(kept) <= least:
                break
            if given not in kept:
                continue
            status = trial(kept, given)
            if status == Status.UNIQUE and too_hard([g for g in kept if g != given]):
                continue  # unique, but past the band: the given stays
            if status == Status.UNIQUE:
                kept = [g for g in kept if g != given]
            elif status != Status.MULTIPLE:
                unproved.append(given)
        return kept, unproved

    def fresh(kept: list[Any], given: Any) -> Status:
        return check(rules.keep(full, [g for g in kept if g != given]))

    def climb(
        trial: Callable[[list[Any], Any], Status], kept: list[Any], unproved: list[Any]
    ) -> tuple[list[Any], list[Any]]:
        """A minimal puzzle that scores below ``floor``, moved toward it: a given it does not
        show is shown, then the others are taken away again in a new random order while the
        puzzle stays unique; the new minimal puzzle is kept when it scores higher (and not past
        ``top`` or ``ceiling``), for up to CLIMB_STEPS swaps."""
        assert floor is not None
        if floor <= 0 or not genre.about.making.climbs or not any(g in kept for g in order):
            # Every score is past the floor, or the puzzle shows none of the givens taken away
            # (a Tents layout alone): a given shown again could only be taken away again, or
            # stay and make the puzzle easier, so there is nothing to swap.
            return kept, unproved
        now = graded_as(rules.keep(full, kept)).score
        # A given shown again is of the kinds taken away last (a Towers edge clue, not a
        # digit inside): the puzzle keeps the look of the genre's.
        hidden = [g for g in order if rules.first is None or not rules.first(full, g)] or order
        for _ in range(CLIMB_STEPS):
            if now >= floor:
                break
            out = [g for g in hidden if g not in kept]
            if not out:
                break
            again = rng.choice(out)
            among = [g for g in order if g in kept]
            rng.shuffle(among)
            if rules.first is not None:
                first = rules.first
                among.sort(key=lambda given: not first(full, given))
            tried, left = remove(trial, [*kept, again], among)
            graded = graded_as(rules.keep(full, tried))
            if (
                graded.score > now
                and not (top is not None and graded.level > top)
                and (ceiling is None or graded.score < ceiling)
            ):
                kept, unproved, now = tried, left, graded.score
        return kept, unproved

    added: list[Any] | None = None
    trials: Removals | None = None
    if share is None and genre.about.making.adds_givens:
        try:
            added = Additions(genre, full, solution, list(keep), order, progress).run()
        except NotIncremental:
            added = None
    if added is None and genre.about.making.session:
        try:
            trials = Removals(genre, full, solution, list(keep), order, backend, SESSION_EFFORT)
        except NotIncremental:
            trials = None
    if added is not None:
        kept, unproved = [*keep, *added], list[Any]()
        if top is not None and top > 1:
            # Past propagation alone: removal trials go on from there, the slow way.
            kept, unproved = remove(fresh, kept)
    elif trials is None:
        if top_after and ceiling is not None:
            # A first pass graded once at its end: kept when below the band's top score.
            bounded[0] = False
            kept, unproved = remove(fresh)
            bounded[0] = True
            # Past the top, the givens taken away are shown again from the last, as few as keep
            # it below (by halves: the puzzle after each prefix of the removals is unique).
            taken = [g for g in order if g not in kept and g not in unproved]
            low, high = 0, len(taken)  # (after ``high`` removals the score is past the top)

            def below(k: int) -> bool:
                shown_k = [*kept, *taken[k:]]
                return graded_as(rules.keep(full, shown_k), ceiling).score < ceiling

            if not below(high):
                while high - low > 1:
                    middle = (low + high) // 2
                    low, high = (middle, high) if below(middle) else (low, middle)
                kept = [*kept, *taken[low:]]
        else:
            kept, unproved = remove(fresh)
        if floor is not None and share is None:
            kept, unproved = climb(fresh, kept, unproved)
    else:

        def trial(kept: list[Any], given: Any) -> Status:
            assert trials is not None
            status = trials.trial(kept, given)
            return fresh(kept, given) if status == Status.TIMEOUT else status

        with trials:
            kept, unproved = remove(trial)
            if floor is not None and share is None:
                kept, unproved = climb(trial, kept, unproved)
        if not proved(genre, rules.keep(full, kept), solution, backend):
            kept, unproved = remove(fresh)  # not met so far; the slow way stays the reference
    puzzle = rules.keep(full, kept)
    if not proved(genre, puzzle, solution, backend):
        raise RuntimeError(f"a generated {genre.name} failed its final proof of uniqueness")
    graded = None
    if top is not None or genre.about.making.graded:  # the puzzle as printed and read back:
        # (past the band's top score, how far past is not needed: the puzzle is not kept)
        graded = graded_as(_printed(genre, puzzle), ceiling)
    easy = graded is not None and graded.level == 1
    return Generated(
        puzzle, solution, len(kept), len(shown), easy, {}, unproved, list(keep), graded
    )  # fmt: skip


def _graded(
    genre: Genre[Any, Any], puzzle: Any, top: int | None, stop: float | None = None
) -> Grade:
    """The grade of an attempt's puzzle up to ``top`` (without a band, GRADED_UP_TO); asked for
    a band, within the genre's effort: past it the attempt is given up (GenerateError), as one
    whose board made no puzzle."""
    effort = (genre.about.grading.effort or None) if top is not None else None
    try:
        return grade(genre, puzzle, top or GRADED_UP_TO, stop=stop, effort=effort)
    except GradeEffort:
        raise GenerateError(
            f"grading a {genre.name} took past {genre.about.grading.effort} propagations"
        ) from None


def _printed(genre: Genre[Any, Any], puzzle: Any) -> Any:
    """The puzzle as ``generate`` prints it and ``grade`` reads it back (a layout may list its
    values in another order, or say a clue the other way round), so that the grade printed is
    the grade ``grade`` gives; the puzzle itself where its text does not read back."""
    from .parsers import ParseError

    try:
        return genre.read(genre.format_puzzle(puzzle))
    except ParseError:
        return puzzle


def proved(genre: Genre[Any, Any], puzzle: Any, solution: Any, backend: Backend) -> bool:
    """A fresh build and solve finds ``solution`` as the puzzle's only one, and the checker
    written from the rules accepts it."""
    outcome = solve(genre, puzzle, backend, limit=2)
    return (
        outcome.status == Status.UNIQUE
        and outcome.solutions == [solution]
        and not genre.check(puzzle, solution)
    )


def candidates(built: Built[Any]) -> int:
    """The values the model leaves open, over all places (literals of the answer)."""
    if built.keys is not None:
        return sum(len(values) for values in built.keys.values())
    return sum(len(x.domain) if isinstance(x, IntVar) else 2 for x in built.model.answer)


class NotIncremental(Exception):
    """The genre's givens cannot be shown by assumptions on this model or backend."""


def given_places(genre: Genre[Any, Any], full: Any, solution: Any, givens: list[Any]) -> list[Any]:
    """Each given's place, where the givens are the solution's values at places."""
    rules = genre.givens
    try:
        where = {rules.at(full, solution, place): place for place in genre.answer(solution)}
        return [where[g] for g in givens]
    except TypeError:  # unhashable givens: not values at places
        raise NotIncremental("givens are not values at places") from None
    except KeyError:
        raise NotIncremental("a given is not the solution's value at a place") from None


class Removals:
    """The removal tests of one puzzle on one solver session: the puzzle without its givens is
    built once, each given is an assumption on the answer literal "its place holds its value"
    (through the model's ``keys``, or its answer variables in the order of the genre's answer),
    the known solution is blocked once, and each trial is one solve call under the kept givens.
    A trial also assumes the removed given false: any other solution differs there, since the
    givens kept so far have one solution. Learned clauses carry over from trial to trial."""

    def __init__(
        self,
        genre: Genre[Any, Any],
        full: Any,
        solution: Any,
        keep: list[Any],
        givens: list[Any],
        backend: Backend,
        effort: int,
    ) -> None:
        if "effort" not in backend.capabilities or "incremental" not in backend.capabilities:
            raise NotIncremental(f"{backend.name} has no repeatable budget or no increments")
        self.genre, self.full, self.solution, self.backend = genre, full, solution, backend
        self.keep, self.givens, self.effort = keep, givens, effort
        self.values = genre.answer(solution)
        self.places = list(self.values)
        self.index = {place: i for i, place in enumerate(self.places)}
        shown = given_places(genre, full, solution, givens)
        self.where = dict(zip(givens, shown, strict=True))
        self.session, self.lits = self._open()

    def _open(self) -> tuple[Any, dict[Any, Lit]]:
        """A session on the puzzle that shows only the givens kept always, and the literal of
        each other given; the solution is checked to be the givens' and blocked."""
        from .solvers.sat import SatSession

        built = self.genre.build(
            self.genre.givens.keep(self.full, self.keep), self.genre.default_encoding
        )
        if candidates(built) > SESSION_CANDIDATES * len(self.places):
            raise NotIncremental("too many values left open at each place")
        session = self.backend.open(built.model)
        try:
            if not isinstance(session, SatSession):
                raise NotIncremental(f"{self.backend.name} takes no assumptions")
            lits = {
                g: self._literal(session, built, self.where[g], self.values[self.where[g]])
                for g in self.givens
            }
            # The solution shown whole is found again: the literals say what the givens say.
            session.assumptions = list(lits.values())
            session.effort = self.effort * 10
            found = session.solve()
            if found.assignment is None or built.decode(found.assignment) != self.solution:
                raise NotIncremental("the givens' literals do not spell the solution")
            session.exclude(found.assignment)
        except BaseException:
            session.close()
            raise
        session.effort = self.effort
        return session, lits

    def _literal(self, session: Any, built: Built[Any], place: Any, value: Any) -> Lit:
        """The literal of "``place`` holds ``value``" on this model."""
        if built.keys is not None:
            lit = built.keys.get(place, {}).get(value)
            if lit is None:
                raise NotIncremental(f"the model has no literal for {value!r} at {place}")
            return lit
        answer = built.model.answer
        if len(answer) != len(self.places) or not isinstance(value, int):
            raise NotIncremental("the answer variables are not one per place")
        x = answer[self.index[place]]
        if isinstance(x, IntVar):
            found = session.values[x.number].get(value)
            if found is None:
                raise NotIncremental(f"{value!r} is not in the domain at {place}")
            return int(found)
        if value not in (0, 1):
            raise NotIncremental(f"a Boolean answer holds {value!r} at {place}")
        return int(session.literal(x, value))

    def trial(self, kept: list[Any], given: Any) -> Status:
        """UNIQUE when the givens ``kept`` without ``given`` still have one solution, MULTIPLE
        when they have another, TIMEOUT when the budget ran out first."""
        lits = self.lits
        assumed = [lits[g] for g in kept if g != given and g in lits]
        self.session.assumptions = [*assumed, -lits[given]]
        found = self.session.solve()
        if found.status is Status.UNSOLVABLE:
            return Status.UNIQUE
        return Status.MULTIPLE if found.status is Status.SOLVED else Status.TIMEOUT

    def __enter__(self) -> Removals:
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.close()


class Additions:
    """Simon Tatham's way, for a model that leaves most values open at each place (a number
    path, where a removal test rarely settles within its budget, and a solver's search for a
    second solution as rarely): givens are added rather than taken away, each at the first
    place, in the random ``order``, that unit propagation leaves open, until propagation fixes
    every place; then each given added is dropped again, in the reverse order, when propagation
    still fixes every place without it. One propagation per step, on one solver built once
    from the puzzle without its givens (each given an assumption): the puzzle made is solved by
    propagation alone, so it has one solution, and no given can be dropped from it on that
    ground. A genre whose model tells what its own pruning fixes (``Genre.settling``: a number
    path's, from the givens alone, in a millisecond) is asked that instead of a solver: the
    puzzle made is then solved by that pruning alone, with which the grade builds its model."""

    def __init__(
        self,
        genre: Genre[Any, Any],
        full: Any,
        solution: Any,
        keep: list[Any],
        givens: list[Any],
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        from pysat.solvers import Solver

        from .solvers.sat import SatSession

        rules = genre.givens
        values = genre.answer(solution)
        places = given_places(genre, full, solution, givens)
        self.givens = givens
        self.progress = progress  # hears the givens tried (added, then tried for dropping)
        self.calls = 0
        self.steps: list[tuple[str, Any]] = []  # ("add" or "drop", given), as they were taken
        self.solver: Any = None
        self.at = {g: (place, values[place]) for g, place in zip(givens, places, strict=True)}
        self.settled: Callable[[list[Any]], Any] | None = None
        if genre.settling is not None:  # each answer from those before, on this one board
            settled = genre.settling(rules.keep(full, keep))
            self.settled = lambda shown: settled(rules.keep(full, [*keep, *shown]))
            return
        built = genre.build(rules.keep(full, keep), grade_encoding(genre))
        model = built.model
        if built.keys is None or model.circuits or model.connected or model.matchings:
            raise NotIncremental("the model has no literal per value, or lazy constraints")
        keys = built.keys
        self.lits: dict[Any, Lit] = {}
        for given, place in zip(givens, places, strict=True):
            lit = keys.get(place, {}).get(values[place])
            if lit is None:
                raise NotIncremental(f"the model has no literal for the given at {place}")
            self.lits[given] = lit
        # The model's units are facts, as in the grade's propagation.
        self.facts, self.clauses = facts_and_clauses(SatSession(model, SOLVER).clauses)
        self.solver = Solver(name=SOLVER, bootstrap_with=self.clauses)

    def open(self, shown: list[Any]) -> list[Any] | None:
        """The givens whose place unit propagation leaves open when ``shown`` are shown, in
        order; None on a contradiction (givens that are not the solution's)."""
        self.calls += 1
        if self.settled is not None:
            fixed = self.settled(shown)
            if fixed is None:
                return None
            return [g for g in self.givens if fixed.get(self.at[g][0]) != self.at[g][1]]
        ok, implied = self.solver.propagate(
            assumptions=[*self.facts, *(self.lits[g] for g in shown)]
        )
        if not ok:
            return None
        fixed = set(implied)
        return [g for g in self.givens if self.lits[g] not in fixed]

    def run(self) -> list[Any]:
        """The givens added, in the order given, none of them redundant for propagation."""
        try:
            shown = self._add()
            # The last given added stays: the others left its place open, which is why it came.
            for tried, given in enumerate(reversed(shown[:-1])):
                if self.progress:
                    self.progress(tried, len(shown))
                fewer = [g for g in shown if g != given]
                if self.open(fewer) == []:
                    shown = fewer
                    self.steps.append(("drop", given))
            return shown
        finally:
            if self.solver is not None:
                self.solver.delete()

    def _add(self) -> list[Any]:
        """Givens added until propagation fixes every place. On a second solver, the facts and
        each given added become units, so that each step propagates only what is new (a large
        board's propagation from all the givens costs a tenth of a second): what the givens
        so far imply is kept here, and grows by each step's propagation."""
        from pysat.solvers import Solver

        if self.settled is not None:  # no solver: each step asks the pruning (``settling``)
            shown: list[Any] = []
            while left := self.open(shown):
                if self.progress:
                    self.progress(len(shown), len(self.givens))
                shown.append(left[0])
                self.steps.append(("add", left[0]))
            if left is None:
                raise RuntimeError("the givens of a generated puzzle contradict each other")
            return shown
        growing: Any = Solver(name=SOLVER, bootstrap_with=self.clauses)
        try:
            self.calls += 1
            ok, implied = growing.propagate(assumptions=self.facts)
            for lit in self.facts:
                growing.add_clause([lit])
            fixed = set(implied)
            shown = []
            while ok and (left := [g for g in self.givens if self.lits[g] not in fixed]):
                given = left[0]
                if self.progress:
                    self.progress(len(shown), len(self.givens))
                self.calls += 1
                ok, implied = growing.propagate(assumptions=[self.lits[given]])
                growing.add_clause([self.lits[given]])
                fixed.update(implied)
                shown.append(given)
                self.steps.append(("add", given))
            if not ok:
                raise RuntimeError("the givens of a generated puzzle contradict each other")
            return shown
        finally:
            growing.delete()


def _attempt(progress: Callable[..., None], attempt: int, tries: int, tried: int, of: int) -> None:
    """A removal's progress, said with the attempt it belongs to."""
    progress(tried, of, attempt, tries)


class ProgressLines:
    """For a person waiting on a slow puzzle: nothing in its first ``after`` seconds (most are
    made by then), then a line at most every ``every`` seconds on the givens tried so far."""

    def __init__(
        self,
        stream: TextIO,
        name: str,
        after: float = 2.0,
        every: float = 3.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream, self.name, self.after, self.every, self.clock = (
            stream, name, after, every, clock
        )  # fmt: skip
        self.start = clock()
        self.shown: float | None = None

    def __call__(self, tried: int, of: int, attempt: int = 0, tries: int = 0) -> None:
        elapsed = self.clock() - self.start
        if elapsed < self.after or (self.shown is not None and elapsed - self.shown < self.every):
            return
        self.shown = elapsed
        which = f"attempt {attempt} of {tries}, " if attempt else ""
        self.stream.write(f"{self.name}: {which}{tried}/{of} givens tried ({elapsed:.0f} s)\n")
        self.stream.flush()

    def heard(self, message: tuple[int, ...]) -> None:
        """The same, from a message ``(tried, of[, attempt, tries])`` sent by the process making
        the puzzle."""
        self(*message)


class Said(io.StringIO):
    """A stream whose text goes to ``say`` as it is written: a callback where a stream is
    wanted (never a terminal)."""

    def __init__(self, say: Callable[[str], None]) -> None:
        super().__init__()
        self.say = say

    def write(self, text: str) -> int:
        self.say(text)
        return len(text)


def tell(stream: TextIO, text: str) -> None:
    """``text`` on ``stream``, over a progress bar drawn there on a terminal (the bar comes
    back with the next progress)."""
    if stream.isatty():
        text = "\r\033[K" + text
    stream.write(text)
    stream.flush()


def made_in_turn(
    genre: Genre[Any, Any],
    size: tuple[int, int],
    seed: int,
    names: list[str],
    backend: Backend,
    share: float | None,
    style: str | None,
    levels: tuple[int, ...] | Band | None,
    time_limit: float | None,
    deadline: float | None,
    stream: TextIO,
    client: Any = None,
    isolate: bool = True,
) -> Generator[Generated, None, None]:
    """The puzzles ``names`` (one each), the i-th from its own seed (``puzzle_seed``), in the
    order of ``names``: each in a child process that ``deadline`` (``time.monotonic()``) stops
    (TimedOut), or each a task on the Dask ``client``, or (not ``isolate``, no deadline) here.
    ``stream`` hears a slow puzzle's progress (ProgressLines), and on a cluster a progress
    bar."""
    from .isolation import TimedOut, default_memory_limit, run_isolated

    on_cluster = None
    if client is not None:  # every puzzle a task of its own, given in order as here
        from .benchmark import progress_printer
        from .cluster import Topic, in_order, workers_note

        topic = Topic()  # a slow puzzle's lines, sent by its worker
        tasks = [(genre.name, size, puzzle_seed(seed, i), backend.name, share, style, levels,
                  time_limit, name, topic)
                 for i, name in enumerate(names, 1)]  # fmt: skip
        progress = progress_printer(stream, note=workers_note(client))
        on_cluster = in_order(client, make_isolated, tasks, deadline, progress, topic,
                              lambda text: tell(stream, text))  # fmt: skip
    try:
        for i, name in enumerate(names, 1):
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise TimedOut
            if on_cluster is not None:
                yield next(on_cluster)
                continue
            rng = random.Random(puzzle_seed(seed, i))
            shown = ProgressLines(stream, name)
            if not isolate:
                yield generate(genre, size, rng, backend, share, progress=shown, style=style,
                               levels=levels)  # fmt: skip
                continue

            def make(send: Callable[[Any], None], rng: random.Random = rng) -> Generated:
                return generate(genre, size, rng, backend, share, progress=lambda *n: send(n),
                                style=style, levels=levels)  # fmt: skip

            yield run_isolated(make, left, shown.heard, default_memory_limit())
    finally:
        if on_cluster is not None:
            on_cluster.close()
