"""Plain layouts of boards whose cells hold a clue or nothing (Shikaku, Fillomino, Palisade):
one row a line, cells separated by spaces or commas (one character each when a line has no
separator), an optional first line ``WxH`` checked against the board; errors name the line and
the column."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from . import ParseError, uneven_row
from .grid import line_cells
from .tatham import clip

T = TypeVar("T")

_SIZE_LINE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*")


def read_rows(
    text: str, cell: Callable[[str], T], what: str, example: str, most: int
) -> list[list[T]]:
    """The rows of ``text``, each token read by ``cell`` (ValueError with the reason when it is
    no cell: the error names the line and column); ``what`` says what a cell may be, for the
    error on empty input with ``example``; ``most`` cells at the most."""
    lines = [line.rstrip() for line in text.splitlines()]
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise ParseError(f"empty input: expected rows of {what}, or a game ID such as {example}")
    declared = None
    size = _SIZE_LINE.fullmatch(numbered[0][1])
    if size and len(numbered) > 1:
        declared = (int(size[1]), int(size[2]))
        numbered = numbered[1:]
        if declared[0] * declared[1] > most:
            raise ParseError(
                f"line 1: size {declared[0]}x{declared[1]} is over the limit of {most} cells"
            )
    if len(numbered) > most:
        raise ParseError(f"{len(numbered)} rows: the limit is {most} cells")
    rows: list[list[T]] = []
    width = 0
    for n, line in numbered:
        tokens = line_cells(line)
        if not rows:
            width = len(tokens)
        elif len(tokens) != width:
            raise uneven_row(f"line {n}", len(tokens), width)
        row = []
        for column, token in tokens:
            try:
                row.append(cell(token))
            except ValueError as e:
                raise ParseError(f"line {n}, column {column}: {clip(token)!r} {e}") from None
        rows.append(row)
        if width * len(rows) > most:
            raise ParseError(f"line {n}: the board passes the limit of {most} cells")
    if declared is not None and declared != (width, len(rows)):
        raise ParseError(
            f"line 1 declares {declared[0]}x{declared[1]}, but the board below it is "
            f"{width}x{len(rows)}"
        )
    return rows


def write_rows(rows: list[list[str]]) -> str:
    """Rows of tokens, right-aligned in columns, one row a line (a board one cell wide ends
    each line with a comma, so that a number of two digits reads as one cell)."""
    width = max((len(t) for row in rows for t in row), default=1)
    end = "," if rows and len(rows[0]) == 1 else ""
    return "\n".join(" ".join(t.rjust(width) for t in row) + end for row in rows)
