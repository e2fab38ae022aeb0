"""Fillomino boards: Simon Tatham's game IDs (``5x5:b4c3a32f5d4542``), puzz.link URLs and plain
layouts a person types (rows of numbers and ``.``), told apart by the ID's ``:``."""

from __future__ import annotations

import re
from typing import Any

from ..puzzles.fillomino import Fillomino, Numbers
from . import ParseError, is_digits, puzzlink
from .cellrows import read_rows, write_rows
from .grid import format_number_grid, grid_text, numbers_from_json
from .puzzlink import Url
from .tatham import read_cells, read_size, split_id, where, write_cells

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""

EXAMPLE = "5x5:b4c3a32f5d4542"
NAMES = ("filling", "fillomino")
_PARAMS = re.compile(r"(\d+)x(\d+)", re.IGNORECASE)
_BLANK = ".-_0"


def parse(text: str) -> Fillomino:
    """A game ID when the text has a ``:``, else a plain layout."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def parse_id(text: str) -> Fillomino:
    """Tatham's ``WxH:desc``: a digit ``1``-``9`` a given number, a letter ``a``..``z`` a run of
    1..26 empty cells, in reading order; an optional ``filling:`` in front."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    width, height = read_size(
        text, text[:colon], _PARAMS, "expected WxH before ':', e.g. 5x5", most_cells=MAX_CELLS
    )
    if "0" in text[colon + 1 :]:
        i = text.index("0", colon + 1)
        raise ParseError(f"number 0 {where(text, i)}: a region has at least one cell")
    cells, end = read_cells(text, colon + 1, width * height, "123456789", "description")
    if end < len(text):
        raise ParseError(f"unexpected {text[end]!r} {where(text, end)}: the board ends before it")
    flat = [None if ch is None else int(ch) for ch in cells]
    rows = tuple(tuple(flat[r * width : (r + 1) * width]) for r in range(height))
    return Fillomino(rows, tatham=True)


def _cell(token: str) -> int | None:
    if token in _BLANK:
        return None
    if is_digits(token) and len(token) <= 6:
        return int(token)
    raise ValueError("is not a cell (a number from 1, or . for an empty cell)")


def parse_plain(text: str) -> Fillomino:
    """Rows of cells, one row a line: a number given, ``.`` (or ``-``, ``_``, ``0``) an empty
    cell; cells separated by spaces or commas (a digit each when a line has neither); an
    optional first line ``WxH``."""
    rows = read_rows(text, _cell, "numbers and .", EXAMPLE, MAX_CELLS)
    return Fillomino(tuple(tuple(row) for row in rows))


def format_id(puzzle: Fillomino) -> str:
    """The game ID, as the collection writes it; ValueError for a number over 9, which it
    cannot hold."""
    values = [v for row in puzzle.rows for v in row]
    if any(v is not None and v > 9 for v in values):
        raise ValueError("a Filling game ID holds the numbers 1 to 9 only")
    body = write_cells([None if v is None else str(v) for v in values])
    return f"{puzzle.width}x{puzzle.height}:{body}"


def format_plain(puzzle: Fillomino) -> str:
    """The plain layout."""
    return write_rows([["." if v is None else str(v) for v in row] for row in puzzle.rows])


def format_puzzle(puzzle: Fillomino) -> str:
    """In the form it was read: a game ID (when it can say it), or the plain layout."""
    if puzzle.tatham and all(v is None or v <= 9 for row in puzzle.rows for v in row):
        return format_id(puzzle)
    return format_plain(puzzle)


def format_solution(puzzle: Fillomino, solution: Numbers, style: str = "grid") -> str:
    """The number in each cell."""
    return format_number_grid(solution)


def to_json(puzzle: Fillomino, solution: Numbers) -> list[list[int]]:
    """H rows of numbers (the corpus form)."""
    return [list(row) for row in solution]


def from_json(puzzle: Fillomino, data: Any) -> Numbers:
    """A solution given as rows of numbers."""
    return numbers_from_json(puzzle, data)


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Fillomino:
    """``fillomino/COLS/ROWS/BODY``: number-16 over the cells, then given walls between cells
    (refused when there are any: a rule gridsat does not read); the ``t`` flag (numbers up to
    3) is refused too."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number16(url.body, url.cols * url.rows)
    if rest:
        across, down, rest = puzzlink.read_borders(rest, url.cols, url.rows)
        if any(across) or any(down):
            raise puzzlink.refuse(url, "given walls between cells are not read by gridsat")
    puzzlink.done(url, rest)
    for at, n in enumerate(numbers):
        if n == puzzlink.UNKNOWN or n == 0:
            what = "'?'" if n == puzzlink.UNKNOWN else "0"
            raise puzzlink.refuse(
                url, f"the number at row {at // url.cols + 1}, column {at % url.cols + 1} is "
                f"{what} (gridsat reads numbers from 1)"
            )  # fmt: skip
    flat = [None if n == puzzlink.EMPTY else n for n in numbers]
    return Fillomino(tuple(tuple(flat[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows)))


def format_url(puzzle: Fillomino) -> str:
    """The puzz.link URL of the board."""
    numbers = [puzzlink.EMPTY if v is None else v for row in puzzle.rows for v in row]
    return puzzlink.write(
        "fillomino", puzzle.width, puzzle.height, puzzlink.write_number16(numbers)
    )


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: a number given, None, "", "." or 0 for an empty cell."""
    return grid_text(rows, _value, "a cell (a number from 1, None, '.', 0)")


def _value(value: object) -> str | None:
    if value is None or value in ("", ".", 0):
        return "."
    if isinstance(value, int) and value >= 1:
        return str(value)
    return None
