"""Tracks boards: Simon Tatham's game IDs (``8x8:h3a9mCb6zfAc,4,5,...,S8,...``) and a plain layout
a person types (a line of column counts, then rows of pieces each ending in the row's count),
told apart by the ID's ``:``."""

from __future__ import annotations

import re

from ..puzzles.masyu import DOWN, LEFT
from ..puzzles.tracks import PIECES, Masks, Tracks
from . import ParseError
from .lines import BOX, box_rows, masks_from_json
from .tatham import read_cells, read_int, read_size, split_id, where, write_cells

MAX_CELLS = 250_000
"""Boards above this many cells (500x500) are refused before anything is built."""

EXAMPLE = "8x8:h3a9mCb6zfAc,4,5,4,4,S4,3,3,4,4,4,4,S8,3,1,4,3"
NAMES = ("tracks", "train-tracks")
_PARAMS = re.compile(r"(\d+)x(\d+)(?:d[eth])?o?", re.IGNORECASE)
"""``WxH``, and the generator's options that may follow it (``8x8dt``)."""
HEX = "123456789ABCDEF"

ASCII = {"-": 5, "|": 10, "L": 3, "J": 6, "r": 9, "7": 12, "l": 3, "j": 6, "R": 9}
"""Pieces as people type them: ``-`` across, ``|`` up and down, ``L`` up-right, ``J`` up-left,
``r`` right-down, ``7`` left-down (the letters' shapes); the box-drawing characters too."""
PIECE = {**ASCII, **{BOX[m]: m for m in PIECES}}
WRITE = {5: "-", 10: "|", 3: "L", 6: "J", 9: "r", 12: "7"}


def parse(text: str) -> Tracks:
    """A game ID when the text has a ``:``, else a plain layout."""
    return parse_id(text) if ":" in text else parse_plain(text)


