"""The shared shading rules (models/shading.py): "no two shaded cells share an edge" and "the
unshaded cells are one group", in both encodings, count the shadings brute force finds."""

from __future__ import annotations

from functools import cache

import pytest

from gridsat.models.model import Model
from gridsat.models.shading import (
    CONNECTIONS,
    add_connected_shaded,
    add_connected_unshaded,
    add_no_2x2,
    add_no_touching,
)
from gridsat.pipeline import solve
from gridsat.puzzles.shading import groups, random_shading, shading_problems
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


@cache
def brute(width: int, height: int, white: frozenset[int] = frozenset()) -> set[tuple[int, ...]]:
    """Every shading of the board that keeps both rules (cells of ``white`` never shaded),
    each as its shaded cells."""
    found = set()
    n = width * height
    for mask in range(1 << n):
        if any(mask >> i & 1 for i in white):
            continue
        rows = [
            "".join("1" if mask >> (r * width + c) & 1 else "0" for c in range(width))
            for r in range(height)
        ]
        if "0" in "".join(rows) and not shading_problems(None, rows):
            found.add(tuple(i for i in range(n) if mask >> i & 1))
    return found


def solutions(width: int, height: int, encoding: str, backend: str, white: frozenset[int]) -> set:
    """The shadings the model allows, enumerated by blocking each found."""
    model = Model()
    shaded: list[int | None] = list(model.bool_vars(width * height))
    for i in white:
        shaded[i] = None
    add_no_touching(model, shaded, width, height)
    add_connected_unshaded(model, shaded, width, height, encoding)
    model.answer = [s for s in shaded if s is not None]
    session = get_backend(backend).open(model)
    found = set()
    for result in session.enumerate(100_000):
        a = result.assignment
        if a is None:
            break
        found.add(tuple(i for i, s in enumerate(shaded) if s is not None and a(s)))
    return found


BOARDS = [(1, 1), (1, 4), (4, 1), (2, 2), (3, 3), (4, 3)]


@pytest.mark.parametrize("encoding", CONNECTIONS)
@pytest.mark.parametrize(("width", "height"), BOARDS, ids=[f"{w}x{h}" for w, h in BOARDS])
def test_both_encodings_count_as_brute_force(width: int, height: int, encoding: str) -> None:
    want = brute(width, height)
    assert solutions(width, height, encoding, "sat:cadical195", frozenset()) == want


@pytest.mark.parametrize("encoding", CONNECTIONS)
@pytest.mark.parametrize("backend", ["cpsat", "sat:glucose4"])
def test_cells_never_shaded_start_the_levels_and_fix_the_cuts(encoding: str, backend: str) -> None:
    white = frozenset({4, 7})
    assert solutions(4, 3, encoding, backend, white) == brute(4, 3, white)


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert len(brute(3, 3)) == 39 and len(brute(4, 3)) > 50


def test_a_random_shading_keeps_the_rules_and_is_dense() -> None:
    import random

    for seed in range(5):
        shaded = random_shading(7, 6, random.Random(seed))
        rows = ["".join("1" if s else "0" for s in row) for row in shaded]
        assert shading_problems(None, rows) == []
        for r in range(6):  # no unshaded cell can be shaded too
            for c in range(7):
                if not shaded[r][c]:
                    more = [list(row) for row in rows]
                    more[r][c] = "1"
                    assert shading_problems(None, ["".join(row) for row in more])


def test_groups_are_found_in_reading_order() -> None:
    rows = ["0100", "1010", "0101"]
    apart = groups(4, 3, lambda r, c: rows[r][c] == "0")
    assert apart == [[(0, 0)], [(0, 2), (0, 3), (1, 3)], [(1, 1)], [(2, 0)], [(2, 2)]]


def test_a_genre_solves_alike_in_both_encodings() -> None:
    genre = get_genre("hitori")
    puzzle = genre.parse(genre.example)
    found = [
        solve(genre, puzzle, get_backend("sat:cadical195"), e, limit=2).solutions
        for e in CONNECTIONS
    ]
    assert found[0] == found[1] and len(found[0]) == 1


def _one_group(cells: set[int], width: int) -> bool:
    """Whether the cells are one orthogonally connected group (the empty set is)."""
    if not cells:
        return True
    seen, todo = set(), [min(cells)]
    while todo:
        i = todo.pop()
        if i in seen:
            continue
        seen.add(i)
        c = i % width
        near = [i - width, i + width] + ([i - 1] if c else []) + ([i + 1] if c + 1 < width else [])
        todo += [j for j in near if j in cells]
    return seen == cells


@pytest.mark.parametrize("backend", ["cpsat", "sat:minicard", "sat:cadical195"])
@pytest.mark.parametrize(("width", "height"), [(3, 3), (4, 3), (2, 4)])
def test_a_connected_wall_without_pools_counts_as_brute_force(
    width: int, height: int, backend: str
) -> None:
    never = frozenset({1})  # a clue cell, never shaded
    n = width * height
    want = set()
    for mask in range(1 << n):
        cells = {i for i in range(n) if mask >> i & 1}
        pool = any(
            {i, i + 1, i + width, i + width + 1} <= cells
            for i in range(n - width)
            if i % width + 1 < width
        )
        if not cells & never and not pool and _one_group(cells, width):
            want.add(tuple(sorted(cells)))
    model = Model()
    shaded: list[int | None] = list(model.bool_vars(n))
    for i in never:
        shaded[i] = None
    add_connected_shaded(model, shaded, width, height)
    add_no_2x2(model, shaded, width, height)
    model.answer = [s for s in shaded if s is not None]
    found = set()
    for result in get_backend(backend).open(model).enumerate(100_000):
        a = result.assignment
        if a is None:
            break
        found.add(tuple(i for i, s in enumerate(shaded) if s is not None and a(s)))
    assert len(want) > 20 and found == want
