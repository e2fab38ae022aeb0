"""Heyawake boards: a map of rooms a person types with a line per numbered room, and
puzz.link's ``heyawake`` URLs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.heyawake import Board, Heyawake
from ..puzzles.rooms import room_cells
from ..puzzles.shading import SHADED, UNSHADED
from . import ParseError, puzzlink
from .grid import char_rows
from .puzzlink import Url
from .rooms import read_map, write_map

_NUMBER = re.compile(r"(?P<name>[^\W_]\w*)\s*(?:[=:]\s*|\s+)(?P<n>\S+)")
"""A room's number: its name, then ``=``, ``:`` or a space, then the number (``A=2``)."""
_SEPARATED = re.compile(r"[=:]")
WORDS = ("heyawake", "heyawacky")
"""puzz.link's words for the genre."""
JSON_CELLS = {"#": SHADED, ".": UNSHADED}
"""The solution's JSON: ``#`` a shaded cell, ``.`` an unshaded one."""


def parse(text: str) -> Heyawake:
    """A puzz.link URL, or a map of rooms, one row a line (a name a cell: letters or digits
    side by side, or names separated by spaces or commas), then a line per numbered room: its
    name and its number (``A=2``, ``A: 2``, or ``A 2`` after a blank line); several on a line
    separated by commas or semicolons. ``#`` starts a comment."""
    if puzzlink.is_url(text):
        return parse_url(_url(text))
    rows: list[tuple[int, str]] = []
    said: list[tuple[int, str, str]] = []
    ended = False  # a blank line after the map: what follows is numbers
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            ended = ended or bool(rows)
            continue
        parts = [p.strip() for p in re.split(r"[;,]", line) if p.strip()]
        matches = [_NUMBER.fullmatch(p) for p in parts]
        if all(matches) and (ended or said or all(_SEPARATED.search(p) for p in parts)):
            said += [(number, m["name"], m["n"]) for m in matches if m]
        elif said or ended:
            raise ParseError(
                f"line {number}: {line[:40]!r} is not a room's number (its name and the number, "
                "such as A=2)"
            )
        else:
            rows.append((number, line))
    if not rows:
        raise ParseError("empty input: expected a map of rooms (AABB, one row a line), then A=2")
    rooms, grid, _ = read_map(rows)
    where: dict[str, int] = {}
    for r, row in enumerate(grid):
        for c, name in enumerate(row):
            where.setdefault(name, rooms[r][c])
    numbers: list[int | None] = [None] * len(room_cells(rooms))
    for number, name, n in said:
        if name not in where:
            raise ParseError(f"line {number}: room {name!r} is not on the map")
        if not (n.isascii() and n.isdigit()) or len(n) > 6:
            raise ParseError(f"line {number}: room {name}'s number {n[:20]!r} is not 0 or more")
        if numbers[where[name]] is not None:
            raise ParseError(f"line {number}: room {name} has a number already")
        numbers[where[name]] = int(n)
    return Heyawake(rooms, tuple(numbers))


def format_puzzle(puzzle: Heyawake) -> str:
    """The map, a blank line, and each numbered room's name and number (``A=2``)."""
    lines, names = write_map(puzzle.rows)
    said = [f"{names[k]}={n}" for k, n in enumerate(puzzle.numbers) if n is not None]
    return "\n".join([*lines, "", *said]) if said else "\n".join(lines)


def format_solution(
    puzzle: Heyawake, solution: Sequence[Sequence[str]], style: str = "grid"
) -> str:
    """The board with ``#`` for each shaded cell and ``.`` for the others (a ``?`` stays)."""
    return "\n".join(
        "".join("#" if ch == SHADED else "." if ch == UNSHADED else str(ch) for ch in row)
        for row in solution
    )


def to_json(puzzle: Heyawake, solution: Board) -> list[str]:
    """H strings, ``#`` a shaded cell and ``.`` an unshaded one."""
    return [row.replace(SHADED, "#").replace(UNSHADED, ".") for row in solution]


def from_json(puzzle: Heyawake, data: Any) -> Board:
    """A solution from ``to_json``'s form."""
    return char_rows(data, JSON_CELLS, "# or .")


# -- puzz.link URLs ------------------------------------------------------------------------------


def _url(text: str) -> Url:
    """A URL's parts, refused when it names another genre."""
    url = puzzlink.split(text, WORDS)
    if url.word not in WORDS:
        raise puzzlink.refuse(url, f"this is puzz.link's {url.word!r}, not a Heyawake")
    return url


def parse_url(url: Url) -> Heyawake:
    """``heyawake/COLS/ROWS/BODY``: the rooms' walls, then number-16 over the rooms in the order
    of their first cells; ``.`` a number not told, which gridsat's Heyawake has no place for."""
    puzzlink.only_flags(url)
    rooms, rest = puzzlink.decode_borders(url.body, url.cols, url.rows)
    cells = room_cells(rooms)
    numbers, rest = puzzlink.read_number16(rest, len(cells), "room numbers")
    puzzlink.done(url, rest)
    for k, n in enumerate(numbers):
        if n == puzzlink.UNKNOWN:
            r, c = cells[k][0]
            raise puzzlink.refuse(url, f"the room at r{r + 1}c{c + 1} has a number not told ('?')")
    return Heyawake(rooms, tuple(None if n == puzzlink.EMPTY else n for n in numbers))


def format_url(puzzle: Heyawake) -> str:
    """The puzz.link URL of the board."""
    numbers = [puzzlink.EMPTY if n is None else n for n in puzzle.numbers]
    if any(n >= 4096 for n in numbers):
        raise ValueError("a puzz.link Heyawake holds numbers below 4096")
    body = puzzlink.encode_borders(puzzle.rows) + puzzlink.write_number16(numbers)
    return puzzlink.write("heyawake", puzzle.width, puzzle.height, body)
