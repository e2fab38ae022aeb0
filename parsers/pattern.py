"""Pattern puzzles: Simon Tatham's game IDs, clue lists under ``rows:`` and ``columns:``, and
the ``.non`` files of nonogram collections, told apart by their look."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..puzzles.grid import Cell, cell_name
from ..puzzles.pattern import Board, Clue, Pattern, say
from . import ParseError, is_digits, puzzlink
from .puzzlink import Url
from .tatham import MAX_SIDE, clip, split_id, where

NAMES = ("pattern", "nonogram", "griddler")
EXAMPLE = "5x5:2/1.1/2/2.1/4/4/3/1/1.2/2"
_SIZE = re.compile(r"\s*(\d{1,9})(?:\s*[xX]\s*(\d{1,9}))?\s*")
_NON_KEY = re.compile(r"\s*(width|height|rows|columns)\s+\d", re.IGNORECASE)
"""A ``.non`` file's size line (``width 10``; ``rows 10`` says the height there too)."""
_PLAIN_HEADER = re.compile(r"\s*(rows?|columns?|cols?)\s*(?::(.*)|$)", re.IGNORECASE)
"""A section's header: ``rows:``, ``columns:`` or ``cols:``, the colon optional when the word
stands alone on its line."""
_NON_IGNORED = ("title", "by", "copyright", "license", "catalogue", "color", "maxrule")
"""``.non`` keys read and ignored (properties, or colours a black-and-white puzzle does not
need); any other unknown word starts a property line, ignored too, as the format says."""


def parse(text: str) -> Pattern:
    """A Pattern puzzle in any of its layouts: a ``.non`` file (it has ``width``/``height``
    lines), ``rows:``/``columns:`` sections (``rows`` and ``cols`` alone on their lines too),
    or else Tatham's game ID ``WxH:clues[,fixed]``."""
    if not text.strip():
        raise ParseError(
            f"empty input: expected a Pattern game ID such as {EXAMPLE}, "
            "'rows:' and 'columns:' sections of clues, or a .non file"
        )
    lines = text.splitlines()
    if any(_NON_KEY.match(line) for line in lines):
        return parse_non(lines)
    if any(_PLAIN_HEADER.match(line) for line in lines):
        return parse_plain(lines)
    return parse_id(text)


# -- Tatham's game ID --------------------------------------------------------------------------


def parse_id(text: str) -> Pattern:
    """``WxH:`` (or ``N:`` for NxN), then W column clues top to bottom and H row clues left to
    right, ``/`` between clues and ``.`` between a clue's numbers (an empty clue or ``0`` is an
    all-white line); then optionally ``,`` and the fixed cells: a letter skips that many cells
    from ``a`` = 0 and fixes the next, lower case white, upper case black (``z`` skips 25)."""
    text, colon = split_id(text, NAMES, EXAMPLE)
    text = "".join(text.split())  # line breaks in a long pasted ID
    colon = text.find(":")
    size = _SIZE.fullmatch(text[:colon])
    if not size:
        raise ParseError(
            f"bad size {clip(text[:colon])!r} {where(text, 0)} (expected WxH, e.g. 10x10)"
        )
    w, h = int(size[1]), int(size[2] or size[1])
    _check_size(w, h, f" {where(text, 0)}")
    i = colon + 1
    clues: list[Clue] = []
    for k in range(w + h):
        what = f"column {k + 1}" if k < w else f"row {k - w + 1}"
        start = i
        numbers: list[tuple[int, int]] = []  # (number, where it starts)
        while i < len(text) and is_digits(text[i]):
            j = i
            while j < len(text) and is_digits(text[j]):
                j += 1
            if j - i > 6:
                raise ParseError(f"run of {clip(text[i:j], 12)} cells {where(text, i)} is too long")
            numbers.append((int(text[i:j]), i))
            i = j
            if i < len(text) and text[i] == ".":
                i += 1
                if i >= len(text) or not is_digits(text[i]):
                    raise ParseError(f"expected a number after '.' {where(text, i)}")
        clues.append(_clue(numbers, h if k < w else w, what, text, start))
        last = k + 1 == w + h
        if i >= len(text) or text[i] == ",":
            if not last:
                raise ParseError(
                    f"too few clues: {k + 1} of {w + h} ({w} columns, then {h} rows), "
                    f"ending {where(text, i)}"
                )
        elif text[i] == "/":
            if last:
                raise ParseError(
                    f"too many clues: a {w}x{h} board has {w + h} ({w} columns, then {h} "
                    f"rows), and clue {w + h + 1} starts {where(text, i + 1)}"
                )
            i += 1
        else:
            raise ParseError(
                f"unexpected {text[i]!r} {where(text, i)} in the clue of {what} "
                "(expected a number, '.' or '/')"
            )
    fixed: dict[Cell, int] = {}
    if i < len(text):  # a ',' here: the fixed cells follow
        fixed = _read_fixed(text, i + 1, w, h)
    return Pattern(tuple(clues[:w]), tuple(clues[w:]), fixed, "tatham")


