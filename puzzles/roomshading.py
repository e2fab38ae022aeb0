"""What the rulebooks of shading puzzles in rooms share (Norinori, LITS): the board split into
rooms, each cell's room numbered in reading order of the rooms' first cells; cells a setter gives
shaded or unshaded; random rooms grown round the shaded blocks of a planted solution; and a
maker's loop that moves cells between rooms until the planted solution is the only one."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from ..contract import Givens
from .grid import Cell, cell_name
from .rooms import RoomMap, numbered
from .rooms import room_cells as room_cells
from .shading import DARK, LIGHT, groups, neighbours

Labels = RoomMap
"""Each cell's room, a tuple a row: rooms numbered 0, 1, ... in reading order of their first
cells (as pzprjs numbers them)."""


class InRooms(Protocol):
    """A board of rooms with a setter's marks."""

    @property
    def rooms(self) -> Labels: ...
    @property
    def marks(self) -> Mapping[Cell, bool]: ...


def canonical(keys: Sequence[Sequence[Hashable]]) -> Labels:
    """The rooms a grid of keys (letters, numbers) makes: each group of side-by-side cells of one
    key is a room, numbered in reading order of its first cell (``rooms.numbered``)."""
    return numbered(keys)[0]


def mark_problems(puzzle: InRooms, solution: Sequence[str]) -> list[str]:
    """The setter's marks a solution does not keep."""
    return [
        f"{cell_name(puzzle, (r, c))} is given {'' if shaded else 'un'}shaded"
        for (r, c), shaded in sorted(puzzle.marks.items())
        if (solution[r][c] == DARK) != shaded
    ]


def room_name(puzzle: InRooms, cells: list[Cell]) -> str:
    """A room in the player's words: by its first cell."""
    return f"the room at {cell_name(puzzle, cells[0])}"


# -- givens, for setters: cells given shaded or unshaded ------------------------------------------

Given = tuple[Cell, bool]
"""A mark ``((row, column), True)``: the cell is shaded; ``False``: it is not."""


def _givens(puzzle: Any) -> list[Given]:
    return sorted(puzzle.marks.items())


def _with_givens(puzzle: Any, shown: Iterable[Given]) -> Any:
    return replace(puzzle, marks=dict(shown))


def _given_at(puzzle: Any, solution: Sequence[str], place: Cell) -> Given:
    r, c = place
    return (place, solution[r][c] == DARK)


def _describe(puzzle: Any, given: Given) -> str:
    place, shaded = given
    return f"{cell_name(puzzle, place)} {'shaded' if shaded else 'unshaded'}"


MARKS: Givens[Any, Any, Given] = Givens(_givens, _with_givens, _given_at, _describe)
"""The givens of a rooms genre: its marks (a made puzzle has none, and needs none)."""


# -- random rooms, and a maker's loop ------------------------------------------------------------


def grow_rooms(width: int, height: int, seeds: list[list[Cell]], rng: random.Random) -> Labels:
    """Rooms grown from ``seeds`` (groups of cells, one a room): a random cell beside a room and
    in none joins it, until every cell is in one."""
    label = [[-1] * width for _ in range(height)]
    for k, seed in enumerate(seeds):
        for r, c in seed:
            label[r][c] = k
    edge = [
        (y, x, k)
        for k, seed in enumerate(seeds)
        for r, c in seed
        for y, x in neighbours(width, height, r, c)
    ]
    while edge:
        i = rng.randrange(len(edge))
        edge[i], edge[-1] = edge[-1], edge[i]
        y, x, k = edge.pop()
        if label[y][x] >= 0:
            continue
        label[y][x] = k
        edge += [(yy, xx, k) for yy, xx in neighbours(width, height, y, x) if label[yy][xx] < 0]
    return canonical(label)


def _moved(rooms: Labels, cell: Cell, rng: random.Random, keep: set[Cell]) -> Labels | None:
    """The rooms with ``cell`` moved into a random room beside it, its own room staying one
    group (and holding the cells of ``keep``, which never move); None when no move is open."""
    height, width = len(rooms), len(rooms[0])
    r, c = cell
    if cell in keep:
        return None
    mine = rooms[r][c]
    others = sorted({rooms[y][x] for y, x in neighbours(width, height, r, c)} - {mine})
    rest = [(y, x) for y in range(height) for x in range(width) if rooms[y][x] == mine]
    if not others or len(rest) == 1:
        return None
    grid = [list(row) for row in rooms]
    grid[r][c] = rng.choice(others)
    if len(groups(width, height, lambda y, x: grid[y][x] == mine)) != 1:
        return None
    return canonical(grid)


def settle_rooms(
    rooms: Labels,
    ours: tuple[str, ...],
    make: Callable[[Labels], Any],
    solutions: Callable[[Any, int], list[Any]],
    rng: random.Random,
    tries: int,
) -> Any | None:
    """A puzzle (``make(rooms)``) whose only solution is ``ours``: while the solver finds
    another, cells where the two differ that ``ours`` leaves unshaded move to a room beside
    them (which keeps ``ours`` a solution: no room's shaded cells change); None when it does not
    settle within ``tries`` solves."""
    height, width = len(rooms), len(rooms[0])
    shaded = {(r, c) for r in range(height) for c in range(width) if ours[r][c] == DARK}
    for _ in range(tries):
        puzzle = make(rooms)
        found = solutions(puzzle, 2)
        if not found:
            return None  # (never so: a move keeps ours a solution)
        others = [s for s in found if s != ours]
        if not others:
            return puzzle
        other = others[0]
        # The unshaded cells of ours in each room the two shade differently, and beside them.
        differ = {
            rooms[r][c] for r in range(height) for c in range(width) if other[r][c] != ours[r][c]
        }
        cells = [
            (r, c)
            for r in range(height)
            for c in range(width)
            if ours[r][c] == LIGHT
            and (
                rooms[r][c] in differ
                or any(rooms[y][x] in differ for y, x in neighbours(width, height, r, c))
            )
        ]
        rng.shuffle(cells)
        made, wanted = 0, 1 + len(cells) // 3
        for cell in cells:
            moved = _moved(rooms, cell, rng, shaded)
            if moved is not None:
                rooms, made = moved, made + 1
                if made >= wanted:
                    break
        if not made:
            return None
    return None
