"""One reader for boards of numbers as people publish them (Hidato, Numbrix, magic boards).

Rows on lines; tokens split by spaces, tabs or commas; brackets, braces, ``|`` and trailing ``;``
ignored, so Python lists, C initialisers and printed boards read as they are. A given is a
positive integer; a blank is a run of underscores, ``.``, ``-``, ``0`` or ``?``; a hole (no cell)
is ``..``, ``#``, ``X`` or ``XX``, and ``.`` when the board also writes blanks with underscores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..puzzles.grid import Rows
from . import ParseError, is_digits

Cell = int | None
"""A given number (> 0), a blank (0), or a hole (None)."""
BLANK, HOLE = 0, None

MAX_CELLS = 10_000
"""Boards above this many cells (100x100) are refused before they are read further."""

_HOLES = {"..", "#", "x", "xx"}
_BLANKS = {".", "-", "?", "0"}
_RULE = re.compile(r"[=\-+]{3,}")
_SIZE = re.compile(r"(\d+)\s*[xX]\s*(\d+)|(\d+)")
_NESTED_ROW_BREAK = re.compile(r"[\]}]\s*[,;]?\s*[\[{]")
_SPLIT = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class NumberBoard(Rows):
    """Rows of cells, all of one length: givens, blanks (0) and holes (None)."""

    rows: tuple[tuple[Cell, ...], ...]


def read_board(text: str, blank: str | None = None, hole: str | None = None) -> NumberBoard:
    """The board in ``text``; ``blank`` and ``hole`` name the tokens for those, overriding the
    guess. Errors name the row and column (of the board, counted from 1)."""
    lines = _lines(text)
    expected = None
    if len(lines) > 1 and _SIZE.fullmatch(lines[0]) and _is_header(lines[0], lines[1]):
        expected = _size(lines[0])
        lines = lines[1:]
    if not lines:
        raise ParseError("empty board: no rows of numbers found")
    rows_of_tokens = []
    count = 0
    for line in lines:
        tokens = [t for t in _SPLIT.split(line) if t]
        count += len(tokens)
        if count > MAX_CELLS:
            raise ParseError(f"the board has over {MAX_CELLS} cells; that is the limit")
        rows_of_tokens.append(tokens)
    underscores = any(t.strip("_") == "" for row in rows_of_tokens for t in row)
    rows = []
    for r, tokens in enumerate(rows_of_tokens, 1):
        rows.append(
            tuple(_cell(t, r, c, blank, hole, underscores) for c, t in enumerate(tokens, 1))
        )
    width = len(rows[0])
    for r, row in enumerate(rows, 1):
        if len(row) != width:
            raise ParseError(
                f"row {r} has {len(row)} cells but row 1 has {width}: "
                "every row needs the same number of cells (holes count)"
            )
    if expected and expected != (width, len(rows)):
        raise ParseError(
            f"the first line says {expected[0]}x{expected[1]} but the board is "
            f"{width}x{len(rows)} (columns x rows)"
        )
    return NumberBoard(tuple(rows))


def format_board(board: NumberBoard) -> str:
    """The board as aligned tokens, blanks as underscores and holes as ``.``: it reads back."""
    width = max((len(str(v)) for row in board.rows for v in row if v is not None), default=1)

    def token(v: Cell) -> str:
        if v is HOLE:
            return ".".rjust(width)
        return "_" * width if v == BLANK else str(v).rjust(width)

    return "\n".join(" ".join(token(v) for v in row) for row in board.rows)


def _lines(text: str) -> list[str]:
    """The board's rows as text, brackets and decoration removed, empty lines dropped."""
    text = text.replace("\ufeff", "").strip()
    if "\n" not in text and _NESTED_ROW_BREAK.search(text):
        text = _NESTED_ROW_BREAK.sub("\n", text)  # [[2, 7, 6], [9, 5, 1]] -> rows
    out = []
    for raw in text.splitlines():
        line = re.sub(r"[\[\]{}|]", " ", raw).strip().rstrip(";,").strip()
        if line and not _RULE.fullmatch(line):
            out.append(line)
    return out


def _is_header(first: str, second: str) -> bool:
    """``6x6`` is always a size line; a lone number is one when the rows that follow are wider."""
    return "x" in first.lower() or len([t for t in _SPLIT.split(second) if t]) > 1


def _size(line: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(line)
    assert match is not None
    if match[3]:
        n = int(match[3])
        width = height = n
    else:
        width, height = int(match[1]), int(match[2])
    if width * height > MAX_CELLS:
        raise ParseError(
            f"the first line asks for {width}x{height} = {width * height} cells; "
            f"the limit is {MAX_CELLS}"
        )
    return width, height


def _cell(
    token: str, r: int, c: int, blank: str | None, hole: str | None, underscores: bool
) -> Cell:
    """One token: a given, a blank or a hole."""
    if hole is not None and token == hole:
        return HOLE
    if blank is not None and token == blank:
        return BLANK
    if is_digits(token):
        if len(token) > 9:
            raise ParseError(f"number {token[:12]}... at row {r}, column {c} is too large")
        return int(token)  # 0 and 00 are blanks
    if token.strip("_") == "":
        return BLANK
    if token == ".":
        return HOLE if underscores else BLANK
    if token in _BLANKS:
        return BLANK
    if token.lower() in _HOLES:
        return HOLE
    shown = token if len(token) <= 12 else token[:12] + "..."
    raise ParseError(
        f"unknown token {shown!r} at row {r}, column {c} (a number, _ or . for a "
        "blank, # or X for a hole; --blank/--hole name others)"
    )
