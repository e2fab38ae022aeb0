"""A shared rule of regions: a region symmetric under a half turn about a centre (Galaxies'
rule, and any genre whose regions turn onto themselves), written on the region's membership
literals, for any genre that partitions cells into regions.

Centres are points in doubled coordinates: cell (r, c) has its centre at (2c+1, 2r+1); a point
with one even coordinate is the middle of a cell side, with both even a grid corner. A region
symmetric about such a point holds a cell exactly when it holds the cell's image under the half
turn, and holds every cell that touches the point (the point lies inside it).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from ..puzzles.grid import half_turn, touching
from .model import Lit, Model

Cell = tuple[int, int]
Point = tuple[int, int]
"""A centre in doubled coordinates (X, Y): X = 2c+1 is the middle of column c."""


def symmetric_cells(cells: Collection[Cell], centre: Point) -> set[Cell]:
    """The cells of ``cells`` whose image about ``centre`` is among them too: the only cells a
    region symmetric about it can hold."""
    return {cell for cell in cells if half_turn(cell, centre) in cells}


def reachable(inside: Callable[[Cell], bool], centre: Point) -> set[Cell]:
    """The cells a connected region symmetric about ``centre`` can hold, of those ``inside``
    allows: those joined to the cells it touches through allowed cells whose images are
    allowed too (the image of such a path is another, so the set is symmetric). Empty when a
    cell it touches is not allowed."""

    def allowed(cell: Cell) -> bool:
        return inside(cell) and inside(half_turn(cell, centre))

    start = touching(centre)
    if not all(allowed(cell) for cell in start):
        return set()
    found = set(start)
    todo = list(start)
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            if near not in found and allowed(near):
                found.add(near)
                todo.append(near)
    return found


def symmetric_literals(model: Model, cells: Iterable[Cell], centre: Point) -> dict[Cell, Lit]:
    """Membership literals for a region symmetric about ``centre`` over ``cells`` (each cell's
    image among them): one literal per pair of a cell and its image, shared by both, so the
    region is symmetric by construction; the cells the centre touches get one literal, which
    the caller holds true."""
    members: dict[Cell, Lit] = {}
    for cell in sorted(cells):
        if cell not in members:
            members[cell] = members[half_turn(cell, centre)] = model.bool_var()
    return members


def add_half_turn_symmetry(model: Model, members: Mapping[Cell, Lit], centre: Point) -> None:
    """The region whose membership literals are ``members`` (made elsewhere, a literal per
    cell, as a partition of regions makes them) is symmetric about ``centre``: a cell is in it
    exactly when its image is (two clauses per pair), a cell whose image has no literal never
    is, and the cells the centre touches always are."""
    for cell, lit in members.items():
        other = members.get(half_turn(cell, centre))
        if other is None:
            model.add_clause([-lit])
        elif cell < half_turn(cell, centre):
            model.add_clause([-lit, other])
            model.add_clause([lit, -other])
    for cell in touching(centre):
        held = members.get(cell)
        if held is None:  # a cell the centre lies on cannot be in its region: no solution
            x = model.bool_var()
            model.add_clause([x])
            model.add_clause([-x])
        else:
            model.add_clause([held])
