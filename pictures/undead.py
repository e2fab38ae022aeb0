"""Undead pictures: the mirrors as diagonal strokes, the monsters as letters (those shown bold),
the totals above the board and each clue outside it at the end of its line of sight."""

from __future__ import annotations

from typing import Any

from ..puzzles.undead import BACK, MIRRORS, MONSTERS, Board, Undead
from . import font, grid

INK = "#333333"
COLOURS = {"G": "#5b7db1", "V": "#b1405b", "Z": "#4f8f4f"}


def extent(puzzle: Undead) -> tuple[float, float, float, float]:
    # A ring of clue places one cell wide around the board, and a row for the totals above.
    return (-1.0, -2.0, puzzle.width + 1.0, puzzle.height + 1.0)


def draw(
    ax: Any, puzzle: Undead, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    for r in range(h):
        for c in range(w):
            ch = puzzle.rows[r][c]
            if ch in MIRRORS:
                ys = [r + 0.15, r + 0.85] if ch == BACK else [r + 0.85, r + 0.15]
                (line,) = ax.plot([c + 0.15, c + 0.85], ys, color=INK, linewidth=points / 14)
                line.set_gid(f"mirror-{r}-{c}")
                continue
            got = ch if ch in MONSTERS else solution[r][c] if solution else ""
            if got and got in MONSTERS and (r, c) not in marked:
                text = ax.text(
                    c + 0.5,
                    r + 0.5,
                    got,
                    ha="center",
                    va="center",
                    color=INK if ch in MONSTERS else COLOURS[got],
                    fontsize=font(points, 0.5),
                    fontweight="bold" if ch in MONSTERS else "normal",
                )
                text.set_gid(f"monster-{r}-{c}")
    for place, clue, _, _ in puzzle.clues():
        r, c = place
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
    totals = f"G {puzzle.ghosts}   V {puzzle.vampires}   Z {puzzle.zombies}"
    head = ax.text(w / 2, -1.5, totals, ha="center", va="center", color=INK,
                   fontsize=font(points, 0.4))  # fmt: skip
    head.set_gid("totals")
