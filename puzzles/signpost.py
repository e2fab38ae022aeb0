"""Signpost, in the player's words, and a checker written from its rules alone."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import NumberGiven, cell_name, grid_answer, number_givens, once_each

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


@dataclass(frozen=True, slots=True)
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
    # Every number from 1 to N stands in exactly one cell (the sorted numbers are 1..N; else
    # once_each says which is wrong, and where).
    problems: list[str] = []
    if sorted(numbers) == list(range(1, n + 1)):
        where = [0] * (n + 1)
        for cell, value in enumerate(numbers):
            where[value] = cell
    else:
        _, problems = once_each(enumerate(numbers), n, puzzle.cell_name)
        return problems
    # A given number stays where it is.
    for cell, value in puzzle.givens.items():
        if numbers[cell] != value:
            problems.append(f"{puzzle.cell_name(cell)} must hold {value}, not {numbers[cell]}")
    # Each number's arrow points at the next number, at any distance.
    w, arrows = puzzle.width, puzzle.arrows
    here = where[1]
    for value in range(1, n):
        there = where[value + 1]
        dx, dy = DIRECTIONS[arrows[here]]
        step_y, step_x = divmod(there, w)
        step_y -= here // w
        step_x -= here % w
        # (the distance along the arrow: a whole number of its steps, at least one)
        distance = step_x * dx or step_y * dy
        if distance <= 0 or step_x != dx * distance or step_y != dy * distance:
            problems.append(
                f"{value + 1} at {puzzle.cell_name(there)} is not on the "
                f"{ARROW_NAMES[puzzle.arrows[here]]} arrow of {value} "
                f"at {puzzle.cell_name(here)}"
            )
        here = there
    return problems


# -- givens, for setters: the numbers shown, which can be taken away or added -------------------

GIVENS: Givens[Signpost, NumberGrid, NumberGiven] = number_givens(
    shown=lambda p: {divmod(cell, p.width): n for cell, n in p.givens.items()},
    keep=lambda p, shown: replace(p, givens={r * p.width + c: n for (r, c), n in shown.items()}),
)
answer = grid_answer
place_name = cell_name


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random path whose steps run along rows, columns and diagonals; the arrows follow it;
    1 and N stay shown, as in Simon Tatham's collection."""
    from .paths import random_hamiltonian_path, snake

    width, height = size
    if width * height < 2:
        raise GenerateError("a Signpost needs at least two cells")
    lines: list[list[int]] = [[] for _ in range(width * height)]
    for cell in range(width * height):
        for dx, dy in DIRECTIONS:
            x, y = cell % width + dx, cell // width + dy
            while 0 <= x < width and 0 <= y < height:
                lines[cell].append(y * width + x)
                x, y = x + dx, y + dy
    path = random_hamiltonian_path(lines, snake(width, height), rng, 20 * width * height)
    arrows = [0] * (width * height)
    for a, b in itertools.pairwise(path):
        dx, dy = b % width - a % width, b // width - a // width
        step = (dx // max(1, abs(dx)) if dx else 0, dy // max(1, abs(dy)) if dy else 0)
        arrows[a] = DIRECTIONS.index(step)
    number = {cell: k for k, cell in enumerate(path, 1)}
    full = Signpost(width, height, tuple(arrows), dict(number))
    solution = tuple(tuple(number[r * width + c] for c in range(width)) for r in range(height))
    keep = [(divmod(path[0], width), 1), (divmod(path[-1], width), width * height)]
    return full, solution, keep


GENRE = About(
    name="signpost",
    aliases=("arrows",),
    summary="number the cells 1..N so each arrow points at the next number "
    "(Simon Tatham's Signpost)",
    reading=Reading(
        input_format="a game ID WxH:desc as the collection prints it, e.g. "
        "5x5:1cceefcfggeeccghcac3e12hch10ah25a (a = north, clockwise to h)",
        example="5x5:1cceefcfggeeccghcac3e12hch10ah25a",
        output_formats=("grid", "tatham"),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="position",
    ),
    making=Making(
        size="5x5",
        adds_givens=True,  # its removal tests rarely settle (a 10x10: 4.8 s by them, 0.05 s so)
    ),
    grading=Grading(
        # The builder's pruning solves its puzzles outright, as a person could not: graded on
        # the bare model, propagation scored by its waves. No levels of people's to follow: the
        # quartiles of the scores of 40 puzzles made at its own size (5x5; 0.70, 0.722 and 0.771;
        # benchmarks/bench_bands.py) part the bands.
        prune=False,
        waves=True,
        bands=(
            ("easy", 0, 0.7),
            ("medium", 0.7, 0.722),
            ("hard", 0.722, 0.771),
            ("extreme", 0.771, 4),
        ),
    ),
)
