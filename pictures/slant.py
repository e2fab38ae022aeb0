"""Slant pictures: the cells, the clues in circles on the corners and, solved, each cell's
diagonal."""

from __future__ import annotations

from typing import Any

from ..puzzles.slant import BACK, Lines, Slant
from . import font, grid

INK = "#111111"
LINE = "#1f5fbf"


def extent(puzzle: Slant) -> tuple[float, float, float, float]:
    # Room for the clues' circles on the board's edge.
    return (-0.4, -0.4, puzzle.width + 0.4, puzzle.height + 0.4)


def draw(
    ax: Any, puzzle: Slant, solution: Lines | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    if solution is not None:
        segments = [
            [(c, r), (c + 1, r + 1)] if ch == BACK else [(c + 1, r), (c, r + 1)]
            for r, row in enumerate(solution)
            for c, ch in enumerate(row)
        ]
        lines = LineCollection(segments, colors=LINE, linewidths=max(0.8, points * 0.1),
                               capstyle="round", zorder=3)  # fmt: skip
        lines.set_gid("diagonals")
        ax.add_collection(lines)
    for (y, x), n in puzzle.clues().items():
        ring = Circle((x, y), 0.22, facecolor="white", edgecolor=INK,
                      linewidth=max(0.5, points * 0.03), zorder=4)  # fmt: skip
        ring.set_gid(f"clue-{y}-{x}")
        ax.add_artist(ring)
        text = ax.text(x, y, str(n), ha="center", va="center", color=INK,
                       fontsize=font(points, 0.3), zorder=5)  # fmt: skip
        text.set_gid(f"number-{y}-{x}")
