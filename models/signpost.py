"""Signpost as a model: a Hamiltonian path along the arrows, in two encodings."""

from __future__ import annotations

from collections.abc import Iterable

from ..puzzles.signpost import NumberGrid, Signpost
from .graph import add_hamiltonian_path, members, step
from .model import Assignment, Built, Model

ENCODINGS = ("position", "circuit")


def arrows(puzzle: Signpost) -> tuple[list[list[int]], list[list[int]]]:
    """For each cell, the cells its arrow points at, and the cells whose arrows point at it."""
    succ = [puzzle.ray(c) for c in range(puzzle.size)]
    pred: list[list[int]] = [[] for _ in range(puzzle.size)]
    for c, ray in enumerate(succ):
        for d in ray:
            pred[d].append(c)
    return succ, pred


def domains(
    puzzle: Signpost, succ_lists: list[list[int]], pred_lists: list[list[int]]
) -> list[int] | None:
    """For each number k (index k-1), the bitmask of cells that may hold it; None if none can.

    Sound pruning only: k must be reachable from where k-1 may stand and must reach where k+1
    may stand, along the arrows; a cell that is the only place for a number holds nothing else.
    """
    n = puzzle.size
    succ = [_mask(ray) for ray in succ_lists]
    pred = [_mask(cells) for cells in pred_lists]
    dom = unpruned(puzzle)
    changed = True
    while changed:
        # Number k+1 stands where the arrow of k points; k stands where an arrow points to k+1.
        for k in range(n - 1):
            dom[k + 1] &= step(dom[k], succ)
        for k in range(n - 2, -1, -1):
            dom[k] &= step(dom[k + 1], pred)
        if not all(dom):
            return None
        # A number with one place left takes that cell from every other number.
        fixed = 0
        for d in dom:
            if d & (d - 1) == 0:
                fixed |= d
        changed = False
        for k, d in enumerate(dom):
            if d & (d - 1) and d & fixed:
                dom[k] = d & ~fixed
                changed = True
    return dom


def unpruned(puzzle: Signpost) -> list[int]:
    """Each given number in its cell, every other number anywhere but the givens' cells."""
    n = puzzle.size
    free = ((1 << n) - 1) & ~_mask(puzzle.givens)
    dom = [free] * n
    for cell, value in puzzle.givens.items():
        dom[value - 1] = 1 << cell
    return dom


def build(puzzle: Signpost, encoding: str = "position", prune: bool = True) -> Built[NumberGrid]:
    """The model of ``puzzle`` in the chosen encoding, with its decoder.

    ``prune=False`` keeps every number possible in every free cell: for studying the solvers.
    """
    succ, pred = arrows(puzzle)
    dom = domains(puzzle, succ, pred) if prune else unpruned(puzzle)
    if encoding == "position":
        return _position(puzzle, dom, succ, pred)
    if encoding == "circuit":
        return _circuit(puzzle, dom, succ)
    raise ValueError(f"unknown Signpost encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")


def _position(
    puzzle: Signpost, dom: list[int] | None, succ: list[list[int]], pred: list[list[int]]
) -> Built[NumberGrid]:
    """One Boolean per (cell, number): the cell holds the number."""
    model = Model()
    n = puzzle.size
    if dom is None:
        return _unsolvable(model, puzzle)
    cells = [members(d) for d in dom]
    # x[k][c]: number k+1 stands in cell c.
    x: list[dict[int, int]] = []
    for k in range(n):
        lits = model.bool_vars(len(cells[k]))
        x.append(dict(zip(cells[k], lits, strict=True)))
    # Every number stands in exactly one cell.
    for k in range(n):
        model.add_exactly_one(x[k].values())
    # Every cell holds exactly one number.
    by_cell: list[list[int]] = [[] for _ in range(n)]
    for k in range(n):
        for c, lit in x[k].items():
            by_cell[c].append(lit)
    for group in by_cell:
        model.add_exactly_one(group)
    # The arrow of k points at k+1, and k+1 is pointed at by the arrow of k.
    for k in range(n - 1):
        here, there = x[k], x[k + 1]
        for c, lit in here.items():
            model.add_clause([-lit, *(there[d] for d in succ[c] if d in there)])
        for d, lit in there.items():
            model.add_clause([-lit, *(here[c] for c in pred[d] if c in here)])
    model.answer = [lit for row in x for lit in row.values()]

    def decode(a: Assignment) -> NumberGrid:
        numbers = [0] * n
        for k, row in enumerate(x):
            for c, lit in row.items():
                if a(lit):
                    numbers[c] = k + 1
        return _rows(puzzle, numbers)

    return Built(model, decode)


def _circuit(puzzle: Signpost, dom: list[int] | None, succ: list[list[int]]) -> Built[NumberGrid]:
    """Arcs along the arrows forming one path, closed by a dummy node; positions pin the givens."""
    model = Model()
    n = puzzle.size
    if dom is None:
        return _unsolvable(model, puzzle)
    # The numbers each cell may hold.
    holds: list[list[int]] = [[] for _ in range(n)]
    for k, d in enumerate(dom):
        for c in members(d):
            holds[c].append(k + 1)
    pos = [model.int_var(holds[c], f"pos{c}") for c in range(n)]
    # An arc c -> d exists only where the arrow of c points at d and some k, k+1 fit them.
    arcs = [
        (c, d) for c in range(n) for d in succ[c] if any(dom[k] >> d & 1 for k in holds[c] if k < n)
    ]
    # The path runs from the cell of 1 to the cell of N through every cell once.
    arc_lits = add_hamiltonian_path(model, n, arcs, members(dom[0]), members(dom[n - 1]))
    # Following an arc adds one to the position.
    for (c, d), lit in arc_lits.items():
        model.add_linear([(1, pos[d]), (-1, pos[c])], "==", 1, enforce=[lit])
    model.answer = list(pos)

    def decode(a: Assignment) -> NumberGrid:
        return _rows(puzzle, [a(p) for p in pos])

    return Built(model, decode)


def _unsolvable(model: Model, puzzle: Signpost) -> Built[NumberGrid]:
    """Pruning proved there is no path: an empty clause says so to every backend."""
    model.add_clause([])
    return Built(model, lambda a: _rows(puzzle, [0] * puzzle.size))


def _rows(puzzle: Signpost, numbers: list[int]) -> NumberGrid:
    """Cell numbers, row by row."""
    w = puzzle.width
    return tuple(tuple(numbers[r * w : (r + 1) * w]) for r in range(puzzle.height))


def _mask(cells: Iterable[int]) -> int:
    """The bitmask of an iterable of cells."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out
