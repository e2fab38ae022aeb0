"""Tents pictures: trees in green, tents as triangles (shown ones black, found ones in colour),
grass shown as a dot, and each row's count beside it, each column's below."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..puzzles.tents import SHOWN_GRASS, TENT, TREE, Tents
from . import font, grid

TREE_COLOUR = "#2e7d32"
GRASS_COLOUR = "#9ccc65"
COUNT_COLOUR = "#7f7f7f"


def extent(puzzle: Tents) -> tuple[float, float, float, float]:
    # A column of row counts on the right, a row of column counts below.
    return (0.0, 0.0, puzzle.width + 1.0, puzzle.height + 1.0)


def draw(
    ax: Any,
    puzzle: Tents,
    solution: Sequence[str] | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    from matplotlib.patches import Circle, Polygon

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    for r in range(h):
        for c in range(w):
            given = puzzle.rows[r][c]
            found = solution[r][c] if solution is not None else None
            if given == TREE:
                shape: Any = Circle((c + 0.5, r + 0.45), 0.3, facecolor=TREE_COLOUR, zorder=3)
            elif given == TENT or found == TENT:
                colour = grid.GIVEN if given == TENT else grid.FILLED
                corners = [(c + 0.15, r + 0.82), (c + 0.85, r + 0.82), (c + 0.5, r + 0.18)]
                shape = Polygon(corners, closed=True, facecolor=colour, zorder=3)
            elif given == SHOWN_GRASS:
                shape = Circle((c + 0.5, r + 0.5), 0.08, facecolor=GRASS_COLOUR, zorder=3)
            else:
                continue
            shape.set_gid(f"value-{r}-{c}")
            ax.add_artist(shape)
    for r, count in enumerate(puzzle.row_counts):
        if count is not None:
            _count(ax, w + 0.5, r + 0.5, count, points, f"sum-row-{r}")
    for c, count in enumerate(puzzle.column_counts):
        if count is not None:
            _count(ax, c + 0.5, h + 0.5, count, points, f"sum-col-{c}")


def _count(ax: Any, x: float, y: float, count: int, points: float, gid: str) -> None:
    text = str(count)
    label = ax.text(
        x,
        y,
        text,
        ha="center",
        va="center",
        color=COUNT_COLOUR,
        fontsize=font(points, 0.4 / max(1, len(text) / 2) ** 0.5),
    )
    label.set_gid(gid)
