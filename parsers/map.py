"""Map: Simon Tatham's game IDs, and a map typed as rows of region labels with the colours
shown below it, told apart by the ``:`` of the ID's parameters."""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from typing import Any

from ..puzzles.grid import components
from ..puzzles.map import COLOURS, MOST_CELLS, Board, Map, numbered
from . import ParseError, uneven_row
from .tatham import clip, read_size, split_id, where

NAMES = ("map",)
EXAMPLE = "7x7n5:fahbabdadbvbeafdagf,133a0"
_PARAMS = re.compile(r"(\d+)x(\d+)(?:n(\d+))?(?:d[a-z]?)?", re.IGNORECASE)
_ID = re.compile(r"\s*(?:map:)?\s*\d+x\d+(?:n\d+)?(?:d[a-z]?)?\s*:", re.IGNORECASE)
_COLOUR = re.compile(r"(\S+?)\s*[=:]\s*([0-9]+)")
LABELS = string.ascii_uppercase + string.ascii_lowercase


def parse(text: str) -> Map:
    """A game ID (``WxHnR:...``) or a typed map."""
    if _ID.match(text):
        return parse_id(text)
    return parse_plain(text)


# -- game IDs ------------------------------------------------------------------------------------


def edges(w: int, h: int) -> list[tuple[int, int]]:
    """The board's inner cell sides as pairs of cell indices, in the ID's order: each cell's
    lower side in reading order, then each cell's right side column by column."""
    found = [(y * w + x, (y + 1) * w + x) for y in range(h - 1) for x in range(w)]
    return found + [(y * w + x, y * w + x + 1) for x in range(w - 1) for y in range(h)]


def parse_id(text: str) -> Map:
    """``WxHnR:EDGES,CLUES``: the inner sides as runs alternating between no border and border
    (after a notional first side that is none; ``a``..``y`` a run of 1..25 and a switch, ``z``
    25 with none), the regions the sides join numbered in reading order; then a colour per
    region, ``0``-``3``, or ``a``..``z`` a run of 1..26 regions with none."""
    text = "".join(text.split())
    text, colon = split_id(text, NAMES, EXAMPLE)
    hint = "expected WxHnR before ':', e.g. 20x15n30"
    w, h = read_size(text, text[:colon], _PARAMS, hint, most_cells=MOST_CELLS)
    said = _PARAMS.fullmatch(text[:colon])
    sides = edges(w, h)
    border: list[bool] = []
    state, i = False, colon + 1
    first = True
    while i < len(text) and text[i] != ",":
        ch = text[i]
        if not "a" <= ch <= "z":
            raise ParseError(f"unexpected {ch!r} {where(text, i)} in the edge list (a-z)")
        run = 25 if ch == "z" else ord(ch) - ord("a") + 1
        if first:  # the notional side in front
            run, first = run - 1, False
        if len(border) + run > len(sides):
            raise ParseError(
                f"too many sides in the edge list {where(text, i)}: the board has {len(sides)}"
            )
        border += [state] * run
        if ch != "z":
            state = not state
        i += 1
    if len(border) < len(sides):
        raise ParseError(f"too few sides in the edge list: {len(border)} of {len(sides)}")
    rows = _regions(w, h, sides, border)
    n = 1 + max(max(row) for row in rows)
    if said and said[3] is not None and said[3].lstrip("0") != str(n):
        raise ParseError(f"the edges make {n} regions, but the parameters say {clip(said[3])}")
    if i >= len(text):
        raise ParseError(f"no ',' and colours after the edge list {where(text, i)}")
    colours: list[int | None] = []
    i += 1
    while i < len(text):
        ch = text[i]
        if "0" <= ch <= str(COLOURS - 1):
            colours.append(int(ch))
        elif "a" <= ch <= "z":
            colours += [None] * (ord(ch) - ord("a") + 1)
        else:
            raise ParseError(f"unexpected {ch!r} {where(text, i)} in the colours (0-3, a-z)")
        if len(colours) > n:
            raise ParseError(f"too many colours {where(text, i)}: the map has {n} regions")
        i += 1
    if len(colours) < n:
        raise ParseError(f"too few colours: {len(colours)} of the {n} regions")
    return Map(rows, tuple(colours), tatham=True)


def _regions(
    w: int, h: int, sides: Sequence[tuple[int, int]], border: Sequence[bool]
) -> tuple[tuple[int, ...], ...]:
    """The regions the sides without a border join, numbered in reading order."""
    joined = [side for side, wall in zip(sides, border, strict=True) if not wall]
    group, _ = components(w * h, joined)
    return numbered([group[r * w : (r + 1) * w] for r in range(h)])


def format_id(puzzle: Map) -> str:
    """The game ID, as the collection writes it."""
    w, h = puzzle.width, puzzle.height
    flat = [k for row in puzzle.rows for k in row]
    out = []
    run, last = 1, False
    for a, b in edges(w, h):
        wall = flat[a] != flat[b]
        if wall != last:
            out.append(chr(ord("a") - 1 + run))
            run, last = 1, wall
        else:
            if run == 25:
                out.append("z")
                run = 0
            run += 1
    out.append(chr(ord("a") - 1 + run))
    clues, blank = [], 0
    for v in puzzle.colours:
        if v is None:
            if blank == 26:
                clues.append("z")
                blank = 0
            blank += 1
            continue
        if blank:
            clues.append(chr(ord("a") - 1 + blank))
        clues.append(str(v))
        blank = 0
    if blank:
        clues.append(chr(ord("a") - 1 + blank))
    return f"{w}x{h}n{puzzle.regions}:{''.join(out)},{''.join(clues)}"


