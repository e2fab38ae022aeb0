"""Towers as a model: a Latin square of heights (one-hot or integer, models/latin.py) and each
clue either as visibility Booleans counted to the clue, or as a table of the rows it admits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from ..puzzles.towers import Board, Towers
from .latin import candidates, choice, integer, onehot, read_onehot, rows_and_columns
from .model import Assignment, Built, IntVar, Lit, Model

ENCODINGS = ("visibility", "table", "visibility-integer", "table-integer")
"""The clues as visibility (a tower is seen iff it is taller than everything before it) or as
a table of admissible rows; on a one-hot Latin square, or an integer one (``-integer``)."""

Cell = tuple[int, int]


def build(puzzle: Towers, encoding: str = "visibility", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle`` in ``encoding``; ``prune`` narrows each cell to the heights its
    givens and clues allow before anything is built."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    view, _, form = encoding.partition("-")
    n = puzzle.size
    model = Model()
    groups = rows_and_columns(n)
    cells = [cell for row in groups[:n] for cell in row]
    allowed = clue_bounds(puzzle) if prune else None
    domains = candidates(n, cells, puzzle.shown(), groups, prune, allowed)
    if any(not values for values in domains.values()):
        # Some cell can hold no height at all: no solution, said by an empty clause.
        model.add_clause([])
        domains = {cell: values or [1] for cell, values in domains.items()}
    # Each row and each column holds every height 1..N once; a shown height stays.
    lines = _lines(puzzle)
    if form == "integer":
        ints = integer(model, domains, groups)
        if view == "table":
            for cells_, a, b in lines:
                _table(model, [ints[c] for c in cells_], [domains[c] for c in cells_], a, b)
        else:
            for cells_, a, b in lines:
                _compare(model, [ints[c] for c in cells_], a, b)
        model.answer = [ints[c] for c in cells]

        def decode_ints(a: Assignment) -> Board:
            return tuple(tuple(a(ints[(r, c)]) for c in range(n)) for r in range(n))

        return Built(model, decode_ints)
    x = onehot(model, n, domains, groups)
    for cells_, a, b in lines:
        if view == "table":
            _table(model, [choice(x[c]) for c in cells_], [domains[c] for c in cells_], a, b)
        else:
            for clue, order in ((a, cells_), (b, cells_[::-1])):
                if clue:
                    _visible(model, n, [x[c] for c in order], clue)
    model.answer = [lit for c in cells for lit in x[c].values()]

    def decode(a: Assignment) -> Board:
        return tuple(tuple(read_onehot(a, x[(r, c)]) for c in range(n)) for r in range(n))

    return Built(model, decode)


def _lines(puzzle: Towers) -> list[tuple[list[Cell], int, int]]:
    """Each row and column with a clue: its cells from the left (top), the clue there and the
    clue at the other end (0 for none)."""
    n = puzzle.size
    found = []
    for r in range(n):
        if puzzle.left[r] or puzzle.right[r]:
            found.append(([(r, c) for c in range(n)], puzzle.left[r], puzzle.right[r]))
    for c in range(n):
        if puzzle.top[c] or puzzle.bottom[c]:
            found.append(([(r, c) for r in range(n)], puzzle.top[c], puzzle.bottom[c]))
    return found


def clue_bounds(puzzle: Towers) -> dict[Cell, list[int]]:
    """The heights each cell may hold by the clues alone: seen from a clue c, a tower of height
    h at distance d (0 for the nearest cell) lets at most d + 1 + (N - h) towers be seen, so
    h <= N - c + 1 + d; a clue 1 sees the tallest tower first, a clue N sees 1, 2, ..., N."""
    n = puzzle.size
    bound = {(r, c): n for r in range(n) for c in range(n)}
    exact: dict[Cell, int] = {}
    for _, clue, _, cells in puzzle.clues():
        for d, cell in enumerate(cells):
            bound[cell] = min(bound[cell], n - clue + 1 + d)
        if clue == 1:
            exact.setdefault(cells[0], n)
        if clue == n:
            for d, cell in enumerate(cells):
                exact.setdefault(cell, d + 1)
    found = {}
    for cell, most in bound.items():
        values = range(1, most + 1)
        found[cell] = [v for v in values if v == exact[cell]] if cell in exact else list(values)
    return found


def _visible(model: Model, n: int, line: Sequence[Mapping[int, Lit]], clue: int) -> None:
    """A tower is seen iff it is taller than everything before it; as many are seen as the clue
    says. ``up[k][h]``: some tower of height >= h stands among the first k + 1 cells."""
    # The nearest tower is always seen; the others are counted against clue - 1.
    up: list[dict[int, Lit]] = []
    seen: list[Lit] = []
    for k, cell in enumerate(line[:-1]):
        here = dict(zip(range(2, n + 1), model.bool_vars(n - 1), strict=True))
        for h in range(2, n + 1):
            # A tower of height >= h here puts one among the first k + 1 cells...
            if h in cell:
                model.add_clause([-cell[h], here[h]])
            if h < n:
                model.add_clause([-here[h + 1], here[h]])
            # ... as does one before; and there is none among them unless one of these holds.
            taller = [cell[v] for v in range(h, n + 1) if v in cell]
            if k:
                model.add_clause([-up[k - 1][h], here[h]])
                model.add_clause([-here[h], up[k - 1][h], *taller])
            else:
                model.add_clause([-here[h], *taller])
        up.append(here)
    for k in range(1, len(line)):
        s = model.bool_var()
        seen.append(s)
        before = up[k - 1]
        for h, lit in line[k].items():
            if h == 1:
                model.add_clause([-lit, -s])  # a tower of height 1 is hidden behind any other
                continue
            # The tower here is seen iff no tower as tall stands before it.
            model.add_clause([-lit, before[h], s])
            model.add_clause([-lit, -before[h], -s])
    model.add_sum(seen, [1] * len(seen), "==", clue - 1)


def _compare(model: Model, line: Sequence[IntVar], a: int, b: int) -> None:
    """On integers: ``lower[j, k]`` says the tower at j is lower than the one at k; a tower is
    seen from the start iff every tower before it is lower, from the end iff every tower after
    it is; as many are seen from each end as its clue says."""
    n = len(line)
    lower: dict[tuple[int, int], Lit] = {}
    for j in range(n):
        for k in range(j + 1, n):
            lit = lower[j, k] = model.bool_var()
            model.add_linear([(1, line[k]), (-1, line[j])], ">=", 1, [lit])
            model.add_linear([(1, line[j]), (-1, line[k])], ">=", 1, [-lit])
    for clue, ahead in ((a, True), (b, False)):
        if not clue:
            continue
        seen = []
        for k in range(n):
            # Seen from the start: lower[j, k] for every j before k; from the end: lower[k, j]
            # false for every j after k.
            blockers = (
                [lower[j, k] for j in range(k)]
                if ahead
                else [-lower[k, j] for j in range(k + 1, n)]
            )
            if not blockers:
                continue  # the nearest tower is always seen
            s = model.bool_var()
            seen.append(s)
            for lit in blockers:
                model.add_clause([-s, lit])
            model.add_clause([s, *(-lit for lit in blockers)])
        model.add_sum(seen, [1] * len(seen), "==", clue - 1)


@lru_cache(maxsize=None)
def admissible(n: int, a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """The orders of heights 1..n that show ``a`` towers from the start and ``b`` from the end
    (0: no clue there), enumerated once per (n, a, b)."""
    if not a and b:
        return tuple(row[::-1] for row in admissible(n, b, 0))
    found: list[tuple[int, ...]] = []
    row: list[int] = []
    free = set(range(1, n + 1))

    def extend(tallest: int, count: int) -> None:
        if not free:
            if not a or count == a:
                if not b or _seen_back(row) == b:
                    found.append(tuple(row))
            return
        # Every tower still to place that is taller than all so far may yet be seen.
        if a and (count > a or count + sum(1 for v in free if v > tallest) < a):
            return
        for v in sorted(free):
            free.remove(v)
            row.append(v)
            extend(max(v, tallest), count + (v > tallest))
            row.pop()
            free.add(v)

    extend(0, 0)
    return tuple(found)


def _seen_back(row: Sequence[int]) -> int:
    count = tallest = 0
    for v in reversed(row):
        if v > tallest:
            count, tallest = count + 1, v
    return count


def _table(
    model: Model,
    columns: Sequence[IntVar | tuple[tuple[int, Lit], ...]],
    domains: Sequence[Sequence[int]],
    a: int,
    b: int,
) -> None:
    """The line's towers take together one of the orders its clues admit (and its cells allow)."""
    sets = [frozenset(d) for d in domains]
    rows = [
        row
        for row in admissible(len(columns), a, b)
        if all(v in s for v, s in zip(row, sets, strict=True))
    ]
    model.add_table(columns, rows)
