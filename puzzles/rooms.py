"""What the rulebooks of boards split into rooms share (Heyawake, Star Battle): rooms numbered
by their first cell in reading order, each room's cells, the walls between rooms, and random
maps of rooms for makers."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from .grid import Cell, components

RoomMap = tuple[tuple[int, ...], ...]
"""A room number a cell, a tuple a row: rooms are numbered 0, 1, ... in the reading order of
their first cells, so that two maps of the same rooms are equal."""


def numbered(labels: Sequence[Sequence[Hashable]]) -> tuple[RoomMap, list[Cell]]:
    """The rooms of a grid of labels (cells side by side with one label are one room), numbered
    by their first cells in reading order; and, for a label that stands in two rooms, a cell
    of each (else empty): a room is one piece."""
    height, width = len(labels), len(labels[0])
    out = [[-1] * width for _ in range(height)]
    first: dict[Hashable, Cell] = {}
    apart: list[Cell] = []
    count = 0
    for r in range(height):
        for c in range(width):
            if out[r][c] >= 0:
                continue
            label = labels[r][c]
            if label in first and not apart:
                apart = [first[label], (r, c)]
            first.setdefault(label, (r, c))
            out[r][c] = count
            todo = [(r, c)]
            while todo:
                y, x = todo.pop()
                for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    inside = 0 <= yy < height and 0 <= xx < width
                    if inside and out[yy][xx] < 0 and labels[yy][xx] == label:
                        out[yy][xx] = count
                        todo.append((yy, xx))
            count += 1
    return tuple(tuple(row) for row in out), apart


def room_cells(rooms: RoomMap) -> list[list[Cell]]:
    """Each room's cells in reading order, the rooms in their order."""
    found: list[list[Cell]] = []
    for r, row in enumerate(rooms):
        for c, room in enumerate(row):
            while len(found) <= room:
                found.append([])
            found[room].append((r, c))
    return found


def walls(rooms: RoomMap) -> tuple[list[bool], list[bool]]:
    """The walls between rooms: between cells side by side ((width - 1) a row, row by row),
    then between cells one above the other (width a row, for height - 1 rows)."""
    height, width = len(rooms), len(rooms[0])
    across = [rooms[r][c] != rooms[r][c + 1] for r in range(height) for c in range(width - 1)]
    down = [rooms[r][c] != rooms[r + 1][c] for r in range(height - 1) for c in range(width)]
    return across, down


def from_walls(across: Sequence[bool], down: Sequence[bool], width: int, height: int) -> RoomMap:
    """The rooms the walls make (a wall that parts no two rooms is no wall)."""
    joined = [
        (r * width + c, r * width + c + 1)
        for r in range(height)
        for c in range(width - 1)
        if not across[r * (width - 1) + c]
    ] + [
        (r * width + c, (r + 1) * width + c)
        for r in range(height - 1)
        for c in range(width)
        if not down[r * width + c]
    ]
    group, _ = components(width * height, joined)
    return numbered([group[r * width : (r + 1) * width] for r in range(height)])[0]


def rectangles(width: int, height: int, rng: random.Random, sides: Sequence[int]) -> RoomMap:
    """A random map of rectangular rooms: from the first free cell in reading order, a
    rectangle of random sides (drawn from ``sides``, shrunk to what is free) until the board is
    covered."""
    label = [[-1] * width for _ in range(height)]
    count = 0
    for r in range(height):
        for c in range(width):
            if label[r][c] >= 0:
                continue
            w, h = rng.choice(sides), rng.choice(sides)
            run = 1
            while c + run < width and label[r][c + run] < 0:
                run += 1
            # (the rows below are free too: a room that covered one also covers this row)
            w, h = min(w, run), min(h, height - r)
            for y in range(r, r + h):
                for x in range(c, c + w):
                    label[y][x] = count
            count += 1
    return numbered(label)[0]
