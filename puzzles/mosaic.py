"""Mosaic, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, NumberGiven, Rows, cell_name, grid_answer, number_givens
from .shading import SHADED, UNSHADED, board_problems

Board = tuple[str, ...]
"""A solution: a string a row, ``1`` a shaded cell, ``0`` an unshaded one (the corpus form)."""


@dataclass(frozen=True, slots=True)
class Mosaic(Rows):
    """A board, a tuple a row: a clue 0..9, or None. ``tatham`` says the puzzle was read from
    (and prints as) a game ID; it is how the puzzle is written, not what it is, so it takes no
    part in equality."""

    rows: tuple[tuple[int | None, ...], ...]
    tatham: bool = field(default=False, compare=False)

    def clues(self) -> dict[Cell, int]:
        """The numbered cells and their numbers."""
        return {
            (r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        }


def block(width: int, height: int, r: int, c: int) -> Iterator[Cell]:
    """The cells of the 3x3 block centred on (r, c), cut off at the board's edge."""
    for rr in range(max(0, r - 1), min(height, r + 2)):
        for cc in range(max(0, c - 1), min(width, c + 2)):
            yield rr, cc


def count(puzzle: Mosaic, solution: Board, r: int, c: int) -> int:
    """The shaded cells of the block centred on (r, c)."""
    return sum(solution[y][x] == SHADED for y, x in block(puzzle.width, puzzle.height, r, c))


def check(puzzle: Mosaic, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    shape = board_problems(puzzle, puzzle.width, puzzle.height, solution)
    if shape:
        return shape
    problems = []
    # Each number counts the shaded cells of the 3x3 block around it, its own cell included.
    for (r, c), n in sorted(puzzle.clues().items()):
        found = count(puzzle, solution, r, c)
        if found != n:
            problems.append(
                f"{cell_name(puzzle, (r, c))} shows {n}, but its block has {found} shaded cells"
            )
    return problems


def _keep(puzzle: Mosaic, shown: dict[Cell, int]) -> Mosaic:
    rows = tuple(
        tuple(shown.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height)
    )
    return replace(puzzle, rows=rows)


def _at(puzzle: Mosaic, solution: Board, place: Cell) -> NumberGiven:
    """The clue the solution gives at ``place``: the shaded cells of its block."""
    return (place, count(puzzle, solution, *place))


GIVENS: Givens[Mosaic, Board, NumberGiven] = replace(number_givens(Mosaic.clues, _keep), at=_at)
answer = grid_answer
place_name = cell_name


def deduced(puzzle: Mosaic) -> dict[Cell, bool] | None:
    """What a person finds one number at a time, as Tatham's solver does: a number whose
    block has as many cells shaded as it says leaves the rest unshaded, one with just enough
    room left shades it all; repeated until nothing changes. Cell to shaded; None when a
    number cannot be met."""
    w, h = puzzle.width, puzzle.height
    known: dict[Cell, bool] = {}
    clues = puzzle.clues()
    blocks = {clue: list(block(w, h, *clue)) for clue in clues}
    near: dict[Cell, list[Cell]] = {}  # the numbers whose blocks hold each cell
    for clue, cells in blocks.items():
        for cell in cells:
            near.setdefault(cell, []).append(clue)
    todo = list(clues)
    waiting = set(todo)
    while todo:
        clue = todo.pop()
        waiting.discard(clue)
        cells, n = blocks[clue], clues[clue]
        on = sum(known.get(cell) is True for cell in cells)
        open_ = [cell for cell in cells if cell not in known]
        if on > n or on + len(open_) < n:
            return None
        if not open_ or on < n < on + len(open_):
            continue
        for cell in open_:
            known[cell] = on < n  # (none left to shade: unshaded; just enough room: shaded)
            for other in near[cell]:
                if other not in waiting:
                    waiting.add(other)
                    todo.append(other)
    return known


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """As Tatham's generator: a random shading, every cell numbered with its block's count,
    drawn again until the numbers one at a time settle every cell (so the puzzle shown whole
    has one solution, found without guessing); ``generate`` takes numbers away."""
    width, height = size
    if width < 1 or height < 1:
        raise GenerateError(f"a Mosaic board has a cell at least, not {width}x{height}")
    bare = Mosaic(tuple(tuple(None for _ in range(width)) for _ in range(height)), tatham=True)
    for _ in range(1000):
        solution = tuple(
            "".join(SHADED if rng.random() < 0.5 else UNSHADED for _ in range(width))
            for _ in range(height)
        )
        rows = tuple(
            tuple(count(bare, solution, r, c) for c in range(width)) for r in range(height)
        )
        puzzle = replace(bare, rows=rows)
        if len(deduced(puzzle) or ()) == width * height:
            return puzzle, solution, []
    raise GenerateError(f"no {width}x{height} Mosaic its numbers settle one at a time was found")


GENRE = About(
    name="mosaic",
    summary="shade cells so that each number counts the shaded cells of the 3x3 block around "
    "it, its own cell included",
    reading=Reading(
        input_format="Simon Tatham's game ID (5x5:b46b56a4a6a7g6b2), or rows of cells: . blank, "
        "0-9 a clue",
        example="5x5:b46b56a4a6a7g6b2",
        output_formats=("grid",),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="counter",
    ),
    making=Making(
        size="10x10",
        small="5x5",
        largest=900,  # (each number taken away is a fresh build and solve: 25x25 takes 40 s)
    ),
    grading=Grading(),
    # (Tatham's Mosaic has no levels: his 25 corpus puzzles all grade 1, propagation, as his
    # generator keeps only what his solver, one number at a time, finishes. The bands are the
    # levels.)
)
