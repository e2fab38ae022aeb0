"""Printing shared by the genres whose answers are grids of numbers, and reading a grid given
as Python values (rows of cells, or an array) or as JSON rows of one character a cell."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from . import ParseError
from .tatham import clip

T = TypeVar("T")


def format_number_grid(rows: Sequence[Sequence[int | None]], blank: str = ".") -> str:
    """Rows of right-aligned numbers, one row a line; ``None`` prints as ``blank``."""
    texts = [[blank if v is None else str(v) for v in row] for row in rows]
    width = max((len(t) for row in texts for t in row), default=1)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in texts)


def rows_json(puzzle: object, grid: Sequence[Sequence[int | None]]) -> list[list[int | None]]:
    """A number grid as JSON: a list of rows of ints (null for a hole)."""
    return [list(row) for row in grid]


def rows_from_json(puzzle: object, data: object) -> tuple[tuple[int | None, ...], ...]:
    """A number grid with holes (null) from JSON rows, such as a file's own solution, for the
    genre's checker to judge; ParseError when it is no rows of numbers."""
    return tuple(tuple(row) for row in _json_rows(data, holes=True))


def numbers_from_json(puzzle: object, data: object) -> tuple[tuple[int, ...], ...]:
    """A grid of numbers in every cell from JSON rows, such as a file's own solution, for the
    genre's checker to judge; ParseError naming the first cell that holds no number."""
    return tuple(tuple(v for v in row if v is not None) for row in _json_rows(data, holes=False))


def _json_rows(data: object, holes: bool) -> list[list[int | None]]:
    """``data`` as rows of numbers (null too where ``holes``), or ParseError naming the cell."""
    if not isinstance(data, list) or not all(isinstance(row, list) for row in data):
        raise ParseError("the solution is not rows of numbers")
    for r, row in enumerate(data, 1):
        for c, value in enumerate(row, 1):
            if value is None and holes:
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise ParseError(f"r{r}c{c} holds {'no number' if value is None else repr(value)}")
    return data


def char_rows(data: object, cells: Mapping[str, str], said: str) -> tuple[str, ...]:
    """A solution written as rows of one character a cell (the shading genres' ``to_json``),
    each character read through ``cells``; ParseError naming the first cell that is none of
    them (``said`` names the characters: ``# or .``)."""
    if not isinstance(data, list) or not all(isinstance(row, str) for row in data):
        raise ParseError(f"the solution is not rows of {said}")
    for r, row in enumerate(data, 1):
        for c, ch in enumerate(row, 1):
            if ch not in cells:
                raise ParseError(f"r{r}c{c} holds {ch!r}, not {said}")
    return tuple("".join(cells[ch] for ch in row) for row in data)


def grid_rows(data: object) -> list[list[Any]]:
    """A grid given as Python values: a list (or tuple) of rows, each a list of cells, or an
    array (anything with ``tolist()``, as numpy's arrays have; numpy itself is never needed);
    ParseError naming what is not so."""
    rows = data.tolist() if hasattr(data, "tolist") else data
    if isinstance(rows, (str, bytes)) or not isinstance(rows, (list, tuple)) or not rows:
        raise ParseError("not a grid: give a list of rows, each a list of cells")
    for r, row in enumerate(rows, 1):
        if isinstance(row, (str, bytes)) or not isinstance(row, (list, tuple)):
            raise ParseError(f"row {r} is not a list of cells")
        if len(row) != len(rows[0]):
            raise ParseError(f"row {r} has {len(row)} cells, but row 1 has {len(rows[0])}")
    return [list(row) for row in rows]


def grid_text(data: object, cell: Callable[[Any], str | None], what: str, joiner: str = " ") -> str:
    """A grid given as Python values written as the genre's own rows of text, ``cell`` saying
    how each value is written (None for a value the genre has no place for: ParseError naming
    the cell and ``what`` a cell may be)."""
    lines = []
    for r, row in enumerate(grid_rows(data), 1):
        said = []
        for c, value in enumerate(row, 1):
            token = None if isinstance(value, bool) else cell(value)
            if token is None:
                raise ParseError(f"row {r}, column {c}: {value!r} is not {what}")
            said.append(token)
        lines.append(joiner.join(said))
    return "\n".join(lines)


TITLE_WORDS = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*[a-z]")
"""A line of words (a title, a level): a word of two lower-case letters or more."""


def titles_off(
    lines: Sequence[str],
    most: int,
    words: Callable[[str], object],
    below: bool = True,
    passed: Callable[[str], object] = lambda line: False,
) -> list[set[int]]:
    """The sets of lines (by index) of words to try a board without, fewest first: the first
    filled lines for which ``words`` holds, up to ``most``, and as many of the last when
    ``below``; lines ``passed`` says are the board's own (a settings line) are skipped over.
    Never every filled line: a board is left."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    heads: list[int] = []
    for i in filled[:most]:
        if passed(lines[i]):
            continue
        if not words(lines[i]):
            break
        heads.append(i)
    tails: list[int] = []
    if below:
        for i in reversed(filled[-most:]):
            if not words(lines[i]):
                break
            tails.append(i)
    drops = [
        set(heads[:d]) | set(tails[:e])
        for total in range(1, len(heads) + len(tails) + 1)
        for d in range(len(heads) + 1)
        for e in [total - d]
        if 0 <= e <= len(tails) and not set(heads[:d]) & set(tails[:e])
    ]
    return [drop for drop in drops if len(drop) < len(filled)]


def without_titles(
    read: Callable[[str], T], text: str, most: int, below: bool = True,
    bare: Callable[[str], str] = str.strip,
) -> T:  # fmt: skip
    """``read`` of the text, else of the text without its lines of words at the ends (a title
    above, a source below: ``titles_off``, each line as ``bare`` leaves it); the first error
    when none is read, or the error once the lines of words are off."""
    try:
        return read(text)
    except ParseError as error:
        first = error
    last: ParseError | None = None
    lines = text.splitlines()
    for drop in titles_off([bare(line) for line in lines], most, TITLE_WORDS.search, below):
        try:
            return read("\n".join("" if i in drop else line for i, line in enumerate(lines)))
        except ParseError as error:
            last = error
    raise last or first


def line_cells(line: str, joined: str = "") -> list[tuple[int, str]]:
    """The cells of a typed line with their columns (from 1): tokens split by spaces or commas,
    or, on a line with neither, a character each (one of ``joined`` kept with the character
    before it: a mark after a number)."""
    body = line.strip()
    lead = len(line) - len(line.lstrip())
    if re.search(r"[\s,]", body):
        found = re.finditer(r"[^\s,]+", body)
    else:
        found = re.finditer(f".[{re.escape(joined)}]?" if joined else ".", body)
    return [(lead + m.start() + 1, m[0]) for m in found]


def one_character_cells(line: str, n: int) -> list[tuple[int, str]]:
    """As ``line_cells``, where every cell is one character: a longer token, between spaces or
    commas, is refused naming line ``n`` and its column."""
    cells = line_cells(line)
    for column, token in cells:
        if len(token) != 1:
            raise ParseError(
                f"line {n}, column {column}: {clip(token)!r} is not one cell (cells separated "
                "by spaces or commas are one character each)"
            )
    return cells
