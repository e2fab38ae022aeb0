"""Sudoku: Simon Tatham's Solo game IDs (every block shape, jigsaw, X and killer) and the plain
boards people paste (81 characters on a line, rows of digits, rules of ``|`` and ``+---+``,
letters or spaced numbers for 16x16 and beyond, and as other sites and data sets write them:
comma-separated rows, JSON lists, box-drawing frames, titles and comments above the board),
told apart by the ``:`` every game ID has."""

from __future__ import annotations

import ast
import itertools
import json
import re
from dataclasses import replace

from ..puzzles.sudoku import MAX_KILLER, MAX_ORDER, Board, Cage, Sudoku, block_shape
from . import ParseError, is_digits, puzzlink
from .grid import grid_text, numbers_from_json, rows_json, titles_off
from .numbergrid import published, settings_line
from .puzzlink import Url
from .tatham import clip, read_blocks, read_numbers, split_id, where, write_blocks, write_numbers

EXAMPLE = "3x3:a9a8_6c4d4_1a9g7_5a7_8a9_2b1b6e7b5b8_7a3_9a2_5g1a4_7d4c9_3a6a"
BLANKS = "._*?-"
"""Characters that stand for a blank cell in a plain board (and ``0`` when it is no symbol)."""
_BOX_CHARS = str.maketrans(
    "│┃║╎╏┆┇┊┋─━╌╍┄┅┈┉═·•",
    "|||||||||--------=..",
) | {ord(ch): "+" for ch in "┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╒╓╕╖╘╙╛╜╞╟╡╢╤╥╧╨╪╫┏┓┗┛┣┫┳┻╋┯┷┿╂╋"}
"""Box-drawing characters as the ASCII frame they draw (``│`` a wall, ``┼`` a corner), and a
middle dot as the blank it stands for."""
_TITLE = r"[A-Za-z]{2,}"
"""What a line of words (a title) has and most rows of a board have not: a word."""
_WORDY = r"[a-z][A-Za-z]|[A-Za-z][a-z]"
"""What shows a line is words: a word in lower case."""
_ID_LINE = r"\s*(?:(?i:solo|sudoku):)?\d[^\s:]*:\S*\s*"
"""A line that is a game ID: parameters starting with a digit, a ``:``, no spaces."""
_COMMENT = ("#", "//")
_WORDS = 4
"""The most lines of words taken off above a board, and below it."""
_BRACKETS = str.maketrans("", "", "[](){}")
# The patterns, compiled where they are used (re keeps them): a run compiles only those it
# needs.
RULE = r"[-+=|\s]*[-=][-+=|\s]*"
"""A line of a plain board that only draws a rule between bands of blocks."""
_PARAMS = r"(\d+)(?:x(\d+))?((?:[jxk]|a|r\d*|md?\d*|d[tbiaeu]?)*)"
_FLAG = r"[jxk]|a|r\d*|md?\d*|d[tbiaeu]?"
_SIZE_LINE = r"\s*([0-9]+)\s*(?:[xX]\s*([0-9]+))?\s*"
"""A size line before a plain board: ``9`` or ``9x9``."""
_SETTING = r"(?i)\s*(blocks\s+\d+\s*x\s*\d+|diagonals|symbols\s+\S+)\s*"


def _is_rule(line: str) -> bool:
    """Whether ``line`` only draws a rule (``RULE``; a line with no - or = is none, and its
    pattern is then not compiled)."""
    return ("-" in line or "=" in line) and re.compile(RULE).fullmatch(line) is not None


def parse(
    text: str, blocks: str | None = None, diagonals: bool = False, symbols: str | None = None
) -> Sudoku:
    """A Solo game ID (it has a ``:``), else a plain board; ``blocks`` (WxH), ``diagonals`` and
    ``symbols`` are for plain boards (a game ID says all of that itself). A published layout
    (AMPL data, sections) reads as the board it holds."""
    text = published(_uncommented(_from_json(text) or text)).problem
    if _is_id(text):
        given = [flag for flag, on in (("--blocks", blocks), ("--x", diagonals)) if on]
        given += ["--symbols"] if symbols else []
        if given:
            raise ParseError(
                f"{' and '.join(given)} apply to plain boards; a game ID gives its own "
                "blocks, X and cages"
            )
        return parse_id(text)
    return parse_plain(text, blocks, diagonals, symbols)


# -- Tatham's game IDs ----------------------------------------------------------------------------


