"""Futoshiki (Unequal): Simon Tatham's game IDs, and the rows his game prints (a character a
cell, the signs between them), told apart by the ``:`` that every game ID has."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.futoshiki import MAX_SIDE, Board, Futoshiki, Pair, make_mode
from . import ParseError, uneven_row
from .grid import grid_rows, numbers_from_json
from .tatham import clip, split_id, where

NAMES = ("unequal", "futoshiki")
EXAMPLE = "4:0,0,0,2,2,0,0,1,1,0,2,3,0,0,0,0,"
_PARAMS = re.compile(r"(\d+)(a?)(?:d[a-z]?)?")
"""Unequal's parameters: the order, ``a`` for Adjacent mode, and the difficulty the
collection's full form adds."""
FLAGS = "URDL"
STEP = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
BLANKS = "._"
ACROSS = "<>|"
"""Signs between cells of a row: the left cell is lesser, greater; a bar (Adjacent mode)."""
DOWN = "^v-"
"""Signs between cells of a column: the lower cell is greater, the upper; a bar."""
MODE_LINE = re.compile(r"\s*adjacent\s*", re.IGNORECASE)


def parse(text: str) -> Futoshiki:
    """A game ID when the text has a ``:``, else the rows as the collection prints them."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


# -- game IDs ------------------------------------------------------------------------------------


def parse_id(text: str) -> Futoshiki:
    """``N[a]:`` then N² cells in reading order, each a number (0 blank) and flags ``U R D L``
    naming neighbours, ended by ``,``; a letter ``a``..``z`` before a cell skips that many blank
    cells. A flag says the cell is greater than that neighbour, or, in Adjacent mode (``a``),
    one apart from it (written on both)."""
    text = "".join(text.split())
    text, colon = split_id(text, NAMES, EXAMPLE)
    params = text[:colon]
    match = _PARAMS.fullmatch(params)
    if not match:
        raise ParseError(
            f"bad size {clip(params)!r} at column 1 of the game ID: an Unequal ID starts with "
            f"the order (6, or 6a in Adjacent mode), e.g. {EXAMPLE}"
        )
    n = int(match[1]) if len(match[1]) < 4 else MAX_SIDE + 1
    if not 1 <= n <= MAX_SIDE:
        raise ParseError(
            f"order {clip(match[1])} at column 1 of the game ID is outside 1..{MAX_SIDE}"
        )
    adjacent = bool(match[2])
    values = [0] * (n * n)
    flags: list[str] = [""] * (n * n)
    i, k = colon + 1, 0
    while i < len(text):
        while i < len(text) and "a" <= text[i] <= "z":
            k += ord(text[i]) - ord("a") + 1
            i += 1
        if k >= n * n:
            raise ParseError(f"too many cells {where(text, i)}: the board has {n * n}")
        start = i
        while i < len(text) and "0" <= text[i] <= "9":
            i += 1
        if i == start:
            found = repr(text[i]) if i < len(text) else "nothing"
            raise ParseError(f"expected a number {where(text, i)}, found {found}")
        value = int(text[start:i]) if i - start < 4 else n + 1
        if value > n:
            raise ParseError(f"number {clip(text[start:i])} {where(text, start)} is outside 0..{n}")
        values[k] = value
        while i < len(text) and text[i] in FLAGS:
            if text[i] in flags[k]:
                raise ParseError(f"flag {text[i]} {where(text, i)} is written twice")
            flags[k] += text[i]
            i += 1
        k += 1
        if i < len(text) and text[i] != ",":
            raise ParseError(f"unexpected {text[i]!r} {where(text, i)} (expected ',' after a cell)")
        if k < n * n and i >= len(text):
            break
        i += 1
    if k < n * n:
        raise ParseError(f"too few cells in the game ID: {k} of {n * n}")
    signs = _signs(n, flags, adjacent)
    rows = tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))
    return Futoshiki(rows, signs, adjacent, tatham=True)


def _signs(n: int, flags: Sequence[str], adjacent: bool) -> frozenset[Pair]:
    """The pairs the cells' flags say, checked as the collection checks them: no flag points off
    the board; in Adjacent mode each bar is on both cells, else no two cells each greater."""
    greater: set[Pair] = set()
    for k, letters in enumerate(flags):
        r, c = divmod(k, n)
        for flag in letters:
            dr, dc = STEP[flag]
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise ParseError(f"the flag {flag} of r{r + 1}c{c + 1} points off the board")
            greater.add(((r, c), (r + dr, c + dc)))
    for a, b in sorted(greater):
        if adjacent and (b, a) not in greater:
            raise ParseError(
                f"r{a[0] + 1}c{a[1] + 1} is one apart from r{b[0] + 1}c{b[1] + 1}, but not that "
                "one from it: in Adjacent mode a bar is written on both cells"
            )
        if not adjacent and (b, a) in greater:
            raise ParseError(
                f"r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} are each said to be greater "
                "than the other"
            )
    if adjacent:
        return frozenset((a, b) for a, b in greater if a < b)
    return frozenset(greater)


def format_id(puzzle: Futoshiki) -> str:
    """The game ID, as the collection writes it."""
    n = puzzle.size
    flags: dict[tuple[int, int], set[str]] = {}
    pairs = list(puzzle.signs)
    if puzzle.adjacent:
        pairs += [(b, a) for a, b in puzzle.signs]
    for (r, c), (rr, cc) in pairs:
        flag = next(f for f, step in STEP.items() if step == (rr - r, cc - c))
        flags.setdefault((r, c), set()).add(flag)
    cells = [
        f"{puzzle.rows[r][c]}{''.join(f for f in FLAGS if f in flags.get((r, c), ()))},"
        for r in range(n)
        for c in range(n)
    ]
    return f"{n}{'a' if puzzle.adjacent else ''}:{''.join(cells)}"


# -- the rows the collection prints --------------------------------------------------------------


def symbol(v: int, n: int) -> str:
    """A number as one character, as the collection prints it: digits up to 9; from order 10,
    ``0``-``9`` for 1..10 and ``A``-``V`` for 11..32."""
    if n < 10:
        return str(v)
    return str(v - 1) if v <= 10 else chr(ord("A") + v - 11)


def _value(ch: str, n: int) -> int | None:
    """The number a cell's character stands for on a board of order n (None: not a number)."""
    if n < 10:
        return int(ch) if "0" <= ch <= "9" else None
    if "0" <= ch <= "9":
        return int(ch) + 1
    if ch.isascii() and ch.isalpha():
        return ord(ch.upper()) - ord("A") + 11
    return None


