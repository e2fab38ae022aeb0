"""Kurodoko as a model: a literal per cell without a number, "shaded"; each number counts the
unshaded cells it sees; the shading rules are the shared ones (``models/shading.py``)."""

from __future__ import annotations

from ..puzzles.kurodoko import Board, Kurodoko
from ..puzzles.shading import SHADED, STEPS, UNSHADED
from .model import Assignment, Built, Lit, Model
from .shading import add_connected_unshaded, add_no_touching

ENCODINGS = ("unary", "prefix", "lengths")


def build(puzzle: Kurodoko, encoding: str = "unary", prune: bool = True) -> Built[Board]:
    """A number sees ``n - 1`` cells beside itself. Per direction, a literal for "the first k
    cells that way are unshaded" for each k: how far it sees that way, in unary. ``unary``:
    the views up and down added in unary by clauses (a totalizer's node on counts already
    sorted), and left and right, and the two sums meet ``n - 1``; ``prefix``: the count of
    true ones over the four directions is ``n - 1``, a cardinality constraint the backend
    encodes. ``lengths``: per direction, exactly one of "it sees exactly k cells that way",
    and their weighted sum is ``n - 1``. All join the unshaded cells by lazy cuts. ``prune``
    stops each direction at the number (no number sees farther than ``n - 1`` cells one
    way)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w = puzzle.height, puzzle.width
    model = Model()
    clues = puzzle.clues()
    shaded: list[Lit | None] = [None] * (w * h)
    for r in range(h):
        for c in range(w):
            if (r, c) not in clues:
                shaded[r * w + c] = model.bool_var()
    for r, c in puzzle.marks():
        s = shaded[r * w + c]
        assert s is not None
        model.add_clause([s])
    for (r, c), n in clues.items():
        runs = []
        for dr, dc in STEPS:
            run: list[Lit | None] = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < h and 0 <= cc < w and (not prune or len(run) < n):
                run.append(shaded[rr * w + cc])
                rr, cc = rr + dr, cc + dc
            runs.append(run)
        if encoding == "lengths":
            _lengths(model, runs, n)
        elif encoding == "prefix":
            _prefix(model, runs, n)
        else:
            _unary(model, runs, n)
    add_no_touching(model, shaded, w, h)
    add_connected_unshaded(model, shaded, w, h)
    model.answer = [s for s in shaded if s is not None]

    def decode(a: Assignment) -> Board:
        return tuple(
            "".join(
                SHADED if (s := shaded[r * w + c]) is not None and a(s) else UNSHADED
                for c in range(w)
            )
            for r in range(h)
        )

    return Built(model, decode)


Known = Lit | bool
"""A literal, or a value known when the model is written (compared with ``is``: a literal 1
equals True)."""


def _views(model: Model, run: list[Lit | None]) -> list[Known]:
    """``open_k`` for k = 1..len(run): the first k cells of the run are unshaded (True while
    they are numbers, never shaded), each defined by the one before and its cell."""
    views: list[Known] = []
    before: Known = True
    for s in run:
        if s is None:
            views.append(before)
            continue
        here = model.bool_var()
        if before is not True:
            model.add_clause([-here, before])
            model.add_clause([here, -before, s])
        else:
            model.add_clause([here, s])
        model.add_clause([-here, -s])
        views.append(here)
        before = here
    return views


def _clause(model: Model, lits: list[Known]) -> None:
    """A clause of literals and known values: none when a value is True; False ones left out."""
    if any(x is True for x in lits):
        return
    kept = [x for x in lits if x is not False]
    if not kept:
        x = model.bool_var()  # (an empty clause: no solution)
        model.add_clause([x])
        model.add_clause([-x])
        return
    model.add_clause(kept)


def _negate(x: Known) -> Known:
    return (not x) if isinstance(x, bool) else -x


def _add(model: Model, a: list[Known], b: list[Known], most: int) -> list[Known]:
    """The sum of two unary counts (``a[k - 1]``: the count is k or more), as unary, up to
    ``most``: more is refused."""
    total: list[Known] = list(model.bool_vars(min(len(a) + len(b), most)))

    def at(xs: list[Known], k: int) -> Known:
        return True if k <= 0 else xs[k - 1] if k <= len(xs) else False

    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            # a >= i and b >= j: the sum is i + j or more (past ``most``: refused)
            if i + j:
                over = i + j > len(total)
                _clause(
                    model,
                    [_negate(at(a, i)), _negate(at(b, j)), False if over else at(total, i + j)],
                )
            # a < i + 1 and b < j + 1: the sum is below i + j + 1
            if i + j + 1 <= len(total):
                _clause(model, [at(a, i + 1), at(b, j + 1), _negate(at(total, i + j + 1))])
    return total


def _unary(model: Model, runs: list[list[Lit | None]], n: int) -> None:
    """Up and down added, left and right added, and the two sums meet ``n - 1``."""
    up, right, down, left = (_views(model, run) for run in runs)
    m = n - 1
    across = _add(model, left, right, m)
    along = _add(model, up, down, m)

    def at(xs: list[Known], k: int) -> Known:
        return True if k <= 0 else xs[k - 1] if k <= len(xs) else False

    for i in range(len(along) + 1):
        # along >= i: across <= m - i; along <= i: across >= m - i
        _clause(model, [_negate(at(along, i)), _negate(at(across, m - i + 1))])
        _clause(model, [at(along, i + 1), at(across, m - i)])


def _prefix(model: Model, runs: list[list[Lit | None]], n: int) -> None:
    """Per direction, ``open_k``: the first k cells are unshaded (a cell without a literal is
    a number, never shaded); the number sees ``n - 1`` of them in all."""
    counted: list[Lit] = []
    fixed = 0  # prefixes surely open (numbers next to the number, outward)
    for run in runs:
        before: Lit | None = None  # None: open so far, surely
        for s in run:
            if s is None and before is None:
                fixed += 1
                continue
            here = model.bool_var()
            if before is not None:  # here -> before
                model.add_clause([-here, before])
            if s is not None:  # here -> unshaded
                model.add_clause([-here, -s])
            # before and unshaded -> here
            model.add_clause(
                [here, *([] if before is None else [-before]), *([] if s is None else [s])]
            )
            counted.append(here)
            before = here
    if fixed + len(counted) < n - 1 or fixed > n - 1:
        x = model.bool_var()  # (it cannot see enough, or sees too much: no solution)
        model.add_clause([x])
        model.add_clause([-x])
        return
    model.add_sum(counted, [1] * len(counted), "==", n - 1 - fixed)


def _lengths(model: Model, runs: list[list[Lit | None]], n: int) -> None:
    """Per direction, exactly one of "sees exactly k cells this way" (k from 0 to the run),
    each tied to its cells: the first k unshaded and the next shaded (or the run's end); the
    lengths' weighted sum is ``n - 1``."""
    lits: list[Lit] = []
    weights: list[int] = []
    for run in runs:
        options = []
        for k in range(len(run) + 1):
            cells = run[:k]
            stop = run[k] if k < len(run) else None
            if k < len(run) and stop is None:
                continue  # (a number next in line is never shaded: the view goes on)
            here = model.bool_var()
            for s in cells:
                if s is not None:
                    model.add_clause([-here, -s])
            if stop is not None:
                model.add_clause([-here, stop])
            options.append(here)
            if k:
                lits.append(here)
                weights.append(k)
        model.add_exactly_one(options)
    model.add_sum(lits, weights, "==", n - 1)
