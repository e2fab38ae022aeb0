"""Magic boards: the number-board reader, plus settings from a first line or the command line."""

from __future__ import annotations

import re

from ..puzzles.magic import Board, Magic
from . import ParseError
from .grid import format_number_grid, grid_text, numbers_from_json, rows_json
from .hidato import board_cell
from .numbergrid import NumberBoard, format_board, published, read_board, settings_line

MAX_ORDER = 30
MAX_VALUES = 100_000
MAX_CELL_VALUES = 1_000_000
"""Cells x values in the range: the one-hot models have a literal for each."""
_ORDER = re.compile(r"\s*(\d+)(?:\s*[xX]\s*(\d+))?\s*")
"""A board given by its size alone (``4`` or ``4x4``): empty, of that order."""
_SETTING = re.compile(r"\s*(range\s+-?\d+\s*\.\.\s*-?\d+|sum\s+-?\d+|no-diagonals|repeat)\s*", re.I)
_NAMED = re.compile(r"\s*(range|sum)(\s|$)", re.I)
"""A first line that names a setting is the settings line, even when its value is bad."""
_WANTS = {"range": "LO..HI, e.g. range 5..29", "sum": "a whole number, e.g. sum 85"}


def parse(
    text: str,
    blank: str | None = None,
    values: str | None = None,
    total: int | None = None,
    no_diagonals: bool = False,
    repeat: bool = False,
) -> Magic:
    """A board of givens and blanks, or its size alone (``4``, ``4x4``: an empty board); settings
    as in ``range 5..29 sum 85`` on the first line, which the keyword arguments (the CLI's
    ``--range``, ``--sum``, ...) override."""
    lines = published(text).problem.strip().splitlines()
    settings: dict[str, str] = {}
    if lines and (_SETTING.match(lines[0]) or _NAMED.match(lines[0])):
        usage = "use range LO..HI, sum S, no-diagonals, repeat"
        settings = settings_line(lines.pop(0), _SETTING, usage, _WANTS)
    body = "\n".join(lines)
    size = _ORDER.fullmatch(body)
    board = _empty(size) if size else read_board(body, blank)
    n = board.height
    if board.width != n:
        raise ParseError(f"a magic board is square; this one is {board.width}x{n}")
    if n > MAX_ORDER:
        raise ParseError(f"order {n} is over the limit of {MAX_ORDER}")
    low, high = _range(values or settings.get("range"), n)
    if n * n * (high - low + 1) > MAX_CELL_VALUES:
        raise ParseError(
            f"{n * n} cells x {high - low + 1} values is over the limit of {MAX_CELL_VALUES}"
        )
    if total is None and "sum" in settings:
        total = int(settings["sum"])
    distinct = not (repeat or "repeat" in settings)
    diagonals = not (no_diagonals or "no-diagonals" in settings)
    givens: dict[tuple[int, int], int] = {}
    for r, row in enumerate(board.rows):
        for c, v in enumerate(row):
            if v is None:
                raise ParseError(f"r{r + 1}c{c + 1}: a magic board has no holes")
            if v:
                givens[(r, c)] = v
    puzzle = Magic(n, low, high, givens, total, diagonals, distinct)
    _validate(puzzle)
    if total is None and distinct and high - low + 1 == n * n:
        # n^2 consecutive numbers always add up to a total that n rows share equally.
        puzzle = Magic(n, low, high, givens, (low + high) * n // 2, diagonals, distinct)
    return puzzle


def _empty(size: re.Match[str]) -> NumberBoard:
    """The empty board a size such as ``4`` or ``4x4`` names, its order checked first."""
    shown = " ".join(size[0].split())
    shown = shown if len(shown) <= 20 else shown[:20] + "..."
    sides = [size[1], size[2] or size[1]]
    if any(len(side) > 9 or int(side) > MAX_ORDER for side in sides):
        raise ParseError(f"size {shown}: the order is over the limit of {MAX_ORDER}")
    n, m = map(int, sides)
    if n != m:
        raise ParseError(f"a magic board is square; this one is {n}x{m}")
    if n < 1:
        raise ParseError(f"size {shown}: a magic board has at least one cell")
    return NumberBoard(((0,) * n,) * n)


def _range(text: str | None, n: int) -> tuple[int, int]:
    """``LO..HI``; by default 1..n^2."""
    if text is None:
        return 1, n * n
    match = re.fullmatch(r"\s*(?:range\s+)?(-?\d+)\s*\.\.\s*(-?\d+)\s*", text, re.I)
    if not match:
        raise ParseError(f"bad range {text!r} (expected LO..HI, e.g. 5..29)")
    low, high = int(match[1]), int(match[2])
    if low > high:
        raise ParseError(f"bad range {low}..{high}: the low end is above the high end")
    if high - low + 1 > MAX_VALUES:
        raise ParseError(f"range {low}..{high} has over {MAX_VALUES} values")
    return low, high


def _validate(p: Magic) -> None:
    """Givens inside the range, no repeats when numbers are distinct, a reachable target."""
    n = p.order
    if p.distinct and p.high - p.low + 1 < n * n:
        raise ParseError(
            f"{n * n} cells need distinct numbers but {p.low}..{p.high} holds only "
            f"{p.high - p.low + 1} (allow repeats with `repeat` on the "
            "settings line, or --allow-repeats)"
        )
    seen: dict[int, tuple[int, int]] = {}
    for (r, c), v in sorted(p.givens.items()):
        if not p.low <= v <= p.high:
            raise ParseError(f"r{r + 1}c{c + 1}: {v} is outside the range {p.low}..{p.high}")
        if p.distinct and v in seen:
            r0, c0 = seen[v]
            raise ParseError(f"{v} is given twice, at r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1}")
        seen[v] = (r, c)
    if p.target is None:
        return
    for name, cells in p.lines():
        fixed = [p.givens[cell] for cell in cells if cell in p.givens]
        free = n - len(fixed)
        least, most = sum(fixed) + free * p.low, sum(fixed) + free * p.high
        if not least <= p.target <= most:
            raise ParseError(
                f"{name} cannot sum to {p.target}: with its givens it lies "
                f"between {least} and {most}"
            )


def format_puzzle(puzzle: Magic) -> str:
    """The settings line and the board, as ``parse`` reads them."""
    words = [f"range {puzzle.low}..{puzzle.high}"]
    if puzzle.target is not None:
        words.append(f"sum {puzzle.target}")
    if not puzzle.diagonals:
        words.append("no-diagonals")
    if not puzzle.distinct:
        words.append("repeat")
    n = puzzle.order
    rows = tuple(tuple(puzzle.givens.get((r, c), 0) for c in range(n)) for r in range(n))
    return " ".join(words) + "\n" + format_board(NumberBoard(rows))


def format_solution(puzzle: Magic, solution: Board, style: str = "grid") -> str:
    """The filled board, aligned, with its common sum (a board masked by diagnose, ``?`` in
    its free cells, takes the sum from a row it shows whole, else the puzzle's)."""
    whole = [row for row in solution if all(isinstance(v, int) for v in row)]
    total = sum(whole[0]) if whole else puzzle.target
    end = "" if total is None else f"\nevery line sums to {total}"
    return format_number_grid(solution) + end


to_json = rows_json
from_json = numbers_from_json


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: numbers; None, 0 or "" a blank."""
    return grid_text(rows, _cell, "a number or a blank (None, 0, '')")


def _cell(value: object) -> str | None:
    return None if value in ("#", "X", "x") else board_cell(value)
