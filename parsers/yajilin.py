"""Yajilin boards: rows of cells a person types (``.`` empty, ``2>`` a clue: two shaded cells to
the right), and puzz.link's ``yajilin`` URLs."""

from __future__ import annotations

import re

from ..puzzles.yajilin import SHADED, Board, Clue, Yajilin
from . import ParseError, puzzlink
from .lines import BOX
from .puzzlink import Url
from .shading import layout, token_rows
from .tatham import clip

EXAMPLE = ". . . . .\n. . . . .\n. . . 2< .\n. . . . .\n. . . . 0^"
ARROW_OF = {"^": "^", "v": "v", "<": "<", ">": ">", "u": "^", "d": "v", "l": "<", "r": ">"}
"""The arrows after a clue's count: ``^ v < >``, or the letters ``u d l r`` (either case)."""
EMPTY = {".", "-", "_"}
MARKS = {"#": True, "+": False}
"""A setter's marks: the cell is given shaded (``#``), or given on the loop (``+``)."""
OUTSIDE = "outside"
"""A first line that says the shaded cells all lie outside the loop (puzz.link's ``o``)."""
_CLUE = re.compile(r"(\d+|\?)([\^v<>udlrUDLR]?)")
URL_ARROW = {1: "^", 2: "v", 3: "<", 4: ">"}
"""pzprjs's directions."""


def parse(text: str) -> Yajilin:
    """A puzz.link URL, or rows of cells, a line a row: side by side, or separated by spaces or
    commas (a count of 10 or more needs the spaces); an optional first line ``outside``."""
    if puzzlink.is_url(text):
        return parse_url(puzzlink.split(text, ("yajilin", "yajirin")))
    lines = text.splitlines()
    first = next((k for k, line in enumerate(lines) if line.strip()), None)
    outside = first is not None and lines[first].strip().lower() == OUTSIDE
    if outside and first is not None:
        lines[first] = ""
    if not any(line.strip() for line in lines):
        raise ParseError("empty input: expected rows of cells, such as '. 2< .' (or a URL)")
    rows: list[tuple[Clue | None, ...]] = []
    marks: list[tuple[tuple[int, int], bool]] = []
    for r, cells in enumerate(token_rows("\n".join(lines), "^v<>udlrUDLR", EXAMPLE)):
        row: list[Clue | None] = []
        for c, (n, column, token) in enumerate(cells):
            if token in MARKS:
                marks.append(((r, c), MARKS[token]))
                row.append(None)
            else:
                row.append(_cell(token, n, column))
        rows.append(tuple(row))
    return Yajilin(tuple(rows), outside=outside, marks=tuple(marks))


def _cell(token: str, n: int, column: int) -> Clue | None:
    if token in EMPTY:
        return None
    found = _CLUE.fullmatch(token)
    if not found or (found[1] != "?" and len(found[1]) > 9):
        raise ParseError(
            f"line {n}, column {column}: {clip(token)!r} is not a cell (. empty, a clue as its "
            "count and arrow: 2> 1v 0< 3^, or ? alone; # given shaded, + given on the loop)"
        )
    count, arrow = found[1], ARROW_OF.get(found[2].lower(), "") if found[2] else ""
    if not arrow and count != "?":
        raise ParseError(
            f"line {n}, column {column}: the clue {token!r} has no arrow (write {token}> to "
            "count the shaded cells to its right, or ^ v <)"
        )
    return (arrow, None if count == "?" else int(count))


def _token(clue: Clue | None) -> str:
    if clue is None:
        return "."
    arrow, count = clue
    return f"{'?' if count is None else count}{arrow}"


def format_puzzle(puzzle: Yajilin) -> str:
    """The rows of cells (``outside`` first, when the shaded cells lie outside the loop)."""
    texts = [[_token(clue) for clue in row] for row in puzzle.rows]
    for (r, c), shaded in puzzle.marks:
        texts[r][c] = "#" if shaded else "+"
    board = layout(texts) if any(len(t) > 1 for row in texts for t in row) else _spaced(texts)
    return f"{OUTSIDE}\n{board}" if puzzle.outside else board


