"""Hidato (Hidoku) and Numbrix, in the player's words, and a checker from their rules alone."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..contract import About, Givens, Grading, Maker, Making, Option, Reading, Solving
from .grid import NumberGiven, Rows, cell_name, grid_answer, number_givens, once_each

Moves = Literal["king", "orthogonal"]
Board = tuple[tuple[int | None, ...], ...]
"""Rows of cells: a number (0 for a blank in a puzzle) or None for a hole."""

STEPS: dict[str, tuple[tuple[int, int], ...]] = {
    # Hidato: the next number touches the cell, across a side or a corner.
    "king": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    # Numbrix: the next number shares a side with the cell.
    "orthogonal": ((-1, 0), (0, -1), (0, 1), (1, 0)),
}


@dataclass(frozen=True, slots=True)
class Hidato(Rows):
    """A board whose cells take 1..N once each, N the number of cells (holes are not cells),
    each number next to the one after it; ``moves`` says what "next to" means."""

    rows: Board
    moves: Moves = "king"

    def cells(self) -> list[tuple[int, int]]:
        """The cells, row by row: every position that is not a hole."""
        return [
            (r, c) for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        ]

    @property
    def size(self) -> int:
        """N, the last number."""
        return sum(v is not None for row in self.rows for v in row)

    def givens(self) -> dict[tuple[int, int], int]:
        """The numbers already on the board, by cell."""
        return {(r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v}

    def neighbours(self, r: int, c: int) -> list[tuple[int, int]]:
        """The cells next to (r, c), by this genre's moves."""
        out = []
        for dr, dc in STEPS[self.moves]:
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.height and 0 <= cc < self.width and self.rows[rr][cc] is not None:
                out.append((rr, cc))
        return out

    def successors(self) -> list[list[int]]:
        """Each cell's neighbours as indices into ``cells()``: the graph a path runs through,
        for the maker and the model alike."""
        cells = self.cells()
        index = {cell: i for i, cell in enumerate(cells)}
        return [[index[nb] for nb in self.neighbours(r, c)] for r, c in cells]


def check(puzzle: Hidato, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.size
    shape = [len(row) for row in solution]
    if shape != [puzzle.width] * puzzle.height:
        return [f"the solution is not a {puzzle.width}x{puzzle.height} board"]
    problems = []
    numbers = []
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            # Holes stay empty; every other cell holds a number.
            hole = puzzle.rows[r][c] is None
            if hole != (value is None):
                problems.append(
                    f"r{r + 1}c{c + 1} is {'a hole' if hole else 'a cell'} but holds {value}"
                )
            elif value is not None:
                numbers.append(((r, c), value))
            # A given number stays.
            given = puzzle.rows[r][c]
            if given and value is not None and given != value:
                problems.append(f"r{r + 1}c{c + 1} must hold {given}, not {value}")
    # Every number from 1 to N stands in one cell.
    where, more = once_each(numbers, n, lambda cell: cell_name(puzzle, cell))
    problems += more
    if problems:
        return problems
    # Each number touches the next one: by a side or corner (Hidato), by a side (Numbrix).
    for k in range(1, n):
        (r1, c1), (r2, c2) = where[k], where[k + 1]
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        touches = dr + dc == 1 if puzzle.moves == "orthogonal" else max(dr, dc) == 1
        if not touches:
            problems.append(
                f"{k + 1} at r{r2 + 1}c{c2 + 1} does not touch {k} at r{r1 + 1}c{c1 + 1}"
            )
    return problems


# -- givens, for setters: the numbers shown, which can be taken away or added -------------------

GIVENS: Givens[Hidato, Board, NumberGiven] = number_givens(
    shown=lambda p: p.givens(),
    keep=lambda p, shown: replace(
        p,
        rows=tuple(
            tuple(None if v is None else shown.get((r, c), 0) for c, v in enumerate(row))
            for r, row in enumerate(p.rows)
        ),
    ),
)
answer = grid_answer
place_name = cell_name


def maker(moves: Moves) -> Maker:
    """Random boards of this genre's moves: a random path, every number shown."""

    def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
        """A random path by king moves (Hidato) or side steps (Numbrix), every number shown."""
        from .paths import random_hamiltonian_path, snake

        width, height = size
        empty = Hidato(tuple((0,) * width for _ in range(height)), moves)
        path = random_hamiltonian_path(
            empty.successors(), snake(width, height), rng, 20 * width * height
        )
        number = {cell: k for k, cell in enumerate(path, 1)}
        rows = tuple(tuple(number[r * width + c] for c in range(width)) for r in range(height))
        return Hidato(rows, moves), rows, []

    return make


make = maker("king")

BOARD_INPUT = (
    "rows of numbers; blanks _ . - 0 ?; holes # X .. (or . when blanks are _); "
    "commas, brackets and | ignored; an optional first line gives the size (10x10)"
)
BOARD_OPTIONS = (
    Option("blank", "--blank", "number boards: the token for a blank", metavar="TOKEN"),
    Option("hole", "--hole", "number boards: the token for a hole", metavar="TOKEN"),
)

GENRE = About(
    name="hidato",
    aliases=("hidoku",),
    summary="number the cells 1..N so consecutive numbers touch, across a side or a corner",
    reading=Reading(
        input_format=BOARD_INPUT,
        example="[[_, 16, _, _], [_, _, _, _], [_, _, _, _], [10, 6, _, _]]",
        options=BOARD_OPTIONS,
    ),
    solving=Solving(
        default_backend="sat:kissat404",  # measured: see README, Hidato and Numbrix
        default_encoding="position",
    ),
    making=Making(
        size="6x6",
        small="6x6",
        backend="sat:cadical195",  # (Kissat has no repeatable budget)
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 40 puzzles made at
        # its own size (6x6; 1.30, 1.61 and 1.79; benchmarks/bench_bands.py) part the bands.
        bands=(
            ("easy", 0, 1.3),
            ("medium", 1.3, 1.6),
            ("hard", 1.6, 1.79),
            ("extreme", 1.79, 4),
        ),
    ),
)
