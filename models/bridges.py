"""Bridges as clauses and counts: a ladder of "at least k bridges" per place bridges could run,
crossing places exclusive, island sums, and one connected group (lazy cuts, or levels)."""

from __future__ import annotations

from ..puzzles.bridges import Board, Bridges, links
from .graph import add_connected_by_levels
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("cuts", "levels")
"""How the islands are held in one group: ``cuts``, lazily (a solution in several groups is
cut off by a clause that one of the bridges leaving a group is built, on every backend);
``levels``, by clauses alone (each island is reached from the first in at most N-1 steps)."""


def build(puzzle: Bridges, encoding: str = "cuts", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle``. ``prune`` leaves out, before the solver sees them, the bridges
    the numbers rule out at once: more than either island can take, the given cells' others,
    and a pair joined as fully as both numbers ask when other islands would be cut off."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    rows, h, w = puzzle.rows, puzzle.height, puzzle.width
    islands = puzzle.islands()
    number = {cell: i for i, cell in enumerate(islands)}
    places = links(puzzle)
    ladders: list[list[Lit]] = []  # per place: "at least k bridges", k = 1, 2, ...
    through: dict[tuple[int, int], list[int]] = {}  # water cell -> the places over it
    ends: list[list[Lit]] = [[] for _ in islands]
    for p, link in enumerate(places):
        na, nb = rows[link.a[0]][link.a[1]], rows[link.b[0]][link.b[1]]
        # At most M bridges join a pair, and no more than either island's number.
        top = min(puzzle.most, na, nb)
        given = [puzzle.fixed[cell] for cell in link.between if cell in puzzle.fixed]
        wanted = [max(0, v if link.horizontal else -v) for v in given]
        if prune:
            # A given cell says how many bridges run over it here.
            top = min([top, *wanted])
            # Two islands joined by all the bridges both ask for are a group of their own.
            if na == nb == top and len(islands) > 2:
                top -= 1
        ladder = list(model.bool_vars(top))
        for k in range(1, top):
            model.add_clause([-ladder[k], ladder[k - 1]])  # k+1 bridges are at least k
        for n in wanted:
            if n > top:
                model.add_clause([])  # the given bridges cannot run here
            elif n:
                model.add_clause([ladder[n - 1]])
            if n < top:
                model.add_clause([-ladder[n]])
        if not prune and na == nb == top and len(islands) > 2:
            model.add_clause([-ladder[top - 1]])
        ladders.append(ladder)
        ends[number[link.a]] += ladder
        ends[number[link.b]] += ladder
        for cell in link.between:
            through.setdefault(cell, []).append(p)
    # A given cell with bridges lies on a place that runs its way.
    for cell, v in puzzle.fixed.items():
        if v and not any(places[p].horizontal == (v > 0) for p in through.get(cell, [])):
            model.add_clause([])
    # Bridges never cross: where a row's place and a column's place share a cell, one is empty.
    for over in through.values():
        if len(over) == 2 and ladders[over[0]] and ladders[over[1]]:
            model.add_clause([-ladders[over[0]][0], -ladders[over[1]][0]])
    # Each island has as many bridge ends as its number.
    for i, (r, c) in enumerate(islands):
        if len(ends[i]) < rows[r][c]:
            model.add_clause([])  # too few places around it
        else:
            model.add_sum(ends[i], [1] * len(ends[i]), "==", rows[r][c])
    # All islands form one connected group.
    edges = [
        (number[link.a], number[link.b], ladder[0])
        for link, ladder in zip(places, ladders, strict=True)
        if ladder
    ]
    nodes = list(range(len(islands)))
    if encoding == "cuts":
        model.add_connected(nodes, edges)
    else:
        add_connected_by_levels(model, nodes, edges)
    # With no loops, the group is a tree: one pair joined fewer than there are islands.
    if puzzle.no_loops:
        firsts = [lit for _, _, lit in edges]
        model.add_sum(firsts, [1] * len(firsts), "==", len(islands) - 1)
    model.answer = [lit for ladder in ladders for lit in ladder]

    def decode(a: Assignment) -> Board:
        grid = [[0] * w for _ in range(h)]
        for link, ladder in zip(places, ladders, strict=True):
            n = sum(a(lit) for lit in ladder)
            if n:
                for r, c in link.between:
                    grid[r][c] = n if link.horizontal else -n
        return tuple(tuple(row) for row in grid)

    return Built(model, decode)
