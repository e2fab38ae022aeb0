"""Nurikabe boards: rows of cells a person types (or the Janko style, numbers and ``-``), and
puzz.link's ``nurikabe`` URLs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..puzzles.nurikabe import MARK, UNKNOWN, Board, Nurikabe
from . import ParseError, is_digits, puzzlink
from .grid import grid_text
from .puzzlink import Url
from .shading import dark_rows, layout, shaded_layout, token_rows
from .tatham import clip

EXAMPLE = ".5...\n..2..\n.....\n..1..\n...3."
BLANKS = ".-_"
"""A cell without a clue, in the plain form (``-`` as Janko writes it)."""
ASKED = "?"
"""A clue whose number is not told."""
GIVEN = "#"
"""A cell given shaded, in the plain form."""
ISLAND = "+"
"""An unshaded cell without a number, in a printed solution."""


def parse(text: str) -> Nurikabe:
    """A puzz.link URL, or rows of cells, one row a line: ``.`` (or ``-``, ``_``) a cell without
    a clue, a number 1 or more a clue, ``?`` a clue whose number is not told; side by side, or
    separated by spaces or commas (as numbers past 9 must be)."""
    if puzzlink.is_url(text):
        return parse_url(puzzlink.split(text, ("nurikabe",)))
    rows = []
    for cells in token_rows(text, "", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"):
        row: list[int | None] = []
        for n, column, token in cells:
            if token in BLANKS:
                row.append(None)
            elif token == ASKED:
                row.append(UNKNOWN)
            elif token == GIVEN:
                row.append(MARK)
            elif is_digits(token) and len(token) <= 9 and int(token) >= 1:
                row.append(int(token))
            else:
                raise ParseError(
                    f"line {n}, column {column}: {clip(token)!r} is not a cell (. blank, a "
                    "number 1 or more, ? a number not told, # given shaded)"
                )
        rows.append(tuple(row))
    return Nurikabe(tuple(rows))


def _texts(puzzle: Nurikabe) -> list[list[str]]:
    return [[_text(v) for v in row] for row in puzzle.rows]


def _text(v: int | None) -> str:
    return "." if v is None else ASKED if v == UNKNOWN else GIVEN if v == MARK else str(v)


def format_puzzle(puzzle: Nurikabe) -> str:
    """Rows of cells: side by side when every number is below 10, else separated by spaces."""
    return layout(_texts(puzzle))


def format_solution(puzzle: Nurikabe, solution: Sequence[str], style: str = "grid") -> str:
    """The board with ``#`` for each shaded cell, the numbers, and ``+`` for the other
    unshaded cells (``?`` where a cell is marked)."""
    return shaded_layout(_texts(puzzle), solution, ISLAND)


def to_json(puzzle: Nurikabe, solution: Board) -> list[str]:
    """H strings, ``#`` a shaded cell and ``.`` an unshaded one."""
    return list(solution)


def from_json(puzzle: Nurikabe, data: Any) -> Board:
    """A solution given as strings of ``#`` and ``.``, a string a row."""
    return dark_rows(data)


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Nurikabe:
    """``nurikabe/COLS/ROWS/BODY``: number-16 over the cells, ``.`` a clue not told."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number16(url.body, url.cols * url.rows)
    puzzlink.done(url, rest)
    for i, n in enumerate(numbers):
        if n == 0:
            raise puzzlink.refuse(
                url, f"r{i // url.cols + 1}c{i % url.cols + 1} shows 0: an island has a cell"
            )
    flat = [None if n == puzzlink.EMPTY else UNKNOWN if n == puzzlink.UNKNOWN else n
            for n in numbers]  # fmt: skip
    rows = tuple(tuple(flat[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows))
    return Nurikabe(rows)


def format_url(puzzle: Nurikabe) -> str:
    """The puzz.link URL of the board (a setter's marks have no place in it)."""
    if puzzle.marks():
        raise ValueError("a URL holds no given shading")
    numbers = [
        puzzlink.EMPTY if v is None else puzzlink.UNKNOWN if v == UNKNOWN else v
        for row in puzzle.rows
        for v in row
    ]
    if any(n >= 4096 for n in numbers):
        raise ValueError("a puzz.link Nurikabe holds numbers below 4096")
    return puzzlink.write("nurikabe", puzzle.width, puzzle.height, puzzlink.write_number16(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: None, "" or "." without a clue, a number (or its digits)
    a clue, "?" a clue not told, "#" given shaded."""
    return grid_text(rows, _cell, "a cell (None, '.', a number 1 or more, '?', '#')")


def _cell(value: object) -> str | None:
    if value is None or value == "":
        return "."
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return str(value)
    if isinstance(value, str) and (
        value in BLANKS + ASKED + GIVEN
        or (is_digits(value) and len(value) <= 9 and int(value) >= 1)
    ):
        return value
    return None
