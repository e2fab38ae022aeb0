"""Magic boards as a model: line sums over the cells, in integer or one-hot form."""

from __future__ import annotations

from ..puzzles.magic import Board, Magic
from .model import Assignment, Built, Model, Term

ENCODINGS = ("integer", "onehot")


def build(puzzle: Magic, encoding: str = "integer", prune: bool = True) -> Built[Board]:
    """``integer``: a small-domain integer per cell (CP-SAT's all-different and linear sums; the
    SAT backend makes them one-hot with PB sums). ``onehot``: a Boolean per (cell, number) and
    weighted sums over them, the same for every backend. ``prune`` has nothing to prune here."""
    if encoding == "integer":
        return _integer(puzzle)
    if encoding == "onehot":
        return _onehot(puzzle)
    raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")


def _numbers(puzzle: Magic) -> range:
    return range(puzzle.low, puzzle.high + 1)


def _total(model: Model, puzzle: Magic) -> tuple[int, list[Term]]:
    """The right-hand side and extra term of every line sum: the target, or an unknown total."""
    if puzzle.target is not None:
        return puzzle.target, []
    n = puzzle.order
    total = model.int_var(range(n * puzzle.low, n * puzzle.high + 1), "total")
    return 0, [(-1, total)]


def _integer(puzzle: Magic) -> Built[Board]:
    model = Model()
    n = puzzle.order
    # Each cell holds a number of the range; a given holds its own.
    cell = {
        (r, c): model.int_var(
            [puzzle.givens[(r, c)]] if (r, c) in puzzle.givens else _numbers(puzzle),
            f"r{r + 1}c{c + 1}",
        )
        for r in range(n)
        for c in range(n)
    }
    # No number twice, unless repeats are allowed.
    if puzzle.distinct:
        model.add_all_different(cell.values())
    # Every line sums to the same total.
    rhs, extra = _total(model, puzzle)
    for _, cells in puzzle.lines():
        model.add_linear([*((1, cell[rc]) for rc in cells), *extra], "==", rhs)
    model.answer = list(cell.values())

    def decode(a: Assignment) -> Board:
        return tuple(tuple(a(cell[(r, c)]) for c in range(n)) for r in range(n))

    return Built(model, decode)


def _onehot(puzzle: Magic) -> Built[Board]:
    model = Model()
    n = puzzle.order
    numbers = _numbers(puzzle)
    # x[r, c][v]: cell (r, c) holds v. Each cell holds exactly one number; a given its own.
    x: dict[tuple[int, int], dict[int, int]] = {}
    for r in range(n):
        for c in range(n):
            allowed = [puzzle.givens[(r, c)]] if (r, c) in puzzle.givens else numbers
            x[(r, c)] = dict(zip(allowed, model.bool_vars(len(allowed)), strict=True))
            model.add_exactly_one(x[(r, c)].values())
    # No number twice (exactly once when there are as many numbers as cells).
    if puzzle.distinct:
        for v in numbers:
            lits = [row[v] for row in x.values() if v in row]
            if len(numbers) == n * n:
                model.add_exactly_one(lits)
            else:
                model.add_at_most_one(lits)
    # Every line sums to the same total.
    if puzzle.target is None:
        totals = range(n * puzzle.low, n * puzzle.high + 1)
        t = dict(zip(totals, model.bool_vars(len(totals)), strict=True))
        model.add_exactly_one(t.values())
    for _, cells in puzzle.lines():
        lits = [lit for rc in cells for lit in x[rc].values()]
        weights = [v for rc in cells for v in x[rc]]
        if puzzle.target is None:
            lits += list(t.values())
            weights += [-s for s in t]
            model.add_sum(lits, weights, "==", 0)
        else:
            model.add_sum(lits, weights, "==", puzzle.target)
    model.answer = [lit for row in x.values() for lit in row.values()]

    def decode(a: Assignment) -> Board:
        return tuple(
            tuple(next(v for v, lit in x[(r, c)].items() if a(lit)) for c in range(n))
            for r in range(n)
        )

    return Built(model, decode)
