"""Magnets: Simon Tatham's game IDs and a plain layout, told apart by the ID's ``:``."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..puzzles.magnets import HOLE, MINUS, PARTNER, PLUS, Counts, Magnets, Solution
from . import ParseError, is_digits, puzzlink
from .puzzlink import Url
from .tatham import clip, read_size, split_id, where

MAX_SIDE = 61
"""A count is one character in a game ID, up to 61 (``Z``): a longer line could not be written."""
EXAMPLE = "3x3:201,102,120,111,LRTT*BBLR"
_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:d[a-z])?S?")
"""Tatham's parameters: ``WxH`` (or ``N``), and the difficulty and clue stripping (``dt``,
``S``) a full parameter string carries, which change nothing in the board."""
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""A count's character in a game ID: 0-9, then a-z for 10-35, A-Z for 36-61."""


def parse(text: str) -> Magnets:
    """A Tatham game ID (``WxH:desc``, with an optional ``magnets:`` before it) or the plain
    layout (a ``+`` line and a ``-`` line of column counts, then a line per row)."""
    if ":" in text:
        return parse_id(text)
    return parse_plain(text)


def _check_layout(layout: Sequence[str], name: Sequence[Sequence[str]]) -> None:
    """Each half of a domino has its other half where it says; ``name`` says where a cell was
    read, for the error."""
    h, w = len(layout), len(layout[0])
    opposite = {"L": "R", "R": "L", "T": "B", "B": "T"}
    for r, row in enumerate(layout):
        for c, ch in enumerate(row):
            if ch == "*":
                continue
            dr, dc = PARTNER[ch]
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < h and 0 <= c2 < w) or layout[r2][c2] != opposite[ch]:
                raise ParseError(
                    f"the domino half {ch!r} {name[r][c]} (r{r + 1}c{c + 1}) has no "
                    f"{opposite[ch]!r} beside it"
                )


def _lines_fit(puzzle: Magnets, name: dict[tuple[str, str, int], str]) -> None:
    """A line's + and - counts fit in its cells."""
    for line, plus, minus, length in (
        ("row", puzzle.plus_rows, puzzle.minus_rows, puzzle.width),
        ("column", puzzle.plus_columns, puzzle.minus_columns, puzzle.height),
    ):
        for i, (p, m) in enumerate(zip(plus, minus, strict=True)):
            for sign, n in ((PLUS, p), (MINUS, m)):
                if n is not None and n > length:
                    raise ParseError(
                        f"the {sign} count {n} of {line} {i + 1} {name[sign, line, i]} is more "
                        f"than its {length} cells"
                    )
            if p is not None and m is not None and p + m > length:
                raise ParseError(
                    f"{line} {i + 1}'s counts {p} + and {m} - {name[MINUS, line, i]} are more "
                    f"than its {length} cells"
                )


# -- Simon Tatham's game IDs ----------------------------------------------------------------------


