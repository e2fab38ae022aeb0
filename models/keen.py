"""Keen as a model: a Latin square (one-hot or integer, models/latin.py) and each cage's clue,
as a table of its admissible combinations or in arithmetic."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations

from ..puzzles.keen import Board, Cage, Keen
from .latin import candidates, choice, integer, onehot, read_onehot, rows_and_columns
from .model import Assignment, Built, Choice, IntVar, Lit, Model, Term

ENCODINGS = ("onehot-table", "integer-table", "onehot-arith", "integer-arith", "onehot-sets")
"""The Latin square's cells (a Boolean per digit, or an integer) and the cages' clues (a table
of the digits each cage admits, or sums, differences, quotients and products). ``onehot-sets``
is ``onehot-table`` with the rules of Tatham's Hard level behind a switch, written on demand
(``_hard``): what grading is done on."""
MAX_ROWS = 20_000
"""A cage admitting more combinations than this is stated in arithmetic even in a table
encoding (a large sum cage on a large board): its table would cost more than it saves."""

Cell = tuple[int, int]
Rows = tuple[tuple[int, ...], ...]
Cellvar = IntVar | dict[int, Lit]


def build(puzzle: Keen, encoding: str = "onehot-table", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle`` in ``encoding``; ``prune`` narrows each cell to the digits its
    row's and column's givens and its cage's clue leave it."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    square, clues = encoding.split("-")
    hard = clues == "sets"
    clues = "table" if hard else clues
    n = puzzle.size
    model = Model()
    groups = rows_and_columns(n)
    cells = [(r, c) for r in range(n) for c in range(n)]
    domains = candidates(n, cells, puzzle.givens, groups, prune)
    tables: list[Rows | None] = []
    for cage in puzzle.cages:
        # A cage's digits meet its clue: narrow each cell to the digits some way of meeting
        # it uses (a table's rows) or, for arithmetic, to the digits the clue allows one by one.
        rows = admissible(cage, n, domains) if clues == "table" else None
        tables.append(rows)
        for i, cell in enumerate(cage.cells):
            if not prune:
                continue
            used = {row[i] for row in rows} if rows is not None else set(digits_alone(cage, n))
            kept = [v for v in domains[cell] if v in used]
            if not kept:  # no digit meets the clue: the puzzle has no solution
                model.add_clause([])
                break
            domains[cell] = kept
    # Every row and every column holds each digit 1..N once.
    x: Mapping[Cell, Cellvar]
    x = onehot(model, n, domains, groups) if square == "onehot" else integer(model, domains, groups)
    for cage, rows in zip(puzzle.cages, tables, strict=True):
        if rows is not None:
            # The cage's digits are one of its admissible combinations.
            if len(cage.cells) > 1 or not prune:
                model.add_table([_column(x[cell]) for cell in cage.cells], rows)
        else:
            arithmetic(model, cage, [x[cell] for cell in cage.cells], n)
    if square == "onehot":
        lits = [lit for cell in cells for lit in _onehot(x[cell]).values()]
        model.answer = list(lits)
    else:
        model.answer = [_int(x[cell]) for cell in cells]

    def decode(a: Assignment) -> Board:
        if square == "onehot":
            return tuple(
                tuple(read_onehot(a, _onehot(x[(r, c)])) for c in range(n)) for r in range(n)
            )
        return tuple(tuple(a(_int(x[(r, c)])) for c in range(n)) for r in range(n))

    keys = {cell: dict(_onehot(x[cell])) for cell in cells} if square == "onehot" else None
    if not hard:
        return Built(model, decode, keys)
    switch = model.bool_var()
    model.add_clause([switch])
    grid = {cell: _onehot(x[cell]) for cell in cells}
    hints = _hard(puzzle, grid, tables, groups, switch)
    return Built(model, decode, keys, hints=hints, tiers=(switch,))


def _hard(
    puzzle: Keen,
    x: Mapping[Cell, Mapping[int, Lit]],
    tables: Sequence[Rows | None],
    groups: Sequence[Sequence[Cell]],
    switch: Lit,
) -> Callable[[Callable[[Lit], bool]], list[tuple[Lit, ...]]]:
    """Tatham's Hard level, as clauses written from what is known (when ``switch`` holds): in a
    row or column, some cells whose digits left are as many as they are hold those digits, so
    no other cell of the line does, and some digits whose cells left are as many as they are
    fill those cells; and a digit every way of filling a cage puts in its part of a line is
    in no other cell of that line."""
    lines = [list(g) for g in groups]
    cages = [
        (cage.cells, rows)
        for cage, rows in zip(puzzle.cages, tables, strict=True)
        if rows is not None and len(cage.cells) > 1
    ]

    def hints(certain: Callable[[Lit], bool]) -> list[tuple[Lit, ...]]:
        if not certain(switch):
            return []

        def left(cell: Cell) -> list[int]:
            return [v for v, lit in x[cell].items() if not certain(-lit)]

        found: list[tuple[Lit, ...]] = []
        for line in lines:
            open_cells = [c for c in line if len(left(c)) > 1]
            if len(open_cells) < 3:
                continue
            digits = {c: set(left(c)) for c in open_cells}
            for k in range(2, len(open_cells) - 1):
                for chosen in combinations(open_cells, k):
                    union = set().union(*(digits[c] for c in chosen))
                    if len(union) != k:
                        continue
                    why = [x[c][v] for c in chosen for v in x[c] if v not in union]
                    for other in open_cells:
                        if other in chosen:
                            continue
                        for v in digits[other] & union:
                            found.append((-switch, -x[other][v], *why))
            places = {
                v: {c for c in open_cells if v in digits[c]} for v in set().union(*digits.values())
            }
            for k in range(2, len(places) - 1):
                for values in combinations(sorted(places), k):
                    where = set().union(*(places[v] for v in values))
                    if len(where) != k:
                        continue
                    why = [x[c][v] for v in values for c in line if c not in where and v in x[c]]
                    for cell in where:
                        for v in digits[cell] - set(values):
                            found.append((-switch, -x[cell][v], *why))
        for cells, rows in cages:
            held = [
                row
                for row in rows
                if all(not certain(-x[c][v]) for c, v in zip(cells, row, strict=True))
            ]
            if not held:
                continue
            why = [x[c][v] for c in cells for v in x[c] if certain(-x[c][v])]
            for line in lines:
                part = [i for i, c in enumerate(cells) if c in line]
                if not part:
                    continue
                always = set.intersection(*({row[i] for i in part} for row in held))
                for other in line:
                    if other in cells:
                        continue
                    for v in always:
                        if v in x[other] and not certain(-x[other][v]):
                            found.append((-switch, -x[other][v], *why))
        return found

    return hints


def _onehot(x: Cellvar) -> dict[int, Lit]:
    assert isinstance(x, dict)
    return x


def _int(x: Cellvar) -> IntVar:
    assert isinstance(x, IntVar)
    return x


def _column(x: Cellvar) -> IntVar | Choice:
    """A cell as a table column."""
    return choice(x) if isinstance(x, dict) else x


def _terms(x: Cellvar, k: int) -> list[Term]:
    """``k`` times the cell's digit, as linear terms."""
    if isinstance(x, dict):
        return [(k * v, lit) for v, lit in x.items()]
    return [(k, x)]


