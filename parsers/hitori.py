"""Hitori boards: Simon Tatham's Singles game IDs (``5x5:4141552214332214512333445``), rows of
numbers a person types, and puzz.link's ``hitori`` URLs."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..puzzles.grid import Cell
from ..puzzles.hitori import Board, Hitori
from ..puzzles.shading import SHADED
from . import ParseError, is_digits, puzzlink
from .grid import grid_text
from .puzzlink import Url
from .shading import MAX_CELLS, layout, token_rows
from .tatham import clip, read_size, split_id, where

EXAMPLE = "5x5:4141552214332214512333445"
NAMES = ("singles", "hitori")
_PARAMS = re.compile(r"(\d+)x(\d+)(?:d[a-z])?", re.IGNORECASE)
"""``WxH``, and the difficulty the generator was asked for (``8x8de``)."""
DIGITS = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The collection's numbers 1..61, one character each."""
MARKS = {"#": True, "+": False}
"""After a number in the plain form: the cell is given shaded (``#``) or unshaded (``+``)."""


def parse(text: str) -> Hitori:
    """A game ID when the text has a ``:``, else rows of numbers."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def parse_id(text: str) -> Hitori:
    """Tatham's ``WxH:desc``: a character a cell in reading order, ``1``-``9`` then ``a``-``z``
    (10-35) and ``A``-``Z`` (36-61), each at most the board's longer side; an optional
    ``singles:`` in front and the difficulty after the size (``5x5de``) are accepted."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    params = text[:colon]
    width, height = read_size(
        text, params, _PARAMS, "expected WxH before ':', e.g. 5x5", most_cells=MAX_CELLS
    )
    most = max(width, height)
    desc = text[colon + 1 :]
    if len(desc) < width * height:
        raise ParseError(
            f"too few cells in the description: {len(desc)} of {width * height}, ending "
            f"{where(text, len(text))}"
        )
    numbers = []
    for k, ch in enumerate(desc):
        i = colon + 1 + k
        if k >= width * height:
            raise ParseError(f"too many cells in the description: {ch!r} {where(text, i)}")
        n = DIGITS.find(ch) + 1 if ch.isascii() and ch else 0
        if n <= 0:
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)}: a cell is 1-9, a-z (10-35) or A-Z (36-61)"
            )
        if n > most:
            raise ParseError(
                f"{n} ({ch!r}) {where(text, i)} is over {most}, the longer side of the board"
            )
        numbers.append(n)
    rows = tuple(tuple(numbers[r * width : (r + 1) * width]) for r in range(height))
    return Hitori(rows, tatham=True)


def parse_plain(text: str) -> Hitori:
    """Rows of numbers, one row a line: digits side by side, or numbers separated by spaces or
    commas; a number followed by ``#`` is given shaded, by ``+`` given unshaded."""
    rows: list[tuple[int, ...]] = []
    marks: dict[Cell, bool] = {}
    for r, cells in enumerate(token_rows(text, "#+", EXAMPLE)):
        row = []
        for c, (n, column, token) in enumerate(cells):
            body, mark = (token[:-1], token[-1]) if token[-1] in MARKS else (token, "")
            if not is_digits(body) or len(body) > 9 or int(body) < 1:
                raise ParseError(
                    f"line {n}, column {column}: {clip(token)!r} is not a cell (a number 1 or "
                    "more, followed by # when given shaded, + when given unshaded)"
                )
            row.append(int(body))
            if mark:
                marks[(r, c)] = MARKS[mark]
        rows.append(tuple(row))
    return Hitori(tuple(rows), marks)


def format_id(puzzle: Hitori) -> str:
    """The game ID, as the collection writes it; ValueError when it cannot say the puzzle."""
    w, h = puzzle.width, puzzle.height
    if puzzle.marks:
        raise ValueError("a game ID holds no given shading")
    if not (2 <= w <= 62 and 2 <= h <= 62):
        raise ValueError(f"a Singles board is 2 to 62 cells a side, not {w}x{h}")
    most = max(w, h)
    if any(v > most for row in puzzle.rows for v in row):
        raise ValueError(f"a Singles game ID holds numbers up to {most}, the longer side")
    return f"{w}x{h}:" + "".join(DIGITS[v - 1] for row in puzzle.rows for v in row)


