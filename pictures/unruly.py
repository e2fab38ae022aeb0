"""Unruly pictures: the 1s shaded dark as in the collection, each cell's digit on it, givens in
bold, found digits in colour."""

from __future__ import annotations

from typing import Any

from ..puzzles.unruly import Board, Unruly
from . import font, grid

ONE = "#4d4d4d"
"""The dark colour of a 1 (the collection's 0.2 grey, lightened so a found digit reads)."""
COLOURS = {
    (True, 0): grid.GIVEN,
    (True, 1): "white",
    (False, 0): grid.FILLED,
    (False, 1): "#9ecae1",
}
"""A digit's colour by (given, value): givens black (white on a dark 1), found ones blue."""


def extent(puzzle: Unruly) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Unruly, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Rectangle

    w, h = puzzle.width, puzzle.height
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    for r in range(h):
        for c in range(w):
            given = puzzle.rows[r][c]
            value = given if given is not None else (solution[r][c] if solution else None)
            if value not in (0, 1):
                continue
            if value == 1:  # a dark square inside the cell, its marking still showing round it
                square = Rectangle((c + 0.1, r + 0.1), 0.8, 0.8, facecolor=ONE, linewidth=0,
                                   zorder=3)  # fmt: skip
                square.set_gid(f"one-{r}-{c}")
                ax.add_artist(square)
            text = ax.text(
                c + 0.5,
                r + 0.5,
                str(value),
                ha="center",
                va="center",
                fontsize=font(points, 0.42 / 2**0.5),
                fontweight="bold" if given is not None else "normal",
                color=COLOURS[given is not None, value],
                zorder=4,
            )
            text.set_gid(f"number-{r}-{c}")
