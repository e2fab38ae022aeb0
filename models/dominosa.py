"""Dominosa as a model: a Boolean per place a domino can lie (two cells side by side), each
cell covered once and each pair of numbers laid once."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..puzzles.dominosa import Board, Domino, Dominosa
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("both", "cells", "pairs")


def forced(puzzle: Dominosa, spots: list[Domino]) -> tuple[set[int], set[int]] | None:
    """The spots laid and the spots ruled out by the rules alone, from the given dominoes: a
    domino rules out the spots over its cells and the other spots of its pair; a cell with one
    spot left, or a pair with one, lays it. None on a contradiction (a cell or a pair with no
    spot left)."""
    at_cell: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
    at_pair: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
    for k, (a, b) in enumerate(spots):
        at_cell[a].append(k)
        at_cell[b].append(k)
        at_pair[puzzle.pair((a, b))].append(k)
    index = {d: k for k, d in enumerate(spots)}
    laid: set[int] = set()
    out: set[int] = set()
    todo = [index[d] for d in sorted(puzzle.placed)]
    n = puzzle.largest
    groups = [at_cell[cell] for cell in at_cell]
    groups += [at_pair.get((a, b), []) for a in range(n + 1) for b in range(a, n + 1)]
    while True:
        while todo:
            k = todo.pop()
            if k in laid:
                continue
            if k in out:
                return None
            laid.add(k)
            a, b = spots[k]
            out.update(j for j in (*at_cell[a], *at_cell[b], *at_pair[puzzle.pair(spots[k])])
                       if j != k)  # fmt: skip
        for group in groups:
            if any(k in laid for k in group):
                continue
            left = [k for k in group if k not in out]
            if not left:
                return None
            if len(left) == 1:
                todo.append(left[0])
        if not todo:
            return laid, out


def build(puzzle: Dominosa, encoding: str = "both", prune: bool = True) -> Built[Board]:
    """A literal per spot a domino can lie on. ``both``: exactly one domino over each cell and
    exactly one on the spots of each pair of numbers. ``cells``: exactly one over each cell, at
    most one per pair; ``pairs``: exactly one per pair, at most one over each cell (either half
    implies the other: (N+1)(N+2)/2 dominoes cover the (N+1)(N+2) cells and lay as many
    pairs). ``prune`` first lays what the given dominoes, lone spots of a cell and lone spots
    of a pair force, so the model keeps the open spots alone."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    spots = puzzle.spots()
    model = Model()
    laid: set[int] = set()
    out: set[int] = set()
    if prune:
        found = forced(puzzle, spots)
        if found is None:
            # The rules cannot all hold: a model with no solution says so.
            x = model.bool_var()
            model.add_clause([x])
            model.add_clause([-x])
            return Built(model, lambda a: ())
        laid, out = found
    open_spots = [k for k in range(len(spots)) if k not in laid and k not in out]
    lit: dict[int, Lit] = dict(zip(open_spots, model.bool_vars(len(open_spots)), strict=True))
    if not prune:
        index = {d: k for k, d in enumerate(spots)}
        for d in puzzle.placed:
            model.add_clause([lit[index[d]]])
    at_cell: defaultdict[tuple[int, int], list[Lit]] = defaultdict(list)
    at_pair: defaultdict[tuple[int, int], list[Lit]] = defaultdict(list)
    done_cells: set[tuple[int, int]] = set()
    done_pairs: set[tuple[int, int]] = set()
    for k in laid:
        done_cells.update(spots[k])
        done_pairs.add(puzzle.pair(spots[k]))
    for k, x in lit.items():
        a, b = spots[k]
        at_cell[a].append(x)
        at_cell[b].append(x)
        at_pair[puzzle.pair(spots[k])].append(x)
    n = puzzle.largest
    cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)]
    pairs = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    cell_groups = [at_cell[cell] for cell in cells if cell not in done_cells]
    pair_groups = [at_pair[p] for p in pairs if p not in done_pairs]
    for groups, exact in ((cell_groups, encoding != "pairs"), (pair_groups, encoding != "cells")):
        for group in groups:
            if exact:
                model.add_exactly_one(group)
            elif len(group) > 1:
                model.add_at_most_one(group)
    model.answer = list(lit.values())
    return Built(model, _decoder(puzzle, spots, laid, lit))


def _decoder(
    puzzle: Dominosa, spots: list[Domino], laid: set[int], lit: dict[int, Lit]
) -> Callable[[Assignment], Board]:
    """The board from an assignment: the dominoes pruning laid, and those the solver laid."""

    def decode(a: Assignment) -> Board:
        grid = [["?"] * puzzle.width for _ in range(puzzle.height)]
        chosen = [*laid, *(k for k, x in lit.items() if a(x))]
        for k in chosen:
            (r, c), (r2, c2) = spots[k]
            grid[r][c], grid[r2][c2] = ("L", "R") if r == r2 else ("T", "B")
        return tuple("".join(row) for row in grid)

    return decode
