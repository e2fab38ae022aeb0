"""Signpost as a model: the numbers form a path that follows the arrows (see ``path.py``)."""

from __future__ import annotations

import functools
import sys

from ..puzzles.signpost import DIRECTIONS, NumberGrid, Signpost
from .model import Assignment, Built
from .path import ENCODINGS, NumberPath, build_path, domains

__all__ = ["ENCODINGS", "build", "number_path", "settled"]


def number_path(puzzle: Signpost) -> NumberPath:
    """From each cell the path may go to any cell its arrow points at; the givens stay. Each
    ray is a range of cells, its length found from the board's edges rather than walked."""
    w, h = puzzle.width, puzzle.height
    rays = []
    for cell, arrow in enumerate(puzzle.arrows):
        dx, dy = DIRECTIONS[arrow]
        steps = min(_room(cell % w, dx, w), _room(cell // w, dy, h))
        stride = dy * w + dx  # (0 only on a board one cell wide, where no step fits)
        end = cell + stride * (steps + 1)
        rays.append(range(cell + stride, end, stride) if steps else range(0))
    return NumberPath(rays, puzzle.givens)


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

    keys = built.keys and {(c // w, c % w): lits for c, lits in built.keys.items()}
    return Built(built.model, decode, keys)


def settled(puzzle: Signpost) -> dict[tuple[int, int], int] | None:
    """The numbers the model's sound pruning (``domains``) fixes, by (row, column), before any
    solving; None when it finds no path. A generator adding givens asks this at each step: a
    millisecond, where building the model takes a tenth of a second."""
    path = number_path(puzzle)
    pred, memo = _graph(puzzle.width, puzzle.height, puzzle.arrows)
    dom = domains(path, pred, memo)
    if dom is None:
        return None
    w = puzzle.width
    return {divmod(d.bit_length() - 1, w): k for k, d in enumerate(dom, 1) if not d & (d - 1)}


@functools.lru_cache(maxsize=2)
def _graph(
    width: int, height: int, arrows: tuple[int, ...]
) -> tuple[list[list[int]], tuple[dict[int, int], dict[int, int]]]:
    """A board's predecessors and the pruning's steps by mask, kept while a generator asks
    ``settled`` of the same board again and again (the givens aside, the graph is the same)."""
    return number_path(Signpost(width, height, arrows)).pred(), ({}, {})
