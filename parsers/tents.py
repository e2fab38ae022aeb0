"""Tents: Simon Tatham's game IDs and a plain layout, told apart by the ID's ``:``."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..puzzles.tents import OPEN, SHOWN_GRASS, TENT, TREE, Solution, Tents
from . import ParseError, is_digits, puzzlink
from .puzzlink import Url
from .tatham import clip, read_size, split_id, where

MAX_SIDE = 1000
MAX_CELLS = 250_000
"""Boards past these sides or cells are refused before anything is built."""
EXAMPLE = "5x4:ajaca,1,1,0,0,2,1,1,1,1"
_PARAMS = re.compile(r"(\d+)x(\d+)(?:d[a-z])?")
"""Tatham's parameters: ``WxH``, and the difficulty (``de``, ``dt``) a full parameter string
carries, which changes nothing in the board."""
_ROW = re.compile(r"(.*?)\s*(\d+|\?)\s*")
"""A row of the plain layout: its cells, then its count."""
NO_COUNT = "?"
"""A line's count, in the plain layout, when the puzzle gives none."""
_CELLS = {".": OPEN, "^": TREE, "T": TREE, "!": TENT, "-": SHOWN_GRASS}
"""The plain layout's cells: open, a tree (``^`` or ``T``), a tent shown, grass shown."""


