"""Net boards: Simon Tatham's game IDs (``WxH[w]:desc``, hex tiles with ``v``/``h`` barriers)
and the plain forms, rows of hex tiles or ∞ Loop's box-drawing glyphs, told apart by a ``:``
and by their characters. Inside, a board is ∞ Loop's (bits 1 up, 2 right, 4 down, 8 left);
Net's hex digits (1 right, 2 up, 4 left, 8 down) are translated on the way in and out."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..puzzles.loop import DOWN, LEFT, RIGHT, UP, Loop, Tiles
from ..puzzles.net import board
from . import ParseError, is_digits
from . import loop as glyphs
from .tatham import clip, split_id, where

NET_BITS = ((1, RIGHT), (2, UP), (4, LEFT), (8, DOWN))
"""Net's bit for each side, and ∞ Loop's."""
FROM_NET = tuple(sum(ours for bit, ours in NET_BITS if net & bit) for net in range(16))
TO_NET = tuple(FROM_NET.index(ours) for ours in range(16))
HEX = "0123456789abcdef"
MAX_TILES = glyphs.MAX_TILES
EXAMPLE = "3x3:4b8169956"
_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?")
_BARRIER_ODDS = re.compile(r"b[0-9.]+")


def parse(text: str) -> Loop:
    """A Net board: a game ID, or plain rows of hex tiles or of glyphs under an optional line
    of parameters (``WxH``, ``WxHw`` for a board that wraps)."""
    text = text.replace("\ufeff", "").replace("\r", "")
    if ":" in text:
        return _game_id(text)
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        raise ParseError(f"empty input: expected a game ID such as {EXAMPLE}, or rows of tiles")
    size = None
    if lines[0].strip() and is_digits(lines[0].strip()[0]) and "x" in lines[0].lower():
        first = lines.pop(0).strip()
        size = _params(first, lambda i: f"at column {i + 1} of the size line", "the size line")
        if not "".join(lines).strip():
            raise ParseError(
                f"no board under the size line {clip(first)!r}: expected rows of tiles, or a "
                f"game ID (params:desc) such as {EXAMPLE}"
            )
    if "" in [line.strip() for line in lines]:  # a blank line after the board ends it
        lines = lines[: [line.strip() for line in lines].index("")]
    if any(glyphs._box_drawing(ch) for ch in "".join(lines)):
        drawn = glyphs.parse("\n".join(lines))
        rows, fixed, barriers = drawn.rows, dict(drawn.fixed), frozenset[tuple[int, int, int]]()
    else:
        rows, fixed, barriers = _hex_rows(lines)
    if len(rows) * len(rows[0]) == 1:
        raise ParseError("a Net board has two tiles or more; this one has one")
    wrap = False
    if size is not None:
        width, height, wrap = size
        if (width, height) != (len(rows[0]), len(rows)):
            raise ParseError(
                f"the size line says {width}x{height} but the board has {len(rows[0])} "
                f"columns and {len(rows)} rows"
            )
    return board(rows, wrap, barriers, fixed)


def _params(params: str, at: Callable[[int], str], what: str) -> tuple[int, int, bool]:
    """(width, height, wraps) from ``WxH`` with Tatham's flags: ``w`` wraps; ``bP`` (barrier
    probability) and ``a`` (several solutions allowed) only matter to his generator. ``at``
    says where a position of ``params`` is, in the user's words."""
    match = _PARAMS.match(params)
    if not match:
        raise ParseError(
            f"bad size {clip(params)!r} {at(0)}: {what} reads WxH, or WxHw for a board that wraps"
        )
    if max(len(match[1]), len(match[2] or "")) > 9:
        raise ParseError(f"the size {clip(match[0])} {at(0)} is over {MAX_TILES} tiles")
    width = int(match[1])
    height = int(match[2] or match[1])
    i = match.end()
    wrap = False
    while i < len(params):
        flag = params[i]
        odds = _BARRIER_ODDS.match(params, i)
        if flag in "wa":
            wrap = wrap or flag == "w"
            i += 1
        elif odds:
            i = odds.end()
        else:
            raise ParseError(
                f"unexpected {flag!r} {at(i)} in {what} (after WxH: w for a board that wraps)"
            )
    if width < 1 or height < 1:
        raise ParseError(f"bad size {width}x{height} {at(0)}: a side is 0")
    if width * height == 1:
        raise ParseError(f"bad size 1x1 {at(0)}: a Net board has two tiles or more")
    if width * height > MAX_TILES:
        raise ParseError(
            f"the size {width}x{height} {at(0)} is over {MAX_TILES} tiles; that is the limit"
        )
    return width, height, wrap


