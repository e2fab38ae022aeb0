"""Hitori (Singles), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer
from .shading import SHADED, UNSHADED, board_problems, random_shading, shading_problems

Board = tuple[str, ...]
"""A solution: a string a row, ``1`` a shaded cell, ``0`` an unshaded one (the corpus form)."""


@dataclass(frozen=True, slots=True)
class Hitori(Rows):
    """A board of numbers, a tuple a row. ``marks`` are a setter's givens: True, the cell is
    shaded; False, it is not. ``tatham`` says the puzzle was read from (and prints as) a game
    ID; it is how the puzzle is written, not what it is, so it takes no part in equality."""

    rows: tuple[tuple[int, ...], ...]
    marks: Mapping[Cell, bool] = field(default_factory=dict)
    tatham: bool = field(default=False, compare=False)


def lines(puzzle: Hitori) -> list[tuple[str, list[Cell]]]:
    """Each row and column, named, with its cells."""
    h, w = puzzle.height, puzzle.width
    found = [(f"row {r + 1}", [(r, c) for c in range(w)]) for r in range(h)]
    return found + [(f"column {c + 1}", [(r, c) for r in range(h)]) for c in range(w)]


def check(puzzle: Hitori, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    shape = board_problems(puzzle, puzzle.width, puzzle.height, solution)
    if shape:
        return shape
    problems = []
    # A setter's marks stay.
    for (r, c), shaded in sorted(puzzle.marks.items()):
        if (solution[r][c] == SHADED) != shaded:
            problems.append(f"{cell_name(puzzle, (r, c))} is given {'' if shaded else 'un'}shaded")
    # No number stands twice among the unshaded cells of a row or a column.
    for name, cells in lines(puzzle):
        first: dict[int, Cell] = {}
        for r, c in cells:
            if solution[r][c] == SHADED:
                continue
            n = puzzle.rows[r][c]
            if n in first:
                problems.append(
                    f"{name}: {n} stands twice unshaded, at {cell_name(puzzle, first[n])} "
                    f"and {cell_name(puzzle, (r, c))}"
                )
            else:
                first[n] = (r, c)
    # No two shaded cells share an edge; the unshaded cells are one group.
    return problems + shading_problems(puzzle, solution)


# -- givens, for setters: cells given shaded or unshaded ------------------------------------------

Given = tuple[Cell, bool]
"""A mark ``((row, column), True)``: the cell is shaded; ``False``: it is not."""


def givens(puzzle: Hitori) -> list[Given]:
    return sorted(puzzle.marks.items())


def with_givens(puzzle: Hitori, shown: Iterable[Given]) -> Hitori:
    return replace(puzzle, marks=dict(shown))


def given_at(puzzle: Hitori, solution: Board, place: Cell) -> Given:
    r, c = place
    return (place, solution[r][c] == SHADED)


def describe(puzzle: Hitori, given: Given) -> str:
    place, shaded = given
    return f"{cell_name(puzzle, place)} {'shaded' if shaded else 'unshaded'}"


GIVENS: Givens[Hitori, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles --------------------------------------------------------------------------------


def latin(width: int, height: int, rng: random.Random) -> list[list[int]]:
    """A random Latin rectangle of the numbers 1..max(width, height): no number twice in a
    row or a column."""
    n = max(width, height)
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)
    rows, cols = list(range(n)), list(range(n))
    rng.shuffle(rows)
    rng.shuffle(cols)
    return [[symbols[(rows[r] + cols[c]) % n] for c in range(width)] for r in range(height)]


def _board(numbers: list[list[int]], shaded: list[list[bool]]) -> tuple[Hitori, Board]:
    puzzle = Hitori(tuple(tuple(row) for row in numbers), tatham=True)
    solution = tuple("".join(SHADED if s else UNSHADED for s in row) for row in shaded)
    return puzzle, solution


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """As the collection's generator: a random Latin rectangle, a dense random shading, and
    each shaded cell's number that of an unshaded cell of its row or column. While the solver
    finds another solution, a cell shaded in ours and unshaded in that one takes the number of
    a cell of its row or column unshaded in both, which rules that one out."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Hitori board is at least 2x2, not {width}x{height}")
    for _ in range(50):
        numbers = latin(width, height, rng)
        shaded = random_shading(width, height, rng)
        for r in range(height):
            for c in range(width):
                if shaded[r][c]:
                    seen = [numbers[rr][c] for rr in range(height) if not shaded[rr][c]]
                    seen += [numbers[r][cc] for cc in range(width) if not shaded[r][cc]]
                    numbers[r][c] = rng.choice(seen)
        for _ in range(4 * width * height):
            puzzle, ours = _board(numbers, shaded)
            others = [s for s in solutions(puzzle, 2) if s != ours]
            if not others:
                return puzzle, ours, []
            other = others[0]
            fixes = []
            for r in range(height):
                for c in range(width):
                    if ours[r][c] == SHADED and other[r][c] == UNSHADED:
                        line = [(rr, c) for rr in range(height)] + [(r, cc) for cc in range(width)]
                        fixes += [
                            (r, c, cell)
                            for cell in line
                            if cell != (r, c)
                            and UNSHADED == ours[cell[0]][cell[1]] == other[cell[0]][cell[1]]
                        ]
            if not fixes:
                break
            r, c, (rr, cc) = rng.choice(fixes)
            numbers[r][c] = numbers[rr][cc]
    raise GenerateError(f"no {width}x{height} Hitori with one solution was found")


GENRE = About(
    name="hitori",
    aliases=("singles",),
    summary="shade cells so that no number stands twice unshaded in a row or column, no two "
    "shaded cells share an edge, and the unshaded cells are one group",
    reading=Reading(
        input_format="Simon Tatham's game ID (5x5:4141552214332214512333445), or rows of "
        "numbers (separated by spaces when one passes 9; a number followed by # is given "
        "shaded, by + given unshaded)",
        example="5x5:4141552214332214512333445",
        output_formats=("grid",),
        urls=("hitori",),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="cuts",
    ),
    making=Making(
        size="8x8",
        small="5x5",
        largest=3_844,
        # A Hitori is made in milliseconds, and its minimal puzzles show no marks to swap: the
        # layout alone sets how hard it is, so a band tries many (seeds 1 to 6 reach each).
        attempts=200,
    ),
    grading=Grading(
        # Tatham's Easy puzzles score 0 (propagation finishes 24 of 25 of the corpus on the
        # pruned model, whose pruning is his easy solver's static rules), his Tricky ones 1 to
        # 1.07 (probing: his Tricky rule that a cell whose shading would cut the unshaded
        # cells apart stays unshaded). Most of those probes fail at once, on the connection
        # rule (score 1); the rest go deeper (up to 1.07 among his): the bands part them.
        bands=(
            ("easy", 0, 1),
            ("medium", 1, 1.01),
            ("hard", 1.01, 1.06),
            ("extreme", 1.06, 4),
        ),
        levels_of="Tatham's",
        levels=(("Easy", 0, 1), ("Tricky", 1, 4)),
    ),
)
