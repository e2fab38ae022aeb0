"""What Simon Tatham's game IDs share: ``params:desc``, run-length number grids and the
block-structure code of regions (Solo's jigsaws and killer cages, Keen's cages).

Every reader takes the whole ID and a position in it, and says where it went wrong as a
column of the ID (counted from 1), so an error points into what the user pasted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..puzzles.grid import components
from . import ParseError, is_digits

MAX_SIDE = 100
"""Square boards above 100x100 are refused before anything is built."""


def clip(text: str, limit: int = 40) -> str:
    """Long input shortened for an error message."""
    return text if len(text) <= limit else text[:limit] + "..."


def split_id(text: str, names: Sequence[str], example: str) -> tuple[str, int]:
    """The ID without white space around it or a leading ``name:`` (one of ``names``), and the
    index of its ``:``; the error names what a game ID of this genre looks like."""
    text = text.strip()
    if not text:
        raise ParseError(f"empty input: expected a game ID such as {example}")
    for name in names:
        if text[: len(name) + 1].lower() == name + ":":
            text = text[len(name) + 1 :]
            break
    colon = text.find(":")
    if colon < 0:
        raise ParseError(f"no ':' in {clip(text)!r}: a game ID reads params:desc, e.g. {example}")
    return text, colon


def where(text: str, i: int) -> str:
    """Position ``i`` of the ID in the user's words."""
    if i >= len(text):
        return "at the end of the game ID"
    return f"at column {i + 1} of the game ID"


def blank_run(text: str, i: int, filled: int, cells: int, what: str = "") -> int:
    """The blank cells the letter ``text[i]`` stands for (``a``..``z``: 1..26), after ``filled``
    cells of the ``cells`` a grid has; an error names the ``what`` and where it runs past them."""
    run = ord(text[i]) - ord("a") + 1
    if filled + run > cells:
        within = f" in the {what}" if what else ""
        raise ParseError(
            f"too many cells{within}: {text[i]!r} {where(text, i)} runs to cell {filled + run} "
            f"of {cells}"
        )
    return run


def filled(text: str, i: int, found: int, cells: int, what: str = "") -> None:
    """An error when a grid that ends at ``text[i]`` gave ``found`` of its ``cells``, too few."""
    if found < cells:
        within = f" in the {what}" if what else ""
        raise ParseError(f"too few cells{within}: {found} of {cells}, ending {where(text, i)}")


