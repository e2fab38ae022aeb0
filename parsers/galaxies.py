"""Galaxies boards: Simon Tatham's game IDs (``7x7:chifbtoyhjkupo``), puzz.link's
``tentaisho`` URLs, and a plain drawing of the board's points, told apart by the ID's ``:``."""

from __future__ import annotations

import re
from typing import Any

from ..puzzles.galaxies import Board, Galaxies, Mark, Point
from ..puzzles.grid import Cell
from . import ParseError, is_digits, puzzlink
from .grid import grid_text, rows_from_json
from .puzzlink import Url
from .tatham import MAX_SIDE, clip, read_size, split_id, where

NAMES = ("galaxies",)
EXAMPLE = "7x7:chifbtoyhjkupo"
_PARAMS = re.compile(r"(\d+)x(\d+)(?:d[nu])?", re.IGNORECASE)
"""``WxH``, and the generator's difficulty that may follow it (``7x7dn``)."""
DOT, BLACK_DOT, HOLE = "o", "*", "#"
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
NOTHING = ".|-+ "
"""Characters of a plain drawing that mark no dot: a cell's centre, its sides, a corner."""


def parse(text: str) -> Galaxies:
    """A game ID when the text has a ``:``, else a plain drawing."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def parse_id(text: str) -> Galaxies:
    """Tatham's ``WxH:desc``: a walk over the (2W-1)(2H-1) points inside the board in reading
    order, ``a``..``y`` skipping 0..24 points and putting a dot on the next (``A``..``Y`` a
    black one), ``z`` skipping 25; points after the last dot are not written. A ``galaxies:``
    in front and the generator's difficulty after the size (``7x7dn``) are accepted."""
    text, colon = split_id("".join(text.split()), NAMES, EXAMPLE)
    hint = "expected WxH before ':', e.g. 7x7"
    width, height = read_size(text, text[:colon], _PARAMS, hint, most_side=MAX_SIDE)
    across = 2 * width - 1
    points = across * (2 * height - 1)
    dots: list[Point] = []
    black: set[Point] = set()
    k = 0
    for i in range(colon + 1, len(text)):
        ch = text[i]
        if ch in "zZ":
            k += 25
            continue
        if not ("a" <= ch <= "y" or "A" <= ch <= "Y"):
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} (expected a letter: a-y skip 0-24 points "
                "and put a dot on the next, A-Y a black dot, z skips 25)"
            )
        k += ord(ch.lower()) - ord("a")
        if k >= points:
            raise ParseError(
                f"{ch!r} {where(text, i)} puts a dot on point {k + 1}, past the {points} points "
                f"inside a {width}x{height} board"
            )
        dot = (k % across + 1, k // across + 1)
        dots.append(dot)
        if ch.isupper():
            black.add(dot)
        k += 1
    return Galaxies(width, height, tuple(dots), frozenset(black), tatham=True)


def parse_plain(text: str) -> Galaxies:
    """The points inside the board drawn a character each, 2H-1 lines of 2W-1: at a cell's
    centre ``.``, between two cells ``|`` or ``-``, at a corner ``+`` (or any of them, or a
    space: nothing), ``o`` a dot, ``*`` a black dot, ``#`` at a cell's centre a hole (a cell
    not part of the board). After a blank line, optionally, H rows of W numbers separated by
    spaces give cells to the galaxy of a dot (dots counted from 0 in reading order), ``.`` a
    cell not given."""
    lines = text.splitlines()
    blocks: list[list[tuple[int, str]]] = [[]]
    for n, line in enumerate(lines, 1):
        if line.strip():
            blocks[-1].append((n, line.rstrip()))
        elif blocks[-1]:
            blocks.append([])
    blocks = [b for b in blocks if b]
    if not blocks:
        raise ParseError(f"empty input: expected a drawing of dots, or a game ID such as {EXAMPLE}")
    if len(blocks) > 2:
        raise ParseError(
            f"line {blocks[2][0][0]}: a board is a drawing of its points and, after one blank "
            "line, rows of cells given to galaxies; nothing more"
        )
    drawing = blocks[0]
    if len(drawing) % 2 == 0:
        raise ParseError(
            f"{len(drawing)} lines of points: a board of H rows has 2H-1 (a line of cell "
            "centres, then one of the sides between rows, and so on)"
        )
    across = max(len(line) for _, line in drawing)
    across += 1 - across % 2  # (a last column of nothing, its spaces cut off)
    width, height = (across + 1) // 2, (len(drawing) + 1) // 2
    if max(width, height) > MAX_SIDE:
        raise ParseError(f"a {width}x{height} board is over the limit of {MAX_SIDE} a side")
    dots: list[Point] = []
    black: set[Point] = set()
    holes: set[Cell] = set()
    for j, (n, line) in enumerate(drawing):
        for i, ch in enumerate(line):
            point = (i + 1, j + 1)
            if ch in NOTHING:
                continue
            if ch in (DOT, "O", BLACK_DOT, "@"):
                dots.append(point)
                if ch in (BLACK_DOT, "@"):
                    black.add(point)
            elif ch == HOLE and i % 2 == 0 and j % 2 == 0:
                holes.add((j // 2, i // 2))
            else:
                where_ = f"line {n}, column {i + 1}"
                if ch == HOLE:
                    raise ParseError(f"{where_}: a hole '#' stands at a cell's centre only")
                raise ParseError(
                    f"{where_}: {ch!r} is no point (o a dot, * a black dot, # a hole, "
                    ". | - + nothing)"
                )
    puzzle = Galaxies(width, height, tuple(dots), frozenset(black), frozenset(holes))
    if len(blocks) == 1:
        return puzzle
    return Galaxies(
        width, height, puzzle.dots, puzzle.black, puzzle.holes, _marks(blocks[1], puzzle)
    )


def _marks(block: list[tuple[int, str]], puzzle: Galaxies) -> frozenset[Mark]:
    """The cells given to galaxies: H rows of W tokens, a dot's number or ``.``."""
    if len(block) != puzzle.height:
        raise ParseError(
            f"line {block[0][0]}: {len(block)} rows of given cells, but the board has "
            f"{puzzle.height}"
        )
    marks: set[Mark] = set()
    for r, (n, line) in enumerate(block):
        tokens = line.replace(",", " ").split()
        if len(tokens) != puzzle.width:
            raise ParseError(
                f"line {n}: {len(tokens)} given cells, but the board has {puzzle.width}"
            )
        for c, token in enumerate(tokens):
            if token in ".?_":
                continue
            if not is_digits(token) or int(token) >= len(puzzle.dots):
                raise ParseError(
                    f"line {n}: {clip(token)!r} in column {c + 1} is not the number of a dot "
                    f"(0 to {len(puzzle.dots) - 1}), nor '.'"
                )
            if (r, c) in puzzle.holes:
                raise ParseError(f"line {n}: column {c + 1} is a hole, given to a galaxy")
            marks.add(((r, c), int(token)))
    return frozenset(marks)


def format_id(puzzle: Galaxies) -> str:
    """The game ID, as the collection writes it."""
    if puzzle.holes:
        raise ValueError("a game ID holds no holes")
    if puzzle.marks:
        raise ValueError("a game ID holds no cells given to galaxies")
    across = 2 * puzzle.width - 1
    out = []
    run = 0
    last = max((y - 1) * across + x - 1 for x, y in puzzle.dots) if puzzle.dots else -1
    places = {(y - 1) * across + x - 1: (x, y) for x, y in puzzle.dots}
    for k in range(last + 1):
        dot = places.get(k)
        if dot is None:
            run += 1
            if run == 25:
                out.append("z")
                run = 0
            continue
        letter = chr(ord("a") + run)
        out.append(letter.upper() if dot in puzzle.black else letter)
        run = 0
    return f"{puzzle.width}x{puzzle.height}:" + "".join(out)


def format_plain(puzzle: Galaxies) -> str:
    """The drawing of the points, and the cells given to galaxies."""
    lines = []
    for j in range(2 * puzzle.height - 1):
        row = []
        for i in range(2 * puzzle.width - 1):
            point = (i + 1, j + 1)
            if point in puzzle.black:
                row.append(BLACK_DOT)
            elif point in puzzle.dots:
                row.append(DOT)
            elif i % 2 == 0 and j % 2 == 0:
                row.append(HOLE if (j // 2, i // 2) in puzzle.holes else ".")
            else:
                row.append("|" if j % 2 == 0 else "-" if i % 2 == 0 else "+")
        lines.append("".join(row))
    if puzzle.marks:
        given = dict(puzzle.marks)
        width = len(str(len(puzzle.dots) - 1))
        lines.append("")
        for r in range(puzzle.height):
            lines.append(
                " ".join(
                    str(given[(r, c)]).rjust(width) if (r, c) in given else ".".rjust(width)
                    for c in range(puzzle.width)
                )
            )
    return "\n".join(lines)


def format_puzzle(puzzle: Galaxies) -> str:
    """In the form it was read: a game ID, or the drawing (always, for a board an ID cannot
    hold)."""
    if puzzle.tatham and not puzzle.holes and not puzzle.marks:
        return format_id(puzzle)
    return format_plain(puzzle)


def format_solution(puzzle: Galaxies, solution: Board, style: str = "grid") -> str:
    """Each cell's galaxy as the number of its dot (``.`` a hole), right-aligned."""
    texts = [["." if v is None else str(v) for v in row] for row in solution]
    width = max((len(t) for row in texts for t in row), default=1)
    return "\n".join(" ".join(t.rjust(width) for t in row) for row in texts)


def to_json(puzzle: Galaxies, solution: Board) -> list[list[int | None]]:
    """H rows of ints: each cell's dot's number, dots counted from 0 in reading order of their
    points (the corpus form); null on a hole."""
    return [list(row) for row in solution]


def from_json(puzzle: Galaxies, data: Any) -> Board:
    """A solution as ``to_json`` writes it, for the checker to judge."""
    return rows_from_json(puzzle, data)


def rows_text(rows: object) -> str:
    """The board's points as Python values: 2H-1 rows of 2W-1, "o" (or 1, True) a dot, "*"
    (or 2) a black dot, "#" a hole, None, "" or "." nothing."""
    return grid_text(rows, _point, "a point (None, '.', 'o', '*', '#', 1 or 2)", "")


def _point(value: object) -> str | None:
    if value is None or value == "" or value == 0:
        return "."
    if value == 1:
        return DOT
    if value == 2:
        return BLACK_DOT
    if isinstance(value, str) and len(value) == 1 and value in f"{NOTHING}{DOT}O{BLACK_DOT}@{HOLE}":
        return value
    return None


# -- puzz.link URLs -------------------------------------------------------------------------------


def parse_url(url: Url) -> Galaxies:
    """``tentaisho/COLS/ROWS/BODY``: the dots over the (2C-1)(2R-1) points inside, a hex digit a
    dot (even white, odd black) and then (digit >> 1) points skipped, ``g``..``z`` 1..20 points
    skipped; then, when some cells are not part of the board, a bit field of them."""
    puzzlink.only_flags(url)
    width, height = url.cols, url.rows
    across = 2 * width - 1
    points = across * (2 * height - 1)
    dots: list[Point] = []
    black: set[Point] = set()
    body = url.body
    s = i = 0
    while i < len(body) and s < points:
        ch = body[i]
        if "0" <= ch <= "9" or "a" <= ch <= "f":
            value = int(ch, 16)
            dot = (s % across + 1, s // across + 1)
            dots.append(dot)
            if value % 2:
                black.add(dot)
            s += (value >> 1) + 1
        elif "g" <= ch <= "z":
            s += int(ch, 36) - 15
        else:
            raise puzzlink.refuse(url, f"unexpected {ch!r} at character {i + 1} of the dots")
        i += 1
    rest = body[i:]
    holes: set[Cell] = set()
    if rest:
        empty, rest = puzzlink.read_bits(rest, width * height, "empty cells")
        holes = {(k // width, k % width) for k, bit in enumerate(empty) if bit}
    puzzlink.done(url, rest)
    return Galaxies(width, height, tuple(dots), frozenset(black), frozenset(holes))


def format_url(puzzle: Galaxies) -> str:
    """The puzz.link URL of the board (cells given to galaxies have no place in it)."""
    if puzzle.marks:
        raise ValueError("a URL holds no cells given to galaxies")
    across = 2 * puzzle.width - 1
    points = across * (2 * puzzle.height - 1)
    colour = [0] * points
    for x, y in puzzle.dots:
        colour[(y - 1) * across + x - 1] = 2 if (x, y) in puzzle.black else 1
    out: list[str] = []
    count = 0
    s = 0
    while s < points:
        token = ""
        if colour[s]:
            for i in range(1, 8):
                if s + i < points and colour[s + i]:
                    token = format(2 * (i - 1) + colour[s] - 1, "x")
                    s += i - 1
                    break
            if not token:
                token = format(13 + colour[s], "x")
                s += 7
        else:
            count += 1
        if count == 0:
            out.append(token)
        elif token or count == 20:
            out.append(_BASE36[count + 15] + token)
            count = 0
        s += 1
    if count:
        out.append(_BASE36[count + 15])
    body = "".join(out)
    if puzzle.holes:
        body += puzzlink.write_bits(
            [(r, c) in puzzle.holes for r in range(puzzle.height) for c in range(puzzle.width)]
        )
    return puzzlink.write("tentaisho", puzzle.width, puzzle.height, body)
