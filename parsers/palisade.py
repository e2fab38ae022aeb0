"""Palisade boards: Simon Tatham's game IDs (``5x4n4:e3b1b1``) and plain layouts a person
types (a line ``n5`` for the regions' size, then rows of clues and ``.``), told apart by the
ID's ``:``. puzz.link has no Palisade."""

from __future__ import annotations

import re
from typing import Any

from ..puzzles.palisade import SIDES, Palisade
from ..puzzles.shikaku import Labels, numbered
from . import ParseError
from .cellrows import read_rows, write_rows
from .grid import format_number_grid, grid_text, numbers_from_json
from .tatham import blank_run, clip, read_size, split_id, where, write_cells

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""

EXAMPLE = "5x4n4:e3b1b1"
NAMES = ("palisade",)
_PARAMS = re.compile(r"(\d+)x(\d+)n(\d+)", re.IGNORECASE)
_SIZE_LINE = re.compile(r"\s*(?:(\d+)\s*[xX]\s*(\d+)\s*)?[nN]\s*(\d+)\s*")
_BLANK = ".-_"
_CLUES = "01234"


def parse(text: str, region_size: int | None = None) -> Palisade:
    """A game ID when the text has a ``:``, else a plain layout; ``region_size`` is for plain
    rows that do not start with their ``nK`` line (a game ID says it itself)."""
    if ":" in text:
        if region_size is not None:
            raise ParseError("--region-size applies to plain rows; a game ID gives its own")
        return parse_id(text)
    return parse_plain(text, region_size)


def parse_id(text: str) -> Palisade:
    """Tatham's ``WxHnK:desc``: a digit ``0``-``4`` a clue, a letter ``a``..``z`` a run of 1..26
    cells without one, in reading order; the cells after the last clue may be left out. An
    optional ``palisade:`` in front."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    params = text[:colon]
    hint = "expected WxHnK before ':' (regions of K cells), e.g. 5x5n5"
    width, height = read_size(text, params, _PARAMS, hint, most_cells=MAX_CELLS)
    match = _PARAMS.fullmatch(params)
    assert match is not None  # (read_size matched it)
    k = _region_size(match[3], width, height, f"in {clip(params)!r} {where(text, 0)}")
    cells = width * height
    flat: list[int | None] = []
    i = colon + 1
    while i < len(text):
        ch = text[i]
        if "a" <= ch <= "z":
            flat.extend([None] * blank_run(text, i, len(flat), cells, "description"))
        elif ch in _CLUES:
            if len(flat) >= cells:
                raise ParseError(
                    f"too many cells in the description: {ch!r} {where(text, i)} would be cell "
                    f"{len(flat) + 1} of {cells}"
                )
            flat.append(int(ch))
        else:
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} in the description (expected a clue 0-4, "
                "or a letter a-z for a run of cells without one)"
            )
        i += 1
    flat.extend([None] * (cells - len(flat)))
    rows = tuple(tuple(flat[r * width : (r + 1) * width]) for r in range(height))
    return Palisade(rows, k, tatham=True)


def _region_size(digits: str, width: int, height: int, at: str) -> int:
    """The regions' size K, which must divide the board's cells."""
    k = int(digits) if len(digits) <= 9 else 0
    if k < 1:
        raise ParseError(f"region size {clip(digits)} {at}: a region has at least one cell")
    if (width * height) % k:
        raise ParseError(
            f"region size {k} {at} does not divide the {width}x{height} board's "
            f"{width * height} cells"
        )
    return k


def _cell(token: str) -> int | None:
    if token in _BLANK:
        return None
    if len(token) == 1 and token in _CLUES:
        return int(token)
    raise ValueError(f"is not a cell (a clue 0-{SIDES}, or . for none)")


def parse_plain(text: str, region_size: int | None = None) -> Palisade:
    """A first line ``nK`` (or ``WxHnK``): regions of K cells, unless ``region_size`` gives K;
    then rows of cells, one row a line: a clue ``0``-``4``, ``.`` (or ``-``, ``_``) a cell
    without one; cells separated by spaces or commas (a character each when a line has
    neither)."""
    lines = text.splitlines()
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ParseError(
            f"empty input: expected a line nK (regions of K cells) and rows of clues 0-4 and ., "
            f"or a game ID such as {EXAMPLE}"
        )
    match = _SIZE_LINE.fullmatch(lines[first])
    if match is None and region_size is None:
        raise ParseError(
            f"line {first + 1}: expected the regions' size first, as n5 (regions of 5 cells), "
            f"not {clip(lines[first].strip())!r} (or give --region-size)"
        )
    if match is not None:
        said = int(match[3]) if len(match[3]) <= 9 else 0
        if region_size is not None and said != region_size:
            raise ParseError(
                f"line {first + 1} says regions of {clip(match[3])} cells, --region-size "
                f"{region_size}"
            )
        lines[first] = f"{match[1]}x{match[2]}" if match[1] else ""  # (checked below)
        if not any(line.strip() for line in lines):
            raise ParseError(f"line {first + 1}: no rows of clues after the regions' size")
    rows = read_rows("\n".join(lines), _cell, "clues 0-4 and .", EXAMPLE, MAX_CELLS)
    width, height = len(rows[0]), len(rows)
    digits = match[3] if match is not None else str(region_size)
    at = f"on line {first + 1}" if match is not None else "(--region-size)"
    k = _region_size(digits, width, height, at)
    return Palisade(tuple(tuple(row) for row in rows), k)


def format_id(puzzle: Palisade) -> str:
    """The game ID, as the collection writes it (the cells after the last clue left out)."""
    values = [None if v is None else str(v) for row in puzzle.rows for v in row]
    while values and values[-1] is None:
        values.pop()
    return f"{puzzle.width}x{puzzle.height}n{puzzle.size}:{write_cells(values)}"


def format_plain(puzzle: Palisade) -> str:
    """The plain layout."""
    body = write_rows([["." if v is None else str(v) for v in row] for row in puzzle.rows])
    return f"n{puzzle.size}\n{body}"


def format_puzzle(puzzle: Palisade) -> str:
    """In the form it was read: a game ID, or the plain layout."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_solution(puzzle: Palisade, solution: Labels, style: str = "grid") -> str:
    """Each cell's region, numbered in reading order (the form of ``--json``)."""
    return format_number_grid(solution)


def to_json(puzzle: Palisade, solution: Labels) -> list[list[int]]:
    """H rows of each cell's region label, numbered in reading order (the corpus form)."""
    return [list(row) for row in solution]


def from_json(puzzle: Palisade, data: Any) -> Labels:
    """A solution given as rows of labels (any names: the regions are what counts)."""
    return numbered(numbers_from_json(puzzle, data))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: a clue 0-4, None, "" or "." for a cell without one (the
    regions' size is the ``region_size`` option: ``gridsat.read("palisade", rows,
    region_size=5)``)."""
    return grid_text(rows, _value, "a cell (a clue 0-4, None, '.')")


def _value(value: object) -> str | None:
    if value is None or value in ("", "."):
        return "."
    if isinstance(value, int) and 0 <= value <= SIDES:
        return str(value)
    return None