def _is_id(text: str) -> bool:
    """Whether ``text`` is a game ID: it has a ``:`` (but a board under or over a line such as
    ``Level: hard`` is none: of several lines, one must read as an ID), or it is bare
    parameters (``3x3``)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and not any(re.compile(_ID_LINE).fullmatch(line) for line in lines):
        return False
    return ":" in text or (
        not is_digits(text.strip()) and re.compile(_PARAMS).fullmatch(text.strip()) is not None
    )


def parse_id(text: str) -> Sudoku:
    """``params:desc``: params ``CxR`` (blocks R wide and C tall, N = C*R) or ``Nj`` (jigsaw),
    then flags ``x`` (X-Sudoku) and ``k`` (killer); the desc is the givens, then the jigsaw
    blocks, then the killer cages and their sums, comma-separated."""
    text, colon = split_id(text, ("solo", "sudoku"), EXAMPLE)
    params = text[:colon]
    match = re.compile(_PARAMS).fullmatch(params)
    if not match:
        bad = _params_error(params)
        what = f"unexpected {params[bad]!r}" if bad < len(params) else "they end too soon"
        if not params:
            what = "none before the ':'"
        raise ParseError(
            f"bad parameters {clip(params)!r}: {what} {where(text, bad)} "
            "(expected CxR or Nj, then x and k, e.g. 3x3, 2x3, 9j, 3x3xk)"
        )
    c = int(match[1][:4])
    r = int(match[2][:4]) if match[2] else c
    flags = match[3]
    jig = "j" in _flags(flags) or r == 1
    n = c * r if match[2] or not jig else c
    if n > MAX_ORDER or len(match[1]) > 3 or len(match[2] or "") > 3:
        raise ParseError(
            f"parameters {clip(params)!r}: a {n}x{n} board is over the limit of "
            f"{MAX_ORDER}x{MAX_ORDER} {where(text, 0)}"
        )
    if c < 2 or (not jig and r < 2):
        raise ParseError(
            f"parameters {params!r}: blocks need at least 2 cells each way {where(text, 0)}"
        )
    diagonals = "x" in _flags(flags)
    killer = "k" in _flags(flags)
    if diagonals and n < 4:
        raise ParseError(f"parameters {params!r}: X needs a board of 4x4 or more {where(text, 0)}")
    if killer and n > MAX_KILLER:
        raise ParseError(
            f"parameters {params!r}: killer boards go up to {MAX_KILLER}x{MAX_KILLER}, "
            f"not {n}x{n} {where(text, 0)}"
        )
    at: list[int] = []
    values, i = read_numbers(text, colon + 1, n * n, "givens", at=at)
    for k, v in enumerate(values):
        if v is not None and not 1 <= v <= n:
            raise ParseError(
                f"given {v} {where(text, at[k])} (r{k // n + 1}c{k % n + 1}) is outside 1..{n}"
            )
    rows = tuple(tuple(v or 0 for v in values[r0 * n : r0 * n + n]) for r0 in range(n))
    jigsaw: tuple[int, ...] = ()
    if jig:
        i = _section(text, i, "the jigsaw blocks")
        start = i
        regions, i = read_blocks(text, i, n, what="jigsaw blocks")
        jigsaw = tuple(regions)
        _check_regions(jigsaw, n, text, start)
    cages: tuple[Cage, ...] = ()
    if killer:
        i = _section(text, i, "the killer cages")
        start = i
        regions, i = read_blocks(text, i, n, what="killer cages")
        i = _section(text, i, "the cage sums")
        cages, i = _cages(text, i, regions, n, start)
    if i < len(text):
        raise ParseError(f"unexpected {clip(text[i:])!r} after the description {where(text, i)}")
    shape = None if jig else (r, c)
    return Sudoku(rows, shape, jigsaw, diagonals, cages)


def _flags(flags: str) -> set[str]:
    return set(re.compile(_FLAG).findall(flags))


def _params_error(params: str) -> int:
    """Where the parameters stop reading as Solo's: the index of the first bad character."""
    i = 0
    while i < len(params) and is_digits(params[i]):
        i += 1
    if i == 0:
        return 0
    if i < len(params) and params[i] == "x" and i + 1 < len(params) and is_digits(params[i + 1]):
        i += 1
        while i < len(params) and is_digits(params[i]):
            i += 1
    while i < len(params):
        flag = re.compile(_FLAG).match(params, i)
        if not flag:
            return i
        i = flag.end()
    return len(params) - 1


def _section(text: str, i: int, what: str) -> int:
    """The start of the next comma-separated section, which must be there."""
    if i >= len(text) or text[i] != ",":
        raise ParseError(f"expected ',' and {what} {where(text, i)}")
    return i + 1


def _check_regions(regions: tuple[int, ...], n: int, text: str, start: int) -> None:
    """A jigsaw has n blocks of n cells."""
    sizes: dict[int, int] = {}
    first: dict[int, int] = {}
    for k, b in enumerate(regions):
        sizes[b] = sizes.get(b, 0) + 1
        first.setdefault(b, k)
    for b, size in sizes.items():
        if size != n:
            k = first[b]
            raise ParseError(
                f"the jigsaw block at r{k // n + 1}c{k % n + 1} has {size} cells, not {n} "
                f"(the blocks start {where(text, start)})"
            )