def blank_letters(run: int) -> str:
    """A run of blank cells as the collection writes it: a letter ``a``..``z`` for 1..26, ``z``
    repeated for a longer run."""
    return "z" * (run // 26) + (chr(ord("a") + run % 26 - 1) if run % 26 else "")


def read_size(
    text: str,
    params: str,
    pattern: re.Pattern[str],
    hint: str,
    most_side: int | None = None,
    most_cells: int | None = None,
    fewest: int = 1,
) -> tuple[int, int]:
    """Width and height from a game ID's parameters (``params``, before its ``:``), which
    ``pattern`` matches whole: the width in group 1 and the height in group 2 (a square board
    when it is absent), checked against the limits before anything is built. An error names
    the size at column 1; ``hint`` says how such an ID starts."""
    match = pattern.fullmatch(params)
    if not match:
        raise ParseError(f"bad size {clip(params)!r} {where(text, 0)}: {hint}")
    sides = [match[1], match[2] or match[1]]
    width, height = (int(side) if len(side) <= 9 else 10**9 for side in sides)
    if width < 1 or height < 1 or width * height < fewest:
        least = "one row and column" if fewest <= 1 else f"{fewest} cells"
        raise ParseError(f"bad size {params!r} {where(text, 0)}: a board has at least {least}")
    limits = [f"{most_side} a side"] if most_side is not None else []
    limits += [f"{most_cells} cells"] if most_cells is not None else []
    side_over = most_side is not None and max(width, height) > most_side
    if side_over or (most_cells is not None and width * height > most_cells):
        raise ParseError(
            f"size {clip(params)} {where(text, 0)} is over the limit{'s' * (len(limits) > 1)} of "
            + " and ".join(limits)
        )
    return width, height


def read_int(text: str, i: int, end: int, what: str, hint: str) -> tuple[int, int]:
    """The decimal number at ``text[i]`` (before ``end``) and the index after it; an error names
    the ``what`` expected and where, with ``hint`` (how the ID starts). More than 9 digits is
    over any limit, said before Python's own limit on converting digits is reached."""
    start = i
    while i < end and is_digits(text[i]):
        i += 1
    if i == start:
        found = repr(text[i]) if i < end else "':'"
        raise ParseError(f"expected the {what} {where(text, start)}, found {found} ({hint})")
    if i - start > 9:
        raise ParseError(f"the {what} {where(text, start)} is over the limit of {MAX_SIDE}")
    return int(text[start:i]), i


def read_numbers(
    text: str,
    i: int,
    cells: int,
    what: str = "givens",
    most: int | None = None,
    at: list[int] | None = None,
) -> tuple[list[int | None], int]:
    """The run-length grid starting at ``text[i]``: a decimal number is a cell's value, a
    letter ``a``..``z`` that many blank cells, ``_`` separates two numbers. It ends at a ``,``
    or the end of the ID; returns the ``cells`` values and the index after the grid. With
    ``most``, a value outside 1..most is an error naming its column; ``at``, when given,
    receives where in the ID each cell was written (for errors about a value)."""
    values: list[int | None] = []
    while i < len(text) and text[i] != ",":
        ch = text[i]
        start = i
        if is_digits(ch):
            while i < len(text) and is_digits(text[i]):
                i += 1
            if len(values) >= cells:
                raise ParseError(
                    f"too many cells in the {what}: number {text[start:i]} {where(text, start)} "
                    f"would be cell {len(values) + 1} of {cells}"
                )
            if i - start > 9:  # past any board's numbers (and Python's limit on digits)
                raise ParseError(f"number {clip(text[start:i])} {where(text, start)} is too large")
            if most is not None and not 1 <= int(text[start:i]) <= most:
                raise ParseError(
                    f"{text[start:i]} {where(text, start)} is outside 1..{most} in the {what}"
                )
            values.append(int(text[start:i]))
            if at is not None:
                at.append(start)
            continue
        if "a" <= ch <= "z":
            run = blank_run(text, i, len(values), cells, what)
            values.extend([None] * run)
            if at is not None:
                at.extend([i] * run)
        elif ch != "_":
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} in the {what} "
                "(expected a number, a letter a-z for blank cells, or '_')"
            )
        i += 1
    filled(text, i, len(values), cells, what)
    return values, i


def write_numbers(values: Sequence[int | None]) -> str:
    """The run-length grid of ``values`` (``None`` is blank), as the collection writes it."""
    out: list[str] = []
    run = 0
    number_last = False
    for v in values:
        if v is None:
            run += 1
            continue
        if run:
            out.append(blank_letters(run))
            run = 0
            number_last = False
        if number_last:
            out.append("_")
        out.append(str(v))
        number_last = True
    out.append(blank_letters(run))
    return "".join(out)


def read_cells(
    text: str, i: int, cells: int, symbols: str, what: str = "cells"
) -> tuple[list[str | None], int]:
    """The grid of single-character cells at ``text[i]`` (Light Up, Bridges, Loopy): each
    character of ``symbols`` is one cell, a letter ``a``..``z`` that many blank cells (``None``).
    It ends at a ``,`` or the end of the ID; returns the ``cells`` values and the index after."""
    values: list[str | None] = []
    while i < len(text) and text[i] != ",":
        ch = text[i]
        if "a" <= ch <= "z":
            values.extend([None] * blank_run(text, i, len(values), cells, what))
        elif ch in symbols:
            if len(values) >= cells:
                raise ParseError(
                    f"too many cells in the {what}: {ch!r} {where(text, i)} would be cell "
                    f"{len(values) + 1} of {cells}"
                )
            values.append(ch)
        else:
            shown = ", ".join(repr(s) for s in symbols)
            raise ParseError(
                f"unexpected {ch!r} {where(text, i)} in the {what} "
                f"(expected one of {shown}, or a letter a-z for a run of blank cells)"
            )
        i += 1
    filled(text, i, len(values), cells, what)
    return values, i


