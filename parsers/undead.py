"""Undead: Simon Tatham's game IDs, and the text his game prints (the totals, then the board
with its clues round it), told apart by the ID's ``:`` after its size."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..puzzles.undead import (
    BACK,
    EMPTY,
    FORWARD,
    MIRRORS,
    MONSTERS,
    MOST_CELLS,
    Board,
    Clue,
    Undead,
)
from . import ParseError
from .tatham import clip, read_size, split_id, where

NAMES = ("undead",)
EXAMPLE = "4x4:2,7,3,dRaLaRfL,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1,3"
_PARAMS = re.compile(r"(\d+)x(\d+)(?:d[a-z]?)?", re.IGNORECASE)
_ID = re.compile(r"\s*(?:undead:)?\s*\d+x\d+[a-z]?\s*:", re.IGNORECASE)
_TOTALS = re.compile(
    r"\s*(?:G|ghosts?)\s*[:=]?\s*(\d+)\s*,?\s*(?:V|vampires?)\s*[:=]?\s*(\d+)\s*,?\s*"
    r"(?:Z|zombies?)\s*[:=]?\s*(\d+)\s*",
    re.IGNORECASE,
)
NO_CLUE = ".-_"


def parse(text: str) -> Undead:
    """A game ID (``WxH:...``) or the text the collection's game prints (whose first line, the
    totals, may have colons too)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if _ID.match(text) or (":" in text and not re.match(r"\s*(g\b|ghost)", first, re.I)):
        return parse_id(text)
    return parse_plain(text)


# -- game IDs ------------------------------------------------------------------------------------


def parse_id(text: str) -> Undead:
    """``WxH:G,V,Z,GRID,CLUES``: the totals of ghosts, vampires and zombies; the grid in reading
    order (``L`` a mirror ``\\``, ``R`` a mirror ``/``, ``a``..``z`` a run of empty cells,
    ``G``/``V``/``Z`` a monster shown); then 2(W+H) clues clockwise from the top left (along
    the top, down the right, right to left along the bottom, up the left)."""
    text = "".join(text.split())
    text, colon = split_id(text, NAMES, EXAMPLE)
    hint = "expected WxH before ':', e.g. 4x4"
    w, h = read_size(text, text[:colon], _PARAMS, hint, most_cells=MOST_CELLS)
    i = colon + 1
    totals = []
    for what in ("ghosts", "vampires", "zombies"):
        start = i
        while i < len(text) and "0" <= text[i] <= "9":
            i += 1
        if i == start or i >= len(text) or text[i] != ",":
            raise ParseError(
                f"expected the number of {what} and ',' {where(text, start)} (G,V,Z,GRID,CLUES)"
            )
        if i - start > 6:
            raise ParseError(f"{clip(text[start:i])} {what} {where(text, start)} is too many")
        totals.append(int(text[start:i]))
        i += 1
    cells: list[str] = []
    while i < len(text) and text[i] != ",":
        ch = text[i]
        if "a" <= ch <= "z":
            cells += [EMPTY] * (ord(ch) - ord("a") + 1)
        elif ch in "LR":
            cells.append(BACK if ch == "L" else FORWARD)
        elif ch in MONSTERS:
            cells.append(ch)
        else:
            raise ParseError(f"unexpected {ch!r} {where(text, i)} in the grid")
        if len(cells) > w * h:
            raise ParseError(f"too many cells in the grid {where(text, i)}: the board has {w * h}")
        i += 1
    if len(cells) < w * h:
        raise ParseError(f"too few cells in the grid: {len(cells)} of {w * h}")
    rooms = sum(ch not in MIRRORS for ch in cells)
    if sum(totals) != rooms:
        raise ParseError(
            f"the totals {totals[0]}+{totals[1]}+{totals[2]} are not the {rooms} cells without "
            "a mirror"
        )
    clues: list[int] = []
    while i < len(text):
        i += 1  # the ','
        start = i
        while i < len(text) and "0" <= text[i] <= "9":
            i += 1
        if i < len(text) and text[i] != ",":
            raise ParseError(f"unexpected {text[i]!r} {where(text, i)} in the clues")
        if i - start > 6:
            raise ParseError(f"clue {clip(text[start:i])} {where(text, start)} is too large")
        clues.append(int(text[start:i]) if start < i else 0)
        if len(clues) > 2 * (w + h):
            raise ParseError(f"too many clues {where(text, start)}: the board has {2 * (w + h)}")
    if len(clues) < 2 * (w + h):
        raise ParseError(f"too few clues: {len(clues)} of {2 * (w + h)}")
    top, right = clues[:w], clues[w : w + h]
    bottom, left = clues[w + h : 2 * w + h][::-1], clues[2 * w + h :][::-1]
    rows = tuple("".join(cells[r * w : (r + 1) * w]) for r in range(h))
    g, v, z = totals
    return Undead(rows, g, v, z, tuple(top), tuple(bottom), tuple(left), tuple(right), tatham=True)


