"""Printing shared by the genres whose answers are grids of numbers."""

from __future__ import annotations

from collections.abc import Sequence


def format_number_grid(rows: Sequence[Sequence[int | None]], blank: str = ".") -> str:
    """Rows of right-aligned numbers, one row a line; ``None`` prints as ``blank``."""
    texts = [[blank if v is None else str(v) for v in row] for row in rows]
    width = max((len(t) for row in texts for t in row), default=1)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in texts)


def differing_cells(
    first: Sequence[Sequence[int]], second: Sequence[Sequence[int]]
) -> list[tuple[int, int]]:
    """The (row, column) cells, counted from 1, where two grids disagree."""
    return [
        (r + 1, c + 1)
        for r, (row_a, row_b) in enumerate(zip(first, second, strict=True))
        for c, (a, b) in enumerate(zip(row_a, row_b, strict=True))
        if a != b
    ]
