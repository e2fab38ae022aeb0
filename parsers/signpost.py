"""Simon Tatham's Signpost game IDs (``WxH:desc``), read and written as the collection does."""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import compress

from ..puzzles.signpost import NumberGrid, Signpost
from . import ParseError
from .grid import format_number_grid, numbers_from_json, rows_json

MAX_CELLS = 10_000
"""Boards above this many cells (100x100) are refused before anything is built."""

LETTERS = "abcdefgh"
# (compiled where they are used, when they are: re keeps them)
_SIZE = r"(?i)(\d{1,9})x(\d{1,9})c?"
_TOKEN = r"([1-9]\d{0,8})?[a-h]"
"""A cell as the collection writes it: an optional number, then its arrow."""
_ARROWS = str.maketrans(
    {**{d: None for d in "0123456789"}, **{a: chr(i) for i, a in enumerate(LETTERS)}}
)
"""Digits dropped, each arrow letter made the character of its number (``a`` chr(0)...)."""


def parse(text: str) -> Signpost:
    """Read a game ID such as ``5x5:1cceefcfggeeccghcac3e12hch10ah25a``.

    One token a cell, row by row from the top left: an optional given number, then an arrow
    letter, ``a`` = north and on clockwise to ``h`` = north-west. A ``signpost:`` prefix, white
    space between tokens and the collection's ``c`` (corner-ends) flag in the size are accepted.
    """
    text = text.strip()
    offset = 0
    if text[:9].lower() == "signpost:":
        offset = 9
    colon = text.find(":", offset)
    if not text:
        raise ParseError("empty input: expected a Signpost game ID, e.g. 4x4:1eee11gechacaegbch16a")
    if colon < 0:
        raise ParseError(
            f"no ':' in {_clip(text)!r}: a Signpost game ID reads WxH:desc, "
            "e.g. 4x4:1eee11gechacaegbch16a"
        )
    size = text[offset:colon].strip()
    match = re.compile(_SIZE).fullmatch(size)
    if not match:
        raise ParseError(f"bad size {_clip(size)!r} before ':' (expected WxH, e.g. 5x5)")
    width, height = int(match[1]), int(match[2])
    if width < 1 or height < 1:
        raise ParseError(f"bad size {size!r}: width and height must be at least 1")
    if width * height > MAX_CELLS:
        raise ParseError(
            f"size {width}x{height} has {width * height} cells; the limit is {MAX_CELLS}"
        )
    return _read_cells(text, colon + 1, width, height)


def _read_cells(text: str, start: int, width: int, height: int) -> Signpost:
    """The cells of the description that starts at ``text[start]``."""
    n = width * height
    plain = _read_plain(text, start, n)
    if plain is not None:
        return Signpost(width, height, *plain)
    # Spaces, or a fault: the walk below names the first fault where it stands.
    arrows: list[int] = []
    givens: dict[int, int] = {}
    where: dict[int, int] = {}
    digits = ""
    digits_at = 0
    for i in range(start, len(text)):
        ch = text[i]
        column = i + 1
        if ch.isspace():
            continue
        if ch in "0123456789":
            if not digits:
                digits_at = column
            digits += ch
            continue
        arrow = LETTERS.find(ch)
        if arrow < 0:
            raise ParseError(
                f"unexpected {ch!r} at column {column} of the game ID "
                "(expected a digit or an arrow letter a-h)"
            )
        cell = len(arrows)
        if cell >= n:
            raise ParseError(
                f"too many cells: a {width}x{height} board has {n}, "
                f"and cell {n + 1} starts at column {digits_at if digits else column}"
            )
        if digits:
            value = int(digits) if len(digits) <= 9 else n + 1  # (Python refuses 4300 digits)
            name = f"row {cell // width + 1}, column {cell % width + 1}"
            if not 1 <= value <= n:
                raise ParseError(
                    f"number {_clip(digits)} at column {digits_at} ({name}) is outside 1..{n}"
                )
            if value in where:
                other = where[value]
                raise ParseError(
                    f"number {value} is given twice: row {other // width + 1}, "
                    f"column {other % width + 1} and {name} (column {digits_at})"
                )
            givens[cell] = value
            where[value] = cell
            digits = ""
        arrows.append(arrow)
    if digits:
        raise ParseError(f"number {digits} at column {digits_at} has no arrow letter after it")
    if len(arrows) < n:
        raise ParseError(
            f"too few cells: the description has {len(arrows)}, a {width}x{height} board needs {n}"
        )
    return Signpost(width, height, tuple(arrows), givens)


def _read_plain(text: str, start: int, n: int) -> tuple[tuple[int, ...], dict[int, int]] | None:
    """The arrows and givens of a description written as the collection writes it (no
    spaces, each of the ``n`` cells a number in 1..n at most once, then an arrow), read by
    regular expressions and a character table; None for anything else."""
    numbers = re.compile(_TOKEN).findall(text, start)
    # The cells found fill the description when their lengths add up to it (they do not
    # overlap): else something else stands between them.
    if len(numbers) != n or n + sum(map(len, numbers)) != len(text) - start:
        return None
    arrows = tuple(text[start:].translate(_ARROWS).encode())
    # (the cells with a number and their numbers, each picked out at C speed)
    givens = dict(zip(compress(range(n), numbers), map(int, filter(None, numbers)), strict=True))
    if len(set(givens.values())) != len(givens) or max(givens.values(), default=1) > n:
        return None
    return arrows, givens


def format_id(puzzle: Signpost) -> str:
    """The game ID of ``puzzle``, as the collection writes it."""
    return f"{puzzle.width}x{puzzle.height}:" + _desc(puzzle, puzzle.givens)


format_puzzle = format_id
to_json = rows_json
from_json = numbers_from_json


def format_solution(puzzle: Signpost, solution: NumberGrid, style: str = "grid") -> str:
    """The numbered board (``grid``) or the collection's solve string (``tatham``: ``S`` + desc)."""
    if style == "tatham":
        numbers = [v for row in solution for v in row]
        return "S" + _desc(puzzle, dict(enumerate(numbers)))
    return format_number_grid(solution)


def _desc(puzzle: Signpost, numbers: Mapping[int, int]) -> str:
    """One token a cell: the number, when there is one, then the arrow letter."""
    return "".join(
        f"{numbers.get(cell, '')}{LETTERS[arrow]}" for cell, arrow in enumerate(puzzle.arrows)
    )


def _clip(text: str, limit: int = 40) -> str:
    """Long input shortened for an error message."""
    return text if len(text) <= limit else text[:limit] + "..."
