"""Signpost as a model: the numbers form a path that follows the arrows (see ``path.py``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import overload

from ..puzzles.signpost import DIRECTIONS, NumberGrid, Signpost
from .model import Assignment, Built, Later
from .path import ENCODINGS, NumberPath, build_path

__all__ = ["ENCODINGS", "build", "number_path"]


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
    # Each line family: its lines, the arrow along it to higher cells and the one back.
    families = ((columns, 4, 0), (rows, 2, 6), (down, 3, 7), (up, 5, 1))
    ahead = [
        [(line & having[fore], line & having[back]) for line in lines]
        for lines, fore, back in families
    ]
    full = (1 << n) - 1
    succ = []
    prec = []
    cell = 0
    for y in range(h):
        for x in range(w):
            before = (1 << cell) - 1
            after = full ^ (before | (1 << cell))
            arrow = arrows[cell]
            if arrow in (0, 4):
                line = columns[x]
            elif arrow in (2, 6):
                line = rows[y]
            elif arrow in (3, 7):
                line = down[x - y]
            else:
                line = up[x + y]
            # North, north-east, west and north-west point at lower cells; the others higher.
            succ.append(line & (before if arrow in (0, 1, 6, 7) else after))
            c_fore, c_back = ahead[0][x]
            r_fore, r_back = ahead[1][y]
            d_fore, d_back = ahead[2][x - y]
            u_fore, u_back = ahead[3][x + y]
            prec.append(
                ((c_fore | r_fore | d_fore | u_fore) & before)
                | ((c_back | r_back | d_back | u_back) & after)
            )
            cell += 1
    return succ, prec


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
