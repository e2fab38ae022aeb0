"""The rule the Latin-square family shares: cells hold 1..n, and each group of cells (a row, a
column, a block, a diagonal) holds every number once. In two forms: a Boolean per (cell, number)
with exactly-one groups (``onehot``), or an integer per cell with all-different groups
(``integer``). Both prune first: a given's number leaves the other cells of its groups."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .model import Assignment, Choice, IntVar, Lit, Model

Cell = tuple[int, int]
Group = Sequence[Cell]


def rows_and_columns(n: int) -> list[list[Cell]]:
    """The n rows and n columns of an n x n board."""
    return [[(r, c) for c in range(n)] for r in range(n)] + [
        [(r, c) for r in range(n)] for c in range(n)
    ]


def candidates(
    n: int,
    cells: Iterable[Cell],
    givens: Mapping[Cell, int],
    groups: Sequence[Group],
    prune: bool = True,
    allowed: Mapping[Cell, Iterable[int]] | None = None,
) -> dict[Cell, list[int]]:
    """The numbers each cell may hold: its given, else 1..n (or ``allowed``) without the
    numbers given elsewhere in its groups."""
    taken: dict[Cell, set[int]] = {}
    if prune:
        for group in groups:
            shown = {givens[c] for c in group if c in givens}
            for c in group:
                taken.setdefault(c, set()).update(shown)
    found = {}
    for cell in cells:
        if cell in givens:
            found[cell] = [givens[cell]]
            continue
        pool = range(1, n + 1) if allowed is None else allowed.get(cell, range(1, n + 1))
        found[cell] = [v for v in pool if v not in taken.get(cell, ())]
    return found


def onehot(
    model: Model, n: int, domains: Mapping[Cell, Sequence[int]], groups: Sequence[Group]
) -> dict[Cell, dict[int, Lit]]:
    """``x[cell][v]``: the cell holds v. Each cell holds one number; each group holds each
    number once (exactly once when the group has n cells, at most once when fewer)."""
    x: dict[Cell, dict[int, Lit]] = {}
    for cell, values in domains.items():
        x[cell] = dict(zip(values, model.bool_vars(len(values)), strict=True))
        model.add_exactly_one(x[cell].values())
    for group in groups:
        for v in range(1, n + 1):
            lits = [x[c][v] for c in group if v in x[c]]
            if len(group) == n:
                model.add_exactly_one(lits)
            elif len(lits) > 1:
                model.add_at_most_one(lits)
    return x


def integer(
    model: Model, domains: Mapping[Cell, Sequence[int]], groups: Sequence[Group]
) -> dict[Cell, IntVar]:
    """An integer per cell over its candidates; all different in each group."""
    x = {(r, c): model.int_var(values, f"r{r + 1}c{c + 1}") for (r, c), values in domains.items()}
    for group in groups:
        model.add_all_different(x[c] for c in group)
    return x


def choice(values: Mapping[int, Lit]) -> Choice:
    """A one-hot cell as a table column."""
    return tuple(values.items())


def read_onehot(a: Assignment, x: Mapping[int, Lit]) -> int:
    """The number a one-hot cell holds."""
    return next(v for v, lit in x.items() if a(lit))
