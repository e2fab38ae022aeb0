"""Norinori boards: a region map of letters a person types, and puzz.link's ``norinori`` URLs
(the rooms as walls)."""

from __future__ import annotations

from typing import Any

from ..puzzles.norinori import Board, Norinori
from . import puzzlink
from . import roomshading as rooms
from .puzzlink import Url

EXAMPLE = "https://puzz.link/p?norinori/5/5/cag4ocjo"


def parse(text: str) -> Norinori:
    """A puzz.link URL, or a region map: rows of letters (or digits), a room each group of
    side-by-side cells of one letter; a letter followed by ``#`` a cell given shaded, by ``+``
    given unshaded."""
    if puzzlink.is_url(text):
        return parse_url(puzzlink.split(text, ("norinori",)))
    labels, marks = rooms.parse_map(text, EXAMPLE)
    return Norinori(labels, marks)


def format_puzzle(puzzle: Norinori) -> str:
    """The region map, a letter a room."""
    return rooms.format_map(puzzle.rooms, puzzle.marks)


def format_solution(puzzle: Norinori, solution: Board, style: str = "grid") -> str:
    """The region map with ``#`` on each shaded cell."""
    return rooms.format_shaded(puzzle.rooms, solution)


def to_json(puzzle: Norinori, solution: Board) -> list[str]:
    """H strings, ``#`` a shaded cell and ``.`` an unshaded one."""
    return list(solution)


def from_json(puzzle: Norinori, data: Any) -> Board:
    """A solution given as strings of ``#`` and ``.``, a string a row."""
    return rooms.dark_rows(data)


def parse_url(url: Url) -> Norinori:
    """``norinori/COLS/ROWS/BODY``: the rooms as walls between cells."""
    return Norinori(rooms.read_url(url))


def format_url(puzzle: Norinori) -> str:
    """The puzz.link URL of the board."""
    return rooms.write_url("norinori", puzzle.rooms, puzzle.marks)


def rows_text(rows: object) -> str:
    """A region map as Python values: rows of letters (or digits), one a cell."""
    return rooms.rows_text(rows, rooms.key_cell)
