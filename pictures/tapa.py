"""Tapa pictures: each clue's numbers in its cell (several laid out as on puzz.link: two on a
diagonal, three in a triangle, four in the corners); solved, the wall's cells filled."""

from __future__ import annotations

from typing import Any

from ..puzzles.shading import DARK
from ..puzzles.tapa import UNKNOWN, Board, Tapa
from . import font, shading

PLACES = {
    1: ((0.5, 0.5),),
    2: ((0.3, 0.3), (0.7, 0.7)),
    3: ((0.3, 0.3), (0.7, 0.3), (0.5, 0.72)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
}
"""Where a clue's numbers stand in its cell (x, y from the top left), by how many it has."""
SIZES = {1: 0.55, 2: 0.36, 3: 0.3, 4: 0.28}
"""A number's height, as a share of the cell's side, by how many the clue has."""


def extent(puzzle: Tapa) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Tapa, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    marks = dict.fromkeys(puzzle.marks, True)
    ones = None if solution is None else ["".join("1" if ch == DARK else "0" for ch in row)
                                          for row in solution]  # fmt: skip
    shading.draw(ax, puzzle.width, puzzle.height, {}, marks, ones, marked, points)
    for (r, c), clue in puzzle.clues().items():
        for k, ((x, y), n) in enumerate(zip(PLACES[len(clue)], clue, strict=False)):
            text = ax.text(
                c + x,
                r + y,
                "?" if n == UNKNOWN else str(n),
                ha="center",
                va="center",
                color=shading.INK,
                fontsize=font(points, SIZES[len(clue)]),
                fontweight="bold",
                zorder=4,
            )
            text.set_gid(f"number-{r}-{c}" if len(clue) == 1 else f"number-{r}-{c}-{k}")
