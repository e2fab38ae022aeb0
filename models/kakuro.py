"""Kakuro as a model: a one-hot or integer cell per white cell, each run's digits different,
and each run's sum as the digit sets that make it, a weighted sum or a linear sum.

With ``prune`` the builder first pencils in what the sums force, as a player does: a run keeps
only the digits of the sets of different digits that make its sum (a 3 in two cells is 1 and
2), a digit placed leaves the other cells of its runs; until nothing changes. A cell left with
one digit gets no variable."""

from __future__ import annotations

from ..puzzles.kakuro import BLACK, Board, Kakuro, runs
from ..puzzles.sums import all_sets
from .latin import read_onehot
from .model import Assignment, Built, IntVar, Lit, Model
from .sums import chosen_set, digit_sets, narrow

ENCODINGS = ("sets", "table", "sums", "integer", "grade")
FULL = (1 << 10) - 2  # bits 1..9


def candidates(
    puzzle: Kakuro, thorough: bool = True
) -> tuple[list[int], list[tuple[int | None, list[int]]]] | None:
    """Each cell's digits as a bit mask (bit d for digit d; 0 for black cells) and the runs as
    (sum, flat cell indices), each run narrowed by ``sums.narrow`` until nothing changes; None
    when some cell is left with none. Not ``thorough``: by ``sums_alone``, what grading asks."""
    w = puzzle.width
    mask = [0] * (w * puzzle.height)
    for r, row in enumerate(puzzle.rows):
        for c, v in enumerate(row):
            if isinstance(v, int):
                mask[r * w + c] = 1 << v if v else FULL
    groups = [(run.total, [r * w + c for r, c in run.cells]) for run in runs(puzzle)]
    member: dict[int, list[int]] = {}
    for k, (_, cells) in enumerate(groups):
        if len(cells) > 9:
            return None
        for i in cells:
            member.setdefault(i, []).append(k)
    todo = list(range(len(groups)))
    queued = [True] * len(groups)
    while todo:
        k = todo.pop()
        queued[k] = False
        total, cells = groups[k]
        new = (narrow if thorough else sums_alone)(total, tuple([mask[i] for i in cells]), 9)
        if new is None:
            return None
        for i, m in zip(cells, new, strict=True):
            if m != mask[i]:
                mask[i] = m
                for other in member[i]:
                    if other != k and not queued[other]:
                        queued[other] = True
                        todo.append(other)
    return mask, groups


def sums_alone(total: int | None, masks: tuple[int, ...], n: int) -> tuple[int, ...] | None:
    """A run's cells narrowed less than ``sums.narrow`` does: to the digits of the sets that
    make its sum, and without the digits placed in it, until nothing changes (what the grades
    were measured on: the puzzles it leaves are the ones the search must still work at)."""
    while True:
        allowed = (1 << (n + 1)) - 2
        if total is not None:
            union = 0
            for m in masks:
                union |= m
            allowed = 0
            for s in all_sets(total, len(masks), n):
                if not s & ~union:
                    allowed |= s
        placed = 0
        for m in masks:
            if m & (m - 1) == 0:
                placed |= m
        new = tuple(m & allowed if m & (m - 1) == 0 else m & allowed & ~placed for m in masks)
        if not all(new):
            return None
        if new == masks:
            return new
        masks = new


def build(puzzle: Kakuro, encoding: str = "sets", prune: bool = True) -> Built[Board]:
    """``sets``: a Boolean per (white cell, candidate), exactly one per cell, a digit at most
    once in a run, and each sum a table of the digit sets that make it (which digits the run
    uses): killer Sudoku's cages' encoding. ``sums``: the same cells, each sum a weighted sum
    of the cells' one-hot values (python-sat's pseudo-Boolean encodings on SAT, a linear
    constraint on CP-SAT). ``integer``: an integer per white cell, all-different runs, each sum
    a linear sum (CP-SAT's own). ``prune`` narrows the cells' digits first (``candidates``);
    without it every white cell starts with 1..9."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w = puzzle.height, puzzle.width
    model = Model()
    blank = tuple(BLACK * w for _ in range(h))
    if prune:
        found = candidates(puzzle, thorough=encoding != "grade")
        if found is None:
            model.add_clause([])
            return Built(model, lambda a: blank)
        mask, groups = found
    else:
        mask = [0] * (w * h)
        for r, row in enumerate(puzzle.rows):
            for c, v in enumerate(row):
                if isinstance(v, int):
                    mask[r * w + c] = 1 << v if v else FULL
        groups = [(run.total, [r * w + c for r, c in run.cells]) for run in runs(puzzle)]
    white = [i for i in range(w * h) if mask[i]]
    placed = {i: mask[i].bit_length() - 1 for i in white if mask[i] & (mask[i] - 1) == 0}
    free = [i for i in white if i not in placed]
    onehot = encoding != "integer"
    x: dict[int, dict[int, Lit]] = {}
    y: dict[int, IntVar] = {}
    for i in free:
        digits = [d for d in range(1, 10) if mask[i] >> d & 1]
        if onehot:
            # Each white cell holds one of its digits.
            x[i] = dict(zip(digits, model.bool_vars(len(digits)), strict=True))
            model.add_exactly_one(x[i].values())
        else:
            y[i] = model.int_var(digits, f"r{i // w + 1}c{i % w + 1}")
    for total, cells in groups:
        shown = [placed[i] for i in cells if i in placed]
        if len(set(shown)) < len(shown) or len(cells) > 9:
            model.add_clause([])  # (a digit twice, or a run too long for nine digits)
            continue
        open_ = [i for i in cells if i not in placed]
        left = None if total is None else total - sum(shown)
        if not open_:
            if left:
                model.add_clause([])
            continue
        # A run's digits are different.
        if onehot:
            for d in range(1, 10):
                lits = [x[i][d] for i in open_ if d in x[i]]
                if d in shown:
                    for lit in lits:
                        model.add_clause([-lit])
                elif len(lits) > 1:
                    model.add_at_most_one(lits)
        else:
            if len(open_) > 1:
                model.add_all_different(y[i] for i in open_)
            for i in open_:  # (unpruned, a cell may still hold a digit shown in its run)
                if any(d in y[i].domain for d in shown):
                    model.add_table([y[i]], [(d,) for d in y[i].domain if d not in shown])
        if left is None:
            continue
        # A run's digits add up to its sum.
        if encoding == "sets":
            chosen_set(model, 9, open_, left, mask, x)
        elif encoding in ("table", "grade"):
            digit_sets(model, 9, open_, left, mask, x)
        elif encoding == "sums":
            model.add_sum(
                [x[i][d] for i in open_ for d in x[i]], [d for i in open_ for d in x[i]], "==", left
            )
        else:
            model.add_linear([(1, y[i]) for i in open_], "==", left)
    model.answer = [lit for i in free for lit in x[i].values()] if onehot else list(y.values())

    def decode(a: Assignment) -> Board:
        out = [BLACK] * (w * h)
        for i, d in placed.items():
            out[i] = str(d)
        for i in free:
            out[i] = str(read_onehot(a, x[i]) if onehot else a(y[i]))
        return tuple("".join(out[r * w : (r + 1) * w]) for r in range(h))

    keys = None
    if onehot:  # (the answer's values are the digits as written)
        keys = {(i // w, i % w): {str(d): lit for d, lit in x[i].items()} for i in free}
    return Built(model, decode, keys)
