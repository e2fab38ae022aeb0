"""Numberlink boards: rows of numbers and ``.`` a person types, and puzz.link's ``numlin`` (and
``arukone``) URLs."""

from __future__ import annotations

from ..puzzles.grid import Cell
from ..puzzles.numberlink import Masks, Numberlink
from . import ParseError, is_digits, puzzlink
from .lines import BOX, UNBOX, masks_from_json
from .puzzlink import Url
from .shading import layout, token_rows
from .tatham import clip

EXAMPLE = "1 . . . .\n2 . . 3 ."
EMPTY = {".", "-", "_"}
EVERY = "every cell"
"""A first line that says the paths pass every cell (puzz.link's arukone)."""
MARKS = {**UNBOX, "·": 0}
"""A setter's marks: a cell given its lines, as a box-drawing character (``·`` no path)."""


def parse(text: str) -> Numberlink:
    """A puzz.link URL, or rows of cells, a line a row: side by side, or separated by spaces or
    commas (a number of 10 or more needs the spaces); an optional first line ``every cell``."""
    if puzzlink.is_url(text):
        return parse_url(puzzlink.split(text, ("numlin", "numberlink", "arukone")))
    lines = text.splitlines()
    first = next((k for k, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ParseError("empty input: expected rows of numbers and . (or a puzz.link URL)")
    every = " ".join(lines[first].lower().split()) == EVERY
    if every:
        lines[first] = ""
    if not any(line.strip() for line in lines):
        raise ParseError("no board after 'every cell'")
    rows: list[tuple[int | None, ...]] = []
    marks: list[tuple[Cell, int]] = []
    places: dict[Cell, str] = {}
    for r, cells in enumerate(token_rows("\n".join(lines), "", EXAMPLE)):
        row: list[int | None] = []
        for c, (n, column, token) in enumerate(cells):
            places[(r, c)] = f"line {n}, column {column}"
            if token in EMPTY:
                row.append(None)
            elif token in MARKS:
                row.append(None)
                marks.append(((r, c), MARKS[token]))
            elif is_digits(token) and len(token) <= 9 and int(token) >= 1:
                row.append(int(token))
            else:
                raise ParseError(
                    f"line {n}, column {column}: {clip(token)!r} is not a cell (. empty, a number "
                    "1 or more, or a path's lines in box-drawing characters)"
                )
        rows.append(tuple(row))
    puzzle = Numberlink(tuple(rows), every_cell=every, marks=tuple(marks))
    _pairs(puzzle, lambda cell: places[cell])
    return puzzle


def _pairs(puzzle: Numberlink, where: object) -> None:
    """Refuse a number that is not on exactly two cells."""
    name = where if callable(where) else (lambda cell: f"r{cell[0] + 1}c{cell[1] + 1}")
    for n, cells in sorted(puzzle.ends().items()):
        if len(cells) != 2:
            at = ", ".join(name(cell) for cell in cells)
            raise ParseError(
                f"the number {n} stands on {len(cells)} cell{'s' * (len(cells) != 1)} ({at}): "
                "each number marks the two ends of one path"
            )


def format_puzzle(puzzle: Numberlink) -> str:
    """The rows of cells (``every cell`` first, when the paths pass every cell)."""
    texts = [["." if n is None else str(n) for n in row] for row in puzzle.rows]
    for (r, c), mask in puzzle.marks:
        texts[r][c] = BOX.get(mask, "·")
    board = layout(texts) if any(len(t) > 1 for row in texts for t in row) else _spaced(texts)
    return f"{EVERY}\n{board}" if puzzle.every_cell else board


def _spaced(texts: list[list[str]]) -> str:
    return "\n".join(" ".join(row) for row in texts)


def format_solution(puzzle: Numberlink, solution: Masks, style: str = "grid") -> str:
    """``grid``: the numbers and the paths in box-drawing characters; ``masks``: the rows
    ``to_json`` writes."""
    if style == "masks":
        return "\n".join(solution)
    size = max([len(str(n)) for row in puzzle.rows for n in row if n is not None] + [1])
    out = []
    for r, row in enumerate(solution):
        cells = []
        for c, ch in enumerate(row):
            mask = int(ch, 16) if ch in "0123456789abcdef" else 0
            fill = "─" if mask & 1 else " "
            n = puzzle.rows[r][c]
            shown = str(n).rjust(size) if n is not None else BOX.get(mask, "?").ljust(size, fill)
            cells.append(shown + fill)
        out.append("".join(cells).rstrip())
    return "\n".join(out)


def to_json(puzzle: Numberlink, solution: Masks) -> list[str]:
    """H strings of W hex digits: each cell's lines (1 right, 2 up, 4 left, 8 down; 0 none)."""
    return list(solution)


def from_json(puzzle: Numberlink, data: object) -> Masks:
    """The solution ``to_json`` wrote."""
    return masks_from_json(puzzle, data)


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Numberlink:
    """``numlin/COLS/ROWS/BODY``: number-16 cells, each number on two cells; ``arukone``, the
    same board whose paths pass every cell (unless its flag ``e``)."""
    every = url.word == "arukone"
    puzzlink.only_flags(url, "e" if every else "")
    numbers, rest = puzzlink.read_number16(url.body, url.cols * url.rows)
    puzzlink.done(url, rest)
    for k, n in enumerate(numbers):
        if n == puzzlink.UNKNOWN:
            place = f"r{k // url.cols + 1}c{k % url.cols + 1}"
            raise puzzlink.refuse(url, f"{place} holds a number not told ('.')")
        if n == 0:
            raise puzzlink.refuse(url, f"r{k // url.cols + 1}c{k % url.cols + 1} holds 0")
    rows = tuple(
        tuple(None if n < 0 else n for n in numbers[r * url.cols : (r + 1) * url.cols])
        for r in range(url.rows)
    )
    puzzle = Numberlink(rows, every_cell=every and "e" not in url.flags)
    try:
        _pairs(puzzle, None)
    except ParseError as e:
        raise puzzlink.refuse(url, str(e)) from None
    return puzzle


def format_url(puzzle: Numberlink) -> str:
    """The puzz.link URL of the board, as pzprjs writes it: ``numlin``, or ``arukone`` for a
    board whose paths pass every cell (a setter's marks have no place in it)."""
    if puzzle.marks:
        raise ValueError("a URL holds no given lines")
    body = puzzlink.write_number16(
        [puzzlink.EMPTY if n is None else n for row in puzzle.rows for n in row]
    )
    word = "arukone" if puzzle.every_cell else "numlin"
    return puzzlink.write(word, puzzle.width, puzzle.height, body)
