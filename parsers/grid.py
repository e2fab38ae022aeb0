"""Printing shared by the genres whose answers are grids of numbers."""

from __future__ import annotations

from collections.abc import Sequence


def format_number_grid(rows: Sequence[Sequence[int | None]], blank: str = ".") -> str:
    """Rows of right-aligned numbers, one row a line; ``None`` prints as ``blank``."""
    texts = [[blank if v is None else str(v) for v in row] for row in rows]
    width = max((len(t) for row in texts for t in row), default=1)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in texts)


def rows_json(puzzle: object, grid: Sequence[Sequence[int | None]]) -> list[list[int | None]]:
    """A number grid as JSON: a list of rows of ints (null for a hole)."""
    return [list(row) for row in grid]
