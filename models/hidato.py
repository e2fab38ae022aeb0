"""Hidato and Numbrix as a model: a number path through the cells (see ``path.py``)."""

from __future__ import annotations

from ..puzzles.hidato import Board, Hidato
from .model import Assignment, Built
from .path import ENCODINGS, NumberPath, build_path

__all__ = ["ENCODINGS", "build", "number_path"]


def number_path(puzzle: Hidato) -> NumberPath:
    """The cells as nodes, row by row; the path may step to any neighbour; the givens stay."""
    cells = puzzle.cells()
    index = {cell: i for i, cell in enumerate(cells)}
    succ = [[index[nb] for nb in puzzle.neighbours(r, c)] for r, c in cells]
    givens = {index[cell]: value for cell, value in puzzle.givens().items()}
    return NumberPath(succ, givens)


def build(puzzle: Hidato, encoding: str = "position", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle`` in the chosen encoding; the decoder gives the numbered board."""
    built = build_path(number_path(puzzle), encoding, prune)
    if encoding == "position" and prune:
        # A long search on a third of the numbers shown (30x30: seconds) falls by half when
        # the places that fail by propagation are ruled out first, at a tenth of its cost.
        built.model.probe = [lit for lit in built.model.answer if isinstance(lit, int)]
    cells = puzzle.cells()

    def decode(assignment: Assignment) -> Board:
        rows: list[list[int | None]] = [[None] * puzzle.width for _ in range(puzzle.height)]
        for (r, c), value in zip(cells, built.decode(assignment), strict=True):
            rows[r][c] = value
        return tuple(tuple(row) for row in rows)

    keys = built.keys and {cells[c]: lits for c, lits in built.keys.items()}
    return Built(built.model, decode, keys)
