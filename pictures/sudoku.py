"""Sudoku pictures: thick lines between blocks (jigsaw ones included), the X diagonals shaded,
killer cages as dashed outlines with their sums in a corner; givens bold, found digits in colour
(letters when the board was written in letters)."""

from __future__ import annotations

from typing import Any

from ..puzzles.sudoku import Board, Sudoku
from . import font, grid

DIAGONAL = "#eeeeee"
CAGE = "#7f7f7f"
INSET = 0.1


def extent(puzzle: Sudoku) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.order), float(puzzle.order))


def draw(
    ax: Any, puzzle: Sudoku, solution: Board | None, marked: set[tuple[int, int]], points: float
) -> None:
    n = puzzle.order
    grid.cells(ax, ((r, c) for r in range(n) for c in range(n)), marked)
    if puzzle.diagonals:
        _diagonals(ax, n, marked)
    _walls(ax, puzzle)
    for number, (total, cells) in enumerate(puzzle.cages):
        _cage(ax, n, cells, total, points, number)
    for r in range(n):
        for c in range(n):
            given = puzzle.rows[r][c]
            value = given or (solution[r][c] if solution else 0)
            if value:
                _digit(ax, puzzle, r, c, value, points, bool(given))


def _diagonals(ax: Any, n: int, marked: set[tuple[int, int]]) -> None:
    """The cells of both main diagonals shaded (unless marked)."""
    from matplotlib.patches import Rectangle

    for r, c in {(i, i) for i in range(n)} | {(i, n - 1 - i) for i in range(n)}:
        if (r, c) not in marked:
            shade = Rectangle((c, r), 1, 1, facecolor=DIAGONAL, edgecolor="none", zorder=1)
            shade.set_gid(f"diagonal-{r}-{c}")
            ax.add_artist(shade)


def _walls(ax: Any, puzzle: Sudoku) -> None:
    """A thick line wherever two neighbouring cells lie in different blocks, and round the board."""
    n = puzzle.order
    block = puzzle.block_of
    xs: list[float | None] = []
    ys: list[float | None] = []
    for r in range(n):
        for c in range(n):
            if c + 1 < n and block[r * n + c] != block[r * n + c + 1]:
                xs += [c + 1, c + 1, None]
                ys += [r, r + 1, None]
            if r + 1 < n and block[r * n + c] != block[(r + 1) * n + c]:
                xs += [c, c + 1, None]
                ys += [r + 1, r + 1, None]
    xs += [0, n, n, 0, 0]
    ys += [0, 0, n, n, 0]
    (line,) = ax.plot(xs, ys, color=grid.LINE, linewidth=2.2, zorder=3, solid_capstyle="projecting")
    line.set_gid("blocks")


def _cage(
    ax: Any, n: int, cells: tuple[tuple[int, int], ...], total: int, points: float, number: int
) -> None:
    """A dashed outline just inside the cage's border, its sum at the first cell's corner."""
    inside = set(cells)
    xs: list[float | None] = []
    ys: list[float | None] = []
    lo, hi = INSET, 1 - INSET
    for r, c in cells:
        for dr, dc, a, b in (
            (-1, 0, (lo, lo), (hi, lo)),
            (1, 0, (lo, hi), (hi, hi)),
            (0, -1, (lo, lo), (lo, hi)),
            (0, 1, (hi, lo), (hi, hi)),
        ):
            if (r + dr, c + dc) in inside:
                continue
            xs += [c + a[0], c + b[0], None]
            ys += [r + a[1], r + b[1], None]
        # Close the gaps between neighbouring cells of the cage.
        for dr, dc in ((0, 1), (1, 0)):
            if (r + dr, c + dc) not in inside:
                continue
            for side in (lo, hi):
                if dc:  # right neighbour: bridge the top and bottom edges
                    if ((r - 1, c) not in inside and side == lo) or (
                        (r + 1, c) not in inside and side == hi
                    ):
                        xs += [c + hi, c + 1 + lo, None]
                        ys += [r + side, r + side, None]
                else:
                    if ((r, c - 1) not in inside and side == lo) or (
                        (r, c + 1) not in inside and side == hi
                    ):
                        xs += [c + side, c + side, None]
                        ys += [r + hi, r + 1 + lo, None]
    (line,) = ax.plot(xs, ys, color=CAGE, linewidth=0.8, linestyle=(0, (3, 2)), zorder=3)
    line.set_gid(f"cage-{number}")
    r, c = cells[0]
    label = ax.text(
        c + 0.06,
        r + 0.06,
        str(total),
        ha="left",
        va="top",
        fontsize=font(points, 0.2),
        color="#333333",
        zorder=5,
        bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5},
    )
    label.set_gid(f"cage-sum-{number}")


def _digit(ax: Any, puzzle: Sudoku, r: int, c: int, value: int, points: float, given: bool) -> None:
    """A cell's digit (or the board's letter for it)."""
    if not puzzle.symbols:
        grid.number(ax, r, c, value, points, given, digits=len(str(puzzle.order)))
        return
    text = ax.text(
        c + 0.5,
        r + 0.5,
        puzzle.symbols[value - 1],
        ha="center",
        va="center",
        fontsize=font(points, 0.42 / 2**0.5),
        fontweight="bold" if given else "normal",
        color=grid.GIVEN if given else grid.FILLED,
        zorder=4,
    )
    text.set_gid(f"number-{r}-{c}")
