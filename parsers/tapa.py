"""Tapa boards: rows of cells a person types, a clue's numbers written together or split by
``/`` or ``,``, and puzz.link's ``tapa`` URLs (the genre's own clue code)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.tapa import UNKNOWN, Board, Clue, Tapa, clue_problem, clue_text
from . import ParseError, is_digits, puzzlink, uneven_row
from .grid import grid_text
from .puzzlink import Url
from .shading import MAX_CELLS, dark_rows, layout, shaded_layout
from .tatham import clip

EXAMPLE = "https://puzz.link/p?tapa/5/5/3n5hchhajn2"
BLANKS = ".-_"
"""A cell without a clue."""
ASKED = "?"
"""A number of a clue not told."""
GIVEN = "#"
"""A cell given shaded, in the plain form."""
OPEN = "+"
"""An unshaded cell without a clue, in a printed solution."""
CELL = "a cell (. blank, a clue such as 3, 113, 1/1/3 or 1?, # given shaded)"


def parse(text: str) -> Tapa:
    """A puzz.link URL, or rows of cells, one row a line, separated by spaces: ``.`` (or ``-``,
    ``_``) a cell without a clue, a clue its numbers written together or split by ``/`` or
    ``,`` (``?`` a number not told; ``-`` too among several, as pzprjs's files write it),
    ``#`` a cell given shaded. A line without spaces is a character a cell (a line of one
    clue split by ``/`` or ``,``: that one cell)."""
    if puzzlink.is_url(text):
        return parse_url(puzzlink.split(text, ("tapa",)))
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not numbered:
        raise ParseError(f"empty input: expected rows of cells, or a URL such as {EXAMPLE}")
    if len(numbered) > MAX_CELLS:
        raise ParseError(f"{len(numbered)} rows: the limit is {MAX_CELLS} cells")
    rows: list[tuple[Clue | None, ...]] = []
    marks = set()
    for n, line in numbered:
        cells = _tokens(line)
        if rows and len(cells) != len(rows[0]):
            raise uneven_row(f"line {n}", len(cells), len(rows[0]))
        if (len(rows) + 1) * len(cells) > MAX_CELLS:
            raise ParseError(f"line {n}: the board passes the limit of {MAX_CELLS} cells")
        row: list[Clue | None] = []
        for column, token in cells:
            if token == GIVEN:
                marks.add((len(rows), len(row)))
                row.append(None)
            else:
                row.append(_cell(token, f"line {n}, column {column}"))
        rows.append(tuple(row))
    return Tapa(tuple(rows), frozenset(marks))


def _tokens(line: str) -> list[tuple[int, str]]:
    """A line's cells with their columns (from 1): tokens between spaces, else a character
    each (a line that is one clue split by ``/`` or ``,``: one cell)."""
    body = line.strip()
    lead = len(line) - len(line.lstrip())
    if re.search(r"\s", body) or re.search(r"[/,]", body):
        return [(lead + m.start() + 1, m[0]) for m in re.finditer(r"\S+", body)]
    return [(lead + k + 1, ch) for k, ch in enumerate(body)]


def _cell(token: str, where: str) -> Clue | None:
    """A token as a cell: None for a blank, else a clue; ParseError naming ``where``."""
    if token in BLANKS:
        return None
    parts = re.split(r"[/,]", token) if re.search(r"[/,]", token) else list(token)
    numbers = []
    for part in parts:
        if part == ASKED or (part == "-" and len(parts) > 1):  # (pzprjs's files: 3,-,1)
            numbers.append(UNKNOWN)
        elif is_digits(part) and len(part) <= 2:
            numbers.append(int(part))
        else:
            raise ParseError(f"{where}: {clip(token)!r} is not {CELL}")
    clue = tuple(numbers)
    problem = clue_problem(clue)
    if problem is not None:
        raise ParseError(f"{where}: {problem}")
    return clue


def _texts(puzzle: Tapa) -> list[list[str]]:
    return [
        [GIVEN if (r, c) in puzzle.marks else "." if v is None else clue_text(v)
         for c, v in enumerate(row)]
        for r, row in enumerate(puzzle.rows)
    ]  # fmt: skip


def format_puzzle(puzzle: Tapa) -> str:
    """Rows of cells: side by side when every clue is one number, else separated by spaces, a
    clue's numbers written together."""
    return layout(_texts(puzzle))


def format_solution(puzzle: Tapa, solution: Sequence[str], style: str = "grid") -> str:
    """The board with the clues, ``#`` for each shaded cell and ``+`` for the other unshaded
    cells (``?`` where a cell is marked)."""
    return shaded_layout(_texts(puzzle), solution, OPEN)


def to_json(puzzle: Tapa, solution: Board) -> list[str]:
    """H strings, ``#`` a shaded cell and ``.`` an unshaded one."""
    return list(solution)


