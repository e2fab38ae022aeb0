"""Sums of different digits as clauses over the digit sets that make them: what killer Sudoku's
cages and Kakuro's runs share. A run of k different digits adding up to s has few digit sets
(at most 12 for k <= 9 among 1..9), so "one of these sets" beats a general weighted sum."""

from __future__ import annotations

from ..puzzles.sums import cage_sets
from .latin import choice
from .model import Lit, Model


def digit_sets(
    model: Model, n: int, open_: list[int], left: int, mask: list[int], x: dict[int, dict[int, Lit]]
) -> None:
    """A cage's free cells take one of the digit sets that make ``left``. A digit in no set is
    in none of the cells; one in every set is in one of them; for the digits in some sets only,
    a literal each (true when some cell holds it) and a table of the sets they may make."""
    union = 0
    for i in open_:
        union |= mask[i]
    digits = [d for d in range(1, n + 1) if union >> d & 1]
    sets = cage_sets(left, len(open_), n, digits)
    if not sets:
        model.add_clause([])
        return
    every, some = sets[0], 0
    for s in sets:
        every &= s
        some |= s
    uses = {}
    for d in digits:
        holders = [x[i][d] for i in open_ if d in x[i]]
        if not some >> d & 1:
            for lit in holders:
                model.add_clause([-lit])
        elif every >> d & 1:
            model.add_clause(holders)
        else:
            u = uses[d] = model.bool_var()
            for lit in holders:
                model.add_clause([-lit, u])
            model.add_clause([-u, *holders])
    if uses:
        rows = sorted({tuple(s >> d & 1 for d in uses) for s in sets})
        model.add_table([choice({0: -u, 1: u}) for u in uses.values()], rows)
