"""Dominosa boards: Simon Tatham's game IDs (``3:33011330222030220111``) and plain rows of
numbers a person types, told apart by the ID's ``:``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.dominosa import PARTNER, Board, Domino, Dominosa, largest_for
from ..puzzles.grid import Cell
from . import ParseError, is_digits
from .grid import grid_text
from .tatham import clip, split_id, where

NAMES = ("dominosa",)
EXAMPLE = "3:33011330222030220111"
MOST = 60
"""The largest N read: a board of 62x61 cells."""
_PARAMS = re.compile(r"(\d+)(?:d[tbhea])?", re.IGNORECASE)
"""``N``, and the generator's difficulty that may follow it (``6db``)."""
_SEPARATED = re.compile(r"[\s,]")


def parse(text: str) -> Dominosa:
    """A game ID when the text has a ``:``, else plain rows."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def parse_id(text: str) -> Dominosa:
    """Tatham's ``N:desc``: the (N+2)x(N+1) numbers in reading order, a digit each, numbers
    over 9 in brackets (``[12]``); an optional ``dominosa:`` in front and the generator's
    difficulty after N (``6db``) are accepted."""
    text, colon = split_id("".join(text.split()), NAMES, EXAMPLE)
    params = text[:colon]
    match = _PARAMS.fullmatch(params)
    if not match:
        raise ParseError(
            f"bad size {clip(params)!r} {where(text, 0)}: expected N before ':', e.g. 3"
        )
    n = int(match[1]) if len(match[1]) <= 4 else MOST + 1
    if not 1 <= n <= MOST:
        raise ParseError(
            f"N = {clip(match[1])} {where(text, 0)}: Dominosa takes N from 1 to {MOST}"
        )
    width, height = n + 2, n + 1
    cells: list[int] = []
    i = colon + 1
    while i < len(text):
        ch, start = text[i], i
        if is_digits(ch):
            value, i = int(ch), i + 1
        elif ch == "[":
            end = text.find("]", i)
            if end < 0 or not is_digits(text[i + 1 : end]) or end - i > 5:
                raise ParseError(f"'[' {where(text, i)} opens no number in brackets, as [12]")
            value, i = int(text[i + 1 : end]), end + 1
        else:
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} (expected a digit, or a number in brackets)"
            )
        if value > n:
            raise ParseError(f"{value} {where(text, start)} is over N = {n}")
        if len(cells) == width * height:
            raise ParseError(
                f"too many cells: {value} {where(text, start)} would be cell {len(cells) + 1} "
                f"of {width * height}"
            )
        cells.append(value)
    if len(cells) < width * height:
        raise ParseError(
            f"too few cells: {len(cells)} of {width * height}, ending {where(text, i)}"
        )
    rows = tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(height))
    return Dominosa(rows, tatham=True)


def parse_plain(text: str) -> Dominosa:
    """Rows of numbers 0..N, a line each: digits, or numbers separated by spaces or commas; the
    board holds (N+1)(N+2) cells, any shape. After a blank line, optionally, rows of ``L R T
    B`` laying dominoes given in place, ``.`` elsewhere."""
    lines = list(enumerate(text.splitlines(), 1))
    blocks: list[list[tuple[int, str]]] = [[]]
    for n, line in lines:
        if line.strip():
            blocks[-1].append((n, line))
        elif blocks[-1]:
            blocks.append([])
    blocks = [b for b in blocks if b]
    if not blocks:
        raise ParseError(f"empty input: expected rows of numbers, or a game ID such as {EXAMPLE}")
    if len(blocks) > 2:
        raise ParseError(
            f"line {blocks[2][0][0]}: a board has rows of numbers and, after one blank line, "
            "rows of given dominoes; nothing more"
        )
    rows = [_numbers(line, n) for n, line in blocks[0]]
    width = len(rows[0][0])
    for (n, _), (row, _) in zip(blocks[0], rows, strict=True):
        if len(row) != width:
            raise ParseError(f"line {n}: {len(row)} numbers, but the first row has {width}")
    cells = width * len(rows)
    most = largest_for(cells)
    if most is None:
        raise ParseError(
            f"a {width}x{len(rows)} board has {cells} cells; a full set of dominoes 0-0 to N-N "
            "covers (N+1)(N+2) of them (N+2 wide and N+1 high)"
        )
    for (n, _), (row, columns) in zip(blocks[0], rows, strict=True):
        for value, column in zip(row, columns, strict=True):
            if value > most:
                raise ParseError(
                    f"line {n}, column {column}: {value} is over {most}, the largest number of "
                    f"a set that covers {cells} cells"
                )
    puzzle = Dominosa(tuple(row for row, _ in rows))
    if len(blocks) == 1:
        return puzzle
    return Dominosa(puzzle.rows, _placed(blocks[1], puzzle))


def _numbers(line: str, n: int) -> tuple[tuple[int, ...], list[int]]:
    """A row's numbers and the column (from 1) of each."""
    body = line.rstrip()
    if _SEPARATED.search(body.strip()):
        found = [(m.start() + 1, m[0]) for m in re.finditer(r"[^\s,]+", body)]
    else:
        lead = len(body) - len(body.lstrip())
        found = [(lead + i + 1, ch) for i, ch in enumerate(body.strip())]
    for column, token in found:
        if not is_digits(token) or len(token) > 4:
            raise ParseError(f"line {n}, column {column}: {clip(token)!r} is not a number 0..N")
    return tuple(int(t) for _, t in found), [column for column, _ in found]


