"""One reader for boards of numbers as people publish them (Hidato, Numbrix, magic boards).

Rows on lines; tokens split by spaces, tabs or commas; brackets, braces, ``|`` and trailing ``;``
ignored, so Python lists, C initialisers and printed boards read as they are. A given is a
positive integer; a blank is a run of underscores, ``.``, ``-``, ``0`` or ``?``; a hole (no cell)
is ``..``, ``#``, ``X`` or ``XX``, and ``.`` when the board also writes blanks with underscores.

Published layouts (``published``) read the same way: a size line before the board; a
``[Problem]`` section and a ``[Solution]`` section; AMPL data (``param puzzle: 1 2 3 :=``, rows
led by their index, ``.`` for a blank, ``;`` at the end); boards drawn in ASCII boxes, one cell
a box (``+---+---+`` rules, ``|`` walls, an empty box a blank).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..puzzles.grid import Rows
from . import ParseError, is_digits

Cell = int | None
"""A given number (> 0), a blank (0), or a hole (None)."""
BLANK, HOLE = 0, None

MAX_CELLS = 10_000
"""Boards above this many cells (100x100) are refused before they are read further."""

_HOLES = {"..", "#", "x", "xx"}
_BLANKS = {".", "-", "?", "0"}
# The patterns, compiled where they are used (re keeps them): a run compiles only those it
# needs (compiling them all cost each run as much as parsing a small board).
_RULE = r"[=\-+]{3,}"
_SIZE = r"(\d+)\s*[xX]\s*(\d+)|(\d+)"
_NESTED_ROW_BREAK = r"[\]}]\s*[,;]?\s*[\[{]"
_SPLIT = r"[\s,]+"


_SECTION = r"\s*\[\s*([A-Za-z][\w ]*?)\s*\]\s*"
_PROBLEM_SECTIONS = {"problem", "puzzle"}
_SOLUTION_SECTIONS = {"solution"}
_AMPL_HEAD = r"(?i)\s*param\s+(\w+)\s*(?:default\s+\S+\s*)?:(.*?):=\s*(.*)"
_BOX_RULE = r"\s*\+(?:[-=]+\+)+\s*"


@dataclass(frozen=True, slots=True)
class Published:
    """A board as published: the problem as plain rows, and the solution the file gives (plain
    rows too), if it gives one."""

    problem: str
    solution: str | None = None


def published(text: str) -> Published:
    """The problem (and solution) of ``text`` in any published layout, as plain rows that
    ``read_board`` and the genres' own readers take; plain text comes back as it is."""
    text = text.replace("\ufeff", "")
    lines = text.splitlines()
    sections: dict[str, list[str]] = {}
    starts: dict[str, int] = {}  # the line of the file each section's first line is
    preamble: list[str] = []
    current: list[str] | None = None
    for number, line in enumerate(lines, 1):
        match = re.compile(_SECTION).fullmatch(line) if "[" in line else None
        if match and not _is_board_row(match[1]):
            name = match[1].lower()
            if name in sections:
                raise ParseError(f"line {number}: a second [{match[1]}] section")
            current = sections[name] = []
            starts[name] = number + 1
        elif current is None:
            preamble.append(line)
        else:
            current.append(line)
    if not sections:
        return Published(_plain(lines, 1))
    problem_name = next((n for n in _PROBLEM_SECTIONS if n in sections), None)
    if problem_name is None:
        names = ", ".join(f"[{n}]" for n in sections)
        raise ParseError(f"the file has {names} but no [Problem] section with the board")
    size = [line for line in preamble if re.compile(_SIZE).fullmatch(line.strip())][:1]
    start = starts[problem_name]
    board = _plain([*size, *sections[problem_name]], start - len(size))
    if not board.strip():
        raise ParseError("the [Problem] section is empty")
    solution_name = next((n for n in _SOLUTION_SECTIONS if n in sections), None)
    if solution_name is None:
        return Published(board)
    return Published(board, _plain(sections[solution_name], starts[solution_name]))


def _is_board_row(inside: str) -> bool:
    """``[2, 7, 6]`` or ``[X X]`` is a row of a board, not a section: section names are words."""
    return any(ch.isdigit() for ch in inside) or all(t.lower() in _HOLES for t in inside.split())