# -- cages as tables --------------------------------------------------------------------------


def admissible(cage: Cage, n: int, domains: Mapping[Cell, Sequence[int]]) -> Rows | None:
    """The digits the cage's cells may hold together: meeting the clue, within each cell's
    candidates, never one digit twice in a row or column; None when more than ``MAX_ROWS``."""
    cells = cage.cells
    # Each cell's earlier cells in the same row or column, which must hold other digits.
    clashes = tuple(
        tuple(j for j in range(i) if cells[j][0] == cell[0] or cells[j][1] == cell[1])
        for i, cell in enumerate(cells)
    )
    return _admissible(cage.op, cage.target, clashes, tuple(tuple(domains[c]) for c in cells))


@lru_cache(maxsize=8192)
def _admissible(
    op: str, target: int, clashes: tuple[tuple[int, ...], ...], domains: tuple[tuple[int, ...], ...]
) -> Rows | None:
    """The combinations, cached: boards repeat cage shapes and clues."""
    if op in "-/":
        if len(domains) != 2:
            return ()
        first, second = domains
        return tuple(
            (a, b)
            for a in first
            for b in second
            if a != b and (abs(a - b) == target if op == "-" else max(a, b) == min(a, b) * target)
        )
    k = len(domains)
    add = op == "+"
    # What the cells from i on can still make: sums between low[i] and high[i]; products of
    # at most high[i].
    low = [0] * (k + 1) if add else [1] * (k + 1)
    high = [0] * (k + 1) if add else [1] * (k + 1)
    for i in range(k - 1, -1, -1):
        least, most = (min(domains[i]), max(domains[i])) if domains[i] else (0, 0)
        low[i] = low[i + 1] + least if add else low[i + 1] * least
        high[i] = high[i + 1] + most if add else high[i + 1] * most
    found: list[tuple[int, ...]] = []
    digits = [0] * k
    allowed = [frozenset(d) for d in domains]

    def extend(i: int, rest: int) -> bool:
        """Every way to fill cells i.. leaving ``rest``; False once past ``MAX_ROWS``."""
        taken = {digits[j] for j in clashes[i]}
        if i == k - 1:  # the last cell's digit is what is left
            if rest in allowed[i] and rest not in taken:
                digits[i] = rest
                found.append(tuple(digits))
            return len(found) <= MAX_ROWS
        least, most = low[i + 1], high[i + 1]
        for v in domains[i]:
            if v in taken:
                continue
            if add:
                left = rest - v
                if left < least:
                    break  # the digits go up: the rest only shrinks
                if left > most:
                    continue
            else:
                if rest % v:
                    continue
                left = rest // v
                if not least <= left <= most:
                    continue
            digits[i] = v
            if not extend(i + 1, left):
                return False
        return True

    if not k or not all(domains):
        return ()
    return tuple(found) if extend(0, target) else None


