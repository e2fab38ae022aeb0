"""Towers as a model: a Latin square of heights (one-hot or integer, models/latin.py) and each
clue either as visibility Booleans counted to the clue, or as a table of the rows it admits."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import cache

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
    if prune:
        domains = singles(n, domains, groups)
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


def singles(
    n: int, domains: Mapping[Cell, Sequence[int]], groups: Sequence[Sequence[Cell]]
) -> dict[Cell, list[int]]:
    """The domains narrowed by the Latin rule alone, to a fixed point: a cell left with one
    height takes it from the rest of its row and column, and a height left with one cell in a
    row or column goes there."""
    bits = {cell: sum(1 << v for v in values) for cell, values in domains.items()}
    lines = [list(group) for group in groups]
    changed = True
    while changed:
        changed = False
        for group in lines:
            masks = [bits[c] for c in group]
            fixed = 0
            for m in masks:
                if m and not m & (m - 1):
                    fixed |= m
            once = twice = 0
            for m in masks:
                twice |= once & m
                once |= m
            alone = once & ~twice & ~fixed  # heights with a single cell here, not yet placed
            for c, m in zip(group, masks, strict=True):
                new = m if m and not m & (m - 1) else m & ~fixed
                if new & alone:
                    new &= alone
                if new != m:
                    bits[c] = new
                    changed = True
    return {c: [v for v in range(1, n + 1) if m >> v & 1] for c, m in bits.items()}


def _visible(model: Model, n: int, line: Sequence[Mapping[int, Lit]], clue: int) -> None:
    """A tower is seen iff it is taller than everything before it; as many are seen as the clue
    says. ``up[h]`` after cell k: some tower of height >= h stands among the first k + 1 cells
    (``True``/``False`` when the cells' heights already settle it, a literal otherwise); only
    the heights a later cell may hold are followed."""
    count = len(line)
    # The heights each cell onwards may hold: those ``up`` must follow past it.
    later: list[set[int]] = [set() for _ in range(count + 1)]
    for k in range(count - 1, -1, -1):
        later[k] = later[k + 1] | {h for h in line[k] if h > 1}
    up: dict[int, Lit | bool] = {}
    seen: list[Lit] = []
    need = clue - 1  # the nearest tower is always seen; the others count against clue - 1
    for k, cell in enumerate(line):
        if k:
            # The tower here is seen iff no tower as tall stands before it; height 1 never is.
            verdicts = {h: _settled(h, up) for h in cell}
            if all(v is True for v in verdicts.values()):
                need -= 1
            elif any(v is not False for v in verdicts.values()):
                s = model.bool_var()
                seen.append(s)
                for h, lit in cell.items():
                    verdict = verdicts[h]
                    if verdict is None:
                        before = up[h]
                        assert not isinstance(before, bool)
                        model.add_clause([-lit, before, s])
                        model.add_clause([-lit, -before, -s])
                    else:
                        model.add_clause([-lit, s if verdict else -s])
        hs = sorted(later[k + 1])
        if not hs:
            break
        top = max(cell)
        low = min(cell)
        new: dict[int, Lit | bool] = {}
        for i, h in enumerate(hs):
            prior = up.get(h, False) if k else False
            if prior is True or low >= h:
                new[h] = True
                continue
            taller = [cell[v] for v in cell if v >= h]
            if top < h:
                new[h] = prior
                continue
            if prior is False and len(taller) == 1:
                new[h] = taller[0]
                continue
            here = model.bool_var()
            new[h] = here
            # A tower of height >= h here or before puts one among the first k + 1 cells...
            nxt = hs[i + 1] if i + 1 < len(hs) else n + 1
            for v in cell:
                if h <= v < nxt:
                    model.add_clause([-cell[v], here])
            if prior is not False:
                model.add_clause([-prior, here])
            # ... and there is none unless one of these holds.
            model.add_clause([-here, *([] if prior is False else [prior]), *taller])
        # Taller implies as tall: chain the followed heights (the cells' values above do the rest).
        for h, h2 in itertools.pairwise(hs):
            a, b = new[h2], new[h]
            if not isinstance(a, bool) and not isinstance(b, bool) and a != b:
                model.add_clause([-a, b])
        up = new
    if need < 0 or need > len(seen):
        model.add_clause([])
    else:
        model.add_sum(seen, [1] * len(seen), "==", need)


def _settled(h: int, up: Mapping[int, Lit | bool]) -> bool | None:
    """Whether a tower of height h is seen after the cells that ``up`` describes, when that is
    already known: height 1 never is, and ``up`` may settle the others."""
    if h == 1:
        return False
    before = up[h]
    return not before if isinstance(before, bool) else None


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


@cache
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
            if (not a or count == a) and (not b or _seen_back(row) == b):
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
