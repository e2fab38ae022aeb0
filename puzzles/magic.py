"""Magic number boards, in the player's words, and a checker from their rules alone."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Board = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Magic:
    """An ``order`` x ``order`` board to fill with numbers from ``low`` to ``high`` so that every
    row, every column and (with ``diagonals``) both main diagonals sum to the same total:
    ``target`` when it is set, else whatever total works. With ``distinct`` no number repeats."""

    order: int
    low: int
    high: int
    givens: Mapping[tuple[int, int], int] = field(default_factory=dict)
    target: int | None = None
    diagonals: bool = True
    distinct: bool = True

    def lines(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """Every line that must reach the total, named as a player names it."""
        n = self.order
        found = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
        found += [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]
        if self.diagonals:
            found.append(("the main diagonal", [(i, i) for i in range(n)]))
            found.append(("the anti-diagonal", [(i, n - 1 - i) for i in range(n)]))
        return found


def check(puzzle: Magic, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.order
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution is not a {n}x{n} board"]
    problems = []
    seen: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(solution):
        for c, v in enumerate(row):
            # Every number lies in the range.
            if not puzzle.low <= v <= puzzle.high:
                problems.append(f"r{r + 1}c{c + 1} holds {v}, outside {puzzle.low}..{puzzle.high}")
            # No number twice, unless repeats are allowed.
            if puzzle.distinct and v in seen:
                problems.append(
                    f"{v} stands twice, at r{seen[v][0] + 1}c{seen[v][1] + 1} and r{r + 1}c{c + 1}"
                )
            seen.setdefault(v, (r, c))
    # The givens stay.
    for (r, c), v in puzzle.givens.items():
        if solution[r][c] != v:
            problems.append(f"r{r + 1}c{c + 1} must hold {v}, not {solution[r][c]}")
    # Every row, column and diagonal has the same total (the target, when there is one).
    n_rows = [sum(row) for row in solution]
    n_cols = [sum(solution[r][c] for r in range(n)) for c in range(n)]
    totals = [("row", i, t) for i, t in enumerate(n_rows)]
    totals += [("column", i, t) for i, t in enumerate(n_cols)]
    if puzzle.diagonals:
        totals.append(("main diagonal", 0, sum(solution[i][i] for i in range(n))))
        totals.append(("anti-diagonal", 0, sum(solution[i][n - 1 - i] for i in range(n))))
    want = puzzle.target if puzzle.target is not None else n_rows[0]
    for kind, i, total in totals:
        if total != want:
            name = f"{kind} {i + 1}" if kind in ("row", "column") else f"the {kind}"
            problems.append(f"{name} sums to {total}, not {want}")
    return problems


# -- givens, for setters: what can be taken away from a puzzle, or added to it -------------------

Given = tuple[tuple[int, int], int]
"""A number shown on the board: ((row, column), number)."""


def givens(puzzle: Magic) -> list[Given]:
    """The numbers shown, by cell."""
    return sorted(puzzle.givens.items())


def with_givens(puzzle: Magic, shown: Iterable[Given]) -> Magic:
    """The same board (range, total, lines) showing exactly these numbers."""
    return dataclasses.replace(puzzle, givens=dict(shown))


def given_at(puzzle: Magic, solution: Board, place: tuple[int, int]) -> Given:
    """The number the solution has at ``place``, as a given."""
    r, c = place
    return ((r, c), solution[r][c])


def describe(puzzle: Magic, given: Given) -> str:
    (r, c), number = given
    return f"{number} at r{r + 1}c{c + 1}"
