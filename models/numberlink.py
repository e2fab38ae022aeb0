"""Numberlink as a model: a line per pair of side-by-side cells, and the shared rule of paths
that join pairs of cells (``models/lines.py``'s ``add_linked_pairs``: ``binary``, ``onehot``
or ``circuit``); a setter's marks fix a cell's lines."""

from __future__ import annotations

from ..puzzles.numberlink import Masks, Numberlink
from .lines import DOWN, LEFT, PAIR_ENCODINGS, RIGHT, UP, CellLines, add_linked_pairs
from .model import Assignment, Built, Model

ENCODINGS = PAIR_ENCODINGS


def build(puzzle: Numberlink, encoding: str = "binary", prune: bool = True) -> Built[Masks]:
    """The paths between the numbers' pairs. ``prune`` has nothing to add: a cell's lines follow
    from its neighbours by propagation."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    lines = CellLines(model, puzzle.width, puzzle.height)
    pairs = [(cells[0], cells[1]) for _, cells in sorted(puzzle.ends().items())]
    add_linked_pairs(lines, pairs, puzzle.every_cell, encoding)
    for (r, c), mask in puzzle.marks:
        for bit in (RIGHT, UP, LEFT, DOWN):
            lines.clause([lines.line(r, c, bit) if mask & bit else -lines.line(r, c, bit)])
    model.answer.extend(lines.all())

    def decode(a: Assignment) -> Masks:
        return tuple(lines.masks(a))

    return Built(model, decode)
