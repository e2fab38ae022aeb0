"""text -> puzzle -> model -> backend -> assignment -> solution -> checker: one run, timed."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .genres import Genre
from .solvers import Backend, Status


class CheckFailed(RuntimeError):
    """The independent checker rejected a decoded solution: a bug in a model or a solver."""


@dataclass
class Outcome:
    """What a run found, and how long each phase took (seconds)."""

    genre: str
    backend: str
    encoding: str
    status: str  # solved | unique | multiple | unsolvable | timeout
    puzzle: Any
    solutions: list[Any] = field(default_factory=list)
    count_exact: bool = False  # the enumeration ran out before its limit
    times: dict[str, float] = field(default_factory=dict)


def parse(genre: Genre, text: str, times: dict[str, float], **options: Any) -> Any:
    """The genre's parser, with its options, timed into ``times['parse']``."""
    start = time.perf_counter()
    puzzle = genre.parse(text, **options)
    times["parse"] = time.perf_counter() - start
    return puzzle


def solve(
    genre: Genre,
    puzzle: Any,
    backend: Backend,
    encoding: str | None = None,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    prune: bool = True,
    times: dict[str, float] | None = None,
) -> Outcome:
    """Up to ``limit`` distinct solutions (distinct on the answer variables), each checked.

    ``limit=2`` is the uniqueness check: a second solution, or the proof that there is none.
    """
    encoding = encoding or genre.default_encoding
    times = {} if times is None else times
    # Models are millions of small acyclic objects: the cyclic collector only slows their
    # building (quadratically, on large boards), so it rests for the run.
    with _collector_paused():
        begun = start = time.perf_counter()
        built = genre.build(puzzle, encoding, prune=prune)
        session = backend.open(built.model)
        times["build"] = time.perf_counter() - start
        times["solve"] = times["unique"] = 0.0
        solutions: list[Any] = []
        timed_out = False
        with session:
            start = time.perf_counter()
            remaining = None if time_limit is None else max(0.0, time_limit - (start - begun))
            for result in session.enumerate(limit, remaining):
                times["unique" if solutions else "solve"] += time.perf_counter() - start
                if result.status is Status.UNKNOWN:
                    timed_out = True
                if result.status is not Status.SAT or result.assignment is None:
                    break
                solution = built.decode(result.assignment)
                problems = genre.check(puzzle, solution)
                if problems:
                    raise CheckFailed(
                        f"{backend.name}/{encoding} gave a {genre.name} solution that "
                        f"breaks the rules: {problems[0]}"
                    )
                if solution in solutions:
                    raise CheckFailed(
                        f"{backend.name}/{encoding} gave the same {genre.name} solution twice"
                    )
                solutions.append(solution)
                start = time.perf_counter()
    exhausted = not timed_out and len(solutions) < limit
    if timed_out:
        status = "timeout"
    elif not solutions:
        status = "unsolvable"
    elif len(solutions) > 1:
        status = "multiple"
    elif exhausted and limit > 1:
        status = "unique"
    else:
        status = "solved"
    return Outcome(genre.name, backend.name, encoding, status, puzzle, solutions, exhausted, times)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector, restoring its state afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
