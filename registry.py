"""The genre registry: one list of genre names, and what each genre declares about itself.

A genre is its own modules, as ``contract.py`` writes down: a rulebook ``puzzles/NAME.py``, a
reader and printers ``parsers/NAME.py`` (with ``make_styled`` where the genre has styles), a
model ``models/NAME.py`` and a drawing ``pictures/NAME.py``. This module only finds and joins
them, through the contract's protocols; it knows no genre by name.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .contract import (
    About,
    AddsToJson,
    Asks,
    Assumes,
    Counts,
    Explains,
    Givens,
    Maker,
    Makes,
    MakesStyled,
    Marks,
    Model,
    Option,
    Place,
    Reader,
    ReadsBack,
    ReadsRows,
    ReadsTwoWays,
    ReadsUrls,
    Remarks,
    Restyles,
    Rulebook,
    Settles,
    WritesIds,
    refusal,
)
from .models.model import Built

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
    "futoshiki",
    "undead",
    "map",
    "dominosa",
    "galaxies",
    "masyu",
    "tracks",
    "slant",
    "hitori",
    "kurodoko",
    "mosaic",
    "shikaku",
    "fillomino",
    "palisade",
    "kakuro",
    "heyawake",
    "starbattle",
    "nurikabe",
    "norinori",
    "yajilin",
    "numberlink",
    "tapa",
    "lits",
)
"""The genres, in the order the help lists them."""

PLUGINS = "GRIDSAT_GENRES"
"""An environment variable: more genres, as comma-separated rulebook module names (a genre of
one's own, or a test's), loaded exactly as the built-in ones."""

ENTRY_POINTS = "gridsat.genres"
"""The entry point group of genres installed as packages, each entry point naming a rulebook
module (a package's pyproject.toml: ``[project.entry-points."gridsat.genres"]``, then
``latin = "mypackage.latin"``)."""


@dataclass(frozen=True, slots=True)
class Genre(Generic[P, S]):
    """One puzzle genre: what it says of itself, and its parts joined. Each part is the member
    of the same name in the contract's protocols (``contract.Rulebook``, ``contract.Reader``,
    ``contract.Model`` and the optional ones), typed as it is there."""

    about: About
    parse: Callable[..., P]  # Reader.parse: (text, **options)
    format_puzzle: Callable[[P], str]  # Reader.format_puzzle
    format_solution: Callable[[P, S, str], str]  # Reader.format_solution
    to_json: Callable[[P, S], Any]  # Reader.to_json
    check: Callable[[P, S], list[str]]  # Rulebook.check
    givens: Givens[P, S, Any]  # Rulebook.GIVENS
    answer: Callable[[S], Mapping[Place, Any]]  # Rulebook.answer
    place_name: Callable[[P, Place], str]  # Rulebook.place_name
    build: Callable[..., Built[S]]  # Model.build: (puzzle, encoding, prune=True)
    encodings: tuple[str, ...]  # Model.ENCODINGS
    make: Maker | None  # Makes.make
    picture: str  # its drawing module (a contract.Drawing), imported only to draw
    marked: Callable[[P, S, set[Place]], str] | None = None  # Marks.format_marked
    explain: Callable[[P], list[str]] | None = None  # Explains.explain
    extras: Callable[[P, S], dict[str, Any]] | None = None  # AddsToJson.json_extras
    settling: Callable[[P], Callable[[P], Mapping[Place, Any] | None]] | None = None  # Settles
    from_json: Callable[[P, Any], S] | None = None  # ReadsBack.from_json
    cells: Callable[[P], int] | None = None  # Counts.cells
    make_styled: Callable[..., Any] | None = None  # MakesStyled.make_styled
    format_id: Callable[[P], str] | None = None  # WritesIds.format_id
    rows_text: Callable[[Any], str] | None = None  # ReadsRows.rows_text
    parse_url: Callable[[Any], P] | None = None  # ReadsUrls.parse_url
    format_url: Callable[[P], str] | None = None  # ReadsUrls.format_url
    format_styled: Callable[[P, str], str] | None = None  # Restyles.format_styled
    remarks: Callable[[P], list[str]] | None = None  # Remarks.remarks
    questions: Callable[[P], list[str]] | None = None  # Asks.questions
    two_ways: Callable[[P], list[tuple[str, list[str]]]] | None = None  # ReadsTwoWays
    read_as: Callable[[P, tuple[int, ...]], P] | None = None  # ReadsTwoWays.read_as
    assumes: Assumes[P, Built[S]] | None = None  # the model, where it parts into shape and clues

    def __reduce__(self) -> tuple[Callable[[str], Genre[Any, Any]], tuple[str]]:
        """Pickled as its name, read back from the registry: its parts are its modules'
        functions, and a puzzle or a result that holds it travels to another process."""
        return get_genre, (self.name,)

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
        return self.about.reading.input_format

    @property
    def example(self) -> str:
        return self.about.reading.example

    @property
    def default_backend(self) -> str:
        return self.about.solving.default_backend

    @property
    def generate_backend(self) -> str:
        """The backend ``generate`` runs on unless told otherwise."""
        return self.about.making.backend or self.about.solving.default_backend

    @property
    def default_encoding(self) -> str:
        return self.about.solving.default_encoding

    def encoding_on(self, backend: str) -> str:
        """The encoding a run on ``backend`` takes unless told: the one the genre measured best
        on that family of backends (``cpsat`` for ``cpsat:4``), else its default."""
        family = backend.partition(":")[0]
        return dict(self.about.solving.encodings_on).get(family, self.default_encoding)

    @property
    def output_formats(self) -> tuple[str, ...]:
        return self.about.reading.output_formats

    @property
    def options(self) -> tuple[Option, ...]:
        return self.about.reading.options

    @property
    def data(self) -> str:
        return self.about.parts.data or self.about.name

    def read(self, text: str, **options: Any) -> P:
        """The puzzle ``text`` gives: a puzz.link URL read by the genre's ``parse_url`` (the
        genre it names checked), else the text read by ``parse`` with the ``options``."""
        from .parsers import ParseError, puzzlink

        if not puzzlink.is_url(text):
            return self.parse(text, **options)
        url = puzzlink.split(text, self.about.reading.urls)
        if url.word not in self.about.reading.urls:
            try:
                other = url_genre(url.word).name
            except ValueError as e:
                raise ParseError(str(e)) from None
            raise ParseError(
                f"this is puzz.link's {url.word!r}, which gridsat reads as {other}, not "
                f"{self.name} (gridsat solve {other} URL, or gridsat solve URL)"
            )
        if self.parse_url is None:  # (a genre of its own that names words but reads none)
            raise ParseError(f"{self.name} reads no puzz.link URLs")
        given = [name for name, value in options.items() if value not in (None, False)]
        if given:
            flags = ", ".join(sorted(given))
            raise ParseError(f"{flags} apply to the genre's own text; a URL says all itself")
        try:
            return self.parse_url(url)
        except ParseError as e:
            said = str(e)
            if said.startswith(puzzlink.clip(url.text)):
                raise
            raise ParseError(f"{puzzlink.clip(url.text)}: {said}") from None

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
    """The module of every genre's rulebook: the built-in ones, those of ``PLUGINS``, then the
    installed ones (``ENTRY_POINTS``), each once."""
    return list(_rulebooks())


def _rulebooks() -> Iterator[str]:
    """``rulebooks()`` one by one, the installed ones looked up only when reached (reading every
    installed package's entry points takes a while)."""
    extra = os.environ.get(PLUGINS, "")
    named = [f".puzzles.{name}" for name in BUILTIN] + [
        m.strip() for m in extra.split(",") if m.strip()
    ]
    yield from dict.fromkeys(named)
    yield from (m for m in dict.fromkeys(installed()) if m not in named)


def installed() -> list[str]:
    """The rulebook modules of the genres installed as packages (``ENTRY_POINTS``), in the order
    of their entry points' names."""
    from importlib.metadata import entry_points

    return [e.module for e in sorted(entry_points(group=ENTRY_POINTS), key=lambda e: e.name)]


def about(module: str) -> About:
    """What the rulebook ``module`` declares; ValueError when it declares no genre, or fails
    to import (a plugin's error, such as a declaration the contract no longer takes, is its
    author's to read in one line)."""
    try:
        rules = importlib.import_module(_absolute(module))
    except Exception as e:
        raise ValueError(f"cannot load genre module {module!r}: {e}") from e
    found = getattr(rules, "GENRE", None)
    if not isinstance(found, About):
        raise ValueError(f"module {module!r} declares no GENRE")
    return found


def load(module: str) -> Genre[Any, Any]:
    """The genre whose rulebook is ``module``, its parts joined; ValueError naming the module
    and what it lacks, for a part that lacks a name the contract requires."""
    info = about(module)
    rules = importlib.import_module(_absolute(module))
    if not isinstance(rules, Rulebook):
        raise _refused(module, rules, Rulebook, "rulebook")
    reader = info.parts.parser or f".parsers.{info.name}"
    parser = importlib.import_module(_absolute(reader))
    if not isinstance(parser, Reader):
        raise _refused(reader, parser, Reader, "reader")
    modeller = info.parts.model or f".models.{info.name}"
    model = importlib.import_module(_absolute(modeller))
    if not isinstance(model, Model):
        raise _refused(modeller, model, Model, "model")
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
        make=rules.make if isinstance(rules, Makes) else None,
        picture=_absolute(info.parts.picture or f".pictures.{info.name}"),
        marked=parser.format_marked if isinstance(parser, Marks) else None,
        explain=parser.explain if isinstance(parser, Explains) else None,
        extras=parser.json_extras if isinstance(parser, AddsToJson) else None,
        settling=model.Settling if isinstance(model, Settles) else None,
        from_json=parser.from_json if isinstance(parser, ReadsBack) else None,
        cells=rules.cells if isinstance(rules, Counts) else None,
        make_styled=parser.make_styled if isinstance(parser, MakesStyled) else None,
        format_id=parser.format_id if isinstance(parser, WritesIds) else None,
        rows_text=parser.rows_text if isinstance(parser, ReadsRows) else None,
        parse_url=parser.parse_url if isinstance(parser, ReadsUrls) else None,
        format_url=parser.format_url if isinstance(parser, ReadsUrls) else None,
        format_styled=parser.format_styled if isinstance(parser, Restyles) else None,
        remarks=parser.remarks if isinstance(parser, Remarks) else None,
        questions=parser.questions if isinstance(parser, Asks) else None,
        two_ways=parser.two_ways if isinstance(parser, ReadsTwoWays) else None,
        read_as=parser.read_as if isinstance(parser, ReadsTwoWays) else None,
        assumes=model if isinstance(model, Assumes) else None,
    )