def _plain(lines: list[str], first: int) -> str:
    """Lines of one board with AMPL data and ASCII boxes turned into plain rows."""
    lines = _ampl(lines, first)
    return "\n".join(_boxes(lines))


def _is_ampl_head(line: str) -> bool:
    """Whether ``line`` begins an AMPL table (``param NAME: ... :=``); a line without "param"
    does not, and the pattern is then not compiled."""
    return "param" in line.lower() and re.compile(_AMPL_HEAD).match(line) is not None


def _is_box_rule(line: str) -> bool:
    """Whether ``line`` is a rule between rows of boxes (``+---+---+``), which has a +."""
    return "+" in line and re.compile(_BOX_RULE).fullmatch(line) is not None


def _ampl(lines: list[str], first: int) -> list[str]:
    """AMPL's table data as rows: the column indices after ``param NAME:``, each row led by its
    index; the table ends at ``;``. Lines without a ``param`` table come back as they are."""
    start = next((i for i, line in enumerate(lines) if _is_ampl_head(line)), None)
    if start is None:
        return lines
    head = re.compile(_AMPL_HEAD).match(lines[start])
    assert head is not None
    where = first + start
    columns = head[2].split()
    if not columns:
        raise ParseError(f"line {where}: `param {head[1]}:` lists no column indices before :=")
    rows: list[str] = []
    body = [(where, head[3]), *((first + i, lines[i]) for i in range(start + 1, len(lines)))]
    ended = False
    for number, raw in body:
        line, semicolon, _ = raw.partition(";")
        tokens = line.split()
        if tokens:
            index, *cells = tokens
            if len(cells) != len(columns):
                raise ParseError(
                    f"line {number}: row {index} has {len(cells)} values for the "
                    f"{len(columns)} columns of `param {head[1]}`"
                )
            rows.append(" ".join(cells))
        if semicolon:
            ended = True
            break
    if not ended:
        raise ParseError(f"`param {head[1]}` (line {where}) has no `;` at its end")
    if not rows:
        raise ParseError(f"`param {head[1]}` (line {where}) has no rows")
    return rows


def _boxes(lines: list[str]) -> list[str]:
    """A board drawn one cell a box (``| 1 |   | 3 |`` between ``+---+`` rules) as rows, an
    empty box a blank, the lines before the first box (a size line, settings) kept; any other
    board comes back as it is (its ``|`` are only walls)."""
    rows = [line for line in lines if line.strip() and not _is_box_rule(line)]
    if len(rows) == len([line for line in lines if line.strip()]):
        return lines  # no box rules: not a board of boxes
    lead = next((i for i, line in enumerate(rows) if line.lstrip().startswith("|")), 0)
    head, rows = rows[:lead], rows[lead:]  # a size line, a genre's settings: kept as they are
    split = []
    for line in rows:
        inner = line.strip()
        if not (inner.startswith("|") and inner.endswith("|") and len(inner) > 1):
            return lines
        split.append([part.split() for part in inner[1:-1].split("|")])
    one_each = all(len(part) <= 1 for row in split for part in row)
    if not one_each or not any(not part for row in split for part in row):
        return lines  # boxes of several cells, or no empty box: the walls can simply go
    return [*head, *(" ".join(part[0] if part else "." for part in row) for row in split)]


@dataclass(frozen=True, slots=True)
class NumberBoard(Rows):
    """Rows of cells, all of one length: givens, blanks (0) and holes (None)."""

    rows: tuple[tuple[Cell, ...], ...]


