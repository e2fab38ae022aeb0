"""Futoshiki as a model: a Latin square (models/latin.py) and each sign between neighbours, as
clauses over the one-hot cells (``onehot``), through order literals "this cell holds v or more"
(``order``), or as linear constraints over integer cells (``integer``)."""

from __future__ import annotations

from collections.abc import Mapping

from ..puzzles.futoshiki import Board, Futoshiki, neighbours
from .latin import candidates, integer, onehot, read_onehot, rows_and_columns
from .model import Assignment, Built, IntVar, Lit, Model
from .towers import singles

ENCODINGS = ("onehot", "order", "integer")

Cell = tuple[int, int]


def narrowed(puzzle: Futoshiki, prune: bool = True) -> dict[Cell, list[int]]:
    """The numbers each cell may hold: its given, else what the Latin rule and the signs leave
    it, to a fixed point (a sign's greater cell above its lesser's least, a bar's cells one
    apart from a number the other may hold); an empty list where nothing is left."""
    n = puzzle.size
    groups = rows_and_columns(n)
    cells = [(r, c) for r in range(n) for c in range(n)]
    domains = candidates(n, cells, puzzle.shown(), groups, prune)
    if not prune:
        return domains
    bars = {frozenset(pair) for pair in puzzle.signs}
    pairs = list(neighbours(n)) if puzzle.adjacent else []
    while True:
        before = domains
        domains = singles(n, domains, groups)
        if any(not values for values in domains.values()):
            return domains
        if not puzzle.adjacent:
            for big, small in puzzle.signs:
                low, high = min(domains[small]), max(domains[big])
                domains[big] = [v for v in domains[big] if v > low]
                domains[small] = [v for v in domains[small] if v < high]
                if not domains[big] or not domains[small]:
                    return domains
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                there = set(domains[y])
                if frozenset((a, b)) in bars:
                    kept = [v for v in domains[x] if v - 1 in there or v + 1 in there]
                elif len(there) == 1:
                    (w,) = there
                    kept = [v for v in domains[x] if abs(v - w) != 1]
                else:
                    continue
                if not kept:
                    domains[x] = []
                    return domains
                domains[x] = kept
        if domains == before:
            return domains


