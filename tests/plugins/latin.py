"""A genre that lives only in the tests: Latin squares (each of 1..N once in every row and
column), declared and registered through the public path any genre takes."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gridsat.contract import About, Givens, Making, Parts, Reading, Solving
from gridsat.models.model import Assignment, Built, Model
from gridsat.parsers import ParseError
from gridsat.puzzles.grid import NumberGiven, cell_name, grid_answer, number_givens

Board = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Latin:
    """An N x N board; ``rows`` hold the numbers shown (0 for a blank)."""

    rows: Board

    @property
    def order(self) -> int:
        return len(self.rows)


GENRE = About(
    name="latin",
    aliases=("latin-square",),
    summary="fill the board so each of 1..N is once in every row and column",
    reading=Reading(
        input_format="rows of digits, . for a blank",
        example="1..\n.2.\n...",
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="onehot",
    ),
    making=Making(
        small="4",
    ),
    parts=Parts(
        parser=__name__,
        model=__name__,
        picture=__name__,
    ),
)

# -- the rules ------------------------------------------------------------------------------------


def check(puzzle: Latin, solution: Board) -> list[str]:
    n = puzzle.order
    problems = []
    for r in range(n):
        if sorted(solution[r]) != list(range(1, n + 1)):
            problems.append(f"row {r + 1} does not hold 1..{n} once each")
    for c in range(n):
        if sorted(row[c] for row in solution) != list(range(1, n + 1)):
            problems.append(f"column {c + 1} does not hold 1..{n} once each")
    for r, row in enumerate(puzzle.rows):
        for c, v in enumerate(row):
            if v and solution[r][c] != v:
                problems.append(f"r{r + 1}c{c + 1} should be the given {v}")
    return problems


answer = grid_answer
place_name = cell_name
GIVENS: Givens[Latin, Board, NumberGiven] = number_givens(
    shown=lambda p: {(r, c): v for r, row in enumerate(p.rows) for c, v in enumerate(row) if v},
    keep=lambda p, shown: Latin(
        tuple(tuple(shown.get((r, c), 0) for c in range(p.order)) for r in range(p.order))
    ),
)


def make(size: tuple[int, int], rng: random.Random, solve: Any) -> tuple[Latin, Board, list[Any]]:
    n = size[0]
    perm = rng.sample(range(n), n)
    board = tuple(tuple(perm[(r + c) % n] + 1 for c in range(n)) for r in range(n))
    return Latin(board), board, []


# -- reading and printing -------------------------------------------------------------------------


def parse(text: str) -> Latin:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    n = len(lines)
    rows = []
    for r, line in enumerate(lines, 1):
        if len(line) != n:
            raise ParseError(f"line {r}: {len(line)} cells, expected {n}")
        row = []
        for c, ch in enumerate(line, 1):
            if ch == ".":
                row.append(0)
            elif ch.isdigit() and 1 <= int(ch) <= n:
                row.append(int(ch))
            else:
                raise ParseError(f"line {r}, column {c}: {ch!r} is not . or 1..{n}")
        rows.append(tuple(row))
    if not rows:
        raise ParseError("empty board")
    return Latin(tuple(rows))


def format_puzzle(puzzle: Latin) -> str:
    return "\n".join("".join(str(v) if v else "." for v in row) for row in puzzle.rows)


def format_solution(puzzle: Latin, solution: Board, style: str = "grid") -> str:
    return "\n".join(" ".join(map(str, row)) for row in solution)


def to_json(puzzle: Latin, solution: Board) -> list[list[int]]:
    return [list(row) for row in solution]


# -- the model ------------------------------------------------------------------------------------

ENCODINGS = ("onehot",)


def build(puzzle: Latin, encoding: str = "onehot", prune: bool = True) -> Built[Board]:
    model = Model()
    n = puzzle.order
    x = {(r, c, v): model.bool_var() for r in range(n) for c in range(n) for v in range(1, n + 1)}
    for r in range(n):
        for c in range(n):
            # Each cell holds one number; a given holds its own.
            model.add_exactly_one(x[r, c, v] for v in range(1, n + 1))
            if puzzle.rows[r][c]:
                model.add_clause([x[r, c, puzzle.rows[r][c]]])
    for v in range(1, n + 1):
        for i in range(n):
            # Each number once in every row and every column.
            model.add_exactly_one(x[i, c, v] for c in range(n))
            model.add_exactly_one(x[r, i, v] for r in range(n))
    model.answer = list(x.values())

    def decode(a: Assignment) -> Board:
        return tuple(
            tuple(next(v for v in range(1, n + 1) if a(x[r, c, v])) for c in range(n))
            for r in range(n)
        )

    return Built(model, decode)


# -- the picture ----------------------------------------------------------------------------------


def extent(puzzle: Latin) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.order), float(puzzle.order))


def draw(ax: Any, puzzle: Latin, solution: Board | None, marked: set[Any], points: float) -> None:
    from gridsat.pictures import grid

    n = puzzle.order
    grid.cells(ax, ((r, c) for r in range(n) for c in range(n)), marked)
    for r in range(n):
        for c in range(n):
            given = puzzle.rows[r][c]
            value = given or (solution[r][c] if solution else 0)
            if value:
                grid.number(ax, r, c, value, points, bool(given))
