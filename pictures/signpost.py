"""Signpost pictures: each cell's arrow, givens in bold, the end cell starred (as in Simon
Tatham's collection); solved, every number and a light path from 1 to N."""

from __future__ import annotations

from typing import Any

from ..puzzles.signpost import DIRECTIONS, NumberGrid, Signpost
from . import grid


def extent(puzzle: Signpost) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any,
    puzzle: Signpost,
    solution: NumberGrid | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    w = puzzle.width
    grid.cells(ax, ((r, c) for r in range(puzzle.height) for c in range(w)), marked)
    end = next((cell for cell, v in puzzle.givens.items() if v == puzzle.size), None)
    if solution is not None:
        end = next(
            r * w + c
            for r, row in enumerate(solution)
            for c, v in enumerate(row)
            if v == puzzle.size
        )
        grid.path(ax, grid.in_order(solution), points)
    for cell, arrow in enumerate(puzzle.arrows):
        r, c = divmod(cell, w)
        if cell == end:  # the last cell points nowhere: a star
            ax.plot(
                c + 0.62,
                r + 0.62,
                marker="*",
                markersize=points * 0.45,
                color="#c0392b",
                zorder=3,
                gid=f"arrow-{r}-{c}",
            )
        else:
            _arrow(ax, r, c, arrow, points)
        value = puzzle.givens.get(cell) or (solution[r][c] if solution is not None else 0)
        if value:
            grid.number(
                ax,
                r,
                c,
                value,
                points,
                cell in puzzle.givens,
                x=0.3,
                y=0.3,
                share=0.4,
                digits=len(str(puzzle.size)),
            )


def _arrow(ax: Any, r: int, c: int, arrow: int, points: float) -> None:
    """An arrow in the cell's lower right, pointing its way."""
    dx, dy = DIRECTIONS[arrow]
    length = 0.32 / (dx * dx + dy * dy) ** 0.5
    x, y = c + 0.62 - dx * length / 2, r + 0.62 - dy * length / 2
    patch = ax.arrow(
        x,
        y,
        dx * length,
        dy * length,
        width=0.025,
        head_width=0.14,
        head_length=0.12,
        length_includes_head=True,
        color="#555555",
        zorder=3,
    )
    patch.set_gid(f"arrow-{r}-{c}")
