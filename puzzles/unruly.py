"""Unruly (Takuzu, Binairo), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Option, Reading, Solving
from .grid import NumberGiven, Rows, cell_name, grid_answer, number_givens

Board = tuple[tuple[int | None, ...], ...]
"""Rows of cells: 0, 1, or None for a blank (in a puzzle)."""


@dataclass(frozen=True, slots=True)
class Unruly(Rows):
    """A W x H board (both even) to fill with 0 and 1: half of each row and of each column
    ones, no three equal cells in a line; with ``distinct``, no two rows the same and no two
    columns. ``tatham`` says the puzzle was written as a game ID, and is printed as one."""

    rows: Board
    distinct: bool = False
    tatham: bool = field(default=False, compare=False)

    def givens(self) -> dict[tuple[int, int], int]:
        """The cells already filled, by cell."""
        return {
            (r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        }


def check(puzzle: Unruly, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    if [len(row) for row in solution] != [w] * h:
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    # Every cell holds 0 or 1, and a given cell its given.
    for r, row in enumerate(solution):
        for c, v in enumerate(row):
            if v not in (0, 1):
                problems.append(f"r{r + 1}c{c + 1} holds {v}, not 0 or 1")
            given = puzzle.rows[r][c]
            if given is not None and v != given:
                problems.append(f"r{r + 1}c{c + 1} must hold the given {given}, not {v}")
    if problems:
        return problems
    board = [[int(v or 0) for v in row] for row in solution]  # every cell now 0 or 1
    columns = [[row[c] for row in board] for c in range(w)]
    lines = [(f"row {r + 1}", row, [(r, c) for c in range(w)]) for r, row in enumerate(board)]
    lines += [(f"column {c + 1}", col, [(r, c) for r in range(h)]) for c, col in enumerate(columns)]
    for name, values, cells in lines:
        # Half of each row and of each column are ones (and so half are zeros).
        if 2 * sum(values) != len(values):
            problems.append(f"{name} holds {sum(values)} ones, not {len(values) // 2}")
        # No three equal cells next to each other in a row or a column.
        for k in range(len(values) - 2):
            if values[k] == values[k + 1] == values[k + 2]:
                where = ", ".join(cell_name(puzzle, cell) for cell in cells[k : k + 3])
                problems.append(f"{name}: {where} all hold {values[k]}")
    # With distinct lines: no two rows the same, no two columns the same.
    if puzzle.distinct:
        for kind, group in (("rows", board), ("columns", columns)):
            seen: dict[tuple[int, ...], int] = {}
            for i, line in enumerate(group):
                if tuple(line) in seen:
                    problems.append(f"{kind} {seen[tuple(line)] + 1} and {i + 1} are the same")
                seen.setdefault(tuple(line), i)
    return problems


@functools.cache
def line_count(n: int) -> int:
    """How many lines of n cells follow the rules (half ones, no three equal): how many rows
    of that width a board with distinct rows can have at most (OEIS A177790 for n = 2k)."""
    if n % 2:
        return 0
    # ways[(ones, last, run)]: lines so far with that many ones, ending in a run of ``last``.
    ways: dict[tuple[int, int, int], int] = {(0, -1, 0): 1}
    for _ in range(n):
        grown: dict[tuple[int, int, int], int] = {}
        for (ones, last, run), count in ways.items():
            for v in (0, 1):
                length = run + 1 if v == last else 1
                if length < 3 and ones + v <= n // 2:
                    key = (ones + v, v, length)
                    grown[key] = grown.get(key, 0) + count
        ways = grown
    return sum(count for (ones, _, _), count in ways.items() if ones == n // 2)


# -- givens, for setters: the cells shown, which can be taken away or added ---------------------

GIVENS: Givens[Unruly, Board, NumberGiven] = number_givens(
    shown=lambda p: p.givens(),
    keep=lambda p, shown: replace(
        p,
        rows=tuple(tuple(shown.get((r, c)) for c in range(p.width)) for r in range(p.height)),
    ),
)
answer = grid_answer
place_name = cell_name


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random full board: a few random cells, completed by the solver; shown whole, as a
    game ID when the collection can take it (both sides 6 or more)."""
    w, h = size
    if w % 2 or h % 2:
        raise GenerateError(f"an Unruly board has even sides, not {w}x{h}")
    for _ in range(50):
        seeds: dict[tuple[int, int], int] = {}
        for _ in range(max(1, w * h // 8)):
            seeds[rng.randrange(h), rng.randrange(w)] = rng.randrange(2)
        rows = tuple(tuple(seeds.get((r, c)) for c in range(w)) for r in range(h))
        found = solutions(Unruly(rows), 1)
        if found:
            board = tuple(tuple(row) for row in found[0])
            return Unruly(board, tatham=w >= 6 and h >= 6), board, []
    raise GenerateError(f"no {w}x{h} Unruly board found")


GENRE = About(
    name="unruly",
    aliases=("takuzu", "binairo"),
    summary="fill the board with 0 and 1: half ones in each row and column, no three equal "
    "in a line (Simon Tatham's Unruly; Takuzu, Binairo)",
    reading=Reading(
        input_format="a game ID WxH:desc (WxHu: distinct rows and columns), or rows of 0 1 . "
        "(spaces optional, _ also blank) under an optional line `unique` (or --distinct)",
        example="6x6:ccAaBdebbfDCa",
        options=(
            Option(
                "distinct",
                "--distinct",
                "unruly: no two rows the same and no two columns (Takuzu's third rule)",
                None,
            ),
        ),
        output_formats=("grid", "tatham"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="cardinality",
    ),
    making=Making(
        size="8x8",
        sizes="WxH (even sides)",
        small="6x6",
    ),
    grading=Grading(
        # Tatham's Trivial and Easy puzzles score 0, Normal 1.42 (medians,
        # benchmarks/bench_grade.py): the bands part below and past Normal.
        bands=(
            ("easy", 0, 1),
            ("medium", 1, 1.3),
            ("hard", 1.3, 1.55),
            ("extreme", 1.55, 4),
        ),
        # Tatham's own levels, each from half way to the levels beside it (as the bands).
        levels_of="Tatham's",
        levels=(("Trivial or Easy", 0, 0.71), ("Normal", 0.71, 4)),
    ),
)
