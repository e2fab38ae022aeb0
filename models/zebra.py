"""Logic grids as a model: a Boolean per (symbol, position), permutations, clues as clauses."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from ..puzzles.zebra import Clue, Grid, Zebra, number, value_name
from .model import Assignment, Built, Model

ENCODINGS = ("boolean",)


def build(puzzle: Zebra, encoding: str = "boolean", prune: bool = True) -> Built[Grid]:
    """Every clue type as clauses over the value-at-position variables (``prune`` is unused)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    n = puzzle.size
    # at[s][p]: symbol s stands at position p.
    at = {s: list(model.bool_vars(n)) for row in puzzle.rows for s in row}
    # The positions row never moves; every other row is a permutation.
    for p, s in enumerate(puzzle.rows[0]):
        model.add_clause([at[s][p]])
    for row in puzzle.rows:
        for s in row:
            model.add_exactly_one(at[s])
        for p in range(n):
            model.add_exactly_one(at[s][p] for s in row)
    for clue in puzzle.clues:
        if clue.kind == "?":  # one of its readings holds: a switch for each
            switches = list(model.bool_vars(len(clue.readings)))
            model.add_exactly_one(switches)
            for switch, way in zip(switches, clue.readings, strict=True):
                for each in way:
                    _add(_Guarded(model, switch), at, n, each, puzzle)
        else:
            _add(model, at, n, clue, puzzle)
    model.answer = [lit for row in puzzle.rows[1:] for s in row for lit in at[s]]
    asks = tuple(
        _chosen(_asked(model, at, puzzle, q.row, q.subject), q.choices) for q in puzzle.questions
    )

    def decode(a: Assignment) -> Grid:
        return tuple(
            tuple(next(s for s in row if a(at[s][p])) for p in range(n)) for row in puzzle.rows
        )

    return Built(model, decode, asks=asks)


def _chosen(answers: dict[str, int], choices: tuple[str, ...]) -> dict[str, int]:
    """A multiple-choice question's answers as its choices: each answer by the one choice
    that names it (as a whole word), when there is one."""
    named = {}
    for answer, lit in answers.items():
        fits = [c for c in choices if re.search(rf"(?<!\w){re.escape(answer)}(?!\w)", c, re.I)]
        named[fits[0] if len(fits) == 1 else answer] = lit
    return named if len(named) == len(answers) else answers


def _asked(
    model: Model, at: dict[str, list[int]], puzzle: Zebra, row: int, subject: str
) -> dict[str, int]:
    """A question's answers, each with a literal true exactly when it is the answer: the
    value of category ``row`` in the column of ``subject`` (its position, when row 0)."""
    n = puzzle.size
    shown = {s: value_name(puzzle, s) for s in puzzle.rows[row]}
    if row == 0:  # where the subject stands
        return {shown[p]: at[subject][i] for i, p in enumerate(puzzle.rows[0])}
    if subject in puzzle.rows[0]:  # what stands at a position
        column = puzzle.rows[0].index(subject)
        return {shown[v]: at[v][column] for v in puzzle.rows[row]}
    answers = {}
    for v in puzzle.rows[row]:  # what shares the subject's column: a flag for each value
        (same,) = model.bool_vars(1)
        for p in range(n):
            model.add_clause([-at[subject][p], -at[v][p], same])
            model.add_clause([-at[subject][p], at[v][p], -same])
        answers[shown[v]] = same
    return answers


def _add(model: Any, at: dict[str, list[int]], n: int, clue: Clue, puzzle: Zebra) -> None:
    """One clue's clauses."""
    if clue.kind in ("+", "more"):
        _numeric(model, at, n, clue, puzzle.rows[clue.row])
    elif clue.kind == "D":
        _apart(model, at, n, clue)
    else:
        _clue(model, at, n, clue.kind, clue.symbols)


class _Guarded:
    """A model whose clauses hold only when ``switch`` does (one reading of a clue)."""

    def __init__(self, model: Model, switch: int) -> None:
        self.model, self.switch = model, switch

    def bool_vars(self, n: int) -> range:
        return self.model.bool_vars(n)

    def add_clause(self, lits: Any) -> None:
        self.model.add_clause([-self.switch, *lits])

    def add_at_most_one(self, lits: Any) -> None:
        for a, b in combinations(list(lits), 2):
            self.add_clause([-a, -b])


