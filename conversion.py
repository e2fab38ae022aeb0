"""A puzzle written in another of its genre's formats: its own text, a Tatham game ID where the
genre's reader writes one (``WritesIds``), a puzz.link URL where it reads them (``ReadsUrls``),
and the layouts ``generate --style`` writes where it writes them (``Restyles``: zebra's houses
and baron)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .registry import Genre

PLAIN = "text"
"""The genre's own text format, as it writes a puzzle it has read."""

ALIASES = {"plain": PLAIN, "id": "tatham", "puzzlink": "url"}
"""Other names the formats answer to."""


class ConvertError(ValueError):
    """A puzzle that cannot be written in the format asked (its words have no place there)."""


def formats(genre: Genre[Any, Any]) -> dict[str, Callable[[Any], str]]:
    """Each format ``genre`` can write a puzzle in, by name: ``text``, ``tatham`` where its
    reader writes game IDs, ``url`` where it reads puzz.link URLs, then its ``styles``."""
    writers: dict[str, Callable[[Any], str]] = {PLAIN: partial(_styled, genre, "")}
    if genre.format_id is not None:
        writers["tatham"] = partial(_game_id, genre)
    if genre.format_url is not None:
        writers["url"] = partial(_held, genre.format_url)
    for style in genre.about.making.styles:
        writers[style] = partial(_styled, genre, style)
    return writers


def _game_id(genre: Genre[Any, Any], puzzle: Any) -> str:
    """The puzzle as a game ID, refused when the ID cannot say all of it (a Keen board's digits
    shown, an Unruly board under the collection's 6x6): it must read back as the same puzzle."""
    assert genre.format_id is not None
    text = _held(genre.format_id, puzzle)
    try:
        again = genre.parse(text)
    except ValueError as e:  # (ParseError is a ValueError)
        raise ConvertError(f"a game ID cannot say it ({e})") from e
    if again != puzzle:
        raise ConvertError("a game ID cannot say all of it (it reads back as another puzzle)")
    return text


def _styled(genre: Genre[Any, Any], style: str, puzzle: Any) -> str:
    """The puzzle in the layout ``style`` ("" its plain one), refused when it does not read back
    as the same puzzle; a genre that writes no styles writes its own format."""
    restyle = genre.format_styled
    if restyle is None:
        return genre.format_puzzle(puzzle)
    try:  # (a category or clue the layout has no words for: a name missing, or not read back)
        text = restyle(puzzle, style)
        again = genre.read(text)
    except (KeyError, ValueError) as e:  # (ParseError is a ValueError)
        raise ConvertError(f"its words do not fit that layout ({e})") from e
    if restyle(again, "") != restyle(puzzle, ""):
        raise ConvertError("its words do not fit that layout (it reads back as another puzzle)")
    return text


def _held(write: Callable[[Any], str], puzzle: Any) -> str:
    """The puzzle written so, refused (a ConvertError) when the form cannot hold it."""
    try:
        return write(puzzle)
    except ValueError as e:
        raise ConvertError(str(e)) from e