# -- cages in arithmetic -----------------------------------------------------------------------


def digits_alone(cage: Cage, n: int) -> list[int]:
    """The digits a cell of the cage may hold by the clue alone, whatever the others hold."""
    k, t = len(cage.cells), cage.target
    if cage.op == "+":
        return [v for v in range(1, n + 1) if (k - 1) <= t - v <= (k - 1) * n]
    if cage.op == "*":
        return [v for v in range(1, n + 1) if t % v == 0 and t // v <= n ** (k - 1)]
    if cage.op == "-":
        return [v for v in range(1, n + 1) if v - t >= 1 or v + t <= n]
    return [v for v in range(1, n + 1) if v * t <= n or (v % t == 0 and t > 0)]


def arithmetic(model: Model, cage: Cage, xs: Sequence[Cellvar], n: int) -> None:
    """The clue as arithmetic on the cells' digits."""
    t = cage.target
    if cage.op == "+":
        # The digits add up to the clue.
        model.add_linear([term for x in xs for term in _terms(x, 1)], "==", t)
        return
    if cage.op in "-/":
        if len(xs) != 2:
            model.add_clause([])
            return
        # One of the two cells is the larger (a Boolean says which): the larger less the
        # smaller is the clue, or the larger is the clue times the smaller.
        a, b = xs
        first = model.bool_var()
        k = 1 if cage.op == "-" else t
        rhs = t if cage.op == "-" else 0
        model.add_linear([*_terms(a, 1), *_terms(b, -k)], "==", rhs, enforce=[first])
        model.add_linear([*_terms(b, 1), *_terms(a, -k)], "==", rhs, enforce=[-first])
        return
    # The digits multiply to the clue: a chain of partial products, each a divisor of the clue,
    # the next the last times the next cell's digit (a small table: there is no product
    # constraint in the model, and logarithms are not exact).
    divisors = [d for d in range(1, min(t, n ** len(xs)) + 1) if t % d == 0] if t > 0 else []
    if not divisors:
        model.add_clause([])
        return
    product: IntVar | Choice = _column(xs[0])
    values = _values(xs[0])
    for i, x in enumerate(xs[1:], 2):
        last = i == len(xs)
        reach = sorted({p * v for p in values for v in _values(x) if t % (p * v) == 0})
        if last:
            reach = [t] if t in reach else []
        if not reach:
            model.add_clause([])
            return
        rows = [(p, v, p * v) for p in values for v in _values(x) if p * v in reach]
        if last:
            model.add_table([product, _column(x)], [(p, v) for p, v, _ in rows])
            return
        step = model.int_var(reach, f"product{i}")
        model.add_table([product, _column(x), step], rows)
        product, values = step, reach
    # A cage of one cell: its digit is the clue.
    model.add_table([product], [(t,)])


def _values(x: Cellvar | IntVar | Choice) -> list[int]:
    """The values a cell or a partial product may take."""
    if isinstance(x, IntVar):
        return list(x.domain)
    if isinstance(x, dict):
        return list(x)
    return [v for v, _ in x]
