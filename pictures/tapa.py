"""Tapa pictures: each clue's numbers in its cell; solved, the wall's cells filled."""

from __future__ import annotations

from typing import Any

from ..puzzles.shading import DARK
from ..puzzles.tapa import Board, Tapa, clue_text
from . import shading


def extent(puzzle: Tapa) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Tapa, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    numbers = {cell: " ".join(clue_text(clue)) for cell, clue in puzzle.clues().items()}
    marks = dict.fromkeys(puzzle.marks, True)
    ones = None if solution is None else ["".join("1" if ch == DARK else "0" for ch in row)
                                          for row in solution]  # fmt: skip
    shading.draw(ax, puzzle.width, puzzle.height, numbers, marks, ones, marked, points)