def _clue(numbers: Sequence[tuple[int, int]], length: int, what: str, text: str, at: int) -> Clue:
    """A clue read from the ID, checked: ``0`` alone is an empty clue, and it fits its line."""
    if len(numbers) > 1:
        for number, pos in numbers:
            if number == 0:
                raise ParseError(f"a run of 0 {where(text, pos)} in the clue of {what}")
    clue = tuple(n for n, _ in numbers if n)
    need = sum(clue) + len(clue) - 1
    if need > length:
        raise ParseError(
            f"the clue of {what} ({say(clue)}) {where(text, at)} needs {need} cells, "
            f"but the {what.split()[0]} has {length}"
        )
    return clue


def _read_fixed(text: str, i: int, w: int, h: int) -> dict[Cell, int]:
    """The fixed cells after the ``,``: each letter skips ``letter - 'a'`` cells and (below
    ``z``, and inside the board) fixes the next one, black when upper case."""
    n = w * h
    cell = 0
    fixed: dict[Cell, int] = {}
    while cell < n:
        if i >= len(text):
            raise ParseError(
                f"too few cells in the fixed cells: {cell} of {n}, ending {where(text, i)}"
            )
        ch = text[i]
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z"):
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} in the fixed cells (expected a letter: "
                "a-y skip 0-24 cells then fix one white, A-Y black; z skips 25)"
            )
        skip = ord(ch.lower()) - ord("a")
        cell += skip
        if cell > n:
            raise ParseError(
                f"too many cells in the fixed cells: {ch!r} {where(text, i)} runs to cell "
                f"{cell} of {n}"
            )
        if skip < 25 and cell < n:
            fixed[divmod(cell, w)] = int(ch.isupper())
            cell += 1
        i += 1
    if i < len(text):
        raise ParseError(
            f"unexpected {text[i]!r} {where(text, i)}: the fixed cells already cover all {n}"
        )
    return fixed


def format_id(puzzle: Pattern) -> str:
    """The game ID, as the collection writes it."""
    clues = "/".join(".".join(map(str, clue)) for clue in (*puzzle.columns, *puzzle.rows))
    text = f"{puzzle.width}x{puzzle.height}:{clues}"
    if puzzle.fixed:
        text += "," + _write_fixed(puzzle.fixed, puzzle.width, puzzle.height)
    return text


def _write_fixed(fixed: Mapping[Cell, int], w: int, h: int) -> str:
    """The fixed cells' letters, as the collection writes them."""
    out: list[str] = []
    run = 0
    for cell in range(w * h):
        place = divmod(cell, w)
        if place not in fixed:
            run += 1
            if run == 25:
                out.append("z")
                run = 0
            continue
        out.append(chr((ord("A") if fixed[place] else ord("a")) + run))
        run = 0
    if run:
        out.append(chr(ord("a") + run))
    return "".join(out)


# -- clue lists: rows: and columns: sections ---------------------------------------------------


def parse_plain(lines: Sequence[str]) -> Pattern:
    """``rows:`` then one clue a line (numbers split by spaces or commas; ``0`` or ``-`` for an
    all-white line), and ``columns:`` (or ``cols:``) the same, in either order (a header alone on
    its line may leave out its colon); blank lines and ``#`` comments are skipped."""
    sections: dict[str, list[Clue]] = {}
    current: list[Clue] | None = None
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        header = _PLAIN_HEADER.match(line)
        if header:
            name = "rows" if header[1].lower().startswith("row") else "columns"
            if name in sections:
                raise ParseError(f"line {number}: a second '{name}:' section")
            if (header[2] or "").strip():
                raise ParseError(
                    f"line {number}: put each clue on its own line after '{header[1]}:'"
                )
            current = sections[name] = []
            continue
        if current is None:
            raise ParseError(f"line {number}: a clue before any 'rows:' or 'columns:' line")
        current.append(_plain_clue(line, number))
    for name in ("rows", "columns"):
        if not sections.get(name):
            raise ParseError(f"no '{name}:' section with clues (a clue a line)")
    return _checked(sections["columns"], sections["rows"], "plain")


def _plain_clue(line: str, number: int) -> Clue:
    """One clue line: run lengths split by spaces or commas; ``0`` or ``-`` alone: no runs."""
    tokens = [t for t in re.split(r"[\s,]+", line.strip()) if t]
    if tokens in (["0"], ["-"]):
        return ()
    clue = []
    for token in tokens:
        if not is_digits(token) or len(token) > 6 or int(token) == 0:
            column = line.find(token) + 1
            raise ParseError(
                f"line {number}, column {column}: {clip(token, 12)!r} is not a run length "
                "(a positive number; 0 or - alone for an all-white line)"
            )
        clue.append(int(token))
    return tuple(clue)


