"""puzz.link URLs (pzprjs's, the puzzle community's common format): the URL's parts, and the
codes its body is written in, each over a list of places (cells, outside clues, borders).

A URL reads ``https://puzz.link/p?GENRE/[FLAGS/]COLS/ROWS/BODY``: any host and path before the
``?`` (pzv.jp's ``p.html?``, pzprxs, pzplus, the old pzpr v3 site), ``key=value&`` pairs after
it, a genre word with ``_edit`` or ``_play``, a ``v:`` variant and a segment of flag letters
before the size. The body is one code after another, each ending where its places are full,
so that trailing junk real links carry (``&id=...``, ``%22``) is left over and set aside.
Readers are lenient as pzprjs is; writers write as pzprjs writes, so that a URL written here
opens on puzz.link as the same board. The genres read and write their own bodies
(``parse_url``, ``format_url`` in ``parsers/GENRE.py``) with the codes below.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import NamedTuple

from . import ParseError, is_digits

SITE = "https://puzz.link/p?"
"""Where a written URL points: puzz.link, which every reader of these URLs reads."""

EMPTY = -1
"""A place with no number."""
UNKNOWN = -2
"""A place with a number not told ("?"; ``.`` in the codes)."""

MAX_SIDE = 200
"""Boards above 200 columns or rows are refused before anything is built."""

_JUNK = re.compile(r"[&%\"'#\s<>\\)\]}]")
"""Where a body ends at the latest: characters none of the codes uses (a query's ``&id=``, an
escaped quote ``%22``, a bracket a URL was pasted in)."""


class Url(NamedTuple):
    """A puzz.link URL's parts: its genre word (lower case, no ``_edit``), flag letters, rule
    variant, size, and body; ``text`` the URL as given, for messages."""

    word: str
    flags: str
    variant: str
    cols: int
    rows: int
    body: str
    text: str


def is_url(text: str) -> bool:
    """Whether ``text`` is written as a puzz.link URL: a web address with a ``?`` (its scheme
    may be left out), or a bare ``genre/cols/rows/body`` as pzprjs opens (its genre then
    checked by ``split``)."""
    said = text.strip()
    if not said or "\n" in said:
        return False
    if re.match(r"(?i)(?:https?://|www\.)", said):
        return "?" in said
    if re.match(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?::\d+)?/[^?\s]*\?\S", said):
        return True  # an address copied without its scheme: puzz.link/p?...
    return bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*/(?:[A-Za-z:0-9]+/)*\d+/\d+(?:/\S*)?", said))


def split(text: str, words: Collection[str] = ()) -> Url:
    """A URL's parts; ParseError naming what is wrong. A bare ``genre/...`` without a ``?`` is
    one only when its genre is one of ``words``."""
    said = text.strip()
    shown = clip(said)
    query = said.partition("?")[2] if "?" in said else said
    if "?" not in said and words and said.split("/", 1)[0].lower() not in words:
        raise ParseError(f"not a puzz.link URL: {shown}")
    query = re.sub(r"^(?:[A-Za-z]+=[^&/]*&)+", "", query)  # "type=editor&"
    if query.startswith("pzprv3"):
        raise ParseError(
            f"{shown} holds a whole pzprv3 file (a board with its answer); gridsat reads the "
            "puzzle's own URL (File > Export URL)"
        )
    parts = query.split("/")
    word = re.sub(r"_(?:edit|play|test)$", "", parts[0].lower())
    if not word or len(parts) < 3:
        raise ParseError(f"{shown}: a puzz.link URL reads ?GENRE/COLS/ROWS/BODY")
    rest = parts[1:]
    variant = ""
    if rest and rest[0].startswith("v:"):
        variant = rest.pop(0)[2:]
    flags = ""
    if rest and not is_digits(rest[0]):
        flags = rest.pop(0)
    if len(rest) < 2 or not is_digits(rest[0]) or not is_digits(rest[1]):
        raise ParseError(f"{shown}: no size (COLS/ROWS) after the genre {word!r}")
    cols, rows = int(rest[0][:6]), int(rest[1][:6])
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise ParseError(f"{shown}: a {cols}x{rows} board (each side must be 1 to {MAX_SIDE})")
    body = "/".join(rest[2:])
    junk = _JUNK.search(body)
    if junk:
        body = body[: junk.start()]
    return Url(word, flags, variant, cols, rows, body.rstrip("/"), said)


def write(word: str, cols: int, rows: int, body: str, flags: str = "") -> str:
    """A URL as pzprjs writes it: its flag segment when there are flags, and a ``/`` after a
    body that ends in neither a letter nor a digit (so that a link shortener keeps it)."""
    head = f"{SITE}{word}/" + (f"{flags}/" if flags else "")
    url = f"{head}{cols}/{rows}/{body}"
    return url if url[-1].isalnum() else url + "/"


def clip(text: str, limit: int = 60) -> str:
    """A long URL shortened for a message."""
    return text if len(text) <= limit else text[:limit] + "..."


def refuse(url: Url, why: str) -> ParseError:
    """An error naming the URL (shortened) and what in it gridsat cannot read."""
    return ParseError(f"{clip(url.text)}: {why}")


def only_flags(url: Url, known: str = "") -> None:
    """Refuse a flag or variant the genre does not read: flags change the rules, so one is
    never passed over."""
    if url.variant:
        raise refuse(url, f"the rule variant {url.variant!r} is not read by gridsat")
    extra = [f for f in dict.fromkeys(url.flags) if f not in known]
    if extra:
        raise refuse(
            url, f"the flag {''.join(extra)!r} changes this genre's rules, and gridsat does not "
            "read it"
        )  # fmt: skip


def done(url: Url, rest: str) -> None:
    """Refuse a body with more after the board is full than trailing junk: it may be a part of
    the puzzle this reader does not know."""
    if rest:
        raise refuse(url, f"{clip(rest, 20)!r} is left over after the board")


# -- the codes ---------------------------------------------------------------------------------


def _bad(body: str, i: int, what: str) -> ParseError:
    return ParseError(f"unexpected {body[i]!r} at character {i + 1} of the {what}")


_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "@": (3, 8192), "*": (4, 12240), "$": (5, 77776)}
"""Number-16's longer numbers: a sign, then so many hex digits, added to a base."""