def parse_plain(text: str) -> Futoshiki:
    """Rows of cells, one character each (``.`` or ``_`` blank; from order 10, ``0``-``9`` and
    ``A``..., as the collection prints them), with ``<``, ``>`` or ``|`` between two cells of a
    row and, on the line between two rows, ``^``, ``v`` or ``-`` under a cell (``^``: the lower
    cell is greater; ``v``: the upper is). Bars (``|``, ``-``), or a first line ``adjacent``,
    make it an Adjacent puzzle."""
    lines = text.splitlines()
    numbered = [(k, line.rstrip()) for k, line in enumerate(lines, 1)]
    while numbered and not numbered[0][1].strip():
        numbered.pop(0)
    forced = bool(numbered) and bool(MODE_LINE.fullmatch(numbered[0][1]))
    if forced:
        numbered.pop(0)
    rows: list[tuple[int, list[tuple[int, str]], list[str]]] = []  # line, cells, signs after
    downs: list[tuple[int, list[tuple[int, str]]]] = []  # sign lines, under the row before
    for k, line in numbered:
        body = [(col, ch) for col, ch in enumerate(line) if not ch.isspace()]
        if not body:
            continue
        if all(ch in DOWN for _, ch in body):
            if not rows:
                raise ParseError(f"line {k}: signs under no row")
            downs.append((len(rows) - 1, [(col, ch) for col, ch in body]))
            continue
        cells: list[tuple[int, str]] = []
        between: list[str] = []
        for col, ch in body:
            if ch in ACROSS:
                if not cells or len(between) == len(cells):
                    raise ParseError(f"line {k}, column {col + 1}: {ch!r} stands between no cells")
                between.append(ch)
                continue
            if len(between) < len(cells):
                between.append(" ")
            cells.append((col, ch))
        if len(between) == len(cells):
            raise ParseError(f"line {k}: the row ends in the sign {between[-1]!r}")
        rows.append((k, cells, between))
    if not rows:
        raise ParseError(
            f"empty input: expected rows of cells (. blank) with their signs, or a game ID "
            f"such as {EXAMPLE}"
        )
    n = len(rows[0][1])
    if n > MAX_SIDE:
        raise ParseError(f"line {rows[0][0]}: {n} cells, over the limit of {MAX_SIDE}")
    if len(rows) != n:
        raise ParseError(
            f"{len(rows)} rows, but the first (line {rows[0][0]}) has {n} cells: the board is "
            "square"
        )
    values: list[tuple[int, ...]] = []
    signs: set[Pair] = set()
    bars = False
    for r, (k, cells, between) in enumerate(rows):
        if len(cells) != n:
            raise uneven_row(f"line {k}", len(cells), n)
        row = []
        for col, ch in cells:
            v = 0 if ch in BLANKS or (ch == "0" and n < 10) else _value(ch, n)
            if v is None or v > n:
                raise ParseError(
                    f"line {k}, column {col + 1}: {ch!r} is not a cell (. blank, or 1..{n})"
                )
            row.append(v)
        values.append(tuple(row))
        for c, sign in enumerate(between):
            a, b = (r, c), (r, c + 1)
            if sign == "<":
                signs.add((b, a))
            elif sign == ">":
                signs.add((a, b))
            elif sign == "|":
                signs.add((a, b))
                bars = True
    for r, marks in downs:
        if r + 1 >= n:
            raise ParseError(f"line {rows[r][0] + 1}: signs below the last row")
        centres = [col for col, _ in rows[r][1]]
        for col, sign in marks:
            c = min(range(n), key=lambda j: abs(centres[j] - col))
            a, b = (r, c), (r + 1, c)
            if sign == "^":
                signs.add((b, a))
            elif sign == "v":
                signs.add((a, b))
            else:
                signs.add((a, b))
                bars = True
    adjacent = forced or bars
    if adjacent:
        ordered = [pair for pair in signs if pair[0] < pair[1]]
        if (
            len(ordered) != len(signs)
            or any(ch in "<>^v" for _, cells, between in rows for ch in between)
            or any(ch in "^v" for _, marks in downs for _, ch in marks)
        ):
            raise ParseError("signs < > ^ v and bars | - are mixed: a puzzle is one mode")
    else:
        for a, b in signs:
            if (b, a) in signs:
                raise ParseError(
                    f"r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} have two signs"
                )
    return Futoshiki(tuple(values), frozenset(signs), adjacent)


