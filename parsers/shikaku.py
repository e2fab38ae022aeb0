"""Shikaku boards: Simon Tatham's game IDs (``7x7:3c3f4_2b2b2g5a6a2_2a2b3c2_7e4a``), puzz.link
URLs and plain layouts a person types (rows of numbers and ``.``), told apart by the ID's
``:``."""

from __future__ import annotations

import re
from typing import Any

from ..puzzles.shikaku import HIDDEN, Clue, Labels, Shikaku, numbered
from . import ParseError, is_digits, puzzlink
from .cellrows import read_rows, write_rows
from .grid import format_number_grid, grid_text, numbers_from_json
from .puzzlink import Url
from .tatham import read_numbers, read_size, split_id, where, write_numbers

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""

EXAMPLE = "7x7:3c3f4_2b2b2g5a6a2_2a2b3c2_7e4a"
NAMES = ("rect", "shikaku", "rectangles")
_PARAMS = re.compile(r"(\d+)x(\d+)(?:e[\d.]*)?a?", re.IGNORECASE)
"""``WxH``, and the generator's options that may follow it (``11x11e4``, ``a``)."""
_BLANK = ".-_"
_HIDDEN = "?"


def parse(text: str) -> Shikaku:
    """A game ID when the text has a ``:``, else a plain layout."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def parse_id(text: str) -> Shikaku:
    """Tatham's ``WxH:desc``: a decimal number a clue, ``_`` between two numbers, a letter
    ``a``..``z`` a run of 1..26 cells without one, in reading order; an optional ``rect:`` in
    front, and the generator's options after the size, are accepted."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    params = text[:colon]
    width, height = read_size(
        text, params, _PARAMS, "expected WxH before ':', e.g. 7x7", most_cells=MAX_CELLS
    )
    at: list[int] = []
    values, end = read_numbers(text, colon + 1, width * height, "description", at=at)
    if end < len(text):
        raise ParseError(f"unexpected {text[end]!r} {where(text, end)}: the board ends before it")
    for i, v in enumerate(values):
        if v == 0:
            raise ParseError(f"clue 0 {where(text, at[i])}: a rectangle has at least one cell")
    rows = tuple(tuple(values[r * width : (r + 1) * width]) for r in range(height))
    return Shikaku(rows, tatham=True)


def _cell(token: str) -> Clue:
    if token in _BLANK:
        return None
    if token == _HIDDEN:
        return HIDDEN
    if is_digits(token) and len(token) <= 9:
        if int(token) == 0:
            raise ValueError("is no clue: a rectangle has at least one cell")
        return int(token)
    raise ValueError("is not a cell (a number, . for none, ? for a number not shown)")


def parse_plain(text: str) -> Shikaku:
    """Rows of cells, one row a line: a number the area of the rectangle that holds it, ``.``
    (or ``-``, ``_``) a cell without one, ``?`` a number not shown; cells separated by spaces or
    commas (one character each when a line has neither); an optional first line ``WxH``."""
    rows = read_rows(text, _cell, "numbers and .", EXAMPLE, MAX_CELLS)
    return Shikaku(tuple(tuple(row) for row in rows))


def format_id(puzzle: Shikaku) -> str:
    """The game ID, as the collection writes it; ValueError for a ``?``, which it cannot hold."""
    values = [v for row in puzzle.rows for v in row]
    if HIDDEN in values:
        raise ValueError("a Rectangles game ID holds no '?' clue")
    return f"{puzzle.width}x{puzzle.height}:{write_numbers(values)}"


def format_plain(puzzle: Shikaku) -> str:
    """The plain layout."""
    return write_rows(
        [["." if v is None else "?" if v == HIDDEN else str(v) for v in row] for row in puzzle.rows]
    )


def format_puzzle(puzzle: Shikaku) -> str:
    """In the form it was read: a game ID (unless it has a ``?``), or the plain layout."""
    if puzzle.tatham and HIDDEN not in (v for row in puzzle.rows for v in row):
        return format_id(puzzle)
    return format_plain(puzzle)


def format_solution(puzzle: Shikaku, solution: Labels, style: str = "grid") -> str:
    """Each cell's rectangle, numbered in reading order (the form of ``--json``)."""
    return format_number_grid(solution)


def to_json(puzzle: Shikaku, solution: Labels) -> list[list[int]]:
    """H rows of each cell's rectangle label, numbered in reading order (the corpus form)."""
    return [list(row) for row in solution]


def from_json(puzzle: Shikaku, data: Any) -> Labels:
    """A solution given as rows of labels (any names: the regions are what counts)."""
    return numbered(numbers_from_json(puzzle, data))


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Shikaku:
    """``shikaku/COLS/ROWS/BODY``: number-16 over the cells, ``.`` a clue whose number is not
    shown."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number16(url.body, url.cols * url.rows)
    puzzlink.done(url, rest)
    for at, n in enumerate(numbers):
        if n == 0:
            raise puzzlink.refuse(
                url, f"the clue at row {at // url.cols + 1}, column {at % url.cols + 1} is 0"
            )
    flat = [
        None if n == puzzlink.EMPTY else HIDDEN if n == puzzlink.UNKNOWN else n for n in numbers
    ]
    return Shikaku(tuple(tuple(flat[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows)))


def format_url(puzzle: Shikaku) -> str:
    """The puzz.link URL of the board."""
    numbers = [
        puzzlink.EMPTY if v is None else puzzlink.UNKNOWN if v == HIDDEN else v
        for row in puzzle.rows
        for v in row
    ]
    return puzzlink.write("shikaku", puzzle.width, puzzle.height, puzzlink.write_number16(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: a number (its area), None, "" or "." for no clue, "?"
    for a number not shown."""
    return grid_text(rows, _value, "a cell (a number from 1, None, '.', '?')")


def _value(value: object) -> str | None:
    if value is None or value in ("", "."):
        return "."
    if value == "?":
        return "?"
    if isinstance(value, int) and value >= 1:
        return str(value)
    return None
