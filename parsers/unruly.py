"""Unruly boards: Simon Tatham's game IDs (``8x8:desc``, ``8x8u:desc``) and plain rows of
``0 1 .``, told apart by the ID's ``:``."""

from __future__ import annotations

import re

from ..puzzles.unruly import Board, Unruly, line_count
from . import ParseError, is_digits, uneven_row
from .grid import grid_text
from .tatham import MAX_SIDE, clip, split_id, where

NAMES = ("unruly", "takuzu", "binairo")
EXAMPLE = "6x6:ccAaBdebbfDCa"
BLANKS = "._?"
"""A blank cell in plain rows (``?`` as diagnose prints a free cell)."""
SEPARATORS = " \t,|"
"""Ignored between the cells of a plain row."""
_SETTING = re.compile(r"(unique|distinct)|(\d+)\s*[xX]\s*(\d+)", re.I)


def parse(text: str, distinct: bool = False) -> Unruly:
    """A game ID (it has a ``:``) or plain rows; ``distinct`` (the CLI's ``--distinct``) adds
    the rule that no two rows and no two columns are the same."""
    if ":" in text:
        return read_id(text, distinct)
    return read_rows(text, distinct)


# -- Tatham's game IDs ----------------------------------------------------------------------------


def read_id(text: str, distinct: bool = False) -> Unruly:
    """``WxH[u]:desc`` (the full parameters' ``d`` and difficulty are accepted and dropped):
    a letter walk over the cells in reading order, ``a``..``y`` skipping 0..24 blank cells
    and then giving a 0, ``A``..``Y`` the same giving a 1, ``z``/``Z`` skipping 25; the walk
    ends one cell past the board. White space inside the ID is ignored."""
    text, colon = split_id("".join(text.split()), NAMES, EXAMPLE)
    w, h, unique = _read_params(text, colon)
    cells = w * h
    flat: list[int | None] = [None] * cells
    pos = 0  # the next cell the walk reaches; the walk ends at cells + 1
    for i in range(colon + 1, len(text)):
        ch = text[i]
        if ch in "zZ":
            target = pos + 24  # 25 blank cells, nothing given
        elif "a" <= ch <= "y" or "A" <= ch <= "Y":
            target = pos + ord(ch.lower()) - ord("a")
        else:
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} (expected a letter: a-y give a 0, "
                "A-Y give a 1 after that many blank cells, z skips 25)"
            )
        if target > cells:
            raise ParseError(
                f"too many cells: {ch!r} {where(text, i)} runs to cell {target + 1} of the "
                f"{w}x{h} board's {cells} and the end mark"
            )
        if target < cells and ch not in "zZ":
            flat[target] = 0 if ch.islower() else 1
        pos = target + 1
    if pos != cells + 1:
        raise ParseError(
            f"too few cells: the description walks {pos} of {cells + 1} places (the {w}x{h} "
            f"board's {cells} cells and the end mark), ending {where(text, len(text))}"
        )
    rows = tuple(tuple(flat[r * w : (r + 1) * w]) for r in range(h))
    return Unruly(rows, distinct=unique or distinct, tatham=True)


def _read_params(text: str, colon: int) -> tuple[int, int, bool]:
    """Width, height and the ``u`` flag from the ID's parameters ``text[:colon]``."""
    i = 0

    def number(what: str) -> int:
        nonlocal i
        start = i
        while i < colon and is_digits(text[i]):
            i += 1
        if i == start:
            found = repr(text[i]) if i < colon else "':'"
            raise ParseError(
                f"bad size: expected the {what} {where(text, start)}, found {found} "
                f"(the ID starts WxH:, e.g. {EXAMPLE})"
            )
        if i - start > 6:
            raise ParseError(f"the {what} {where(text, start)} is over the limit of {MAX_SIDE}")
        return int(text[start:i])

    w = number("width")
    h = w
    if i < colon and text[i] in "xX":
        i += 1
        h = number("height")
    unique = False
    if i < colon and text[i] == "u":
        unique = True
        i += 1
    if i < colon and text[i] == "d":  # a difficulty: only the generator uses it
        i += 1
        if i < colon and text[i] in "ten":
            i += 1
        else:
            found = repr(text[i]) if i < colon else "nothing"
            raise ParseError(f"unknown difficulty {where(text, i)}: {found} (t, e or n)")
    if i < colon:
        raise ParseError(
            f"unexpected {text[i]!r} {where(text, i)} in the parameters "
            "(expected WxH, then u for distinct rows and columns, then ':')"
        )
    size = f"size {w}x{h} {where(text, 0)}"
    if w % 2 or h % 2:
        raise ParseError(f"{size}: width and height must be even")
    if w < 6 or h < 6:
        raise ParseError(
            f"{size}: the collection's boards are at least 6x6 (plain rows may be smaller)"
        )
    if w > MAX_SIDE or h > MAX_SIDE:
        raise ParseError(f"{size}: each side is at most {MAX_SIDE}")
    if unique:
        _check_distinct_fits(w, h, size)
    return w, h, unique


