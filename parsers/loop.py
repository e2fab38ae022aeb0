"""∞ Loop boards: box-drawing glyphs (heavy as in the seed, or light, mixed or not; optionally
with a space between tiles) or bitmask grids (1 up, 2 right, 4 down, 8 left, as in the
/r/dailyprogrammer challenge), told apart by their characters."""

from __future__ import annotations

import re

from ..puzzles.loop import DOWN, LEFT, RIGHT, UP, Loop, Tiles
from . import ParseError, is_digits
from .grid import grid_text

# The seed's order of the 16 glyphs: index bits 1 left, 2 down, 4 right, 8 up.
SEED_ORDER = " ╸╻┓╺━┏┳╹┛┃┫┗┻┣╋"
LIGHT_ORDER = " ╴╷┐╶─┌┬╵┘│┤└┴├┼"
"""The light box-drawing set in the same order: the same pipes, in thinner lines."""
GLYPH = {
    ch: (UP if i & 8 else 0)
    | (RIGHT if i & 4 else 0)
    | (DOWN if i & 2 else 0)
    | (LEFT if i & 1 else 0)
    for order in (SEED_ORDER, LIGHT_ORDER)
    for i, ch in enumerate(order)
}
CHAR = {GLYPH[ch]: ch for ch in SEED_ORDER}
"""Boards are printed in the heavy set (the seed's), whichever set they were read in."""
MAX_TILES = 1_000_000
"""Boards above this many tiles are refused before the model is built."""
_TILES_HINT = (
    f"tiles are {SEED_ORDER[1:]} or {LIGHT_ORDER[1:]} and space for an empty tile, or numbers 0..15"
)


def _box_drawing(ch: str) -> bool:
    """A character of Unicode's box-drawing block: the board is glyphs, known ones or not."""
    return "\u2500" <= ch <= "\u257f"


def parse(text: str, connected: bool = False, tree: bool = False) -> Loop:
    """A board in either form; errors name the row and column. ``connected`` and ``tree`` ask
    for one network of pipes (and one with no cycle: Simon Tatham's Net)."""
    text = text.replace("\ufeff", "").replace("\r", "")
    fixed: dict[tuple[int, int], int] = {}
    glyphs = any(_box_drawing(ch) for ch in text)
    rows = _glyphs(text) if glyphs else _masks(text, fixed)
    if not rows or not rows[0]:
        raise ParseError("empty board: no tiles found")
    if len(rows) * len(rows[0]) > MAX_TILES:
        raise ParseError(f"the board has over {MAX_TILES} tiles; that is the limit")
    return Loop(rows, connected or tree, tree, fixed)


