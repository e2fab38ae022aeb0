"""Magic board pictures: givens in bold, found numbers in colour, and each line's sum beside
its row, under its column and at the diagonals' ends."""

from __future__ import annotations

from typing import Any

from ..puzzles.magic import Board, Magic
from . import font, grid


def extent(puzzle: Magic) -> tuple[float, float, float, float]:
    # A column of row sums on the right, a row of column sums below, diagonals at the corners.
    return (-1.0 if puzzle.diagonals else 0.0, 0.0, puzzle.order + 1.0, puzzle.order + 1.0)


def draw(
    ax: Any, puzzle: Magic, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    n = puzzle.order
    digits = max(len(str(puzzle.low)), len(str(puzzle.high)))
    grid.cells(ax, ((r, c) for r in range(n) for c in range(n)), marked)
    for (r, c), value in puzzle.givens.items():
        if solution is None:
            grid.number(ax, r, c, value, points, True, digits=digits)
    if solution is None:
        if puzzle.target is not None:
            _sum(ax, n + 0.5, n + 0.5, f"={puzzle.target}", points, "sum-target")
        return
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            grid.number(ax, r, c, value, points, (r, c) in puzzle.givens, digits=digits)
    for r, row in enumerate(solution):
        _sum(ax, n + 0.5, r + 0.5, str(sum(row)), points, f"sum-row-{r}")
    for c in range(n):
        _sum(ax, c + 0.5, n + 0.5, str(sum(row[c] for row in solution)), points, f"sum-col-{c}")
    if puzzle.diagonals:
        main = sum(solution[i][i] for i in range(n))
        anti = sum(solution[i][n - 1 - i] for i in range(n))
        _sum(ax, n + 0.5, n + 0.5, f"↘{main}", points, "sum-diagonal")
        _sum(ax, -0.5, n + 0.5, f"↙{anti}", points, "sum-antidiagonal")


def _sum(ax: Any, x: float, y: float, text: str, points: float, gid: str) -> None:
    label = ax.text(
        x,
        y,
        text,
        ha="center",
        va="center",
        color="#7f7f7f",
        fontsize=font(points, 0.3 / max(1, len(text) / 3) ** 0.5),
        gid=gid,
    )
    label.set_gid(gid)