def from_json(puzzle: Tapa, data: Any) -> Board:
    """A solution given as strings of ``#`` and ``.``, a string a row."""
    return dark_rows(data)


# -- puzz.link URLs ------------------------------------------------------------------------------

TWO, THREE, FOUR, PAST = 360, 396, 460, 476
"""Where the two-character codes of clues of two, three and four numbers start (base 36)."""


def read_tapa(body: str, places: int) -> tuple[list[Clue | None], str]:
    """pzprjs's Tapa code (``decodeNumber_tapa``): ``0``..``8`` a number, ``9`` the clue 1111,
    ``.`` a ``?``, two characters from ``a0`` to ``d7`` a clue of two numbers (360 + 6a + b),
    three (396 + 16a + 4b + c) or four (460 + a bit a number), 0 standing for ``?``; ``g``..``z``
    1..20 cells without a clue. The places' clues and the rest."""
    out: list[Clue | None] = [None] * places
    i = c = 0
    while i < len(body) and c < places:
        ch = body[i]
        if "0" <= ch <= "8":
            out[c] = (int(ch),)
        elif ch == "9":
            out[c] = (1, 1, 1, 1)
        elif ch == ".":
            out[c] = (UNKNOWN,)
        elif "a" <= ch <= "f":
            pair = body[i : i + 2]
            value = int(pair, 36) if re.fullmatch(r"[a-f][0-9a-z]", pair) else -1
            if not TWO <= value < PAST:
                raise ParseError(f"unexpected {pair!r} at character {i + 1} of the board")
            out[c] = _numbers(value)
            i += 1
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 16
        else:
            raise ParseError(f"unexpected {ch!r} at character {i + 1} of the board")
        i, c = i + 1, c + 1
    return out, body[i:]


def _numbers(value: int) -> Clue:
    """A clue of two to four numbers from its code's value, 0 standing for ``?``."""
    if value < THREE:
        digits = [(value - TWO) // 6, (value - TWO) % 6]
    elif value < FOUR:
        v = value - THREE
        digits = [v // 16, v // 4 % 4, v % 4]
    else:
        v = value - FOUR
        digits = [v >> 3 & 1, v >> 2 & 1, v >> 1 & 1, v & 1]
    return tuple(d or UNKNOWN for d in digits)


def write_tapa(clues: Sequence[Clue | None]) -> str:
    """pzprjs's Tapa code as it writes it (``encodeNumber_tapa``): runs of cells without a clue
    cut at 20."""
    return puzzlink.write_runs("" if clue is None else _token(clue) for clue in clues)


def _token(clue: Clue) -> str:
    def d(n: int) -> int:
        return 0 if n == UNKNOWN else n

    if len(clue) == 1:
        return "." if clue[0] == UNKNOWN else str(clue[0])
    if len(clue) == 2:
        value = TWO + 6 * d(clue[0]) + d(clue[1])
    elif len(clue) == 3:
        value = THREE + 16 * d(clue[0]) + 4 * d(clue[1]) + d(clue[2])
    elif clue == (1, 1, 1, 1):
        return "9"
    else:
        value = FOUR + sum(8 >> k for k, n in enumerate(clue) if n != UNKNOWN)
    return _base36(value)


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[n // 36] + digits[n % 36]


def parse_url(url: Url) -> Tapa:
    """``tapa/COLS/ROWS/BODY``: Tapa's own clue code over the cells."""
    puzzlink.only_flags(url)
    try:
        clues, rest = read_tapa(url.body, url.cols * url.rows)
    except ParseError as e:
        raise puzzlink.refuse(url, str(e)) from None
    puzzlink.done(url, rest)
    for i, clue in enumerate(clues):
        problem = None if clue is None else clue_problem(clue)
        if problem is not None:
            raise puzzlink.refuse(url, f"r{i // url.cols + 1}c{i % url.cols + 1}: {problem}")
    rows = tuple(tuple(clues[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows))
    return Tapa(rows)


def format_url(puzzle: Tapa) -> str:
    """The puzz.link URL of the board (a setter's marks have no place in it)."""
    if puzzle.marks:
        raise ValueError("a URL holds no given shading")
    clues = [v for row in puzzle.rows for v in row]
    return puzzlink.write("tapa", puzzle.width, puzzle.height, write_tapa(clues))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: None, "" or "." without a clue, a clue as a number, its
    text ("113", "1/1/3") or a list of numbers (``[1, 1, 3]``, "?" a number not told), "#"
    given shaded."""
    return grid_text(rows, _value, CELL)


def _value(value: object) -> str | None:
    if value is None or value == "":
        return "."
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 8:
        return str(value)
    if isinstance(value, (list, tuple)) and value:
        parts = [_value(v) for v in value]
        if any(p is None or p in ("#", ".") for p in parts):
            return None
        return "/".join(p for p in parts if p is not None)
    if isinstance(value, str) and value.strip() and not re.search(r"\s", value):
        return value
    return None