def _glyphs(text: str) -> Tiles:
    """Glyph rows; short lines are padded with empty tiles; a blank line after the board ends it.
    When every other character of every row is a space, those spaces separate tiles."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    board: list[str] = []
    for line in lines:
        if not line.strip():
            break
        board.append(line.rstrip())
    step, start = _layout(board)
    width = max(len(line) - start + step - 1 for line in board) // step
    if width * len(board) > MAX_TILES:
        raise ParseError(f"the board has over {MAX_TILES} tiles; that is the limit")
    rows = []
    for r, line in enumerate(board, 1):
        tiles = line[start::step]
        for c, ch in enumerate(tiles, 1):
            if ch not in GLYPH:
                raise ParseError(f"unknown tile {ch!r} at row {r}, column {c} ({_TILES_HINT})")
        rows.append(tuple(GLYPH[ch] for ch in tiles.ljust(width)))
    return tuple(rows)


def _layout(board: list[str]) -> tuple[int, int]:
    """(step, start): (1, 0) when each character is a tile; (2, 0) or (2, 1) when a space
    stands between tiles in every row, tiles in the even (odd) character columns from 0."""
    fits = []
    for line in board:
        tiles_at = {i % 2 for i, ch in enumerate(line) if ch != " "}
        if len(tiles_at) > 1:
            return 1, 0  # tiles side by side (or two spaces apart): spaces are empty tiles
        fits.append(tiles_at.pop())
    if max(len(line) for line in board) < 3:
        return 1, 0  # one tile a row, nothing between tiles to tell
    if len(set(fits)) > 1:
        first, second = fits.index(0) + 1, fits.index(1) + 1
        raise ParseError(
            f"row {first} has its tiles in columns 1, 3, 5, ... and row {second} in columns "
            "2, 4, 6, ..., with spaces between: cannot tell spaces that separate tiles from "
            "empty tiles (align the rows, or write the tiles side by side, a space for an "
            "empty tile)"
        )
    return 2, fits[0]


def _masks(text: str, fixed: dict[tuple[int, int], int]) -> Tiles:
    """Rows of numbers 0..15, after optional lines with the size (rows, columns, a mode); a
    number ending in ``*`` is a tile fixed as it stands (a setter's given), put in ``fixed``."""
    lines = [line.split() for line in text.split("\n") if line.strip()]
    if not lines:
        return ()
    width = len(lines[-1])
    header: list[int] = []
    line = 0
    while lines and len(lines[0]) < width and len(header) < 3:
        line += 1
        header += [_size(t, line) for t in lines.pop(0)]
    if not header and _says_the_size(lines, width):
        # A first line as long as a row (2 2 above a board two tiles wide) that gives the
        # rows and columns of the lines below it is their size line, not a row.
        line += 1
        header += [_size(t, line) for t in lines.pop(0)]
    if len(header) >= 2 and header[0] * header[1] > MAX_TILES:
        raise ParseError(
            f"the size lines ask for {header[0]}x{header[1]} = {header[0] * header[1]} tiles; "
            f"the limit is {MAX_TILES}"
        )
    rows = []
    for r, tokens in enumerate(lines, 1):
        if len(tokens) != width:
            raise ParseError(f"row {r} has {len(tokens)} tiles but the last row has {width}")
        row = []
        for c, token in enumerate(tokens, 1):
            tile = _number(token.removesuffix("*"), r, c, 15)
            if token.endswith("*"):
                fixed[r - 1, c - 1] = tile
            row.append(tile)
        rows.append(tuple(row))
    if len(header) >= 2 and (header[0], header[1]) != (len(rows), width):
        raise ParseError(
            f"the size lines say {header[0]} rows and {header[1]} columns but the "
            f"board has {len(rows)} rows and {width} columns"
        )
    return tuple(rows)


def _says_the_size(lines: list[list[str]], width: int) -> bool:
    """Whether the first line, of a row's length, is the rows and columns of the rest (and a
    mode): then it is the size line the format allows above the rows."""
    first, rest = (lines[0], lines[1:]) if lines else ([], [])
    if len(first) != width or width not in (2, 3) or not rest:
        return False
    if not all(is_digits(t) and len(t) <= 10 for t in first):
        return False
    return [int(t) for t in first[:2]] == [len(rest), len(first)]


def _size(token: str, line: int) -> int:
    """A number of the size lines above number rows (the rows, the columns, a mode)."""
    if not is_digits(token) or len(token) > 10:
        raise ParseError(
            f"line {line}: {token[:12]!r} is not a number (the lines above rows of numbers "
            "give the rows, the columns and a mode, each a number)"
        )
    return int(token)


def _number(token: str, r: int, c: int, top: int) -> int:
    if not is_digits(token) or len(token) > 10 or int(token) > top:
        raise ParseError(
            f"unknown tile {token[:12]!r} at row {r}, column {c} (expected a "
            f"box-drawing tile or a number 0..{top})"
        )
    return int(token)


def format_puzzle(puzzle: Loop, style: str = "glyph") -> str:
    """The board as glyphs, or as bitmask rows: either reads back. Fixed tiles need numbers
    (``5*``), so a board with any is written as numbers; so is one whose glyphs would not read
    back as the whole board (empty tiles alone, a row of them at an edge, a space between
    every two tiles)."""
    if not puzzle.fixed:
        text = format_solution(puzzle, puzzle.rows, style)
        if style == "mask" or _reads_back(text, puzzle.rows):
            return text
        return format_solution(puzzle, puzzle.rows, "mask")
    width = 3 if any(t > 9 for row in puzzle.rows for t in row) else 2
    return _sized(
        "\n".join(
            " ".join(
                (f"{puzzle.fixed[r, c]}*" if (r, c) in puzzle.fixed else str(t)).rjust(width)
                for c, t in enumerate(row)
            )
            for r, row in enumerate(puzzle.rows)
        )
    )


def format_solution(puzzle: Loop, solution: Tiles, style: str = "glyph") -> str:
    """Tiles as glyphs (``glyph``) or as numbers, one row a line (``mask``)."""
    if style == "mask":
        width = 2 if any(t > 9 for row in solution for t in row) else 1
        return _sized("\n".join(" ".join(str(t).rjust(width) for t in row) for row in solution))
    # (a tile that is not a number, such as diagnose's ``?``, is written as it is)
    return "\n".join("".join(CHAR.get(t, str(t)) for t in row) for row in solution)


def _reads_back(text: str, rows: Tiles) -> bool:
    """Whether ``text`` reads as exactly these tiles."""
    try:
        return parse(text).rows == rows
    except ParseError:
        return False


def _sized(text: str) -> str:
    """Number rows as written, under size lines when their first row would read as the size of
    the rest (``2 2`` above two rows of two), so that they read back as written."""
    lines = [line.split() for line in text.split("\n")]
    if not _says_the_size(lines, len(lines[-1])):
        return text
    return f"{len(lines)}\n{len(lines[-1])}\n{text}"


def to_json(puzzle: Loop, solution: Tiles) -> list[str]:
    """The solved board as JSON: one string of glyphs a row."""
    return ["".join(CHAR[t] for t in row) for row in solution]


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of tiles as Python values: numbers 0-15 (1 up, 2 right, 4 down, 8 left; 0 no pipe),
    or their text with ``*`` for a tile fixed as it stands."""
    return grid_text(rows, _cell, "a tile 0-15")


def _cell(value: object) -> str | None:
    if isinstance(value, int) and 0 <= value <= 15:
        return str(value)
    if isinstance(value, str) and re.fullmatch(r"(?:[0-9]|1[0-5])\*?", value):
        return value
    return None
