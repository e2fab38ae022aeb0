"""Bridges boards: Simon Tatham's game IDs (``7x7m2:2a3a5a...``) and a plain layout (rows of
island numbers and ``.`` for water), told apart by the ID's ``:``; the solved board as the
collection's text drawing, its solve move, and the corpus's JSON."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..puzzles.bridges import MOST, Board, Bridges, links
from . import ParseError, is_digits, puzzlink
from .grid import grid_text
from .puzzlink import Url
from .tatham import MAX_SIDE, blank_run, clip, filled, split_id, where, write_cells

EXAMPLE = "7x7m2:2a3a5a4a2a1i4b1a2j3d43a2d"
ISLAND = "123456789ABCDEFG"
"""An island's number as the ID writes it: 1..9, then A..G for 10..16."""
BRIDGE = {"-": 1, "=": 2, "≡": 3, "≣": 4, "|": -1, '"': -2, "‖": -2, "⦀": -3, "⁞": -4, "x": 0}
"""A given water cell in the plain layout: its bridges (horizontal positive, vertical negative;
``x`` none). ``‖`` is read as ``"``."""
DRAWN = {v: ch for ch, v in BRIDGE.items() if ch != "‖"}
_PARAMS = re.compile(r"(\d{1,9})(?:x(\d{1,9}))?(?:i\d+)?(?:e\d+)?(?:m(\d{1,9}))?(L)?(?:d\d+)?")


def parse(text: str, max_bridges: int | None = None, no_loops: bool | None = None) -> Bridges:
    """A game ID or a plain layout; ``max_bridges`` and ``no_loops`` set the rules' options
    (over the ID's or the layout's own)."""
    text = text.replace("\ufeff", "").replace("\r", "")
    if max_bridges is not None and not 1 <= max_bridges <= MOST:
        raise ParseError(f"--max-bridges {max_bridges}: at most 1..{MOST} bridges join a pair")
    looks_like_id = ":" in text or re.fullmatch(r"\s*\d+(x\d+)?m\d+L?\s*", text)
    puzzle = _game_id(text) if looks_like_id else _plain(text)
    changes: dict[str, Any] = {}
    if max_bridges is not None:
        changes["most"] = max_bridges
    if no_loops:
        changes["no_loops"] = True
    puzzle = replace(puzzle, **changes)
    for (r, c), v in sorted(puzzle.fixed.items()):
        if abs(v) > puzzle.most:
            raise ParseError(
                f"r{r + 1}c{c + 1} is given {abs(v)} bridges, but at most {puzzle.most} join a pair"
            )
    return puzzle


def _game_id(text: str) -> Bridges:
    """``WxHmM[L]:desc`` (full parameters are read too): 1-9 and A-G islands, a-z water runs."""
    text, colon = split_id(text, ("bridges", "hashi"), EXAMPLE)
    params = text[:colon]
    match = _PARAMS.fullmatch(params)
    if not match:
        bad = next((i for i in range(len(params), -1, -1) if _PARAMS.fullmatch(params[:i])), 0)
        raise ParseError(
            f"bad parameters {clip(params)!r}: unexpected {params[bad : bad + 1]!r} "
            f"{where(text, bad)} (expected WxHmM, e.g. 7x7m2, with L for no loops)"
        )
    width = int(match[1])
    height = int(match[2]) if match[2] else width
    most = int(match[3]) if match[3] else 2
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ParseError(
            f"bad size {width}x{height} at column 1 of the game ID (each side 1..{MAX_SIDE})"
        )
    if not 1 <= most <= MOST:
        raise ParseError(
            f"m{most} {where(text, params.index('m'))}: at most 1..{MOST} bridges join a pair"
        )
    cells: list[int] = []
    total = width * height
    for i in range(colon + 1, len(text)):
        ch = text[i]
        if "a" <= ch <= "z":
            cells += [0] * blank_run(text, i, len(cells), total)
        elif ch in ISLAND:
            if len(cells) >= total:
                raise ParseError(
                    f"too many cells: island {ch!r} {where(text, i)} would be cell "
                    f"{len(cells) + 1} of {total}"
                )
            cells.append(ISLAND.index(ch) + 1)
        else:
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} (expected an island 1-9 or A-G, "
                "or a letter a-z for a run of water)"
            )
    filled(text, len(text), len(cells), total)
    rows = tuple(tuple(cells[r * width : (r + 1) * width]) for r in range(height))
    if not any(any(row) for row in rows):
        raise ParseError("the game ID has no islands")
    return Bridges(rows, most, bool(match[4]), {}, True)


