"""Fillomino pictures: the numbers given in bold; solved, the numbers found in colour and each
region walled in thick lines."""

from __future__ import annotations

from typing import Any

from ..puzzles.fillomino import Fillomino, Numbers
from . import grid, regions


def extent(puzzle: Fillomino) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any,
    puzzle: Fillomino,
    solution: Numbers | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    regions.walls(ax, solution, w, h, points)
    given = puzzle.givens()
    shown = solution if solution is not None else puzzle.rows
    digits = max((len(str(v)) for row in shown for v in row if v is not None), default=1)
    for r, row in enumerate(shown):
        for c, v in enumerate(row):
            if v is not None and (r, c) not in marked:
                grid.number(ax, r, c, v, points, (r, c) in given, digits=digits)
