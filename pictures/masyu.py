"""Masyu pictures: the cells, the circles (white ringed, black filled) and, solved, the loop
through the cell centres."""

from __future__ import annotations

from typing import Any

from ..puzzles.masyu import WHITE, Masks, Masyu
from . import grid
from .lines import draw_masks

INK = "#111111"


def extent(puzzle: Masyu) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Masyu, solution: Masks | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Circle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    if solution is not None:
        draw_masks(ax, solution, points)
    for (r, c), colour in puzzle.circles().items():
        circle = Circle(
            (c + 0.5, r + 0.5),
            0.3,
            facecolor="white" if colour == WHITE else INK,
            edgecolor=INK,
            linewidth=max(0.5, points * 0.04),
            zorder=4,
        )
        circle.set_gid(f"{'white' if colour == WHITE else 'black'}-{r}-{c}")
        ax.add_artist(circle)