def _cages(
    text: str, i: int, regions: list[int], n: int, start: int
) -> tuple[tuple[Cage, ...], int]:
    """The cages of ``regions`` with their sums (each sum once in its cage), and the index
    after the sums."""
    at: list[int] = []
    sums, end = read_numbers(text, i, n * n, "cage sums", at=at)
    cells: dict[int, list[tuple[int, int]]] = {}
    for k, region in enumerate(regions):
        cells.setdefault(region, []).append(divmod(k, n))
    total: dict[int, int] = {}
    for k, v in enumerate(sums):
        if v is None:
            continue
        region = regions[k]
        if region in total:
            r0, c0 = cells[region][0]
            raise ParseError(
                f"a second sum {v} {where(text, at[k])} for the cage at r{r0 + 1}c{c0 + 1}"
            )
        total[region] = v
    cages = []
    for region, members in cells.items():
        r0, c0 = members[0]
        if len(members) > n:
            raise ParseError(
                f"the killer cage at r{r0 + 1}c{c0 + 1} has {len(members)} cells, more than "
                f"the {n} digits (the cages start {where(text, start)})"
            )
        if region not in total:
            raise ParseError(
                f"the killer cage at r{r0 + 1}c{c0 + 1} has no sum (the sums start "
                f"{where(text, i)})"
            )
        cages.append((total[region], tuple(members)))
    return tuple(cages), end


def format_id(puzzle: Sudoku) -> str:
    """The puzzle as Solo's game ID."""
    n = puzzle.order
    if puzzle.shape is None:
        params = f"{n}j"
    else:
        width, height = puzzle.shape
        params = f"{height}x{width}"
    params += "x" * puzzle.diagonals + "k" * puzzle.killer
    desc = [write_numbers([v or None for row in puzzle.rows for v in row])]
    if puzzle.shape is None:
        desc.append(write_blocks(puzzle.block_of, n))
    if puzzle.killer:
        region = [0] * (n * n)
        sums: list[int | None] = [None] * (n * n)
        for number, (total, cells) in enumerate(puzzle.cages):
            for r, c in cells:
                region[r * n + c] = number
            r, c = cells[0]
            sums[r * n + c] = total
        desc += [write_blocks(region, n), write_numbers(sums)]
    return f"{params}:{','.join(desc)}"


# -- plain boards ---------------------------------------------------------------------------------


def parse_plain(
    text: str, blocks: str | None = None, diagonals: bool = False, symbols: str | None = None
) -> Sudoku:
    """A plain board: one line of N*N cells, or N rows; a first line may say ``blocks 3x2``,
    ``diagonals`` or ``symbols 0-9A-F`` (the keyword arguments win). Published layouts read as
    number boards do (``numbergrid.published``): a size line, [Problem] and [Solution] sections,
    AMPL data, ASCII boxes. A board none of those read is tried in the layouts of other sites
    and data sets (``_relaid``): titles above it, comma-separated cells, rows on one line."""
    text = _from_json(text) or text
    text = published(_uncommented(text).translate(_BOX_CHARS)).problem
    try:
        return _plain(text, blocks, diagonals, symbols)
    except ParseError as error:
        first = error
    found: dict[Board, tuple[Sudoku, str]] = {}
    failed: ParseError | None = None
    least = 0
    for other, dropped, strong in _relaid(text):
        if found and len(dropped) > least:
            break  # the fewest lines taken off that leave a board
        try:
            puzzle = _plain(other, blocks, diagonals, symbols)
        except ParseError as error:
            failed = error if strong or failed is None else failed
            continue
        least = len(dropped)
        taken = " and ".join(f"line {i + 1}" for i in sorted(dropped))
        found.setdefault(puzzle.rows, (puzzle, f"without {taken}" if taken else "as it is"))
    if len(found) > 1:
        (a, said_a), (b, said_b) = list(found.values())[:2]
        raise ParseError(
            f"the text reads as two boards, a {a.order}x{a.order} {said_a} and a "
            f"{b.order}x{b.order} {said_b}: take off the lines that are not the board"
        )
    if found:
        return next(iter(found.values()))[0]
    raise _rows_on_one_line(text) or failed or first


def _rows_on_one_line(text: str) -> ParseError | None:
    """What is wrong with the N rows of a board on one line, one of them not N cells long
    (else such a line reads as a board of N tokens, and a 3x3 board has no blocks)."""
    lines = [line for line in text.splitlines() if line.strip()]
    tokens = re.split(r"[\s|,;]+", lines[0].strip()) if len(lines) == 1 else []
    k = len(tokens)
    if k < 4 or sum(len(token) == k for token in tokens) * 2 < k:
        return None
    row, token = next((r, t) for r, t in enumerate(tokens, 1) if len(t) != k)
    return ParseError(
        f"line 1 holds {k} rows of a {k}x{k} board, but row {row} ({clip(token)!r}) has "
        f"{len(token)} cells, not {k}"
    )


