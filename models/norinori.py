"""Norinori as a model: a literal per cell, "shaded"; each room has two; the shaded cells are
dominoes that do not touch."""

from __future__ import annotations

from ..puzzles.norinori import Board, Norinori
from ..puzzles.roomshading import room_cells
from .model import Built, Lit, Model
from .regions import grid_neighbours
from .shading import dark_shading_of, side_pairs

ENCODINGS = ("cells", "dominoes")


def build(puzzle: Norinori, encoding: str = "cells", prune: bool = True) -> Built[Board]:
    """Each room's shaded cells counted to two (a cardinality constraint). ``cells``: a shaded
    cell has a shaded neighbour, and no two of them (clauses over its neighbours); ``dominoes``:
    a literal per pair of cells side by side, "a domino", a cell shaded exactly when one domino
    holds it (at most one), and two shaded cells side by side one domino. ``prune``: a room of
    two cells is shaded whole, and a cell whose room and neighbours leave it no partner stays
    unshaded."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    w, h = puzzle.width, puzzle.height
    near = grid_neighbours(w, h)
    model = Model()
    shaded: list[Lit] = list(model.bool_vars(w * h))
    for cells in room_cells(puzzle.rooms):
        lits = [shaded[r * w + c] for r, c in cells]
        if prune and len(lits) == 2:
            for lit in lits:
                model.add_clause([lit])
        model.add_sum(lits, [1] * len(lits), "==", 2)
    if encoding == "cells":
        for i, s in enumerate(shaded):
            around = [shaded[j] for j in near[i]]
            model.add_clause([-s, *around])
            for a in range(len(around)):
                for b in range(a + 1, len(around)):
                    model.add_clause([-s, -around[a], -around[b]])
    else:
        domino: dict[tuple[int, int], Lit] = {}
        holding: list[list[Lit]] = [[] for _ in range(w * h)]
        for i, j in side_pairs(w, h):
            d = domino[(i, j)] = model.bool_var()
            holding[i].append(d)
            holding[j].append(d)
            model.add_clause([-shaded[i], -shaded[j], d])
        for i, s in enumerate(shaded):
            model.add_clause([-s, *holding[i]])
            for d in holding[i]:
                model.add_clause([-d, s])
            model.add_at_most_one(holding[i])
    for (r, c), value in puzzle.marks.items():
        model.add_clause([shaded[r * w + c] if value else -shaded[r * w + c]])
    model.answer = list(shaded)
    return Built(model, dark_shading_of(shaded, w, h))