def _refused(module: str, found: object, part: type, role: str) -> ValueError:
    """A genre's module that cannot serve, refused in one line."""
    return ValueError(refusal(module, found, part, role))


def _absolute(module: str) -> str:
    """A module name, relative ones (``.pictures.hidato``) taken from this package."""
    return f"{__package__}{module}" if module.startswith(".") else module


def all_genres() -> tuple[Genre[Any, Any], ...]:
    """Every genre, in the order the help lists them."""
    return tuple(load(module) for module in rulebooks())


def described(genre: Genre[Any, Any]) -> About:
    """What ``gridsat genres`` lists and ``gridsat.genres()`` returns, one source for both: the
    rulebook's declaration with its model's encodings and the backend ``generate`` runs on."""
    info = genre.about
    return info._replace(
        solving=info.solving._replace(encodings=tuple(genre.encodings)),
        making=info.making._replace(backend=genre.generate_backend),
    )


def all_options() -> list[Option]:
    """Every genre's parser options, each keyword once (the command line offers them all)."""
    found: dict[str, Option] = {}
    for module in rulebooks():
        for option in about(module).reading.options:
            found.setdefault(option.keyword, option)
    return list(found.values())


def url_genre(word: str) -> Genre[Any, Any]:
    """The genre whose puzz.link word (``Reading.urls``) is ``word``; ValueError naming the
    genres gridsat reads from puzz.link when none is."""
    key = word.strip().lower()
    read = []
    for module in rulebooks():
        info = about(module)
        if key in info.reading.urls:
            return load(module)
        read += [f"{info.reading.urls[0]} ({info.name})"] if info.reading.urls else []
    raise ValueError(f"puzz.link's {word!r} is no genre gridsat reads (it reads {', '.join(read)})")


def get_genre(name: str) -> Genre[Any, Any]:
    """The genre called ``name`` or one of its aliases (only its modules are loaded);
    ValueError naming the choices."""
    key = name.strip().lower()
    builtin = _builtin(key)
    if builtin is not None:
        return load(builtin)
    for module in _rulebooks():
        info = about(module)
        if key == info.name or key in info.aliases:
            return load(module)
    names = ", ".join(about(m).name for m in rulebooks())
    raise ValueError(f"unknown genre {name!r} (known: {names})")


def genre_options(name: str) -> tuple[Option, ...] | None:
    """The options of the built-in genre called ``name`` (its rulebook alone loaded, so that a
    run pays for no other genre), or None for any other name."""
    builtin = _builtin(name.strip().lower())
    return None if builtin is None else about(builtin).reading.options


def _builtin(key: str) -> str | None:
    """The rulebook of the built-in genre called ``key`` by its own name, else None (aliases and
    other genres are looked up through every rulebook). A built-in genre comes first in
    ``rulebooks()``, so no other genre could take its name."""
    if key not in BUILTIN:
        return None
    module = f".puzzles.{key}"
    return module if about(module).name == key else None
