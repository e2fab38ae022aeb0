"""Printing shared by the genres whose answers are grids of numbers."""

from __future__ import annotations

from collections.abc import Sequence

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