def read_board(text: str, blank: str | None = None, hole: str | None = None) -> NumberBoard:
    """The board in ``text``; ``blank`` and ``hole`` name the tokens for those, overriding the
    guess. Errors name the row and column (of the board, counted from 1). A published layout
    reads as its problem (see ``published``)."""
    lines = _lines(published(text).problem)
    expected = None
    if len(lines) > 1 and re.compile(_SIZE).fullmatch(lines[0]) and _is_header(lines[0], lines[1]):
        expected = _size(lines[0])
        lines = lines[1:]
    if not lines:
        raise ParseError("empty board: no rows of numbers found")
    rows_of_tokens = []
    count = 0
    for line in lines:
        tokens = [t for t in re.compile(_SPLIT).split(line) if t]
        count += len(tokens)
        if count > MAX_CELLS:
            raise ParseError(f"the board has over {MAX_CELLS} cells; that is the limit")
        rows_of_tokens.append(tokens)
    underscores = any(t.strip("_") == "" for row in rows_of_tokens for t in row)
    rows = []
    for r, tokens in enumerate(rows_of_tokens, 1):
        rows.append(
            tuple(_cell(t, r, c, blank, hole, underscores) for c, t in enumerate(tokens, 1))
        )
    width = len(rows[0])
    for r, row in enumerate(rows, 1):
        if len(row) != width:
            raise ParseError(
                f"row {r} has {len(row)} cells but row 1 has {width}: "
                "every row needs the same number of cells (holes count)"
            )
    if expected and expected != (width, len(rows)):
        raise ParseError(
            f"the first line says {expected[0]}x{expected[1]} but the board is "
            f"{width}x{len(rows)} (columns x rows)"
        )
    return NumberBoard(tuple(rows))


_SOLUTION_LINE = r"(?im)^\s*\[\s*solution\s*\]\s*$"


def file_solution(text: str) -> list[list[int | None]] | None:
    """The rows of numbers of a published layout's own ``[Solution]`` section, or None when the
    text has none; ParseError when they cannot be read."""
    if "[" not in text or not re.compile(_SOLUTION_LINE).search(text):  # (most have no "[")
        return None
    section = published(text).solution
    return None if section is None else solution_rows(section)


def solution_rows(text: str) -> list[list[int | None]]:
    """The rows of numbers a file's ``[Solution]`` section gives (None where there is no
    number: a hole), read as boards are; rows of single digits may be written unspaced."""
    lines = _lines(text)
    square = any(len(line) == len(lines) for line in lines)  # a digit a cell, a square board
    if len(lines) > 1 and square and _unspaced_digits(lines):
        for r, line in enumerate(lines, 1):
            if len(line) != len(lines):
                raise ParseError(
                    f"the [Solution] section: row {r} has {len(line)} digits; "
                    f"its {len(lines)} rows need {len(lines)} each"
                )
            wrong = next((c for c, ch in enumerate(line, 1) if not is_digits(ch)), None)
            if wrong is not None:  # (not a size line: 7518462x9 is a row with a stray x)
                raise ParseError(
                    f"the [Solution] section: row {r}, column {wrong}: {line[wrong - 1]!r} is "
                    "not a digit (its other rows are a digit a cell)"
                )
        lines = [" ".join(line) for line in lines]
    try:
        board = read_board("\n".join(lines))
    except ParseError as e:
        raise ParseError(f"the [Solution] section: {e}") from None
    return [[v or None for v in row] for row in board.rows]


def _unspaced_digits(lines: list[str]) -> bool:
    """Whether ``lines`` are rows of a digit a cell, written unspaced: most of them digits only,
    none with a space."""
    digits = sum(is_digits(line) for line in lines)
    return 2 * digits > len(lines) and not any(" " in line or "\t" in line for line in lines)


def solution_differences(
    given: list[list[int | None]], found: object, name: str = "r{r}c{c}"
) -> list[str]:
    """Where ``found`` (a solution as JSON: rows of numbers) differs from the file's ``given``
    rows, as ``r2c3 (file 5, found 6)``; a board of another shape differs as a whole."""
    if not isinstance(found, list) or not all(isinstance(row, list) for row in found):
        return ["the whole board (this genre's solution is no grid of numbers)"]
    rows = [[v or None for v in row] for row in found]
    shape = [len(row) for row in rows]
    if shape != [len(row) for row in given]:
        width = max(shape, default=0)
        file_width = max((len(row) for row in given), default=0)
        return [
            f"the whole board (the file's solution is {file_width}x{len(given)}, "
            f"the puzzle's {width}x{len(rows)})"
        ]
    differ = []
    for r, (mine, theirs) in enumerate(zip(rows, given, strict=True), 1):
        for c, (a, b) in enumerate(zip(mine, theirs, strict=True), 1):
            if a != b:
                shown = ["." if v is None else str(v) for v in (b, a)]
                differ.append(f"{name.format(r=r, c=c)} (file {shown[0]}, found {shown[1]})")
    return differ