def format_plain(puzzle: Hitori) -> str:
    """Rows of numbers: digits side by side when all are below 10 and unmarked, else separated
    by spaces; given marks after their numbers."""
    return _rows(puzzle, [[str(v) for v in row] for row in puzzle.rows], marks=True)


def _rows(puzzle: Hitori, texts: list[list[str]], marks: bool) -> str:
    if marks:
        for (r, c), shaded in puzzle.marks.items():
            texts[r][c] += "#" if shaded else "+"
    return layout(texts)


def format_puzzle(puzzle: Hitori) -> str:
    """In the form it was read: a game ID, or rows of numbers (always, when it has marks)."""
    if puzzle.tatham and not puzzle.marks:
        try:
            return format_id(puzzle)
        except ValueError:
            pass
    return format_plain(puzzle)


def format_solution(puzzle: Hitori, solution: Sequence[Sequence[str]], style: str = "grid") -> str:
    """The board with ``#`` for each shaded cell and the numbers of the others."""
    texts = [
        [
            "#" if ch == SHADED else str(puzzle.rows[r][c]) if ch == "0" else str(ch)
            for c, ch in enumerate(row)
        ]
        for r, row in enumerate(solution)
    ]
    return _rows(puzzle, texts, marks=False)


def to_json(puzzle: Hitori, solution: Board) -> list[str]:
    """H strings of ``0`` and ``1``, ``1`` a shaded cell (the corpus form)."""
    return ["".join(row) for row in solution]


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Hitori:
    """``hitori/COLS/ROWS/BODY``: a character a cell, base 36 (``0``-``9``, ``a``-``z``), ``-``
    and two such for 36 and more; ``.`` a cell with no number and ``@`` one not told, which
    gridsat's Hitori has no place for."""
    puzzlink.only_flags(url)
    body, cells = url.body, url.cols * url.rows
    numbers: list[int] = []
    i = 0
    while i < len(body) and len(numbers) < cells:
        ch = body[i]
        place = f"r{len(numbers) // url.cols + 1}c{len(numbers) % url.cols + 1}"
        if ch == "-" and re.fullmatch(r"[0-9a-z]{2}", body[i + 1 : i + 3]):
            value, i = int(body[i + 1 : i + 3], 36), i + 3
        elif re.fullmatch(r"[0-9a-z]", ch):
            value, i = int(ch, 36), i + 1
        elif ch in ".@%":
            what = "no number" if ch == "." else "a number not told"
            raise puzzlink.refuse(url, f"{place} has {what}: every Hitori cell holds a number")
        else:
            raise puzzlink.refuse(url, f"unexpected {ch!r} at character {i + 1} of the board")
        if value < 1:
            raise puzzlink.refuse(url, f"{place} holds 0: a Hitori number is 1 or more")
        numbers.append(value)
    if len(numbers) < cells:
        raise puzzlink.refuse(url, f"the board ends after {len(numbers)} of {cells} cells")
    puzzlink.done(url, body[i:])
    rows = tuple(tuple(numbers[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows))
    return Hitori(rows)


def format_url(puzzle: Hitori) -> str:
    """The puzz.link URL of the board (a setter's marks have no place in it)."""
    if puzzle.marks:
        raise ValueError("a URL holds no given shading")
    out = []
    for row in puzzle.rows:
        for v in row:
            if v < 36:
                out.append(_base36(v))
            elif v < 36 * 36:
                out.append("-" + _base36(v).rjust(2, "0"))
            else:
                raise ValueError(f"a puzz.link Hitori holds numbers below {36 * 36}, not {v}")
    return puzzlink.write("hitori", puzzle.width, puzzle.height, "".join(out))


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = digits[d] + out
        if not n:
            return out


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of numbers as Python values (ints 1 or more, or their digits)."""
    return grid_text(rows, _cell, "a number 1 or more")


def _cell(value: object) -> str | None:
    if isinstance(value, int) and value >= 1:
        return str(value)
    if isinstance(value, str) and is_digits(value) and len(value) <= 9 and int(value) >= 1:
        return value
    return None