def parse_id(text: str) -> Magnets:
    """A game ID: the + counts of the columns and of the rows, the - counts of the columns and
    of the rows (a character each, ``.`` for none), then the dominoes in reading order."""
    text, colon = split_id(text, ("magnets",), EXAMPLE)
    text = "".join(text.split())
    colon = text.find(":")
    params = text[:colon]
    hint = f"a Magnets game ID starts with WxH:, e.g. {EXAMPLE}"
    w, h = read_size(text, params, _PARAMS, hint, most_side=MAX_SIDE, fewest=2)
    i = colon + 1
    sections: list[Counts] = []
    name: dict[tuple[str, str, int], str] = {}
    order = ((PLUS, "column", w), (PLUS, "row", h), (MINUS, "column", w), (MINUS, "row", h))
    for sign, line, n in order:
        counts: list[int | None] = []
        for k in range(n):
            if i >= len(text) or text[i] == ",":
                raise ParseError(
                    f"too few {sign} counts of the {line}s: {k} of {n}, ending {where(text, i)}"
                )
            ch = text[i]
            if ch != "." and ch not in DIGITS:
                raise ParseError(
                    f"unexpected {ch!r} {where(text, i)} in the {sign} counts of the {line}s "
                    "(expected 0-9, a-z, A-Z or '.')"
                )
            counts.append(None if ch == "." else DIGITS.index(ch))
            name[sign, line, k] = where(text, i)
            i += 1
        if i >= len(text):
            raise ParseError(
                f"nothing follows the {sign} counts of the {line}s ({where(text, i)}): "
                "expected ',' and the rest (five sections: + of the columns, + of the rows, - of "
                "the columns, - of the rows, the domino layout)"
            )
        if text[i] != ",":
            raise ParseError(
                f"too many {sign} counts of the {line}s: expected ',' after {n} {where(text, i)}, "
                f"found {text[i]!r}"
            )
        i += 1
        sections.append(tuple(counts))
    cells: list[str] = []
    place: list[str] = []
    while i < len(text):
        ch = text[i]
        if ch != ",":
            if ch not in "LRTB*":
                raise ParseError(
                    f"unexpected {ch!r} {where(text, i)} in the domino layout (expected L, R, T, "
                    "B or *)"
                )
            if len(cells) == w * h:
                raise ParseError(
                    f"too many cells in the domino layout: {ch!r} {where(text, i)} would be cell "
                    f"{w * h + 1} of {w * h}"
                )
            cells.append(ch)
            place.append(where(text, i))
        i += 1
    if len(cells) < w * h:
        raise ParseError(
            f"too few cells in the domino layout: {len(cells)} of {w * h}, ending {where(text, i)}"
        )
    layout = tuple("".join(cells[r * w : (r + 1) * w]) for r in range(h))
    _check_layout(layout, [place[r * w : (r + 1) * w] for r in range(h)])
    puzzle = Magnets(layout, sections[1], sections[3], sections[0], sections[2], tatham=True)
    _lines_fit(puzzle, name)
    return puzzle


def format_id(puzzle: Magnets) -> str:
    """The game ID, as the collection writes it."""

    def counts(values: Counts) -> str:
        return "".join("." if n is None else DIGITS[n] for n in values)

    sections = [
        counts(puzzle.plus_columns),
        counts(puzzle.plus_rows),
        counts(puzzle.minus_columns),
        counts(puzzle.minus_rows),
        "".join(puzzle.layout),
    ]
    return f"{puzzle.width}x{puzzle.height}:{','.join(sections)}"


# -- the plain layout -----------------------------------------------------------------------------