def read_number16(body: str, places: int, what: str = "board") -> tuple[list[int], str]:
    """Number-16: a hex digit 0..15, ``-`` and 2 hex digits, ``+`` and 3 (and the larger
    numbers of ``_WIDE``), ``.`` a number not told, ``g``..``z`` 1..20 empty places; the places'
    numbers (``EMPTY`` none), and the rest."""
    out = [EMPTY] * places
    i = c = 0
    while i < len(body) and c < places:
        ch = body[i]
        if ch in "0123456789abcdef":
            out[c], i, c = int(ch, 16), i + 1, c + 1
        elif ch in _WIDE:
            size, base = _WIDE[ch]
            digits = body[i + 1 : i + 1 + size]
            if len(digits) < size or not re.fullmatch(r"[0-9a-f]+", digits):
                raise _bad(body, i, what)
            out[c], i, c = base + int(digits, 16), i + 1 + size, c + 1
        elif ch == ".":
            out[c], i, c = UNKNOWN, i + 1, c + 1
        elif "g" <= ch <= "z":
            c, i = c + int(ch, 36) - 15, i + 1
        else:
            raise _bad(body, i, what)
    return out, body[i:]


def write_runs(tokens: Iterable[str]) -> str:
    """The codes of places in order, ``""`` an empty place: each run of empty places written
    ``g``..``z`` (1..20), a longer run cut at 20, as pzprjs's number codes write them."""
    out: list[str] = []
    run = 0
    for token in tokens:
        if not token:
            run += 1
        if run and (token or run == 20):
            out.append(chr(ord("f") + run))
            run = 0
        out.append(token)
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)


def write_number16(numbers: Sequence[int]) -> str:
    """Number-16 as pzprjs writes it: runs of empty places cut at 20."""
    return write_runs(_token16(n) for n in numbers)


def _token16(n: int) -> str:
    if n == UNKNOWN:
        return "."
    if 0 <= n < 16:
        return format(n, "x")
    if 16 <= n < 256:
        return "-" + format(n, "x")
    if 256 <= n < 4096:
        return "+" + format(n, "x")
    if n == EMPTY:
        return ""
    raise ValueError(f"{n} has no number-16 code here")


def read_number4(body: str, places: int, what: str = "board") -> tuple[list[int], str]:
    """Number-4: ``0``..``4`` a number, ``5``..``9`` one and 1 empty place after it, ``a``..``e``
    one and 2, ``.`` a number not told, ``g``..``z`` 1..20 empty places."""
    out = [EMPTY] * places
    i = c = 0
    while i < len(body) and c < places:
        ch = body[i]
        if "0" <= ch <= "4":
            out[c] = int(ch)
        elif "5" <= ch <= "9":
            out[c], c = int(ch) - 5, c + 1
        elif "a" <= ch <= "e":
            out[c], c = int(ch, 16) - 10, c + 2
        elif ch == ".":
            out[c] = UNKNOWN
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 16
        else:
            raise _bad(body, i, what)
        i, c = i + 1, c + 1
    return out, body[i:]


