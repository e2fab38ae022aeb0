"""Hidato and Numbrix pictures: holes left out, givens in bold, found numbers in colour, and
the path from 1 to N drawn faintly behind the numbers."""

from __future__ import annotations

from typing import Any

from ..puzzles.hidato import Board, Hidato
from . import grid


def extent(puzzle: Hidato) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Hidato, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    grid.cells(ax, puzzle.cells(), marked)
    givens = puzzle.givens()
    digits = len(str(puzzle.size))
    shown = solution if solution is not None else puzzle.rows
    if solution is not None:
        grid.path(ax, grid.in_order(solution), points, alpha=0.6)
    for r, row in enumerate(shown):
        for c, value in enumerate(row):
            if value:
                grid.number(ax, r, c, value, points, (r, c) in givens, digits=digits)
