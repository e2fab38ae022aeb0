"""Printing shared by the genres whose answers are grids of numbers, and reading a grid given
as Python values (rows of cells, or an array)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import ParseError


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
