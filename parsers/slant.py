"""Slant boards: Simon Tatham's game IDs (``5x5:c2b22b1d2a1a3b2c12b011a10``), plain rows of the
corners a person types, told apart by the ID's ``:``, and puzz.link ``gokigen`` URLs."""

from __future__ import annotations

import re

from ..puzzles.slant import BACK, FORWARD, Lines, Slant
from . import ParseError, puzzlink
from .grid import grid_text
from .lines import plain_board
from .puzzlink import Url
from .tatham import read_cells, read_size, split_id, where, write_cells

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""

EXAMPLE = "5x5:c2b22b1d2a1a3b2c12b011a10"
NAMES = ("slant", "gokigen")
_PARAMS = re.compile(r"(\d+)x(\d+)(?:d[eh])?", re.IGNORECASE)
"""``WxH``, and the generator's options that may follow it (``8x8dh``)."""
PLAIN = {".": None, "-": None, "_": None, **{str(n): n for n in range(5)}}


def parse(text: str) -> Slant:
    """A game ID when the text has a ``:``, else a plain layout."""
    if ":" in text:
        return parse_id(text)
    symbols = {ch: ch for ch in PLAIN}
    for ch in "56789":
        symbols[ch] = ch
    lines = text.strip().splitlines()
    size = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", lines[0]) if len(lines) > 1 else None
    body = "\n".join(lines[1:]) if size else text
    rows = plain_board(body, symbols, "a corner (. none, 0-4 a clue)", MAX_CELLS, EXAMPLE)
    if size and (int(size[1]) + 1, int(size[2]) + 1) != (len(rows[0]), len(rows)):
        raise ParseError(
            f"line 1 declares {size[1]}x{size[2]}, but the corners below it are those of "
            f"{len(rows[0]) - 1}x{len(rows) - 1} cells"
        )
    for n, row in enumerate(rows, 1):
        for ch in row:
            if ch in "56789":
                raise ParseError(f"row {n} of corners: clue {ch}, but a corner ends 0 to 4 lines")
    if len(rows) < 2 or len(rows[0]) < 2:
        raise ParseError("a board's corners are 2 rows of 2 at least (one cell)")
    return Slant(tuple(tuple(PLAIN[ch] for ch in row) for row in rows))


def parse_id(text: str) -> Slant:
    """Tatham's ``WxH:desc``: the (W+1) x (H+1) corners in reading order, a digit ``0``..``4`` a
    clue, a letter ``a``..``z`` a run of 1..26 corners without; an optional ``slant:`` in front,
    and the generator's options after the size (``8x8dh``), are accepted."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    hint = "expected WxH before ':', e.g. 5x5"
    width, height = read_size(text, text[:colon], _PARAMS, hint, most_cells=MAX_CELLS)
    for i in range(colon + 1, len(text)):
        if text[i] in "56789":
            raise ParseError(f"clue {text[i]} {where(text, i)}: a corner ends 0 to 4 lines")
    cells, end = read_cells(text, colon + 1, (width + 1) * (height + 1), "01234", "description")
    if end < len(text):
        raise ParseError(f"unexpected {text[end]!r} {where(text, end)}: the board ends before it")
    flat = [None if ch is None else int(ch) for ch in cells]
    w = width + 1
    return Slant(tuple(tuple(flat[y * w : (y + 1) * w]) for y in range(height + 1)), True)


def format_id(puzzle: Slant) -> str:
    """The game ID, as the collection writes it."""
    cells = [None if n is None else str(n) for row in puzzle.points for n in row]
    return f"{puzzle.width}x{puzzle.height}:{write_cells(cells)}"


def format_plain(puzzle: Slant) -> str:
    """The corners, a row a line: a digit a clue, ``.`` none."""
    return "\n".join("".join("." if n is None else str(n) for n in row) for row in puzzle.points)


def format_puzzle(puzzle: Slant) -> str:
    """In the form it was read: a game ID, or the plain layout."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_solution(puzzle: Slant, solution: Lines, style: str = "grid") -> str:
    """``grid``: the diagonals, a row of ``\\`` and ``/`` a line; ``tatham``: the collection's
    solve move (``S``, then ``;\\x,y`` or ``;/x,y`` for each cell, in reading order)."""
    if style == "tatham":
        return "S" + "".join(
            f";{ch}{x},{y}" for y, row in enumerate(solution) for x, ch in enumerate(row)
        )
    return "\n".join("".join(row) for row in solution)


def to_json(puzzle: Slant, solution: Lines) -> list[str]:
    """H strings of ``\\`` and ``/`` (the corpus form)."""
    return list(solution)


def from_json(puzzle: Slant, data: object) -> Lines:
    """The solution ``to_json`` wrote."""
    w, h = puzzle.width, puzzle.height
    if (
        not isinstance(data, list)
        or len(data) != h
        or not all(isinstance(row, str) and len(row) == w for row in data)
    ):
        raise ParseError(f"a solution is {h} strings of {w} diagonals (\\ or /)")
    if any(ch not in (BACK, FORWARD) for row in data for ch in row):
        raise ParseError("a diagonal is \\ or /")
    return tuple(data)


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Slant:
    """``gokigen/COLS/ROWS/BODY``: number-4 over the (COLS+1) x (ROWS+1) corners."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number4(url.body, (url.cols + 1) * (url.rows + 1))
    puzzlink.done(url, rest)
    if any(n == puzzlink.UNKNOWN for n in numbers):
        raise puzzlink.refuse(url, "a '?' clue (a corner whose number is not told) is no rule "
                              "of gridsat's Slant")  # fmt: skip
    if any(n > 4 for n in numbers):
        raise puzzlink.refuse(url, "a corner ends 0 to 4 lines")
    w = url.cols + 1
    flat = [None if n == puzzlink.EMPTY else n for n in numbers]
    return Slant(tuple(tuple(flat[y * w : (y + 1) * w]) for y in range(url.rows + 1)))


def format_url(puzzle: Slant) -> str:
    """The puzz.link URL of the board, as pzprjs writes it."""
    numbers = [puzzlink.EMPTY if n is None else n for row in puzzle.points for n in row]
    return puzzlink.write("gokigen", puzzle.width, puzzle.height, puzzlink.write_number4(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """The corners as Python values, a row of W+1 a row: None, "" or "." no clue, 0-4 a clue."""
    return grid_text(rows, _cell, "a corner (None, '.', 0-4)", "")


def _cell(value: object) -> str | None:
    if value is None or value == "" or value == ".":
        return "."
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 4:
        return str(value)
    if isinstance(value, str) and value in "01234" and len(value) == 1:
        return value
    return None
