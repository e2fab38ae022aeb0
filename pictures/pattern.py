"""Pattern pictures: the board with black cells filled, the column clues above it and the row
clues to its left; fixed cells shown as given (black, or white with a dot)."""

from __future__ import annotations

from typing import Any

from ..puzzles.pattern import Board, Pattern
from . import font
from .grid import GIVEN, LINE, MARKED

MARKED_BLACK = "#8c6d00"
"""A black cell that diagnose marks (free): dark amber, so it reads both as black and marked."""


def extent(puzzle: Pattern) -> tuple[float, float, float, float]:
    # The row clues need a column a number, the column clues a row a number.
    left = max((len(clue) for clue in puzzle.rows), default=0) or 1
    top = max((len(clue) for clue in puzzle.columns), default=0) or 1
    return (-0.75 * left, -0.75 * top, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Pattern, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Circle, Rectangle

    for r in range(puzzle.height):
        for c in range(puzzle.width):
            shown = puzzle.fixed.get((r, c))
            value = shown if solution is None else solution[r][c]
            if (r, c) in marked:
                face = MARKED_BLACK if value else MARKED
            else:
                face = GIVEN if value else "white"
            square = Rectangle((c, r), 1, 1, facecolor=face, edgecolor=LINE, linewidth=0.8)
            square.set_gid(f"cell-{r}-{c}")
            ax.add_artist(square)
            if shown == 0:  # a cell shown white from the start
                dot = Circle((c + 0.5, r + 0.5), 0.12, facecolor=GIVEN, edgecolor="none")
                dot.set_gid(f"fixed-{r}-{c}")
                ax.add_artist(dot)
    size = font(points, 0.42 * 0.75)
    for c, clue in enumerate(puzzle.columns):
        numbers = list(clue) or [0]
        for k, n in enumerate(numbers):
            y = -0.75 * (len(numbers) - k) + 0.375
            _clue(ax, c + 0.5, y, n, size, f"number-column-{c}-{k}")
    for r, clue in enumerate(puzzle.rows):
        numbers = list(clue) or [0]
        for k, n in enumerate(numbers):
            x = -0.75 * (len(numbers) - k) + 0.375
            _clue(ax, x, r + 0.5, n, size, f"number-row-{r}-{k}")


def _clue(ax: Any, x: float, y: float, n: int, size: float, gid: str) -> None:
    text = ax.text(x, y, str(n), ha="center", va="center", fontsize=size, fontweight="bold",
                   color=GIVEN)  # fmt: skip
    text.set_gid(gid)
