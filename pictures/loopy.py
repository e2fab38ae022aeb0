"""Loopy pictures: the dots, the clues, and the loop as one thick line along the cell edges;
free cells (diagnose, or where two solutions differ) shaded."""

from __future__ import annotations

from typing import Any

from ..puzzles.loopy import Lines, Loopy
from . import font, grid

LOOP = "#1f5fbf"
DOT = "#222222"
FAINT = "#d0d0d0"


def extent(puzzle: Loopy) -> tuple[float, float, float, float]:
    """The board alone: the loop runs on its edges."""
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Loopy, solution: Lines | None, marked: set[tuple[int, int]], points: float
) -> None:
    """The cells, the loop (when solved), the dots and the clues."""
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Rectangle

    h, w = puzzle.height, puzzle.width
    # A square per cell (id cell-R-C), its sides faint: where the loop may run; free cells
    # (diagnose, or where two solutions differ) shaded.
    for r in range(h):
        for c in range(w):
            square = Rectangle(
                (c, r),
                1,
                1,
                facecolor=grid.MARKED if (r, c) in marked else "white",
                edgecolor=FAINT,
                linewidth=0.6,
                zorder=1,
            )
            square.set_gid(f"cell-{r}-{c}")
            ax.add_artist(square)
    if solution is not None:
        segments = [
            [(x, y), (x + 1, y)]
            for y, row in enumerate(solution.h)
            for x, on in enumerate(row)
            if on
        ]
        segments += [
            [(x, y), (x, y + 1)]
            for y, row in enumerate(solution.v)
            for x, on in enumerate(row)
            if on
        ]
        loop = LineCollection(
            segments, colors=LOOP, linewidths=max(0.8, points * 0.09), capstyle="round", zorder=3
        )
        loop.set_gid("loop")
        ax.add_collection(loop)
    xs = [x for _ in range(h + 1) for x in range(w + 1)]
    ys = [y for y in range(h + 1) for _ in range(w + 1)]
    dots = ax.scatter(xs, ys, s=max(0.5, (points * 0.08) ** 2), c=DOT, zorder=4, linewidths=0)
    dots.set_gid("dots")
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue is not None:
                text = ax.text(c + 0.5, r + 0.5, str(clue), ha="center", va="center",
                               fontsize=font(points, 0.42), fontweight="bold",
                               color=grid.GIVEN, zorder=5)  # fmt: skip
                text.set_gid(f"number-{r}-{c}")