def build(puzzle: Futoshiki, encoding: str = "onehot", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle`` in ``encoding``; ``prune`` first narrows each cell to the numbers
    the givens, the Latin rule and the signs leave it (``narrowed``)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    n = puzzle.size
    model = Model()
    groups = rows_and_columns(n)
    cells = [(r, c) for r in range(n) for c in range(n)]
    domains = narrowed(puzzle, prune)
    if any(not values for values in domains.values()):
        # Some cell can hold no number at all: no solution, said by an empty clause.
        model.add_clause([])
        domains = {cell: values or [1] for cell, values in domains.items()}
    if encoding == "integer":
        ints = integer(model, domains, groups)
        _linear(model, puzzle, ints)
        model.answer = [ints[c] for c in cells]

        def decode_ints(a: Assignment) -> Board:
            return tuple(tuple(a(ints[(r, c)]) for c in range(n)) for r in range(n))

        return Built(model, decode_ints)
    # Each row and each column holds every number 1..N once; a shown number stays.
    x = onehot(model, n, domains, groups)
    if puzzle.adjacent:
        _bars(model, puzzle, x)
    elif encoding == "order":
        _ordered(model, puzzle, x)
    else:
        _direct(model, puzzle, x)
    model.answer = [lit for c in cells for lit in x[c].values()]

    def decode(a: Assignment) -> Board:
        return tuple(tuple(read_onehot(a, x[(r, c)]) for c in range(n)) for r in range(n))

    return Built(model, decode, {cell: dict(x[cell]) for cell in cells})


def _direct(model: Model, puzzle: Futoshiki, x: Mapping[Cell, Mapping[int, Lit]]) -> None:
    """Each sign: the greater cell holding v puts a lesser number in the lesser cell, and the
    lesser cell holding v puts a greater one in the greater."""
    for big, small in sorted(puzzle.signs):
        for v, lit in x[big].items():
            model.add_clause([-lit, *(u_lit for u, u_lit in x[small].items() if u < v)])
        for v, lit in x[small].items():
            model.add_clause([-lit, *(u_lit for u, u_lit in x[big].items() if u > v)])


def _ordered(model: Model, puzzle: Futoshiki, x: Mapping[Cell, Mapping[int, Lit]]) -> None:
    """Order literals (the cell holds v or more) tied to the one-hot cells; each sign then one
    clause per value: the lesser cell at v or more puts the greater at v + 1 or more."""
    used = {cell for pair in puzzle.signs for cell in pair}
    at_least = {cell: _order(model, x[cell]) for cell in sorted(used)}
    for big, small in sorted(puzzle.signs):
        for v in range(min(x[small]), max(x[small]) + 1):
            low, high = _ge(x[small], at_least[small], v), _ge(x[big], at_least[big], v + 1)
            if low is False or high is True:
                continue
            model.add_clause(([] if low is True else [-low]) + ([] if high is False else [high]))


def _order(model: Model, cell: Mapping[int, Lit]) -> dict[int, Lit]:
    """``ge[v]``: the cell holds v or more, a literal for each of its values but the least,
    true exactly when one of its values from v up holds."""
    values = sorted(cell)
    ge: dict[int, Lit] = {}
    for i, v in enumerate(values[1:], 1):
        g = ge[v] = model.bool_var()
        for u in values[:i]:
            model.add_clause([-cell[u], -g])
        for u in values[i:]:
            model.add_clause([-cell[u], g])
        model.add_clause([-g, *(cell[u] for u in values[i:])])
    return ge


def _ge(cell: Mapping[int, Lit], ge: Mapping[int, Lit], v: int) -> Lit | bool:
    """Whether the cell holds v or more: its order literal for the least of its values from v
    up, or True/False where its values settle it."""
    if v <= min(cell):
        return True
    above = [u for u in cell if u >= v]
    return ge[min(above)] if above else False


def _bars(model: Model, puzzle: Futoshiki, x: Mapping[Cell, Mapping[int, Lit]]) -> None:
    """Adjacent mode: across a bar a cell holding v puts v - 1 or v + 1 beside it; without one,
    neither."""
    bars = {frozenset(pair) for pair in puzzle.signs}
    for a, b in neighbours(puzzle.size):
        barred = frozenset((a, b)) in bars
        for one, other in ((a, b), (b, a)):
            for v, lit in x[one].items():
                near = [x[other][u] for u in (v - 1, v + 1) if u in x[other]]
                if barred:
                    model.add_clause([-lit, *near])
                elif one < other:
                    for u_lit in near:
                        model.add_clause([-lit, -u_lit])


def _linear(model: Model, puzzle: Futoshiki, ints: Mapping[Cell, IntVar]) -> None:
    """On integers: a sign says greater minus lesser is 1 or more; in Adjacent mode a Boolean
    per pair of neighbours says which of them is the greater, and the difference is 1 across a
    bar, 2 or more without one (neighbours never hold the same number)."""
    if not puzzle.adjacent:
        for big, small in sorted(puzzle.signs):
            model.add_linear([(1, ints[big]), (-1, ints[small])], ">=", 1)
        return
    bars = {frozenset(pair) for pair in puzzle.signs}
    for a, b in neighbours(puzzle.size):
        first = model.bool_var()
        if frozenset((a, b)) in bars:
            model.add_linear([(1, ints[a]), (-1, ints[b])], "==", 1, [first])
            model.add_linear([(1, ints[b]), (-1, ints[a])], "==", 1, [-first])
        else:
            model.add_linear([(1, ints[a]), (-1, ints[b])], ">=", 2, [first])
            model.add_linear([(1, ints[b]), (-1, ints[a])], ">=", 2, [-first])
