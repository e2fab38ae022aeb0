"""Magnets pictures: dominoes outlined, + in red and - in black, lone cells dark, the + counts
above and to the left, the - counts below and to the right (as the collection shows them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..puzzles.magnets import MINUS, PLUS, Magnets
from . import font, grid

POSITIVE = "#c62828"
NEGATIVE = "#111111"
HOLE = "#555555"
COUNT = "#7f7f7f"
MINUS_SIGN = "\N{MINUS SIGN}"
"""A - end as printed: the typographic minus, as wide as the +."""


def extent(puzzle: Magnets) -> tuple[float, float, float, float]:
    # A row of counts above and below, a column of counts left and right.
    return (-1.0, -1.0, puzzle.width + 1.0, puzzle.height + 1.0)


def draw(
    ax: Any,
    puzzle: Magnets,
    solution: Sequence[str] | None,
    marked: set[tuple[int, int]],
    points: float,
) -> None:
    from matplotlib.patches import Rectangle

    h, w = puzzle.height, puzzle.width
    grid.cells(ax, ((r, c) for r in range(h) for c in range(w)), marked)
    for r, row in enumerate(puzzle.layout):
        for c, ch in enumerate(row):
            if ch == "*":
                hole = Rectangle((c, r), 1, 1, facecolor=HOLE, zorder=2)
                hole.set_gid(f"value-{r}-{c}")
                ax.add_artist(hole)
    for (r, c), (r2, c2) in puzzle.dominoes():
        outline = Rectangle(
            (c + 0.08, r + 0.08),
            c2 - c + 0.84,
            r2 - r + 0.84,
            fill=False,
            edgecolor=grid.LINE,
            linewidth=max(0.8, points * 0.05),
            zorder=3,
        )
        outline.set_gid(f"pair-{r}-{c}")
        ax.add_artist(outline)
        if solution is None:
            continue
        for rr, cc in ((r, c), (r2, c2)):
            sign = solution[rr][cc]
            if sign in (PLUS, MINUS):
                text = ax.text(
                    cc + 0.5,
                    rr + 0.5,
                    "+" if sign == PLUS else MINUS_SIGN,
                    ha="center",
                    va="center",
                    fontsize=font(points, 0.55),
                    fontweight="bold",
                    color=POSITIVE if sign == PLUS else NEGATIVE,
                    zorder=4,
                )
                text.set_gid(f"value-{rr}-{cc}")
    for sign, x_of, y_of, rows, columns in (
        (PLUS, -0.5, -0.5, puzzle.plus_rows, puzzle.plus_columns),
        (MINUS, w + 0.5, h + 0.5, puzzle.minus_rows, puzzle.minus_columns),
    ):
        name = "plus" if sign == PLUS else "minus"
        for r, n in enumerate(rows):
            _count(ax, x_of, r + 0.5, n, sign, points, f"sum-{name}-row-{r}")
        for c, n in enumerate(columns):
            _count(ax, c + 0.5, y_of, n, sign, points, f"sum-{name}-col-{c}")
    _count(ax, -0.5, -0.5, None, PLUS, points, "sum-plus-sign")
    _count(ax, w + 0.5, h + 0.5, None, MINUS, points, "sum-minus-sign")


def _count(ax: Any, x: float, y: float, n: int | None, sign: str, points: float, gid: str) -> None:
    """A count (or, with no count, the sign of its side, at a corner)."""
    if n is None and not gid.endswith("sign"):
        return
    text = ("+" if sign == PLUS else MINUS_SIGN) if n is None else str(n)
    label = ax.text(
        x,
        y,
        text,
        ha="center",
        va="center",
        color=COUNT if n is not None else POSITIVE if sign == PLUS else NEGATIVE,
        fontsize=font(points, 0.4 / max(1, len(text) / 2) ** 0.5),
    )
    label.set_gid(gid)
