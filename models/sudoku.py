"""Sudoku as a model: a one-hot or integer cell per free cell, each group's missing digits once,
and killer cages as sums or as tables of their admissible digit sets.

With ``prune`` the builder first deduces what the givens force, as a player pencils in: a digit
placed leaves the other cells of its row, column, block, diagonal and cage; a cell left with one
candidate is placed too, and so is a digit left with one cell in a row, column or block; a cage's
cells keep only digits of the sets that can make its sum. The
placed cells get no variable, and a group's constraint covers only its missing digits over its
free cells: on most published 9x9 boards that leaves a few dozen cells.

For a batch of boards of one layout, the one-hot model of the empty board, unpruned, is the
shape's model, and each given is an assumption on it (``shape``, ``shape_model``, ``clues``)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from functools import lru_cache

from ..puzzles.sudoku import Board, Sudoku
from ..puzzles.sums import cage_sets
from .model import Assignment, Built, IntVar, Lit, Model
from .sums import chosen_set, digit_sets

ENCODINGS = ("onehot", "integer", "sums", "grade")


def build(puzzle: Sudoku, encoding: str = "onehot", prune: bool = True) -> Built[Board]:
    """``onehot``: a Boolean per (free cell, candidate), exactly-one groups, and each killer
    cage one of the digit sets that make its sum, a Boolean per set tied to the cells
    (``sums.chosen_set``; ``grade`` keeps the table of which digits the cage uses).
    ``integer``: an integer per free cell, all-different groups, a cage's sum as a linear sum.
    ``sums``: one-hot cells, a cage's sum as a weighted sum of its cells' one-hot values.
    Without cages ``sums`` is ``onehot``. ``grade``: ``onehot`` for grading, by Simon Tatham's
    levels: its pruning does only what his Trivial level does (a placed digit leaves its
    groups, a block's hidden singles), and a cell's "some digit" and a row's or column's
    "somewhere" (naked singles and a row's or column's hidden singles, his Basic level) are
    behind a switch (``tiers``) that ``grade`` turns on when the Trivial rules are stuck."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    n = puzzle.order
    cells = n * n
    full = (1 << (n + 1)) - 2  # bits 1..n
    # Every row, column, block (and diagonal) holds 1..n once; a cage holds no digit twice.
    layout = _layout(puzzle.order, puzzle.shape, puzzle.jigsaw, puzzle.diagonals)
    groups = layout[0]
    cages = [(total, [r * n + c for r, c in group]) for total, group in puzzle.cages]
    mask = [full] * cells
    # A given holds its own digit.
    for r, row in enumerate(puzzle.rows):
        for c, v in enumerate(row):
            if v:
                mask[r * n + c] = 1 << v
    placed = [False] * cells
    grading = encoding == "grade"
    possible = _deduce(n, mask, placed, layout, cages, grading) if prune else True
    model = Model()
    if not possible:
        # Some cell has no candidate left: no solution.
        model.add_clause([])
        return Built(model, lambda a: puzzle.rows)
    free = [i for i in range(cells) if not placed[i]]
    value = [mask[i].bit_length() - 1 if placed[i] else 0 for i in range(cells)]
    onehot = encoding != "integer"
    x: dict[int, dict[int, Lit]] = {}
    y: dict[int, IntVar] = {}
    basic = 0
    if grading:
        basic = model.bool_var()
        model.add_clause([basic])
    for i in free:
        digits = [d for d in range(1, n + 1) if mask[i] >> d & 1]
        if onehot:
            # Each free cell holds one of its candidates.
            x[i] = dict(zip(digits, model.bool_vars(len(digits)), strict=True))
            if grading and not puzzle.rows[i // n][i % n]:  # a given holds outright
                model.add_at_most_one(x[i].values())
                model.add_clause([-basic, *x[i].values()])
            else:
                model.add_exactly_one(x[i].values())
        else:
            y[i] = model.int_var(digits, f"r{i // n + 1}c{i % n + 1}")
    for g, group in enumerate(groups):
        block = 2 * n <= g < 3 * n  # rows, columns, blocks, then diagonals
        switch = basic if grading and not block else 0
        _group(model, n, group, placed, value, x, y, onehot, len(group) == n, switch)
    for total, group in cages:
        _group(model, n, group, placed, value, x, y, onehot, False)
        left = total - sum(value[i] for i in group if placed[i])
        open_ = [i for i in group if not placed[i]]
        if not open_:
            if left:
                model.add_clause([])
            continue
        # A cage's digits add up to its sum.
        if encoding == "sums":
            model.add_sum(
                [x[i][d] for i in open_ for d in x[i]], [d for i in open_ for d in x[i]], "==", left
            )
        elif encoding == "integer":
            model.add_linear([(1, y[i]) for i in open_], "==", left)
        elif grading:  # (the table the grades were measured on)
            digit_sets(model, n, open_, left, mask, x)
        else:
            chosen_set(model, n, open_, left, mask, x)
    model.answer = [lit for i in free for lit in x[i].values()] if onehot else list(y.values())

    def decode(a: Assignment) -> Board:
        out = list(value)
        if onehot:
            true = a.bools  # (the cells' literals are variables, none negated)
            for i in free:
                out[i] = next(d for d, lit in x[i].items() if true[lit])
        else:
            for i in free:
                out[i] = a(y[i])
        return tuple(tuple(out[r * n : r * n + n]) for r in range(n))

    keys = {(i // n, i % n): x[i] for i in free} if onehot else None
    return Built(model, decode, keys, tiers=(basic,) if grading else ())


def shape(puzzle: Sudoku, encoding: str) -> Hashable | None:
    """A board's layout (``contract.Assumes``): its side, blocks, jigsaw and diagonals; the
    givens are clues. A killer cage's sum is a constraint, not a clue: killer boards, and the
    integer and grading encodings, take no part."""
    if puzzle.cages or encoding not in ("onehot", "sums"):
        return None
    return puzzle.order, puzzle.shape, puzzle.jigsaw, puzzle.diagonals


def shape_model(puzzle: Sudoku, encoding: str) -> Built[Board]:
    """The one-hot model of an empty board of ``puzzle``'s layout, without pruning."""
    empty = ((0,) * puzzle.order,) * puzzle.order
    return build(replace(puzzle, rows=empty), "onehot", prune=False)


def clues(puzzle: Sudoku, built: Built[Board]) -> list[Lit]:
    """Each given digit as its cell's literal of that digit."""
    keys = built.keys
    assert keys is not None  # (the one-hot model keys every cell)
    return [keys[r, c][v] for r, row in enumerate(puzzle.rows) for c, v in enumerate(row) if v]


def _group(
    model: Model,
    n: int,
    group: list[int],
    placed: list[bool],
    value: list[int],
    x: dict[int, dict[int, Lit]],
    y: dict[int, IntVar],
    onehot: bool,
    whole: bool,
    switch: Lit = 0,
) -> None:
    """The group's missing digits once each over its free cells (exactly once when the group
    has n cells, at most once in a smaller cage); a digit placed twice in it, no solution.
    With a ``switch``, "at least once" holds under it (see ``grade``)."""
    shown = [value[i] for i in group if placed[i]]
    if len(set(shown)) < len(shown):
        model.add_clause([])
    open_ = [i for i in group if not placed[i]]
    if not open_:
        return
    if not onehot:
        if len(open_) > 1:
            model.add_all_different(y[i] for i in open_)
        return
    taken = set(shown)
    for d in range(1, n + 1):
        if d in taken:
            continue
        lits = [x[i][d] for i in open_ if d in x[i]]
        if whole and switch:
            model.add_at_most_one(lits)
            model.add_clause([-switch, *lits])
        elif whole:
            model.add_exactly_one(lits)
        elif len(lits) > 1:
            model.add_at_most_one(lits)


@lru_cache(maxsize=16)
def _layout(
    n: int, shape: tuple[int, int] | None, jigsaw: tuple[int, ...], diagonals: bool
) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """The board's groups as cell indices, each cell's peers (the other cells of its groups)
    and the groups it is in: the same for every puzzle of a layout, so worked out once."""
    board = Sudoku(((0,) * n,) * n, shape, jigsaw, diagonals)
    groups = [[r * n + c for r, c in group] for _, group in board.groups()]
    near: list[set[int]] = [set() for _ in range(n * n)]
    member: list[list[int]] = [[] for _ in range(n * n)]
    for g, group in enumerate(groups):
        for i in group:
            near[i].update(group)
            member[i].append(g)
    return groups, [sorted(near[i] - {i}) for i in range(n * n)], member


def _deduce(
    n: int,
    mask: list[int],
    placed: list[bool],
    layout: tuple[list[list[int]], list[list[int]], list[list[int]]],
    cages: list[tuple[int, list[int]]],
    trivial: bool = False,
) -> bool:
    """Pencil marks from the givens: a placed digit leaves its groups' other cells, a cell with
    one candidate is placed, a digit with one place left in a group goes there, a cage keeps
    the digits of the sets that make its sum. Marks ``placed`` and narrows ``mask`` in place;
    False when some cell, or some digit of a group, is left with no place. Only the groups and
    cages whose cells changed are looked at again. ``trivial``: only what Tatham's Trivial level
    does, a placed digit leaving its groups and a block's hidden singles."""
    cells = n * n
    full = (1 << (n + 1)) - 2
    groups, peers, member = layout
    in_cage: list[list[int]] = [[] for _ in range(cells)]
    if cages:
        near = [set(p) for p in peers]
        for k, (_, group) in enumerate(cages):
            for i in group:
                near[i].update(group)
                in_cage[i].append(k)
        peers = [sorted(near[i] - {i}) for i in range(cells)]
    queue = [i for i in range(cells) if mask[i] & (mask[i] - 1) == 0]
    touched = set(range(cells))
    while True:
        while queue:
            i = queue.pop()
            if placed[i]:
                continue
            placed[i] = True
            bit = mask[i]
            if not bit:
                return False
            for j in peers[i]:
                if mask[j] & bit:
                    mask[j] &= ~bit
                    touched.add(j)
                    if mask[j] & (mask[j] - 1) == 0 and not trivial:
                        queue.append(j)
        if not touched:
            return True
        dirty = {g for i in touched for g in member[i]}
        dirty_cages = {k for i in touched for k in in_cage[i]}
        touched = set()
        for g in dirty:
            # A digit that only one cell of a row, column or block can hold goes there.
            if trivial and not 2 * n <= g < 3 * n:
                continue  # Trivial: a block's hidden singles alone
            group = groups[g]
            once = twice = 0
            for i in group:
                twice |= once & mask[i]
                once |= mask[i]
            if once != full:
                return False
            alone = once & ~twice
            if not alone:
                continue
            for i in group:
                bit = mask[i] & alone
                if bit and mask[i] != bit:
                    if bit & (bit - 1):
                        return False  # two digits that need the same cell
                    mask[i] = bit
                    touched.add(i)
                    queue.append(i)
        for k in dirty_cages:
            total, group = cages[k]
            open_ = [i for i in group if not placed[i]]
            if not open_:
                continue
            left = total - sum(mask[i].bit_length() - 1 for i in group if placed[i])
            union = 0
            for i in open_:
                union |= mask[i]
            digits = [d for d in range(1, n + 1) if union >> d & 1]
            allowed = 0
            for s in cage_sets(left, len(open_), n, digits):
                allowed |= s
            for i in open_:
                if mask[i] & ~allowed:
                    mask[i] &= allowed
                    touched.add(i)
                    if mask[i] & (mask[i] - 1) == 0 and not trivial:
                        queue.append(i)
