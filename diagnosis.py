"""For setters: which cells every solution shares, which given would make a puzzle unique, which
givens a unique puzzle can spare, and which givens contradict each other. The solvers do the
search; this module only asks them questions."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .models.model import Assignment, IntVar, Lit
from .pipeline import CheckFailed, solve
from .registry import Genre, differing
from .solvers import Backend, Status

SUGGESTION_COUNT = 20
"""A candidate clue's remaining solutions are counted up to this many."""


@dataclass(slots=True)
class Diagnosis:
    """What ``diagnose`` found; places are (row, column) from 0, givens as the genre has them."""

    status: Status  # UNIQUE, MULTIPLE, UNSOLVABLE or TIMEOUT
    solution: Any = None  # the first solution found
    forced: list[tuple[int, int]] = field(default_factory=list)
    free: list[tuple[int, int]] = field(default_factory=list)
    suggestion: list[Any] = field(default_factory=list)  # givens that together make it unique
    redundant: list[Any] = field(default_factory=list)  # each removable alone, still unique
    removable: list[Any] = field(default_factory=list)  # removable together, still unique
    core: list[Any] = field(default_factory=list)  # givens that contradict each other
    calls: int = 0  # solver calls
    seconds: float = 0.0


def diagnose(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str | None = None
) -> Diagnosis:
    """Every question that fits the puzzle: forced and free cells; for several solutions a
    suggested given; for one, the redundant givens; for none, a contradicting core."""
    start = time.perf_counter()
    found = Diagnosis(Status.UNSOLVABLE)
    backbone(genre, puzzle, backend, encoding, found)
    if found.status == Status.MULTIPLE:
        suggest(genre, puzzle, backend, encoding, found)
    elif found.status == Status.UNIQUE:
        spare(genre, puzzle, backend, encoding, found)
    elif found.status == Status.UNSOLVABLE:
        contradiction(genre, puzzle, backend, encoding, found)
    found.seconds = time.perf_counter() - start
    return found


def backbone(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str | None, found: Diagnosis
) -> None:
    """Forced cells with few calls on one solver: take a solution's answer values as candidate
    facts, ask for a solution that breaks at least one of them, and keep the facts that held,
    until none can be broken. Cells where a solution differed from the first are free."""
    built = genre.build(puzzle, encoding or genre.encoding_on(backend.name))
    with backend.open(built.model) as session:
        result = session.solve()
        found.calls += 1
        if result.status is not Status.SOLVED or result.assignment is None:
            found.status = (
                Status.UNSOLVABLE if result.status is Status.UNSOLVABLE else Status.TIMEOUT
            )
            return
        first = _checked(genre, puzzle, built.decode(result.assignment), backend)
        found.solution = first
        candidates: list[Lit | IntVar] = list(built.model.answer)
        reference: Assignment = result.assignment
        free: set[tuple[int, int]] = set()
        while candidates:
            session.exclude(reference, among=candidates)
            result = session.solve()
            found.calls += 1
            if result.status is not Status.SOLVED or result.assignment is None:
                break
            other = _checked(genre, puzzle, built.decode(result.assignment), backend)
            free |= set(differing(genre, first, other))
            again = result.assignment
            candidates = [x for x in candidates if again(x) == reference(x)]
    found.status = Status.MULTIPLE if free else Status.UNIQUE
    places = set(genre.answer(first))
    found.free = sorted(free)
    found.forced = sorted(places - free)


def suggest(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str | None, found: Diagnosis
) -> None:
    """Givens taken from solutions at free cells, best first: the one that leaves the fewest
    solutions, until the puzzle is proved unique (usually one given does it). None when no
    given shown yet lowers the count (a genre whose givens are counts may never get there)."""
    rules = _rules(genre)
    added: list[Any] = []
    current = puzzle
    while True:
        outcome = solve(genre, current, backend, encoding, limit=SUGGESTION_COUNT)
        found.calls += len(outcome.solutions) + 1
        if outcome.status in (Status.UNIQUE, Status.SOLVED) and len(outcome.solutions) == 1:
            found.suggestion = added
            return
        free = sorted(
            set().union(*(differing(genre, outcome.solutions[0], s) for s in outcome.solutions))
        )
        options = {rules.at(current, s, place) for s in outcome.solutions for place in free}
        options -= set(rules.of(current))
        # A given must leave fewer solutions than now (any number, while they are too many
        # to count): one that changes nothing would be added again and again.
        have = len(outcome.solutions)
        best, best_count = None, have + 1 if have >= SUGGESTION_COUNT else have
        for option in sorted(options, key=repr):
            trial = rules.keep(current, [*rules.of(current), option])
            count = solve(genre, trial, backend, encoding, limit=best_count)
            found.calls += len(count.solutions) + 1
            if count.solutions and len(count.solutions) < best_count:
                best, best_count = option, len(count.solutions)
                if best_count == 1:
                    break
        if best is None:
            break
        added.append(best)
        current = rules.keep(current, [*rules.of(current), best])


def spare(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str | None, found: Diagnosis
) -> None:
    """The givens each of which can go while the puzzle stays unique, and a set of them that
    can go together (removed one at a time, each removal proved to keep it unique)."""
    rules = _rules(genre)
    shown = rules.of(puzzle)
    for given in shown:
        if _unique(genre, rules.keep(puzzle, [g for g in shown if g != given]), backend,
                   encoding, found):  # fmt: skip
            found.redundant.append(given)
    kept = list(shown)
    for given in found.redundant:
        trial = [g for g in kept if g != given]
        if _unique(genre, rules.keep(puzzle, trial), backend, encoding, found):
            kept = trial
            found.removable.append(given)


def contradiction(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str | None, found: Diagnosis
) -> None:
    """A minimal set of givens with no solution: drop each given whose absence leaves the rest
    still unsolvable. Empty when the board has no solution even without its givens."""
    rules = _rules(genre)
    core = rules.of(puzzle)
    for given in list(core):
        trial = [g for g in core if g != given]
        outcome = solve(genre, rules.keep(puzzle, trial), backend, encoding)
        found.calls += 1
        if outcome.status == Status.UNSOLVABLE:
            core = trial
    found.core = core


def _unique(
    genre: Genre[Any, Any], puzzle: Any, backend: Backend, encoding: str | None, found: Diagnosis
) -> bool:
    outcome = solve(genre, puzzle, backend, encoding, limit=2)
    found.calls += len(outcome.solutions) + 1
    return outcome.status == Status.UNIQUE


def _rules(genre: Genre[Any, Any]) -> Any:
    if genre.givens is None:
        raise ValueError(f"{genre.name} has no givens to work with")
    return genre.givens


def _checked(genre: Genre[Any, Any], puzzle: Any, solution: Any, backend: Backend) -> Any:
    """A decoded solution, after the independent checker has passed it."""
    problems = genre.check(puzzle, solution)
    if problems:
        raise CheckFailed(f"{backend.name} gave a {genre.name} solution that breaks the rules: "
                          f"{problems[0]}")  # fmt: skip
    return solution
