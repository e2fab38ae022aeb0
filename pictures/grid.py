"""Drawing shared by the boards of cells: squares with ids, numbers, a path through cells."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import font

GIVEN = "#111111"
FILLED = "#1f5fbf"
MARKED = "#ffd54f"
PATH = "#9ecae1"
LINE = "#444444"


def cells(ax: Any, places: Iterable[tuple[int, int]], marked: set[tuple[int, int]]) -> None:
    """A square per cell, id ``cell-R-C`` (from 0); the marked ones shaded."""
    from matplotlib.patches import Rectangle

    for r, c in places:
        square = Rectangle(
            (c, r),
            1,
            1,
            facecolor=MARKED if (r, c) in marked else "white",
            edgecolor=LINE,
            linewidth=0.8,
        )
        square.set_gid(f"cell-{r}-{c}")
        ax.add_artist(square)


def number(
    ax: Any,
    r: int,
    c: int,
    value: int,
    points: float,
    given: bool,
    x: float = 0.5,
    y: float = 0.5,
    share: float = 0.42,
    digits: int = 2,
) -> None:
    """A number in cell (r, c): givens bold and black, found numbers in colour; one size for
    the whole board (``digits``, the widest number's)."""
    text = ax.text(
        c + x,
        r + y,
        str(value),
        ha="center",
        va="center",
        fontsize=font(points, share / max(2, digits) ** 0.5),
        fontweight="bold" if given else "normal",
        color=GIVEN if given else FILLED,
        zorder=4,
    )
    text.set_gid(f"number-{r}-{c}")


def latin_numbers(
    ax: Any,
    n: int,
    shown: Mapping[tuple[int, int], int],
    solution: Sequence[Sequence[int]] | None,
    points: float,
    share: float,
    digits: int,
) -> None:
    """The numbers of an n x n board: those shown, bold, and the solution's in the others."""
    for r in range(n):
        for c in range(n):
            value = shown.get((r, c)) or (solution[r][c] if solution else 0)
            if isinstance(value, int) and value:
                number(ax, r, c, value, points, (r, c) in shown, share=share, digits=digits)


def path(ax: Any, places: Sequence[tuple[int, int]], points: float, alpha: float = 0.8) -> None:
    """A light line through the cells in order (1 to N), behind the numbers."""
    if len(places) < 2:
        return
    xs = [c + 0.5 for _, c in places]
    ys = [r + 0.5 for r, _ in places]
    (line,) = ax.plot(
        xs,
        ys,
        color=PATH,
        linewidth=max(0.5, points * 0.12),
        alpha=alpha,
        solid_capstyle="round",
        solid_joinstyle="round",
        zorder=2,
    )
    line.set_gid("path")


def in_order(grid: Sequence[Sequence[int | None]]) -> list[tuple[int, int]]:
    """The cells of a numbered board, sorted by their numbers."""
    found = [(v, r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v]
    return [(r, c) for _, r, c in sorted(found)]