# -- a typed map ---------------------------------------------------------------------------------


def label(k: int, n: int) -> str:
    """Region k's label in the typed map: a letter while the map has 52 regions or fewer, else
    its number."""
    return LABELS[k] if n <= len(LABELS) else str(k)


def parse_plain(text: str) -> Map:
    """Rows of region labels, a character a cell (or labels split by spaces, when a row has
    spaces), cells of one label joined across their sides making a region; then, after the
    rows, lines of ``LABEL=COLOUR`` (or ``LABEL: COLOUR``, several to a line) giving regions
    their colours, 0 to 3 (every region of that label, where it labels several)."""
    lines = [(k, line.strip()) for k, line in enumerate(text.splitlines(), 1)]
    body = [(k, line) for k, line in lines if line]
    if not body:
        raise ParseError(
            f"empty input: expected rows of region labels, or a game ID such as {EXAMPLE}"
        )
    grid: list[tuple[int, list[str]]] = []
    given: list[tuple[int, str, str]] = []
    for k, line in body:
        pairs = _COLOUR.findall(line)
        if pairs and re.fullmatch(r"(\s*\S+?\s*[=:]\s*[0-9]+\s*[,;]?)+", line):
            given += [(k, name, v) for name, v in pairs]
            continue
        if given:
            raise ParseError(f"line {k}: a row of the map after its colours")
        grid.append((k, line.split() if " " in line else list(line)))
    if not grid:
        raise ParseError("no rows of region labels")
    w = len(grid[0][1])
    for k, cells in grid:
        if len(cells) != w:
            raise uneven_row(f"line {k}", len(cells), w)
    if w * len(grid) > MOST_CELLS:
        raise ParseError(f"a {w}x{len(grid)} map is over the limit of {MOST_CELLS} cells")
    labels = [cells for _, cells in grid]
    rows = numbered(labels)
    n = 1 + max(max(row) for row in rows)
    names: dict[str, set[int]] = {}
    for r, cells in enumerate(labels):
        for c, name in enumerate(cells):
            names.setdefault(name, set()).add(rows[r][c])
    colours: list[int | None] = [None] * n
    for k, name, v in given:
        if name not in names:
            raise ParseError(f"line {k}: no region is labelled {clip(name, 12)!r}")
        if len(v) > 1 or int(v) >= COLOURS:
            raise ParseError(f"line {k}: colour {clip(v, 12)} for {name!r} is not 0 to 3")
        for region in names[name]:  # (a label on several regions gives each the colour)
            colours[region] = int(v)
    return Map(rows, tuple(colours))


def format_plain(puzzle: Map) -> str:
    """The rows of region labels (letters, or numbers split by spaces past 52 regions), then
    the colours shown, ``A=0`` and so on."""
    n = puzzle.regions
    spaced = n > len(LABELS)
    width = len(str(n - 1))
    lines = [
        (" " if spaced else "").join(label(k, n).rjust(width if spaced else 1) for k in row)
        for row in puzzle.rows
    ]
    shown = [f"{label(k, n)}={v}" for k, v in enumerate(puzzle.colours) if v is not None]
    if shown:
        lines.append("")
        lines += [" ".join(shown[i : i + 10]) for i in range(0, len(shown), 10)]
    return "\n".join(lines)


def format_puzzle(puzzle: Map) -> str:
    """In the form it was read: a game ID, or the typed map."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_solution(puzzle: Map, solution: Board, style: str = "grid") -> str:
    """``grid``: each cell's colour, a digit a cell, a row a line, then ``0=0 1=1 ...`` (so that
    it reads back as the map with every colour shown: regions of one colour never touch);
    ``tatham``: the collection's solve move from a fresh board, ``S`` then
    ``;COLOUR:REGION`` for each region not shown."""
    if style == "tatham":
        moves = [
            f";{solution[r][c]}:{k}"
            for k, (r, c) in enumerate(puzzle.firsts())
            if puzzle.colours[k] is None
        ]
        return "S" + "".join(moves)
    used = sorted({ch for row in solution for ch in row})
    return "\n".join([*solution, "", " ".join(f"{ch}={ch}" for ch in used)])


def format_marked(puzzle: Map, solution: Board, places: set[tuple[int, int]]) -> str:
    """The colours, a digit a cell, ``?`` at the places marked (diagnose's free cells)."""
    return "\n".join(
        "".join("?" if (r, c) in places else ch for c, ch in enumerate(row))
        for r, row in enumerate(solution)
    )


def to_json(puzzle: Map, solution: Board) -> list[str]:
    """H strings of digits 0-3 (the corpus form)."""
    return list(solution)


def from_json(puzzle: Map, data: Any) -> Board:
    if not isinstance(data, list) or not all(isinstance(row, str) for row in data):
        raise ParseError("the solution is not a list of strings, one a row")
    return tuple(data)
