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
"""The backends an encoding made for grading alone is solved on (the others run it under the
``slow`` mark)."""


def examples() -> Iterator[tuple[Genre, str, str, Any, tuple[str, Any]]]:
    """(genre, name, puzzle text, expected solution, kind) for every example with a known
    solution; a corpus row's kind is its file and parameter set, a file's kind is its own."""
    for genre in all_genres():
        folder = DATA / genre.data
        for path in sorted(folder.glob("*.jsonl")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                row = json.loads(line)
                text = row.get("puzzle") or row["id"]
                kind = (path.name, json.dumps(row.get("params", number)))
                yield genre, f"{path.name}:{number}", text, row["solution"], kind
        for path in sorted(folder.glob("*.txt")):
            answer = path.with_name(path.stem + ".solution.json")
            if answer.exists():
                kind = (path.name, None)
                yield genre, path.name, path.read_text(), json.loads(answer.read_text()), kind


def runs(genre: Genre) -> list[tuple[str, str]]:
    """The (backend, encoding) pairs a genre's examples run on by default."""
    return [
        (backend, encoding)
        for encoding in genre.encodings
        for backend in BACKENDS
        if not {(genre.name, backend.partition(":")[0]), (genre.name, encoding)} & SLOW_RUNS
        # An encoding made for grading alone is solved on the two every-row backends.
        and not (grading_only(genre, encoding) and backend not in EVERY_ROW)
    ]


def chosen() -> set[tuple[str, str, str, str]]:
    """The (genre, example, backend, encoding) runs of the default test run: the first small
    example of each parameter set, once. The smaller half of them take the pairs of ``runs`` in
    turn until every pair has run (so every encoding runs on every backend); the larger half run
    on the default encoding on the every-row backends. The whole product runs under ``slow``."""
    firsts: dict[str, list[tuple[int, str]]] = {genre.name: [] for genre in all_genres()}
    seen = set()
    for genre, name, _, solution, kind in examples():
        cells = _cells(solution)
        if (genre.name, kind) not in seen and cells <= SLOW_CELLS:
            seen.add((genre.name, kind))
            firsts[genre.name].append((cells, name))
    picked = set()
    for genre in all_genres():
        pairs, names = runs(genre), [name for _, name in sorted(firsts[genre.name])]
        if not (pairs and names):
            continue
        usual = [
            (backend, encoding)
            for backend, encoding in pairs
            if backend in EVERY_ROW and encoding == genre.default_encoding
        ] or pairs
        small, large = names[: (len(names) + 1) // 2], names[(len(names) + 1) // 2 :]
        for turn in range(max(len(small), len(pairs))):
            picked.add((genre.name, small[turn % len(small)], *pairs[turn % len(pairs)]))
        for turn, name in enumerate(large):
            picked.add((genre.name, name, *usual[turn % len(usual)]))
    return picked


def cases() -> Iterator[Any]:
    """Every example on every backend and encoding, all but the ``chosen`` marked slow."""
    default = chosen()
    for genre, name, text, solution, _ in examples():
        for backend in BACKENDS:
            for encoding in genre.encodings:
                slow = (genre.name, name, backend, encoding) not in default
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


def test_the_default_run_has_every_encoding_on_every_backend_and_every_parameter_set() -> None:
    default = chosen()
    for genre in all_genres():
        pairs = {
            (backend, encoding) for each, _, backend, encoding in default if each == genre.name
        }
        left_out = {slow for name, slow in SLOW_RUNS if name == genre.name}
        assert pairs == set(runs(genre)), genre.name
        assert {encoding for _, encoding in pairs} == set(genre.encodings) - left_out
        assert {backend.partition(":")[0] for backend, _ in pairs} == {"cpsat", "sat"} - left_out
    solved = {(genre, name) for genre, name, *_ in default}
    sets: dict[tuple[str, tuple[str, Any]], set[str]] = {}
    for genre, name, _, solution, kind in examples():
        if _cells(solution) <= SLOW_CELLS:
            sets.setdefault((genre.name, kind), set()).add(name)
    for (genre_name, kind), names in sets.items():
        assert any((genre_name, name) in solved for name in names), (genre_name, kind)


@pytest.mark.parametrize("genre, text, expected, backend, encoding", list(cases()))
def test_example_is_solved_uniquely(
    genre: Genre, text: str, expected: Any, backend: str, encoding: str
) -> None:
    puzzle = genre.parse(text)
    outcome = solve(genre, puzzle, get_backend(backend), encoding, limit=2)
    assert outcome.status == "unique"
    assert genre.to_json(puzzle, outcome.solutions[0]) == expected
    assert genre.check(puzzle, outcome.solutions[0]) == []