def _checked(columns: Sequence[Clue], rows: Sequence[Clue], layout: str) -> Pattern:
    """The puzzle, its size within the limits and each clue fitting its line."""
    _check_size(len(columns), len(rows), "")
    for what, clues, length in (("row", rows, len(columns)), ("column", columns, len(rows))):
        for k, clue in enumerate(clues, 1):
            need = sum(clue) + len(clue) - 1
            if need > length:
                raise ParseError(
                    f"{what} {k}'s clue {say(clue)} needs {need} cells, "
                    f"but the board has {length} {'columns' if what == 'row' else 'rows'}"
                )
    return Pattern(tuple(columns), tuple(rows), {}, layout)


def _check_size(w: int, h: int, at: str) -> None:
    """Refuse a board past the limits, before anything is built."""
    if w < 1 or h < 1:
        raise ParseError(f"bad size {w}x{h}{at}: width and height must be at least 1")
    if w > MAX_SIDE or h > MAX_SIDE:
        raise ParseError(f"size {w}x{h}{at} is over the limit of {MAX_SIDE} cells a side")


def format_plain(puzzle: Pattern) -> str:
    """``rows:`` and ``columns:`` sections, as ``parse_plain`` reads them."""
    return "\n".join(["rows:", *map(say, puzzle.rows), "", "columns:", *map(say, puzzle.columns)])


# -- .non files --------------------------------------------------------------------------------


def parse_non(lines: Sequence[str]) -> Pattern:
    """A ``.non`` file: ``width W``, ``height H``, then ``rows`` and ``columns`` each followed
    by their clues, one a line, numbers split by commas (``0`` for an all-white line); an
    optional ``goal`` of W*H characters (``0`` white, else black) is a known solution. Other
    lines (``title``, ``by``, ``catalogue``, ``copyright``, ``license``, ``color``, ...) are
    properties, and ignored."""
    size: dict[str, int] = {}
    sections: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    goal: tuple[int, str] | None = None
    current: list[tuple[int, str]] | None = None
    for number, raw in enumerate(lines, 1):
        words = raw.split()
        key = words[0].lower() if words else ""
        if not words or is_digits(key[0]) or (current is not None and key == "-"):
            if current is not None:
                current.append((number, raw))
            elif words:
                raise ParseError(f"line {number}: a clue before any 'rows' or 'columns' line")
            continue
        current = None
        if key in ("width", "height") or (key in ("rows", "columns") and len(words) > 1):
            name = "width" if key in ("width", "columns") else "height"
            if len(words) != 2 or not is_digits(words[1]) or len(words[1]) > 9:
                raise ParseError(f"line {number}: expected '{key} N' with N a number")
            if name in size and size[name] != int(words[1]):
                raise ParseError(f"line {number}: a second {name}, {words[1]}")
            size[name] = int(words[1])
        elif key in ("rows", "columns"):
            if key in sections:
                raise ParseError(f"line {number}: a second '{key}' section")
            current = []
            sections[key] = (number, current)
        elif key == "goal":
            goal = (number, raw.split(None, 1)[1] if len(words) > 1 else "")
    for name in ("width", "height"):
        if name not in size:
            raise ParseError(f"no '{name}' line: a .non file gives 'width W' and 'height H'")
    w, h = size["width"], size["height"]
    _check_size(w, h, "")
    rows = _non_section(sections, "rows", h)
    columns = _non_section(sections, "columns", w)
    puzzle = _checked(columns, rows, "non")
    if goal is None:
        return puzzle
    return Pattern(puzzle.columns, puzzle.rows, {}, "non", _goal(goal, w, h))


def _non_section(
    sections: Mapping[str, tuple[int, list[tuple[int, str]]]], name: str, count: int
) -> list[Clue]:
    """The clues under ``rows`` or ``columns``: blank lines are skipped, unless the section has
    exactly ``count`` lines with them (a blank line is then an all-white line)."""
    if name not in sections:
        raise ParseError(f"no '{name}' line: a .non file lists its {name}' clues after it")
    at, found = sections[name]
    while found and not found[-1][1].strip():
        found.pop()
    filled = [(number, line) for number, line in found if line.strip()]
    if len(filled) != count and len(found) == count:
        filled = found
    if len(filled) != count:
        size = "height" if name == "rows" else "width"
        raise ParseError(
            f"line {at}: '{name}' needs {count} clues ({size} {count}), found {len(filled)}"
        )
    return [_non_clue(line, number) for number, line in filled]


