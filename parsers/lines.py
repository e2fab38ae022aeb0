"""What the readers of line puzzles share: a plain board of one-character cells (an optional
``WxH`` line first; cells side by side, or separated by spaces or commas), and lines through
cell centres written as direction masks (1 right, 2 up, 4 left, 8 down), as box-drawing
characters and as the collection's solve move."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from . import ParseError, uneven_row
from .grid import one_character_cells
from .tatham import clip

_SIZE_LINE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*")

BOX = {0: "·", 5: "─", 10: "│", 3: "└", 6: "┘", 9: "┌", 12: "┐",
       1: "╶", 2: "╵", 4: "╴", 8: "╷"}  # fmt: skip
"""A cell's lines as a box-drawing character (a line's end, where it leaves the board, as a
half line)."""
UNBOX = {ch: m for m, ch in BOX.items()}
HEX = "0123456789abcdef"


def plain_board(
    text: str, cells: Mapping[str, str], what: str, most_cells: int, example: str
) -> list[list[str]]:
    """The rows of a plain layout, each cell mapped through ``cells``; an error names the line
    and column of a character that is no cell (``what`` says which are)."""
    lines = [line.rstrip() for line in text.splitlines()]
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise ParseError(f"empty input: expected a board of cells, or a game ID such as {example}")
    size = _SIZE_LINE.fullmatch(numbered[0][1])
    declared = None
    if size and len(numbered) > 1:
        declared = (int(size[1]), int(size[2]))
        numbered = numbered[1:]
    if len(numbered) > most_cells:
        raise ParseError(f"{len(numbered)} rows: the limit is {most_cells} cells")
    rows: list[list[str]] = []
    for n, line in numbered:
        row = []
        for column, ch in one_character_cells(line, n):
            if ch not in cells:
                raise ParseError(f"line {n}, column {column}: {ch!r} is not {what}")
            row.append(cells[ch])
        if rows and len(row) != len(rows[0]):
            raise uneven_row(f"line {n}", len(row), len(rows[0]))
        rows.append(row)
        if len(rows[0]) * len(rows) > most_cells:
            raise ParseError(f"line {n}: the board passes the limit of {most_cells} cells")
    if declared is not None and declared != (len(rows[0]), len(rows)):
        raise ParseError(
            f"line 1 declares {declared[0]}x{declared[1]}, but the board below it is "
            f"{len(rows[0])}x{len(rows)}"
        )
    return rows


def box_rows(masks: Sequence[str], marks: Mapping[tuple[int, int], str]) -> list[str]:
    """The lines as box-drawing characters, a cell's mark (a circle) in its place."""
    return [
        "".join(
            marks.get((r, c), BOX.get(int(ch, 16), "?") if ch in HEX else ch)
            for c, ch in enumerate(row)
        )
        for r, row in enumerate(masks)
    ]


def solve_move(masks: Sequence[str]) -> str:
    """The collection's solve move from a fresh board (Pearl's and Tracks'): ``S``, then
    ``;Rm,x,y`` for each cell with lines, in reading order."""
    moves = [
        f";R{int(ch, 16)},{x},{y}"
        for y, row in enumerate(masks)
        for x, ch in enumerate(row)
        if ch != "0"
    ]
    return "S" + "".join(moves)


def masks_from_json(puzzle: object, data: object) -> tuple[str, ...]:
    """Direction masks as ``to_json`` writes them: H strings of W hex digits."""
    width, height = getattr(puzzle, "width", 0), getattr(puzzle, "height", 0)
    if (
        not isinstance(data, list)
        or len(data) != height
        or not all(isinstance(row, str) and len(row) == width for row in data)
    ):
        raise ParseError(f"a solution is {height} strings of {width} hex digits")
    for row in data:
        if not re.fullmatch(r"[0-9a-fA-F]*", row):
            raise ParseError(f"{clip(row)!r} is not a row of hex digits")
    return tuple(row.lower() for row in data)
