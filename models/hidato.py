"""Hidato and Numbrix as a model: a number path through the cells (see ``path.py``)."""

from __future__ import annotations

from ..puzzles.hidato import Board, Hidato
from .model import Assignment, Built
from .path import ENCODINGS, NumberPath, build_path

__all__ = ["ENCODINGS", "PROBE_FROM", "build", "number_path"]

PROBE_FROM = 5000
"""Open places (number, cell) from which a Hidato's SAT search is preceded by failed-literal
probing (``Model.probe``): measured on boards with 30% shown, 30x30 (7,000-9,000 places) takes
1.92 -> 1.17 s median, 6.0 -> 2.35 s worst; 20x20 (2,500-5,300) 103 -> 139 ms median (the mean
273 -> 221 ms); Numbrix 30x30 21 -> 28 ms, so Numbrix is not probed: its search is short."""


def number_path(puzzle: Hidato) -> NumberPath:
    """The cells as nodes, row by row; the path may step to any neighbour; the givens stay."""
    index = {cell: i for i, cell in enumerate(puzzle.cells())}
    givens = {index[cell]: value for cell, value in puzzle.givens().items()}
    return NumberPath(puzzle.successors(), givens)


def build(puzzle: Hidato, encoding: str = "position", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle`` in the chosen encoding; the decoder gives the numbered board."""
    built = build_path(number_path(puzzle), encoding, prune)
    open_places = [lit for lit in built.model.answer if isinstance(lit, int)]
    if (
        encoding == "position"
        and prune
        and puzzle.moves == "king"
        and len(open_places) >= PROBE_FROM
    ):
        built.model.probe = open_places
    cells = puzzle.cells()

    def decode(assignment: Assignment) -> Board:
        rows: list[list[int | None]] = [[None] * puzzle.width for _ in range(puzzle.height)]
        for (r, c), value in zip(cells, built.decode(assignment), strict=True):
            rows[r][c] = value
        return tuple(tuple(row) for row in rows)

    keys = built.keys and {cells[c]: lits for c, lits in built.keys.items()}
    return Built(built.model, decode, keys)