def parse_plain(text: str) -> Magnets:
    """A line ``+`` and a line ``-`` (either first), each followed by the columns' counts;
    then a line per row: its + count, its - count, and its cells (``L R T B``, ``*`` a lone
    cell; spaces between them optional). A count is a number, or ``.`` for none."""
    numbered = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not numbered:
        raise ParseError(f"empty input: expected a Magnets game ID such as {EXAMPLE}, or rows")
    columns: dict[str, tuple[int, Counts]] = {}
    rows: list[tuple[int, list[str]]] = []
    for n, words in numbered:
        if words[0] in (PLUS, MINUS):
            if words[0] in columns:
                raise ParseError(f"line {n}: a second line of {words[0]} counts")
            columns[words[0]] = (n, tuple(_count(n, k + 2, w) for k, w in enumerate(words[1:])))
        else:
            rows.append((n, words))
    for sign in (PLUS, MINUS):
        if sign not in columns:
            raise ParseError(
                f"no line of the columns' {sign} counts (a line starting with {sign}); a game ID "
                f"has a ':', e.g. {EXAMPLE}"
            )
    if not rows:
        raise ParseError("no rows: each row is its + count, its - count, then its dominoes")
    if len(rows) > MAX_SIDE:
        raise ParseError(f"{len(rows)} rows is over the limit of {MAX_SIDE}")
    layout: list[str] = []
    plus_rows: list[int | None] = []
    minus_rows: list[int | None] = []
    places: list[list[str]] = []
    for n, words in rows:
        if len(words) < 3:
            raise ParseError(f"line {n}: a row is its + count, its - count, then its dominoes")
        plus_rows.append(_count(n, 1, words[0]))
        minus_rows.append(_count(n, 2, words[1]))
        cells = "".join(words[2:])
        for ch in cells:
            if ch not in "LRTB*":
                raise ParseError(f"line {n}: {ch!r} is not a domino half (L R T B, or * alone)")
        if layout and len(cells) != len(layout[0]):
            raise ParseError(f"line {n}: {len(cells)} cells, expected {len(layout[0])}")
        if len(cells) > MAX_SIDE:
            raise ParseError(f"line {n}: {len(cells)} cells is over the limit of {MAX_SIDE}")
        layout.append(cells)
        places.append([f"on line {n}"] * len(cells))
    w = len(layout[0])
    for sign, (n, counts) in columns.items():
        if len(counts) != w:
            raise ParseError(f"line {n}: {len(counts)} column {sign} counts, expected {w}")
    _check_layout(layout, places)
    puzzle = Magnets(
        tuple(layout), tuple(plus_rows), tuple(minus_rows), columns[PLUS][1], columns[MINUS][1]
    )
    lines = {PLUS: columns[PLUS][0], MINUS: columns[MINUS][0]}
    name = {
        (sign, line, i): f"on line {lines[sign] if line == 'column' else rows[i][0]}"
        for sign in (PLUS, MINUS)
        for line, n in (("row", len(rows)), ("column", w))
        for i in range(n)
    }
    _lines_fit(puzzle, name)
    return puzzle


def _count(line: int, word: int, text: str) -> int | None:
    """A count: a number, or ``.`` for none."""
    if text in (".", "?"):
        return None
    if not is_digits(text) or len(text) > 4:
        raise ParseError(f"line {line}: {clip(text, 10)!r} (word {word}) is not a count or '.'")
    return int(text)


def format_plain(puzzle: Magnets) -> str:
    """The plain layout: the columns' + and - counts, then each row's counts and dominoes."""

    def show(n: int | None) -> str:
        return "." if n is None else str(n)

    lines = [
        "+   " + " ".join(map(show, puzzle.plus_columns)),
        "-   " + " ".join(map(show, puzzle.minus_columns)),
    ]
    for row, p, m in zip(puzzle.layout, puzzle.plus_rows, puzzle.minus_rows, strict=True):
        lines.append(f"{show(p)} {show(m)} " + " ".join(row))
    return "\n".join(lines)


def format_puzzle(puzzle: Magnets) -> str:
    """The puzzle as it was read: a game ID, or the plain layout."""
    return format_id(puzzle) if puzzle.tatham else format_plain(puzzle)


def format_solution(puzzle: Magnets, solution: Sequence[Sequence[str]], style: str = "grid") -> str:
    """``grid``: the board of ``+``, ``-``, ``.`` (``#`` a lone cell); ``tatham``: the
    collection's solve move (``S;`` then each cell's sign at ``x,y``, column by column)."""
    if style == "tatham":
        moves = [
            f"{solution[r][c]}{c},{r};"
            for c in range(puzzle.width)
            for r in range(puzzle.height)
            if solution[r][c] != HOLE
        ]
        return "S;" + "".join(moves)
    return "\n".join(" ".join(row) for row in solution)


def to_json(puzzle: Magnets, solution: Solution) -> list[str]:
    """The corpus form: a string a row of ``+``, ``-``, ``.``, ``#``."""
    return ["".join(row) for row in solution]


# -- puzz.link URLs ------------------------------------------------------------------------------

BLANK_CELL = "*"
"""A cell in no domino, in a layout."""


