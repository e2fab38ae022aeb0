"""What the pictures of shading puzzles share: cells, their numbers, and the shaded cells
filled (a number on a shaded cell shown in grey on it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import font, grid

INK = "#111111"
FAINT = "#9a9a9a"


def draw(
    ax: Any,
    width: int,
    height: int,
    numbers: Mapping[tuple[int, int], str],
    marks: Mapping[tuple[int, int], bool],
    solution: Sequence[str] | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    """The board: each cell, its number, shaded cells filled (from the solution, or the given
    marks when unsolved), a cell given unshaded with a small dot."""
    from matplotlib.patches import Circle, Rectangle

    grid.cells(ax, ((r, c) for r in range(height) for c in range(width)), marked)
    digits = max((len(t) for t in numbers.values()), default=1)
    for r in range(height):
        for c in range(width):
            mark = marks.get((r, c))
            if solution is not None and (r, c) not in marked:
                dark = solution[r][c] == "1"
            else:
                dark = mark is True
            if dark:
                square = Rectangle(
                    (c, r), 1, 1, facecolor=INK, edgecolor=INK, linewidth=0.8, zorder=2
                )
                square.set_gid(f"shaded-{r}-{c}")
                ax.add_artist(square)
            elif mark is False:
                dot = Circle((c + 0.5, r + 0.85), 0.05, facecolor=INK, zorder=3)
                dot.set_gid(f"unshaded-{r}-{c}")
                ax.add_artist(dot)
            said = numbers.get((r, c))
            if said is not None:
                text = ax.text(
                    c + 0.5,
                    r + 0.5,
                    said,
                    ha="center",
                    va="center",
                    color=FAINT if dark else INK,
                    fontsize=font(points, 0.42 / max(2, digits) ** 0.5),
                    fontweight="bold",
                    zorder=4,
                )
                text.set_gid(f"number-{r}-{c}")