def _non_clue(line: str, number: int) -> Clue:
    """A ``.non`` clue: comma-separated run lengths (``0`` or blank: none)."""
    text = line.strip()
    if not text:
        return ()
    if re.search(r"\d[a-zA-Z]", text):
        raise ParseError(
            f"line {number}: coloured clues ({clip(text, 20)}) are not supported: "
            "a Pattern puzzle is black and white"
        )
    return _plain_clue(text, number)


def _goal(goal: tuple[int, str], w: int, h: int) -> Board:
    """The ``goal`` line's picture: W*H characters row by row, ``0`` white, any other black."""
    number, text = goal
    cells = "".join(text.strip().strip("\"'").split())
    if len(cells) != w * h:
        raise ParseError(
            f"line {number}: the goal has {len(cells)} cells, but a {w}x{h} board has {w * h}"
        )
    return tuple(tuple(int(ch != "0") for ch in cells[r * w : (r + 1) * w]) for r in range(h))


def format_non(puzzle: Pattern) -> str:
    """A ``.non`` file, its goal kept."""
    lines = [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    lines += [",".join(map(str, clue)) or "0" for clue in puzzle.rows]
    lines += ["", "columns"]
    lines += [",".join(map(str, clue)) or "0" for clue in puzzle.columns]
    if puzzle.goal is not None:
        cells = "".join(str(v) for row in puzzle.goal for v in row)
        lines += ["", f'goal "{cells}"']
    return "\n".join(lines)


# -- printing ----------------------------------------------------------------------------------


def format_puzzle(puzzle: Pattern) -> str:
    """The puzzle in the layout it was read in; as a game ID when it has fixed cells that the
    other layouts cannot write."""
    if puzzle.layout == "plain" and not puzzle.fixed:
        return format_plain(puzzle)
    if puzzle.layout == "non" and not puzzle.fixed:
        return format_non(puzzle)
    return format_id(puzzle)


def format_solution(puzzle: Pattern, solution: Board, style: str = "grid") -> str:
    """``grid``: a row a line, ``#`` black and ``.`` white (``?`` where diagnose cannot say);
    with a ``.non`` goal, a line saying whether the solution is that goal. ``tatham``: the
    collection's solve move, ``S`` and a 1 (black) or 0 (white) per cell in reading order."""
    if style == "tatham":
        return "S" + "".join(str(v) for row in solution for v in row)
    text = "\n".join("".join(_SHOW.get(v, "?") for v in row) for row in solution)
    whole = all(v in (0, 1) for row in solution for v in row)
    if puzzle.goal is None or not whole:
        return text
    differ = [
        cell_name(puzzle, (r, c))
        for r, row in enumerate(solution)
        for c, v in enumerate(row)
        if puzzle.goal[r][c] != v
    ]
    if not differ:
        return text + "\nthe solution is the file's goal"
    shown = " ".join(differ[:10]) + (" ..." if len(differ) > 10 else "")
    return text + f"\nthe solution differs from the file's goal in {len(differ)} cells: {shown}"


_SHOW = {1: "#", 0: "."}


def to_json(puzzle: Pattern, solution: Board) -> list[str]:
    """H strings of ``0`` (white) and ``1`` (black), top row first: the corpus's form."""
    return ["".join(str(v) for v in row) for row in solution]


# -- puzz.link URLs ------------------------------------------------------------------------------


def parse_url(url: Url) -> Pattern:
    """``nonogram/COLS/ROWS/BODY``: the clues as outside clues, each column's above the board in
    ceil(rows/2) slots and each row's at its left in ceil(cols/2), the slot next to the board
    holding the line's last number (a 0 says the line is empty)."""
    puzzlink.only_flags(url)
    w, h = url.cols, url.rows
    _check_size(w, h, " in the URL")
    down, across = (h + 1) // 2, (w + 1) // 2
    numbers, rest = puzzlink.read_outside(url.body, w * down + h * across)
    puzzlink.done(url, rest)
    if puzzlink.UNKNOWN in numbers:
        raise puzzlink.refuse(url, "a clue is '?' (gridsat reads numbers)")
    columns = puzzlink.lines_outward(numbers[: w * down], w, down)
    rows = puzzlink.lines_outward(numbers[w * down :], h, across)
    return _checked(
        [tuple(n for n in line if n) for line in columns],
        [tuple(n for n in line if n) for line in rows],
        "plain",
    )


def format_url(puzzle: Pattern) -> str:
    """The puzz.link URL of the clues (cells shown from the start have no place in it)."""
    if puzzle.fixed:
        raise ValueError("a URL holds the clues only, no cells shown")
    w, h = puzzle.width, puzzle.height
    numbers = puzzlink.lines_inward(puzzle.columns, (h + 1) // 2)
    numbers += puzzlink.lines_inward(puzzle.rows, (w + 1) // 2)
    return puzzlink.write("nonogram", w, h, puzzlink.write_number16(numbers))
