"""Futoshiki pictures: the board with the given numbers bold and found ones in colour; each sign
on the side between its two cells, pointing to the lesser (a bar across it, in Adjacent mode)."""

from __future__ import annotations

from typing import Any

from ..puzzles.futoshiki import Board, Futoshiki
from . import grid

INK = "#333333"


def extent(puzzle: Futoshiki) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.size), float(puzzle.size))


def draw(
    ax: Any, puzzle: Futoshiki, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    n = puzzle.size
    grid.cells(ax, ((r, c) for r in range(n) for c in range(n)), marked)
    grid.latin_numbers(ax, n, puzzle.shown(), solution, points, share=0.5, digits=2)
    for (r, c), (rr, cc) in sorted(puzzle.signs):
        # The middle of the side the two cells share.
        x, y = (c + cc) / 2 + 0.5, (r + rr) / 2 + 0.5
        if puzzle.adjacent:
            across = r == rr
            dx, dy = (0.0, 0.16) if across else (0.16, 0.0)
            (line,) = ax.plot([x - dx, x + dx], [y - dy, y + dy], color=INK, linewidth=points / 12)
            line.set_gid(f"bar-{r}-{c}-{rr}-{cc}")
            continue
        # A ">" with its point toward the lesser cell (rr, cc).
        px, py = (cc - c) * 0.09, (rr - r) * 0.09
        ox, oy = (rr - r) * 0.09, (cc - c) * 0.09
        (line,) = ax.plot(
            [x - px + ox, x + px, x - px - ox],
            [y - py + oy, y + py, y - py - oy],
            color=INK,
            linewidth=max(0.8, points / 20),
            solid_capstyle="round",
        )
        line.set_gid(f"sign-{r}-{c}-{rr}-{cc}")
