"""Sums of different digits as clauses over the digit sets that make them: what killer Sudoku's
cages and Kakuro's runs share. A run of k different digits adding up to s has few digit sets
(at most 12 for k <= 9 among 1..9), so "one of these sets" beats a general weighted sum.

``narrow`` pencils in what one cage or run forces, ``digit_sets`` and ``chosen_set`` state the
sum as clauses (two encodings, measured side by side in benchmarks/bench_kakuro.py)."""

from __future__ import annotations

from functools import lru_cache

from ..puzzles.sums import all_sets, cage_sets
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


def narrow(total: int | None, masks: tuple[int, ...], n: int) -> tuple[int, ...] | None:
    """The candidates of a cage's or run's cells (bit masks, bit d for digit d) narrowed by it
    alone until nothing changes, as a player pencils in: a cell keeps the digits of the sets
    that make ``total`` and that the cells can hold (each cell a digit of the set, each of its
    digits in some cell); a digit placed leaves the other cells; a digit every such set has,
    which one cell alone can hold, is placed there. None when some cell is left with nothing
    (``total`` None: no sum, the digits different only). Two cells with a sum (most runs) keep
    the digits whose partner the other cell holds."""
    if total is not None and len(masks) == 2:
        a, b = masks
        half = 1 << total // 2 if total % 2 == 0 else 0
        a, b = a & partners(total, b, n) & ~half, b & partners(total, a, n) & ~half
        return (a, b) if a else None
    sets = all_sets(total, len(masks), n) if total is not None else ()
    while True:
        allowed, every = (1 << (n + 1)) - 2, 0
        if total is not None:
            union = 0
            for m in masks:
                union |= m
            allowed, every = 0, -1
            for s in sets:
                if s & ~union:
                    continue
                cover = 0
                for m in masks:
                    if not m & s:
                        break
                    cover |= m & s
                else:
                    if cover == s:
                        allowed |= s
                        every &= s
            if not allowed:
                return None
        new = [m & allowed for m in masks]
        # A digit placed leaves the other cells.
        placed = 0
        for m in new:
            if m & (m - 1) == 0:
                if placed & m or not m:
                    return None
                placed |= m
        if placed:
            new = [m if m & (m - 1) == 0 else m & ~placed for m in new]
        # A digit every set needs, with one cell left to hold it, is placed there.
        needed = every & ~placed if total is not None else 0
        while needed:
            d = needed & -needed
            needed ^= d
            holders = [j for j, m in enumerate(new) if m & d]
            if not holders:
                return None
            if len(holders) == 1:
                new[holders[0]] = d
        if tuple(new) == masks:
            return masks if all(new) else None
        masks = tuple(new)


@lru_cache(maxsize=1 << 14)
def partners(total: int, mask: int, n: int) -> int:
    """The digits 1..n whose partner making ``total`` is in ``mask`` (a table of the digits
    alone, asked again and again: kept)."""
    found = 0
    for d in range(max(1, total - n), min(n, total - 1) + 1):
        if mask >> (total - d) & 1:
            found |= 1 << d
    return found


def chosen_set(
    model: Model, n: int, open_: list[int], left: int, mask: list[int], x: dict[int, dict[int, Lit]]
) -> None:
    """A cage's free cells take one of the digit sets that make ``left``: a Boolean per set
    (one for two sets, none for one), at most one chosen, tied to the cells themselves: a cell's
    digit needs a chosen set that has it, a chosen set's digits each need a cell. A digit in no
    set is in none of the cells; one in every set is in one of them. Fewer clauses than
    ``digit_sets``'s table over which digits the cage uses, and no variable per digit."""
    union = 0
    for i in open_:
        union |= mask[i]
    sets = [s for s in all_sets(left, len(open_), n) if not s & ~union]
    if not sets:
        model.add_clause([])
        return
    every, some = sets[0], 0
    for s in sets:
        every &= s
        some |= s
    add = model.clauses.append
    sels: list[Lit]
    if len(sets) == 1:
        sels = []
    elif len(sets) == 2:
        a = model.bool_var()
        sels = [a, -a]
    else:
        sels = list(model.bool_vars(len(sets)))
        add(tuple(sels))
        model.add_at_most_one(sels)
    d = 0
    while union >> d:
        d += 1
        if not union >> d & 1:
            continue
        holders = [x[i][d] for i in open_ if d in x[i]]
        if not some >> d & 1:
            for lit in holders:
                add((-lit,))
        elif every >> d & 1:
            add(tuple(holders))
        else:
            with_d = [sel for sel, s in zip(sels, sets, strict=True) if s >> d & 1]
            for lit in holders:
                add((-lit, *with_d))
            for sel in with_d:
                add((-sel, *holders))
