"""Kakuro pictures: black cells grey, split by a diagonal, the down sum below it and the across
sum above it; given digits bold, found ones in colour."""

from __future__ import annotations

from typing import Any

from ..puzzles.kakuro import Board, Kakuro
from . import font, grid

BLACK = "#bdbdbd"


def extent(puzzle: Kakuro) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Kakuro, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Rectangle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    for r, row in enumerate(puzzle.rows):
        for c, square in enumerate(row):
            if not isinstance(square, tuple):
                found = solution[r][c] if solution is not None and (r, c) not in marked else ""
                if square or found.isdigit():
                    grid.number(ax, r, c, square or int(found), points, bool(square))
                continue
            block = Rectangle((c, r), 1, 1, facecolor=BLACK, edgecolor=grid.LINE, linewidth=0.8)
            block.set_gid(f"black-{r}-{c}")
            ax.add_artist(block)
            down, across = square
            if down is None and across is None:
                continue
            (line,) = ax.plot([c, c + 1], [r, r + 1], color=grid.LINE, linewidth=0.8, zorder=3)
            line.set_gid(f"split-{r}-{c}")
            for value, x, y, name in ((down, 0.3, 0.75, "down"), (across, 0.72, 0.3, "across")):
                if value is not None:
                    text = ax.text(
                        c + x,
                        r + y,
                        str(value),
                        ha="center",
                        va="center",
                        fontsize=font(points, 0.2),
                        color=grid.GIVEN,
                        zorder=4,
                    )
                    text.set_gid(f"{name}-{r}-{c}")
