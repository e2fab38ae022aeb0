"""Towers pictures: the board with the given heights bold, found ones in colour, and each clue
outside the board at the end of its row or column."""

from __future__ import annotations

from typing import Any

from ..puzzles.towers import Board, Towers
from . import font, grid


def extent(puzzle: Towers) -> tuple[float, float, float, float]:
    # A ring of clue places one cell wide around the board.
    n = puzzle.size
    return (-1.0, -1.0, n + 1.0, n + 1.0)


def draw(
    ax: Any, puzzle: Towers, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    n = puzzle.size
    grid.cells(ax, ((r, c) for r in range(n) for c in range(n)), marked)
    grid.latin_numbers(ax, n, puzzle.shown(), solution, points, share=0.55, digits=1)
    for (r, c), clue, _, _ in puzzle.clues():
        label = ax.text(
            c + 0.5,
            r + 0.5,
            str(clue),
            ha="center",
            va="center",
            color="#555555",
            fontsize=font(points, 0.36),
        )
        label.set_gid(f"clue-{r}-{c}")
