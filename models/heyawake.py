"""Heyawake as a model: a literal per cell, "shaded"; a room's number is a cardinality
constraint over its cells; a clause per line of cells that crosses two room borders; the
shading rules are the shared ones (``models/shading.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from ..puzzles.heyawake import Board, Heyawake
from .model import Built, Lit, Model
from .shading import CONNECTIONS, add_connected_unshaded, add_no_touching, shading_of

ENCODINGS = CONNECTIONS
"""How "the unshaded cells are one group" is written: lazy cuts, or levels of clauses."""


def add_no_run_across_two_borders(
    model: Model, shaded: Sequence[Lit], rooms: Sequence[Sequence[int]]
) -> None:
    """No line of unshaded cells crosses two room borders: in each row and column, the cells
    from the one before a border to the one after the next border hold a shaded cell (the
    shortest runs across two borders; every longer run holds one of them)."""
    h, w = len(rooms), len(rooms[0])
    lines = [[(r, c) for c in range(w)] for r in range(h)]
    lines += [[(r, c) for r in range(h)] for c in range(w)]
    for line in lines:
        # k: the border between line[k] and line[k + 1]
        borders = [
            k
            for k in range(len(line) - 1)
            if rooms[line[k][0]][line[k][1]] != rooms[line[k + 1][0]][line[k + 1][1]]
        ]
        for a, b in pairwise(borders):
            model.add_clause([shaded[r * w + c] for r, c in line[a : b + 2]])


def build(puzzle: Heyawake, encoding: str = "cuts", prune: bool = True) -> Built[Board]:
    """The rules as clauses and a cardinality constraint per numbered room. ``prune`` adds that
    an unshaded cell touches another unshaded cell (the unshaded cells are one group of two or
    more), which the cuts see only once an answer falls apart."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w = puzzle.height, puzzle.width
    model = Model()
    shaded = list(model.bool_vars(w * h))
    for cells, n in zip(puzzle.rooms(), puzzle.numbers, strict=True):
        if n is None:
            continue
        lits = [shaded[r * w + c] for r, c in cells]
        if n > len(lits):
            model.add_clause([])  # (more than the room holds: no solution)
        elif n == 0:
            for x in lits:
                model.add_clause([-x])
        elif n == len(lits):
            for x in lits:
                model.add_clause([x])
        else:
            model.add_sum(lits, [1] * len(lits), "==", n)
    for (r, c), held in puzzle.held:
        model.add_clause([shaded[r * w + c] if held else -shaded[r * w + c]])
    add_no_run_across_two_borders(model, shaded, puzzle.rows)
    add_no_touching(model, shaded, w, h)
    if prune and w * h > 1:
        for r in range(h):
            for c in range(w):
                near = [
                    shaded[rr * w + cc]
                    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= rr < h and 0 <= cc < w
                ]
                model.add_clause([shaded[r * w + c], *(-s for s in near)])
    add_connected_unshaded(model, shaded, w, h, encoding)
    model.answer = list(shaded)
    return Built(model, shading_of(shaded, w, h))
