"""Galaxies pictures: the dots (white, or black as the setter drew them) at cell centres, sides
and corners, holes dark; solved, thick walls between galaxies and each black dot's galaxy grey,
as the collection shades it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..puzzles.galaxies import Galaxies
from . import grid

WALL = "#111111"
SHADE = "#bdbdbd"
HOLE = "#555555"


def extent(puzzle: Galaxies) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any,
    puzzle: Galaxies,
    solution: Sequence[Sequence[int | None]] | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle, Rectangle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, puzzle.cells(), marked)
    for r, c in sorted(puzzle.holes):
        hole = Rectangle((c, r), 1, 1, facecolor=HOLE, zorder=2)
        hole.set_gid(f"value-{r}-{c}")
        ax.add_artist(hole)
    shaded = {d for d, dot in enumerate(puzzle.dots) if dot in puzzle.black}
    if solution is not None:
        for r, c in puzzle.cells():
            if solution[r][c] in shaded and (r, c) not in marked:
                shade = Rectangle((c, r), 1, 1, facecolor=SHADE, zorder=1)
                shade.set_gid(f"value-{r}-{c}")
                ax.add_artist(shade)
        walls = []
        for r in range(h):
            for c in range(w):
                if c + 1 < w and solution[r][c] != solution[r][c + 1]:
                    walls.append([(c + 1, r), (c + 1, r + 1)])
                if r + 1 < h and solution[r][c] != solution[r + 1][c]:
                    walls.append([(c, r + 1), (c + 1, r + 1)])
        lines = LineCollection(walls, colors=WALL, linewidths=max(1.5, points * 0.08), zorder=3)
        lines.set_gid("value-walls")
        ax.add_collection(lines)
    for x, y in puzzle.dots:
        black = (x, y) in puzzle.black
        dot = Circle(
            (x / 2, y / 2),
            0.16,
            facecolor=WALL if black else "white",
            edgecolor=WALL,
            linewidth=max(0.8, points * 0.04),
            zorder=4,
        )
        dot.set_gid(f"clue-{x}-{y}")
        ax.add_artist(dot)
