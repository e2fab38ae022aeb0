"""Loopy (Slitherlink), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name

Clues = tuple[tuple[int | None, ...], ...]
Bits = tuple[tuple[int, ...], ...]

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
"""A cell's sides on the loop, as bits (the numbering of ∞ Loop's tiles)."""


@dataclass(frozen=True, slots=True)
class Loopy(Rows):
    """A board of cells, some showing how many of their four sides the loop uses (``None``:
    no clue). ``tatham`` says it was read from Simon Tatham's game ID, and is printed as one."""

    rows: Clues
    tatham: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class Lines:
    """The lines drawn between the dots, as in Tatham's corpus: ``h[y][x]`` joins dot (x, y) to
    (x+1, y) (H+1 rows of W), ``v[y][x]`` joins dot (x, y) to (x, y+1) (H rows of W+1); 1 is a
    line on the loop."""

    h: Bits
    v: Bits

    def sides(self, r: int, c: int) -> int:
        """The sides of cell r, c that are on the loop, as UP | RIGHT | DOWN | LEFT bits."""
        return (
            (UP if self.h[r][c] else 0)
            | (DOWN if self.h[r + 1][c] else 0)
            | (LEFT if self.v[r][c] else 0)
            | (RIGHT if self.v[r][c + 1] else 0)
        )


def dot_name(puzzle: Loopy, y: int, x: int) -> str:
    """A dot (a corner of cells) in the player's words: ``the top-left corner of r2c3``."""
    r, c = min(y, puzzle.height - 1), min(x, puzzle.width - 1)
    side = ("top" if y == r else "bottom") + "-" + ("left" if x == c else "right")
    return f"the {side} corner of r{r + 1}c{c + 1}"


def check(puzzle: Loopy, solution: Lines) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if (
        len(solution.h) != h + 1
        or any(len(row) != w for row in solution.h)
        or len(solution.v) != h
        or any(len(row) != w + 1 for row in solution.v)
    ):
        return [f"the lines are not those of a {w}x{h} board"]
    problems = []
    # Each numbered cell has that many of its sides on the loop.
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue is not None:
                drawn = bin(solution.sides(r, c)).count("1")
                if drawn != clue:
                    problems.append(f"r{r + 1}c{c + 1} has {drawn} sides on the loop, not {clue}")
    # The lines form a loop: every dot has no line or two.
    ends: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for y in range(h + 1):
        for x in range(w + 1):
            near = []
            if x < w and solution.h[y][x]:
                near.append((y, x + 1))
            if x > 0 and solution.h[y][x - 1]:
                near.append((y, x - 1))
            if y < h and solution.v[y][x]:
                near.append((y + 1, x))
            if y > 0 and solution.v[y - 1][x]:
                near.append((y - 1, x))
            if len(near) not in (0, 2):
                lines = f"{len(near)} line" + ("" if len(near) == 1 else "s")
                problems.append(f"{dot_name(puzzle, y, x)} has {lines}, not 0 or 2")
            if near:
                ends[y, x] = near
    # There is a loop at all, and only one: the lines are all joined.
    if not ends:
        problems.append("no line is drawn: there is no loop")
        return problems
    start = next(iter(ends))
    seen = {start}
    todo = [start]
    while todo:
        for dot in ends[todo.pop()]:
            if dot not in seen:
                seen.add(dot)
                todo.append(dot)
    if len(seen) < len(ends):
        problems.append(
            f"the lines are not one loop: {len(seen)} of the {len(ends)} dots on lines are "
            f"joined to {dot_name(puzzle, *start)}"
        )
    return problems


# -- givens, for setters: the clues shown, which can be taken away or added ---------------------

Given = tuple[Cell, int]
"""A clue shown on the board: ((row, column), number of sides)."""


def givens(puzzle: Loopy) -> list[Given]:
    """The clues, in reading order."""
    return [
        ((r, c), k) for r, row in enumerate(puzzle.rows) for c, k in enumerate(row) if k is not None
    ]


def with_givens(puzzle: Loopy, shown: Iterable[Given]) -> Loopy:
    """The same board showing exactly these clues."""
    clues = dict(shown)
    rows = tuple(
        tuple(clues.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height)
    )
    return replace(puzzle, rows=rows)


def given_at(puzzle: Loopy, solution: Lines, place: Cell) -> Given:
    """The clue the solution gives the cell at ``place``: how many of its sides it uses."""
    r, c = place
    return ((r, c), bin(solution.sides(r, c)).count("1"))


