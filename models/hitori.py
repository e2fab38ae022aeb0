"""Hitori as a model: a literal per cell, "shaded"; of the cells of a row or column that show
the same number, at most one is unshaded; the shading rules are the shared ones
(``models/shading.py``)."""

from __future__ import annotations

from collections import defaultdict

from ..puzzles.hitori import Board, Hitori, lines
from .model import Built, Model
from .shading import CONNECTIONS, add_connected_unshaded, add_no_touching, shading_of

ENCODINGS = CONNECTIONS
"""How "the unshaded cells are one group" is written: lazy cuts, or levels of clauses."""


def build(puzzle: Hitori, encoding: str = "cuts", prune: bool = True) -> Built[Board]:
    """The rules as clauses. ``prune`` adds what a player sees at once from the numbers alone,
    and what the clauses imply but propagation cannot see (``_prune``)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w = puzzle.height, puzzle.width
    model = Model()
    shaded = list(model.bool_vars(w * h))
    for (r, c), mark in puzzle.marks.items():
        model.add_clause([shaded[r * w + c] if mark else -shaded[r * w + c]])
    # No number twice unshaded in a line: of those that show it, at most one is unshaded.
    for _, cells in lines(puzzle):
        same: defaultdict[int, list[int]] = defaultdict(list)
        for r, c in cells:
            same[puzzle.rows[r][c]].append(r * w + c)
        for group in same.values():
            if len(group) == 2:
                model.add_clause([shaded[group[0]], shaded[group[1]]])
            elif len(group) > 2:
                model.add_at_most_one([-shaded[i] for i in group])
    if prune:
        _prune(model, puzzle, shaded)
    add_no_touching(model, shaded, w, h)
    add_connected_unshaded(model, shaded, w, h, encoding)
    model.answer = list(shaded)

    return Built(model, shading_of(shaded, w, h))


def _prune(model: Model, puzzle: Hitori, shaded: list[int]) -> None:
    """The deductions of the collection's easy level that propagation of the rules cannot
    make: a cell between two of the same number in a line is unshaded (one of the two is
    shaded, and touches it); of two of a number side by side in a line one is unshaded, so
    every other of that number in the line is shaded; an unshaded cell touches another
    unshaded cell (the unshaded cells are one group of two or more); and the collection's
    corner rules (``_corners``)."""
    h, w = puzzle.height, puzzle.width
    for _, cells in lines(puzzle):
        numbers = [puzzle.rows[r][c] for r, c in cells]
        for k in range(len(cells) - 2):
            if numbers[k] == numbers[k + 2]:
                r, c = cells[k + 1]
                model.add_clause([-shaded[r * w + c]])
        for k in range(len(cells) - 1):
            if numbers[k] != numbers[k + 1]:
                continue
            for j, (r, c) in enumerate(cells):
                if numbers[j] == numbers[k] and j not in (k, k + 1):
                    model.add_clause([shaded[r * w + c]])
    if w * h < 2:
        return
    if w >= 2 and h >= 2:
        _corners(model, puzzle, shaded)
    for r in range(h):
        for c in range(w):
            near = [
                shaded[rr * w + cc]
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < h and 0 <= cc < w
            ]
            model.add_clause([shaded[r * w + c], *(-s for s in near)])


def _corners(model: Model, puzzle: Hitori, shaded: list[int]) -> None:
    """The 2x2 block at each corner of the board, as the collection's easy level reads it: a
    corner cell, shaded or not, is joined to the rest through its two sides. Four of a number
    there: the corner and the inner cell are shaded; three with the corner (the corner and both
    sides): the corner is shaded; three with the inner cell (both sides and the inner cell):
    the inner cell is shaded; two in a line with the corner cell, or the inner one: the other
    side is unshaded."""
    h, w = puzzle.height, puzzle.width
    for r, c, dr, dc in (
        (0, 0, 1, 1),
        (0, w - 1, 1, -1),
        (h - 1, w - 1, -1, -1),
        (h - 1, 0, -1, 1),
    ):
        cells = [(r, c), (r, c + dc), (r + dr, c), (r + dr, c + dc)]  # corner, sides, inner
        n = [puzzle.rows[y][x] for y, x in cells]
        at = [shaded[y * w + x] for y, x in cells]
        if n[0] == n[1] == n[2] == n[3]:
            model.add_clause([at[0]])
            model.add_clause([at[3]])
        elif n[0] == n[1] == n[2]:
            model.add_clause([at[0]])
        elif n[1] == n[2] == n[3]:
            model.add_clause([at[3]])
        elif n[0] == n[1] or n[1] == n[3]:
            model.add_clause([-at[2]])
        elif n[0] == n[2] or n[2] == n[3]:
            model.add_clause([-at[1]])
