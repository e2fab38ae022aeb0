"""Kurodoko boards: Simon Tatham's Range game IDs (``7x7:e6a11h3c2g11c13h3a2e``), rows of cells a
person types, and puzz.link's ``kurodoko`` URLs."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..puzzles.kurodoko import MARK, Board, Kurodoko
from ..puzzles.shading import SHADED
from . import ParseError, is_digits, puzzlink
from .grid import grid_text
from .puzzlink import Url
from .shading import MAX_CELLS, layout, token_rows
from .tatham import clip, read_numbers, read_size, split_id, where, write_numbers

EXAMPLE = "7x7:e6a11h3c2g11c13h3a2e"
NAMES = ("range", "kurodoko")
_PARAMS = re.compile(r"(\d+)x(\d+)", re.IGNORECASE)
BLANKS = ".-_"
"""A cell without a number, in the plain form."""
GIVEN = "#"
"""A cell given shaded, in the plain form."""


def parse(text: str) -> Kurodoko:
    """A game ID when the text has a ``:``, else rows of cells."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def parse_id(text: str) -> Kurodoko:
    """Tatham's ``WxH:desc``: decimal numbers, ``_`` between two side by side, ``a``..``z``
    that many cells without one, in reading order; each number 1 to W + H - 1. An optional
    ``range:`` in front is accepted."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    width, height = read_size(
        text, text[:colon], _PARAMS, "expected WxH before ':', e.g. 7x7", most_cells=MAX_CELLS
    )
    values, end = read_numbers(
        text, colon + 1, width * height, "description", most=width + height - 1
    )
    if end < len(text):
        raise ParseError(f"unexpected {text[end]!r} {where(text, end)}: the board ends before it")
    rows = tuple(tuple(values[r * width : (r + 1) * width]) for r in range(height))
    return Kurodoko(rows, tatham=True)


def parse_plain(text: str) -> Kurodoko:
    """Rows of cells, one row a line: ``.`` (or ``-``, ``_``) a cell without a number, a
    number 1 or more a clue, ``#`` a cell given shaded; side by side, or separated by spaces or
    commas (as numbers past 9 must be)."""
    rows = []
    for cells in token_rows(text, "", EXAMPLE):
        row: list[int | None] = []
        for n, column, token in cells:
            if token in BLANKS:
                row.append(None)
            elif token == GIVEN:
                row.append(MARK)
            elif is_digits(token) and len(token) <= 9 and int(token) >= 1:
                row.append(int(token))
            else:
                raise ParseError(
                    f"line {n}, column {column}: {clip(token)!r} is not a cell (. blank, a "
                    "number 1 or more, # given shaded)"
                )
        rows.append(tuple(row))
    return Kurodoko(tuple(rows))


def format_id(puzzle: Kurodoko) -> str:
    """The game ID, as the collection writes it; ValueError when it cannot say the puzzle."""
    if puzzle.marks():
        raise ValueError("a game ID holds no given shading")
    if puzzle.width + puzzle.height > 128 or puzzle.width * puzzle.height < 3:
        raise ValueError("a Range board is 3 cells or more, its width and height 128 at most")
    most = puzzle.width + puzzle.height - 1
    if any(v > most for v in puzzle.clues().values()):
        raise ValueError(f"a Range game ID holds numbers up to {most}, W + H - 1")
    values = [v for row in puzzle.rows for v in row]
    return f"{puzzle.width}x{puzzle.height}:{write_numbers(values)}"


def _texts(puzzle: Kurodoko) -> list[list[str]]:
    return [
        ["." if v is None else GIVEN if v == MARK else str(v) for v in row] for row in puzzle.rows
    ]


def format_plain(puzzle: Kurodoko) -> str:
    """Rows of cells: side by side when every number is below 10, else separated by spaces."""
    return layout(_texts(puzzle))


def format_puzzle(puzzle: Kurodoko) -> str:
    """In the form it was read: a game ID, or rows of cells (always, when it has marks)."""
    if puzzle.tatham and not puzzle.marks():
        try:
            return format_id(puzzle)
        except ValueError:
            pass
    return format_plain(puzzle)


def format_solution(
    puzzle: Kurodoko, solution: Sequence[Sequence[str]], style: str = "grid"
) -> str:
    """The board with ``#`` for each shaded cell, the numbers, and ``+`` for the other
    unshaded cells."""
    texts = _texts(puzzle)
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            if ch == SHADED:
                texts[r][c] = GIVEN
            elif ch != "0":
                texts[r][c] = str(ch)
            elif texts[r][c] == ".":
                texts[r][c] = "+"
    return layout(texts)


def to_json(puzzle: Kurodoko, solution: Board) -> list[str]:
    """H strings of ``0`` and ``1``, ``1`` a shaded cell (the corpus form)."""
    return ["".join(row) for row in solution]


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Kurodoko:
    """``kurodoko/COLS/ROWS/BODY``: number-16 over the cells; ``.`` a number not told, which
    gridsat's Kurodoko has no place for."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number16(url.body, url.cols * url.rows)
    puzzlink.done(url, rest)
    for i, n in enumerate(numbers):
        place = f"r{i // url.cols + 1}c{i % url.cols + 1}"
        if n == puzzlink.UNKNOWN:
            raise puzzlink.refuse(url, f"{place} has a number not told ('?')")
        if n == 0:
            raise puzzlink.refuse(url, f"{place} shows 0: a number counts its own cell")
    flat = [None if n == puzzlink.EMPTY else n for n in numbers]
    rows = tuple(tuple(flat[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows))
    return Kurodoko(rows)


def format_url(puzzle: Kurodoko) -> str:
    """The puzz.link URL of the board (a setter's marks have no place in it)."""
    if puzzle.marks():
        raise ValueError("a URL holds no given shading")
    numbers = [puzzlink.EMPTY if v is None else v for row in puzzle.rows for v in row]
    if any(n >= 4096 for n in numbers):
        raise ValueError("a puzz.link Kurodoko holds numbers below 4096")
    return puzzlink.write("kurodoko", puzzle.width, puzzle.height, puzzlink.write_number16(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: None, "" or "." without a number, a number (or its
    digits) a clue, "#" given shaded."""
    return grid_text(rows, _cell, "a cell (None, '.', a number 1 or more, '#')")


def _cell(value: object) -> str | None:
    if value is None or value == "":
        return "."
    if isinstance(value, int) and value >= 1:
        return str(value)
    if isinstance(value, str) and (
        value in BLANKS + GIVEN or (is_digits(value) and len(value) <= 9 and int(value) >= 1)
    ):
        return value
    return None
