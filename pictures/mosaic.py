"""Mosaic pictures: the numbers in their cells; solved, the shaded cells filled."""

from __future__ import annotations

from typing import Any

from ..puzzles.mosaic import Board, Mosaic
from . import shading


def extent(puzzle: Mosaic) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Mosaic, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    numbers = {cell: str(n) for cell, n in puzzle.clues().items()}
    shading.draw(ax, puzzle.width, puzzle.height, numbers, {}, solution, marked, points)
