"""What the plain layouts of boards split into rooms share (Heyawake, Star Battle): a map of
rooms as a person types it, a name a cell (a letter or a digit side by side, or names separated
by spaces or commas), read into rooms numbered by their first cells, and written back."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..puzzles.rooms import RoomMap, numbered
from . import ParseError
from .shading import MAX_CELLS

NAME = re.compile(r"[^\W_]\w*")
"""A room's name on a map: letters and digits, starting with either."""


def read_map(lines: Sequence[tuple[int, str]]) -> RoomMap:
    """The rooms of a map given as (line number, text) pairs, one row a line: a name a cell,
    side by side when the line has no spaces or commas. A name that stands in two pieces, or a
    cell that is no name, is refused naming where."""
    if not lines:
        raise ParseError("no map of rooms: expected rows of room names (AABB, one row a line)")
    grid: list[list[str]] = []
    for number, line in lines:
        body = line.strip()
        names = re.split(r"[\s,]+", body) if re.search(r"[\s,]", body) else list(body)
        names = [name for name in names if name]
        for column, name in enumerate(names, 1):
            if not NAME.fullmatch(name):
                raise ParseError(
                    f"line {number}, cell {column}: {name[:20]!r} is not a room's name (a "
                    "letter or digit, or a word of them)"
                )
        if grid and len(names) != len(grid[0]):
            raise ParseError(
                f"line {number}: {len(names)} cells, but the first row has {len(grid[0])}"
            )
        grid.append(names)
        if len(grid) * len(grid[0]) > MAX_CELLS:
            raise ParseError(f"line {number}: the board passes the limit of {MAX_CELLS} cells")
    rooms, apart = numbered(grid)
    if apart:
        (r1, c1), (r2, c2) = apart
        raise ParseError(
            f"room {grid[r1][c1]} is in pieces: r{r2 + 1}c{c2 + 1} is not joined to "
            f"r{r1 + 1}c{c1 + 1} (give each piece its own name)"
        )
    return rooms


def names(count: int) -> list[str]:
    """Room names: single letters while they last (A-Z, then a-z), then A1, B1, ... (the map
    then spaced)."""
    letters = [chr(ord("A") + i) for i in range(26)] + [chr(ord("a") + i) for i in range(26)]
    if count <= len(letters):
        return letters[:count]
    return [f"{letters[i % 26]}{i // 26 + 1}" for i in range(count)]


def write_map(rooms: RoomMap) -> tuple[list[str], list[str]]:
    """The map's lines, and each room's name in the rooms' order."""
    count = 1 + max(max(row) for row in rooms)
    said = names(count)
    size = max(len(name) for name in said)
    if size == 1:
        lines = ["".join(said[room] for room in row) for row in rooms]
    else:
        lines = [" ".join(said[room].ljust(size) for room in row).rstrip() for row in rooms]
    return lines, said
