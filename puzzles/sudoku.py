"""Sudoku and its variants (Simon Tatham's Solo), in the player's words, and a checker from the
rules alone: every row, column and block holds 1..N once; with X, both main diagonals too;
with killer cages, a cage's digits add up to its sum and none repeats in it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Option, Reading, Solving
from .grid import (
    Cell,
    NumberGiven,
    cell_name,
    grid_answer,
    latin_problems,
    number_givens,
    rows_and_columns,
)
from .sums import cage_sets as cage_sets  # (where the models and the tests found it)

Board = tuple[tuple[int, ...], ...]
Cage = tuple[int, tuple[Cell, ...]]
"""A killer cage: its sum, and its cells in reading order."""

MAX_ORDER = 36
"""Boards up to 36x36 (Tatham's own stop at 31 symbols)."""
MAX_KILLER = 16
"""Killer cages up to 16x16 boards (Tatham's stop at 9x9): a cage's digit sets grow fast."""


def block_shape(n: int) -> tuple[int, int] | None:
    """The usual blocks of an n x n board as (width, height): as square as the factors allow,
    wider than tall (6: 3 wide, 2 tall; 12: 4 wide, 3 tall); None when n is prime."""
    for height in range(int(n**0.5), 1, -1):
        if n % height == 0:
            return n // height, height
    return None


@dataclass(frozen=True, slots=True)
class Sudoku:
    """An N x N board. ``rows`` hold the digits shown (0 for a blank). Blocks are rectangles of
    ``shape`` (width, height), or with ``jigsaw`` the irregular regions it numbers cell by cell
    in reading order. ``diagonals``: X-Sudoku. ``cages``: killer cages with their sums.
    ``symbols`` is how a plain board wrote 1..N (``""``: as numbers), ``form`` whether it came
    as a Tatham game ID (``id``) or a plain board (``plain``): both only for printing it back."""

    rows: Board
    shape: tuple[int, int] | None = None
    jigsaw: tuple[int, ...] = ()
    diagonals: bool = False
    cages: tuple[Cage, ...] = ()
    symbols: str = field(default="", compare=False)
    form: str = field(default="id", compare=False)

    @property
    def order(self) -> int:
        return len(self.rows)

    @property
    def killer(self) -> bool:
        return bool(self.cages)

    @property
    def block_of(self) -> tuple[int, ...]:
        """Each cell's block number, in reading order."""
        n = self.order
        if self.jigsaw:
            return self.jigsaw
        width, height = self.shape or (n, 1)
        across = n // width
        return tuple((r // height) * across + c // width for r in range(n) for c in range(n))

    def groups(self) -> list[tuple[str, list[Cell]]]:
        """Every group that holds 1..N once, named as a player names it."""
        n = self.order
        found = rows_and_columns(n)
        blocks: dict[int, list[Cell]] = {}
        for i, b in enumerate(self.block_of):
            blocks.setdefault(b, []).append(divmod(i, n))
        for cells in blocks.values():
            found.append((f"the block at {cell_name(self, cells[0])}", cells))
        if self.diagonals:
            found.append(("the main diagonal", [(i, i) for i in range(n)]))
            found.append(("the anti-diagonal", [(i, n - 1 - i) for i in range(n)]))
        return found


# -- the rules ------------------------------------------------------------------------------------


def check(puzzle: Sudoku, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.order
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution is not a {n}x{n} board"]
    problems = []
    # Every cell holds a number from 1 to N.
    for r, row in enumerate(solution):
        for c, v in enumerate(row):
            if not isinstance(v, int) or not 1 <= v <= n:
                problems.append(f"{cell_name(puzzle, (r, c))} holds {v}, outside 1..{n}")
    if problems:
        return problems
    # The givens stay.
    for r, row in enumerate(puzzle.rows):
        for c, v in enumerate(row):
            if v and solution[r][c] != v:
                problems.append(f"{cell_name(puzzle, (r, c))} should be the given {v}")
    # Every row, column and block (and with X both main diagonals) holds 1..N once.
    problems += latin_problems(solution, puzzle.groups(), n)
    for total, cells in puzzle.cages:
        name = f"the cage of {total} at {cell_name(puzzle, cells[0])}"
        digits = [solution[r][c] for r, c in cells]
        # A cage's digits add up to its sum...
        if sum(digits) != total:
            problems.append(f"{name} adds up to {sum(digits)}")
        # ... and no digit repeats in a cage.
        seen: dict[int, Cell] = {}
        for cell, v in zip(cells, digits, strict=True):
            if v in seen:
                problems.append(
                    f"{name}: {v} stands twice, at {cell_name(puzzle, seen[v])} and "
                    f"{cell_name(puzzle, cell)}"
                )
            seen.setdefault(v, cell)
    return problems


answer = grid_answer


def cells(puzzle: Sudoku) -> int:
    """How many cells the board has (``bench``'s measure of a puzzle's size)."""
    return puzzle.order**2


place_name = cell_name
GIVENS: Givens[Sudoku, Board, NumberGiven] = number_givens(
    shown=lambda p: {(r, c): v for r, row in enumerate(p.rows) for c, v in enumerate(row) if v},
    keep=lambda p, shown: replace(
        p,
        rows=tuple(tuple(shown.get((r, c), 0) for c in range(p.order)) for r in range(p.order)),
    ),
)


def make(
    size: tuple[int, int], rng: random.Random, solutions: Any
) -> tuple[Sudoku, Board, list[Any]]:
    """A random full Sudoku of side N: the blocks on the main diagonal of blocks random
    permutations (they share no row or column), the rest found by the solver; drawn again when
    they cannot be completed (on small boards some cannot)."""
    n, shape = _board_of(size)
    width, height = shape
    for _ in range(20):
        grid = [[0] * n for _ in range(n)]
        for b in range(min(n // width, n // height)):
            digits = rng.sample(range(1, n + 1), n)
            for i, d in enumerate(digits):
                grid[b * height + i // width][b * width + i % width] = d
        form = "plain" if shape == block_shape(n) else "id"  # (a plain board: the usual blocks)
        seed = Sudoku(tuple(map(tuple, grid)), shape, form=form)
        found = solutions(seed, 1)
        if found:
            board: Board = found[0]
            return replace(seed, rows=board), board, []
    raise GenerateError(f"no {n}x{n} sudoku found")


def _board_of(size: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """The side and block shape (width, height) of a ``--size``: ``NxN`` (or ``N``) a board
    of side N, or, where that is no Sudoku board, Tatham's ``CxR`` (Solo's game IDs): blocks R
    wide and C tall, a board of side C*R (``3x3`` is 9x9, ``2x3`` 6x6, ``2x2`` 4x4)."""
    c, r = size
    usual = block_shape(c) if c == r else None
    n, shape = (c, usual) if usual is not None else (c * r, (r, c))
    if min(c, r) < 2 or n > 25:
        raise GenerateError(
            f"no sudoku of size {c}x{r}: give the board's side with rectangular blocks (4, 6, "
            "8, 9, 12, 16, 25) or Tatham's blocks CxR (3x3 for a 9x9 board, 2x3 for 6x6)"
        )
    return n, shape


GENRE = About(
    name="sudoku",
    aliases=("solo",),
    summary="fill the board so every row, column and block holds 1..N once "
    "(X, jigsaw and killer variants)",
    reading=Reading(
        input_format="a Simon Tatham Solo game ID (3x3:..., 9j:..., 3x3xk:...), or a plain board: "
        "81 characters on a line, or rows of digits, . or 0 for a blank, | and +---+ rules "
        "allowed; 16x16 with letters (1-9A-G or 0-9A-F) or numbers separated by spaces",
        example="3x3:a9a8_6c4d4_1a9g7_5a7_8a9_2b1b6e7b5b8_7a3_9a2_5g1a4_7d4c9_3a6a",
        options=(
            Option(
                "blocks",
                "--blocks",
                "sudoku: the blocks of a plain board, WxH (3x2: 3 wide, 2 tall); "
                "default as square as N allows",
                str,
                "WxH",
            ),
            Option(
                "diagonals", "--x", "sudoku: X-Sudoku, both main diagonals hold 1..N once", None
            ),
            Option(
                "symbols",
                "--symbols",
                "sudoku: how a plain board writes 1..N, e.g. 1-9A-G or 0-9A-F "
                "(default: told from the board, else 1-9A-...)",
                str,
                "SPEC",
            ),
        ),
        output_formats=("grid", "tatham"),
        urls=("sudoku",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="onehot",
        # The proof of uniqueness in one CP-SAT search (its own enumeration of two solutions)
        # rather than two presolved solves: 1.3-1.9x faster on the corpus; with it, CP-SAT's
        # integers are level with the one-hot cells on plain boards and ahead on killer ones
        # (7.3 against 12.6 ms on 3x3kdt; docs/benchmarks.md)
        encodings_on=(("cpsat", "integer"),),
        params=(("cpsat", "enumerate_all_solutions", "true"),),
    ),
    making=Making(
        size="9",
        sizes="N (the board's side: 4, 6, 9, 16, 25...), or Tatham's blocks CxR (3x3 or 3: a 9x9 "
        "board; 2x3: 6x6 of blocks 3 wide, 2 tall)",
        small="4",
    ),
    grading=Grading(
        encoding="grade",  # grade: Tatham's Trivial rules first, then his Basic ones (README)
        # Tatham's Trivial and Basic puzzles score 0 and 0.5, Intermediate 1.06, Advanced 1.27,
        # Extreme 1.38, Unreasonable 1.44 (medians, benchmarks/bench_grade.py): the bands part
        # between them, Trivial/Basic, Intermediate, Advanced/Extreme, Unreasonable and past.
        bands=(
            ("easy", 0, 0.78),
            ("medium", 0.78, 1.165),
            ("hard", 1.165, 1.41),
            ("extreme", 1.41, 4),
        ),
        # Tatham's own levels, each from half way to the levels beside it (as the bands).
        levels_of="Tatham's",
        levels=(
            ("Trivial", 0, 0.25),
            ("Basic", 0.25, 0.78),
            ("Intermediate", 0.78, 1.165),
            ("Advanced", 1.165, 1.324),
            ("Extreme", 1.324, 1.41),
            ("Unreasonable", 1.41, 4),
        ),
    ),
)
