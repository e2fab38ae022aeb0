"""Yajilin pictures: the clue cells in grey with their counts and arrows; solved, the shaded
cells filled and the loop through the centres of the others."""

from __future__ import annotations

from typing import Any

from ..puzzles.yajilin import SHADED, Board, Yajilin
from . import font, grid
from .lines import draw_masks

INK = "#111111"
GREY = "#d9d9d9"
ARROW = {"^": "↑", "v": "↓", "<": "←", ">": "→", "": ""}


def extent(puzzle: Yajilin) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Yajilin, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Rectangle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    clues = puzzle.clues()
    if solution is not None:
        draw_masks(ax, solution, points)
        for r, row in enumerate(solution):
            for c, ch in enumerate(row):
                if ch == SHADED and (r, c) not in marked:
                    square = Rectangle(
                        (c, r), 1, 1, facecolor=INK, edgecolor=INK, linewidth=0.8, zorder=2
                    )
                    square.set_gid(f"shaded-{r}-{c}")
                    ax.add_artist(square)
    texts = {
        cell: ("?" if count is None and arrow else "" if count is None else str(count))
        + ARROW[arrow]
        for cell, (arrow, count) in clues.items()
    }
    digits = max((len(t) for t in texts.values()), default=1)
    for (r, c), said in texts.items():
        square = Rectangle((c, r), 1, 1, facecolor=GREY, edgecolor=grid.LINE, linewidth=0.8,
                           zorder=2)  # fmt: skip
        square.set_gid(f"clue-{r}-{c}")
        ax.add_artist(square)
        text = ax.text(
            c + 0.5,
            r + 0.5,
            said,
            ha="center",
            va="center",
            color=INK,
            fontsize=font(points, 0.42 / max(2, digits) ** 0.5),
            fontweight="bold",
            zorder=4,
        )
        text.set_gid(f"clue-text-{r}-{c}")
