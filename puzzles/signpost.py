"""Signpost, in the player's words, and a checker written from its rules alone."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

NumberGrid = tuple[tuple[int, ...], ...]
"""Rows of numbers, top to bottom."""

# The eight arrows, clockwise from north, as (dx, dy) with y growing downward.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)
ARROW_NAMES = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)


@dataclass(frozen=True)
class Signpost:
    """A ``width`` x ``height`` board: each cell has an arrow, some cells a given number.

    Cells are numbered row by row from the top left; ``arrows[c]`` indexes ``DIRECTIONS``.
    """

    width: int
    height: int
    arrows: tuple[int, ...]
    givens: Mapping[int, int] = field(default_factory=dict)

    @property
    def size(self) -> int:
        """The path's length: every cell is visited once."""
        return self.width * self.height

    def cell_name(self, cell: int) -> str:
        """A cell as a player names it: row and column, counted from 1."""
        return f"row {cell // self.width + 1}, column {cell % self.width + 1}"

    def ray(self, cell: int) -> list[int]:
        """The cells the arrow of ``cell`` points at, nearest first."""
        dx, dy = DIRECTIONS[self.arrows[cell]]
        x, y = cell % self.width + dx, cell // self.width + dy
        cells = []
        while 0 <= x < self.width and 0 <= y < self.height:
            cells.append(y * self.width + x)
            x, y = x + dx, y + dy
        return cells


def check(puzzle: Signpost, solution: NumberGrid) -> list[str]:
    """What breaks the rules in ``solution``; empty when it is a valid answer to ``puzzle``."""
    n = puzzle.size
    if len(solution) != puzzle.height or any(len(row) != puzzle.width for row in solution):
        return [f"the solution is not a {puzzle.width}x{puzzle.height} grid"]
    numbers = [v for row in solution for v in row]
    problems = []
    # Every number from 1 to N stands in exactly one cell.
    where: dict[int, int] = {}
    for cell, value in enumerate(numbers):
        if not 1 <= value <= n:
            problems.append(f"{puzzle.cell_name(cell)} holds {value}, outside 1..{n}")
        elif value in where:
            problems.append(
                f"{value} stands twice, at {puzzle.cell_name(where[value])} "
                f"and {puzzle.cell_name(cell)}"
            )
        else:
            where[value] = cell
    if problems:
        return problems
    # A given number stays where it is.
    for cell, value in puzzle.givens.items():
        if numbers[cell] != value:
            problems.append(f"{puzzle.cell_name(cell)} must hold {value}, not {numbers[cell]}")
    # Each number's arrow points at the next number, at any distance.
    for value in range(1, n):
        here, there = where[value], where[value + 1]
        dx, dy = DIRECTIONS[puzzle.arrows[here]]
        step_x = there % puzzle.width - here % puzzle.width
        step_y = there // puzzle.width - here // puzzle.width
        distance = max(abs(step_x), abs(step_y))
        if (step_x, step_y) != (dx * distance, dy * distance):
            problems.append(
                f"{value + 1} at {puzzle.cell_name(there)} is not on the "
                f"{ARROW_NAMES[puzzle.arrows[here]]} arrow of {value} "
                f"at {puzzle.cell_name(here)}"
            )
    return problems


# -- givens, for setters: what can be taken away from a puzzle, or added to it -------------------

Given = tuple[int, int]
"""A number shown on the board: (cell, number)."""


def givens(puzzle: Signpost) -> list[Given]:
    """The numbers shown, by cell."""
    return sorted(puzzle.givens.items())


def with_givens(puzzle: Signpost, shown: Iterable[Given]) -> Signpost:
    """The same board showing exactly these numbers."""
    return dataclasses.replace(puzzle, givens=dict(shown))


def given_at(puzzle: Signpost, solution: NumberGrid, place: tuple[int, int]) -> Given:
    """The number the solution has at ``place`` (row, column), as a given."""
    r, c = place
    return (r * puzzle.width + c, solution[r][c])


def describe(puzzle: Signpost, given: Given) -> str:
    cell, number = given
    return f"{number} at r{cell // puzzle.width + 1}c{cell % puzzle.width + 1}"
