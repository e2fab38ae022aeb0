"""Mosaic as a model: a literal per cell, "shaded", and per number, the count of the shaded
cells of its block."""

from __future__ import annotations

from itertools import combinations

from ..puzzles.mosaic import Board, Mosaic, block, deduced
from .model import Built, Model
from .shading import shading_of

ENCODINGS = ("counter", "subsets")


def build(puzzle: Mosaic, encoding: str = "counter", prune: bool = True) -> Built[Board]:
    """``counter``: each number is a cardinality constraint, which the backend encodes (a
    sequential counter on SAT, a linear constraint on CP-SAT). ``subsets``: the same as
    clauses alone, no new variable: of any n + 1 cells of the block one is unshaded, of any
    k - n + 1 one is shaded (k cells, n the number). ``prune`` first settles what the numbers
    one at a time force (a block with its count shaded leaves the rest unshaded, one with just
    enough room shades it all, until nothing changes: Tatham's own solver), so the numbers
    count only the open cells (every puzzle of his corpus is settled whole so)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w = puzzle.height, puzzle.width
    model = Model()
    shaded = list(model.bool_vars(w * h))
    known: dict[tuple[int, int], bool] = {}
    if prune:
        found = deduced(puzzle)
        if found is None:  # (a number that cannot be met: no solution)
            model.add_clause([])
        known = found or {}
        for (r, c), on in known.items():
            model.add_clause([shaded[r * w + c] if on else -shaded[r * w + c]])
    for (r, c), n in puzzle.clues().items():
        cells = list(block(w, h, r, c))
        lits = [shaded[y * w + x] for y, x in cells if (y, x) not in known]
        n -= sum(known.get(cell) is True for cell in cells)
        if not lits and n == 0:
            continue
        if not 0 <= n <= len(lits):
            model.add_clause([])  # (more than the block holds: no solution)
        elif encoding == "counter":
            model.add_sum(lits, [1] * len(lits), "==", n)
        else:
            for group in combinations(lits, n + 1):
                model.add_clause([-x for x in group])
            for group in combinations(lits, len(lits) - n + 1):
                model.add_clause(list(group))
    model.answer = list(shaded)

    return Built(model, shading_of(shaded, w, h))
