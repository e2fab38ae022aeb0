"""Star Battle pictures: the rooms walled in thick lines; solved, a star in each starred cell
(the stars shown in black, those found in colour)."""

from __future__ import annotations

from typing import Any

from ..puzzles.starbattle import STAR, Board, StarBattle
from . import grid, regions


def extent(puzzle: StarBattle) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: StarBattle, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    regions.walls(ax, puzzle.rows, w, h, points)
    shown = set(puzzle.given)
    for r in range(h):
        for c in range(w):
            found = solution is not None and (r, c) not in marked and solution[r][c] == STAR
            if (r, c) in shown or found:
                (star,) = ax.plot(
                    c + 0.5, r + 0.5, marker="*", markersize=points * 0.55, linestyle="none",
                    color=grid.GIVEN if (r, c) in shown else grid.FILLED, zorder=4,
                )  # fmt: skip
                star.set_gid(f"star-{r}-{c}")
