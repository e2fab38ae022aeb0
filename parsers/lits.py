"""LITS boards: a region map of letters a person types, and puzz.link's ``lits`` URLs
(the rooms as walls)."""

from __future__ import annotations

from typing import Any

from ..puzzles.lits import Board, Lits
from . import puzzlink
from . import roomshading as rooms
from .puzzlink import Url

EXAMPLE = "https://puzz.link/p?lits/4/4/9q02jg"


def parse(text: str) -> Lits:
    """A puzz.link URL, or a region map: rows of letters (or digits), a room each group of
    side-by-side cells of one letter; a letter followed by ``#`` a cell given shaded, by ``+``
    given unshaded."""
    if puzzlink.is_url(text):
        return parse_url(puzzlink.split(text, ("lits",)))
    labels, marks = rooms.parse_map(text, EXAMPLE)
    return Lits(labels, marks)


def format_puzzle(puzzle: Lits) -> str:
    """The region map, a letter a room."""
    return rooms.format_map(puzzle.rooms, puzzle.marks)


def format_solution(puzzle: Lits, solution: Board, style: str = "grid") -> str:
    """The region map with ``#`` on each shaded cell."""
    return rooms.format_shaded(puzzle.rooms, solution)


def to_json(puzzle: Lits, solution: Board) -> list[str]:
    """H strings, ``#`` a shaded cell and ``.`` an unshaded one."""
    return list(solution)


def from_json(puzzle: Lits, data: Any) -> Board:
    """A solution given as strings of ``#`` and ``.``, a string a row."""
    return rooms.dark_rows(data)


def parse_url(url: Url) -> Lits:
    """``lits/COLS/ROWS/BODY``: the rooms as walls between cells."""
    return Lits(rooms.read_url(url))


def format_url(puzzle: Lits) -> str:
    """The puzz.link URL of the board."""
    return rooms.write_url("lits", puzzle.rooms, puzzle.marks)


def rows_text(rows: object) -> str:
    """A region map as Python values: rows of letters (or digits), one a cell."""
    return rooms.rows_text(rows, rooms.key_cell)
