"""Golden tests over data/: every genre's examples, on every backend and encoding.

The registry says which genres exist and where their examples live, so a new genre's data is
tested here without a line of new test code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import BACKENDS, DATA
from gridsat.pipeline import solve
from gridsat.registry import Genre, all_genres
from gridsat.solvers import get_backend

SLOW_CELLS = 150
"""Puzzles with more cells than this run under the ``slow`` mark."""

SLOW_RUNS = {("magic", "sat"), ("magic", "onehot")}
"""(genre, backend family or encoding) pairs that take seconds per example: marked ``slow``."""

EVERY_ROW = ("cpsat", "sat:cadical195")
"""The backends that run every corpus row by default; the others run the first row of each of
the corpus's parameter sets, and the rest under the ``slow`` mark."""


def examples() -> Iterator[tuple[Genre, str, str, Any, bool]]:
    """(genre, name, puzzle text, expected solution, first of its kind) for every example with a
    known solution; a corpus row is the first of its kind when it opens a parameter set."""
    for genre in all_genres():
        folder = DATA / genre.data
        for path in sorted(folder.glob("*.jsonl")):
            seen = set()
            for number, line in enumerate(path.read_text().splitlines(), 1):
                row = json.loads(line)
                text = row.get("puzzle") or row["id"]
                first = row.get("params", number) not in seen
                seen.add(row.get("params", number))
                yield genre, f"{path.name}:{number}", text, row["solution"], first
        for path in sorted(folder.glob("*.txt")):
            answer = path.with_name(path.stem + ".solution.json")
            if answer.exists():
                yield genre, path.name, path.read_text(), json.loads(answer.read_text()), True


def cases() -> Iterator[Any]:
    """Every example on every backend and encoding, the slow ones marked."""
    for genre, name, text, solution, first in examples():
        big = _cells(solution) > SLOW_CELLS
        for backend in BACKENDS:
            for encoding in genre.encodings:
                family = backend.partition(":")[0]
                slow = big or {(genre.name, family), (genre.name, encoding)} & SLOW_RUNS
                slow = slow or not (first or backend in EVERY_ROW)
                # An encoding made for grading alone is solved on the two every-row backends.
                slow = slow or (grading_only(genre, encoding) and backend not in EVERY_ROW)
                yield pytest.param(
                    genre,
                    text,
                    solution,
                    backend,
                    encoding,
                    id=f"{genre.name}-{name}-{backend}-{encoding}",
                    marks=[pytest.mark.slow] if slow else [],
                )


def grading_only(genre: Genre, encoding: str) -> bool:
    """Whether an encoding is the genre's grading encoding and not its default one."""
    about = genre.about
    return encoding == about.grading.encoding and encoding != about.solving.default_encoding


def _cells(solution: Any) -> int:
    """How many cells a solution has: rows of values, rows of characters, or lists of links."""
    text = json.dumps(solution)
    if isinstance(solution, list) and all(isinstance(r, str) for r in solution):
        return sum(len(r) for r in solution)
    return len(text.split(","))


def test_every_genre_has_examples() -> None:
    assert {genre.name for genre, *_ in examples()} == {g.name for g in all_genres()}


@pytest.mark.parametrize("genre, text, expected, backend, encoding", list(cases()))
def test_example_is_solved_uniquely(
    genre: Genre, text: str, expected: Any, backend: str, encoding: str
) -> None:
    puzzle = genre.parse(text)
    outcome = solve(genre, puzzle, get_backend(backend), encoding, limit=2)
    assert outcome.status == "unique"
    assert genre.to_json(puzzle, outcome.solutions[0]) == expected
    assert genre.check(puzzle, outcome.solutions[0]) == []