def _plain(text: str, blocks: str | None, diagonals: bool, symbols: str | None) -> Sudoku:
    """A plain board as gridsat and most programs print it (``parse_plain``'s first reading)."""
    skipped = next((i for i, line in enumerate(text.splitlines()) if line.strip()), 0)
    lines = [line.strip() for line in text.strip().splitlines()]
    settings: dict[str, str] = {}
    size = _size_line(lines)  # before the settings line, or after it
    if lines and re.compile(_SETTING).match(lines[0]):
        usage = "use blocks WxH, diagonals, symbols SPEC"
        settings = settings_line(lines.pop(0), re.compile(_SETTING), usage)
    if size is None:
        size = _size_line(lines)
    blocks = blocks or settings.get("blocks")
    diagonals = diagonals or "diagonals" in settings
    symbols = symbols or settings.get("symbols")
    skipped += 1 + bool(settings) + (size is not None)
    rows = [(number, line) for number, line in enumerate(lines, skipped) if line]
    rows = [(number, line) for number, line in rows if not _is_rule(line)]
    if not rows:
        raise ParseError(
            "empty board: expected a game ID such as " + EXAMPLE + " or rows of digits"
        )
    cells = _cells(rows)
    n = len(cells)
    if size is not None and size != n:
        raise ParseError(f"the size line says {size}x{size} but the board is {n}x{n}")
    if n > MAX_ORDER:
        raise ParseError(f"a {n}x{n} board is over the limit of {MAX_ORDER}x{MAX_ORDER}")
    shape = _shape(blocks, n)
    alphabet, numbers = _alphabet(cells, n, symbols)
    board = []
    for r, row in enumerate(cells):
        values = []
        for c, (token, line) in enumerate(row):
            values.append(_value(token, alphabet, numbers, n, line, r, c))
        board.append(tuple(values))
    if diagonals and n < 4:
        raise ParseError("X needs a board of 4x4 or more")
    written = "" if numbers or n <= 9 else alphabet
    return Sudoku(tuple(board), shape, (), diagonals, (), written, "plain")


def _uncommented(text: str) -> str:
    """``text`` with its comment lines (``#``, ``//``) blank, so that lines keep their numbers;
    a text of one line is left as it is (a line alone is the puzzle)."""
    lines = text.splitlines()
    if len(lines) < 2:
        return text
    return "\n".join("" if line.lstrip().startswith(_COMMENT) else line for line in lines)


def _from_json(text: str) -> str | None:
    """A board written as a JSON (or Python) list of rows, as rows of tokens: each row a list
    of cells (a number, 0, null, None or "" for a blank, or a one-symbol string) or a string;
    a flat list of N*N cells is one line. None when ``text`` is no such list."""
    stripped = text.strip()
    nested = stripped.startswith("[") and stripped[1:].lstrip().startswith("[")
    if not nested and not (stripped.startswith("[") and stripped.endswith("]")):
        return None
    value: object = None
    try:
        value = json.loads(stripped)
    except (ValueError, RecursionError) as error:
        try:
            value = ast.literal_eval(stripped)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            if not nested:
                return None  # a row in brackets, maybe
            said = (
                f"{error.msg} at line {error.lineno}, column {error.colno}"
                if isinstance(error, json.JSONDecodeError)
                else "nested too deeply"
            )
            raise ParseError(f"a JSON board that does not parse: {said}") from None
    if not isinstance(value, (list, tuple)) or not value:
        return None
    if all(isinstance(row, str) and len(row.strip()) > 1 for row in value):
        return "\n".join(str(row) for row in value)  # a row a string: ["53..7....", ...]
    if not any(isinstance(row, (list, tuple)) for row in value):
        return " ".join(_json_cell(cell, 1, k + 1) for k, cell in enumerate(value))
    rows = []
    for r, row in enumerate(value, 1):
        if isinstance(row, str):
            rows.append(row)
        elif isinstance(row, (list, tuple)):
            if len(row) != len(value):
                raise ParseError(
                    f"the JSON board's row {r} has {len(row)} cells; its {len(value)} rows "
                    f"need {len(value)} each"
                )
            rows.append(" ".join(_json_cell(cell, r, c) for c, cell in enumerate(row, 1)))
        else:
            raise ParseError(f"the JSON board's row {r} is {clip(repr(row))}, not a list of cells")
    return "\n".join(rows)


def _json_cell(cell: object, r: int, c: int) -> str:
    """One cell of a JSON board as a token: a blank is ``.``."""
    if (
        cell is None
        or cell == ""
        or (isinstance(cell, int) and not isinstance(cell, bool) and cell == 0)
    ):
        return "."
    if isinstance(cell, int) and not isinstance(cell, bool) and cell > 0:
        return str(cell)
    if isinstance(cell, str) and cell.strip() and not any(ch.isspace() for ch in cell.strip()):
        return cell.strip()
    raise ParseError(
        f"the JSON board's row {r}, cell {c}: {clip(repr(cell))} is not a number, a symbol, "
        'or 0, null or "" for a blank'
    )


