"""Unruly as a model: a Boolean per cell (true for a 1), and each line's rules either as clauses
and a count (``cardinality``) or as a table of the lines that follow them (``lines``)."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import cast

from ..puzzles.unruly import Board, Unruly, line_count
from .model import Assignment, Built, Lit, Model, TooLarge, boolean

ENCODINGS = ("cardinality", "lines")
MAX_TABLE_ROWS = 200_000
"""``lines``: the admissible lines left in all tables together, after pruning by givens."""

Line = list[int]
"""The cells of a row or a column, as indices ``r * W + c``, in order."""


def build(puzzle: Unruly, encoding: str = "cardinality", prune: bool = True) -> Built[Board]:
    """``cardinality``: no three equal as two clauses per three cells in a line, half ones as an
    exactly-k count. ``lines``: each row and column takes one of the admissible lines of its
    length (half ones, no three equal), as a table. Distinct rows and columns are the same in
    both. ``prune`` lets the givens simplify every constraint (and filter the tables)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    w, h = puzzle.width, puzzle.height
    model = Model()
    first = model.bool_vars(w * h).start
    # known[i]: the given value of cell i, else None (all None without pruning: the givens are
    # then only unit clauses, and the constraints are built over every cell).
    shown = [v for row in puzzle.rows for v in row]
    # The givens stay.
    for i, v in enumerate(shown):
        if v is not None:
            model.add_clause([first + i if v else -(first + i)])
    known = shown if prune else [None] * (w * h)
    rows = [[r * w + c for c in range(w)] for r in range(h)]
    columns = [[r * w + c for r in range(h)] for c in range(w)]
    if encoding == "cardinality":
        for line in rows + columns:
            _counts(model, first, line, known)
    else:
        _tables(model, first, rows + columns, known)
    if puzzle.distinct:
        # No two rows the same, no two columns the same.
        for group, other in ((rows, w), (columns, h)):
            if len(group) > line_count(other):  # more lines than admissible ones: none fits
                _contradiction(model)
            for a in range(len(group)):
                for b in range(a + 1, len(group)):
                    _differ(model, first, group[a], group[b], known)
    model.answer = list(range(first, first + w * h))

    def decode(a: Assignment) -> Board:
        return tuple(tuple(a(first + r * w + c) for c in range(w)) for r in range(h))

    return Built(model, decode)


def shape(puzzle: Unruly, encoding: str) -> Hashable | None:
    """A board's size and whether its lines must differ (``contract.Assumes``): the filled
    cells are the clues, in either encoding."""
    return puzzle.width, puzzle.height, puzzle.distinct


def shape_model(puzzle: Unruly, encoding: str) -> Built[Board]:
    """The model of an empty board of ``puzzle``'s shape, without pruning."""
    empty = ((None,) * puzzle.width,) * puzzle.height
    return build(replace(puzzle, rows=empty), encoding, prune=False)


def clues(puzzle: Unruly, built: Built[Board]) -> list[Lit]:
    """Each filled cell as its literal, true for a 1 (the answer is the cells in order)."""
    cells = cast(list[Lit], built.model.answer)
    shown = [v for row in puzzle.rows for v in row]
    return [x if v else -x for x, v in zip(cells, shown, strict=True) if v is not None]


def _contradiction(model: Model) -> None:
    """A constraint no assignment meets."""
    v = model.bool_var()
    model.add_clause([v])
    model.add_clause([-v])


def _counts(model: Model, first: int, line: Line, known: Sequence[int | None]) -> None:
    """One line's rules as clauses and a count, the known cells folded in."""
    # No three equal cells next to each other: of every three, not all 1 and not all 0.
    for k in range(len(line) - 2):
        cells = line[k : k + 3]
        values = [known[i] for i in cells]
        free = [first + i for i, v in zip(cells, values, strict=True) if v is None]
        if 0 not in values:
            model.add_clause([-x for x in free])
        if 1 not in values:
            model.add_clause(free)
    # Half of the line's cells are ones.
    ones = sum(1 for i in line if known[i] == 1)
    free = [first + i for i in line if known[i] is None]
    need = len(line) // 2 - ones
    if not 0 <= need <= len(free):
        _contradiction(model)
    elif free:
        model.add_sum(free, [1] * len(free), "==", need)