def parse_id(text: str) -> Tracks:
    """Tatham's ``WxH:cells,counts``: the cells in reading order, a hex digit ``1``..``F`` a piece
    shown (its direction mask), ``a``..``z`` a run of 1..26 cells without; then W column counts
    and H row counts, each after a ``,``, the exit's column and the entry's row marked ``S``."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    hint = "expected WxH before ':', e.g. 8x8"
    width, height = read_size(text, text[:colon], _PARAMS, hint, most_cells=MAX_CELLS)
    cells, i = read_cells(text, colon + 1, width * height, HEX, "description")
    flat = []
    for k, ch in enumerate(cells):
        mask = 0 if ch is None else int(ch, 16)
        if mask and bin(mask).count("1") != 2:
            raise ParseError(f"cell {k + 1} of the description shows {ch!r}, not a piece of track "
                             "(two directions)")  # fmt: skip
        flat.append(mask)
    numbers: list[int] = []
    marked: list[int] = []
    for k in range(width + height):
        if i >= len(text) or text[i] != ",":
            found = repr(text[i]) if i < len(text) else "the end"
            raise ParseError(f"expected ',' and count {k + 1} of {width + height} "
                             f"{where(text, i)}, found {found}")  # fmt: skip
        i += 1
        if i < len(text) and text[i] == "S":
            marked.append(k)
            i += 1
        end = text.find(",", i)
        n, i = read_int(text, i, len(text) if end < 0 else end, "count", "a number")
        numbers.append(n)
    if i < len(text):
        raise ParseError(f"unexpected {text[i]!r} {where(text, i)}: the counts end before it")
    exits = [k for k in marked if k < width]
    entries = [k - width for k in marked if k >= width]
    if len(exits) != 1 or len(entries) != 1:
        raise ParseError("a Tracks ID marks one column count (the exit) and one row count (the "
                         "entry) with S")  # fmt: skip
    rows = tuple(tuple(flat[r * width : (r + 1) * width]) for r in range(height))
    puzzle = Tracks(rows, tuple(numbers[:width]), tuple(numbers[width:]), entries[0], exits[0],
                    tatham=True)  # fmt: skip
    return _ends_agree(puzzle)


def _ends_agree(puzzle: Tracks) -> Tracks:
    """Refuse a piece shown at an end that does not leave the board there, or a piece that
    leaves the board anywhere else."""
    ends = puzzle.ends()
    for (r, c), mask in puzzle.clues().items():
        off = (
            (r == 0 and mask & 2)
            or (c == 0 and mask & LEFT)
            or (c == puzzle.width - 1 and mask & 1)
        )
        off = off or (r == puzzle.height - 1 and mask & DOWN)
        if off and not mask & ends.get((r, c), 0):
            raise ParseError(
                f"the piece at r{r + 1}c{c + 1} leaves the board where the track does not"
            )
    return puzzle


def format_id(puzzle: Tracks) -> str:
    """The game ID, as the collection writes it."""
    cells = [format(m, "X") if m else None for row in puzzle.rows for m in row]
    columns = [("S" if c == puzzle.exit else "") + str(n) for c, n in enumerate(puzzle.columns)]
    counts = [("S" if r == puzzle.entry else "") + str(n) for r, n in enumerate(puzzle.counts)]
    return f"{puzzle.width}x{puzzle.height}:{write_cells(cells)}," + ",".join(columns + counts)


def parse_plain(text: str) -> Tracks:
    """A line of the column counts, then a line a row: its cells (``.`` none, a piece as
    ``-`` ``|`` ``L`` ``J`` ``r`` ``7`` or its box-drawing character), separated by spaces or
    side by side, and the row's count last. The entry and the exit are the pieces shown that
    leave the board, on the left edge and the bottom edge."""
    lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) < 2:
        raise ParseError(f"expected a line of column counts and rows of pieces, or a game ID "
                         f"such as {EXAMPLE}")  # fmt: skip
    n, first = lines[0]
    columns = [_count(token, n, k + 1) for k, token in enumerate(first)]
    width = len(columns)
    rows, counts = [], []
    for n, tokens in lines[1:]:
        if len(tokens) == 2 and len(tokens[0]) == width:  # cells side by side
            tokens = [*tokens[0], tokens[1]]
        if len(tokens) != width + 1:
            raise ParseError(f"line {n}: {len(tokens) - 1} cells and a count, but there are "
                             f"{width} column counts")  # fmt: skip
        row = []
        for k, token in enumerate(tokens[:-1]):
            if token == ".":
                row.append(0)
            elif token in PIECE:
                row.append(PIECE[token])
            else:
                raise ParseError(
                    f"line {n}, cell {k + 1}: {token!r} is not a piece (. - | L J r 7)"
                )
        rows.append(tuple(row))
        counts.append(_count(tokens[-1], n, width + 1))
        if width * len(rows) > MAX_CELLS:
            raise ParseError(f"line {n}: the board passes the limit of {MAX_CELLS} cells")
    height = len(rows)
    entries = [r for r in range(height) if rows[r][0] & LEFT]
    exits = [c for c in range(width) if rows[-1][c] & DOWN]
    if len(entries) != 1 or len(exits) != 1:
        raise ParseError(
            "show the track's two ends: one piece on the left edge pointing off it (the entry) "
            "and one on the bottom edge pointing down (the exit)"
        )
    puzzle = Tracks(tuple(rows), tuple(columns), tuple(counts), entries[0], exits[0])
    return _ends_agree(puzzle)


def _count(token: str, n: int, k: int) -> int:
    if not re.fullmatch(r"\d{1,6}", token):
        raise ParseError(f"line {n}, item {k}: {token!r} is not a count")
    return int(token)


def format_plain(puzzle: Tracks) -> str:
    """The plain layout."""
    lines = [" ".join(str(n) for n in puzzle.columns)]
    for row, n in zip(puzzle.rows, puzzle.counts, strict=True):
        lines.append(" ".join(WRITE.get(m, ".") for m in row) + f" {n}")
    return "\n".join(lines)


def format_puzzle(puzzle: Tracks) -> str:
    """In the form it was read: a game ID, or the plain layout."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_solution(puzzle: Tracks, solution: Masks, style: str = "grid") -> str:
    """``grid``: the track in box-drawing characters, each row's count at its end and the
    columns' above; ``masks``: the corpus's hex digits, a cell's track as bits."""
    if style == "masks":
        return "\n".join("".join(row) for row in solution)
    drawn = box_rows(solution, {})
    head = " ".join(str(n) for n in puzzle.columns)
    body = [" ".join(row) + f" {n}" for row, n in zip(drawn, puzzle.counts, strict=True)]
    return "\n".join([head, *body])


def to_json(puzzle: Tracks, solution: Masks) -> list[str]:
    """H strings of direction masks, a hex digit a cell (the corpus form)."""
    return list(solution)


def from_json(puzzle: Tracks, data: object) -> Masks:
    """The solution ``to_json`` wrote."""
    return masks_from_json(puzzle, data)
