"""Logic grid pictures: the answer as a table (positions as columns, categories as rows) and,
up to six categories, the classic grid: a triangle of category-pair blocks, matches marked."""

from __future__ import annotations

from typing import Any

from ..puzzles.zebra import Grid, Zebra
from . import font, grid

LABEL = 3.0
"""Cells of room for the names of categories and values."""
CLASSIC_UP_TO = 6


def extent(puzzle: Zebra) -> tuple[float, float, float, float]:
    k, n = len(puzzle.rows), puzzle.size
    width, height = LABEL + n * _column(puzzle), float(k)
    if k <= CLASSIC_UP_TO:
        side = LABEL + (k - 1) * n
        width, height = max(width, side), height + 1 + side
    return (-LABEL, 0.0, width - LABEL, height)


def draw(
    ax: Any, puzzle: Zebra, solution: Grid | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Rectangle

    names = puzzle.category_names()
    k = len(puzzle.rows)
    size = font(points, 0.28)
    wide = _column(puzzle)
    # The table: a row per category, a column per position.
    for r, name in enumerate(names):
        ax.text(-0.2, r + 0.5, name, ha="right", va="center", fontsize=size, fontweight="bold")
        for p in range(puzzle.size):
            square = Rectangle(
                (p * wide, r),
                wide,
                1,
                edgecolor=grid.LINE,
                linewidth=0.8,
                facecolor=grid.MARKED if (r, p) in marked else "white",
            )
            square.set_gid(f"cell-{r}-{p}")
            ax.add_artist(square)
            if solution is not None:
                text = ax.text(
                    (p + 0.5) * wide,
                    r + 0.5,
                    _shown(puzzle, solution[r][p]),
                    ha="center",
                    va="center",
                    fontsize=size,
                    color=grid.FILLED,
                )
                text.set_gid(f"value-{r}-{p}")
    if k <= CLASSIC_UP_TO:
        _classic(ax, puzzle, solution, top=k + 1 + LABEL, size=size)


def _column(puzzle: Zebra) -> float:
    """A table column's width in cells: room for the longest value name."""
    longest = max(len(_shown(puzzle, s)) for row in puzzle.rows for s in row)
    return max(1.0, longest * 0.2 + 0.4)


def _classic(ax: Any, puzzle: Zebra, solution: Grid | None, top: float, size: float) -> None:
    """Blocks of value-against-value cells: columns are categories 2..K, rows are category 1
    then K down to 3; a dot where two values share a position in the solution."""
    from matplotlib.patches import Rectangle

    k, n = len(puzzle.rows), puzzle.size
    where: dict[str, int] = {}
    if solution is not None:
        where = {s: p for row in solution for p, s in enumerate(row)}
    columns = list(range(1, k))
    rows = [0, *range(k - 1, 1, -1)]
    for j, cat in enumerate(columns):  # column headings, written upwards
        for b, symbol in enumerate(puzzle.rows[cat]):
            ax.text(
                j * n + b + 0.5,
                top - 0.1,
                _shown(puzzle, symbol),
                rotation=90,
                ha="center",
                va="bottom",
                fontsize=size,
            )
    for i, row_cat in enumerate(rows):
        for a, symbol in enumerate(puzzle.rows[row_cat]):
            ax.text(
                -0.2,
                top + i * n + a + 0.5,
                _shown(puzzle, symbol),
                ha="right",
                va="center",
                fontsize=size,
            )
        for j, col_cat in enumerate(columns[: k - 1 - i]):
            x0, y0 = j * n, top + i * n
            for a, left in enumerate(puzzle.rows[row_cat]):
                for b, right in enumerate(puzzle.rows[col_cat]):
                    square = Rectangle(
                        (x0 + b, y0 + a),
                        1,
                        1,
                        facecolor="white",
                        edgecolor="#bbbbbb",
                        linewidth=0.5,
                    )
                    square.set_gid(f"pair-{row_cat}-{col_cat}-{a}-{b}")
                    ax.add_artist(square)
                    if where and where[left] == where[right]:
                        ax.plot(
                            x0 + b + 0.5,
                            y0 + a + 0.5,
                            "o",
                            color=grid.FILLED,
                            markersize=size * 0.9,
                            gid=f"match-{row_cat}-{col_cat}-{a}-{b}",
                        )
            ax.add_artist(Rectangle((x0, y0), n, n, fill=False, edgecolor=grid.LINE, linewidth=1.2))


def _shown(puzzle: Zebra, symbol: str) -> str:
    """A value as the player wrote it (the clue language keeps ``category:value`` inside)."""
    return symbol.split(":", 1)[1] if puzzle.names else symbol