def write_cells(values: Sequence[str | None]) -> str:
    """The grid of single-character cells (``None`` is blank), as the collection writes it:
    runs of blanks as letters, ``z`` (26) repeated for longer runs."""
    out: list[str] = []
    run = 0
    for v in [*values, ""]:
        if v is None:
            run += 1
            continue
        out.append(blank_letters(run) + v)
        run = 0
    return "".join(out)


def edges(n: int) -> list[tuple[int, int]]:
    """The 2n(n-1) internal edges of an n x n board as pairs of cell indices, in the block
    code's order: vertical edges in reading order, then horizontal ones column by column."""
    found = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)]
    found += [(y * n + x, (y + 1) * n + x) for x in range(n) for y in range(n - 1)]
    return found


def read_blocks(
    text: str, i: int, n: int, repeats: bool = False, what: str = "blocks", keen: bool = False
) -> tuple[list[int], int]:
    """The regions of an n x n board from the block code at ``text[i]``: ``_`` a wall, a letter
    that many open edges and a wall (``z``: 25 open edges, no wall); with ``repeats`` a letter
    or ``_`` followed by a number k stands for k copies (Keen). Keen's own reader takes ``y``
    as 25 open edges with no wall and ``z`` as 26 and a wall (``keen``). Returns each cell's
    region (numbered in reading order of their first cells) and the index after the code."""
    pairs = edges(n)
    total = len(pairs) + 1  # the walls and open edges, and the virtual wall after the last
    walls: list[bool] = []
    while i < len(text) and text[i] != ",":
        ch = text[i]
        start = i
        i += 1
        if ch == "_":
            code = [True]
        elif keen and ch in "yz":
            code = [False] * 25 if ch == "y" else [False] * 26 + [True]
        elif "a" <= ch <= "y":
            code = [False] * (ord(ch) - ord("a") + 1) + [True]
        elif ch == "z":
            code = [False] * 25
        else:
            raise ParseError(
                f"unexpected {ch!r} {where(text, start)} in the {what} "
                "(expected '_' or a letter a-z)"
            )
        copies = 1
        if repeats and i < len(text) and is_digits(text[i]):
            digits = i
            while i < len(text) and is_digits(text[i]):
                i += 1
            copies = int(text[digits:i]) if i - digits <= 9 else total + 1  # past any board
        if len(walls) + len(code) * copies > total:
            raise ParseError(
                f"the {what} run past the board's {len(pairs)} edges {where(text, start)}"
            )
        walls.extend(code * copies)
    if len(walls) != total or not walls[-1]:
        raise ParseError(
            f"the {what} cover {len(walls)} of the board's {len(pairs)} edges and a final wall, "
            f"ending {where(text, i)}"
        )
    joined = [pair for pair, wall in zip(pairs, walls, strict=False) if not wall]
    group, _ = components(n * n, joined)
    label: dict[int, int] = {}
    return [label.setdefault(group[c], len(label)) for c in range(n * n)], i


def write_blocks(regions: Sequence[int], n: int, repeats: bool = False) -> str:
    """The block code of ``regions`` (a region number per cell), as the collection writes it."""
    codes: list[str] = []
    run = 0
    for a, b in [*edges(n), (0, -1)]:  # the last pair stands for the virtual wall
        if b >= 0 and regions[a] == regions[b]:
            run += 1
            if run == 25:
                codes.append("z")
                run = 0
            continue
        codes.append("_" if run == 0 else chr(ord("a") + run - 1))
        run = 0
    if not repeats:
        return "".join(codes)
    out: list[str] = []
    k = 0
    while k < len(codes):
        same = k
        while same < len(codes) and codes[same] == codes[k]:
            same += 1
        count = same - k
        out.append(codes[k] + (str(count) if count > 2 else codes[k] * (count - 1)))
        k = same
    return "".join(out)


