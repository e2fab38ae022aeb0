"""Towers: Simon Tatham's game IDs and a plain layout of clues around the board, told apart by
the ``:`` that every game ID has and the layout never has."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.towers import MAX_SIDE, Board, Towers
from . import ParseError, is_digits, puzzlink
from .grid import without_titles
from .puzzlink import Url
from .tatham import clip, read_numbers, split_id, where, write_numbers

NAMES = ("towers", "skyscrapers")
EXAMPLE = "4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2"
BLANKS = frozenset({".", "0", "_", "-"})
"""A missing clue or an empty cell in the plain layout."""
_PARAMS = re.compile(r"(\d+)(d[ehxu])?")
"""Towers' parameters: the size, and the difficulty the collection's full form adds."""
_FRAME = re.compile(r"[\s|]*[-=+][-=+|\s]*")
"""A line that only draws a frame (``+---+``), skipped in the plain layout; a line of single
dashes (``- - -``, blank clues) is not one."""
_TITLES = 3
"""The most lines of words above the layout, and below it, that are taken off."""


def parse(text: str) -> Towers:
    """A game ID (``5:clues,grid``, optionally ``towers:`` in front) or the plain layout."""
    if ":" in text or "#" in text:
        return read_id(text)
    return read_layout(text)


# -- game IDs ------------------------------------------------------------------------------------


def read_id(text: str) -> Towers:
    """``N:`` then 4N clue slots split by ``/`` (top, bottom, left, right; empty for no clue),
    then optionally ``,`` and the heights shown, in the run-length code."""
    text = "".join(text.split())  # an ID may be wrapped across lines
    if "#" in text:
        raise ParseError(
            f"{clip(text)!r} is a random seed, which only the collection's generator can read: "
            "use the game ID it shows (Game > Specific...)"
        )
    text, colon = split_id(text, NAMES, EXAMPLE)
    params = text[:colon]
    match = _PARAMS.fullmatch(params)
    if not match:
        raise ParseError(
            f"bad size {clip(params)!r} at column 1 of the game ID: a Towers ID starts with the "
            f"side, e.g. {EXAMPLE}"
        )
    n = int(match[1])
    if not 1 <= n <= MAX_SIDE:
        raise ParseError(f"size {n} at column 1 of the game ID is outside 1..{MAX_SIDE}")
    clues, i = _read_clues(text, colon + 1, n)
    rows: Board = ((0,) * n,) * n
    if i < len(text):  # text[i] is ","
        values, i = read_numbers(text, i + 1, n * n, "grid of heights", most=n)
        flat = [v or 0 for v in values]
        rows = tuple(tuple(flat[r * n : (r + 1) * n]) for r in range(n))
        if i < len(text):
            raise ParseError(f"unexpected ',' {where(text, i)}: the grid of heights ends there")
    return Towers(clues[:n], clues[n : 2 * n], clues[2 * n : 3 * n], clues[3 * n :], rows, True)


def _read_clues(text: str, i: int, n: int) -> tuple[tuple[int, ...], int]:
    """The 4n clue slots from ``text[i]``, and the index where they end (a ``,`` or the end)."""
    clues: list[int] = []
    while True:
        start = i
        while i < len(text) and is_digits(text[i]):
            i += 1
        if i > start:
            value = int(text[start:i]) if i - start <= 9 else n + 1  # (Python refuses 4300 digits)
            if not 1 <= value <= n:
                raise ParseError(
                    f"clue {clip(text[start:i])} {where(text, start)} is outside 1..{n}"
                )
            clues.append(value)
        else:
            clues.append(0)
        if len(clues) > 4 * n:
            raise ParseError(
                f"too many clues: slot {len(clues)} {where(text, start)}, but a {n}x{n} board "
                f"has {4 * n} (top, bottom, left, right)"
            )
        if i >= len(text) or text[i] == ",":
            break
        if text[i] != "/":
            raise ParseError(
                f"unexpected {text[i]!r} {where(text, i)} in the clues "
                "(expected a number, '/' between clues, or ',' before the grid)"
            )
        i += 1
    if len(clues) < 4 * n:
        raise ParseError(
            f"too few clues: {len(clues)} of {4 * n} slots, ending {where(text, i)} "
            "(top, bottom, left and right: a '/' between each two)"
        )
    return tuple(clues), i


def format_id(puzzle: Towers) -> str:
    """The game ID, as the collection writes it."""
    slots = [*puzzle.top, *puzzle.bottom, *puzzle.left, *puzzle.right]
    desc = "/".join(str(v) if v else "" for v in slots)
    flat = [v for row in puzzle.rows for v in row]
    if any(flat):
        desc += "," + write_numbers([v or None for v in flat])
    return f"{puzzle.size}:{desc}"


# -- the plain layout ----------------------------------------------------------------------------


def read_layout(text: str) -> Towers:
    """A line of top clues, then each row as its left clue, its cells and its right clue, then
    a line of bottom clues; entries split by spaces or commas (``|`` and frame lines are
    ignored); the clue lines may have the square's blank corners too (N+2 entries, as a board
    of N+2 rows prints them); lines of words above or below (a title) are taken off when the
    layout does not read with them."""
    return without_titles(_read_layout, text, _TITLES)


def _read_layout(text: str) -> Towers:
    """``read_layout`` on the text as it is."""
    lines = [
        (number, line.replace("|", " ").replace(",", " ").split())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not (_FRAME.fullmatch(line) and re.search(r"--|==|\+", line))
    ]
    if not lines:
        raise ParseError(
            f"empty input: expected a game ID such as {EXAMPLE} or the plain layout "
            "(a line of top clues, the rows between their clues, a line of bottom clues)"
        )
    m = len(lines[0][1])
    corners = [lines[0][1][0], lines[0][1][-1], lines[-1][1][0], lines[-1][1][-1]]
    if m > 2 and len(lines) == m == len(lines[-1][1]) and all(c in BLANKS for c in corners):
        # The clue lines of a square of N+2 rows: their corners are no clues.
        lines[0] = (lines[0][0], lines[0][1][1:-1])
        lines[-1] = (lines[-1][0], lines[-1][1][1:-1])
    n = len(lines[0][1])
    if n > MAX_SIDE:
        raise ParseError(f"line {lines[0][0]}: {n} top clues, over the limit of {MAX_SIDE}")
    if len(lines) != n + 2:
        raise ParseError(
            f"{len(lines)} lines, but {n} top clue{'s' * (n != 1)} (line {lines[0][0]}) make "
            f"a {n}x{n} board: a clue line, {n} rows, a clue line ({n + 2} lines)"
        )
    top = _entries(lines[0], n, n, "top clues")
    bottom = _entries(lines[-1], n, n, "bottom clues")
    left, right, rows = [], [], []
    for line in lines[1:-1]:
        row = _entries(line, n + 2, n, "a left clue, the row's cells and a right clue")
        left.append(row[0])
        right.append(row[-1])
        rows.append(row[1:-1])
    return Towers(top, bottom, tuple(left), tuple(right), tuple(rows))


def _entries(line: tuple[int, list[str]], count: int, n: int, what: str) -> tuple[int, ...]:
    """A line's ``count`` entries, each blank (0) or a number 1..n."""
    number, words = line
    if len(words) != count:
        raise ParseError(f"line {number}: {len(words)} entries, expected {count} ({what})")
    values = []
    for k, word in enumerate(words, 1):
        if word in BLANKS:
            values.append(0)
        elif is_digits(word) and 1 <= int(word) <= n:
            values.append(int(word))
        else:
            raise ParseError(
                f"line {number}, entry {k}: {clip(word, 12)!r} is not a number 1..{n} "
                "or a blank (. 0 _ -)"
            )
    return tuple(values)


