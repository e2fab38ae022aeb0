"""Loopy (Slitherlink) boards: Simon Tatham's game IDs for the square grid (``WxHt0:desc``) or
rows of clues as people type them, told apart by the ``:`` of the ID; the loop drawn in text,
as Tatham's solve move, or as his corpus's JSON."""

from __future__ import annotations

import re
from collections.abc import Collection

from ..puzzles.loopy import Clues, Lines, Loopy
from . import ParseError, is_digits, puzzlink
from .grid import grid_text
from .puzzlink import Url
from .tatham import MAX_SIDE, blank_run, clip, read_int, split_id, where, write_cells

EXAMPLE_ID = "5x5t0:a3a23a13b3b032e321a"
NO_CLUE = ".-_"
"""Characters of the plain form that stand for a cell without a clue."""
_LOOKS_LIKE_ID = re.compile(r"\s*((loopy|slitherlink)\s*:\s*)?\d+\s*x", re.IGNORECASE)


def parse(text: str) -> Loopy:
    """A board in either form; errors name the column of the ID, or the line and column."""
    text = text.replace("\ufeff", "").replace("\r", "")
    if ":" in text or _LOOKS_LIKE_ID.match(text):
        return parse_id(text)
    return parse_rows(text)


# -- Tatham's game ID -----------------------------------------------------------------------------


def parse_id(text: str) -> Loopy:
    """A game ID such as ``5x5t0:a3a23a13b3b032e321a``: the size and grid type, then one
    character a cell in reading order, a digit a clue, a letter ``a``..``z`` that many cells
    without one. A ``loopy:`` prefix and white space inside the description are accepted."""
    text, colon = split_id(text, ("loopy", "slitherlink"), EXAMPLE_ID)
    width, height = _params(text, colon)
    cells = width * height
    clues: list[int | None] = []
    for i in range(colon + 1, len(text)):
        ch = text[i]
        if ch.isspace():
            continue
        if "0" <= ch <= "4":
            if len(clues) >= cells:
                raise ParseError(
                    f"too many cells: clue {ch} {where(text, i)} would be cell {len(clues) + 1} "
                    f"of {cells}"
                )
            clues.append(int(ch))
        elif "5" <= ch <= "9" or "A" <= ch <= "Z":
            value = int(ch) if is_digits(ch) else ord(ch) - ord("A") + 10
            raise ParseError(
                f"clue {value} ({ch!r}) {where(text, i)}: a square has only 4 sides (clues 0-4)"
            )
        elif "a" <= ch <= "z":
            clues.extend([None] * blank_run(text, i, len(clues), cells))
        else:
            hint = (
                " (a grid description, as Penrose, hat and spectre tilings have, is not read: "
                "only the square grid is)"
                if ch == "_"
                else ""
            )
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} (expected a clue 0-4 or a letter a-z for "
                f"cells without a clue){hint}"
            )
    if len(clues) < cells:
        raise ParseError(
            f"too few cells: the description gives {len(clues)} of {width}x{height} = {cells}, "
            f"ending {where(text, len(text))}"
        )
    rows = tuple(tuple(clues[r * width : (r + 1) * width]) for r in range(height))
    return Loopy(rows, tatham=True)


def _params(text: str, colon: int) -> tuple[int, int]:
    """Width and height from the parameters before ``:``: ``WxH``, then ``t0`` (the square
    grid; any other tiling is refused) and a difficulty ``dX``, both optional."""
    i = 0
    hint = f"a Loopy game ID starts WxHt0:, e.g. {EXAMPLE_ID}"

    def number(what: str) -> int:
        nonlocal i
        value, i = read_int(text, i, colon, what, hint)
        return value

    width = number("width")
    if i >= colon or text[i] not in "xX":
        found = repr(text[i]) if i < colon else "':'"
        raise ParseError(f"expected 'x' between width and height {where(text, i)}, found {found}")
    i += 1
    height = number("height")
    if i < colon and text[i] == "t":
        i += 1
        at = i
        kind = number("grid type")
        if kind != 0:
            raise ParseError(
                f"grid type t{kind} {where(text, at)} is not the square grid: only t0 is read "
                "(Loopy's triangular, hexagonal, Penrose and other tilings are refused)"
            )
    if i < colon and text[i] == "d":
        i += 2
    if i < colon:
        raise ParseError(
            f"unexpected {text[i]!r} {where(text, i)} in the parameters {clip(text[:colon])!r} "
            f"(expected WxHt0, e.g. {EXAMPLE_ID})"
        )
    if width < 1 or height < 1:
        raise ParseError(f"bad size {width}x{height} {where(text, 0)}: a board needs cells")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ParseError(
            f"size {width}x{height} {where(text, 0)} is too large: sides up to {MAX_SIDE}"
        )
    return width, height


def format_id(puzzle: Loopy) -> str:
    """The game ID, as the collection writes it."""
    cells = write_cells(
        [str(clue) if clue is not None else None for row in puzzle.rows for clue in row]
    )
    return f"{puzzle.width}x{puzzle.height}t0:" + cells


# -- rows as people type them ---------------------------------------------------------------------


