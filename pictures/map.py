"""Map pictures: each region's cells filled with its colour (white while unknown), thick lines
between regions, and a dot in the first cell of each region whose colour is shown."""

from __future__ import annotations

from typing import Any

from ..puzzles.map import Board, Map
from . import grid

PAINT = ("#e8a3a3", "#f2d58a", "#9fcf9f", "#9fb8e0")
"""The four colours, 0 to 3."""
INK = "#222222"


def extent(puzzle: Map) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Map, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Circle, Rectangle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    for r in range(h):
        for c in range(w):
            k = puzzle.rows[r][c]
            shown = puzzle.colours[k]
            colour = shown if shown is not None else int(solution[r][c]) if solution else None
            if colour is None or (r, c) in marked:
                continue
            square = Rectangle((c, r), 1, 1, facecolor=PAINT[colour], edgecolor="none", zorder=1)
            square.set_gid(f"colour-{r}-{c}")
            ax.add_artist(square)
    thick = max(1.0, points / 12)
    for r in range(h):
        for c in range(w):
            if c + 1 < w and puzzle.rows[r][c] != puzzle.rows[r][c + 1]:
                (line,) = ax.plot([c + 1, c + 1], [r, r + 1], color=INK, linewidth=thick, zorder=3)
                line.set_gid(f"border-{r}-{c}-right")
            if r + 1 < h and puzzle.rows[r][c] != puzzle.rows[r + 1][c]:
                (line,) = ax.plot([c, c + 1], [r + 1, r + 1], color=INK, linewidth=thick, zorder=3)
                line.set_gid(f"border-{r}-{c}-down")
    for k, (r, c) in enumerate(puzzle.firsts()):
        if puzzle.colours[k] is not None:
            dot = Circle((c + 0.5, r + 0.5), 0.12, facecolor=INK, zorder=4)
            dot.set_gid(f"shown-{r}-{c}")
            ax.add_artist(dot)