def _layout(puzzle: Towers, cells: Sequence[Sequence[Any]]) -> str:
    """The clues around ``cells``, aligned: what the plain reader reads."""
    n = puzzle.size

    def text(v: Any) -> str:
        return str(v) if v else "."

    top = "   " + " ".join(text(v) for v in puzzle.top)
    body = [
        f"{text(puzzle.left[r])}  {' '.join(text(v) for v in cells[r])}  {text(puzzle.right[r])}"
        for r in range(n)
    ]
    bottom = "   " + " ".join(text(v) for v in puzzle.bottom)
    return "\n".join([top, *body, bottom])


# -- printing ------------------------------------------------------------------------------------


def format_puzzle(puzzle: Towers) -> str:
    """The puzzle in the form it was read in: its game ID, or the plain layout."""
    return format_id(puzzle) if puzzle.tatham else _layout(puzzle, puzzle.rows)


def format_solution(puzzle: Towers, solution: Sequence[Sequence[Any]], style: str = "grid") -> str:
    """``grid``: the filled board in the plain layout, with its clues; ``tatham``: Towers'
    solve move, ``S`` and each height in reading order."""
    if style == "tatham":
        return "S" + "".join(str(v) for row in solution for v in row)
    return _layout(puzzle, solution)


def to_json(puzzle: Towers, solution: Board) -> list[list[int]]:
    """The board as rows of ints."""
    return [list(row) for row in solution]


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Towers:
    """``skyscrapers/N/N/BODY``: the clues around the board (top, bottom, left, right, each in
    reading order) as outside clues, then, when the setter gave heights, number-16 over the
    cells."""
    puzzlink.only_flags(url)
    n = url.cols
    if url.rows != n or n > MAX_SIDE:
        raise puzzlink.refuse(url, f"a {url.cols}x{url.rows} board: Towers boards are square")
    clues, rest = puzzlink.read_outside(url.body, 4 * n)
    heights, rest = puzzlink.read_number16(rest, n * n) if rest else ([puzzlink.EMPTY] * n * n, "")
    puzzlink.done(url, rest)
    sides = ("top", "bottom", "left", "right")
    for at, v in enumerate(clues):
        if v == puzzlink.UNKNOWN or v == 0 or v > n:
            what = "'?'" if v == puzzlink.UNKNOWN else str(v)
            raise puzzlink.refuse(
                url, f"the {sides[at // n]} clue {at % n + 1} is {what} (1 to {n})"
            )
    for at, v in enumerate(heights):
        if v == puzzlink.UNKNOWN or v == 0 or v > n:
            what = "'?'" if v == puzzlink.UNKNOWN else str(v)
            raise puzzlink.refuse(
                url, f"row {at // n + 1}, column {at % n + 1} is {what} high (1 to {n})"
            )
    said = tuple(max(v, 0) for v in clues)
    flat = [max(v, 0) for v in heights]
    rows = tuple(tuple(flat[r * n : (r + 1) * n]) for r in range(n))
    return Towers(said[:n], said[n : 2 * n], said[2 * n : 3 * n], said[3 * n :], rows)


def format_url(puzzle: Towers) -> str:
    """The puzz.link URL of the board: its clues, then its given heights when there are any."""
    n = len(puzzle.rows)
    clues = [
        v or puzzlink.EMPTY for v in (*puzzle.top, *puzzle.bottom, *puzzle.left, *puzzle.right)
    ]
    body = puzzlink.write_number16(clues)
    if any(any(row) for row in puzzle.rows):
        body += puzzlink.write_number16([v or puzzlink.EMPTY for row in puzzle.rows for v in row])
    return puzzlink.write("skyscrapers", n, n, body)