def write_number4(numbers: Sequence[int]) -> str:
    """Number-4 as pzprjs writes it: a number takes in the longest run of empty places after
    it that the code holds (none, 1 or 2), other runs cut at 20."""

    def tokens() -> Iterator[str]:
        c = 0
        while c < len(numbers):
            n = numbers[c]
            if n >= 0:
                if c + 1 < len(numbers) and numbers[c + 1] != EMPTY:
                    yield str(n)
                elif c + 2 < len(numbers) and numbers[c + 2] != EMPTY:
                    yield str(5 + n)
                    c += 1
                else:
                    yield format(10 + n, "x")
                    c += 2
            else:
                yield "." if n == UNKNOWN else ""
            c += 1

    return write_runs(tokens())


def read_marked(body: str, places: int, what: str = "board") -> tuple[list[bool], str]:
    """One-value places: ``0``..``h`` a marked place then that many unmarked ones, ``i``..``z``
    a run of 1..18 unmarked places."""
    out = [False] * places
    i = c = 0
    while i < len(body) and c < places:
        ch = body[i]
        if not ("0" <= ch <= "9" or "a" <= ch <= "z"):
            raise _bad(body, i, what)
        value = int(ch, 36)
        if value <= 17:
            out[c] = True
            c += value
        else:
            c += value - 18
        i, c = i + 1, c + 1
    return out, body[i:]


def write_marked(marked: Sequence[bool]) -> str:
    """One-value places as pzprjs writes them."""
    out: list[str] = []
    count, have = -1, False
    for m in marked:
        if m:
            if count >= 0:
                out.append(_base36(count if have else count + 18))
            have, count = True, 0
            continue
        count += 1
        if count == 17:
            out.append(_base36(count if have else count + 18))
            have, count = False, -1
    if count >= 0:
        out.append(_base36(count if have else count + 18))
    return "".join(out)