# -- page links and save files ---------------------------------------------------------------


class Link(NamedTuple):
    """A puzzle of the collection as people pass it on: its game as Tatham names it (a page's
    name, ``lightup``, or a save file's, ``Light Up``) and its game ID; ``form`` says which
    (``link`` or ``save file``), for messages."""

    game: str
    id: str
    form: str


SAVE_MAGIC = "Simon Tatham's Portable Puzzle Collection"
"""The value of a save file's first line, ``SAVEFILE``."""

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_FIND_ID = "open the link and copy the game ID from Game > Specific... in its menu"


def unwrap(text: str) -> Link | None:
    """The game and game ID of a page link of the collection's web version or of a save file
    of its Save menu, or None for any other text; ParseError for a link that holds no
    puzzle (a random seed) or a save file cut short or spoiled."""
    body = text.lstrip()
    if body.startswith("SAVEFILE:"):
        return read_save(text, len(text) - len(body))
    return read_link(text.strip())


def is_link(text: str) -> bool:
    """A web page's address with a fragment: a scheme (``https://``) or a page ending
    ``.html`` before the ``#``, one word, no query (``?``: a puzz.link URL's)."""
    page, hash_mark, _ = text.partition("#")
    if not hash_mark or "?" in page or any(ch.isspace() for ch in text):
        return False
    return bool(_SCHEME.match(page)) or page.lower().endswith((".html", ".htm"))


def read_link(text: str) -> Link | None:
    """The page link's game (its page's name) and the game ID after its ``#``, URL escapes
    (``%3A``, ``%23``) undone; None for text that is no such link."""
    if not is_link(text):
        return None
    from urllib.parse import unquote

    page, _, fragment = text.partition("#")
    name = page.rstrip("/").rsplit("/", 1)[-1]
    game = re.sub(r"\.html?$", "", name, flags=re.I).lower()
    given = unquote(fragment).strip()
    colon, seed = given.find(":"), given.find("#")
    if seed >= 0 and (colon < 0 or seed < colon):
        raise ParseError(
            f"the link holds a random seed ({clip(given)}), which only Tatham's own generator "
            f"turns into a puzzle: {_FIND_ID}"
        )
    if colon < 0:
        what = f"only the parameters {clip(given)!r}" if given else "nothing after its '#'"
        raise ParseError(f"the link holds {what}, no puzzle: {_FIND_ID}")
    return Link(game, given, "link")


def read_save(text: str, start: int = 0) -> Link:
    """The game and game ID (``CPARAMS:DESC``, or ``PARAMS:DESC``) of a save file: lines
    ``KEY:LENGTH:VALUE``, the key padded to 8 characters, as the collection's midend writes
    them; read as far as its own reader reads (the states its ``NSTATES`` counts), the moves
    skipped. A length that does not match its line, or a file cut short, is an error naming
    the key."""
    found: dict[str, str] = {}
    states = position = -1
    moves = 0
    i = start
    while states <= 0 or position < 0 or moves < states - 1:
        while i < len(text) and text[i] in "\r\n":
            i += 1
        if i >= len(text):
            raise ParseError(_cut_short(states, position, moves))
        key, value, i = _save_line(text, i)
        if not found:
            if key != "SAVEFILE" or value != SAVE_MAGIC:
                raise ParseError(
                    f"not a save file of {SAVE_MAGIC} (its SAVEFILE says {clip(value)!r})"
                )
        elif key == "VERSION" and value != "1":
            raise ParseError(f"save file VERSION {clip(value)!r}: only version 1 is read")
        elif key == "NSTATES":
            if states > 0:
                raise ParseError("the save file has two NSTATES lines")
            states = _save_count(key, value)
        elif key == "STATEPOS":
            position = _save_count(key, value)
        elif key in ("MOVE", "SOLVE", "RESTART"):
            if states <= 0 or position < 0:
                raise ParseError(f"the save file has a {key} line before its NSTATES and STATEPOS")
            moves += 1
        found[key] = value
    if position > states:
        raise ParseError(f"the save file's STATEPOS {position} is past its NSTATES {states}")
    params = found.get("CPARAMS", found.get("PARAMS"))
    for key, have in (
        ("GAME", found.get("GAME")),
        ("CPARAMS", params),
        ("DESC", found.get("DESC")),
    ):
        if not (have or "").strip():
            raise ParseError(f"the save file has no {key} line (the {_SAVE_KEYS[key]})")
    return Link(found["GAME"], f"{params}:{found['DESC']}", "save file")


