"""Keen (KenKen), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import (
    Cell,
    NumberGiven,
    cell_name,
    grid_answer,
    latin_problems,
    number_givens,
    rows_and_columns,
)

Board = tuple[tuple[int, ...], ...]

OPS = ("+", "-", "*", "/")
"""Sum, difference, product, quotient (larger over smaller)."""
OP_WORDS = {"+": "sum", "-": "difference", "*": "product", "/": "quotient"}
MAX_SIZE = 50
"""Boards above 50x50 are refused: the one-hot model holds a literal per cell and digit."""


@dataclass(frozen=True, slots=True)
class Cage:
    """Cells (in reading order) whose digits meet the clue: they add up (``+``) or multiply
    (``*``) to ``target``, or, two cells only, differ by it (``-``) or divide to it (``/``)."""

    cells: tuple[Cell, ...]
    op: str
    target: int

    @property
    def clue(self) -> str:
        """The clue as printed on the board: ``12+``, ``3-``; a lone cell's sum as its digit."""
        return str(self.target) if len(self.cells) == 1 and self.op == "+" else (
            f"{self.target}{self.op}"
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Keen:
    """An N x N board of digits 1..N split into ``cages`` (in order of their first cell), with
    digits shown in some cells (``givens``; Simon Tatham's Keen shows none)."""

    size: int
    cages: tuple[Cage, ...]
    givens: Mapping[Cell, int] = field(default_factory=dict)

    def cage_of(self) -> dict[Cell, int]:
        """Each cell's cage, as an index into ``cages``."""
        return {cell: i for i, cage in enumerate(self.cages) for cell in cage.cells}


def cage_name(cage: Cage) -> str:
    """A cage as a player points at it: its clue and its first cell."""
    return f"the {cage.clue} cage at {cell_name(None, cage.cells[0])}"


def meets(op: str, target: int, digits: Sequence[int]) -> bool:
    """Whether ``digits`` meet the clue ``target op``."""
    if op == "+":
        return sum(digits) == target
    if op == "*":
        return math.prod(digits) == target
    if len(digits) != 2:
        return False
    low, high = sorted(digits)
    if op == "-":
        return high - low == target
    return low > 0 and high == low * target


def check(puzzle: Keen, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.size
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution is not a {n}x{n} board"]
    # Every row and every column holds each digit 1..N once.
    groups = rows_and_columns(n)
    problems = latin_problems(solution, groups, n)
    # The digits shown stay.
    for (r, c), v in sorted(puzzle.givens.items()):
        if solution[r][c] != v:
            problems.append(f"r{r + 1}c{c + 1} must hold the given {v}, not {solution[r][c]}")
    # Every cell is in one cage.
    covered: dict[Cell, Cage] = {}
    for cage in puzzle.cages:
        for cell in cage.cells:
            if cell in covered:
                problems.append(f"{cell_name(None, cell)} is in two cages")
            covered[cell] = cage
    for r in range(n):
        for c in range(n):
            if (r, c) not in covered:
                problems.append(f"r{r + 1}c{c + 1} is in no cage")
    for cage in puzzle.cages:
        digits = [solution[r][c] for r, c in cage.cells]
        # A difference or a quotient is the clue of a two-cell cage.
        if cage.op in "-/" and len(cage.cells) != 2:
            problems.append(f"{cage_name(cage)} has {len(cage.cells)} cells, not 2")
            continue
        # The cage's digits add up, multiply, differ or divide (larger by smaller) to the clue.
        if not meets(cage.op, cage.target, digits):
            shown = f" {cage.op} ".join(map(str, digits))
            problems.append(
                f"{cage_name(cage)}: the {OP_WORDS[cage.op]} of {shown} is not {cage.target}"
            )
    return problems


# -- givens, for setters: digits shown in cells, which can be taken away or added --------------

GIVENS: Givens[Keen, Board, NumberGiven] = number_givens(
    shown=lambda p: p.givens, keep=lambda p, shown: replace(p, givens=shown)
)
answer = grid_answer


def cells(puzzle: Keen) -> int:
    """How many cells the board has (``bench``'s measure of a puzzle's size)."""
    return puzzle.size**2


place_name = cell_name

MAX_CAGE = 6
"""Generated cages have at most this many cells, as in Simon Tatham's generator."""


def latin_square(n: int, rng: random.Random) -> Board:
    """A random Latin square, a row at a time: each row a random perfect matching of columns to
    the digits each column still lacks (one always exists: a Latin rectangle extends)."""
    missing = [set(range(1, n + 1)) for _ in range(n)]
    rows = []
    for _ in range(n):
        holder: dict[int, int] = {}  # digit -> column
        for c in rng.sample(range(n), n):
            _augment(c, missing, holder, set(), rng)
        row = [0] * n
        for v, c in holder.items():
            row[c] = v
            missing[c].discard(v)
        rows.append(tuple(row))
    return tuple(rows)


def _augment(
    c: int, missing: list[set[int]], holder: dict[int, int], seen: set[int], rng: random.Random
) -> bool:
    """Kuhn's augmenting path from column ``c`` to a free digit, in random order."""
    for v in rng.sample(sorted(missing[c]), len(missing[c])):
        if v in seen:
            continue
        seen.add(v)
        if v not in holder or _augment(holder[v], missing, holder, seen, rng):
            holder[v] = c
            return True
    return False


def random_cages(n: int, rng: random.Random) -> list[list[Cell]]:
    """Cages as Simon Tatham's generator shapes them: dominoes placed at random, then the cells
    left over joined to a neighbouring cage of fewer than ``MAX_CAGE`` cells."""
    order = rng.sample([(r, c) for r in range(n) for c in range(n)], n * n)
    rank = {cell: i for i, cell in enumerate(order)}
    cage: dict[Cell, int] = {}
    members: list[list[Cell]] = []

    def around(cell: Cell) -> list[Cell]:
        r, c = cell
        near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        return sorted((x for x in near if 0 <= x[0] < n and 0 <= x[1] < n), key=rank.__getitem__)

    for cell in sorted(rank):
        if cell in cage:
            continue
        free = [x for x in around(cell) if x not in cage]
        if free and rng.randrange(4):
            cage[cell] = cage[free[0]] = len(members)
            members.append([cell, free[0]])
    for cell in sorted(rank):
        if cell in cage:
            continue
        joined = [x for x in around(cell) if x in cage and len(members[cage[x]]) < MAX_CAGE]
        if joined:
            cage[cell] = cage[joined[0]]
            members[cage[cell]].append(cell)
        else:  # a cell alone: its own cage, or a neighbour alone too
            cage[cell] = len(members)
            members.append([cell])
    return [sorted(m) for m in members]


def clue_for(cells: Sequence[Cell], board: Board, rng: random.Random) -> tuple[str, int]:
    """A clue the cage's digits meet: a difference or a quotient for some dominoes, else a sum
    or a product."""
    digits = [board[r][c] for r, c in cells]
    if len(digits) == 2:
        low, high = sorted(digits)
        choices = ["+", "*", "-"] + (["/"] if high % low == 0 else [])
        op = rng.choice(choices)
        value = {"+": low + high, "*": low * high, "-": high - low}.get(op, high // low)
        return op, value
    op = rng.choice(["+", "*"]) if len(digits) > 1 else "+"
    return op, sum(digits) if op == "+" else math.prod(digits)


def make(
    size: tuple[int, int], rng: random.Random, solutions: Any
) -> tuple[Keen, Board, list[Any]]:
    """A random Keen shown whole: a random Latin square under random cages and clues, trying a
    few cagings for one whose clues alone have one solution; then every digit is shown, and the
    generator takes away those the clues do not need."""
    n = size[0]
    if size[0] != size[1]:
        raise GenerateError(f"a Keen board is square, not {size[0]}x{size[1]}")
    if not 1 <= n <= MAX_SIZE:
        raise GenerateError(f"a Keen board is 1x1 to {MAX_SIZE}x{MAX_SIZE}, not {n}x{n}")
    board = latin_square(n, rng)
    cages: tuple[Cage, ...] = ()
    for _ in range(10):
        cages = tuple(
            Cage(tuple(cells), *clue_for(cells, board, rng)) for cells in random_cages(n, rng)
        )
        cages = tuple(sorted(cages, key=lambda cage: cage.cells[0]))
        if len(solutions(Keen(n, cages), 2)) == 1:
            break
    every = {(r, c): board[r][c] for r in range(n) for c in range(n)}
    return Keen(n, cages, every), board, []


GENRE = About(
    name="keen",
    aliases=("kenken",),
    summary="fill the board with 1..N once per row and column so each cage meets its clue",
    reading=Reading(
        input_format="Simon Tatham's game ID (6:_a_aa...,s1m6...), or a map of cages (a letter "
        "per cell, rows on lines) and a clue per cage (A 12+, B 2/, C 3-, D 60*)",
        example="4:a_6baa_aa_a__,m8a5s2m4m3d2s1a5",
        output_formats=("grid", "tatham"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="onehot-table",
        # On CP-SAT: integers and cage tables, 8.3 against 12.7 ms on the corpus
        # (benchmarks/bench_backends.py)
        encodings_on=(("cpsat", "integer-table"),),
        # The proof of uniqueness in one CP-SAT search (its own enumeration, two solutions)
        # rather than two presolved solves: 1.6-1.9x faster on the corpus (docs/genres/latin.md)
        params=(("cpsat", "enumerate_all_solutions", "true"),),
    ),
    making=Making(
        size="6",
        sizes="N (or NxN)",
        small="4",
        attempts=60,
    ),
    grading=Grading(
        encoding="onehot-sets",
        # Graded on ``onehot-sets`` (his Hard level's rules behind a switch): Tatham's Easy and
        # Normal puzzles score 0, Hard 0.5 (the switch), Extreme 1.05 to 1.36 (probing;
        # benchmarks/bench_grade.py): easy is his Easy and Normal, medium his Hard, hard and
        # extreme part his Extreme at its median, extreme taking in what lies past it.
        bands=(
            ("easy", 0, 0.25),
            ("medium", 0.25, 0.75),
            ("hard", 0.75, 1.09),
            ("extreme", 1.09, 4),
        ),
        # Tatham's own levels, as the bands.
        levels_of="Tatham's",
        levels=(("Easy or Normal", 0, 0.25), ("Hard", 0.25, 0.75), ("Extreme", 0.75, 4)),
    ),
)