def _numeric(
    model: Any, at: dict[str, list[int]], n: int, clue: Clue, values: tuple[str, ...]
) -> None:
    """A's value and B's value in a numeric row: one of the pairs that fit, each pair a flag."""
    a, b = clue.symbols
    pairs = [
        (u, w)
        for u in values
        for w in values
        if u != w
        and (number(u) - number(w) == clue.amount if clue.kind == "+" else number(u) > number(w))
    ]
    flags = list(model.bool_vars(len(pairs)))
    model.add_clause(flags)
    for flag, (u, w) in zip(flags, pairs, strict=True):
        for p in range(n):
            model.add_clause([-flag, -at[a][p], at[u][p]])
            model.add_clause([-flag, -at[b][p], at[w][p]])


def _apart(model: Any, at: dict[str, list[int]], n: int, clue: Clue) -> None:
    """A and B ``amount`` positions apart: where A stands, B stands that far left or right."""
    a, b = (at[s] for s in clue.symbols)
    d = clue.amount
    for u, v in ((a, b), (b, a)):  # (from either one: the grade sees both ends)
        for p in range(n):
            model.add_clause([-u[p], *(v[q] for q in (p - d, p + d) if 0 <= q < n)])


def _clue(model: Any, at: dict[str, list[int]], n: int, kind: str, sym: tuple[str, ...]) -> None:
    """One clue, as clauses (auxiliary flags where a clue counts columns)."""
    x = [at[s] for s in sym]
    cols = range(n)
    if kind == "=":  # all in one column
        for other in x[1:]:
            for p in cols:
                model.add_clause([-x[0][p], other[p]])
                model.add_clause([x[0][p], -other[p]])
    elif kind == "!":  # all in different columns
        for p in cols:
            model.add_at_most_one(v[p] for v in x)
    elif kind in "<>":  # the first somewhere left (right) of the second: said from both ends,
        a, b = x if kind == "<" else x[::-1]  # so that "A left of B" and "B right of A" are one
        for p in cols:
            model.add_clause([-a[p], *(b[q] for q in range(p + 1, n))])
            model.add_clause([-b[p], *(a[q] for q in range(p))])
    elif kind == "A":  # next to each other (where either stands, the other is beside it)
        for u, v in (x, x[::-1]):
            for p in cols:
                model.add_clause([-u[p], *(v[q] for q in (p - 1, p + 1) if 0 <= q < n)])
    elif kind == "1":  # the first immediately left of the second (and the second right of it)
        a, b = x
        for p in cols:
            model.add_clause([-a[p], *([b[p + 1]] if p + 1 < n else [])])
            model.add_clause([-b[p], *([a[p - 1]] if p > 0 else [])])
    elif kind == "i":  # the first's column holds exactly one of the others
        for p in cols:
            model.add_clause([-x[0][p], *(v[p] for v in x[1:])])
            for u, v in combinations(x[1:], 2):
                model.add_clause([-x[0][p], -u[p], -v[p]])
    elif kind == "^":  # at most one column holds two or more of them
        crowded = list(model.bool_vars(n))
        for p in cols:
            for u, v in combinations(x, 2):
                model.add_clause([-u[p], -v[p], crowded[p]])
        model.add_at_most_one(crowded)
    elif kind == "p":  # a, b apart; c, d apart; each column holds none or two of the four
        a, b, c, d = x
        for p in cols:
            model.add_clause([-a[p], -b[p]])
            model.add_clause([-c[p], -d[p]])
            for i, v in enumerate(x):
                model.add_clause([-v[p], *(w[p] for j, w in enumerate(x) if j != i)])
    elif kind == "X":  # taken in pairs: at most one pair shares a column
        together = list(model.bool_vars(len(x) // 2))
        for k, (u, v) in enumerate(zip(x[::2], x[1::2], strict=True)):
            for p in cols:
                model.add_clause([-u[p], -v[p], together[k]])
        model.add_at_most_one(together)
    elif kind == "N":  # not next to each other
        a, b = x
        for p in cols:
            for q in (p - 1, p + 1):
                if 0 <= q < n:
                    model.add_clause([-a[p], -b[q]])
    elif kind == "B":  # the first strictly between the other two, in either order
        a, b, c = x
        ascending, descending = model.bool_vars(2)
        model.add_clause([ascending, descending])
        for flag, low, high in ((ascending, b, c), (descending, c, b)):
            for p in cols:  # low somewhere left of a, and high somewhere right of it
                model.add_clause([-flag, -a[p], *(low[q] for q in range(p))])
                model.add_clause([-flag, -a[p], *(high[q] for q in range(p + 1, n))])
    elif kind == "|":  # the first shares a column with at least one of the others
        for p in cols:
            model.add_clause([-x[0][p], *(v[p] for v in x[1:])])
    else:
        raise ValueError(f"unknown clue kind {kind!r}")
