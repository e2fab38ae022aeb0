"""What the plain layouts of boards split into rooms share (Heyawake, Star Battle, Norinori,
LITS): a map of rooms as a person types it, a name a cell (a letter or a digit side by side, or
names separated by spaces or commas), read into rooms numbered by their first cells, and written
back."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..puzzles.grid import Cell
from ..puzzles.rooms import RoomMap, numbered
from . import ParseError, uneven_row
from .grid import line_cells
from .shading import MAX_CELLS
from .tatham import clip

NAME = re.compile(r"[^\W_]\w*")
"""A room's name on a map: letters and digits, starting with either."""


@dataclass(frozen=True)
class Names:
    """How a genre's maps name their rooms: what a name is, the marks a name may carry after it,
    and how an error names a cell that is no name (by its column on the line, or by its place
    in the row)."""

    name: re.Pattern[str]
    wanted: str  # what a cell should be, in the error's words
    marks: str = ""  # characters that may follow a name: a setter's mark on that cell
    by_column: bool = False
    shown: int = 20  # how much of a cell that is no name the error shows


ROOM_NAMES = Names(NAME, "a room's name (a letter or digit, or a word of them)")
"""Names of letters and digits, no marks (Heyawake, Star Battle)."""


class Map(NamedTuple):
    """A map as read: its rooms, each cell's name as typed, and the marks typed after names."""

    rooms: RoomMap
    names: list[list[str]]
    marks: dict[Cell, str]


def read_map(
    lines: Sequence[tuple[int, str]], pieces: bool = False, spelling: Names = ROOM_NAMES
) -> Map:
    """The rooms of a map given as (line number, text) pairs, one row a line: a name a cell,
    side by side when the line has no spaces or commas (a mark kept with the name before it).
    A name that stands in two pieces is refused naming where, unless ``pieces``: then each
    piece is a room of its own (letters reused). A cell that is no name is refused naming
    where."""
    if not lines:
        raise ParseError("no map of rooms: expected rows of room names (AABB, one row a line)")
    if len(lines) > MAX_CELLS:
        raise ParseError(f"{len(lines)} rows: the limit is {MAX_CELLS} cells")
    grid: list[list[str]] = []
    marks: dict[Cell, str] = {}
    for number, line in lines:
        cells = line_cells(line, spelling.marks)
        if not cells:
            raise ParseError(f"line {number}: no cells, only separators")
        row = []
        for place, (column, token) in enumerate(cells, 1):
            name, mark = token, ""
            if spelling.marks and token[-1] in spelling.marks:
                name, mark = token[:-1], token[-1]
            if not spelling.name.fullmatch(name):
                where = f"column {column}" if spelling.by_column else f"cell {place}"
                shown = clip(token, spelling.shown)
                raise ParseError(f"line {number}, {where}: {shown!r} is not {spelling.wanted}")
            if mark:
                marks[(len(grid), place - 1)] = mark
            row.append(name)
        if grid and len(row) != len(grid[0]):
            raise uneven_row(f"line {number}", len(row), len(grid[0]))
        grid.append(row)
        if len(grid) * len(grid[0]) > MAX_CELLS:
            raise ParseError(f"line {number}: the board passes the limit of {MAX_CELLS} cells")
    rooms, apart = numbered(grid)
    if apart and not pieces:
        (r1, c1), (r2, c2) = apart
        raise ParseError(
            f"room {grid[r1][c1]} is in pieces: r{r2 + 1}c{c2 + 1} is not joined to "
            f"r{r1 + 1}c{c1 + 1} (give each piece its own name)"
        )
    return Map(rooms, grid, marks)


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