def _relaid(text: str) -> list[tuple[str, set[int], bool]]:
    """Other readings of a board the plain reader refused, in the layouts of other sites and
    data sets, each as plain rows (one output line per input line, so that errors keep the
    line numbers), with the lines (from 0) it takes off and whether those are exactly the
    lines that are words: lines of words
    above and below the board (a title, a level) taken off, fewest first; cells separated by
    commas or semicolons (an empty field a blank); the N rows of a board on one line, split;
    a row of ``-`` blanks that looks like a rule read as a row."""
    raw = text.splitlines()
    lines = [_fields(line) for line in raw]
    rows = [i for i, line in enumerate(raw) if "," in line or ";" in line]
    ends = [re.search(r"[,;]\s*[\])}]?\s*$", raw[i]) for i in rows]
    if rows and all(ends) and all(len(lines[i].split()) == len(rows) + 1 for i in rows):
        lines = [_fields(line, trailing=False) for line in raw]  # each row ends with a comma
    setting = re.compile(_SETTING)
    size = re.compile(_SIZE_LINE)
    own = lambda line: setting.match(line) or size.fullmatch(line)  # noqa: E731 (its settings)
    drops: list[set[int]] = [
        set(),
        *titles_off(lines, _WORDS, re.compile(_TITLE).search, passed=own),
    ]
    off: set[int] = set().union(*drops)
    wordy = {i for i in off if re.search(_WORDY, lines[i])}
    found = []
    for drop in drops:
        kept = ["" if i in drop else line for i, line in enumerate(lines)]
        found.append(("\n".join(_aligned(_dash_rows(_one_line(kept)))), drop, drop == wordy))
    return found


def _fields(line: str, trailing: bool = True) -> str:
    """A line of cells separated by commas or semicolons (CSV; quotes and brackets around
    them dropped, an empty field a blank) as tokens separated by spaces, a separator at its end
    a blank unless not ``trailing``; any other line as it is."""
    if "," not in line and ";" not in line:
        return line
    inner = line.translate(_BRACKETS).strip()
    if not trailing:
        inner = inner[:-1]
    tokens: list[str] = []
    for field in re.split(r"[,;]", inner):
        field = field.strip().strip("\"'").strip()
        tokens += field.split() or ["."]
    return " ".join(tokens)


def _one_line(lines: list[str]) -> list[str]:
    """The N rows of a board given on one line, separated by spaces or ``|`` (``53..7....
    6..195... ...``), as the N*N cells of that line; other lines as they are."""
    board = [
        i
        for i, line in enumerate(lines)
        if line.strip()
        and not re.compile(_SETTING).match(line)
        and not re.compile(_SIZE_LINE).fullmatch(line)
    ]
    if len(board) != 1:
        return lines
    tokens = lines[board[0]].replace("|", " ").split()
    k = len(tokens)
    if k < 4 or any(len(token) != k for token in tokens):
        return lines
    out = list(lines)
    out[board[0]] = " ".join("".join(tokens))
    return out


def _dash_rows(lines: list[str]) -> list[str]:
    """A board with ``-`` for blanks whose empty rows look like rules (``---------``): those
    with the cells of a row and no ``+`` or ``=`` are rows when the board then has as many rows
    as a row has cells."""
    rows = [line for line in lines if line.strip() and not _is_rule(line)]
    if not rows or not any("-" in line for line in rows):
        return lines
    width = len("".join(rows[0].replace("|", " ").split()))
    empty = [
        i
        for i, line in enumerate(lines)
        if _is_rule(line)
        and "+" not in line
        and "=" not in line
        and len("".join(line.replace("|", " ").split())) == width
    ]
    if not empty or len(rows) + len(empty) != width:
        return lines
    return [line.replace("-", ".") if i in empty else line for i, line in enumerate(lines)]


def _aligned(lines: list[str]) -> list[str]:
    """A board in a frame whose blank cells are spaces (``| 5 3   |   7   |       |``): the
    cells of each box stand at even places across it (a box 7 wide holds 3 cells at its 2nd,
    4th and 6th characters), read there, a space a blank. Any other board as it is (a
    character off those places leaves it so)."""
    rows = [i for i, line in enumerate(lines) if line.strip() and not _is_rule(line)]
    if not rows or not all("|" in lines[i] for i in rows):
        return lines
    walls = {k for i in rows for k, ch in enumerate(lines[i]) if ch == "|"}
    if any(lines[i].count("|") != len(walls) for i in rows):
        return lines  # the walls are not one above another
    edges = sorted(walls)
    spans = [(a + 1, b) for a, b in itertools.pairwise(edges)]
    width = spans[0][1] - spans[0][0] if spans else edges[0] + 1
    if edges[0] > 0 and edges[0] + 1 >= width:
        # No wall on the left: the first box, maybe one space short of the others.
        pad = width - edges[0]
        lines = [" " * pad + line for line in lines]
        edges = [k + pad for k in edges]
        spans = [(0, edges[0]), *((a + pad, b + pad) for a, b in spans)]
    longest = max(len(lines[i].rstrip()) for i in rows)
    if longest > edges[-1] + 1:
        spans.append((edges[-1] + 1, edges[-1] + 1 + (width or longest - edges[-1] - 1)))
    n = len(rows)
    if not spans or n % len(spans) or n < 4:
        return lines
    k = n // len(spans)
    out = list(lines)
    for i in rows:
        line = lines[i].ljust(spans[-1][1])
        cells = []
        for start, end in spans:
            w = end - start
            places = [start + round((j + 0.5) * w / k - 0.5) for j in range(k)]
            if len(set(places)) < k:
                return lines
            marks = {start + m for m, ch in enumerate(line[start:end]) if not ch.isspace()}
            if not marks <= set(places):
                return lines
            cells += [line[at] if at in marks else "." for at in places]
        out[i] = " ".join(cells)
    return out


