"""Shikaku pictures: the numbers in bold (a ``?`` for one not shown); solved, each rectangle
walled in thick lines."""

from __future__ import annotations

from typing import Any

from ..puzzles.shikaku import HIDDEN, Labels, Shikaku
from . import font, grid, regions


def extent(puzzle: Shikaku) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Shikaku, solution: Labels | None, marked: set[tuple[int, int]], points: float
) -> None:
    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    regions.walls(ax, solution, w, h, points)
    clues = puzzle.clues()
    digits = max((len(str(n)) for n in clues.values()), default=1)
    for (r, c), n in clues.items():
        if n != HIDDEN:
            grid.number(ax, r, c, n, points, True, digits=digits)
            continue
        text = ax.text(
            c + 0.5,
            r + 0.5,
            "?",
            ha="center",
            va="center",
            fontsize=font(points, 0.42 / max(2, digits) ** 0.5),
            fontweight="bold",
            color=grid.GIVEN,
            zorder=4,
        )
        text.set_gid(f"number-{r}-{c}")
