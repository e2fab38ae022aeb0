"""Kurodoko pictures: the numbers in their cells; solved, the shaded cells filled (a cell given
shaded filled from the start)."""

from __future__ import annotations

from typing import Any

from ..puzzles.kurodoko import Board, Kurodoko
from . import shading


def extent(puzzle: Kurodoko) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Kurodoko, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    numbers = {cell: str(n) for cell, n in puzzle.clues().items()}
    marks = dict.fromkeys(puzzle.marks(), True)
    shading.draw(ax, puzzle.width, puzzle.height, numbers, marks, solution, marked, points)
