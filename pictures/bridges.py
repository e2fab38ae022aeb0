"""Bridges pictures: islands as circles with their numbers, bridges as one to four parallel
strokes over the water cells; given water cells in grey (a cross for a cell given empty)."""

from __future__ import annotations

from typing import Any

from ..puzzles.bridges import Board, Bridges
from . import font, grid

WATER = "#eef4fb"
EDGE = "#d0dcea"
INK = "#1f5fbf"
GIVEN = "#9e9e9e"


def extent(puzzle: Bridges) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Bridges, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Circle, Rectangle

    for r in range(puzzle.height):
        for c in range(puzzle.width):
            square = Rectangle(
                (c, r),
                1,
                1,
                facecolor=grid.MARKED if (r, c) in marked else WATER,
                edgecolor=EDGE,
                linewidth=0.5,
            )
            square.set_gid(f"cell-{r}-{c}")
            ax.add_artist(square)
    width = max(0.3, points * 0.06)
    for (r, c), v in puzzle.fixed.items():
        if solution is None or solution[r][c] != v:
            _bridge(ax, r, c, v, GIVEN, width, f"fixed-{r}-{c}")
    if solution is not None:
        for r, row in enumerate(solution):
            for c, v in enumerate(row):
                if isinstance(v, int) and v:
                    ink = GIVEN if (r, c) in puzzle.fixed else INK
                    _bridge(ax, r, c, v, ink, width, f"tile-{r}-{c}")
    biggest = max(n for row in puzzle.rows for n in row)
    for r, c in puzzle.islands():
        disc = Circle((c + 0.5, r + 0.5), 0.42, facecolor="white", edgecolor=grid.GIVEN,
                      linewidth=max(0.4, points * 0.04), zorder=3)  # fmt: skip
        ax.add_artist(disc)
        label = ax.text(c + 0.5, r + 0.5, str(puzzle.rows[r][c]), ha="center", va="center",
                        fontsize=font(points, 0.55 / max(2, len(str(biggest))) ** 0.5),
                        fontweight="bold", color=grid.GIVEN, zorder=4)  # fmt: skip
        label.set_gid(f"number-{r}-{c}")


def _bridge(ax: Any, r: int, c: int, v: int, ink: str, width: float, gid: str) -> None:
    """The bridges over cell (r, c): ``v`` horizontal strokes, ``-v`` vertical ones; a small
    cross when ``v`` is 0 (a cell given without a bridge)."""
    from matplotlib.collections import LineCollection

    if v == 0:
        d = 0.12
        lines = [[(c + 0.5 - d, r + 0.5 - d), (c + 0.5 + d, r + 0.5 + d)],
                 [(c + 0.5 - d, r + 0.5 + d), (c + 0.5 + d, r + 0.5 - d)]]  # fmt: skip
    else:
        n = abs(v)
        offsets = [0.5 + 0.14 * (k - (n - 1) / 2) for k in range(n)]
        if v > 0:
            lines = [[(c, r + o), (c + 1, r + o)] for o in offsets]
        else:
            lines = [[(c + o, r), (c + o, r + 1)] for o in offsets]
    strokes = LineCollection(lines, colors=ink, linewidths=width, zorder=2)
    strokes.set_gid(gid)
    ax.add_collection(strokes)