def parse_rows(text: str) -> Loopy:
    """Rows of clues, one a line: ``0``-``4`` a clue, ``.`` (or ``-``, ``_``) a cell without
    one; spaces between cells are ignored, blank lines skipped."""
    rows: list[tuple[int | None, ...]] = []
    first = 0
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        row: list[int | None] = []
        for column, ch in enumerate(line, 1):
            if ch in " \t":
                continue
            if "0" <= ch <= "4":
                row.append(int(ch))
            elif ch in NO_CLUE:
                row.append(None)
            else:
                why = "a square has only 4 sides; " if is_digits(ch) else ""
                raise ParseError(
                    f"unexpected {ch!r} at line {number}, column {column} ({why}expected a "
                    "clue 0-4 or . for no clue, or a Loopy game ID such as "
                    f"{EXAMPLE_ID})"
                )
        if not rows:
            first = number
        elif len(row) != len(rows[0]):
            raise ParseError(
                f"line {number} has {len(row)} cells, but the first row (line {first}) has "
                f"{len(rows[0])}"
            )
        if len(row) > MAX_SIDE or len(rows) >= MAX_SIDE:
            raise ParseError(f"the board is too large at line {number}: sides up to {MAX_SIDE}")
        rows.append(tuple(row))
    if not rows:
        raise ParseError(
            f"empty input: expected rows of clues 0-4 and . or a game ID such as {EXAMPLE_ID}"
        )
    return Loopy(tuple(rows))


def format_rows(clues: Clues) -> str:
    """The rows as ``parse_rows`` reads them."""
    return "\n".join("".join("." if k is None else str(k) for k in row) for row in clues)


def format_puzzle(puzzle: Loopy) -> str:
    """The puzzle in the form it was read in: a game ID, or rows."""
    return format_id(puzzle) if puzzle.tatham else format_rows(puzzle.rows)


# -- solutions ------------------------------------------------------------------------------------


def draw(puzzle: Loopy, solution: Lines, marked: Collection[tuple[int, int]] = ()) -> str:
    """The loop in text: dots ``+``, lines ``---`` and ``|``, clues inside; a marked cell shows
    ``?`` on both sides of its clue."""
    out = []
    for y in range(puzzle.height + 1):
        out.append("+" + "".join(("---" if on else "   ") + "+" for on in solution.h[y]))
        if y == puzzle.height:
            break
        cells = []
        for x, clue in enumerate(puzzle.rows[y]):
            cells.append("|" if solution.v[y][x] else " ")
            mark = "?" if (y, x) in marked else " "
            cells.append(mark + (" " if clue is None else str(clue)) + mark)
        cells.append("|" if solution.v[y][puzzle.width] else " ")
        out.append("".join(cells).rstrip())
    return "\n".join(out)


def solve_move(solution: Lines) -> str:
    """Tatham's solve move (loopy.c's ``encode_solve_move``): ``S``, then every edge of the grid
    by its number, ``y`` on the loop or ``n`` off it. The square grid numbers its edges as its
    faces first meet them, in reading order: a face's top (first row only), right, bottom and
    left (first column only)."""
    h, w = len(solution.v), len(solution.h[0])
    bits: list[int] = []
    for y in range(h):
        for x in range(w):
            if y == 0:
                bits.append(solution.h[y][x])
            bits.append(solution.v[y][x + 1])
            bits.append(solution.h[y + 1][x])
            if x == 0:
                bits.append(solution.v[y][x])
    return "S" + "".join(f"{i}{'y' if on else 'n'}" for i, on in enumerate(bits))


def format_solution(puzzle: Loopy, solution: Lines, style: str = "grid") -> str:
    """The loop drawn in text, or (``tatham``) the collection's solve move."""
    if style == "tatham":
        return solve_move(solution)
    return draw(puzzle, solution)


def format_marked(puzzle: Loopy, solution: Lines, places: set[tuple[int, int]]) -> str:
    """The loop with ``?`` beside the cells whose sides differ between solutions."""
    return draw(puzzle, solution, places)


def to_json(puzzle: Loopy, solution: Lines) -> dict[str, list[str]]:
    """Tatham's corpus form: ``h`` and ``v`` as rows of ``0``/``1`` characters."""
    return {
        "h": ["".join(map(str, row)) for row in solution.h],
        "v": ["".join(map(str, row)) for row in solution.v],
    }


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Loopy:
    """``slither/COLS/ROWS/BODY``: number-4 over the cells; its ``f`` flag (the loop visits
    every dot) and ``?`` clues are rules gridsat's Loopy has not, and refused."""
    puzzlink.only_flags(url)
    numbers, rest = puzzlink.read_number4(url.body, url.cols * url.rows)
    puzzlink.done(url, rest)
    if puzzlink.UNKNOWN in numbers:
        at = numbers.index(puzzlink.UNKNOWN)
        raise puzzlink.refuse(
            url, f"cell {at // url.cols + 1},{at % url.cols + 1} holds a '?' clue, which "
            "gridsat's Loopy does not read"
        )  # fmt: skip
    clues = [None if n == puzzlink.EMPTY else n for n in numbers]
    return Loopy(tuple(tuple(clues[r * url.cols : (r + 1) * url.cols]) for r in range(url.rows)))


def format_url(puzzle: Loopy) -> str:
    """The puzz.link URL of the board."""
    numbers = [puzzlink.EMPTY if n is None else n for row in puzzle.rows for n in row]
    return puzzlink.write("slither", puzzle.width, puzzle.height, puzzlink.write_number4(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: clues 0-4 (numbers or digits), None or "" no clue (0 is
    a clue here, not a blank)."""
    return grid_text(rows, _cell, "a clue 0-4 or no clue (None, '')", "")


def _cell(value: object) -> str | None:
    if value is None or value == "" or value == ".":
        return "."
    return str(value) if value in (0, 1, 2, 3, 4, "0", "1", "2", "3", "4") else None