def parse(text: str) -> Tents:
    """A Tatham game ID (``WxH:desc``, with an optional ``tents:`` before it) or the plain
    layout (rows of cells each ending with its count, then a line of column counts)."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


# -- Simon Tatham's game IDs ----------------------------------------------------------------------


def _size(text: str, params: str) -> tuple[int, int]:
    """``WxH`` checked against the limits, before the board is read."""
    hint = f"a Tents game ID starts with WxH:, e.g. {EXAMPLE}"
    return read_size(text, params, _PARAMS, hint, most_side=MAX_SIDE, most_cells=MAX_CELLS)


def parse_id(text: str) -> Tents:
    """A game ID: the trees walked in reading order (``_`` a tree, ``a``..``y`` that many open
    cells then a tree, ``z`` 25 open cells, ``!``/``-`` the cell before is a tent/grass), a
    virtual tree just past the end, then ``,`` and each column's count and each row's."""
    text, colon = split_id(text, ("tents",), EXAMPLE)
    text = "".join(text.split())
    colon = text.find(":")
    w, h = _size(text, text[:colon])
    cells = w * h
    board = [OPEN] * cells
    i = colon + 1
    at = 0  # the next cell of the walk
    ended = False
    while i < len(text) and text[i] != ",":
        ch = text[i]
        if ended:
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)}: the tree layout already reached the end "
                f"of the {w}x{h} board"
            )
        if ch in "!-":
            if at == 0:
                raise ParseError(f"the mark {ch!r} {where(text, i)} follows no cell")
            board[at - 1] = TENT if ch == "!" else SHOWN_GRASS
        elif ch == "_" or "a" <= ch <= "z":
            run = 25 if ch == "z" else 0 if ch == "_" else ord(ch) - ord("a") + 1
            at += run
            if at > cells:
                raise ParseError(
                    f"too many cells in the tree layout: {ch!r} {where(text, i)} runs past the "
                    f"{cells} cells of the board"
                )
            if ch != "z":
                if at == cells:
                    ended = True  # the virtual tree just past the end
                else:
                    board[at] = TREE
                    at += 1
        else:
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} in the tree layout (expected '_', a letter "
                "a-z, or a mark '!' or '-')"
            )
        i += 1
    if not ended:
        raise ParseError(
            f"too few cells in the tree layout: it covers {at} of {cells} and must end with a "
            f"letter or '_' that reaches just past the last cell, {where(text, i)}"
        )
    counts: list[int | None] = []
    lines = [f"column {c + 1}" for c in range(w)] + [f"row {r + 1}" for r in range(h)]
    for line in lines:
        if i >= len(text):
            raise ParseError(
                f"too few counts: {len(counts)} of {w + h} ({w} columns, then {h} rows), "
                f"ending {where(text, i)}"
            )
        if text[i] != ",":
            raise ParseError(f"unexpected {text[i]!r} {where(text, i)}: expected ',' and a count")
        start = i = i + 1
        while i < len(text) and "0" <= text[i] <= "9":
            i += 1
        if i == start:
            shown = repr(text[i]) if i < len(text) else "nothing"
            raise ParseError(f"expected the count of {line} {where(text, i)}, found {shown}")
        count = int(text[start:i]) if i - start < 8 else cells + 1
        length = h if line.startswith("column") else w
        if count > length:
            raise ParseError(
                f"the count {clip(text[start:i], 10)} of {line} {where(text, start)} is more "
                f"than its {length} cells"
            )
        counts.append(count)
    if i < len(text):
        raise ParseError(
            f"unexpected {text[i]!r} {where(text, i)}: the {w + h} counts are complete"
        )
    rows = tuple("".join(board[r * w : (r + 1) * w]) for r in range(h))
    return Tents(rows, tuple(counts[w:]), tuple(counts[:w]), tatham=True)


def format_id(puzzle: Tents) -> str:
    """The game ID, as the collection writes it (marks as ``!`` and ``-`` after their cell)."""
    out: list[str] = []
    run = 0
    for ch in [*"".join(puzzle.rows), TREE]:
        if ch == OPEN:
            run += 1
            while run > 25:
                out.append("z")
                run -= 25
            continue
        out.append("_" if run == 0 else chr(ord("a") + run - 1))
        run = 0
        if ch == TENT:
            out.append("!")
        elif ch == SHOWN_GRASS:
            out.append("-")
    if None in puzzle.row_counts or None in puzzle.column_counts:
        raise ValueError("a game ID holds every line's count, and a line of this board has none")
    counts = "".join(f",{n}" for n in (*puzzle.column_counts, *puzzle.row_counts))
    return f"{puzzle.width}x{puzzle.height}:{''.join(out)}{counts}"


# -- the plain layout -----------------------------------------------------------------------------


def parse_plain(text: str) -> Tents:
    """Rows of cells (``.`` open, ``^`` or ``T`` a tree, ``!`` a tent shown, ``-`` grass shown),
    spaces between cells optional, each row ending with its tent count; then a line of the
    column counts, split by spaces (or one digit a column)."""
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not numbered:
        raise ParseError(f"empty input: expected a Tents game ID such as {EXAMPLE}, or rows")
    if len(numbered) < 2:
        raise ParseError(
            f"line {numbered[0][0]}: a board needs its rows, each ending with its count, and a "
            "line of column counts below"
        )
    if len(numbered) - 1 > MAX_SIDE:
        raise ParseError(f"{len(numbered) - 1} rows is over the limit of {MAX_SIDE}")
    rows: list[str] = []
    counts: list[int | None] = []
    width = 0
    for n, line in numbered[:-1]:
        match = _ROW.fullmatch(line)
        if not match:
            raise ParseError(f"line {n}: a row must end with its count of tents")
        row = []
        for col, ch in enumerate(match[1], 1):
            if ch.isspace():
                continue
            if ch not in _CELLS:
                raise ParseError(
                    f"line {n}, column {col}: {ch!r} is not a cell (. open, ^ or T a tree, "
                    "! a tent, - grass)"
                )
            row.append(_CELLS[ch])
        if not row:
            raise ParseError(f"line {n}: a row must have cells before its count")
        width = width or len(row)
        if len(row) != width:
            raise ParseError(f"line {n}: {len(row)} cells, expected {width} as in the first row")
        if width > MAX_SIDE or width * (len(rows) + 1) > MAX_CELLS:
            raise ParseError(
                f"line {n}: the board is over the limits of {MAX_SIDE} a side and {MAX_CELLS} cells"
            )
        counts.append(_count(match[2], width, f"line {n}: row {len(rows) + 1}"))
        rows.append("".join(row))
    n, last = numbered[-1]
    words = last.split()
    if len(words) == 1 and len(words[0]) == width and is_digits(words[0]):
        words = list(words[0])
    if len(words) != width:
        raise ParseError(
            f"line {n}: {len(words)} column counts, expected {width} (the last line counts the "
            "tents of each column)"
        )
    columns: list[int | None] = []
    for c, word in enumerate(words, 1):
        if not is_digits(word) and word != NO_COUNT:
            raise ParseError(f"line {n}: column {c}'s count {clip(word, 10)!r} is not a number")
        columns.append(_count(word, len(rows), f"line {n}: column {c}"))
    return Tents(tuple(rows), tuple(counts), tuple(columns))


def _count(word: str, length: int, what: str) -> int | None:
    """A tent count, no more than the cells of its line (``?``: none given)."""
    if word == NO_COUNT:
        return None
    if len(word) > 7 or int(word) > length:
        raise ParseError(f"{what}'s count {clip(word, 10)} is more than its {length} cells")
    return int(word)


def format_plain(puzzle: Tents) -> str:
    """The plain layout: cells a space apart, trees as ``^``, each row's count at its end."""
    plain = {OPEN: ".", TREE: "^", TENT: "!", SHOWN_GRASS: "-"}
    lines = [
        " ".join(plain[ch] for ch in row) + f"  {_said(count)}"
        for row, count in zip(puzzle.rows, puzzle.row_counts, strict=True)
    ]
    lines.append(" ".join(map(_said, puzzle.column_counts)))
    return "\n".join(lines)


