"""Kurodoko (Range), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer
from .shading import (
    SHADED,
    STEPS,
    UNSHADED,
    board_problems,
    random_shading,
    shading_problems,
)

Board = tuple[str, ...]
"""A solution: a string a row, ``1`` a shaded cell, ``0`` an unshaded one (the corpus form)."""

MARK = -1
"""A cell a setter gives shaded (in ``rows``, where a clue stands elsewhere)."""


@dataclass(frozen=True, slots=True)
class Kurodoko(Rows):
    """A board, a tuple a row: a clue (a number 1 or more), None a cell without one, ``MARK``
    a cell a setter gives shaded. ``tatham`` says the puzzle was read from (and prints as) a
    game ID; it is how the puzzle is written, not what it is, so it takes no part in
    equality."""

    rows: tuple[tuple[int | None, ...], ...]
    tatham: bool = field(default=False, compare=False)

    def clues(self) -> dict[Cell, int]:
        """The numbered cells and their numbers."""
        return {
            (r, c): v
            for r, row in enumerate(self.rows)
            for c, v in enumerate(row)
            if v is not None and v != MARK
        }

    def marks(self) -> list[Cell]:
        """The cells given shaded."""
        return [(r, c) for r, row in enumerate(self.rows) for c, v in enumerate(row) if v == MARK]


def seen(puzzle: Kurodoko, solution: Board, r: int, c: int) -> int:
    """The unshaded cells (r, c) sees along its row and column, itself included."""
    count = 1
    for dr, dc in STEPS:
        rr, cc = r + dr, c + dc
        while 0 <= rr < puzzle.height and 0 <= cc < puzzle.width and solution[rr][cc] != SHADED:
            count += 1
            rr, cc = rr + dr, cc + dc
    return count


def check(puzzle: Kurodoko, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    shape = board_problems(puzzle, puzzle.width, puzzle.height, solution)
    if shape:
        return shape
    problems = []
    for r, c in puzzle.marks():
        if solution[r][c] != SHADED:
            problems.append(f"{cell_name(puzzle, (r, c))} is given shaded")
    # A numbered cell stays unshaded and sees its number of unshaded cells, itself included.
    for (r, c), n in sorted(puzzle.clues().items()):
        if solution[r][c] == SHADED:
            problems.append(f"{cell_name(puzzle, (r, c))} shows {n}, but is shaded")
            continue
        found = seen(puzzle, solution, r, c)
        if found != n:
            problems.append(f"{cell_name(puzzle, (r, c))} shows {n}, but sees {found} cells")
    return problems + shading_problems(puzzle, solution)


# -- givens, for setters: the clues, and cells given shaded ---------------------------------------

Given = tuple[Cell, int | bool]
"""A clue ``((row, column), number)``, or a mark ``((row, column), True)``: the cell is
shaded."""


def givens(puzzle: Kurodoko) -> list[Given]:
    found: list[Given] = list(puzzle.clues().items())
    found += [(cell, True) for cell in puzzle.marks()]
    return sorted(found, key=lambda g: g[0])


def with_givens(puzzle: Kurodoko, shown: Iterable[Given]) -> Kurodoko:
    cells: dict[Cell, int] = {
        place: MARK if value is True else int(value) for place, value in shown if value is not False
    }
    rows = tuple(
        tuple(cells.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height)
    )
    return replace(puzzle, rows=rows)


def given_at(puzzle: Kurodoko, solution: Board, place: Cell) -> Given:
    """What the solution holds at ``place``, as a given: the cells it sees when unshaded, a
    mark when shaded."""
    r, c = place
    if solution[r][c] == SHADED:
        return (place, True)
    return (place, seen(puzzle, solution, r, c))


def describe(puzzle: Kurodoko, given: Given) -> str:
    place, value = given
    if value is True:
        return f"{cell_name(puzzle, place)} shaded"
    return f"the clue {value} at {cell_name(puzzle, place)}"


GIVENS: Givens[Kurodoko, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole -------------------------------------------------------------------


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random shading as dense as the rules let it be, and every unshaded cell numbered with
    the cells it sees: the puzzle shown whole has one solution (every unshaded cell is numbered,
    and each shaded one bounds a number's view), and ``generate`` takes numbers away."""
    width, height = size
    if width < 1 or height < 1:
        raise GenerateError(f"a Kurodoko board has a cell at least, not {width}x{height}")
    shaded = random_shading(width, height, rng)
    solution = tuple("".join(SHADED if s else UNSHADED for s in row) for row in shaded)
    bare = Kurodoko(tuple(tuple(None for _ in range(width)) for _ in range(height)), tatham=True)
    rows = tuple(
        tuple(None if shaded[r][c] else seen(bare, solution, r, c) for c in range(width))
        for r in range(height)
    )
    return replace(bare, rows=rows), solution, []


GENRE = About(
    name="kurodoko",
    aliases=("range",),
    summary="shade cells so that no two shaded cells share an edge, the unshaded cells are "
    "one group, and each number counts the unshaded cells it sees along its row and column, "
    "itself included",
    reading=Reading(
        input_format="Simon Tatham's game ID (7x7:e6a11h3c2g11c13h3a2e), or rows of cells: "
        ". blank, a number a clue (separated by spaces when one passes 9), # a cell given shaded",
        example="7x7:e6a11h3c2g11c13h3a2e",
        output_formats=("grid",),
        urls=("kurodoko",),
    ),
    solving=Solving(
        default_backend="sat:minisat22",
        default_encoding="unary",
        # On CP-SAT: 17.7 against 23.7 ms on the corpus (benchmarks/bench_backends.py)
        encodings_on=(("cpsat", "prefix"),),
    ),
    making=Making(
        size="9x6",
        small="5x5",
        largest=10_000,
    ),
    grading=Grading(
        # Tatham's Range has no levels; on the default encoding, whose unary sums let
        # propagation count as a person does, 11 of his 25 corpus puzzles grade 1
        # (propagation) and 14 grade 2 with the least probing (score 1.0); made puzzles with
        # their numbers taken away to the last reach 1.9. The bands: his level-1 puzzles,
        # then his level-2 ones and a little more, then level 2 to its top, where his
        # generator's puzzles never go.
        bands=(
            ("easy", 0, 1),
            ("medium", 1, 1.5),
            ("hard", 1.5, 1.8),
            ("extreme", 1.8, 4),
        ),
    ),
)
