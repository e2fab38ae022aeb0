"""Galaxies as a model: a literal per cell and dot whose galaxy may hold it, exactly one per
cell; each galaxy symmetric about its dot (``models/symmetry.py``) and in one piece (a lazy
``Connected`` network per galaxy, ``models/graph.py``'s cuts)."""

from __future__ import annotations

from collections.abc import Callable

from ..puzzles.galaxies import Board, Galaxies
from ..puzzles.grid import half_turn, touching
from .model import Assignment, Built, Lit, Model
from .symmetry import (
    Cell,
    add_half_turn_symmetry,
    reachable,
    symmetric_cells,
    symmetric_literals,
)

ENCODINGS = ("orbits", "neighbours", "cells")


class Contradiction(ValueError):
    """The rules cannot all hold on this board."""


def candidates(puzzle: Galaxies, prune: bool) -> list[set[Cell]]:
    """The cells each dot's galaxy may hold. Without pruning, those whose mirror image is on the
    board too. Pruned: those a symmetric galaxy in one piece can reach from its dot through
    cells no other galaxy holds for sure: a dot's own cells, given cells and cells left to one
    galaxy with their images through its dot, again and again to a fixed point. Contradiction
    when a dot's own cells are taken, or a cell is left to no galaxy."""
    board = set(puzzle.cells())
    if not prune:
        return [symmetric_cells(board, dot) for dot in puzzle.dots]
    taken: dict[Cell, int] = {}  # the cells a dot lies on, and cells left to one galaxy
    for d, dot in enumerate(puzzle.dots):
        for cell in touching(dot):
            if taken.setdefault(cell, d) != d:
                raise Contradiction(f"two dots lie on {cell}")
    for cell, d in puzzle.marks:
        for each in (cell, half_turn(cell, puzzle.dots[d])):
            if each not in board or taken.setdefault(each, d) != d:
                raise Contradiction(f"{each} is given to two galaxies")
    free = board - set(taken)  # cells no galaxy holds for sure yet
    mine: list[set[Cell]] = [set() for _ in puzzle.dots]
    for cell, d in taken.items():
        mine[d].add(cell)

    def within(d: int) -> Callable[[Cell], bool]:
        held = mine[d]
        return lambda cell: cell in free or cell in held

    found: list[set[Cell]] = [set() for _ in puzzle.dots]
    owners: dict[Cell, set[int]] = {cell: set() for cell in board}
    todo = set(range(len(puzzle.dots)))
    while todo:
        for d in sorted(todo):
            cand = reachable(within(d), puzzle.dots[d])
            if not cand:
                raise Contradiction(f"dot {d} has no galaxy")
            for cell in found[d] - cand:
                owners[cell].discard(d)
            for cell in cand:
                owners[cell].add(d)
            found[d] = cand
        todo = set()
        for cell, held in owners.items():
            if not held:
                raise Contradiction(f"{cell} is in no galaxy")
            if len(held) == 1 and cell not in taken:
                # Left to one galaxy, and so is its image through that galaxy's dot, which
                # the others then lose.
                (d,) = held
                other = half_turn(cell, puzzle.dots[d])
                taken[cell] = d
                if taken.setdefault(other, d) != d:
                    raise Contradiction(f"{other} is in two galaxies")
                free.difference_update((cell, other))
                mine[d].update((cell, other))
                todo |= owners[other] - {d}
    return found


def _impossible(model: Model) -> None:
    """A clause pair no assignment meets: the rules cannot all hold."""
    x = model.bool_var()
    model.add_clause([x])
    model.add_clause([-x])


def build(puzzle: Galaxies, encoding: str = "orbits", prune: bool = True) -> Built[Board]:
    """A literal per cell and dot whose galaxy may hold it, exactly one per cell (``prune``
    first narrows each galaxy to the cells it can reach: ``candidates``).

    - ``orbits``: one literal for a cell and its mirror image through the dot, symmetric by
      construction; a lazy network per galaxy joins it (its cuts alone).
    - ``neighbours``: as ``orbits``, and a cell away from its dot is in the galaxy only with a
      neighbour in it (a clause each).
    - ``cells``: a literal per cell, the symmetry two clauses per pair of mirror images; the
      neighbour clauses and the networks."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    try:
        found = candidates(puzzle, prune)
    except Contradiction:
        _impossible(model)
        return Built(model, lambda a: ())
    w = puzzle.width
    members: list[dict[Cell, Lit]] = []
    for dot, cand in zip(puzzle.dots, found, strict=True):
        if encoding == "cells":
            lits = {cell: model.bool_var() for cell in sorted(cand)}
            add_half_turn_symmetry(model, lits, dot)
        else:
            lits = symmetric_literals(model, cand, dot)
            for cell in touching(dot):
                if cell in lits:
                    model.add_clause([lits[cell]])
                else:
                    _impossible(model)
        members.append(lits)
    # Every cell is in exactly one galaxy; a setter's marks stay.
    held_by: dict[Cell, list[Lit]] = {cell: [] for cell in puzzle.cells()}
    for lits in members:
        for cell, lit in lits.items():
            held_by[cell].append(lit)
    for held in held_by.values():
        if held:
            model.add_exactly_one(held)
        else:
            _impossible(model)
    for cell, d in puzzle.marks:
        if cell in members[d]:
            model.add_clause([members[d][cell]])
        else:
            _impossible(model)
    # Each galaxy in one piece.
    for dot, lits in zip(puzzle.dots, members, strict=True):
        core = set(touching(dot))
        if encoding != "orbits":
            for (r, c), lit in lits.items():
                if (r, c) in core:
                    continue
                near = [
                    lits[n] for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if n in lits
                ]
                model.add_clause([-lit, *near])
        nodes = [r * w + c for r, c in lits]
        edges = [
            (r * w + c, rr * w + cc, 0)
            for r, c in lits
            for rr, cc in ((r, c + 1), (r + 1, c))
            if (rr, cc) in lits
        ]
        active = [(r * w + c, lit) for (r, c), lit in lits.items() if (r, c) not in core]
        # (pruned, a galaxy that no other can share a cell with is all its candidates, which
        # are joined to its dot: it needs no network)
        whole = prune and all(len(held_by[cell]) == 1 for cell in lits)
        if len(nodes) > len(core) and not whole:
            model.add_connected(nodes, edges, active)
    model.answer = sorted({lit for lits in members for lit in lits.values()})
    return Built(model, _decoder(puzzle, members))


def _decoder(puzzle: Galaxies, members: list[dict[Cell, Lit]]) -> Callable[[Assignment], Board]:
    def decode(a: Assignment) -> Board:
        grid: list[list[int | None]] = [[None] * puzzle.width for _ in range(puzzle.height)]
        for d, lits in enumerate(members):
            for (r, c), lit in lits.items():
                if a(lit):
                    grid[r][c] = d
        return tuple(tuple(row) for row in grid)

    return decode
