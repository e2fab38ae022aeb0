"""Numberlink pictures: the numbers in their cells, ringed; solved, the paths through the cell
centres that join them."""

from __future__ import annotations

from typing import Any

from ..puzzles.numberlink import Masks, Numberlink
from . import grid
from .lines import draw_masks

INK = "#111111"


def extent(puzzle: Numberlink) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Numberlink, solution: Masks | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Circle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    if solution is not None:
        draw_masks(ax, solution, points, gid="paths")
    elif puzzle.marks:
        shown = [["0"] * w for _ in range(h)]
        for (r, c), mask in puzzle.marks:
            shown[r][c] = format(mask, "x")
        draw_masks(ax, ["".join(row) for row in shown], points, gid="marks")
    digits = max((len(str(n)) for row in puzzle.rows for n in row if n is not None), default=1)
    for r, row in enumerate(puzzle.rows):
        for c, n in enumerate(row):
            if n is None:
                continue
            ring = Circle((c + 0.5, r + 0.5), 0.36, facecolor="white", edgecolor=INK,
                          linewidth=max(0.5, points * 0.03), zorder=4)  # fmt: skip
            ring.set_gid(f"end-{r}-{c}")
            ax.add_artist(ring)
            grid.number(ax, r, c, n, points, True, digits=digits)
