"""Keen puzzles, read from Simon Tatham's game IDs (``6:_a_aa...,s1m6...``) or from a plain
layout (a map of cages, a letter per cell, then a clue per cage), told apart automatically."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.grid import Cell
from ..puzzles.keen import MAX_SIZE, OP_WORDS, Board, Cage, Keen
from . import ParseError, is_digits
from .grid import format_number_grid, rows_json, without_titles
from .tatham import clip, read_blocks, split_id, where, write_blocks

EXAMPLE = "4:a_6baa_aa_a__,m8a5s2m4m3d2s1a5"
MAX_TARGET = 2**31 - 1
"""Clue values above this are refused (the solvers' integers are 64-bit)."""
LETTER_OP = {"a": "+", "m": "*", "s": "-", "d": "/"}
OP_LETTER = {op: letter for letter, op in LETTER_OP.items()}
MINUS, DASH, TIMES = "\u2212", "\u2013", "\u00d7"
SYMBOLS = {"+": "+", "-": "-", MINUS: "-", DASH: "-", "*": "*", "x": "*", "X": "*", TIMES: "*"}
SYMBOLS |= {"·": "*", "/": "/", "÷": "/"}
_OP = f"[+\\-{MINUS}{DASH}*xX{TIMES}·/÷]"
_CLUE = re.compile(rf"(?P<before>{_OP}?)\s*(?P<value>\d+)\s*(?P<after>{_OP}?)")
_CLUE_LINE = re.compile(
    rf"(?P<name>\S+?)(?:\s*[:=]\s*|\s+|(?=[\d+\-{MINUS}{DASH}*{TIMES}·/÷]))(?P<clue>{_CLUE.pattern})"
)
_GIVEN_LINE = re.compile(r"[rR](\d+)[cC](\d+)\s*=\s*(\d+)")
_ID_START = re.compile(r"\s*(?:keen:|kenken:)?\s*\d+[a-z]*\s*:", re.IGNORECASE)
_NAME = re.compile(r"[^\W\d_]\w*")
_TITLES = 3
"""The most lines of words above the map that are taken off."""


def parse(text: str) -> Keen:
    """A Keen game ID, or the plain layout: which one, from its first line."""
    stripped = text.strip()
    if not stripped:
        raise ParseError(
            f"empty input: expected a Keen game ID such as {EXAMPLE}, "
            "or a map of cages and a clue per cage"
        )
    lines = stripped.splitlines()
    if len(lines) == 1 or _ID_START.match(lines[0]):
        return parse_id("".join(stripped.split()))
    return parse_layout(text)


# -- Simon Tatham's game IDs ----------------------------------------------------------------------


def parse_id(text: str) -> Keen:
    """``N:cages,clues``: the cages in the block-structure code with repeat counts, then a clue
    per cage in order of its first cell, ``a`` (sum), ``m`` (product), ``s`` (difference) or
    ``d`` (quotient) and the value."""
    text, colon = split_id(text, ("keen", "kenken"), EXAMPLE)
    size = re.fullmatch(r"(\d+)(?:d[a-z])?m?", text[:colon])
    if not size:
        raise ParseError(
            f"bad size {clip(text[:colon])!r} {where(text, 0)}: a Keen ID starts with the board's "
            f"side, e.g. 6: in {EXAMPLE}"
        )
    n = int(size[1])
    if not 1 <= n <= MAX_SIZE:
        raise ParseError(
            f"size {n} {where(text, 0)} is outside 1..{MAX_SIZE} (a board of N x N cells)"
        )
    regions, i = read_blocks(text, colon + 1, n, repeats=True, what="cages", keen=True)
    if i >= len(text):
        raise ParseError(f"no clues: expected ',' and a clue per cage {where(text, i)}")
    i += 1  # the ',' that ends the cages
    members: list[list[Cell]] = [[] for _ in range(max(regions) + 1)]
    for index, region in enumerate(regions):
        members[region].append(divmod(index, n))
    cages = []
    for k, cells in enumerate(members):
        start = i
        if i >= len(text):
            raise ParseError(
                f"too few clues: {k} for {len(members)} cages, ending {where(text, i)}"
            )
        letter = text[i]
        if letter not in LETTER_OP:
            raise ParseError(
                f"unexpected {letter!r} {where(text, i)}: a clue is a, m, s or d "
                "(sum, product, difference, quotient) and a number"
            )
        i += 1
        digits = i
        while i < len(text) and is_digits(text[i]):
            i += 1
        if i == digits:
            raise ParseError(f"clue {letter!r} {where(text, start)} has no number after it")
        value = _value(text[digits:i], where(text, digits))
        op = LETTER_OP[letter]
        if op in "-/" and len(cells) != 2:
            raise ParseError(
                f"clue {text[start:i]!r} {where(text, start)} is a {OP_WORDS[op]}, for a cage of "
                f"2 cells; cage {k + 1} (at r{cells[0][0] + 1}c{cells[0][1] + 1}) has {len(cells)}"
            )
        cages.append(Cage(tuple(cells), op, value))
    if i < len(text):
        raise ParseError(
            f"too many clues: the board has {len(members)} cages, and more follows {where(text, i)}"
        )
    return Keen(n, tuple(cages))


def _value(digits: str, place: str) -> int:
    """A clue's number, refused when it is past what the solvers take."""
    if len(digits) > 12 or int(digits) > MAX_TARGET:
        raise ParseError(f"clue value {digits[:20]} {place} is out of range (at most {MAX_TARGET})")
    return int(digits)


def id_expressible(puzzle: Keen) -> bool:
    """Whether a game ID says all of ``puzzle``: no digits shown, and no run of 25 joined edges
    (the collection's writer and Keen's reader disagree on those)."""
    return not puzzle.givens and "z" not in _blocks(puzzle)


def _blocks(puzzle: Keen) -> str:
    """The cages in the block-structure code."""
    regions = [0] * (puzzle.size * puzzle.size)
    for k, cage in enumerate(puzzle.cages):
        for r, c in cage.cells:
            regions[r * puzzle.size + c] = k
    return write_blocks(regions, puzzle.size, repeats=True)


def format_id(puzzle: Keen) -> str:
    """The game ID of ``puzzle``, as the collection writes it."""
    clues = "".join(f"{OP_LETTER[cage.op]}{cage.target}" for cage in puzzle.cages)
    return f"{puzzle.size}:{_blocks(puzzle)},{clues}"


# -- the plain layout -----------------------------------------------------------------------------


def parse_layout(text: str) -> Keen:
    """A map of cages, one name per cell (a letter, or words split by spaces or commas), rows
    on lines; then a clue per cage (``A 12+``, ``B 2/``, ``C 3-``, ``D 60*``; also ``x`` and the
    times, division and minus signs; a lone cell's clue may be its digit alone; several on a
    line separated by commas or semicolons) and digits shown (``r2c3 = 4``), in any order.
    ``#`` and ``//`` start a comment; lines of words above the map (a title) are taken off when
    the map does not read with them."""
    return without_titles(_layout, text, _TITLES, below=False, bare=_uncommented)


def _uncommented(line: str) -> str:
    """A line without its comment (``#`` or ``//`` to its end), stripped."""
    return line.split("#", 1)[0].split("//", 1)[0].strip()


def _layout(text: str) -> Keen:
    """``parse_layout`` on the text as it is."""
    rows: list[tuple[int, list[str]]] = []
    clue_lines: list[tuple[int, str, str]] = []
    given_lines: list[tuple[int, int, int, int]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = _uncommented(raw)
        if not line:
            continue
        clue = _CLUE_LINE.fullmatch(line)
        given = _GIVEN_LINE.fullmatch(line)
        parts = [part.strip() for part in re.split(r"[,;]", line) if part.strip()]
        if len(parts) > 1 and all(
            _CLUE_LINE.fullmatch(p) or _GIVEN_LINE.fullmatch(p) for p in parts
        ):
            for part in parts:  # several clues on one line: A 6*, B 1-, r1c1 = 2
                clue = _CLUE_LINE.fullmatch(part)
                if clue:
                    clue_lines.append((number, clue["name"], clue["clue"]))
                else:
                    given = _GIVEN_LINE.fullmatch(part)
                    assert given is not None
                    given_lines.append((number, int(given[1]), int(given[2]), int(given[3])))
            continue
        if not clue_lines and not given_lines and not clue and not given:
            if "," in line or ";" in line:
                names = [name for name in re.split(r"[\s,;]+", line) if name]
            elif any(ch.isspace() for ch in line):
                names = line.split()
            else:
                names = list(line)
            for column, name in enumerate(names, 1):
                if not _NAME.fullmatch(name):
                    raise ParseError(
                        f"line {number}, cell {column}: {name!r} is not a cage name "
                        "(a letter, or a word that starts with one)"
                    )
            rows.append((number, names))
        elif clue:
            clue_lines.append((number, clue["name"], clue["clue"]))
        elif given:
            given_lines.append((number, int(given[1]), int(given[2]), int(given[3])))
        else:
            raise ParseError(
                f"line {number}: {line[:40]!r} is neither a clue (a cage's name and its clue, "
                "such as A 12+) nor a digit shown (r2c3 = 4)"
            )
    if not rows:
        raise ParseError("no map of cages: expected rows of cage letters, then a clue per cage")
    n = len(rows)
    for number, names in rows:
        if len(names) != n:
            raise ParseError(
                f"line {number}: {len(names)} cells, but the map has {n} rows "
                f"(a Keen board is square)"
            )
    if n > MAX_SIZE:
        raise ParseError(f"the map is {n}x{n}; the limit is {MAX_SIZE}x{MAX_SIZE}")
    grid = [names for _, names in rows]
    cells: dict[str, list[Cell]] = {}
    for r in range(n):
        for c in range(n):
            cells.setdefault(grid[r][c], []).append((r, c))
    for name, found in cells.items():
        _connected(name, found, grid)
    clues: dict[str, tuple[str, int]] = {}
    seen: dict[str, int] = {}
    for number, name, written in clue_lines:
        if name not in cells and _GIVEN_LINE.fullmatch(f"{name}={written}"):
            r, c = (int(x) for x in re.findall(r"\d+", name))
            given_lines.append((number, r, c, int(written)))
            continue
        if name not in cells:
            raise ParseError(f"line {number}: cage {name!r} is not on the map")
        if name in seen:
            raise ParseError(f"line {number}: cage {name} has a clue already (line {seen[name]})")
        seen[name] = number
        clues[name] = _clue(number, name, written, len(cells[name]))
    for name, found in cells.items():
        if name not in clues:
            r, c = found[0]
            raise ParseError(
                f"cage {name} (at r{r + 1}c{c + 1}) has no clue: add a line such as '{name} 12+'"
            )
    givens: dict[Cell, int] = {}
    for number, r, c, v in given_lines:
        if not (1 <= r <= n and 1 <= c <= n):
            raise ParseError(f"line {number}: r{r}c{c} is off the {n}x{n} board")
        if not 1 <= v <= n:
            raise ParseError(f"line {number}: r{r}c{c} = {v}, but the digits are 1..{n}")
        if (r - 1, c - 1) in givens:
            raise ParseError(f"line {number}: r{r}c{c} is shown twice")
        givens[(r - 1, c - 1)] = v
    cages = sorted(
        (Cage(tuple(found), *clues[name]) for name, found in cells.items()),
        key=lambda cage: cage.cells[0],
    )
    return Keen(n, tuple(cages), givens)


def _clue(number: int, name: str, written: str, size: int) -> tuple[str, int]:
    """A clue as written (``12+``, ``+12``, ``3 x``, or a lone cell's digit)."""
    match = _CLUE.fullmatch(written)
    assert match is not None  # the line's pattern holds the clue's
    before, after = match["before"], match["after"]
    if before and after:
        raise ParseError(f"line {number}: clue {written!r} has two operations")
    value = _value(match["value"], f"on line {number}")
    symbol = before or after
    if not symbol:
        if size > 1:
            raise ParseError(
                f"line {number}: cage {name} has {size} cells: its clue needs + - * or / "
                f"(e.g. {value}+)"
            )
        return "+", value
    op = SYMBOLS[symbol]
    if op in "-/" and size != 2:
        raise ParseError(
            f"line {number}: a {OP_WORDS[op]} ({written}) is the clue of a 2-cell cage; "
            f"cage {name} has {size} cell{'s' if size != 1 else ''}"
        )
    return op, value


def _connected(name: str, cells: list[Cell], grid: Sequence[Sequence[str]]) -> None:
    """A cage is one piece: every cell reached from its first across sides within the cage."""
    inside = set(cells)
    reached = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in inside and near not in reached:
                reached.add(near)
                todo.append(near)
    if len(reached) < len(cells):
        r, c = next(cell for cell in cells if cell not in reached)
        first = cells[0]
        raise ParseError(
            f"cage {name} is in pieces: r{r + 1}c{c + 1} is not joined to "
            f"r{first[0] + 1}c{first[1] + 1} (give each piece its own name)"
        )


def _names(count: int) -> list[str]:
    """Cage names: single letters while they last, then A1, B1, ... (the map then spaced)."""
    letters = [chr(ord("A") + i) for i in range(26)] + [chr(ord("a") + i) for i in range(26)]
    if count <= len(letters):
        return letters[:count]
    return [f"{letters[i % 26]}{i // 26 + 1}" for i in range(count)]


def format_layout(puzzle: Keen) -> str:
    """The plain layout: the map, a clue per cage, then the digits shown."""
    n = puzzle.size
    names = _names(len(puzzle.cages))
    grid = [[""] * n for _ in range(n)]
    for name, cage in zip(names, puzzle.cages, strict=True):
        for r, c in cage.cells:
            grid[r][c] = name
    width = max(len(name) for name in names)
    rows = [
        "".join(row) if width == 1 else " ".join(x.ljust(width) for x in row).rstrip()
        for row in grid
    ]
    clues = [f"{name} {cage.clue}" for name, cage in zip(names, puzzle.cages, strict=True)]
    givens = [f"r{r + 1}c{c + 1} = {v}" for (r, c), v in sorted(puzzle.givens.items())]
    return "\n".join([*rows, "", *clues, *givens])


def format_puzzle(puzzle: Keen) -> str:
    """The game ID when it can say the whole puzzle, else the plain layout."""
    return format_id(puzzle) if id_expressible(puzzle) else format_layout(puzzle)


def format_solution(puzzle: Keen, solution: Board, style: str = "grid") -> str:
    """The filled board (``grid``), or Keen's solve move (``tatham``): ``S`` and a character
    ``'0' + digit`` per cell in reading order, as keen.c writes it."""
    if style == "tatham":
        return "S" + "".join(chr(ord("0") + v) for row in solution for v in row)
    return format_number_grid(solution)


def to_json(puzzle: Keen, solution: Board) -> Any:
    """The board as rows of ints."""
    return rows_json(puzzle, solution)