def _said(count: int | None) -> str:
    return NO_COUNT if count is None else str(count)


def format_puzzle(puzzle: Tents) -> str:
    """The puzzle as it was read: a game ID, or the plain layout."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_solution(puzzle: Tents, solution: Sequence[Sequence[str]], style: str = "grid") -> str:
    """``grid``: the board (``!`` tent, ``^`` tree, ``.`` grass) with the counts, in the plain
    layout, so that it reads back as the puzzle with every tent shown (``T`` would read as a
    tree); ``tatham``: the collection's solve move (``S;T x,y`` per tent)."""
    if style == "tatham":
        tents = [
            f";T{c},{r}" for r, row in enumerate(solution) for c, ch in enumerate(row) if ch == TENT
        ]
        return "S" + "".join(tents)
    shown = {TENT: "!"}
    lines = [
        " ".join(shown.get(ch, ch) for ch in row) + f"  {_said(count)}"
        for row, count in zip(solution, puzzle.row_counts, strict=True)
    ]
    lines.append(" ".join(map(_said, puzzle.column_counts)))
    return "\n".join(lines)


def to_json(puzzle: Tents, solution: Solution) -> list[str]:
    """The corpus form: a string a row, ``T`` tent, ``^`` tree, ``.`` grass."""
    return ["".join(row) for row in solution]


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Tents:
    """``tents/COLS/ROWS/BODY``: the counts as outside clues (the columns' above, then the
    rows' at the left; a line may have none), then the trees as one-value cells."""
    puzzlink.only_flags(url)
    w, h = url.cols, url.rows
    if w * h > MAX_CELLS:
        raise puzzlink.refuse(url, f"the board is over the limit of {MAX_CELLS} cells")
    counts, rest = puzzlink.read_outside(url.body, w + h)
    trees, rest = puzzlink.read_marked(rest, w * h)
    puzzlink.done(url, rest)
    for at, v in enumerate(counts):
        line = f"column {at + 1}" if at < w else f"row {at - w + 1}"
        if v == puzzlink.UNKNOWN:
            raise puzzlink.refuse(url, f"{line}'s count is '?' (a number, or none)")
        if v > (h if at < w else w):
            raise puzzlink.refuse(url, f"{line}'s count {v} is more than its cells")
    rows = tuple("".join(TREE if trees[r * w + c] else OPEN for c in range(w)) for r in range(h))
    said = [None if v == puzzlink.EMPTY else v for v in counts]
    return Tents(rows, tuple(said[w:]), tuple(said[:w]))


def format_url(puzzle: Tents) -> str:
    """The puzz.link URL of the board (tents or grass shown have no place in it)."""
    if any(ch not in (OPEN, TREE) for row in puzzle.rows for ch in row):
        raise ValueError("a URL holds only the trees and the counts, no tents or grass shown")
    counts = (*puzzle.column_counts, *puzzle.row_counts)
    body = puzzlink.write_number16([puzzlink.EMPTY if n is None else n for n in counts])
    body += puzzlink.write_marked([ch == TREE for row in puzzle.rows for ch in row])
    return puzzlink.write("tents", puzzle.width, puzzle.height, body)