def parse_url(url: Url) -> Magnets:
    """``magnets/COLS/ROWS/BODY``: the counts as outside clues, two a line (the - count next to
    the board, the + count beyond it; columns above, rows at the left), the dominoes as region
    walls, then, when there are any, given poles (not read: refused) and blank cells. Its ``a``
    flag (anti-magnets) is a rule gridsat's Magnets has not, and refused."""
    puzzlink.only_flags(url)
    w, h = url.cols, url.rows
    if w > MAX_SIDE or h > MAX_SIDE:
        raise puzzlink.refuse(url, f"a side over {MAX_SIDE} (a count could not be written)")
    counts, rest = puzzlink.read_outside(url.body, 2 * (w + h))
    across, down, rest = puzzlink.read_borders(rest, w, h)
    poles, blank = [0] * (w * h), [False] * (w * h)
    if rest:
        poles, rest = puzzlink.read_triples(rest, w * h)
        blank, rest = puzzlink.read_bits(rest, w * h)
    puzzlink.done(url, rest)
    if any(poles):
        at = next(i for i, p in enumerate(poles) if p)
        raise puzzlink.refuse(
            url, f"row {at // w + 1}, column {at % w + 1} is given a pole (gridsat reads none)"
        )
    if any(v == puzzlink.UNKNOWN for v in counts):
        raise puzzlink.refuse(url, "a count is '?' (gridsat reads numbers, or none)")
    said: list[int | None] = [None if v < 0 else v for v in counts]
    layout = [[BLANK_CELL] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if blank[r * w + c]:
                continue
            beside = [
                (r2, c2, half)
                for r2, c2, open_, half in (
                    (r, c + 1, c + 1 < w and not across[r * (w - 1) + c], "LR"),
                    (r, c - 1, c > 0 and not across[r * (w - 1) + c - 1], "RL"),
                    (r + 1, c, r + 1 < h and not down[r * w + c], "TB"),
                    (r - 1, c, r > 0 and not down[(r - 1) * w + c], "BT"),
                )
                if open_ and not blank[r2 * w + c2]
            ]
            if len(beside) != 1:
                why = "in no domino" if not beside else "in a region of more than two cells"
                raise puzzlink.refuse(url, f"row {r + 1}, column {c + 1} is {why}")
            layout[r][c] = beside[0][2][0]
    puzzle = Magnets(
        tuple("".join(row) for row in layout),
        tuple(said[2 * w + 2 * r + 1] for r in range(h)),
        tuple(said[2 * w + 2 * r] for r in range(h)),
        tuple(said[2 * c + 1] for c in range(w)),
        tuple(said[2 * c] for c in range(w)),
    )
    _check_layout(puzzle.layout, [["in the URL"] * w for _ in range(h)])
    names = {(s, line, i): "in the URL" for s in (PLUS, MINUS) for line in ("row", "column")
             for i in range(max(w, h))}  # fmt: skip
    _lines_fit(puzzle, names)
    return puzzle


def format_url(puzzle: Magnets) -> str:
    """The puzz.link URL of the board: counts, dominoes as walls, blank cells when there are."""
    w, h, layout = puzzle.width, puzzle.height, puzzle.layout

    def count(n: int | None) -> int:
        return puzzlink.EMPTY if n is None else n

    counts = []
    for m, p in zip(puzzle.minus_columns, puzzle.plus_columns, strict=True):
        counts += [count(m), count(p)]
    for m, p in zip(puzzle.minus_rows, puzzle.plus_rows, strict=True):
        counts += [count(m), count(p)]
    across = [  # (no wall beside a blank cell, as pzprjs writes it)
        layout[r][c] != "L" and BLANK_CELL not in (layout[r][c], layout[r][c + 1])
        for r in range(h)
        for c in range(w - 1)
    ]
    down = [
        layout[r][c] != "T" and BLANK_CELL not in (layout[r][c], layout[r + 1][c])
        for r in range(h - 1)
        for c in range(w)
    ]
    body = puzzlink.write_number16(counts) + puzzlink.write_borders(across, down)
    blank = [ch == BLANK_CELL for row in layout for ch in row]
    if any(blank):
        body += puzzlink.write_triples([0] * (w * h)) + puzzlink.write_bits(blank)
    return puzzlink.write("magnets", w, h, body)