@functools.cache
def admissible(n: int) -> tuple[int, ...]:
    """Every line of n cells with half ones and no three equal, as bit masks (bit k: cell k)."""
    found: list[int] = []

    def extend(mask: int, k: int, ones: int, last: int, run: int) -> None:
        if k == n:
            found.append(mask)
            return
        for v in (0, 1):
            length = run + 1 if v == last else 1
            if length > 2 or ones + v > n // 2 or (k + 1 - ones - v) > n // 2:
                continue
            extend(mask | (v << k), k + 1, ones + v, v, length)

    extend(0, 0, 0, -1, 0)
    return tuple(found)


@functools.cache
def _bits(n: int) -> tuple[tuple[int, ...], ...]:
    """The admissible lines of n cells as rows of 0 and 1, in ``admissible`` order."""
    return tuple(tuple((mask >> k) & 1 for k in range(n)) for mask in admissible(n))


def _tables(model: Model, first: int, lines: list[Line], known: Sequence[int | None]) -> None:
    """Each line takes one of the admissible lines that agree with its known cells."""
    allowed: list[list[int]] = []
    total = 0
    for line in lines:
        n = len(line)
        if line_count(n) > MAX_TABLE_ROWS:
            raise TooLarge(
                f"lines of {n} cells: {line_count(n)} admissible ones, over the table limit of "
                f"{MAX_TABLE_ROWS}; use the cardinality encoding"
            )
        care = value = 0
        for k, i in enumerate(line):
            if known[i] is not None:
                care |= 1 << k
                value |= known[i] << k  # type: ignore[operator]
        masks = admissible(n)
        keep = [j for j, m in enumerate(masks) if m & care == value] if care else range(len(masks))
        allowed.append(list(keep))
        total += len(keep)
        if total > MAX_TABLE_ROWS:
            raise TooLarge(
                f"the tables of admissible lines hold over {MAX_TABLE_ROWS} rows; "
                "use the cardinality encoding"
            )
    for line, keep in zip(lines, allowed, strict=True):
        bits = _bits(len(line))
        free = [k for k, i in enumerate(line) if known[i] is None]
        if not keep:
            _contradiction(model)
        elif len(keep) == 1:  # one line fits: its cells are settled
            for k in free:
                x = first + line[k]
                model.add_clause([x if bits[keep[0]][k] else -x])
        elif free:
            columns = [boolean(first + line[k]) for k in free]
            model.add_table(columns, sorted({tuple(bits[j][k] for k in free) for j in keep}))


def _differ(model: Model, first: int, a: Line, b: Line, known: Sequence[int | None]) -> None:
    """Lines ``a`` and ``b`` differ. Both hold the same number of ones, so they differ exactly
    when somewhere ``a`` holds a 1 where ``b`` holds a 0: one clause over a literal per such
    place (the cell itself when the other is known, else a fresh one that holds exactly when
    both do: defined both ways, so a solver that lists every solution, CP-SAT's, does not list
    each board again for every free setting of these helpers)."""
    pairs = list(zip(a, b, strict=True))
    if any(
        known[i] is not None and known[j] is not None and known[i] != known[j] for i, j in pairs
    ):
        return  # the givens already tell them apart
    some: list[Lit] = []
    for i, j in pairs:
        if known[i] == 0 or known[j] == 1:
            continue  # no 1 over a 0 here
        if known[i] == 1:
            some.append(-(first + j))
        elif known[j] == 0:
            some.append(first + i)
        else:
            d = model.bool_var()
            model.add_clause([-d, first + i])
            model.add_clause([-d, -(first + j)])
            model.add_clause([d, -(first + i), first + j])
            some.append(d)
    model.add_clause(some)