def _game_id(raw: str) -> Loop:
    """``WxH[w]:desc``: a hex digit per tile in reading order, each followed by its barriers
    (``v`` on its right, ``h`` below it)."""
    text, colon = split_id("".join(raw.split()), ("net",), EXAMPLE)
    width, height, wrap = _params(text[:colon], lambda i: where(text, i), "the size")
    tiles: list[int] = []
    barriers: set[tuple[int, int, int]] = set()
    cells = width * height
    for i in range(colon + 1, len(text)):
        ch = text[i]
        if ch in "vh":
            if not tiles:
                raise ParseError(
                    f"barrier {ch!r} {where(text, i)} comes before any tile "
                    "(a barrier follows the tile it belongs to)"
                )
            r, c = divmod(len(tiles) - 1, width)
            barriers.add((r, c, RIGHT if ch == "v" else DOWN))
        elif ch.lower() in HEX and ch.isascii():
            if len(tiles) == cells:
                raise ParseError(
                    f"too many tiles: {ch!r} {where(text, i)} would be tile {cells + 1} of "
                    f"a {width}x{height} board's {cells}"
                )
            tiles.append(FROM_NET[int(ch, 16)])
        else:
            raise ParseError(
                f"unexpected {clip(ch)!r} {where(text, i)} (a tile is a hex digit 0-9, a-f; "
                "v and h after it are its barriers)"
            )
    if len(tiles) < cells:
        raise ParseError(
            f"too few tiles: {len(tiles)} of a {width}x{height} board's {cells}, ending "
            f"{where(text, len(text))}"
        )
    rows = tuple(tuple(tiles[r * width : (r + 1) * width]) for r in range(height))
    return board(rows, wrap, frozenset(barriers), {})


def _hex_rows(
    lines: list[str],
) -> tuple[Tiles, dict[tuple[int, int], int], frozenset[tuple[int, int, int]]]:
    """Rows of hex tiles, each optionally followed by ``v``/``h`` (barriers) and ``*`` (fixed
    as it stands); spaces are ignored; a blank line after the board ends it."""
    rows: list[tuple[int, ...]] = []
    fixed: dict[tuple[int, int], int] = {}
    barriers: set[tuple[int, int, int]] = set()
    for r, line in enumerate(lines):
        row: list[int] = []
        for col, ch in enumerate(line, 1):
            if ch in " \t":
                continue
            if ch in "vh*":
                if not row:
                    raise ParseError(
                        f"{ch!r} at row {r + 1}, column {col} comes before any tile (a tile is "
                        "a hex digit 0-9, a-f; v, h (barriers) and * (fixed) follow it)"
                    )
                c = len(row) - 1
                if ch == "*":
                    fixed[r, c] = row[c]
                else:
                    barriers.add((r, c, RIGHT if ch == "v" else DOWN))
            elif ch.lower() in HEX and ch.isascii():
                row.append(FROM_NET[int(ch, 16)])
            else:
                raise ParseError(
                    f"unknown tile {clip(ch)!r} at row {r + 1}, column {col} (a tile is a hex "
                    "digit 0-9, a-f, then v or h for its barriers; or box-drawing glyphs)"
                )
        if rows and len(row) != len(rows[0]):
            raise ParseError(f"row {r + 1} has {len(row)} tiles but row 1 has {len(rows[0])}")
        rows.append(tuple(row))
        if len(rows) * len(rows[0]) > MAX_TILES:
            raise ParseError(f"the board has over {MAX_TILES} tiles; that is the limit")
    if not rows or not rows[0]:
        raise ParseError("empty board: no tiles found")
    return tuple(rows), fixed, frozenset(barriers)


