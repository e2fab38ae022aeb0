"""Tents as a model: a Boolean per cell that may hold a tent, and the pairing of tents with
trees either in the model (``pairs``) or checked lazily (``hall``). ``lines`` and ``tricky`` add
Tatham's Easy and Tricky rules behind switches, for grading."""

from __future__ import annotations

from ..puzzles.tents import SHOWN_GRASS, TENT, TREE, Solution, Tents
from .automaton import add_automaton
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("pairs", "hall", "lines", "tricky")

State = tuple[int, int, bool, bool, bool, bool]
"""A state of the automaton reading a line with the lines beside it (``_read_beside``)."""


def build(puzzle: Tents, encoding: str = "pairs", prune: bool = True) -> Built[Solution]:
    """``pairs``: a Boolean per (tree, cell next to it), exactly one per tree, and a tent
    exactly where one pair ends (a matching in the model). ``hall``: tents alone, each tree
    with a tent next to it; that the pairing is one to one is checked lazily (a set of trees
    with fewer tents around it than trees needs one more: Hall's condition). ``prune`` gives a
    variable only to cells that may hold a tent: next to a tree, not shown as grass, not next to
    a tent shown, in a row and a column that count tents."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    h, w = puzzle.height, puzzle.width
    rows = puzzle.rows
    trees = [(r, c) for r in range(h) for c, ch in enumerate(rows[r]) if ch == TREE]
    tree_cells = set(trees)
    near_tree = {
        (r + dr, c + dc)
        for r, c in trees
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
        if 0 <= r + dr < h and 0 <= c + dc < w and rows[r + dr][c + dc] != TREE
    }
    shown_tents = [(r, c) for r in range(h) for c, ch in enumerate(rows[r]) if ch == TENT]
    if prune:
        crowded = {
            (r + dr, c + dc)
            for r, c in shown_tents
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if dr or dc
        }
        places = sorted(
            cell
            for cell in near_tree
            if rows[cell[0]][cell[1]] != SHOWN_GRASS
            and cell not in crowded
            and puzzle.row_counts[cell[0]] != 0
            and puzzle.column_counts[cell[1]] != 0
        )
        places = sorted(set(places) | set(shown_tents))
    else:
        places = [(r, c) for r in range(h) for c in range(w) if (r, c) not in tree_cells]
    tent: dict[tuple[int, int], Lit] = dict(zip(places, model.bool_vars(len(places)), strict=True))
    if not prune:
        # A tent stands next to a tree, where the board does not show grass.
        for cell, lit in tent.items():
            if cell not in near_tree or rows[cell[0]][cell[1]] == SHOWN_GRASS:
                model.add_clause([-lit])
    # A cell shown as a tent holds one.
    for cell in shown_tents:
        if cell in tent:
            model.add_clause([tent[cell]])
        else:
            model.add_clause([])
    # As many tents as trees: the counts must say so (where every line of a side has one).
    for counts in (puzzle.row_counts, puzzle.column_counts):
        if None not in counts and sum(c or 0 for c in counts) != len(trees):
            model.add_clause([])
    # Tents never touch, not even at a corner.
    for (r, c), lit in tent.items():
        for cell in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
            other = tent.get(cell)
            if other is not None:
                model.clauses.append((-lit, -other))
    # Each row and each column counts its tents.
    by_row: list[list[Lit]] = [[] for _ in range(h)]
    by_column: list[list[Lit]] = [[] for _ in range(w)]
    for (r, c), lit in tent.items():
        by_row[r].append(lit)
        by_column[c].append(lit)
    for lits, count in [
        *zip(by_row, puzzle.row_counts, strict=True),
        *zip(by_column, puzzle.column_counts, strict=True),
    ]:
        if count is None:  # a line whose count is not given counts nothing
            continue
        if count > len(lits):
            model.add_clause([])
        elif count == 0:
            model.clauses.extend((-lit,) for lit in lits)
        elif count == len(lits):
            model.clauses.extend((lit,) for lit in lits)
        else:
            model.add_sum(lits, [1] * len(lits), "==", count)
    # Each tree has a tent of its own next to it, and each tent a tree of its own.
    beside = {
        tree: [
            tent[cell]
            for cell in ((tree[0] - 1, tree[1]), (tree[0], tree[1] - 1),
                         (tree[0], tree[1] + 1), (tree[0] + 1, tree[1]))
            if cell in tent
        ]
        for tree in trees
    }  # fmt: skip
    pair_of: dict[tuple[int, int], dict[Lit, Lit]] = {}  # tree -> its tent's literal -> pair
    if encoding in ("pairs", "lines", "tricky"):
        paired: dict[Lit, list[Lit]] = {lit: [] for lit in tent.values()}
        for tree in trees:
            pairs = list(model.bool_vars(len(beside[tree])))
            pair_of[tree] = dict(zip(beside[tree], pairs, strict=True))
            # The tree is paired with exactly one cell next to it; that cell holds a tent.
            model.add_exactly_one(pairs)
            for pair, lit in zip(pairs, beside[tree], strict=True):
                model.add_clause([-pair, lit])
                paired[lit].append(pair)
        for lit, pairs in paired.items():
            # A tent is paired with exactly one tree.
            model.add_clause([-lit, *pairs])
            if len(pairs) > 1:
                model.add_at_most_one(pairs)
    else:
        for tree in trees:
            # A tree has a tent next to it; the pairing as a whole is checked lazily.
            model.add_clause(beside[tree])
        model.add_matching((i, lit) for i, tree in enumerate(trees) for lit in beside[tree])
    model.answer = list(tent.values())
    cells = list(tent.items())
    tiers: tuple[Lit, ...] = ()
    if encoding in ("lines", "tricky"):
        # A person reads a line: of all the ways its tents fit, never two side by side, the
        # cells where they all agree. (Tatham's Easy level reasons so.)
        switch = model.bool_var()
        model.add_clause([switch])
        tiers = (switch,)
        lines = [[(r, c) for c in range(w)] for r in range(h)]
        lines += [[(r, c) for r in range(h)] for c in range(w)]
        counts = (*puzzle.row_counts, *puzzle.column_counts)
        for line, count in zip(lines, counts, strict=True):
            if count is not None:
                _read_line(model, [tent.get(cell, False) for cell in line], count, switch)
    if encoding == "tricky":
        # Tatham's Tricky level, behind a second switch: each line read with the lines beside
        # it, and a tree's two diagonal places ruling out the cell beside both.
        tricky = model.bool_var()
        model.add_clause([tricky])
        tiers = (switch, tricky)
        for k, (line, count) in enumerate(zip(lines, counts, strict=True)):
            if count is None:
                continue
            before = (k - 1) if k not in (0, h) else None
            after = (k + 1) if k + 1 not in (h, h + w) else None
            read = [tent.get(cell, False) for cell in line]
            nothing: list[Lit | bool] = [False] * len(line)
            above, below = (
                nothing if j is None else [tent.get(cell, False) for cell in lines[j]]
                for j in (before, after)
            )
            _read_beside(model, read, above, below, count, tricky)
        for tree in trees:
            _diagonal_places(model, tree, tent, pair_of[tree], tricky)

    def decode(a: Assignment) -> Solution:
        board = [["^" if ch == TREE else "." for ch in row] for row in rows]
        for (r, c), lit in cells:
            if a(lit):
                board[r][c] = TENT
        return tuple("".join(row) for row in board)

    return Built(model, decode, tiers=tiers)


def _read_line(model: Model, cells: list[Lit | bool], count: int, switch: Lit) -> None:
    """``count`` of the cells hold tents, never two side by side, as an automaton whose state
    is the tents read so far and whether the last cell held one."""

    def step(state: tuple[int, bool], tent: bool) -> tuple[int, bool] | None:
        read, last = state
        if not tent:
            return (read, False)
        return None if last or read == count else (read + 1, True)

    add_automaton(model, cells, (0, False), step, lambda state: state[0] == count, switch)


def _read_beside(
    model: Model,
    cells: list[Lit | bool],
    above: list[Lit | bool],
    below: list[Lit | bool],
    count: int,
    switch: Lit,
) -> None:
    """A line of ``count`` tents, never two side by side, read with the lines on either side:
    a cell beside them all rules out a tent in the next line, whichever way the line's tents
    fit. (Tatham's Tricky level reasons so; the next line's own count is not read.) One
    automaton over the three lines a column at a time, above, the line, below; its state: the
    tents read, the step within the column, whether the last column held a tent in the line,
    whether it held one above or below, and what this column holds so far."""
    word: list[Lit | bool] = []
    for trio in zip(above, cells, below, strict=True):
        word += trio

    def step(state: State, tent: bool) -> State | None:
        read, phase, last, last_out, now_out, now = state
        if phase == 0:  # above: not beside the line's last tent
            if tent and last:
                return None
            return (read, 1, last, last_out, tent, False)
        if phase == 1:  # the line: not beside any tent, nor one too many
            if tent and (last or last_out or now_out or read == count):
                return None
            return (read + tent, 2, last, last_out, now_out, tent)
        if tent and (last or now):  # below: not beside the line's last tent or this one
            return None
        return (read, 0, now, now_out or tent, False, False)

    add_automaton(
        model,
        word,
        (0, 0, False, False, False, False),
        step,
        lambda state: state[0] == count and state[1] == 0,
        switch,
    )


def _diagonal_places(
    model: Model,
    tree: tuple[int, int],
    tent: dict[tuple[int, int], Lit],
    pairs: dict[Lit, Lit],
    switch: Lit,
) -> None:
    """A tree whose tent can only be at two places diagonal to each other rules out the cell
    beside both (other than the tree): whichever holds the tent would touch it."""
    r, c = tree
    for dr in (-1, 1):
        for dc in (-1, 1):
            one, two, far = (r + dr, c), (r, c + dc), (r + dr, c + dc)
            if one not in tent or two not in tent or far not in tent:
                continue
            others = [p for lit, p in pairs.items() if lit not in (tent[one], tent[two])]
            model.add_clause([-switch, *others, -tent[far]])