def _check_distinct_fits(w: int, h: int, size: str) -> None:
    """Distinct rows need as many admissible lines as rows (the collection's own check)."""
    for side, other, kind in ((w, h, "rows"), (h, w, "columns")):
        if other > line_count(side):
            raise ParseError(
                f"{size}: only {line_count(side)} lines of {side} cells follow the rules, "
                f"too few for {other} distinct {kind}"
            )


def format_id(puzzle: Unruly) -> str:
    """The game ID as the collection writes it."""
    out = []
    run = 0
    flat = [v for row in puzzle.rows for v in row] + [0]  # the end mark: a 0 past the board
    for v in flat:
        if v is None:
            run += 1
            continue
        while run > 24:
            out.append("z" if v == 0 else "Z")
            run -= 25
        out.append(chr((ord("a") if v == 0 else ord("A")) + run))
        run = 0
    flag = "u" if puzzle.distinct else ""
    return f"{puzzle.width}x{puzzle.height}{flag}:" + "".join(out)


# -- plain rows -----------------------------------------------------------------------------------


def read_rows(text: str, distinct: bool = False) -> Unruly:
    """Rows of ``0``, ``1`` and blanks (``.``, ``_``, ``?``), one row a line, spaces, commas and
    ``|`` between cells optional; or a list of lists (``[[0, 1, _], ...]``). An optional first
    line holds ``unique`` (or ``distinct``) and/or the size, as ``6x6`` (checked)."""
    lines = text.splitlines()
    first = next((k for k, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ParseError(f"empty input: expected rows of 0 1 . or a game ID such as {EXAMPLE}")
    size: tuple[int, int] | None = None
    if _is_settings(lines[first]):
        size, unique = _read_settings(lines[first], first + 1)
        distinct = distinct or unique
        lines[first] = ""
    body = [(k + 1, line) for k, line in enumerate(lines) if line.strip()]
    if not body:
        raise ParseError("no rows after the settings line")
    if body[0][1].lstrip().startswith("["):
        rows = _read_lists("".join("".join(line.split()) for _, line in body))
    else:
        rows = [_read_line(number, line) for number, line in body]
    width = len(rows[0][1])
    for where_, row in rows:
        if len(row) != width:
            raise uneven_row(where_, len(row), width)
    height = len(rows)
    if size is not None and size != (width, height):
        raise ParseError(
            f"the board is {width}x{height}, but the size line says {size[0]}x{size[1]}"
        )
    _check_size(width, height, "the board")
    return Unruly(tuple(tuple(row) for _, row in rows), distinct=distinct)


def _is_settings(line: str) -> bool:
    """A first line of words or a size, not a row of cells."""
    text = line.strip()
    return bool(text) and (text[0].isalpha() or re.match(r"\d+\s*[xX]", text) is not None)


def _read_settings(line: str, number: int) -> tuple[tuple[int, int] | None, bool]:
    """The size and the distinct-lines rule named on the first line."""
    size = None
    unique = False
    pos = 0
    while pos < len(line):
        if line[pos].isspace() or line[pos] == ",":
            pos += 1
            continue
        match = _SETTING.match(line, pos)
        if not match:
            word = line[pos:].split()[0]
            looks_like_id = re.fullmatch(r"\d+[xX]\d+[a-zA-Z]+", line.strip())
            hint = "; a game ID needs ':' after its size, e.g. 6x6:desc" if looks_like_id else ""
            raise ParseError(
                f"line {number}, column {pos + 1}: unknown setting {clip(word)!r} "
                f"(use unique, or a size such as 6x6{hint})"
            )
        if match[1]:
            unique = True
        else:
            if len(match[2]) > 6 or len(match[3]) > 6:
                raise ParseError(f"line {number}: the size is over the limit of {MAX_SIDE}")
            size = (int(match[2]), int(match[3]))
            _check_size(*size, f"line {number}: the size")
        pos = match.end()
    return size, unique


def _check_size(width: int, height: int, what: str) -> None:
    """Even sides, at least 2, at most ``MAX_SIDE``."""
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ParseError(f"{what} is {width}x{height}: each side is at most {MAX_SIDE}")
    if width < 2 or height < 2 or width % 2 or height % 2:
        raise ParseError(f"{what} is {width}x{height}: width and height must be even (2 or more)")


def _cell(ch: str, where_: str) -> int | None:
    """A cell's value from its character."""
    if ch in "01":
        return int(ch)
    if ch in BLANKS:
        return None
    raise ParseError(f"{where_}: {clip(ch)!r} is not 0, 1 or a blank (. or _)")


def _read_line(number: int, line: str) -> tuple[str, list[int | None]]:
    """One row of cells, read from line ``number``."""
    row: list[int | None] = []
    for col, ch in enumerate(line, 1):
        if ch in SEPARATORS or ch in "[]":
            continue
        row.append(_cell(ch, f"line {number}, column {col}"))
        if len(row) > MAX_SIDE:
            raise ParseError(f"line {number}: more than {MAX_SIDE} cells")
    return f"line {number}", row


def _read_lists(flat: str) -> list[tuple[str, list[int | None]]]:
    """A list of lists, white space removed: ``[[0,1,_],[1,0,_]]``."""
    rows: list[tuple[str, list[int | None]]] = []
    for part in flat.split("]"):
        part = part.strip("[,")
        cells = [c for c in part.split(",") if c] if "," in part else list(part)
        if not cells:
            continue
        name = f"row {len(rows) + 1}"
        if len(rows) >= MAX_SIDE or len(cells) > MAX_SIDE:
            raise ParseError(f"{name}: the board is larger than {MAX_SIDE} a side")
        row = []
        for k, token in enumerate(cells, 1):
            if len(token) != 1 and token.strip("_") != "":
                raise ParseError(
                    f"{name}, cell {k}: {clip(token)!r} is not 0, 1 or a blank (. or _)"
                )
            row.append(_cell(token[0], f"{name}, cell {k}"))
        rows.append((name, row))
    if not rows:
        raise ParseError("no rows in the list")
    return rows


# -- printing -------------------------------------------------------------------------------------


def format_puzzle(puzzle: Unruly) -> str:
    """The game ID for a puzzle read from one, else plain rows (under ``unique`` when rows
    and columns must differ)."""
    if puzzle.tatham:
        return format_id(puzzle)
    rows = "\n".join(" ".join("." if v is None else str(v) for v in row) for row in puzzle.rows)
    return ("unique\n" if puzzle.distinct else "") + rows


def format_solution(puzzle: Unruly, solution: Board, style: str = "grid") -> str:
    """``grid``: rows of 0 and 1 (``?`` where diagnose found a free cell); ``tatham``: the
    collection's solve move, ``S`` and a digit per cell in reading order."""
    if style == "tatham":
        return "S" + "".join(str(v) for row in solution for v in row)
    return "\n".join(" ".join(str(v) for v in row) for row in solution)


def to_json(puzzle: Unruly, solution: Board) -> list[list[int | None]]:
    """Rows of 0 and 1."""
    return [list(row) for row in solution]


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: 0 and 1 the two colours (ints or text); None or "" a
    blank (0 is a colour here, not a blank)."""
    return grid_text(rows, _colour, "0, 1 or a blank (None, '')", "")


def _colour(value: object) -> str | None:
    if value is None or value == "":
        return "."
    return str(value) if value in (0, 1, "0", "1") else None
