"""Logic grid pictures, oriented as the text output: a table with a column per category and a
line per position (row 0's values, the positions, are given and always shown), the clues as
written beside it, and, up to six categories, the classic grid below: a triangle of
category-pair blocks, matches marked. Ids name places as the solution has them:
``cell-R-P`` and ``value-R-P`` for category R at position P, ``clue-I`` for the I-th clue."""

from __future__ import annotations

from typing import Any

from ..puzzles.zebra import Grid, Zebra, clue_text
from . import font, grid

LABEL = 3.0
"""Cells of room for the names of values left of the classic grid."""
CLASSIC_UP_TO = 6
CHAR = 0.17
"""A character's width in cells, at the pictures' font size."""
CLUE_ROW = 0.7
"""A clue line's height in cells."""
GAP = 1.0
"""Cells between the table and the clues, and between the top part and the classic grid."""


def extent(puzzle: Zebra) -> tuple[float, float, float, float]:
    k, n = len(puzzle.rows), puzzle.size
    width, height = _top(puzzle)
    if k <= CLASSIC_UP_TO:
        side = LABEL + (k - 1) * n
        width, height = max(width, side), height + GAP + side
    return (-LABEL, 0.0, width - LABEL, height)


def draw(
    ax: Any, puzzle: Zebra, solution: Grid | None, marked: set[tuple[int, int]], points: float
) -> None:
    from matplotlib.patches import Rectangle

    names = puzzle.category_names()
    k = len(puzzle.rows)
    size = font(points, 0.28)
    x = -LABEL
    for r, name in enumerate(names):  # a column per category, a line per position
        wide = _column(puzzle, r)
        heading = ax.text(x + wide / 2, 0.5, name, ha="center", va="center", fontsize=size,
                          fontweight="bold")  # fmt: skip
        heading.set_gid(f"category-{r}")
        for p in range(puzzle.size):
            square = Rectangle(
                (x, 1 + p),
                wide,
                1,
                edgecolor=grid.LINE,
                linewidth=0.8,
                facecolor=grid.MARKED if (r, p) in marked else "white",
            )
            square.set_gid(f"cell-{r}-{p}")
            ax.add_artist(square)
            given = r == 0  # the positions never move: shown unsolved too, as givens
            if solution is not None or given:
                symbol = puzzle.rows[0][p] if given else solution[r][p]  # type: ignore[index]
                text = ax.text(
                    x + wide / 2,
                    1.5 + p,
                    _shown(puzzle, symbol),
                    ha="center",
                    va="center",
                    fontsize=size,
                    fontweight="bold" if given else "normal",
                    color=grid.GIVEN if given else grid.FILLED,
                )
                text.set_gid(f"value-{r}-{p}")
        x += wide
    lines = _clue_lines(puzzle)
    if lines:
        left = x + GAP
        ax.text(left, CLUE_ROW / 2, "clues", ha="left", va="center", fontsize=size,
                fontweight="bold")  # fmt: skip
        for i, line in enumerate(lines, 1):
            text = ax.text(left, (i + 0.5) * CLUE_ROW, line, ha="left", va="center",
                           fontsize=size)  # fmt: skip
            text.set_gid(f"clue-{i}")
    if k <= CLASSIC_UP_TO:
        _classic(ax, puzzle, solution, top=_top(puzzle)[1] + GAP + LABEL, size=size)


def _top(puzzle: Zebra) -> tuple[float, float]:
    """The width and height of the table and the clues beside it, in cells."""
    table = sum(_column(puzzle, r) for r in range(len(puzzle.rows)))
    lines = _clue_lines(puzzle)
    if not lines:
        return table, 1.0 + puzzle.size
    clues = max(len(line) for line in lines) * CHAR + 0.5
    return table + GAP + clues, max(1.0 + puzzle.size, (len(lines) + 1) * CLUE_ROW)


def _clue_lines(puzzle: Zebra) -> list[str]:
    """The clues as written (as the clue language says them when they were made), numbered."""
    return [
        f"{i}. {clue.source or clue_text(puzzle, clue)}" for i, clue in enumerate(puzzle.clues, 1)
    ]


def _column(puzzle: Zebra, r: int) -> float:
    """A category's column width in cells: room for its name and its longest value."""
    longest = max(len(puzzle.category_names()[r]),
                  *(len(_shown(puzzle, s)) for s in puzzle.rows[r]))  # fmt: skip
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
    return symbol.split(":", 1)[-1] if puzzle.names else symbol
