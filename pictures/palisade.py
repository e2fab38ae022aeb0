"""Palisade pictures: the clues in bold; solved, each region walled in thick lines."""

from __future__ import annotations

from typing import Any

from ..puzzles.palisade import Palisade
from ..puzzles.shikaku import Labels
from . import grid, regions


def extent(puzzle: Palisade) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Palisade, solution: Labels | None, marked: set[tuple[int, int]], points: float
) -> None:
    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    regions.walls(ax, solution, w, h, points)
    for (r, c), n in puzzle.clues().items():
        grid.number(ax, r, c, n, points, True)
