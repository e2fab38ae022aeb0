"""Signpost as a model: the numbers form a path that follows the arrows (see ``path.py``)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import overload

from ..puzzles.signpost import DIRECTIONS, NumberGrid, Signpost
from .model import Assignment, Built, Later
from .path import ENCODINGS, Fixpoints, NumberPath, Spread, build_path, domains, spreads

__all__ = ["ENCODINGS", "Settling", "build", "number_path", "settled"]


def number_path(puzzle: Signpost) -> NumberPath:
    """From each cell the path may go to any cell its arrow points at; the givens stay. The
    rays are ranges made when asked (the position model needs only their bitmasks), and the
    bitmasks are lines of the board cut at each cell."""
    return NumberPath(Rays(puzzle), puzzle.givens, _masks(puzzle))


class Rays(Sequence[range]):
    """The cells each arrow points at, nearest first: a range each, its length found from the
    board's edges rather than walked."""

    def __init__(self, puzzle: Signpost) -> None:
        self.width, self.height, self.arrows = puzzle.width, puzzle.height, puzzle.arrows

    def __len__(self) -> int:
        return len(self.arrows)

    @overload
    def __getitem__(self, cell: int) -> range: ...

    @overload
    def __getitem__(self, cell: slice) -> list[range]: ...

    def __getitem__(self, cell: int | slice) -> range | list[range]:
        if isinstance(cell, slice):
            return [self[c] for c in range(len(self))[cell]]
        w, h = self.width, self.height
        if cell < 0:
            cell += len(self)
        if not 0 <= cell < len(self):
            raise IndexError(cell)
        dx, dy = DIRECTIONS[self.arrows[cell]]
        steps = min(_room(cell % w, dx, w), _room(cell // w, dy, h))
        stride = dy * w + dx  # (0 only on a board one cell wide, where no step fits)
        end = cell + stride * (steps + 1)
        return range(cell + stride, end, stride) if steps else range(0)


SHAPES_UP_TO = 1024
"""Cells of the largest board whose lines and rays are kept (about 1.5 MB for 32x32, and
``_shape`` keeps four sizes): most boards are solved on a board size seen before."""


def _masks(puzzle: Signpost) -> tuple[list[int], list[int]]:
    """Each cell's ray as a bitmask: its line's (row, column or diagonal) cells past it or
    before it; and the cells whose rays reach each cell: on each of its lines, the cells before
    it that point forward along the line and those past it that point back."""
    w, h = puzzle.width, puzzle.height
    n = w * h
    arrows = puzzle.arrows
    # By arrow, the cells that have it.
    having = [0] * 8
    bit = 1
    for arrow in arrows:
        having[arrow] |= bit
        bit <<= 1
    if n <= SHAPES_UP_TO:
        # The board size's lines and rays, kept: a cell's ray is one of them, and the cells
        # reaching it are, on each of its lines, those before it pointing forward along the line
        # and those past it pointing back.
        shape = _shape(w, h)
        rays = shape.rays
        h0, h1, h2, h3, h4, h5, h6, h7 = having
        fore_col = [line & h4 for line in shape.columns]
        back_col = [line & h0 for line in shape.columns]
        fore_row = [line & h2 for line in shape.rows]
        back_row = [line & h6 for line in shape.rows]
        fore_down = [line & h3 for line in shape.down]
        back_down = [line & h7 for line in shape.down]
        fore_up = [line & h5 for line in shape.up]
        back_up = [line & h1 for line in shape.up]
        return [rays[a][c] for c, a in enumerate(arrows)], [
            ((fore_col[x] | fore_row[y] | fore_down[d] | fore_up[u]) & before)
            | ((back_col[x] | back_row[y] | back_down[d] | back_up[u]) & after)
            for x, y, d, u, before, after in shape.cells
        ]
    column = 0
    for y in range(h):
        column |= 1 << (y * w)
    columns = [column << x for x in range(w)]
    rows = [((1 << w) - 1) << (y * w) for y in range(h)]
    # Diagonals by x - y (running south-east) and by x + y (running south-west); negative
    # indices count from the end, where no two collide.
    down = [0] * (w + h)
    up = [0] * (w + h)
    bit = 1
    for y in range(h):
        for x in range(w):
            down[x - y] |= bit
            up[x + y] |= bit
            bit <<= 1
    # On each line, the cells whose arrow runs along it to higher cells, and back to lower.
    col_fore = [line & having[4] for line in columns]
    col_back = [line & having[0] for line in columns]
    down_fore = [line & having[3] for line in down]
    down_back = [line & having[7] for line in down]
    up_fore = [line & having[5] for line in up]
    up_back = [line & having[1] for line in up]
    full = (1 << n) - 1
    succ = []
    prec = []
    cell = 0
    for y in range(h):
        row = rows[y]
        row_fore, row_back = row & having[2], row & having[6]
        for x in range(w):
            before = (1 << cell) - 1
            after = full ^ before ^ (1 << cell)
            arrow = arrows[cell]
            d, u = x - y, x + y
            if arrow == 2:  # east
                succ.append(row & after)
            elif arrow == 6:  # west
                succ.append(row & before)
            elif arrow == 4:  # south
                succ.append(columns[x] & after)
            elif arrow == 0:  # north
                succ.append(columns[x] & before)
            elif arrow == 3:  # south-east
                succ.append(down[d] & after)
            elif arrow == 7:  # north-west
                succ.append(down[d] & before)
            elif arrow == 5:  # south-west
                succ.append(up[u] & after)
            else:  # north-east
                succ.append(up[u] & before)
            prec.append(
                ((col_fore[x] | row_fore | down_fore[d] | up_fore[u]) & before)
                | ((col_back[x] | row_back | down_back[d] | up_back[u]) & after)
            )
            cell += 1
    return succ, prec


class _Shape:
    """A board size's lines and each cell's rays, as bitmasks: what every board of the size
    shares, whatever its arrows."""

    def __init__(self, width: int, height: int) -> None:
        n = width * height
        self.rows = [((1 << width) - 1) << (y * width) for y in range(height)]
        column = sum(1 << (y * width) for y in range(height))
        self.columns = [column << x for x in range(width)]
        # Diagonals by x - y (running south-east) and by x + y (running south-west); negative
        # indices count from the end, where no two collide.
        self.down = [0] * (width + height)
        self.up = [0] * (width + height)
        bit = 1
        for y in range(height):
            for x in range(width):
                self.down[x - y] |= bit
                self.up[x + y] |= bit
                bit <<= 1
        # For each arrow (``DIRECTIONS``' order), each cell's ray: its line's cells past it or
        # before it; and each cell's lines by index, with the cells before it and past it.
        self.rays: tuple[list[int], ...] = tuple([] for _ in range(8))
        self.cells: list[tuple[int, int, int, int, int, int]] = []
        north, north_east, east, south_east, south, south_west, west, north_west = self.rays
        full = (1 << n) - 1
        cell = 0
        for y in range(height):
            row = self.rows[y]
            for x in range(width):
                before = (1 << cell) - 1
                after = full ^ before ^ (1 << cell)
                col, d, u = self.columns[x], self.down[x - y], self.up[x + y]
                north.append(col & before)
                north_east.append(u & before)
                east.append(row & after)
                south_east.append(d & after)
                south.append(col & after)
                south_west.append(u & after)
                west.append(row & before)
                north_west.append(d & before)
                self.cells.append((x, y, x - y, x + y, before, after))
                cell += 1


@functools.lru_cache(maxsize=4)
def _shape(width: int, height: int) -> _Shape:
    """A board size's ``_Shape``, kept for the next board of that size."""
    return _Shape(width, height)


def _room(at: int, delta: int, length: int) -> int:
    """How many steps of ``delta`` stay on a line of ``length`` from ``at`` (no end for 0)."""
    if delta > 0:
        return (length - 1 - at) // delta
    if delta < 0:
        return at // -delta
    return sys.maxsize


def build(puzzle: Signpost, encoding: str = "position", prune: bool = True) -> Built[NumberGrid]:
    """The model of ``puzzle`` in the chosen encoding; the decoder gives the numbered board."""
    built = build_path(number_path(puzzle), encoding, prune)
    w = puzzle.width

    def decode(assignment: Assignment) -> NumberGrid:
        numbers = built.decode(assignment)
        return tuple(tuple(numbers[r * w : (r + 1) * w]) for r in range(puzzle.height))

    cells = built.keys
    keys = None if cells is None else Later(lambda: {divmod(c, w): v for c, v in cells.items()})
    return Built(built.model, decode, keys)


def settled(puzzle: Signpost) -> dict[tuple[int, int], int] | None:
    """The numbers the model's sound pruning (``domains``) fixes, by (row, column), before any
    solving; None when it finds no path. A generator adding givens asks this at each step: a
    millisecond, where building the model takes a tenth of a second."""
    masks = _board_masks(puzzle.width, puzzle.height, puzzle.arrows)
    spread = _board_spreads(puzzle.width, puzzle.height, puzzle.arrows)
    return _fixed(puzzle.width, domains(_path(puzzle, masks), *masks, spread=spread))


class Settling:
    """``settled``, asked again and again of one board as a generator adds givens to
    ``puzzle``'s and drops some again: each pruning goes on from one done before (see
    ``path.Fixpoints``) rather than from scratch; another board is asked afresh."""

    def __init__(self, puzzle: Signpost) -> None:
        self.board = (puzzle.width, puzzle.height, puzzle.arrows)
        self.masks = _board_masks(*self.board)
        self.fixpoints = Fixpoints(
            _path(puzzle, self.masks), self.masks, _board_spreads(*self.board)
        )

    def __call__(self, puzzle: Signpost) -> dict[tuple[int, int], int] | None:
        if (puzzle.width, puzzle.height, puzzle.arrows) != self.board:
            return settled(puzzle)
        return _fixed(puzzle.width, self.fixpoints.domains(_path(puzzle, self.masks)))


def _path(puzzle: Signpost, masks: tuple[list[int], list[int]]) -> NumberPath:
    """``number_path``, with the board's bitmasks already made."""
    return NumberPath(Rays(puzzle), puzzle.givens, masks)


def _fixed(width: int, dom: list[int] | None) -> dict[tuple[int, int], int] | None:
    """The numbers with one cell left, by (row, column); None for no path."""
    if dom is None:
        return None
    return {divmod(d.bit_length() - 1, width): k for k, d in enumerate(dom, 1) if not d & (d - 1)}


@functools.lru_cache(maxsize=2)
def _board_spreads(width: int, height: int, arrows: tuple[int, ...]) -> tuple[Spread, Spread]:
    """The cells some cell of a set points at, and the cells pointing at some cell of a set."""
    succ, prec = _board_masks(width, height, arrows)
    return spreads(succ), spreads(prec)


@functools.lru_cache(maxsize=2)
def _board_masks(width: int, height: int, arrows: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """A board's ray bitmasks, kept while a generator asks ``settled`` of the same board again
    and again (the givens aside, the graph is the same)."""
    return _masks(Signpost(width, height, arrows))
