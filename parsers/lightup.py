"""Light Up boards: Simon Tatham's game IDs (``7x7:dBf0bB2q12b1f1d``) and plain layouts a person
types (rows of ``.``, ``#``, ``0``-``4``), told apart by the ID's ``:``."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..puzzles.grid import Cell
from ..puzzles.lightup import BLACK, CLUES, LIGHT, WHITE, Board, LightUp
from . import ParseError, puzzlink, uneven_row
from .grid import grid_text, one_character_cells
from .puzzlink import Url
from .tatham import read_cells, read_size, split_id, where, write_cells

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""

EXAMPLE = "7x7:dBf0bB2q12b1f1d"
NAMES = ("lightup", "light-up", "akari")
_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:b\d+)?(?:s\d+)?r?(?:d\d+)?", re.IGNORECASE)
"""``WxH``, and the generator's options that may follow it (``7x7b20s2d2``)."""
_SIZE_LINE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*")

PLAIN_WHITE = ".-_"
PLAIN_BLACK = "#XxBb"
PLAIN_LIGHT = "L"
PLAIN_DARK = "+"
"""A white cell given no light (a setter's mark)."""


def parse(text: str) -> LightUp:
    """A game ID when the text has a ``:``, else a plain layout."""
    stripped = text.strip()
    if ":" in text or (_PARAMS.fullmatch(stripped) and "x" in stripped.lower()):
        return parse_id(text)  # an ID, or a size alone: an ID without its description
    return parse_plain(text)


