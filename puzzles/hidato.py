"""Hidato (Hidoku) and Numbrix, in the player's words, and a checker from their rules alone."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .grid import Rows

Moves = Literal["king", "orthogonal"]
Board = tuple[tuple[int | None, ...], ...]
"""Rows of cells: a number (0 for a blank in a puzzle) or None for a hole."""

STEPS: dict[str, tuple[tuple[int, int], ...]] = {
    # Hidato: the next number touches the cell, across a side or a corner.
    "king": ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    # Numbrix: the next number shares a side with the cell.
    "orthogonal": ((-1, 0), (0, -1), (0, 1), (1, 0)),
}


@dataclass(frozen=True)
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


def check(puzzle: Hidato, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.size
    shape = [len(row) for row in solution]
    if shape != [puzzle.width] * puzzle.height:
        return [f"the solution is not a {puzzle.width}x{puzzle.height} board"]
    problems = []
    where: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            hole = puzzle.rows[r][c] is None
            # Holes stay empty; every cell holds a number from 1 to N, each number once.
            if hole or value is None:
                if hole != (value is None):
                    problems.append(
                        f"r{r + 1}c{c + 1} is {'a hole' if hole else 'a cell'} but holds {value}"
                    )
                continue
            if not 1 <= value <= n:
                problems.append(f"r{r + 1}c{c + 1} holds {value}, outside 1..{n}")
            elif value in where:
                problems.append(
                    f"{value} stands twice, at r{where[value][0] + 1}"
                    f"c{where[value][1] + 1} and r{r + 1}c{c + 1}"
                )
            else:
                where[value] = (r, c)
            # A given number stays.
            given = puzzle.rows[r][c]
            if given and given != value:
                problems.append(f"r{r + 1}c{c + 1} must hold {given}, not {value}")
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


# -- givens, for setters: what can be taken away from a puzzle, or added to it -------------------

Given = tuple[tuple[int, int], int]
"""A number shown on the board: ((row, column), number)."""


def givens(puzzle: Hidato) -> list[Given]:
    """The numbers shown, by cell."""
    return sorted(puzzle.givens().items())


def with_givens(puzzle: Hidato, shown: Iterable[Given]) -> Hidato:
    """The same board showing exactly these numbers (holes stay holes)."""
    numbers = dict(shown)
    rows = tuple(
        tuple(None if v is None else numbers.get((r, c), 0) for c, v in enumerate(row))
        for r, row in enumerate(puzzle.rows)
    )
    return dataclasses.replace(puzzle, rows=rows)


def given_at(puzzle: Hidato, solution: Board, place: tuple[int, int]) -> Given:
    """The number the solution has at ``place``, as a given."""
    r, c = place
    value = solution[r][c]
    assert value is not None
    return ((r, c), value)


def describe(puzzle: Hidato, given: Given) -> str:
    (r, c), number = given
    return f"{number} at r{r + 1}c{c + 1}"