def _placed(block: list[tuple[int, str]], puzzle: Dominosa) -> frozenset[Domino]:
    """The given dominoes of a block of ``L R T B .`` rows, as wide and high as the board."""
    h, w = puzzle.height, puzzle.width
    if len(block) != h:
        raise ParseError(
            f"line {block[0][0]}: {len(block)} rows of given dominoes, but the board has {h}"
        )
    grid = ["".join(line.split()) for _, line in block]
    for (n, _), row in zip(block, grid, strict=True):
        if len(row) != w:
            raise ParseError(f"line {n}: {len(row)} cells of given dominoes, but the board has {w}")
        for ch in row:
            if ch not in "LRTB.":
                raise ParseError(f"line {n}: {ch!r} is no half of a domino (L R T B, or .)")
    placed: set[Domino] = set()
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            dr, dc = PARTNER[ch]
            rr, cc = r + dr, c + dc
            mate = {"L": "R", "R": "L", "T": "B", "B": "T"}[ch]
            if not (0 <= rr < h and 0 <= cc < w) or grid[rr][cc] != mate:
                raise ParseError(f"line {block[r][0]}: the {ch} in column {c + 1} has no {mate} "
                                 "beside it")  # fmt: skip
            here: Cell = (r, c)
            placed.add((here, (rr, cc)) if here < (rr, cc) else ((rr, cc), here))
    return frozenset(placed)


def format_id(puzzle: Dominosa) -> str:
    """The game ID, as the collection writes it (a board N+2 wide and N+1 high)."""
    n = puzzle.largest
    if (puzzle.width, puzzle.height) != (n + 2, n + 1):
        raise ValueError(f"a game ID holds a board {n + 2} wide and {n + 1} high, not "
                         f"{puzzle.width}x{puzzle.height}")  # fmt: skip
    if puzzle.placed:
        raise ValueError("a game ID holds no given dominoes")
    return f"{n}:" + "".join(str(v) if v < 10 else f"[{v}]" for row in puzzle.rows for v in row)


def format_plain(puzzle: Dominosa) -> str:
    """Rows of numbers (run together when every one is a digit), and the given dominoes."""
    joiner = "" if puzzle.largest < 10 else " "
    width = len(str(puzzle.largest)) if joiner else 1
    lines = [joiner.join(str(v).rjust(width) for v in row) for row in puzzle.rows]
    if puzzle.placed:
        grid = [["."] * puzzle.width for _ in puzzle.rows]
        for (r, c), (r2, c2) in puzzle.placed:
            grid[r][c], grid[r2][c2] = ("L", "R") if r == r2 else ("T", "B")
        lines += ["", *("".join(row) for row in grid)]
    return "\n".join(lines)


def format_puzzle(puzzle: Dominosa) -> str:
    """In the form it was read: a game ID, or the plain rows (always, for a board an ID cannot
    hold)."""
    if puzzle.tatham and not puzzle.placed:
        return format_id(puzzle)
    return format_plain(puzzle)


def format_solution(puzzle: Dominosa, solution: Sequence[str], style: str = "grid") -> str:
    """The dominoes as ``L R T B`` rows (the halves of each)."""
    return "\n".join("".join(row) for row in solution)


def to_json(puzzle: Dominosa, solution: Board) -> list[str]:
    """H strings of ``L R T B`` (the corpus form)."""
    return list(solution)


def from_json(puzzle: Dominosa, data: Any) -> Board:
    """A solution as ``to_json`` writes it, for the checker to judge."""
    if not isinstance(data, list) or not all(isinstance(row, str) for row in data):
        raise ParseError("the solution is not rows of L R T B")
    return tuple(data)


def rows_text(rows: object) -> str:
    """Rows of numbers 0..N as Python values."""
    return grid_text(rows, _cell, "a number 0..N")


def _cell(value: object) -> str | None:
    if isinstance(value, int) and value >= 0:
        return str(value)
    if isinstance(value, str) and is_digits(value):
        return value
    return None