def _size_line(lines: list[str]) -> int | None:
    """The side a first line ``9`` or ``9x9`` gives, taken off ``lines``; None when the first
    line is a row of the board (a row of digits is a size line only when its number is the
    count of the rows that follow, or of the cells of one line that follows)."""
    match = re.compile(_SIZE_LINE).fullmatch(lines[0]) if len(lines) > 1 else None
    if match is None:
        return None
    side = int(match[1][:4])
    rest = [line for line in lines[1:] if line and not _is_rule(line)]
    rest = [line for line in rest if not re.compile(_SETTING).match(line)]
    cells = len("".join(rest[0].split())) if len(rest) == 1 else 0
    if match[2] is None and side not in (len(rest), _root(cells)):
        return None
    if match[2] is not None and match[1] != match[2]:
        raise ParseError(f"line 1: a Sudoku board is square, not {match[1]}x{match[2]}")
    lines.pop(0)
    return side


def _cells(rows: list[tuple[int, str]]) -> list[list[tuple[str, int]]]:
    """The board's cells as tokens, each with its line number: whitespace-separated tokens when
    every row has as many as there are rows, else one character a cell; one line alone holds
    N*N cells."""
    split = [(number, line.replace("|", " ").split()) for number, line in rows]
    if len(split) == 1:
        number, tokens = split[0]
        side = _root(len(tokens))
        if len(tokens) > 1 and side:
            return [[(t, number) for t in tokens[r * side : r * side + side]] for r in range(side)]
        chars = "".join(tokens)
        side = _root(len(chars))
        if not side or side < 2:
            raise ParseError(
                f"one line of {len(chars)} cells is no square board (81 cells make a 9x9)"
            )
        return [[(ch, number) for ch in chars[r * side : r * side + side]] for r in range(side)]
    n = len(split)
    if all(len(tokens) == n for _, tokens in split):
        return [[(t, number) for t in tokens] for number, tokens in split]
    found = []
    for number, tokens in split:
        chars = "".join(tokens)
        if len(chars) != n:
            raise ParseError(
                f"line {number}: {len(chars)} cells, expected {n} (one per row of the board)"
            )
        found.append([(ch, number) for ch in chars])
    return found


def _root(k: int) -> int:
    """The side of a square of k cells, 0 when k is no square."""
    side = round(k**0.5)
    return side if side * side == k else 0


def _shape(blocks: str | None, n: int) -> tuple[int, int]:
    """The block shape of an n x n board: ``blocks`` (WxH) or the usual one."""
    if blocks is None:
        shape = block_shape(n)
        if shape is None:
            raise ParseError(
                f"a {n}x{n} board has no rectangular blocks ({n} is prime): give --blocks WxH "
                "or use a jigsaw game ID"
            )
        return shape
    match = re.fullmatch(r"\s*(\d{1,3})\s*[xX]\s*(\d{1,3})\s*", blocks)
    if not match:
        raise ParseError(f"bad blocks {clip(blocks)!r}: expected WxH, e.g. 3x2 (3 wide, 2 tall)")
    width, height = int(match[1]), int(match[2])
    if width * height != n or width < 1 or height < 1:
        raise ParseError(
            f"blocks {width}x{height} hold {width * height} cells, not the {n} of a row"
        )
    return width, height


def symbol_set(spec: str, n: int) -> str:
    """The alphabet a spec such as ``1-9A-G`` or ``0-9A-F`` names (ranges and single
    characters, upper case), which must hold n symbols."""
    out = []
    i = 0
    spec = spec.strip()
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-":
            lo, hi = spec[i].upper(), spec[i + 2].upper()
            if ord(hi) < ord(lo):
                raise ParseError(f"bad symbols {spec!r}: the range {lo}-{hi} runs backwards")
            out += [chr(k) for k in range(ord(lo), ord(hi) + 1)]
            i += 3
        else:
            out.append(spec[i].upper())
            i += 1
    alphabet = "".join(out)
    if len(set(alphabet)) != len(alphabet) or any(ch in BLANKS for ch in alphabet):
        raise ParseError(f"bad symbols {spec!r}: each symbol once, none of {BLANKS}")
    if len(alphabet) != n:
        raise ParseError(
            f"symbols {spec!r} name {len(alphabet)} symbols; a {n}x{n} board needs {n}"
        )
    return alphabet


