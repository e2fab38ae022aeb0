"""Light Up pictures: black cells filled, their clues in white; solved, the lit cells yellow and
each light a bulb (a given light ringed; a cell given no light a small dot, as the collection
marks it)."""

from __future__ import annotations

from typing import Any

from ..puzzles.lightup import LIGHT, WHITE, Board, LightUp
from . import font, grid

LIT = "#fff9d6"
BULB = "#f2b705"
INK = "#111111"


def extent(puzzle: LightUp) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: LightUp, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Circle, Rectangle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    for r in range(h):
        for c in range(w):
            ch = puzzle.rows[r][c]
            if ch == WHITE:
                if solution is not None and (r, c) not in marked:
                    shade = Rectangle(
                        (c, r), 1, 1, facecolor=LIT, edgecolor=grid.LINE, linewidth=0.8, zorder=1
                    )
                    shade.set_gid(f"lit-{r}-{c}")
                    ax.add_artist(shade)
                continue
            square = Rectangle((c, r), 1, 1, facecolor=INK, edgecolor=INK, linewidth=0.8, zorder=2)
            square.set_gid(f"black-{r}-{c}")
            ax.add_artist(square)
            if ch != "#":
                text = ax.text(
                    c + 0.5,
                    r + 0.5,
                    ch,
                    ha="center",
                    va="center",
                    color="white",
                    fontsize=font(points, 0.5),
                    fontweight="bold",
                    zorder=4,
                )
                text.set_gid(f"number-{r}-{c}")
    for r in range(h):
        for c in range(w):
            mark = puzzle.marks.get((r, c))
            on = solution[r][c] == LIGHT if solution is not None else mark is True
            if on:
                ring = max(0.5, points * (0.06 if mark else 0.02))  # a given light: a thick ring
                bulb = Circle(
                    (c + 0.5, r + 0.5),
                    0.32,
                    facecolor=BULB,
                    edgecolor=INK,
                    linewidth=ring,
                    zorder=3,
                )
                bulb.set_gid(f"light-{r}-{c}")
                ax.add_artist(bulb)
            elif mark is False:
                dot = Circle((c + 0.5, r + 0.5), 0.08, facecolor=INK, zorder=3)
                dot.set_gid(f"dark-{r}-{c}")
                ax.add_artist(dot)
