"""A puzzle written in another of its genre's formats: its own text, a Tatham game ID where the
genre reads one, and the layouts ``generate --style`` writes (zebra's houses and baron)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from .registry import Genre

PLAIN = "plain"
"""The genre's own text format, as it writes a puzzle it has read."""


class ConvertError(ValueError):
    """A puzzle that cannot be written in the format asked (its words have no place there)."""


def formats(genre: Genre[Any, Any]) -> dict[str, Callable[[Any], str]]:
    """Each format ``genre`` can write a puzzle in, by name: ``plain``, ``id`` where its parser
    writes Tatham game IDs (``format_id``), then its ``styles``."""
    writers: dict[str, Callable[[Any], str]] = {PLAIN: lambda puzzle: _styled(genre, "", puzzle)}
    parser = _parser(genre)
    write_id = getattr(parser, "format_id", None) or getattr(parser, "write_id", None)
    if write_id is not None:
        writers["id"] = write_id
    for style in genre.about.making.styles:
        writers[style] = partial(_styled, genre, style)
    return writers


def _styled(genre: Genre[Any, Any], style: str, puzzle: Any) -> str:
    """The puzzle in the layout ``style`` ("" its plain one), for a genre whose puzzle keeps
    the layout it is written in; a genre without styles writes its own format."""
    if not genre.about.making.styles:
        return genre.format_puzzle(puzzle)
    try:  # (a category or clue the layout has no words for: a name missing, or not read back)
        text = genre.format_puzzle(replace(puzzle, style=style))
        again = genre.parse(text)
    except (KeyError, ValueError) as e:  # (ParseError is a ValueError)
        raise ConvertError(f"its words do not fit that layout ({e})") from e
    if _plain(genre, again) != _plain(genre, puzzle):
        raise ConvertError("its words do not fit that layout (it reads back as another puzzle)")
    return text


def _plain(genre: Genre[Any, Any], puzzle: Any) -> str:
    """The puzzle in its genre's plain layout: what two layouts of one puzzle share."""
    return genre.format_puzzle(replace(puzzle, style=""))


def _parser(genre: Genre[Any, Any]) -> Any:
    """The module of the genre's parser, as the registry loads it."""
    name = genre.about.parts.parser or f".parsers.{genre.name}"
    absolute = f"{__package__}{name}" if name.startswith(".") else name
    __import__(absolute)
    return sys.modules[absolute]