def format_board(board: NumberBoard) -> str:
    """The board as aligned tokens, blanks as underscores and holes as ``.``: it reads back."""
    width = max((len(str(v)) for row in board.rows for v in row if v is not None), default=1)

    def token(v: Cell) -> str:
        if v is HOLE:
            return ".".rjust(width)
        return "_" * width if v == BLANK else str(v).rjust(width)

    return "\n".join(" ".join(token(v) for v in row) for row in board.rows)


def _lines(text: str) -> list[str]:
    """The board's rows as text, brackets and decoration removed, empty lines dropped."""
    text = text.replace("\ufeff", "").strip()
    if (
        "\n" not in text
        and ("]" in text or "}" in text)
        and re.compile(_NESTED_ROW_BREAK).search(text)
    ):
        text = re.compile(_NESTED_ROW_BREAK).sub("\n", text)  # [[2, 7, 6], [9, 5, 1]] -> rows
    out = []
    for raw in text.splitlines():
        line = re.sub(r"[\[\]{}|]", " ", raw).strip().rstrip(";,").strip()
        if line and not (line[0] in "=-+" and re.compile(_RULE).fullmatch(line)):
            out.append(line)
    return out


def _is_header(first: str, second: str) -> bool:
    """``6x6`` is always a size line; a lone number is one when the rows that follow are wider."""
    return "x" in first.lower() or len([t for t in re.compile(_SPLIT).split(second) if t]) > 1


def _size(line: str) -> tuple[int, int]:
    match = re.compile(_SIZE).fullmatch(line)
    assert match is not None
    if match[3]:
        n = int(match[3])
        width = height = n
    else:
        width, height = int(match[1]), int(match[2])
    if width * height > MAX_CELLS:
        raise ParseError(
            f"the first line asks for {width}x{height} = {width * height} cells; "
            f"the limit is {MAX_CELLS}"
        )
    return width, height


def _cell(
    token: str, r: int, c: int, blank: str | None, hole: str | None, underscores: bool
) -> Cell:
    """One token: a given, a blank or a hole."""
    if hole is not None and token == hole:
        return HOLE
    if blank is not None and token == blank:
        return BLANK
    if is_digits(token):
        if len(token) > 9:
            raise ParseError(f"number {token[:12]}... at row {r}, column {c} is too large")
        return int(token)  # 0 and 00 are blanks
    if token.strip("_") == "":
        return BLANK
    if token == ".":
        return HOLE if underscores else BLANK
    if token in _BLANKS:
        return BLANK
    if token.lower() in _HOLES:
        return HOLE
    shown = token if len(token) <= 12 else token[:12] + "..."
    raise ParseError(
        f"unknown token {shown!r} at row {r}, column {c} (a number, _ or . for a "
        "blank, # or X for a hole; --blank/--hole name others)"
    )


def settings_line(
    line: str, setting: re.Pattern[str], usage: str, wants: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The settings on a board's first line (each a match of ``setting``, its text in group 1),
    by name, the first word in lower case, with the rest of its words run together (``blocks
    3 x 2``: ``3x2``); a word that is no setting is an error naming its column, then ``usage``,
    or, when ``wants`` names it (a setting whose value is bad), what its value should be."""
    found: dict[str, str] = {}
    pos = 0
    while pos < len(line):
        match = setting.match(line, pos)
        if not match:
            word = line[pos:].split()[0]
            if wants and word.lower() in wants:
                raise ParseError(f"line 1, column {pos + 1}: {word} wants {wants[word.lower()]}")
            raise ParseError(f"line 1, column {pos + 1}: unknown setting {word!r} ({usage})")
        words = match[1].split(None, 1)
        found[words[0].lower()] = words[1].replace(" ", "") if len(words) > 1 else ""
        pos = match.end()
    return found
