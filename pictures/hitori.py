"""Hitori pictures: the numbers in their cells; solved, the shaded cells filled, their numbers
shown faintly (a given mark ringed)."""

from __future__ import annotations

from typing import Any

from ..puzzles.hitori import Board, Hitori
from . import shading


def extent(puzzle: Hitori) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Hitori, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    numbers = {(r, c): str(v) for r, row in enumerate(puzzle.rows) for c, v in enumerate(row)}
    shading.draw(ax, puzzle.width, puzzle.height, numbers, puzzle.marks, solution, marked, points)
