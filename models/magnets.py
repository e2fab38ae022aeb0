"""Magnets as a model: per domino (three states) or per cell (two Booleans)."""

from __future__ import annotations

from ..puzzles.magnets import BLANK, HOLE, MINUS, PLUS, Magnets, Solution
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("domino", "cells")


def build(puzzle: Magnets, encoding: str = "domino", prune: bool = True) -> Built[Solution]:
    """``domino``: three Booleans per domino, exactly one true: + then -, - then +, neutral.
    ``cells``: two Booleans per cell, carries + and carries -, at most one, and a domino's ends
    opposite. ``prune``: a line whose counts say none of a sign gets unit clauses instead of a
    cardinality (without it, every given count is a cardinality)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    h, w = puzzle.height, puzzle.width
    plus: dict[tuple[int, int], Lit] = {}
    minus: dict[tuple[int, int], Lit] = {}
    if encoding == "domino":
        for a, b in puzzle.dominoes():
            # Each domino is a magnet one way or the other, or neutral.
            forward, backward, neutral = model.bool_vars(3)
            model.add_exactly_one([forward, backward, neutral])
            plus[a], minus[b] = forward, forward
            plus[b], minus[a] = backward, backward
        model.answer = [lit for cell, lit in plus.items()]
    else:
        for a, b in puzzle.dominoes():
            for cell in (a, b):
                # A cell carries + or - or neither.
                plus[cell], minus[cell] = model.bool_vars(2)
                model.add_at_most_one([plus[cell], minus[cell]])
            # A domino's ends are opposite: + at one end exactly when - at the other.
            for x, y in ((plus[a], minus[b]), (minus[a], plus[b])):
                model.clauses.extend([(-x, y), (x, -y)])
        model.answer = [lit for cell in plus for lit in (plus[cell], minus[cell])]
    # Two cells side by side never carry the same sign (a domino's ends never do).
    for sign in (plus, minus):
        for (r, c), lit in sign.items():
            for other in ((r, c + 1), (r + 1, c)):
                if other in sign and sign[other] != lit:
                    model.clauses.append((-lit, -sign[other]))
    # The counts hold where they are given.
    for (sign_name, line, i), count in puzzle.clues():
        sign = plus if sign_name == PLUS else minus
        cells = [(i, c) for c in range(w)] if line == "row" else [(r, i) for r in range(h)]
        lits = [sign[cell] for cell in cells if cell in sign]
        if prune and count == 0:
            model.clauses.extend((-lit,) for lit in lits)
        elif count > len(lits):
            model.add_clause([])
        else:
            model.add_sum(lits, [1] * len(lits), "==", count)
    layout = puzzle.layout

    def decode(a: Assignment) -> Solution:
        return tuple(
            "".join(
                HOLE if ch == "*" else PLUS if a(plus[r, c]) else MINUS if a(minus[r, c]) else BLANK
                for c, ch in enumerate(row)
            )
            for r, row in enumerate(layout)
        )

    return Built(model, decode)
