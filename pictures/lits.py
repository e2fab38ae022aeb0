"""LITS pictures: the rooms' walls; solved, the shaded cells filled."""

from __future__ import annotations

from typing import Any

from ..puzzles.lits import Board, Lits
from . import roomshading as rooms


def extent(puzzle: Lits) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Lits, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    rooms.draw(ax, puzzle.rooms, puzzle.marks, solution, marked, points)
