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
from gridsat.genres import Genre, all_genres
from gridsat.pipeline import solve
from gridsat.solvers import get_backend

SLOW_CELLS = 150
"""Puzzles with more cells than this run under the ``slow`` mark."""


def examples() -> Iterator[Any]:
    """(genre, puzzle text, expected solution) for every example that has a known solution."""
    for genre in all_genres():
        folder = DATA / genre.data
        for path in sorted(folder.glob("*.jsonl")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                row = json.loads(line)
                text = row.get("puzzle") or row["id"]
                yield _case(genre, f"{path.name}:{number}", text, row["solution"])
        for path in sorted(folder.glob("*.txt")):
            answer = path.with_name(path.stem + ".solution.json")
            if answer.exists():
                yield _case(genre, path.name, path.read_text(), json.loads(answer.read_text()))


def _case(genre: Genre, name: str, text: str, solution: Any) -> Any:
    cells = len(json.dumps(solution).split(","))
    marks = [pytest.mark.slow] if cells > SLOW_CELLS else []
    return pytest.param(genre, text, solution, id=f"{genre.name}-{name}", marks=marks)


CASES = list(examples())


def test_every_genre_has_examples() -> None:
    names = {case.values[0].name for case in CASES}
    assert names == {g.name for g in all_genres()}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("genre, text, expected", CASES)
def test_example_is_solved_uniquely(genre: Genre, text: str, expected: Any, backend: str) -> None:
    puzzle = genre.parse(text)
    for encoding in genre.encodings:
        outcome = solve(genre, puzzle, get_backend(backend), encoding, limit=2)
        assert outcome.status == "unique", encoding
        assert genre.to_json(outcome.solutions[0]) == expected, encoding
        assert genre.check(puzzle, outcome.solutions[0]) == []
