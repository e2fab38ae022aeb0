"""Kakuro boards: rows of cells a person types (``10\\4`` a black cell with its sums) and
puzz.link's ``kakuro`` URLs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.kakuro import BLACK, MOST, Board, Clue, Kakuro, Square, is_black
from . import ParseError, is_digits, puzzlink, uneven_row
from .puzzlink import Url
from .shading import MAX_CELLS
from .tatham import clip

EXAMPLE = "#  10\\  \\4  .  ."
BLANKS = "._"


def parse(text: str) -> Kakuro:
    """Rows of cells, one row a line, separated by spaces (or commas): ``.`` (or ``_``) a white
    cell, a digit 1-9 a white cell given that digit, ``#`` a black cell, ``DOWN\\ACROSS`` a
    black cell with the sum of the run below it and of the run right of it (either side empty:
    ``10\\``, ``\\4``, ``\\``). A line of one-character cells may run them together (``#..``).
    A puzz.link URL is read too (``parse_url``)."""
    if puzzlink.is_url(text):
        return parse_url(puzzlink.split(text, ("kakuro",)))
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not numbered:
        raise ParseError(f"empty input: expected rows of cells, such as {EXAMPLE!r}")
    rows: list[tuple[Square, ...]] = []
    for n, line in numbered:
        body = line.rstrip()
        if re.search(r"[\s,]", body.strip()) or "\\" in body:
            found = [(m.start() + 1, m[0]) for m in re.finditer(r"[^\s,]+", body)]
        else:
            found = [(m.start() + 1, m[0]) for m in re.finditer(r"\S", body)]
        row = tuple(_square(token, n, column) for column, token in found)
        if rows and len(row) != len(rows[0]):
            raise uneven_row(f"line {n}", len(row), len(rows[0]))
        rows.append(row)
        if len(rows) * len(rows[0]) > MAX_CELLS:
            raise ParseError(f"line {n}: the board passes the limit of {MAX_CELLS} cells")
    return Kakuro(tuple(rows))


def _square(token: str, n: int, column: int) -> Square:
    """One typed cell."""
    if token in BLANKS:
        return 0
    if len(token) == 1 and token in "123456789":
        return int(token)
    if token == BLACK:
        return (None, None)
    if token.count("\\") == 1:
        down, across = token.split("\\")
        return (_sum(down, token, n, column), _sum(across, token, n, column))
    raise ParseError(
        f"line {n}, column {column}: '{clip(token)}' is not a cell (. white, a digit 1-9 given, "
        "# black, DOWN\\ACROSS a black cell with sums such as 10\\4, 10\\ or \\4)"
    )


def _sum(text: str, token: str, n: int, column: int) -> int | None:
    if not text:
        return None
    if not is_digits(text) or not 1 <= int(text) <= MOST:
        raise ParseError(
            f"line {n}, column {column}: '{clip(token)}' has the sum '{clip(text)}', not a "
            f"number 1 to {MOST}"
        )
    return int(text)


def _text(square: Square) -> str:
    if not is_black(square):
        return str(square) if square else "."
    assert isinstance(square, tuple)
    down, across = square
    if down is None and across is None:
        return BLACK
    return f"{'' if down is None else down}\\{'' if across is None else across}"


def format_puzzle(puzzle: Kakuro) -> str:
    """Rows of cells separated by spaces, right-aligned."""
    return _layout([[_text(v) for v in row] for row in puzzle.rows])


def _layout(texts: list[list[str]]) -> str:
    size = max(len(t) for row in texts for t in row)
    return "\n".join(" ".join(t.rjust(size) for t in row) for row in texts)


def format_solution(puzzle: Kakuro, solution: Sequence[str], style: str = "grid") -> str:
    """The board as the puzzle is written, each white cell showing its digit (which reads back
    as the puzzle with every digit given)."""
    return _layout(
        [
            [_text(v) if is_black(v) else str(solution[r][c]) for c, v in enumerate(row)]
            for r, row in enumerate(puzzle.rows)
        ]
    )


def to_json(puzzle: Kakuro, solution: Board) -> list[str]:
    """H strings: ``#`` a black cell, the digit of each white one."""
    return ["".join(row) for row in solution]


def from_json(puzzle: Kakuro, data: Any) -> Board:
    """A solution as ``to_json`` writes it (the checker judges it)."""
    if not isinstance(data, list) or not all(isinstance(row, str) for row in data):
        raise ParseError("a Kakuro solution is a list of strings, one a row")
    return tuple(data)


# -- puzz.link URLs ------------------------------------------------------------------------------

_VALUE = "0123456789abcdefghij"
"""pzprjs's sums 0..19 a character each; ``A``-``Z`` are 20..45; ``-`` no sum."""


def _decval(ch: str) -> int | None:
    """A sum as pzprjs reads it: 0 and ``-`` (and anything else) are no sum."""
    if ch and ch in _VALUE:
        value = _VALUE.index(ch)
    elif ch and "A" <= ch <= "Z":
        value = ord(ch) - ord("A") + 20
    else:
        return None
    return value or None


def _encval(value: int | None) -> str:
    if value is None:
        return "0"
    if value < 20:
        return _VALUE[value]
    if value <= MOST:
        return chr(ord("A") + value - 20)
    raise ValueError(f"a puzz.link Kakuro sum is 1 to {MOST}, not {value}")


def parse_url(url: Url) -> Kakuro:
    """``kakuro/COLS/ROWS/BODY``: the cells in reading order, ``k``-``z`` a run of 1 to 16 white
    cells, ``.`` a black cell without sums and two characters a black cell with its down and
    across sums (``0``-``9``, ``a``-``j`` 10-19, ``A``-``Z`` 20-45, ``0`` or ``-`` none); then
    the sums outside the board: above each column whose top cell is white, then left of each
    row whose first cell is white. The board read has that row and column of sums added."""
    puzzlink.only_flags(url)
    body, cols, rows = url.body, url.cols, url.rows
    cells: list[Square] = []
    i = 0
    while i < len(body) and len(cells) < cols * rows:
        ch = body[i]
        if "k" <= ch <= "z":
            cells += [0] * (int(ch, 36) - 19)
            i += 1
        elif ch == ".":
            cells.append((None, None))
            i += 1
        elif ch in _VALUE or "A" <= ch <= "Z" or ch == "-":
            if i + 1 >= len(body):
                raise puzzlink.refuse(url, f"the black cell at character {i + 1} has one sum")
            cells.append((_decval(ch), _decval(body[i + 1])))
            i += 2
        else:
            raise puzzlink.refuse(url, f"unexpected {ch!r} at character {i + 1} of the board")
    if len(cells) < cols * rows:
        raise puzzlink.refuse(url, f"the board ends after {len(cells)} of {cols * rows} cells")
    if len(cells) > cols * rows:
        raise puzzlink.refuse(url, "a run of white cells passes the board's last cell")
    grid = [cells[r * cols : (r + 1) * cols] for r in range(rows)]
    top: list[Square] = [(None, None)]
    for c in range(cols):
        if is_black(grid[0][c]):
            top.append((None, None))
        else:
            top.append((_decval(body[i : i + 1]), None))
            i += 1
    board = [tuple(top)]
    for r in range(rows):
        left: Clue = (None, None)
        if not is_black(grid[r][0]):
            left = (None, _decval(body[i : i + 1]))
            i += 1
        board.append((left, *grid[r]))
    puzzlink.done(url, body[i:])
    return Kakuro(tuple(board))


def format_url(puzzle: Kakuro) -> str:
    """The puzz.link URL: the top row and left column are its sums outside the board;
    ValueError for a board that is not so framed, or gives digits."""
    if puzzle.digits():
        raise ValueError("a puzz.link Kakuro gives no digits in white cells")
    h, w = puzzle.height, puzzle.width
    frame = [(0, c) for c in range(w)] + [(r, 0) for r in range(1, h)]
    if h < 2 or w < 2 or not all(is_black(puzzle.rows[r][c]) for r, c in frame):
        raise ValueError("a puzz.link Kakuro has its top row and left column black (its sums)")
    corner = puzzle.rows[0][0]
    sums: list[tuple[int | None, bool]] = []  # (a sum outside the board, whether it is written)
    for c in range(1, w):
        down, across = _clue(puzzle.rows[0][c])
        sums.append((down, not is_black(puzzle.rows[1][c])))
        if across is not None:
            raise ValueError(f"r1c{c + 1} has an across sum, but no run starts right of it")
    right = []
    for r in range(1, h):
        down, across = _clue(puzzle.rows[r][0])
        right.append((across, not is_black(puzzle.rows[r][1])))
        if down is not None:
            raise ValueError(f"r{r + 1}c1 has a down sum, but no run starts below it")
    if corner != (None, None):
        raise ValueError("r1c1 holds a sum, but no run starts beside it")
    for value, written in sums + right:
        if value is not None and not written:
            raise ValueError("a sum on the top row or left column has no run beside it")
    out = []
    count = 0
    for r in range(1, h):
        for c in range(1, w):
            square = puzzle.rows[r][c]
            if not is_black(square):
                count += 1
                if count == 16:
                    out.append(_skip(count))
                    count = 0
                continue
            if count:
                out.append(_skip(count))
                count = 0
            down, across = _clue(square)
            out.append("." if down is None and across is None else _encval(down) + _encval(across))
    if count:
        out.append(_skip(count))
    out += [_encval(value) for value, written in sums + right if written]
    return puzzlink.write("kakuro", w - 1, h - 1, "".join(out))


def _clue(square: Square) -> Clue:
    assert isinstance(square, tuple)
    return square


def _skip(count: int) -> str:
    """A run of 1 to 16 white cells."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[count + 19]