def _tile_code(puzzle: Loop, r: int, c: int, tile: int | str) -> str:
    """A tile as Net writes it: its hex digit, then its barriers (only those on the board's
    inner edges, or on every edge of a board that wraps)."""
    code = HEX[TO_NET[tile]] if isinstance(tile, int) else str(tile)
    if (r, c, RIGHT) in puzzle.barriers and (puzzle.wrap or c + 1 < puzzle.width):
        code += "v"
    if (r, c, DOWN) in puzzle.barriers and (puzzle.wrap or r + 1 < puzzle.height):
        code += "h"
    return code


def params(puzzle: Loop) -> str:
    """The ID's parameters: ``WxH``, and ``w`` for a board that wraps."""
    return f"{puzzle.width}x{puzzle.height}{'w' if puzzle.wrap else ''}"


def format_puzzle(puzzle: Loop) -> str:
    """The game ID; a board with fixed tiles (which an ID cannot say) as rows of hex tiles
    under its size line, ``*`` after each fixed tile."""
    if not puzzle.fixed:
        desc = "".join(
            _tile_code(puzzle, r, c, t)
            for r, row in enumerate(puzzle.rows)
            for c, t in enumerate(row)
        )
        return f"{params(puzzle)}:{desc}"
    lines = [params(puzzle)]
    for r, row in enumerate(puzzle.rows):
        lines.append(
            "".join(
                _tile_code(puzzle, r, c, puzzle.fixed.get((r, c), t))
                + ("*" if (r, c) in puzzle.fixed else "")
                for c, t in enumerate(row)
            )
        )
    return "\n".join(lines)


def format_solution(puzzle: Loop, solution: Tiles, style: str = "grid") -> str:
    """``grid``: the solved tiles as hex rows (Net's bits, as the JSON gives them; the puzzle's
    barriers after their tiles and its size line above a board that wraps, so that the rows
    read back as the same board), then ∞ Loop's box-drawing picture; ``tatham``: Net's own
    solve move, turning the puzzle's tiles."""
    if style == "tatham":
        return tatham_move(puzzle, solution)
    lines = [params(puzzle)] if puzzle.wrap else []
    lines += [
        "".join(_tile_code(puzzle, r, c, t) for c, t in enumerate(row))
        for r, row in enumerate(solution)
    ]
    hex_rows = "\n".join(lines)
    return f"{hex_rows}\n\n{glyphs.format_solution(puzzle, solution)}"


def anticlockwise(net: int) -> int:
    """Net's ``A``: a tile turned a quarter anticlockwise, in Net's bits (right goes up)."""
    return ((net & 7) << 1) | ((net & 8) >> 3)


def tatham_move(puzzle: Loop, solution: Tiles) -> str:
    """Net's solve move (``S``, then ``;A x,y``, ``;C x,y`` or ``;F x,y`` for each tile that
    turns anticlockwise, clockwise or round), as its ``solve_game`` writes it."""
    moves = ["S"]
    for y, (given, solved) in enumerate(zip(puzzle.rows, solution, strict=True)):
        for x, (start, end) in enumerate(zip(given, solved, strict=True)):
            if start == end:
                continue
            a = anticlockwise(TO_NET[start])
            f = anticlockwise(a)
            turned = {f: "F", anticlockwise(f): "C", a: "A"}  # as Net tries them: A, C, F
            moves.append(f"{turned[TO_NET[end]]}{x},{y}")
    return ";".join(moves)


def to_json(puzzle: Loop, solution: Tiles) -> list[str]:
    """The solved board as JSON: one string of hex digits a row, each tile's connections in
    Net's bits (1 right, 2 up, 4 left, 8 down), as the corpus gives it."""
    return ["".join(HEX[TO_NET[t]] for t in row) for row in solution]
