"""Heyawake pictures: the rooms walled in thick lines, each number in its room's first cell;
solved, the shaded cells filled."""

from __future__ import annotations

from typing import Any

from ..puzzles.heyawake import Board, Heyawake
from . import regions, shading


def extent(puzzle: Heyawake) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Heyawake, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    rooms = puzzle.rooms()
    numbers = {rooms[k][0]: str(n) for k, n in enumerate(puzzle.numbers) if n is not None}
    shading.draw(ax, puzzle.width, puzzle.height, numbers, {}, solution, marked, points)
    regions.walls(ax, puzzle.rows, puzzle.width, puzzle.height, points)
