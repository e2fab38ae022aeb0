"""Keen pictures: cages framed in thick lines, each clue small in its cage's first cell, the
digits shown in bold and the digits found in colour."""

from __future__ import annotations

from typing import Any

from ..puzzles.keen import Board, Keen
from . import font, grid

SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "÷"}  # minus and times signs


def extent(puzzle: Keen) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.size), float(puzzle.size))


def draw(
    ax: Any, puzzle: Keen, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    n = puzzle.size
    grid.cells(ax, ((r, c) for r in range(n) for c in range(n)), marked)
    cage = puzzle.cage_of()
    # A thick line wherever two sides of a cell belong to different cages, and round the board.
    walls: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for r in range(n):
        for c in range(n):
            if c + 1 == n or cage.get((r, c)) != cage.get((r, c + 1)):
                walls.append(((c + 1, r), (c + 1, r + 1)))
            if r + 1 == n or cage.get((r, c)) != cage.get((r + 1, c)):
                walls.append(((c, r + 1), (c + 1, r + 1)))
        walls.append(((0, r), (0, r + 1)))
    walls += [((c, 0), (c + 1, 0)) for c in range(n)]
    from matplotlib.collections import LineCollection

    lines = LineCollection(walls, colors=grid.GIVEN, linewidths=max(1.0, points * 0.06), zorder=3)
    lines.set_gid("cages")
    ax.add_collection(lines)
    for k, each in enumerate(puzzle.cages):
        r, c = each.cells[0]
        text = str(each.target) + ("" if len(each.cells) == 1 else SIGNS[each.op])
        label = ax.text(
            c + 0.08,
            r + 0.08,
            text,
            ha="left",
            va="top",
            fontsize=font(points, 0.2 / max(1, len(text) / 4) ** 0.5),
            color=grid.GIVEN,
            zorder=4,
        )
        label.set_gid(f"clue-{k}")
    digits = len(str(n))
    for (r, c), v in puzzle.givens.items():
        if solution is None:
            grid.number(ax, r, c, v, points, True, y=0.58, share=0.36, digits=digits)
    if solution is not None:
        for r, row in enumerate(solution):
            for c, v in enumerate(row):
                given = (r, c) in puzzle.givens
                grid.number(ax, r, c, v, points, given, y=0.58, share=0.36, digits=digits)