def alphabets(n: int) -> list[str]:
    """The ways boards write 1..n in single characters, most usual first: digits then letters
    (1-9A-G), from 0 (0-9A-F: 0 stands for 1), letters alone (A-Y on 25x25)."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # (as string.ascii_uppercase, without its import)
    found = []
    if n <= 9 + 26:
        found.append("123456789"[:n] + letters[: max(0, n - 9)])
    if 10 <= n <= 10 + 26:
        found.append("0123456789" + letters[: n - 10])
    if 10 <= n <= 26:
        found.append(letters[:n])
    return found


def _alphabet(cells: list[list[tuple[str, int]]], n: int, spec: str | None) -> tuple[str, bool]:
    """How the board writes 1..n: (alphabet, False) for single characters, ("", True) for
    decimal numbers (some token has two or more characters)."""
    tokens = {t.upper() for row in cells for t, _ in row}
    marks = tokens - set(BLANKS)
    if spec is not None:
        return symbol_set(spec, n), False
    if any(len(t) > 1 for t in tokens):
        return "", True
    choices = alphabets(n)
    if not choices:
        raise ParseError(f"a {n}x{n} board is too large for single characters: write numbers")
    if "0" in marks and tokens & set(BLANKS):
        # 0 next to other blanks is a symbol: the board counts from 0.
        fitting = [a for a in choices if a.startswith("0") and marks <= set(a)]
        if fitting:
            return fitting[0], False
    for a in choices:
        # Else 0 is a blank where the alphabet has no 0, a symbol where it has.
        if marks - {"0"} <= set(a):
            return a, False
    bad = sorted(marks - set(choices[0]) - {"0"})
    at, token = next(
        (f"line {line}, r{r + 1}c{c + 1}: ", t)
        for r, row in enumerate(cells)
        for c, (t, line) in enumerate(row)
        if t.upper() == bad[0]
    )
    # --symbols can name an alphabet of letters or digits, never one of punctuation, and no
    # alphabet holds more symbols than the board has.
    helps = all(ch.isalnum() for ch in bad) and len(marks) <= n
    raise ParseError(
        f"{at}{token!r} is not a symbol of a {n}x{n} board (written {_spec(choices[0])}"
        + (f" or {', '.join(_spec(a) for a in choices[1:])}" if choices[1:] else "")
        + ("; --symbols says which)" if helps else ")")
    )


def _spec(alphabet: str) -> str:
    """An alphabet in short, as ``1-9A-G``."""
    parts = []
    i = 0
    while i < len(alphabet):
        j = i
        while j + 1 < len(alphabet) and ord(alphabet[j + 1]) == ord(alphabet[j]) + 1:
            j += 1
        parts.append(alphabet[i] if i == j else f"{alphabet[i]}-{alphabet[j]}")
        i = j + 1
    return "".join(parts)


def _value(token: str, alphabet: str, numbers: bool, n: int, line: int, r: int, c: int) -> int:
    """A cell's value, 0 for a blank."""
    where_ = f"line {line}, r{r + 1}c{c + 1}"
    if token in BLANKS:
        return 0
    if numbers:
        if not is_digits(token):
            raise ParseError(f"{where_}: {clip(token)!r} is not a number or . for a blank")
        value = int(token)
        if value > n:
            raise ParseError(f"{where_}: {value} is outside 1..{n}")
        return value
    index = alphabet.find(token.upper())
    if index < 0:
        if token == "0":
            return 0
        raise ParseError(
            f"{where_}: {token!r} is not a symbol of a {n}x{n} board written {_spec(alphabet)}"
        )
    return index + 1


def format_plain(puzzle: Sudoku, rows: Board | None = None, blank: str = ".") -> str:
    """A board in the plain form: block rules between bands and stacks when blocks are
    rectangles, cells in the board's own symbols (numbers aligned when it has none)."""
    n = puzzle.order
    rows = puzzle.rows if rows is None else rows
    texts = [[_symbol(puzzle, v, blank) for v in row] for row in rows]
    width = max(len(t) for row in texts for t in row)
    lines = []
    shape = puzzle.shape
    for r, row in enumerate(texts):
        if shape and r and r % shape[1] == 0:
            lines.append(_rule(n, shape[0], width))
        parts = []
        for c, t in enumerate(row):
            if shape and c and c % shape[0] == 0:
                parts.append("|")
            parts.append(t.rjust(width))
        lines.append(" ".join(parts))
    return "\n".join(lines)


