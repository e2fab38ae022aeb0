"""Star Battle boards: the stars a row and a map of rooms a person types, and puzz.link's
``starbattle`` URLs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.grid import Cell
from ..puzzles.starbattle import EMPTY, STAR, Board, StarBattle
from . import ParseError, puzzlink
from .grid import char_rows
from .puzzlink import Url, clip
from .rooms import read_map, write_map

_COUNT = re.compile(r"(?i)(?:stars?\s*[:=]?\s*(\d+)|(\d+)\s*stars?)")
"""The stars a row: ``stars: 2``, ``stars=2`` or ``2 stars``."""
_SHOWN = re.compile(r"(?i)stars?\s+(?:at\s+)?(r\d+c\d+(?:\s*[, ]\s*r\d+c\d+)*)")
"""Stars shown: ``star r2c3`` (several: ``stars r2c3, r5c1``)."""
_PLACE = re.compile(r"(?i)r(\d+)c(\d+)")


def parse(text: str) -> StarBattle:
    """A puzz.link URL, or a line giving the stars a row (``stars: 2``, or ``2 stars``; 1 when
    left out, as puzz.link's editor starts), a map of rooms, one row a line (a name a cell:
    letters or digits side by side, or names separated by spaces or commas), and stars shown
    (``star r2c3``), in any order around the map. ``#`` starts a comment."""
    if puzzlink.is_url(text):
        url = puzzlink.split(text, ("starbattle",))
        if url.word != "starbattle":
            raise puzzlink.refuse(url, f"this is puzz.link's {url.word!r}, not a Star Battle")
        return parse_url(url)
    rows: list[tuple[int, str]] = []
    count: tuple[int, int] | None = None
    shown: list[tuple[int, Cell]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        said, star = _COUNT.fullmatch(line), _SHOWN.fullmatch(line)
        if said:
            if count is not None:
                raise ParseError(
                    f"line {number}: the stars a row are given already (line {count[0]})"
                )
            value = said[1] or said[2]
            if len(value) > 4 or int(value) < 1:
                raise ParseError(f"line {number}: {clip(value)!r} stars a row: give 1 to 9999")
            count = (number, int(value))
        elif star:
            shown += [(number, (int(m[1]) - 1, int(m[2]) - 1)) for m in _PLACE.finditer(star[1])]
        elif rows and rows[-1][0] != number - 1 and (count or shown):
            raise ParseError(f"line {number}: {line[:40]!r} is apart from the map above it")
        else:
            rows.append((number, line))
    if not rows:
        raise ParseError("empty input: expected 'stars: 1' and a map of rooms (AABB, a row a line)")
    rooms = read_map(rows).rooms
    h, w = len(rooms), len(rooms[0])
    for number, (r, c) in shown:
        if not (0 <= r < h and 0 <= c < w):
            raise ParseError(f"line {number}: r{r + 1}c{c + 1} is off the {w}x{h} board")
    return StarBattle(rooms, count[1] if count else 1, tuple(sorted({cell for _, cell in shown})))


def format_puzzle(puzzle: StarBattle) -> str:
    """The stars a row, the map, and the stars shown."""
    lines, _ = write_map(puzzle.rows)
    shown = ", ".join(f"r{r + 1}c{c + 1}" for r, c in puzzle.given)
    return "\n".join([f"stars: {puzzle.stars}", *lines, *([f"stars {shown}"] if shown else [])])


def format_solution(
    puzzle: StarBattle, solution: Sequence[Sequence[str]], style: str = "grid"
) -> str:
    """The board with ``*`` for each star and ``.`` for the other cells."""
    return "\n".join("".join(str(ch) for ch in row) for row in solution)


def to_json(puzzle: StarBattle, solution: Board) -> list[str]:
    """H strings, ``*`` a star and ``.`` a cell without one."""
    return list(solution)


def from_json(puzzle: StarBattle, data: Any) -> Board:
    """A solution from ``to_json``'s form."""
    return char_rows(data, {STAR: STAR, EMPTY: EMPTY}, "* or .")


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> StarBattle:
    """``starbattle/COLS/ROWS/STARS/BORDERS``: the stars a row, then the rooms' walls."""
    puzzlink.only_flags(url)
    stars, _, rest = url.body.partition("/")
    if not stars.isascii() or not stars.isdigit() or not 1 <= int(stars[:4]) <= 999:
        raise puzzlink.refuse(url, f"{stars[:10]!r} is not the stars a row (a number 1 or more)")
    rooms, rest = puzzlink.decode_borders(rest, url.cols, url.rows)
    puzzlink.done(url, rest)
    return StarBattle(rooms, int(stars))


def format_url(puzzle: StarBattle) -> str:
    """The puzz.link URL of the board (stars shown have no place in it)."""
    if puzzle.given:
        raise ValueError("a URL holds no stars shown")
    body = f"{puzzle.stars}/{puzzlink.encode_borders(puzzle.rows)}"
    return puzzlink.write("starbattle", puzzle.width, puzzle.height, body)
