"""What the plain layouts of shading puzzles share: rows of cells a person types, one
character each side by side, or tokens separated by spaces or commas (numbers past 9); an
answer drawn over the clues; an answer read back from JSON rows of ``#`` and ``.``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..puzzles.shading import DARK, LIGHT
from . import ParseError, uneven_row
from .grid import char_rows, line_cells

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""


def token_rows(text: str, single: str, example: str) -> list[list[tuple[int, int, str]]]:
    """The rows of a layout, each a list of (line, column, token): tokens separated by spaces or
    commas, or, on a line with neither, a character each, those of ``single`` joined to the
    character before them (a mark after a number). Rows of one length; an error names where."""
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not numbered:
        raise ParseError(f"empty input: expected rows of cells, or a game ID such as {example}")
    if len(numbered) > MAX_CELLS:
        raise ParseError(f"{len(numbered)} rows: the limit is {MAX_CELLS} cells")
    rows: list[list[tuple[int, int, str]]] = []
    for n, line in numbered:
        cells = [(n, column, token) for column, token in line_cells(line, single)]
        if not cells:
            raise ParseError(f"line {n}: no cells, only separators")
        if rows and len(cells) != len(rows[0]):
            raise uneven_row(f"line {n}", len(cells), len(rows[0]))
        rows.append(cells)
        if len(rows[0]) * len(rows) > MAX_CELLS:
            raise ParseError(f"line {n}: the board passes the limit of {MAX_CELLS} cells")
    return rows


def layout(texts: Sequence[Sequence[str]]) -> str:
    """Rows of cells as a person writes them: side by side when every cell is one character,
    else separated by spaces, right-aligned."""
    if all(len(t) == 1 for row in texts for t in row):
        return "\n".join("".join(row) for row in texts)
    size = max(len(t) for row in texts for t in row)
    return "\n".join(" ".join(t.rjust(size) for t in row) for row in texts)


def shaded_layout(texts: list[list[str]], solution: Sequence[str], unshaded: str) -> str:
    """The clues' texts with an answer drawn over them: ``#`` each shaded cell, a number the
    answer writes, ``unshaded`` on each blank unshaded cell (``?`` stays where a cell is
    marked)."""
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            if ch == DARK:
                texts[r][c] = DARK
            elif ch != LIGHT:
                texts[r][c] = str(ch)
            elif texts[r][c] == ".":
                texts[r][c] = unshaded
    return layout(texts)


def dark_rows(data: Any) -> tuple[str, ...]:
    """Rows of ``#`` and ``.`` from JSON; ParseError naming what is not so."""
    return char_rows(data, {DARK: DARK, LIGHT: LIGHT}, "# or .")