def _plain(text: str) -> Bridges:
    """Rows of islands (1-9, A-G), water (``.``) and given water cells, after optional lines
    ``max M`` and ``no loops``; spaces between cells are ignored."""
    lines = [line for line in text.split("\n") if line.strip()]
    most, no_loops = 2, False
    while lines:
        head = lines[0].strip().lower()
        found = re.fullmatch(r"max\s*(\S+)", head)
        if found:
            if not is_digits(found[1]) or not 1 <= int(found[1]) <= MOST:
                raise ParseError(
                    f"line {lines[0].strip()!r}: at most 1..{MOST} bridges join a pair"
                )
            most = int(found[1])
        elif re.fullmatch(r"no[\s-]*loops", head):
            no_loops = True
        else:
            break
        lines.pop(0)
    skipped = len([line for line in text.split("\n") if line.strip()]) - len(lines)
    if not lines:
        raise ParseError(
            "empty board: expected rows of islands 1-9/A-G and . for water, "
            f"or a game ID such as {EXAMPLE}"
        )
    if len(lines) > MAX_SIDE:
        raise ParseError(f"the board has {len(lines)} rows; the limit is {MAX_SIDE}")
    rows: list[tuple[int, ...]] = []
    fixed: dict[tuple[int, int], int] = {}
    for r, line in enumerate(lines):
        cells = [ch for ch in line if ch not in " \t"]
        if len(cells) > MAX_SIDE:
            raise ParseError(f"row {r + 1} has {len(cells)} cells; the limit is {MAX_SIDE}")
        if rows and len(cells) != len(rows[0]):
            raise ParseError(f"row {r + 1} has {len(cells)} cells but row 1 has {len(rows[0])}")
        row = []
        for c, ch in enumerate(cells):
            up = ch.upper()
            if ch == ".":
                row.append(0)
            elif ch in BRIDGE:
                row.append(0)
                fixed[r, c] = BRIDGE[ch]
            elif up in ISLAND and ch.isascii():
                row.append(ISLAND.index(up) + 1)
            else:
                raise ParseError(
                    f"unexpected {ch!r} at row {r + 1 + skipped}, column {c + 1} (islands are "
                    "1-9 and A-G, water '.', given bridges - = | \" and x for none)"
                )
        rows.append(tuple(row))
    if not any(any(row) for row in rows):
        raise ParseError("the board has no islands")
    return Bridges(tuple(rows), most, no_loops, fixed)


def format_id(puzzle: Bridges) -> str:
    """The game ID, as the collection writes it."""
    cells = write_cells([ISLAND[n - 1] if n else None for row in puzzle.rows for n in row])
    loops = "L" if puzzle.no_loops else ""
    return f"{puzzle.width}x{puzzle.height}m{puzzle.most}{loops}:" + cells


def format_puzzle(puzzle: Bridges) -> str:
    """A puzzle read from a game ID as that ID (when it has no given water cells); others as
    the plain layout, with its ``max`` and ``no loops`` lines when they differ from the
    defaults."""
    if puzzle.game_id and not puzzle.fixed:
        return format_id(puzzle)
    body = [
        "".join(
            ISLAND[n - 1] if n else DRAWN[puzzle.fixed[r, c]] if (r, c) in puzzle.fixed else "."
            for c, n in enumerate(row)
        )
        for r, row in enumerate(puzzle.rows)
    ]
    return "\n".join(_rules(puzzle) + body)


def _rules(puzzle: Bridges) -> list[str]:
    """The plain layout's ``max`` and ``no loops`` lines, where the rules differ from the
    defaults."""
    return [f"max {puzzle.most}"] * (puzzle.most != 2) + ["no loops"] * puzzle.no_loops