def describe(puzzle: Loopy, given: Given) -> str:
    """A clue in the player's words: ``3 at r2c5``."""
    (r, c), k = given
    return f"{k} at r{r + 1}c{c + 1}"


GIVENS = Givens(givens, with_givens, given_at, describe)
place_name = cell_name


def answer(solution: Lines) -> dict[Cell, int]:
    """The solution cell by cell: the sides of each cell on the loop (every line is the side of
    some cell, so two solutions differ exactly where some cell's sides do)."""
    h, w = len(solution.v), len(solution.h[0])
    return {(r, c): solution.sides(r, c) for r in range(h) for c in range(w)}


def lines_around(inside: list[list[bool]]) -> Lines:
    """The lines between cells inside and cells outside (the board's border is outside)."""
    h, w = len(inside), len(inside[0])

    def at(r: int, c: int) -> bool:
        return 0 <= r < h and 0 <= c < w and inside[r][c]

    return Lines(
        tuple(tuple(int(at(y - 1, x) != at(y, x)) for x in range(w)) for y in range(h + 1)),
        tuple(tuple(int(at(y, x - 1) != at(y, x)) for x in range(w + 1)) for y in range(h)),
    )


RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""The eight neighbours of a cell, clockwise from above: consecutive ones share a side."""


def random_region(
    width: int, height: int, rng: random.Random, share: float = 0.5
) -> list[list[bool]]:
    """A random region of cells whose border is one loop: grown cell by cell from a random cell,
    adding only cells that keep the inside in one piece, with no hole and no two cells touching
    at a corner alone, until about ``share`` of the board is inside."""
    inside = [[False] * width for _ in range(height)]

    def at(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < width and inside[r][c]

    def may_add(r: int, c: int) -> bool:
        ring = [at(r + dr, c + dc) for dr, dc in RING]
        # No corner-only touch: an inside diagonal neighbour has an inside side neighbour beside.
        for i in (1, 3, 5, 7):
            if ring[i] and not ring[i - 1] and not ring[(i + 1) % 8]:
                return False
        # The inside neighbours form one unbroken run around the cell (and not the whole ring).
        runs = sum(1 for i in range(8) if ring[i] and not ring[i - 1])
        return runs == 1

    r, c = rng.randrange(height), rng.randrange(width)
    inside[r][c] = True
    frontier = {(r + dr, c + dc) for dr, dc in RING[::2]}
    goal = max(1, int(width * height * share))
    size = 1
    while size < goal and frontier:
        cell = rng.choice(sorted(frontier))
        frontier.discard(cell)
        r, c = cell
        if not (0 <= r < height and 0 <= c < width) or inside[r][c] or not may_add(r, c):
            continue
        inside[r][c] = True
        size += 1
        frontier.update((r + dr, c + dc) for dr, dc in RING)
    return inside


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random loop (the border of a random region of cells) with every clue shown."""
    width, height = size
    if width < 1 or height < 1:
        raise GenerateError(f"a board needs cells, not {width}x{height}")
    lines = lines_around(random_region(width, height, rng))
    rows = tuple(
        tuple(bin(lines.sides(r, c)).count("1") for c in range(width)) for r in range(height)
    )
    return Loopy(rows), lines, []


GENRE = About(
    name="loopy",
    aliases=("slitherlink",),
    summary="draw one loop along the grid lines; a number is how many of its sides the loop uses",
    reading=Reading(
        input_format="Simon Tatham's Loopy game ID for the square grid (WxHt0:desc), or rows of "
        "clues 0-4 with . for no clue",
        example=".3.1\n...2\n0..1\n.1..",
        output_formats=("grid", "tatham"),
        urls=("slither", "slitherlink"),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="cells",
    ),
    making=Making(
        size="7x7",
        small="5x5",
    ),
    grading=Grading(
        encoding="grade",  # grade: edges with corner rules and the loop rule (README)
        # Tatham's Easy, Normal, Tricky and Hard puzzles score 0, 1/3 and 2/3 at propagation (the
        # switches of harder rules they need), then 1.16 to 1.87 (benchmarks/bench_grade.py).
        bands=(("easy", 0, 0.25), ("medium", 0.25, 0.5), ("hard", 0.5, 1), ("extreme", 1, 3)),
        # Tatham's own levels, each from half way to the levels beside it (as the bands).
        levels_of="Tatham's",
        levels=(
            ("Easy", 0, 0.167),
            ("Normal", 0.167, 0.5),
            ("Tricky", 0.5, 1.006),
            ("Hard", 1.006, 4),
        ),
    ),
)