def _layout(puzzle: Futoshiki, cells: Sequence[Sequence[int]]) -> str:
    """The board as the collection prints it: a character a cell, the signs between."""
    n = puzzle.size
    signs = set(puzzle.signs)
    if puzzle.adjacent:
        signs |= {(b, a) for a, b in puzzle.signs}
    out = ["adjacent"] if puzzle.adjacent else []
    for r in range(n):
        line = ""
        for c in range(n):
            line += symbol(cells[r][c], n) if cells[r][c] else "."
            if c + 1 < n:
                a, b = (r, c), (r, c + 1)
                if puzzle.adjacent:
                    line += "|" if (a, b) in signs else " "
                else:
                    line += ">" if (a, b) in signs else "<" if (b, a) in signs else " "
        out.append(line)
        if r + 1 < n:
            marks = []
            for c in range(n):
                a, b = (r, c), (r + 1, c)
                if puzzle.adjacent:
                    marks.append("-" if (a, b) in signs else " ")
                else:
                    marks.append("v" if (a, b) in signs else "^" if (b, a) in signs else " ")
            out.append(" ".join(marks).rstrip())
    return "\n".join(out)


def format_plain(puzzle: Futoshiki) -> str:
    return _layout(puzzle, puzzle.rows)


def format_puzzle(puzzle: Futoshiki) -> str:
    """In the form it was read: a game ID, or the rows."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_styled(puzzle: Futoshiki, style: str) -> str:
    """The rows (``""``), or the rows of an Adjacent puzzle (``adjacent``: refused for an
    Unequal one, which is another puzzle)."""
    if style == "adjacent" and not puzzle.adjacent:
        raise ValueError("an Unequal puzzle is not an Adjacent one")
    return format_plain(puzzle)


def make_styled(size: tuple[int, int], rng: Any, solutions: Any, style: str) -> Any:
    """A puzzle shown whole in the mode ``style`` names (``adjacent``)."""
    return make_mode(size, rng, solutions, adjacent=style == "adjacent")


def format_solution(
    puzzle: Futoshiki, solution: Sequence[Sequence[int]], style: str = "grid"
) -> str:
    """``grid``: the filled board with its signs, as the collection prints it; ``tatham``: its
    solve move, ``S`` and each number as one character, in reading order."""
    if style == "tatham":
        n = puzzle.size
        return "S" + "".join(symbol(v, n) for row in solution for v in row)
    return _layout(puzzle, solution)


def to_json(puzzle: Futoshiki, solution: Board) -> list[list[int]]:
    """The board as rows of ints (the corpus form)."""
    return [list(row) for row in solution]


def from_json(puzzle: Futoshiki, data: Any) -> Board:
    return numbers_from_json(puzzle, data)


def rows_text(rows: object) -> str:
    """Rows of numbers as Python values (0, None or "" blank), with no signs, written as the
    rows the collection prints."""
    grid = grid_rows(rows)
    n = len(grid)
    lines = []
    for r, row in enumerate(grid, 1):
        cells = []
        for c, value in enumerate(row, 1):
            number = isinstance(value, int) and not isinstance(value, bool)
            if value is None or value in ("", ".") or (number and value == 0):
                cells.append(".")
            elif number and 1 <= value <= min(n, MAX_SIDE):
                cells.append(symbol(value, n))
            else:
                raise ParseError(
                    f"row {r}, column {c}: {value!r} is not a number 1..{n} or a blank "
                    "(0, None, '')"
                )
        lines.append(" ".join(cells))
    return "\n".join(lines)