def _rule(n: int, across: int, width: int) -> str:
    """The rule between two bands of blocks, ``------+-------+------``."""
    stack = "-" * (across * (width + 1) - 1)
    return "-+-".join([stack] * (n // across))


def _symbol(puzzle: Sudoku, v: object, blank: str) -> str:
    if not isinstance(v, int):
        return str(v)
    if not v:
        return blank
    if puzzle.symbols:
        return puzzle.symbols[v - 1]
    return str(v)


def format_puzzle(puzzle: Sudoku) -> str:
    """The puzzle as it came: its game ID, or its plain board (under a settings line when the
    board alone would read otherwise)."""
    if puzzle.form == "id" or puzzle.killer or puzzle.shape is None:
        return format_id(puzzle)
    board = format_plain(puzzle)
    settings = []
    if puzzle.shape != block_shape(puzzle.order):
        settings.append(f"blocks {puzzle.shape[0]}x{puzzle.shape[1]}")
    if puzzle.diagonals:
        settings.append("diagonals")
    plain = replace(puzzle, diagonals=False)
    try:
        again = parse_plain(board, _blocks(puzzle))
    except ParseError:
        again = None
    if again is None or again.rows != puzzle.rows or again.symbols != plain.symbols:
        settings.append(f"symbols {_spec(puzzle.symbols)}" if puzzle.symbols else "")
    settings = [s for s in settings if s]
    return "\n".join([" ".join(settings)] if settings else []) + ("\n" if settings else "") + board


def _blocks(puzzle: Sudoku) -> str | None:
    return f"{puzzle.shape[0]}x{puzzle.shape[1]}" if puzzle.shape else None


def format_solution(puzzle: Sudoku, solution: Board, style: str = "grid") -> str:
    """``grid``: the filled board, aligned, blocks ruled; ``tatham``: Solo's solve move, ``S``
    and every cell's number in reading order, comma-separated."""
    if style == "tatham":
        return "S" + ",".join(str(v) for row in solution for v in row)
    board = format_plain(puzzle, solution)
    if puzzle.symbols:  # (a full board in 0-9A-F would read its 0s as blanks: say the symbols)
        try:
            again = parse_plain(board, _blocks(puzzle)).rows
        except ParseError:
            again = None
        if again != tuple(tuple(row) for row in solution):
            return f"symbols {_spec(puzzle.symbols)}\n{board}"
    return board


to_json = rows_json
from_json = numbers_from_json


# -- puzz.link URLs ------------------------------------------------------------------------------

_URL_BLOCKS = {4: (2, 2), 6: (3, 2), 9: (3, 3), 16: (4, 4), 25: (5, 5)}
"""The boards puzz.link's Sudoku has, and their blocks (width, height)."""


def parse_url(url: Url) -> Sudoku:
    """``sudoku/N/N/BODY``: number-16 over the cells; the blocks follow from the size (4, 6 with
    blocks 3 wide and 2 tall, 9, 16, 25)."""
    puzzlink.only_flags(url)
    n = url.cols
    if url.rows != n or n not in _URL_BLOCKS:
        raise puzzlink.refuse(
            url, f"a {url.cols}x{url.rows} Sudoku (puzz.link's are 4x4, 6x6, 9x9, 16x16 or 25x25)"
        )
    numbers, rest = puzzlink.read_number16(url.body, n * n)
    puzzlink.done(url, rest)
    for at, v in enumerate(numbers):
        if v == puzzlink.UNKNOWN or v == 0 or v > n:
            what = "'?'" if v == puzzlink.UNKNOWN else str(v)
            raise puzzlink.refuse(
                url, f"row {at // n + 1}, column {at % n + 1} gives {what} (1 to {n} on this board)"
            )
    cells = [0 if v == puzzlink.EMPTY else v for v in numbers]
    rows = tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))
    return Sudoku(rows, _URL_BLOCKS[n], (), False, (), "", "plain")


def format_url(puzzle: Sudoku) -> str:
    """The puzz.link URL of a classic Sudoku whose blocks are the site's for its size."""
    n = len(puzzle.rows)
    if puzzle.jigsaw or puzzle.diagonals or puzzle.cages:
        raise ValueError("puzz.link's Sudoku has no jigsaw regions, diagonals or cages")
    if _URL_BLOCKS.get(n) != (puzzle.shape or block_shape(n)):
        raise ValueError(f"puzz.link's {n}x{n} Sudoku has other blocks, or none")
    numbers = [v or puzzlink.EMPTY for row in puzzle.rows for v in row]
    return puzzlink.write("sudoku", n, n, puzzlink.write_number16(numbers))


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: numbers (or a symbol's letter); None, 0 or "" a blank."""
    return grid_text(rows, _cell, "a number, a symbol or a blank (None, 0, '')")


def _cell(value: object) -> str | None:
    if value is None or value == 0 or value == "":
        return "."
    if isinstance(value, int) and 0 < value < 100:
        return str(value)
    if isinstance(value, str) and len(value) == 1 and not value.isspace():
        return value
    return None
