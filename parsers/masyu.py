"""Masyu boards: Simon Tatham's Pearl game IDs (``6x6:BaBbBjWcWaBfWBaWc``), plain layouts a person
types (rows of ``.``, ``W``, ``B``), told apart by the ID's ``:``, and puzz.link URLs."""

from __future__ import annotations

import re

from ..puzzles.masyu import BLACK, EMPTY, WHITE, Masks, Masyu
from . import ParseError, puzzlink
from .grid import grid_text
from .lines import box_rows, masks_from_json, plain_board, solve_move
from .puzzlink import Url
from .tatham import read_cells, read_size, split_id, where, write_cells

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""

EXAMPLE = "6x6:BaBbBjWcWaBfWBaWc"
NAMES = ("pearl", "masyu", "mashu")
_PARAMS = re.compile(r"(\d+)x(\d+)(?:d[et])?n?", re.IGNORECASE)
"""``WxH``, and the generator's options that may follow it (``8x8dt``)."""

PLAIN = {".": EMPTY, "-": EMPTY, "_": EMPTY, "W": WHITE, "w": WHITE, "O": WHITE, "o": WHITE,
         "B": BLACK, "b": BLACK, "X": BLACK, "x": BLACK}  # fmt: skip


def parse(text: str) -> Masyu:
    """A game ID when the text has a ``:``, else a plain layout."""
    if ":" in text:
        return parse_id(text)
    rows = plain_board(text, PLAIN, "a cell (. empty, W or O white, B or X black)", MAX_CELLS,
                       EXAMPLE)  # fmt: skip
    return Masyu(tuple("".join(row) for row in rows))


def parse_id(text: str) -> Masyu:
    """Tatham's ``WxH:desc``: ``B`` a black circle, ``W`` a white one, a letter ``a``..``z`` a
    run of 1..26 empty cells, in reading order; an optional ``pearl:`` in front, and the
    generator's options after the size (``8x8dt``), are accepted."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    hint = "expected WxH before ':', e.g. 6x6"
    width, height = read_size(text, text[:colon], _PARAMS, hint, most_cells=MAX_CELLS)
    cells, end = read_cells(text, colon + 1, width * height, "BW", "description")
    if end < len(text):
        raise ParseError(f"unexpected {text[end]!r} {where(text, end)}: the board ends before it")
    flat = [EMPTY if ch is None else ch for ch in cells]
    return Masyu(tuple("".join(flat[r * width : (r + 1) * width]) for r in range(height)), True)


def format_id(puzzle: Masyu) -> str:
    """The game ID, as the collection writes it."""
    cells = [None if ch == EMPTY else ch for row in puzzle.rows for ch in row]
    return f"{puzzle.width}x{puzzle.height}:{write_cells(cells)}"


def format_plain(puzzle: Masyu) -> str:
    return "\n".join(puzzle.rows)


def format_puzzle(puzzle: Masyu) -> str:
    """In the form it was read: a game ID, or the plain layout."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_solution(puzzle: Masyu, solution: Masks, style: str = "grid") -> str:
    """``grid``: the loop in box-drawing characters, a circle where it passes one; ``masks``:
    the corpus's hex digits; ``tatham``: the collection's solve move (``S``, then ``;Rm,x,y``
    for each cell on the loop, in reading order)."""
    if style == "masks":
        return "\n".join("".join(row) for row in solution)
    if style == "tatham":
        return solve_move(solution)
    marks = {(r, c): "○" if ch == WHITE else "●" for (r, c), ch in puzzle.circles().items()}
    return "\n".join(box_rows(solution, marks))


def to_json(puzzle: Masyu, solution: Masks) -> list[str]:
    """H strings of direction masks, a hex digit a cell (the corpus form)."""
    return list(solution)


def from_json(puzzle: Masyu, data: object) -> Masks:
    """The solution ``to_json`` wrote."""
    return masks_from_json(puzzle, data)


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Masyu:
    """``mashu/COLS/ROWS/BODY``: three cells a character, 1 a white circle, 2 a black one."""
    puzzlink.only_flags(url)
    values, rest = puzzlink.read_triples(url.body, url.cols * url.rows)
    if len(url.body) - len(rest) < (url.cols * url.rows + 2) // 3:
        raise puzzlink.refuse(url, "the board is cut short")
    if rest and not re.fullmatch(r"\.0*|/", rest):  # (a published masyu ends in ".0")
        puzzlink.done(url, rest)
    flat = [{0: EMPTY, 1: WHITE, 2: BLACK}[v] for v in values]
    return Masyu(tuple("".join(flat[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows)))


def format_url(puzzle: Masyu) -> str:
    """The puzz.link URL of the board, as pzprjs writes it."""
    values = [{EMPTY: 0, WHITE: 1, BLACK: 2}[ch] for row in puzzle.rows for ch in row]
    return puzzlink.write("mashu", puzzle.width, puzzle.height, puzzlink.write_triples(values))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: None, "" or "." empty, "W" white, "B" black."""
    return grid_text(rows, _cell, "a cell (None, '.', 'W', 'B')", "")


def _cell(value: object) -> str | None:
    if value is None or value == "":
        return EMPTY
    if isinstance(value, str) and value in PLAIN:
        return PLAIN[value]
    return None
