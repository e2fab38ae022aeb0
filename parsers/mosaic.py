"""Mosaic boards: Simon Tatham's game IDs (``5x5:b46b56a4a6a7g6b2``) and rows of cells a person
types."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..puzzles.mosaic import Board, Mosaic
from ..puzzles.shading import SHADED
from . import ParseError
from .grid import grid_text
from .shading import MAX_CELLS, layout, token_rows
from .tatham import clip, read_cells, read_size, split_id, where, write_cells

EXAMPLE = "5x5:b46b56a4a6a7g6b2"
NAMES = ("mosaic",)
_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:h\d+)?", re.IGNORECASE)
"""``WxH`` (or ``N``, a square), and the generator's option after it (``25x25h0``)."""
DIGITS = "0123456789"
BLANKS = ".-_"


def parse(text: str) -> Mosaic:
    """A game ID when the text has a ``:``, else rows of cells."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def parse_id(text: str) -> Mosaic:
    """Tatham's ``WxH:desc``: ``0``-``9`` a cell with that number, ``a``..``z`` that many cells
    without one, in reading order; an optional ``mosaic:`` in front, and the generator's option
    after the size (``25x25h0``), are accepted."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    width, height = read_size(
        text, text[:colon], _PARAMS, "expected WxH before ':', e.g. 10x10", most_cells=MAX_CELLS
    )
    cells, end = read_cells(text, colon + 1, width * height, DIGITS, "description")
    if end < len(text):
        raise ParseError(f"unexpected {text[end]!r} {where(text, end)}: the board ends before it")
    flat = [None if ch is None else int(ch) for ch in cells]
    rows = tuple(tuple(flat[r * width : (r + 1) * width]) for r in range(height))
    return Mosaic(rows, tatham=True)


def parse_plain(text: str) -> Mosaic:
    """Rows of cells, one row a line: ``.`` (or ``-``, ``_``) a cell without a number, ``0``
    to ``9`` a number; side by side, or separated by spaces or commas."""
    rows = []
    for cells in token_rows(text, "", EXAMPLE):
        row: list[int | None] = []
        for n, column, token in cells:
            if token in BLANKS:
                row.append(None)
            elif len(token) == 1 and token in DIGITS:
                row.append(int(token))
            else:
                raise ParseError(
                    f"line {n}, column {column}: {clip(token)!r} is not a cell (. blank, a "
                    "number 0 to 9)"
                )
        rows.append(tuple(row))
    return Mosaic(tuple(rows))


def format_id(puzzle: Mosaic) -> str:
    """The game ID, as the collection writes it; ValueError for a board it refuses."""
    w, h = puzzle.width, puzzle.height
    if w < 3 or h < 3 or w * h > 10_000:
        raise ValueError(f"a Mosaic game ID is 3x3 to 10,000 cells, not {w}x{h}")
    return f"{w}x{h}:" + write_cells(
        [None if v is None else str(v) for row in puzzle.rows for v in row]
    )


def format_plain(puzzle: Mosaic) -> str:
    """Rows of cells, side by side."""
    return layout([["." if v is None else str(v) for v in row] for row in puzzle.rows])


def format_puzzle(puzzle: Mosaic) -> str:
    """In the form it was read: a game ID, or rows of cells."""
    if puzzle.tatham:
        try:
            return format_id(puzzle)
        except ValueError:
            pass
    return format_plain(puzzle)


def format_solution(puzzle: Mosaic, solution: Sequence[Sequence[str]], style: str = "grid") -> str:
    """The board with ``#`` for each shaded cell, ``.`` for the others."""
    return "\n".join(
        "".join("#" if ch == SHADED else "." if ch == "0" else str(ch) for ch in row)
        for row in solution
    )


def to_json(puzzle: Mosaic, solution: Board) -> list[str]:
    """H strings of ``0`` and ``1``, ``1`` a shaded cell (the corpus form)."""
    return ["".join(row) for row in solution]


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: None, "" or "." without a number, 0-9 a number."""
    return grid_text(rows, _cell, "a cell (None, '.', a number 0 to 9)")


def _cell(value: object) -> str | None:
    if value is None or value == "":
        return "."
    if isinstance(value, int) and 0 <= value <= 9:
        return str(value)
    if isinstance(value, str) and len(value) == 1 and value in BLANKS + DIGITS:
        return value
    return None
