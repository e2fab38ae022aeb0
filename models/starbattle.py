"""Star Battle as a model: a literal per cell, "a star"; each row, column and room a
cardinality constraint (exactly the stars a row); stars apart."""

from __future__ import annotations

from ..puzzles.starbattle import EMPTY, STAR, Board, StarBattle
from .model import Assignment, Built, Model

ENCODINGS = ("pairs", "blocks")
"""How "no two stars touch" is written: a clause per pair of cells that touch, or at most one
star in each 2x2 block (a cardinality group the backend encodes, natively on MiniCard)."""


def build(puzzle: StarBattle, encoding: str = "pairs", prune: bool = True) -> Built[Board]:
    """The rules: exactly k stars in each row, column and room (one of exactly-one when k is
    1), and no two stars touching. ``prune`` has nothing to add: propagation sees all."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w, k = puzzle.height, puzzle.width, puzzle.stars
    model = Model()
    star = list(model.bool_vars(w * h))
    for r, c in puzzle.given:
        model.add_clause([star[r * w + c]])
    groups = [[r * w + c for c in range(w)] for r in range(h)]
    groups += [[r * w + c for r in range(h)] for c in range(w)]
    groups += [[r * w + c for r, c in cells] for cells in puzzle.rooms()]
    for group in groups:
        lits = [star[i] for i in group]
        if k > len(lits):
            model.add_clause([])  # (more stars than cells: no solution)
        elif k == 1:
            model.add_exactly_one(lits)
        else:
            model.add_sum(lits, [1] * len(lits), "==", k)
    for r in range(h - 1):
        for c in range(w - 1):
            block = [star[r * w + c], star[r * w + c + 1], star[(r + 1) * w + c],
                     star[(r + 1) * w + c + 1]]  # fmt: skip
            if encoding == "blocks":
                model.add_at_most_one(block)
            else:
                a, b, d, e = block
                for x, y in ((a, b), (a, d), (a, e), (b, d)):
                    model.add_clause([-x, -y])
    if encoding == "pairs":  # the last row's and column's pairs side by side
        for c in range(w - 1):
            model.add_clause([-star[(h - 1) * w + c], -star[(h - 1) * w + c + 1]])
        for r in range(h - 1):
            model.add_clause([-star[r * w + w - 1], -star[(r + 1) * w + w - 1]])
    model.answer = list(star)

    def decode(a: Assignment) -> Board:
        return tuple(
            "".join(STAR if a(star[r * w + c]) else EMPTY for c in range(w)) for r in range(h)
        )

    return Built(model, decode)
