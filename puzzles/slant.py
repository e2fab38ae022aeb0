"""Slant (Gokigen Naname), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, grid_answer

BACK = "\\"
FORWARD = "/"
"""A cell's diagonal: ``\\`` joins its top-left corner to its bottom-right one, ``/`` its
top-right corner to its bottom-left one."""

Lines = tuple[str, ...]
"""A solution: a string a row of ``\\`` and ``/``, exactly as Simon Tatham's corpus writes it."""


@dataclass(frozen=True, slots=True)
class Slant:
    """A board of W x H cells; ``points`` the (H+1) rows of (W+1) corners, each a clue 0..4 (how
    many diagonals end there) or None. ``tatham`` says it was read from a game ID (and prints as
    one): how it is written, not what it is, so it takes no part in equality."""

    points: tuple[tuple[int | None, ...], ...]
    tatham: bool = field(default=False, compare=False)

    @property
    def width(self) -> int:
        return len(self.points[0]) - 1

    @property
    def height(self) -> int:
        return len(self.points) - 1

    def clues(self) -> dict[Cell, int]:
        """The corners with a clue, as (y, x), and their clues."""
        return {
            (y, x): n
            for y, row in enumerate(self.points)
            for x, n in enumerate(row)
            if n is not None
        }


def place_name(puzzle: Slant, place: Cell) -> str:
    """A cell as players write it: ``r2c5``."""
    return f"r{place[0] + 1}c{place[1] + 1}"


def point_name(y: int, x: int) -> str:
    """A corner in the player's words: the corner at column x, row y, counted from 0 as on the
    collection's board (``the corner (3, 0)``)."""
    return f"the corner ({x}, {y})"


def ends(r: int, c: int, diagonal: str) -> tuple[Cell, Cell]:
    """The two corners (y, x) a cell's diagonal joins."""
    if diagonal == BACK:
        return (r, c), (r + 1, c + 1)
    return (r, c + 1), (r + 1, c)


def degrees(solution: Sequence[str], height: int, width: int) -> list[list[int]]:
    """How many diagonals end at each corner."""
    count = [[0] * (width + 1) for _ in range(height + 1)]
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            for y, x in ends(r, c, ch):
                count[y][x] += 1
    return count


def loop_cell(solution: Sequence[str], width: int) -> Cell | None:
    """A cell whose diagonal closes a loop (the first in reading order), else None."""
    parent: dict[Cell, Cell] = {}

    def root(p: Cell) -> Cell:
        while parent.get(p, p) != p:
            parent[p] = parent.get(parent[p], parent[p])
            p = parent[p]
        return p

    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            a, b = (root(p) for p in ends(r, c, ch))
            if a == b:
                return (r, c)
            parent[a] = b
    return None


def check(puzzle: Slant, solution: Lines) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    # Every cell holds one diagonal.
    problems = [
        f"{place_name(puzzle, (r, c))} holds {ch!r}, not \\ or /"
        for r, row in enumerate(solution)
        for c, ch in enumerate(row)
        if ch not in (BACK, FORWARD)
    ]
    if problems:
        return problems
    # A clue is how many diagonals end at its corner.
    count = degrees(solution, h, w)
    for (y, x), n in sorted(puzzle.clues().items()):
        if count[y][x] != n:
            problems.append(f"{point_name(y, x)} shows {n}, but {count[y][x]} lines end there")
    # The diagonals never form a closed loop.
    closing = loop_cell(solution, w)
    if closing is not None:
        problems.append(f"the diagonals close a loop at {place_name(puzzle, closing)}")
    return problems


# -- givens, for setters: the clues on the corners -------------------------------------------------

Given = tuple[Cell, int]
"""A clue on a corner: ((y, x), how many diagonals end there)."""


def givens(puzzle: Slant) -> list[Given]:
    """The clues, in reading order of the corners."""
    return sorted(puzzle.clues().items())


def with_givens(puzzle: Slant, shown: Iterable[Given]) -> Slant:
    """The same board showing exactly these clues."""
    clues = dict(shown)
    points = tuple(
        tuple(clues.get((y, x)) for x in range(puzzle.width + 1)) for y in range(puzzle.height + 1)
    )
    return replace(puzzle, points=points)


def given_at(puzzle: Slant, solution: Lines, place: Cell) -> Given:
    """The clue the solution gives the corner at ``place`` (a cell's place names its top-left
    corner)."""
    y, x = place
    return (place, degrees(solution, puzzle.height, puzzle.width)[y][x])


def describe(puzzle: Slant, given: Given) -> str:
    (y, x), n = given
    return f"{n} at {point_name(y, x)}"


GIVENS: Givens[Slant, Lines, Given] = Givens(givens, with_givens, given_at, describe)


def answer(solution: Lines) -> dict[Cell, Any]:
    """The solution cell by cell: each cell's diagonal."""
    return grid_answer(solution)


# -- random puzzles, shown whole ---------------------------------------------------------------


def random_lines(width: int, height: int, rng: random.Random) -> list[str]:
    """Diagonals at random with no loop: the cells in random order, each given a random diagonal,
    or the other one where that would close a loop (one of the two never does: a loop through
    both would wall in a corner of the cell on each side)."""
    parent: dict[Cell, Cell] = {}

    def root(p: Cell) -> Cell:
        while parent.get(p, p) != p:
            p = parent[p]
        return p

    grid = [[BACK] * width for _ in range(height)]
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    for r, c in cells:
        first = rng.choice((BACK, FORWARD))
        for diagonal in (first, FORWARD if first == BACK else BACK):
            a, b = (root(p) for p in ends(r, c, diagonal))
            if a != b:
                parent[a] = b
                grid[r][c] = diagonal
                break
    return ["".join(row) for row in grid]


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Random diagonals with no loop, every corner showing its clue (one solution: the clues of
    every corner fix every diagonal, corner by corner from the edge)."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Slant board is at least 2x2, not {width}x{height}")
    lines = tuple(random_lines(width, height, rng))
    count = degrees(lines, height, width)
    puzzle = Slant(tuple(tuple(row) for row in count), tatham=True)
    return puzzle, lines, []


GENRE = About(
    name="slant",
    aliases=("gokigen", "gokigen-naname"),
    summary="draw a diagonal in every cell so that no loop forms; a number on a corner is how "
    "many diagonals end there",
    reading=Reading(
        input_format="Simon Tatham's Slant game ID (5x5:c2b22b1d2a1a3b2c12b011a10), or rows of "
        "the corners, a digit 0-4 a clue, . none",
        example="5x5:c2b22b1d2a1a3b2c12b011a10",
        output_formats=("grid", "tatham"),
        urls=("gokigen",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="networks",
    ),
    making=Making(
        size="8x8",
        small="5x5",
        largest=900,
    ),
    grading=Grading(
        # Tatham's Easy puzzles all score 0 (propagation with the loop rule finishes them) and
        # his Hard ones 1.05 to 1.73, median 1.402 (benchmarks/bench_grade.py, sizes mixed).
        bands=(
            ("easy", 0, 0.5),
            ("medium", 0.5, 1.25),
            ("hard", 1.25, 1.45),
            ("extreme", 1.45, 4),
        ),
        # Tatham's own levels, each from half way to the level beside it (as the bands).
        levels_of="Tatham's",
        levels=(("Easy", 0, 0.7), ("Hard", 0.7, 4)),
    ),
)
