"""Puzzles with exactly one solution, for every genre: a random solution, shown whole, then
givens taken away in random order while the solver proves the puzzle still unique."""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from .genres import GenerateError, Genre
from .pipeline import solve, solve_isolated
from .solvers import Backend, Status, get_backend


@dataclass
class Generated:
    """A puzzle, the solution it hides, and how hard a solver found it."""

    puzzle: Any
    solution: Any
    givens: int  # givens left
    of: int  # givens the full solution had
    propagation: bool  # the solver needed no search (no branches, no conflicts)
    stats: dict[str, int] = field(default_factory=dict)  # the solver's conflicts and branches
    unproved: list[Any] = field(default_factory=list)  # kept: removal not settled in the budget
    always: list[Any] = field(default_factory=list)  # kept by the genre's rule (Signpost: 1, N)


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
    time_limit: float | None,
) -> Generated:
    """One puzzle from its own seed, in a child process that ``time_limit`` stops (TimedOut):
    a cluster worker's task, as ``generate --count`` makes each puzzle here."""
    from .genres import get_genre
    from .isolation import default_memory_limit, run_isolated

    genre = get_genre(genre_name)
    backend = get_backend(backend_name)

    def work(_: Callable[[Any], None]) -> Generated:
        return generate(genre, size, random.Random(seed), backend, share, style=style)

    return run_isolated(work, time_limit, None, default_memory_limit())


def size_of(genre: Genre[Any, Any], text: str) -> tuple[int, int]:
    """``WxH``, or ``N`` for ``NxN`` (what each genre takes is its ``sizes``)."""
    parts = text.lower().split("x")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        numbers = []
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) != 2 or min(numbers) < 1:
        raise GenerateError(f"bad size {text!r}: {genre.name} takes {genre.about.sizes}")
    largest = genre.about.largest
    if numbers[0] * numbers[1] > largest:
        raise GenerateError(f"size {text!r} is over the generator's limit of {largest} cells")
    return numbers[0], numbers[1]


TRIAL_EFFORT = 2_000
"""A removal whose uniqueness is not proved within this budget (SAT conflicts, or CP-SAT
deterministic milliseconds) is undone: a puzzle that hard for a solver is past what a person
solves, and generation stays bounded. A budget, not a time, so a seed gives the same puzzle on
any machine."""
TRIAL_SECONDS = 0.25
"""The same, for the backends that have no such budget (Kissat, Lingeling): not repeatable."""


def generate(
    genre: Genre[Any, Any],
    size: tuple[int, int],
    rng: random.Random,
    backend: Backend | None = None,
    share: float | None = None,
    effort: int = TRIAL_EFFORT,
    progress: Callable[[int, int], None] | None = None,
    style: str | None = None,
) -> Generated:
    """A unique puzzle of ``size``: down to a minimal set of givens (each still shown is needed,
    or its removal could not be proved within ``effort``: ``unproved``), or to ``share`` of
    them. ``progress`` hears how many givens have been tried for removal, and of how many.
    ``style`` (one of the genre's ``styles``) is how the made puzzle is written."""
    backend = backend or get_backend(genre.default_backend)
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

    def solutions(puzzle: Any, n: int) -> list[Any]:
        return solve(genre, puzzle, backend, limit=n).solutions

    for _ in range(20):
        styled = {"style": style} if style else {}
        full, solution, keep = genre.make(size, rng, solutions, **styled)
        if solve(genre, full, backend, limit=2).status == Status.UNIQUE:
            break
    else:
        raise GenerateError(f"no {genre.name} of size {size[0]}x{size[1]} with one solution "
                            "in 20 attempts")  # fmt: skip
    shown = rules.of(full)
    order = [g for g in shown if g not in keep]
    rng.shuffle(order)
    floor = 0 if share is None else round(share * len(shown))
    kept = list(shown)
    unproved = []
    for tried, given in enumerate(order):
        if progress:
            progress(tried, len(order))
        if len(kept) <= floor:
            break
        trial = [g for g in kept if g != given]
        status = check(rules.keep(full, trial))
        if status == Status.UNIQUE:
            kept = trial
        elif status != Status.MULTIPLE:
            unproved.append(given)
    puzzle = rules.keep(full, kept)
    stats = difficulty(genre, puzzle)
    quiet = stats.get("branches", 1) == 0 and stats.get("conflicts", 1) == 0
    return Generated(puzzle, solution, len(kept), len(shown), quiet, stats, unproved, list(keep))


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

    def __call__(self, tried: int, of: int) -> None:
        elapsed = self.clock() - self.start
        if elapsed < self.after or (self.shown is not None and elapsed - self.shown < self.every):
            return
        self.shown = elapsed
        self.stream.write(f"{self.name}: {tried}/{of} givens tried ({elapsed:.0f} s)\n")
        self.stream.flush()

    def heard(self, message: tuple[int, int]) -> None:
        """The same, from a message ``(tried, of)`` sent by the process making the puzzle."""
        self(*message)


def difficulty(genre: Genre[Any, Any], puzzle: Any) -> dict[str, int]:
    """CP-SAT's search effort on one worker (repeatable): branches and conflicts."""
    outcome = solve(genre, puzzle, get_backend("cpsat:1"), limit=1)
    return {k: outcome.stats.get(k, 0) for k in ("branches", "conflicts")}
