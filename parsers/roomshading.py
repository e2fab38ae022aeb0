"""What the readers of shading puzzles in rooms share (Norinori, LITS): a region map of letters a
person types (a room each group of side-by-side cells of one letter), with a setter's marks, and
puzz.link's rooms drawn as walls between cells."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from ..puzzles.grid import Cell
from ..puzzles.roomshading import InRooms, Labels
from ..puzzles.shading import DARK, neighbours
from . import ParseError, puzzlink
from .puzzlink import Url
from .rooms import Names, read_map
from .shading import dark_rows

KEYS = string.ascii_uppercase + string.ascii_lowercase + string.digits
"""The characters a region map's rooms are written with."""
SHADED_MARK = "#"
UNSHADED_MARK = "+"
"""After a room's letter: the cell is given shaded, or given unshaded."""
LETTERS = Names(
    re.compile(f"[{KEYS}]+"),
    "a cell (a letter or digit naming its room, followed by # if given shaded, by + if given "
    "unshaded)",
    SHADED_MARK + UNSHADED_MARK,
    by_column=True,
    shown=40,
)
"""A region map's cells: a letter or digit a room (letters reused: each piece of one is a room),
with a setter's mark after it."""


def parse_map(text: str, example: str) -> tuple[Labels, dict[Cell, bool]]:
    """A region map: rows of letters or digits, side by side or separated by spaces or commas,
    a room each group of side-by-side cells of one letter; a letter followed by ``#`` is a cell
    given shaded, by ``+`` given unshaded. The rooms and the marks."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise ParseError(f"empty input: expected rows of cells, or a game ID such as {example}")
    read = read_map(lines, pieces=True, spelling=LETTERS)
    return read.rooms, {cell: mark == SHADED_MARK for cell, mark in read.marks.items()}


def letters(rooms: Labels) -> list[list[str]]:
    """A letter for each room: its own while there are enough, else the first letter no room
    beside it has (rooms of one letter then never touch)."""
    count = 1 + max(max(row) for row in rooms)
    if count <= len(KEYS):
        return [[KEYS[k] for k in row] for row in rooms]
    height, width = len(rooms), len(rooms[0])
    beside: list[set[int]] = [set() for _ in range(count)]
    for r in range(height):
        for c in range(width):
            for y, x in neighbours(width, height, r, c):
                if rooms[y][x] != rooms[r][c]:
                    beside[rooms[r][c]].add(rooms[y][x])
    chosen: list[str] = []
    for k in range(count):
        taken = {chosen[j] for j in beside[k] if j < k}
        chosen.append(next(ch for ch in KEYS if ch not in taken))
    return [[chosen[k] for k in row] for row in rooms]


def format_map(rooms: Labels, marks: Mapping[Cell, bool]) -> str:
    """The region map, with the marks after their letters (cells then separated by spaces)."""
    texts = letters(rooms)
    for (r, c), shaded in marks.items():
        texts[r][c] += SHADED_MARK if shaded else UNSHADED_MARK
    if not marks:
        return "\n".join("".join(row) for row in texts)
    return "\n".join(" ".join(t.ljust(2) for t in row).rstrip() for row in texts)


def format_shaded(rooms: Labels, solution: Sequence[str]) -> str:
    """The region map with ``#`` on each shaded cell (``?`` where a cell is marked)."""
    texts = letters(rooms)
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            if ch == DARK or ch == "?":
                texts[r][c] = ch
    return "\n".join("".join(row) for row in texts)


def read_url(url: Url) -> Labels:
    """The rooms of a puzz.link body that is walls alone (``norinori``, ``lits``)."""
    puzzlink.only_flags(url)
    rooms, rest = puzzlink.decode_borders(url.body, url.cols, url.rows)
    puzzlink.done(url, rest)
    return rooms


def write_url(word: str, rooms: Labels, marks: Mapping[Cell, bool]) -> str:
    """The puzz.link URL of rooms alone (a setter's marks have no place in it)."""
    if marks:
        raise ValueError("a URL holds no given shading")
    return puzzlink.write(word, len(rooms[0]), len(rooms), puzzlink.encode_borders(rooms))


def rows_text(rows: object, cell: Callable[[object], str | None]) -> str:
    """A region map given as Python values (rows of letters), as text."""
    from .grid import grid_text

    return grid_text(rows, cell, "a room's letter or digit")


def key_cell(value: object) -> str | None:
    """A cell of a region map given as a Python value: a letter, digit or small number."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10:
        return str(value)
    if isinstance(value, str) and value and all(ch in KEYS for ch in value):
        return value
    return None


P = TypeVar("P", bound=InRooms)
Board = tuple[str, ...]


class MapReader(Generic[P]):
    """The reader and printers of a genre whose board is its rooms and a setter's marks alone
    (Norinori, LITS): the genre's parser module names these, so they are written once."""

    def __init__(
        self, word: str, board: Callable[[Labels, dict[Cell, bool]], P], example: str
    ) -> None:
        self.word, self.board, self.example = word, board, example

    def parse(self, text: str) -> P:
        """A puzz.link URL, or a region map: rows of letters (or digits), a room each group of
        side-by-side cells of one letter; a letter followed by ``#`` a cell given shaded, by
        ``+`` given unshaded."""
        if puzzlink.is_url(text):
            return self.parse_url(puzzlink.split(text, (self.word,)))
        labels, marks = parse_map(text, self.example)
        return self.board(labels, marks)

    def format_puzzle(self, puzzle: P) -> str:
        """The region map, a letter a room."""
        return format_map(puzzle.rooms, puzzle.marks)

    def format_solution(self, puzzle: P, solution: Board, style: str = "grid") -> str:
        """The region map with ``#`` on each shaded cell."""
        return format_shaded(puzzle.rooms, solution)

    def to_json(self, puzzle: P, solution: Board) -> list[str]:
        """H strings, ``#`` a shaded cell and ``.`` an unshaded one."""
        return list(solution)

    def from_json(self, puzzle: P, data: Any) -> Board:
        """A solution given as strings of ``#`` and ``.``, a string a row."""
        return dark_rows(data)

    def parse_url(self, url: Url) -> P:
        """``WORD/COLS/ROWS/BODY``: the rooms as walls between cells."""
        return self.board(read_url(url), {})

    def format_url(self, puzzle: P) -> str:
        """The puzz.link URL of the board."""
        return write_url(self.word, puzzle.rooms, puzzle.marks)

    def rows_text(self, rows: object) -> str:
        """A region map as Python values: rows of letters (or digits), one a cell."""
        return rows_text(rows, key_cell)