def _base36(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


def read_bits(body: str, places: int, what: str = "board") -> tuple[list[bool], str]:
    """A bit field: 5 places a character in base 32, the first place the 16 bit."""
    out = [False] * places
    chars = min((places + 4) // 5, len(body))
    for i in range(chars):
        ch = body[i]
        if not ("0" <= ch <= "9" or "a" <= ch <= "v"):
            raise _bad(body, i, what)
        value = int(ch, 32)
        for w in range(5):
            if i * 5 + w < places:
                out[i * 5 + w] = bool(value & (16 >> w))
    return out, body[chars:]


def write_bits(bits: Sequence[bool]) -> str:
    """A bit field as pzprjs writes it: each character padded on its own."""
    digits = "0123456789abcdefghijklmnopqrstuv"
    return "".join(
        digits[sum(16 >> w for w, b in enumerate(bits[k : k + 5]) if b)]
        for k in range(0, len(bits), 5)
    )


def read_borders(
    body: str, cols: int, rows: int, what: str = "board"
) -> tuple[list[bool], list[bool], str]:
    """Region walls: the walls between side-by-side cells ((cols-1) a row, row by row), then
    those between cells one above the other (cols a row, for rows-1 rows), each a bit field."""
    across, rest = read_bits(body, (cols - 1) * rows, what)
    down, rest = read_bits(rest, cols * (rows - 1), what)
    return across, down, rest


def write_borders(across: Sequence[bool], down: Sequence[bool]) -> str:
    """Region walls as pzprjs writes them."""
    return write_bits(across) + write_bits(down)


def read_triples(body: str, places: int, what: str = "board") -> tuple[list[int], str]:
    """Three-valued places (0, 1, 2), 3 a character in base 27."""
    out = [0] * places
    chars = min((places + 2) // 3, len(body))
    for i in range(chars):
        ch = body[i]
        if not ("0" <= ch <= "9" or "a" <= ch <= "q"):
            raise _bad(body, i, what)
        value = int(ch, 27)
        for w, weight in enumerate((9, 3, 1)):
            if i * 3 + w < places:
                out[i * 3 + w] = value // weight % 3
    return out, body[chars:]


def write_triples(values: Sequence[int]) -> str:
    """Three-valued places as pzprjs writes them."""
    digits = "0123456789abcdefghijklmnopq"
    out = []
    for k in range(0, len(values), 3):
        out.append(digits[sum(v * w for v, w in zip(values[k : k + 3], (9, 3, 1), strict=False))])
    return "".join(out)


def read_outside(body: str, places: int, what: str = "outside clues") -> tuple[list[int], str]:
    """Outside clues: as number-16, up to 255 (``-`` and 2 hex digits)."""
    return read_number16(body, places, what)


def lines_outward(numbers: Sequence[int], lines: int, slots: int) -> list[list[int]]:
    """Outside clues kept ``slots`` a line, the one next to the grid first: each line's clues
    in reading order (top to bottom, left to right), empty slots left out."""
    return [
        [n for n in reversed(numbers[k * slots : (k + 1) * slots]) if n != EMPTY]
        for k in range(lines)
    ]


def lines_inward(lines: Sequence[Sequence[int]], slots: int) -> list[int]:
    """Each line's clues (in reading order) as pzprjs keeps them: pushed to the grid, the one
    next to it first, the slots beyond empty."""
    out: list[int] = []
    for line in lines:
        out += list(reversed(line)) + [EMPTY] * (slots - len(line))
    return out


def decode_borders(
    body: str, cols: int, rows: int, what: str = "board"
) -> tuple[tuple[tuple[int, ...], ...], str]:
    """Rooms given by their walls (``read_borders``): a room number a cell, the rooms numbered
    by their first cells in reading order (the order pzprjs gives their numbers in), and the
    rest."""
    from ..puzzles.rooms import from_walls

    across, down, rest = read_borders(body, cols, rows, what)
    return from_walls(across, down, cols, rows), rest


def encode_borders(rooms: Sequence[Sequence[int]]) -> str:
    """Rooms (a room number a cell) as their walls, as pzprjs writes them."""
    height, width = len(rooms), len(rooms[0])
    across = [rooms[r][c] != rooms[r][c + 1] for r in range(height) for c in range(width - 1)]
    down = [rooms[r][c] != rooms[r + 1][c] for r in range(height - 1) for c in range(width)]
    return write_borders(across, down)


# -- arrow clues (yajilin) ------------------------------------------------------------------------

ARROW_NONE, ARROW_UP, ARROW_DOWN, ARROW_LEFT, ARROW_RIGHT = range(5)
"""pzprjs's directions of an arrow clue."""
BLOCK = -3
"""An arrow-clue place with neither arrow nor number (``+``)."""


def read_arrow16(
    body: str, places: int, what: str = "board"
) -> tuple[list[tuple[int, int] | None], str]:
    """Arrow clues: a direction digit ``0``..``4`` (none, up, down, left, right) and a hex digit
    or ``.`` (a number not told); ``5``..``9`` (direction + 5) and 2 hex digits; ``-``, the
    direction and 3 hex digits; ``+`` a place with neither (``BLOCK``); ``a``..``z`` 1..26
    empty places. Each place's (direction, number) or None, and the rest."""
    out: list[tuple[int, int] | None] = [None] * places
    i = c = 0
    while i < len(body) and c < places:
        ch = body[i]
        if ch == "+":
            out[c], i = (ARROW_NONE, BLOCK), i + 1
        elif "0" <= ch <= "4":
            digit = body[i + 1 : i + 2]
            if not re.fullmatch(r"[0-9a-f.]", digit):
                raise _bad(body, i, what)
            out[c], i = (int(ch), UNKNOWN if digit == "." else int(digit, 16)), i + 2
        elif "5" <= ch <= "9":
            digits = body[i + 1 : i + 3]
            if not re.fullmatch(r"[0-9a-f]{2}", digits):
                raise _bad(body, i, what)
            out[c], i = (int(ch) - 5, int(digits, 16)), i + 3
        elif ch == "-":
            digits = body[i + 1 : i + 5]
            if not re.fullmatch(r"[0-4][0-9a-f]{3}", digits):
                raise _bad(body, i, what)
            out[c], i = (int(digits[0]), int(digits[1:], 16)), i + 5
        elif "a" <= ch <= "z":
            c, i = c + int(ch, 36) - 10, i + 1
        else:
            raise _bad(body, i, what)
        c += 1
    return out, body[i:]


def write_arrow16(clues: Sequence[tuple[int, int] | None]) -> str:
    """Arrow clues as pzprjs writes them: runs of empty places cut at 26."""
    out: list[str] = []
    run = 0
    for clue in clues:
        token = ""
        if clue is not None:
            direction, n = clue
            if n == UNKNOWN:
                token = f"{direction}."
            elif n == BLOCK:
                token = "+"
            elif 0 <= n < 16:
                token = f"{direction}{n:x}"
            elif 16 <= n < 256:
                token = f"{direction + 5}{n:x}"
            elif 256 <= n < 4096:
                token = f"-{direction}{n:x}"
            else:
                raise ValueError(f"{n} has no arrow-clue code")
        else:
            run += 1
        if run and (token or run == 26):
            out.append(_base36(run + 9))
            run = 0
        out.append(token)
    if run:
        out.append(_base36(run + 9))
    return "".join(out)
