"""The genre registry: one list of genre names, and what each genre declares about itself.

A genre is its own modules: a rulebook ``puzzles/NAME.py`` (the puzzle type, ``check``, its
``GIVENS``, ``answer``, ``place_name``, a random-puzzle maker ``make``, and ``GENRE``, what it says
of itself), a reader and printers ``parsers/NAME.py``, a model ``models/NAME.py`` and a drawing
``pictures/NAME.py``. This module only finds and joins them; it knows no genre by name.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from .contract import About, Givens, Maker, Option, Place
from .models.model import Built
from .records import dataclass

P = TypeVar("P")  # a genre's puzzle
S = TypeVar("S")  # a genre's solution
G = TypeVar("G")  # a genre's given

BUILTIN = (
    "signpost",
    "hidato",
    "numbrix",
    "magic",
    "loop",
    "zebra",
    "sudoku",
    "towers",
    "keen",
    "unruly",
    "bridges",
    "loopy",
    "net",
    "lightup",
    "tents",
    "magnets",
    "pattern",
)
"""The genres, in the order the help lists them."""

PLUGINS = "GRIDSAT_GENRES"
"""An environment variable: more genres, as comma-separated module names, each a rulebook that
declares ``GENRE`` (a genre of one's own, or a test's), loaded exactly as the built-in ones."""


@dataclass(frozen=True)
class Genre(Generic[P, S]):
    """One puzzle genre: what it says of itself, and its parts joined."""

    about: About
    parse: Callable[..., P]  # (text, **options)
    format_puzzle: Callable[[P], str]  # in its own input format: parse reads it back
    format_solution: Callable[[P, S, str], str]  # (puzzle, solution, output format)
    to_json: Callable[[P, S], Any]
    check: Callable[[P, S], list[str]]  # what breaks the rules; written from the rules alone
    givens: Givens[P, S, Any]
    answer: Callable[[S], Mapping[Place, Any]]  # the solution, place by place
    place_name: Callable[[P, Place], str]  # a place in the player's words
    build: Callable[..., Built[S]]  # (puzzle, encoding, prune=True)
    encodings: tuple[str, ...]
    make: Maker | None
    picture: str  # its drawing module, imported only to draw
    marked: Callable[[P, S, set[Place]], str] | None = None  # the parser's own format_marked
    explain: Callable[[P], list[str]] | None = None  # each clue as read (``solve --explain``)
    extras: Callable[[P, S], dict[str, Any]] | None = None  # more keys for ``solve --json``
    # What the model's pruning fixes, by place, asked again and again of one board (made from
    # its first puzzle) as a generator adds givens: each answer sooner from those before.
    settling: Callable[[P], Callable[[P], Mapping[Place, Any] | None]] | None = None
    from_json: Callable[[P, Any], S] | None = None  # a solution read back from ``to_json``'s form
    cells: Callable[[P], int] | None = None  # the rulebook's count, for a board not W x H

    @property
    def name(self) -> str:
        return self.about.name

    @property
    def aliases(self) -> tuple[str, ...]:
        return self.about.aliases

    @property
    def summary(self) -> str:
        return self.about.summary

    @property
    def input_format(self) -> str:
        return self.about.input_format

    @property
    def example(self) -> str:
        return self.about.example

    @property
    def default_backend(self) -> str:
        return self.about.default_backend

    @property
    def generate_backend(self) -> str:
        """The backend ``generate`` runs on unless told otherwise."""
        return self.about.generate_backend or self.about.default_backend

    @property
    def default_encoding(self) -> str:
        return self.about.default_encoding

    @property
    def output_formats(self) -> tuple[str, ...]:
        return self.about.output_formats

    @property
    def options(self) -> tuple[Option, ...]:
        return self.about.options

    @property
    def data(self) -> str:
        return self.about.data or self.about.name

    def format_marked(self, puzzle: P, solution: S, places: set[Place]) -> str:
        """The solution as the genre prints it, with ``?`` at these places (diagnose's free
        cells); a genre whose solution is not rows of values says how, in ``format_marked``."""
        if self.marked is not None:
            return self.marked(puzzle, solution, places)
        rows: Any = solution
        masked: Any = tuple(
            tuple("?" if (r, c) in places else v for c, v in enumerate(row))
            for r, row in enumerate(rows)
        )
        return self.format_solution(puzzle, masked, self.output_formats[0])

    def refuted(self, puzzle: P, data: Any) -> str | None:
        """What breaks the rules in a solution given as JSON (a file's own: its author may be
        wrong), as the genre's checker says: the first fault and how many more; None when it
        breaks none, or the genre reads no solution back."""
        from .parsers import ParseError

        if self.from_json is None:
            return None
        try:
            problems = self.check(puzzle, self.from_json(puzzle, data))
        except ParseError as e:
            problems = [str(e)]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        return f"{problems[0]}{more}" if problems else None

    def cell_count(self, puzzle: P) -> int | None:
        """How many cells a puzzle has (``bench``'s measure of size): the rulebook's ``cells``,
        else its board's width times height; None for a genre that tells neither."""
        if self.cells is not None:
            return self.cells(puzzle)
        width, height = getattr(puzzle, "width", None), getattr(puzzle, "height", None)
        return width * height if isinstance(width, int) and isinstance(height, int) else None

    def differences(self, puzzle: P, first: S, second: S) -> list[str]:
        """The places where two solutions differ, in the player's words."""
        return [self.place_name(puzzle, p) for p in differing(self, first, second)]


def differing(genre: Genre[Any, S], first: S, second: S) -> list[Place]:
    """The places where two solutions of a genre differ, in the genre's order."""
    a, b = genre.answer(first), genre.answer(second)
    return [place for place, value in a.items() if b.get(place) != value]


def rulebooks() -> list[str]:
    """The module of every genre's rulebook: the built-in ones, then those of ``PLUGINS``."""
    names = [f".puzzles.{name}" for name in BUILTIN]
    extra = os.environ.get(PLUGINS, "")
    return names + [m.strip() for m in extra.split(",") if m.strip()]


def about(module: str) -> About:
    """What the rulebook ``module`` declares; ValueError when it declares no genre."""
    try:
        rules = _imported(_absolute(module))
    except ImportError as e:
        raise ValueError(f"cannot load genre module {module!r}: {e}") from e
    found = getattr(rules, "GENRE", None)
    if not isinstance(found, About):
        raise ValueError(f"module {module!r} declares no GENRE")
    return found


def load(module: str) -> Genre[Any, Any]:
    """The genre whose rulebook is ``module``, its parts joined."""
    info = about(module)
    rules = _imported(_absolute(module))
    parser = _imported(_absolute(info.parser or f".parsers.{info.name}"))
    model = _imported(_absolute(info.model or f".models.{info.name}"))
    return Genre(
        about=info,
        parse=parser.parse,
        format_puzzle=parser.format_puzzle,
        format_solution=parser.format_solution,
        to_json=parser.to_json,
        check=rules.check,
        givens=rules.GIVENS,
        answer=rules.answer,
        place_name=rules.place_name,
        build=model.build,
        encodings=tuple(model.ENCODINGS),
        make=getattr(rules, "make", None),
        picture=_absolute(info.picture or f".pictures.{info.name}"),
        marked=getattr(parser, "format_marked", None),
        explain=getattr(parser, "explain", None),
        extras=getattr(parser, "json_extras", None),
        settling=getattr(model, "Settling", None),
        from_json=getattr(parser, "from_json", None),
        cells=getattr(rules, "cells", None),
    )


def _imported(name: str) -> Any:
    """The module ``name``, imported: ``importlib.import_module`` without importing importlib
    (a module more for each run to load)."""
    __import__(name)
    return sys.modules[name]


def _absolute(module: str) -> str:
    """A module name, relative ones (``.pictures.hidato``) taken from this package."""
    return f"{__package__}{module}" if module.startswith(".") else module


def all_genres() -> tuple[Genre[Any, Any], ...]:
    """Every genre, in the order the help lists them."""
    return tuple(load(module) for module in rulebooks())


def described(genre: Genre[Any, Any]) -> About:
    """What ``gridsat genres`` lists and ``gridsat.genres()`` returns, one source for both: the
    rulebook's declaration with its model's encodings and the backend ``generate`` runs on."""
    from dataclasses import replace

    return replace(
        genre.about, encodings=tuple(genre.encodings), generate_backend=genre.generate_backend
    )


def all_options() -> list[Option]:
    """Every genre's parser options, each keyword once (the command line offers them all)."""
    found: dict[str, Option] = {}
    for module in rulebooks():
        for option in about(module).options:
            found.setdefault(option.keyword, option)
    return list(found.values())


def get_genre(name: str) -> Genre[Any, Any]:
    """The genre called ``name`` or one of its aliases (only its modules are loaded);
    ValueError naming the choices."""
    key = name.strip().lower()
    builtin = _builtin(key)
    if builtin is not None:
        return load(builtin)
    modules = rulebooks()
    for module in modules:
        info = about(module)
        if key == info.name or key in info.aliases:
            return load(module)
    names = ", ".join(about(m).name for m in modules)
    raise ValueError(f"unknown genre {name!r} (known: {names})")


def genre_options(name: str) -> tuple[Option, ...] | None:
    """The options of the built-in genre called ``name`` (its rulebook alone loaded, so that a
    run pays for no other genre), or None for any other name."""
    builtin = _builtin(name.strip().lower())
    return None if builtin is None else about(builtin).options


def _builtin(key: str) -> str | None:
    """The rulebook of the built-in genre called ``key`` by its own name, else None (aliases and
    other genres are looked up through every rulebook). A built-in genre comes first in
    ``rulebooks()``, so no other genre could take its name."""
    if key not in BUILTIN:
        return None
    module = f".puzzles.{key}"
    return module if about(module).name == key else None