_SAVE_KEYS = {"GAME": "game's name", "CPARAMS": "puzzle's parameters", "DESC": "puzzle"}


def _save_line(text: str, i: int) -> tuple[str, str, int]:
    """The key and value of the save file's line at ``text[i]``, and the index after it."""
    line = text.count("\n", 0, i) + 1
    head = text[i : i + 9]
    if i + len(head) == len(text) and ":" not in head and "\n" not in head:
        raise ParseError(f"the save file is cut short in line {line}, inside a key: {head!r}")
    if len(head) < 9 or head[8] != ":":
        shown = clip(text[i:].split("\n", 1)[0])
        raise ParseError(
            f"line {line} of the save file is no KEY:LENGTH:VALUE line (the key 8 characters "
            f"long): {shown!r}"
        )
    key = re.split("[ :]", head, maxsplit=1)[0]
    j = i + 9
    digits = j
    while j < len(text) and is_digits(text[j]):
        j += 1
    if j >= len(text):
        raise ParseError(
            f"the save file is cut short in its {key} line (line {line}), before its value"
        )
    if j == digits or text[j] != ":" or j - digits > 9:
        raise ParseError(
            f"the {key} line (line {line}) of the save file has no length before its value"
        )
    length = int(text[digits:j])
    value = text[j + 1 : j + 1 + length]
    end = j + 1 + length
    if len(value) < length:
        raise ParseError(
            f"the save file is cut short in its {key} line (line {line}): its length says "
            f"{length} characters, {len(value)} are there"
        )
    if (end < len(text) and text[end] not in "\r\n") or "\n" in value or "\r" in value:
        held = len(text[j + 1 :].split("\n", 1)[0].rstrip("\r"))
        raise ParseError(
            f"the {key} line (line {line}) of the save file says its value is {length} "
            f"characters long, but the line holds {held}: the file was changed or spoiled"
        )
    if key != "SEED" and not all(" " <= ch <= "~" for ch in value):  # (as the midend checks)
        odd = next(ch for ch in value if not " " <= ch <= "~")
        raise ParseError(
            f"the {key} line (line {line}) of the save file holds {odd!r}, which the collection "
            "never writes (only printable ASCII)"
        )
    return key, value, end


def _save_count(key: str, value: str) -> int:
    """The whole number of a save file's ``NSTATES`` or ``STATEPOS``, at least 1."""
    if not is_digits(value) or len(value) > 9 or int(value) < 1:
        raise ParseError(f"the save file's {key} {clip(value)!r} is not a whole number >= 1")
    return int(value)


def _cut_short(states: int, position: int, moves: int) -> str:
    """Why a save file that ended too soon is refused, naming the line it lacks."""
    if states <= 0:
        missing = "its NSTATES line"
    elif position < 0:
        missing = "its STATEPOS line"
    else:
        return f"the save file is cut short: it ends after {moves} of its {states - 1} MOVE lines"
    return f"the save file is cut short: it ends before {missing}"
