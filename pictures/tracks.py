"""Tracks pictures: the cells, the counts above and to the right, the pieces shown in black
and, solved, the track through the cell centres (its ends leaving the board)."""

from __future__ import annotations

from typing import Any

from ..puzzles.tracks import Masks, Tracks
from . import font, grid
from .lines import draw_masks

INK = "#111111"
SHOWN = "#d9d9d9"


def extent(puzzle: Tracks) -> tuple[float, float, float, float]:
    # A row of counts above, a column of counts to the right; room for the ends' half lines.
    return (-0.6, -1.0, puzzle.width + 1.0, puzzle.height + 0.6)


def draw(
    ax: Any, puzzle: Tracks, solution: Masks | None, marked: set[tuple[int, int]], points: float
) -> None:
    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    shown = tuple(
        "".join(
            format(puzzle.ends().get((r, c), 0) | m if m else 0, "x") for c, m in enumerate(row)
        )
        for r, row in enumerate(puzzle.rows)
    )
    from matplotlib.patches import Rectangle

    for r, c in puzzle.clues():  # a piece shown: its cell shaded
        square = Rectangle((c, r), 1, 1, facecolor=SHOWN, edgecolor=grid.LINE, linewidth=0.8)
        square.set_gid(f"shown-{r}-{c}")
        ax.add_artist(square)
    draw_masks(ax, solution if solution is not None else shown, points,
               gid="track" if solution is not None else "pieces")  # fmt: skip
    for c, n in enumerate(puzzle.columns):
        text = ax.text(c + 0.5, -0.5, str(n), ha="center", va="center", color=INK,
                       fontsize=font(points, 0.45))  # fmt: skip
        text.set_gid(f"column-{c}")
    for r, n in enumerate(puzzle.counts):
        text = ax.text(w + 0.5, r + 0.5, str(n), ha="center", va="center", color=INK,
                       fontsize=font(points, 0.45))  # fmt: skip
        text.set_gid(f"row-{r}")