def _spaced(texts: list[list[str]]) -> str:
    return "\n".join(" ".join(row) for row in texts)


def format_solution(puzzle: Yajilin, solution: Board, style: str = "grid") -> str:
    """``grid``: the clues, ``#`` for the shaded cells and the loop in box-drawing characters;
    ``masks``: the rows ``to_json`` writes."""
    if style == "masks":
        return "\n".join(solution)
    clues = puzzle.clues()
    size = max([len(_token(clue)) for clue in clues.values()] + [1])
    out = []
    for r, row in enumerate(solution):
        cells = []
        for c, ch in enumerate(row):
            if (r, c) in clues:
                cells.append(_token(clues[(r, c)]).rjust(size) + " ")
            elif ch == SHADED:
                cells.append("#" * size + " ")
            elif ch in "0123456789abcdef":
                mask = int(ch, 16)
                fill = "─" if mask & 1 else " "
                cells.append(BOX.get(mask, "?").ljust(size, fill) + fill)
            else:
                cells.append(ch.ljust(size) + " ")
        out.append("".join(cells).rstrip())
    return "\n".join(out)


def to_json(puzzle: Yajilin, solution: Board) -> list[str]:
    """H strings of W characters: ``#`` shaded, ``.`` a clue, else the cell's lines as a hex
    digit (1 right, 2 up, 4 left, 8 down)."""
    return list(solution)


def from_json(puzzle: Yajilin, data: object) -> Board:
    """The solution ``to_json`` wrote."""
    w, h = puzzle.width, puzzle.height
    if (
        not isinstance(data, list)
        or len(data) != h
        or not all(isinstance(row, str) and len(row) == w for row in data)
    ):
        raise ParseError(f"a solution is {h} strings of {w} characters")
    for row in data:
        if not re.fullmatch(r"[0-9a-fA-F#.]*", row):
            raise ParseError(f"{clip(row)!r} is not a row of #, . and hex digits")
    return tuple(row.lower() for row in data)


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Yajilin:
    """``yajilin/[FLAGS/]COLS/ROWS/BODY``: arrow clues (``read_arrow16``); the flag ``o`` says
    the shaded cells lie outside the loop, ``b`` that the clues are drawn on grey."""
    puzzlink.only_flags(url, "ob")
    cells = url.cols * url.rows
    found, rest = puzzlink.read_arrow16(url.body, cells)
    puzzlink.done(url, rest)
    flat: list[Clue | None] = []
    for k, clue in enumerate(found):
        place = f"r{k // url.cols + 1}c{k % url.cols + 1}"
        if clue is None:
            flat.append(None)
            continue
        direction, n = clue
        if n == puzzlink.BLOCK:
            raise puzzlink.refuse(url, f"{place} is a shaded cell given in the clue layer, "
                                  "which Yajilin has no place for")  # fmt: skip
        if direction == puzzlink.ARROW_NONE and n != puzzlink.UNKNOWN:
            raise puzzlink.refuse(url, f"{place} has the number {n} and no arrow")
        flat.append((URL_ARROW.get(direction, ""), None if n == puzzlink.UNKNOWN else n))
    rows = tuple(tuple(flat[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows))
    return Yajilin(rows, outside="o" in url.flags, grey="b" in url.flags)


def format_url(puzzle: Yajilin) -> str:
    """The puzz.link URL of the board, as pzprjs writes it (a setter's marks have no place
    in it)."""
    if puzzle.marks:
        raise ValueError("a URL holds no given shading")
    direction = {arrow: d for d, arrow in URL_ARROW.items()}
    clues: list[tuple[int, int] | None] = [
        None
        if clue is None
        else (direction.get(clue[0], 0), puzzlink.UNKNOWN if clue[1] is None else clue[1])
        for row in puzzle.rows
        for clue in row
    ]
    flags = ("o" if puzzle.outside else "") + ("b" if puzzle.grey else "")
    body = puzzlink.write_arrow16(clues)
    return puzzlink.write("yajilin", puzzle.width, puzzle.height, body, flags)
