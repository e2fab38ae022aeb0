"""The one reader of input: a file, standard input (``-``), a puzzle's text given as is, or a
path object; the size limit, the decoding, and what a JSON-lines file of puzzles is. The
library, the command line and ``bench`` all read through it, so the same bad input gets the
same one-line message wherever it is given."""

from __future__ import annotations

import os
import stat
import sys
from typing import Any

from .checks import PuzzleError

MAX_INPUT_BYTES = 10 * 1024 * 1024
"""Larger inputs are refused before they are read."""


class TooLong(PuzzleError):
    """An input over MAX_INPUT_BYTES (``bench`` records it as one puzzle's bad input)."""


def read(source: str | os.PathLike[str]) -> str:
    """The puzzle text ``source`` gives: standard input for ``-``, the file a path object or an
    existing path names, or else the text itself; PuzzleError when it cannot be read."""
    if isinstance(source, os.PathLike):
        return read_file(os.fspath(source))
    if source == "-":
        return read_stdin()
    if os.path.isdir(source) or os.path.exists(source):
        return read_file(source)
    return source


def read_stdin() -> str:
    """Standard input's text, up to the limit; a terminal is told what is awaited."""
    if sys.stdin is None:  # (fd 0 closed: Python leaves no stream at all)
        raise PuzzleError("standard input is closed: give the puzzle as an argument or a file")
    if sys.stdin.isatty():  # a user who forgot the INPUT would otherwise see nothing happen
        end = "Ctrl-Z then Enter" if os.name == "nt" else "Ctrl-D at the start of a line"
        print(
            "gridsat: waiting for the puzzle on standard input: type or paste it, then end "
            f"it with {end} (Ctrl-C quits)",
            file=sys.stderr,
            flush=True,
        )
    return decode(sys.stdin.buffer.read(MAX_INPUT_BYTES + 1), "standard input")


def read_file(path: str, limit: int | None = MAX_INPUT_BYTES) -> str:
    """A file's text: a folder is named as one, a regular file over the ``limit`` is refused
    unread, and a pipe or a device (which has no size) is read no further than it. (None: no
    limit, for the many puzzles of a JSON-lines file and bench's results.)"""
    if os.path.isdir(path):
        raise PuzzleError(f"{path} is a directory, not a puzzle file")
    try:
        size = os.path.getsize(path)
        if limit is not None and size > limit:
            raise TooLong(f"{path} is {size} bytes; the limit is {limit}")
        with open(path, "rb") as f:
            data = f.read(-1 if limit is None else limit + 1)
    except OSError as e:
        raise PuzzleError(f"cannot read {path}: {e.strerror}") from e
    return decode(data, path, limit)


def decode(data: bytes, name: str, limit: int | None = MAX_INPUT_BYTES) -> str:
    """UTF-8 text, a byte-order mark dropped; a bad byte is counted from the start of the
    data (the mark included), as an editor or ``od`` shows the file."""
    if limit is not None and len(data) > limit:
        raise TooLong(f"{name} is over {limit} bytes")
    try:  # (not "utf-8-sig": its codec is a module to load, and it counts bytes after the BOM)
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        raise PuzzleError(f"{name} is not UTF-8 text (byte {e.start})") from None


def odd_file(path: str) -> str | None:
    """What a path that exists but is neither a regular file nor a folder is, or None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "neither a file nor a folder (a pipe or a device)"


def game_id(genre: str, text: str) -> str:
    """The game ID that a page link of Tatham's collection or one of its save files holds,
    for the genre named ``genre`` to read; any other ``text`` as it is. PuzzleError for one of
    another genre (naming it), of a game gridsat has not, or that holds no puzzle."""
    link = _link(text)
    if link is None:
        return text
    found: str = link.id
    name = _link_genre(link)
    if name != genre:
        raise PuzzleError(
            f"this is a {link.game} {link.form}, not {genre}: read it as {name} (gridsat solve "
            f"{name} ...)"
        )
    return found


def named_genre(text: str) -> str | None:
    """The genre a puzz.link URL, a page link of Tatham's collection or one of its save files
    names (so that it may be read with no genre given); None for any other text; PuzzleError
    for one that names a genre gridsat has not."""
    if "?" in text or "/" in text:
        from .parsers import ParseError, puzzlink

        if puzzlink.is_url(text):
            from .registry import url_genre

            try:
                return url_genre(puzzlink.split(text).word).name
            except (ParseError, ValueError) as e:
                raise PuzzleError(str(e)) from None
    link = _link(text)
    return None if link is None else _link_genre(link)


def _link(text: str) -> Any:
    """A page link or save file of Tatham's collection (a ``parsers.tatham.Link``), or None;
    PuzzleError for one that holds no puzzle."""
    if "#" not in text and not text.lstrip().startswith("SAVEFILE:"):
        return None  # (neither: the reader of links is not even loaded)
    from .parsers import ParseError
    from .parsers.tatham import unwrap

    try:
        return unwrap(text)
    except ParseError as e:
        raise PuzzleError(str(e)) from None


def _link_genre(link: Any) -> str:
    """The gridsat genre of a link's game; PuzzleError for a game gridsat does not have."""
    from .registry import get_genre

    try:
        return get_genre(link.game.replace(" ", "")).name  # ("Light Up": lightup)
    except ValueError:
        raise PuzzleError(
            f"this is a {link.game} {link.form}, a game of Tatham's collection that gridsat "
            "does not solve"
        ) from None


def looks_like_path(text: str) -> bool:
    """A name that was meant as a file: has a separator or an extension, and no spaces; a game
    ID (``4:2/1//3...``: a ``:`` before any separator) is not one, though it has ``/``, nor is
    a web page's link to a puzzle (``.../loopy.html#5x5t0:...``)."""
    import re

    if "#" in text:
        from .parsers.tatham import is_link

        if is_link(text):
            return False
    if re.match(r"[^/\\\s]+:", text) and not re.match(r"[A-Za-z]:[/\\]", text):
        return False
    return not any(ch.isspace() for ch in text) and ("/" in text or "." in text[-5:])


def json_value(line: str) -> Any:
    """One JSON value; ValueError for one that is not JSON, nested too deeply included (the
    standard parser's RecursionError)."""
    import json

    try:
        return json.loads(line)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def listed_puzzles(text: str) -> int:
    """How many puzzles ``text`` lists when it is ``bench``'s JSON-lines input (its first line
    an object with a ``puzzle`` or an ``id``), else 0: asked only of a text that failed to parse,
    to say what such a file is for."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not lines[0].lstrip().startswith("{"):
        return 0
    try:
        first = json_value(lines[0])
    except ValueError:
        return 0
    return len(lines) if isinstance(first, dict) and ("puzzle" in first or "id" in first) else 0


def bench_input(name: str, genre: str, text: str) -> str | None:
    """The message for a JSON-lines file of puzzles given where one puzzle is read, or None."""
    many = listed_puzzles(text)
    if not many:
        return None
    return (
        f"{name}: a JSON-lines file of {many} puzzles, which bench reads (gridsat bench "
        f"{genre} {name}); this command reads one puzzle's text"
    )
