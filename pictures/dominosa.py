"""Dominosa pictures: the numbers on the board; solved, each domino outlined round its two
numbers (a given domino outlined thick, as the collection draws a placed one)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..puzzles.dominosa import Dominosa, dominoes_of
from . import grid

DOMINO = "#f3efe0"


def extent(puzzle: Dominosa) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any,
    puzzle: Dominosa,
    solution: Sequence[str] | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    from matplotlib.patches import FancyBboxPatch

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    digits = len(str(puzzle.largest))
    for r, row in enumerate(puzzle.rows):
        for c, value in enumerate(row):
            grid.number(ax, r, c, value, points, True, digits=digits)
    shown = set(puzzle.placed)
    if solution is not None:
        shown |= {d for d in dominoes_of(solution) if not marked & set(d)}
    for (r, c), (r2, c2) in sorted(shown):
        given = ((r, c), (r2, c2)) in puzzle.placed
        outline = FancyBboxPatch(
            (c + 0.1, r + 0.1),
            c2 - c + 0.8,
            r2 - r + 0.8,
            boxstyle="round,pad=0,rounding_size=0.2",
            facecolor=DOMINO,
            edgecolor=grid.GIVEN,
            linewidth=max(0.8, points * (0.08 if given else 0.04)),
            zorder=3,
        )
        outline.set_gid(f"pair-{r}-{c}")
        ax.add_artist(outline)