def drawing(puzzle: Bridges, solution: Board, exact: bool = False) -> list[str]:
    """The collection's text drawing of the solved board: islands, ``-``/``=`` one or two
    horizontal bridges, ``|``/``"`` vertical ones, ``.`` water. With ``exact`` it is the
    collection's own, character for character: ``=`` and ``"`` for two or more bridges, an
    island of 10 or more as the character after ``9`` (``:`` for 10). Otherwise three and four
    bridges are ``≡ ≣`` and ``⦀ ⁞`` (as in the plain layout) and islands of 10 to 16 are A to G,
    as in the ID. A cell that is not a number (diagnose's ``?``) is written as it is."""
    out = []
    for r, row in enumerate(solution):
        line = []
        for c, v in enumerate(row):
            n = puzzle.rows[r][c]
            if not isinstance(v, int):
                line.append(str(v))
            elif n:
                line.append(chr(ord("0") + n) if exact else ISLAND[n - 1])
            elif v and exact:
                line.append(("-" if v == 1 else "=") if v > 0 else ("|" if v == -1 else '"'))
            else:
                line.append(DRAWN.get(v, ".") if v else ".")
        out.append("".join(line))
    return out


def solved_links(puzzle: Bridges, solution: Board) -> list[list[int]]:
    """Each joined pair once, ``[x1, y1, x2, y2, n]`` with (x1, y1) the left or upper island."""
    found = []
    for link in links(puzzle):
        r, c = link.between[0]
        v = solution[r][c]
        n = v if link.horizontal else -v
        if n > 0:
            found.append([link.a[1], link.a[0], link.b[1], link.b[0], n])
    return found


def format_solution(puzzle: Bridges, solution: Board, style: str = "grid") -> str:
    """The text drawing (``grid``) under the plain layout's ``max`` and ``no loops`` lines where
    the rules differ from the defaults, so that it reads back as the puzzle with every bridge
    given; or the collection's solve move (``tatham``: ``S`` and an ``L x1,y1,x2,y2,n`` for
    each joined pair)."""
    if style == "tatham":
        moves = ["S"] + [f"L{x1},{y1},{x2},{y2},{n}" for x1, y1, x2, y2, n in
                         solved_links(puzzle, solution)]  # fmt: skip
        return ";".join(moves)
    return "\n".join(_rules(puzzle) + drawing(puzzle, solution))


def to_json(puzzle: Bridges, solution: Board) -> dict[str, Any]:
    """The corpus's form: the joined pairs, and the collection's text drawing."""
    return {"links": solved_links(puzzle, solution), "text": drawing(puzzle, solution, True)}


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Bridges:
    """``hashi/COLS/ROWS/BODY``: number-16 over the cells, a number an island (1 to 8: up to 2
    bridges join a pair, loops allowed); an island of ``?`` bridges is not read."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number16(url.body, url.cols * url.rows)
    puzzlink.done(url, rest)
    for at, n in enumerate(numbers):
        if n == puzzlink.UNKNOWN or n == 0 or n > 4 * 2:
            what = "'?'" if n == puzzlink.UNKNOWN else str(n)
            raise puzzlink.refuse(
                url, f"the island at row {at // url.cols + 1}, column {at % url.cols + 1} "
                f"counts {what} bridges (gridsat reads islands of 1 to 8)"
            )  # fmt: skip
    cells = [0 if n == puzzlink.EMPTY else n for n in numbers]
    rows = tuple(tuple(cells[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows))
    if not any(any(row) for row in rows):
        raise puzzlink.refuse(url, "the board has no islands")
    return Bridges(rows, 2, False, {})


def format_url(puzzle: Bridges) -> str:
    """The puzz.link URL of the board: its islands; refused for what the site's Hashi has not
    (more than 2 bridges a pair, no loops, given water)."""
    if puzzle.most != 2 or puzzle.no_loops or puzzle.fixed:
        raise ValueError("puzz.link's Hashi has up to 2 bridges a pair, loops allowed, no givens")
    numbers = [n or puzzlink.EMPTY for row in puzzle.rows for n in row]
    return puzzlink.write("hashi", puzzle.width, puzzle.height, puzzlink.write_number16(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: islands 1-16 (numbers), None, 0 or "" water."""
    return grid_text(rows, _cell, "an island 1-16 or water (None, 0, '')", "")


def _cell(value: object) -> str | None:
    if value is None or value == 0 or value == "":
        return "."
    if isinstance(value, int) and 1 <= value <= len(ISLAND):
        return ISLAND[value - 1]
    return None
