"""∞ Loop boards: box-drawing glyphs (as in the seed) or bitmask grids (1 up, 2 right, 4 down,
8 left, as in the /r/dailyprogrammer challenge), told apart by their characters."""

from __future__ import annotations

from ..puzzles.loop import DOWN, LEFT, RIGHT, UP, Loop, Tiles
from . import ParseError

# The seed's order of the 16 glyphs: index bits 1 left, 2 down, 4 right, 8 up.
SEED_ORDER = " ╸╻┓╺━┏┳╹┛┃┫┗┻┣╋"
GLYPH = {
    ch: (UP if i & 8 else 0)
    | (RIGHT if i & 4 else 0)
    | (DOWN if i & 2 else 0)
    | (LEFT if i & 1 else 0)
    for i, ch in enumerate(SEED_ORDER)
}
CHAR = {tile: ch for ch, tile in GLYPH.items()}
MAX_TILES = 1_000_000
"""Boards above this many tiles are refused before the model is built."""


def parse(text: str, connected: bool = False, tree: bool = False) -> Loop:
    """A board in either form; errors name the row and column. ``connected`` and ``tree`` ask
    for one network of pipes (and one with no cycle: Simon Tatham's Net)."""
    text = text.replace("\ufeff", "").replace("\r", "")
    fixed: dict[tuple[int, int], int] = {}
    glyphs = any(ch in GLYPH and ch != " " for ch in text)
    rows = _glyphs(text) if glyphs else _masks(text, fixed)
    if not rows or not rows[0]:
        raise ParseError("empty board: no tiles found")
    if len(rows) * len(rows[0]) > MAX_TILES:
        raise ParseError(f"the board has over {MAX_TILES} tiles; that is the limit")
    return Loop(rows, connected or tree, tree, fixed)


def _glyphs(text: str) -> Tiles:
    """Glyph rows; short lines are padded with empty tiles; a blank line after the board ends it."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    board: list[str] = []
    for line in lines:
        if not line.strip():
            break
        board.append(line.rstrip())
    width = max(len(line) for line in board)
    if width * len(board) > MAX_TILES:
        raise ParseError(f"the board has over {MAX_TILES} tiles; that is the limit")
    rows = []
    for r, line in enumerate(board, 1):
        for c, ch in enumerate(line, 1):
            if ch not in GLYPH:
                raise ParseError(
                    f"unknown character {ch!r} at row {r}, column {c} (tiles are "
                    f"{SEED_ORDER[1:]!r} and space, or numbers 0..15)"
                )
        rows.append(tuple(GLYPH[ch] for ch in line.ljust(width)))
    return tuple(rows)


def _masks(text: str, fixed: dict[tuple[int, int], int]) -> Tiles:
    """Rows of numbers 0..15, after optional lines with the size (rows, columns, a mode); a
    number ending in ``*`` is a tile fixed as it stands (a setter's given), put in ``fixed``."""
    lines = [line.split() for line in text.split("\n") if line.strip()]
    if not lines:
        return ()
    width = len(lines[-1])
    header: list[int] = []
    while lines and len(lines[0]) < width and len(header) < 3:
        header += [_number(t, len(header) + 1, 1, 10**9) for t in lines.pop(0)]
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


def _number(token: str, r: int, c: int, top: int) -> int:
    if not (token.isascii() and token.isdigit()) or len(token) > 10 or int(token) > top:
        raise ParseError(
            f"unknown tile {token[:12]!r} at row {r}, column {c} (expected a "
            f"box-drawing tile or a number 0..{top})"
        )
    return int(token)


def format_puzzle(puzzle: Loop, style: str = "glyph") -> str:
    """The board as glyphs, or as bitmask rows: either reads back. Fixed tiles need numbers
    (``5*``), so a board with any is written as numbers."""
    if not puzzle.fixed:
        return format_solution(puzzle, puzzle.rows, style)
    width = 3 if any(t > 9 for row in puzzle.rows for t in row) else 2
    return "\n".join(
        " ".join(
            (f"{puzzle.fixed[r, c]}*" if (r, c) in puzzle.fixed else str(t)).rjust(width)
            for c, t in enumerate(row)
        )
        for r, row in enumerate(puzzle.rows)
    )


def format_solution(puzzle: Loop, solution: Tiles, style: str = "glyph") -> str:
    """Tiles as glyphs (``glyph``) or as numbers, one row a line (``mask``)."""
    if style == "mask":
        width = 2 if any(t > 9 for row in solution for t in row) else 1
        return "\n".join(" ".join(str(t).rjust(width) for t in row) for row in solution)
    # (a tile that is not a number, such as diagnose's ``?``, is written as it is)
    return "\n".join("".join(CHAR.get(t, str(t)) for t in row) for row in solution)


def to_json(puzzle: Loop, solution: Tiles) -> list[str]:
    """The solved board as JSON: one string of glyphs a row."""
    return ["".join(CHAR[t] for t in row) for row in solution]