def parse_id(text: str) -> LightUp:
    """Tatham's ``WxH:desc``: ``0``-``4`` a black cell with that clue, ``B`` a black cell, a
    letter ``a``..``z`` a run of 1..26 white cells, in reading order; an optional ``lightup:``
    in front, and the generator's options after the size (``7x7b20s2d2``), are accepted."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    params = text[:colon]
    hint = "expected WxH before ':', e.g. 7x7"
    width, height = read_size(text, params, _PARAMS, hint, most_cells=MAX_CELLS)
    for i in range(colon + 1, len(text)):
        if text[i] in "56789":
            raise ParseError(f"clue {text[i]} {where(text, i)}: a black cell shows 0 to 4 lights")
    cells, end = read_cells(text, colon + 1, width * height, CLUES + "B", "description")
    if end < len(text):
        raise ParseError(f"unexpected {text[end]!r} {where(text, end)}: the board ends before it")
    flat = [WHITE if ch is None else BLACK if ch == "B" else ch for ch in cells]
    rows = tuple("".join(flat[r * width : (r + 1) * width]) for r in range(height))
    return LightUp(rows, tatham=True)


def parse_plain(text: str) -> LightUp:
    """Rows of cells, one row a line: ``.`` (or ``-``, ``_``) white, ``#`` (or ``X``, ``B``)
    black, ``0``-``4`` black with a clue; ``L`` a white cell given a light and ``+`` one given
    none. Cells may be separated by spaces or commas; an optional first line ``WxH`` is checked."""
    lines = [line.rstrip() for line in text.splitlines()]
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise ParseError(
            f"empty input: expected a board of . # 0-4, or a game ID such as {EXAMPLE}"
        )
    size = _SIZE_LINE.fullmatch(numbered[0][1])
    if size and len(numbered) > 1:
        declared = (int(size[1]), int(size[2]))
        try:
            puzzle = _board(numbered[1:])
        except ParseError:
            puzzle = None
        if puzzle is not None and (puzzle.width, puzzle.height) == declared:
            return puzzle
        try:  # a first row of cells that reads like a size: 1x1 is clue, black, clue
            return _board(numbered)
        except ParseError:
            pass
        if declared[0] * declared[1] > MAX_CELLS:
            raise ParseError(
                f"line 1: size {declared[0]}x{declared[1]} is over the limit of {MAX_CELLS} cells"
            ) from None
        if puzzle is not None:
            raise ParseError(
                f"line 1 declares {declared[0]}x{declared[1]}, but the board below it is "
                f"{puzzle.width}x{puzzle.height}"
            ) from None
        return _board(numbered[1:])
    return _board(numbered)


def _board(numbered: list[tuple[int, str]]) -> LightUp:
    """The rows of a plain layout, each with its line number."""
    if len(numbered) > MAX_CELLS:
        raise ParseError(f"{len(numbered)} rows: the limit is {MAX_CELLS} cells")
    rows: list[str] = []
    marks: dict[Cell, bool] = {}
    width = 0
    for r, (n, line) in enumerate(numbered):
        cells = one_character_cells(line, n)
        if r == 0:
            width = len(cells)
        elif len(cells) != width:
            raise uneven_row(f"line {n}", len(cells), width)
        row = []
        for c, (column, ch) in enumerate(cells):
            if ch in PLAIN_WHITE:
                row.append(WHITE)
            elif ch in PLAIN_BLACK:
                row.append(BLACK)
            elif ch in CLUES:
                row.append(ch)
            elif ch in (PLAIN_LIGHT, PLAIN_DARK):
                row.append(WHITE)
                marks[(r, c)] = ch == PLAIN_LIGHT
            elif ch in "56789":
                raise ParseError(
                    f"line {n}, column {column}: clue {ch}, but a black cell shows 0 to 4 lights"
                )
            else:
                raise ParseError(
                    f"line {n}, column {column}: {ch!r} is not a cell (. white, # or X black, "
                    "0-4 numbered black, L a given light, + given no light)"
                )
        rows.append("".join(row))
        if width * len(rows) > MAX_CELLS:
            raise ParseError(f"line {n}: the board passes the limit of {MAX_CELLS} cells")
    return LightUp(tuple(rows), marks)


def format_id(puzzle: LightUp) -> str:
    """The game ID, as the collection writes it."""
    cells = [
        None if ch == WHITE else "B" if ch == BLACK else ch for row in puzzle.rows for ch in row
    ]
    return f"{puzzle.width}x{puzzle.height}:{write_cells(cells)}"


def format_plain(puzzle: LightUp) -> str:
    """The plain layout, marks included."""
    out = []
    for r, row in enumerate(puzzle.rows):
        line = []
        for c, ch in enumerate(row):
            mark = puzzle.marks.get((r, c))
            line.append(ch if mark is None else PLAIN_LIGHT if mark else PLAIN_DARK)
        out.append("".join(line))
    return "\n".join(out)


def format_puzzle(puzzle: LightUp) -> str:
    """In the form it was read: a game ID, or the plain layout (always, when it has marks,
    which an ID cannot carry)."""
    if puzzle.tatham and not puzzle.marks:
        return format_id(puzzle)
    return format_plain(puzzle)


def format_solution(puzzle: LightUp, solution: Sequence[Sequence[str]], style: str = "grid") -> str:
    """The board with ``L`` for each light (``grid``: black cells as the puzzle shows them, a
    layout that reads back as a puzzle), or the collection's solve move (``tatham``: ``S``, then
    ``;Lx,y`` for each light, column by column, as its solver writes it from a fresh board)."""
    if style == "tatham":
        moves = [
            f";L{c},{r}"
            for c in range(puzzle.width)
            for r in range(puzzle.height)
            if solution[r][c] == LIGHT
        ]
        return "S" + "".join(moves)
    return "\n".join(
        "".join(puzzle.rows[r][c] if ch == BLACK else ch for c, ch in enumerate(row))
        for r, row in enumerate(solution)
    )


def to_json(puzzle: LightUp, solution: Board) -> list[str]:
    """H strings: ``L`` a light, ``#`` a black cell, ``.`` a lit empty cell (the corpus form)."""
    return ["".join(row) for row in solution]


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> LightUp:
    """``akari/COLS/ROWS/BODY``: number-4 over the cells, a number a black cell with that clue,
    ``.`` a black cell with none."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number4(url.body, url.cols * url.rows)
    puzzlink.done(url, rest)
    flat = [
        WHITE if n == puzzlink.EMPTY else BLACK if n == puzzlink.UNKNOWN else str(n)
        for n in numbers
    ]
    rows = tuple("".join(flat[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows))
    return LightUp(rows)


def format_url(puzzle: LightUp) -> str:
    """The puzz.link URL of the board (a setter's marks have no place in it)."""
    if puzzle.marks:
        raise ValueError("a URL holds no given lights or marks")
    numbers = [
        puzzlink.EMPTY if ch == WHITE else puzzlink.UNKNOWN if ch == BLACK else int(ch)
        for row in puzzle.rows
        for ch in row
    ]
    return puzzlink.write("akari", puzzle.width, puzzle.height, puzzlink.write_number4(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: None, "" or "." white, "#" black, 0-4 (a number or its
    digit) black with that clue, "L" a given light, "+" a white cell given none."""
    return grid_text(rows, _cell, "a cell (None, '.', '#', 0-4, 'L', '+')", "")


def _cell(value: object) -> str | None:
    if value is None or value == "":
        return WHITE
    if isinstance(value, int) and 0 <= value <= 4:
        return str(value)
    if isinstance(value, str) and len(value) == 1 and value in f"{WHITE}{BLACK}{CLUES}LX+":
        return value
    return None