def format_id(puzzle: Undead) -> str:
    """The game ID, as the collection writes it (a clue not shown is left empty, which the
    collection reads as 0)."""
    cells, run = [], 0
    for ch in "".join(puzzle.rows):
        if ch == EMPTY:
            run += 1
            if run == 26:
                cells.append("z")
                run = 0
            continue
        if run:
            cells.append(chr(ord("a") + run - 1))
            run = 0
        cells.append({BACK: "L", FORWARD: "R"}.get(ch, ch))
    if run:
        cells.append(chr(ord("a") + run - 1))
    clues = [*puzzle.top, *puzzle.right, *puzzle.bottom[::-1], *puzzle.left[::-1]]
    said = ",".join("" if v is None else str(v) for v in clues)
    totals = f"{puzzle.ghosts},{puzzle.vampires},{puzzle.zombies}"
    return f"{puzzle.width}x{puzzle.height}:{totals},{''.join(cells)},{said}"


# -- the text the collection prints --------------------------------------------------------------


def parse_plain(text: str) -> Undead:
    """A line of totals (``G: 2 V: 7 Z: 3``, or ``ghosts 2 vampires 7 zombies 3``), then the
    board as the collection's game prints it: a line of top clues, each row as its left clue,
    its cells and its right clue, a line of bottom clues; entries split by spaces; a cell ``.``
    empty, ``\\`` or ``/`` a mirror, ``G``, ``V`` or ``Z`` a monster shown; a clue a number, or
    ``.`` (``-``, ``_``) for none. Bottom and left clues are read in the board's reading order."""
    lines = [(k, line.split()) for k, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise ParseError(f"empty input: expected a game ID such as {EXAMPLE}, or the board")
    k, first = lines[0]
    totals = _TOTALS.fullmatch(" ".join(first))
    if totals is None:
        raise ParseError(
            f"line {k}: expected the totals, e.g. 'G: 2 V: 7 Z: 3' (ghosts, vampires, zombies)"
        )
    if any(len(totals[j]) > 6 for j in (1, 2, 3)):
        raise ParseError(f"line {k}: a total of {clip(' '.join(first))} is too large")
    counts = [int(totals[j]) for j in (1, 2, 3)]
    board = lines[1:]
    if len(board) < 3:
        raise ParseError("the board needs a line of top clues, its rows and a line of bottom clues")
    w, h = len(board[0][1]), len(board) - 2
    if w * h > MOST_CELLS:
        raise ParseError(f"a {w}x{h} board is over the limit of {MOST_CELLS} cells")
    top = _clues(board[0], w, "top clues")
    bottom = _clues(board[-1], w, "bottom clues")
    rows, left, right = [], [], []
    for k, words in board[1:-1]:
        if len(words) != w + 2:
            raise ParseError(
                f"line {k}: {len(words)} entries, expected {w + 2} (a left clue, {w} cells, a "
                "right clue)"
            )
        left.append(_clue(words[0], k, 1))
        right.append(_clue(words[-1], k, w + 2))
        row = ""
        for j, word in enumerate(words[1:-1], 2):
            if len(word) != 1 or word not in MIRRORS + MONSTERS + EMPTY:
                raise ParseError(
                    f"line {k}, entry {j}: {clip(word, 12)!r} is not a cell (. empty, \\ or / a "
                    "mirror, G V Z a monster)"
                )
            row += word
        rows.append(row)
    rooms = sum(ch not in MIRRORS for row in rows for ch in row)
    if sum(counts) != rooms:
        raise ParseError(
            f"line {lines[0][0]}: the totals {counts[0]}+{counts[1]}+{counts[2]} are not the "
            f"{rooms} cells without a mirror"
        )
    g, v, z = counts
    return Undead(tuple(rows), g, v, z, top, bottom, tuple(left), tuple(right))


def _clues(line: tuple[int, list[str]], w: int, what: str) -> tuple[Clue, ...]:
    k, words = line
    if len(words) != w:
        raise ParseError(f"line {k}: {len(words)} entries, expected {w} ({what})")
    return tuple(_clue(word, k, j) for j, word in enumerate(words, 1))


def _clue(word: str, k: int, j: int) -> Clue:
    if word in NO_CLUE:
        return None
    if not re.fullmatch(r"[0-9]{1,6}", word):
        raise ParseError(f"line {k}, entry {j}: {clip(word, 12)!r} is not a clue (a number, or .)")
    return int(word)


def _layout(puzzle: Undead, rows: Sequence[str]) -> str:
    """The totals and the board with its clues round it, aligned, as the collection prints it."""

    def clue(v: Clue) -> str:
        return "." if v is None else str(v)

    width = max([1] + [len(clue(v)) for v in (*puzzle.top, *puzzle.bottom, *puzzle.left)])
    pad = " " * width
    out = [f"G: {puzzle.ghosts} V: {puzzle.vampires} Z: {puzzle.zombies}", ""]
    out.append(f"{pad}  " + " ".join(clue(v) for v in puzzle.top))
    for r, row in enumerate(rows):
        cells = " ".join(row)
        out.append(f"{clue(puzzle.left[r]).rjust(width)}  {cells}  {clue(puzzle.right[r])}")
    out.append(f"{pad}  " + " ".join(clue(v) for v in puzzle.bottom))
    return "\n".join(out)


def format_plain(puzzle: Undead) -> str:
    return _layout(puzzle, puzzle.rows)


def format_puzzle(puzzle: Undead) -> str:
    """In the form it was read: a game ID (when every clue is shown: an ID has no empty
    clue), or the board."""
    every = None not in (*puzzle.top, *puzzle.bottom, *puzzle.left, *puzzle.right)
    return format_id(puzzle) if puzzle.tatham and every else format_plain(puzzle)


def format_solution(puzzle: Undead, solution: Board, style: str = "grid") -> str:
    """``grid``: the board with its clues, every monster shown (it reads back as a puzzle);
    ``tatham``: the collection's solve move, ``S`` then ``;G3`` and the like for each monster,
    its cells numbered in reading order without the mirrors."""
    if style == "tatham":
        rooms = [ch for row in solution for ch in row if ch not in MIRRORS]
        return "S" + "".join(f";{ch}{k}" for k, ch in enumerate(rooms))
    return _layout(puzzle, solution)


def to_json(puzzle: Undead, solution: Board) -> list[str]:
    """H strings of ``G``, ``V``, ``Z``, ``\\`` and ``/`` (the corpus form)."""
    return list(solution)


def from_json(puzzle: Undead, data: Any) -> Board:
    if not isinstance(data, list) or not all(isinstance(row, str) for row in data):
        raise ParseError("the solution is not a list of strings, one a row")
    return tuple(data)
