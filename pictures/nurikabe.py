"""Nurikabe pictures: the clues in their cells; solved, the sea's cells filled."""

from __future__ import annotations

from typing import Any

from ..puzzles.nurikabe import UNKNOWN, Board, Nurikabe
from ..puzzles.shading import DARK
from . import shading


def extent(puzzle: Nurikabe) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Nurikabe, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    numbers = {cell: "?" if n == UNKNOWN else str(n) for cell, n in puzzle.clues().items()}
    ones = None if solution is None else ["".join("1" if ch == DARK else "0" for ch in row)
                                          for row in solution]  # fmt: skip
    shading.draw(ax, puzzle.width, puzzle.height, numbers, {}, ones, marked, points)
