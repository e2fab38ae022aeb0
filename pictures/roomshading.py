"""What the pictures of shading puzzles in rooms share (Norinori, LITS): the rooms' walls, and
the shaded cells filled (a cell given shaded filled from the start)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import regions, shading


def draw(
    ax: Any,
    rooms: Sequence[Sequence[int]],
    marks: Mapping[tuple[int, int], bool],
    solution: Sequence[str] | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    height, width = len(rooms), len(rooms[0])
    ones = None if solution is None else ["".join("1" if ch == "#" else "0" for ch in row)
                                          for row in solution]  # fmt: skip
    shading.draw(ax, width, height, {}, marks, ones, marked, points)
    regions.walls(ax, rooms, width, height, points)
