"""The genre contract: what a genre's modules must hold, and what a genre says of itself.

This is the one place the contract is written down. A genre is four modules:

- its rulebook, ``puzzles/NAME.py`` (``Rulebook``): the rules, the givens a setter may take
  away or add, and ``GENRE``, what the genre says of itself (``About``); optionally a maker
  of random puzzles (``Makes``) and its own count of cells (``Counts``);
- its reader and printers, ``parsers/NAME.py`` (``Reader``); optionally a solution printed
  with places marked (``Marks``), each clue as read (``Explains``), more keys for a solved
  puzzle's JSON (``AddsToJson``) and a solution read back from its JSON (``ReadsBack``);
- its model, ``models/NAME.py`` (``Model``); optionally a pruning asked again and again as a
  generator adds givens (``Settles``), and its clauses parted into a shape's and the clues'
  literals (``Assumes``);
- its drawing, ``pictures/NAME.py`` (``Drawing``), imported only to draw.

A genre that shares another's modules, or lives outside the package, names its modules in
full in ``About.parts``. A genre outside the package is found by its rulebook's module name,
through the entry point group ``gridsat.genres`` (each entry point names a rulebook module) or
the ``GRIDSAT_GENRES`` environment variable (comma-separated module names); the registry then
loads it exactly as a built-in one, and the conformance test (``tests/test_contract.py``) puts
every genre through the same checks. The protocols here are checked when a genre loads: a module
that lacks a required name is refused, naming the names it lacks.

To add a built-in genre: write its four modules, add its name to ``registry.BUILTIN`` (the
order the help lists genres in) and its examples to ``data/NAME/``; the conformance, golden,
render, setter and fuzz tests then take it in.

The bottom layer: rulebooks import these and nothing above them; the registry
(``registry.py``) joins a genre's parts by them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

P = TypeVar("P")  # a genre's puzzle
S = TypeVar("S")  # a genre's solution
G = TypeVar("G")  # a genre's given
P_contra = TypeVar("P_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)
B_co = TypeVar("B_co", covariant=True)  # what a model builds (``models.model.Built``)

Place = tuple[int, int]
"""Where an answer value stands: (row, column) on boards, (category, position) in logic grids."""


class GenerateError(ValueError):
    """A size the genre cannot make, or no unique puzzle within the attempts."""


# -- what a genre says of itself ------------------------------------------------------------------
# Named tuples: immutable declarations, compared and hashed by their fields, and made in a
# twentieth of a frozen dataclass's time (every run loads them); ``_replace`` makes a changed one.


class Option(NamedTuple):
    """A keyword the genre's parser takes, and the command-line flag that sets it."""

    keyword: str
    flag: str
    help: str
    type: Callable[[str], Any] | None = str  # None: a switch, on when given
    metavar: str | None = None
    also: tuple[str, ...] = ()  # other spellings of the flag (one a command's own flag leaves)


class Reading(NamedTuple):
    """How a puzzle is written for the genre, and how its solutions can be printed."""

    input_format: str  # what ``parse`` reads, in the player's words
    example: str  # a puzzle ``parse`` reads, with one solution
    options: tuple[Option, ...] = ()  # keywords ``parse`` takes, and their flags
    output_formats: tuple[str, ...] = ("grid",)  # ``format_solution``'s styles, the default first
    urls: tuple[str, ...] = ()  # puzz.link's words for the genre (``ReadsUrls``), the written first


class Solving(NamedTuple):
    """How the genre is solved unless told otherwise."""

    default_backend: str  # measured the fastest on the genre's examples
    default_encoding: str  # one of the model's ``ENCODINGS``
    encodings: tuple[str, ...] = ()  # left out by a rulebook: ``described`` takes its model's
    encodings_on: tuple[tuple[str, str], ...] = ()  # (backend family, encoding): the default
    # encoding on that family of backends where another suits it, measured (CP-SAT's integers)
    params: tuple[tuple[str, str, str], ...] = ()  # (backend family, name, value): defaults
    explains_no_solution: bool = False  # `solve` shows givens that contradict, for no solution


class Making(NamedTuple):
    """What ``generate`` takes and how it makes the genre's puzzles."""

    sizes: str = "WxH"  # what ``generate --size`` takes
    small: str = "5x5"  # a size ``generate`` makes in a moment (examples, tests)
    size: str = ""  # the size ``generate`` makes without ``--size`` (as people play it; "": small)
    largest: int = 2_500  # the most cells ``generate`` takes on (more where puzzles stay quick)
    styles: tuple[str, ...] = ()  # what ``generate --style`` takes: ways to write a made puzzle
    backend: str = ""  # what ``generate`` runs on (default: the default backend); see below
    """Generation needs a backend with a repeatable budget (the ``effort`` capability), so a
    seed makes the same puzzle on any machine: a genre whose default backend has none (Kissat)
    names one that has."""
    adds_givens: bool = False  # `generate` adds givens until propagation solves the puzzle
    graded: bool = True  # `generate` grades each puzzle (False: only for --difficulty)
    attempts: int = 0  # random solutions `generate --difficulty` tries (0: the generator's
    # STARTS); more where the layout alone sets the difficulty and no given is left to swap
    session: bool = True  # removal tests on one solver session over the puzzle without its
    # givens (False: each a fresh build, where the givens kept prune the model to a few values)
    climbs: bool = True  # a minimal puzzle below its band swaps givens toward it (False:
    # where the layout alone sets the difficulty, and a swap costs a grade to no end)
    top_after: bool = False  # a band's top score within a level is tested once, on the minimal
    # puzzle; when it is past the top, the givens taken away are shown again from the last, by
    # halves, until it is below (where a grade costs more than a removal pass)


class Grading(NamedTuple):
    """How ``grade`` measures the genre."""

    encoding: str = ""  # the encoding ``grade`` measures on (default: the default encoding)
    bands: tuple[tuple[str, float, float], ...] = ()  # (band, low, high) scores (grade.BANDS)
    levels: tuple[tuple[str, float, float], ...] = ()  # the levels people know, by their scores
    levels_of: str = ""  # whose levels those are, as said before one ("Tatham's")
    prune: bool = True  # graded on the builder's pruned model (False: where the pruning alone
    # solves the genre's puzzles, as a person could not: the bare model)
    waves: bool = False  # within level 1, scored by the waves of propagation it takes (where
    # no switches of harder rules part the puzzles that propagation alone solves)
    effort: int = 0  # propagations a generator's grade of one attempt may take, past which the
    # attempt is given up (0: no limit); a count, so a seed makes the same puzzle everywhere


class Parts(NamedTuple):
    """Where the genre's modules are, each defaulting to its standard place (``parsers/NAME.py``,
    ``models/NAME.py``, ``pictures/NAME.py``): a genre that shares another's, or lives outside
    the package, names them in full (``.models.loop``, ``mypackage.latin``)."""

    parser: str = ""
    model: str = ""
    picture: str = ""
    data: str = ""  # its examples' folder under data/ (default: the genre's name)


class About(NamedTuple):
    """What a genre says of itself, as ``GENRE`` in its rulebook."""

    name: str
    summary: str  # the rules in one line
    reading: Reading
    solving: Solving
    aliases: tuple[str, ...] = ()  # other names it is known by
    making: Making = Making()
    grading: Grading = Grading()
    parts: Parts = Parts()


# -- a setter's handles ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Givens(Generic[P, S, G]):
    """What a setter may take from a puzzle or add to it: numbers shown, clues, fixed tiles."""

    of: Callable[[P], list[G]]  # the puzzle's givens
    keep: Callable[[P, Iterable[G]], P]  # the puzzle showing exactly these
    at: Callable[[P, S, Place], G]  # the solution's value at a place, as a given
    describe: Callable[[P, G], str]  # a given in the player's words
    first: Callable[[P, G], bool] | None = None  # taken away before the others (the grid's
    # digits before the clues around it: a made puzzle looks as the genre's puzzles look)


Maker = Callable[[tuple[int, int], random.Random, Callable[[Any, int], list[Any]]], Any]
"""``make(size, rng, solutions)``: a random puzzle of ``size`` shown whole, its solution and the
givens never to take away; ``solutions(puzzle, n)`` finds up to n solutions on the generator's
backend. A genre with ``styles`` makes a puzzle written in one of them in its parser:
``make_styled(size, rng, solutions, style)``, which the generator asks when a style is given."""


# -- the rulebook: puzzles/NAME.py ----------------------------------------------------------------


@runtime_checkable
class Rulebook(Protocol[P, S]):
    """A genre's rules, written from the rules alone (no solver, no model): the puzzle type is
    the genre's own (a frozen dataclass), as is its solution's."""

    GENRE: About
    GIVENS: Givens[P, S, Any]  # (``puzzles/grid.py`` has them for boards of numbers)

    def check(self, puzzle: P, solution: S, /) -> list[str]:
        """What breaks the rules in ``solution``, in the player's words; empty when it holds."""
        ...

    def answer(self, solution: S, /) -> Mapping[Place, Any]:
        """The solution, place by place, in the genre's order: uniqueness and diagnosis compare
        these values."""
        ...

    def place_name(self, puzzle: P, place: Place, /) -> str:
        """A place in the player's words (``r2c3``)."""
        ...


@runtime_checkable
class Makes(Protocol):
    """A rulebook's maker of random puzzles, for ``generate`` (see ``Maker``)."""

    def make(
        self,
        size: tuple[int, int],
        rng: random.Random,
        solutions: Callable[[Any, int], list[Any]],
        /,
    ) -> Any:
        """A random puzzle of ``size`` shown whole, its solution and the givens never to take
        away, as (puzzle, solution, givens)."""
        ...


@runtime_checkable
class Counts(Protocol[P_contra]):
    """A rulebook's own count of a puzzle's cells, for a board that is not W x H cells."""

    def cells(self, puzzle: P_contra, /) -> int:
        """How many cells the puzzle has (``bench``'s measure of size)."""
        ...


# -- the reader and printers: parsers/NAME.py -----------------------------------------------------


@runtime_checkable
class Reader(Protocol[P, S_contra]):
    """How a genre's puzzles are read and its puzzles and solutions written."""

    def parse(self, text: str, /, **options: Any) -> P:
        """The puzzle ``text`` describes, in any of the genre's input formats; ``options`` are
        the keywords of ``Reading.options``. ``parsers.ParseError`` saying where, when it cannot."""
        ...

    def format_puzzle(self, puzzle: P, /) -> str:
        """The puzzle in its own input format: ``parse`` reads it back as the same puzzle."""
        ...

    def format_solution(self, puzzle: P, solution: S_contra, style: str, /) -> str:
        """The solution in one of ``Reading.output_formats``."""
        ...

    def to_json(self, puzzle: P, solution: S_contra, /) -> Any:
        """The solution as JSON data (``solve --json``'s ``solution``)."""
        ...


@runtime_checkable
class Marks(Protocol[P_contra, S_contra]):
    """A reader that marks places in a solution its own way (a solution that is not rows of
    values): without it, ``?`` takes the value's place in the grid."""

    def format_marked(self, puzzle: P_contra, solution: S_contra, places: set[Place], /) -> str:
        """The solution with ``places`` marked (``diagnose``'s free cells)."""
        ...


@runtime_checkable
class Explains(Protocol[P_contra]):
    """A reader that can say how it read each clue (``solve --explain``)."""

    def explain(self, puzzle: P_contra, /) -> list[str]:
        """Each clue as read, one line each."""
        ...


@runtime_checkable
class Asks(Protocol[P_contra]):
    """A reader of puzzles that ask questions ("Who owns the zebra?"), which ``solve`` answers
    and proves, by the model's ``Built.asks``."""

    def questions(self, puzzle: P_contra, /) -> list[str]:
        """The questions a puzzle asks, in order."""
        ...


@runtime_checkable
class ReadsTwoWays(Protocol[P]):
    """A reader that keeps a clue it can read two ways as both: ``solve`` solves each way and
    goes on when they give the same answer, else names the clue and its readings."""

    def two_ways(self, puzzle: P, /) -> list[tuple[str, list[str]]]:
        """Each clue that reads two ways (or more): its text, and each reading in words."""
        ...

    def read_as(self, puzzle: P, picks: tuple[int, ...], /) -> P:
        """The puzzle with each such clue read the ``picks``-th way, in order."""
        ...


@runtime_checkable
class Remarks(Protocol[P_contra]):
    """A reader that sets aside what is not a puzzle's (a sentence that is no clue), and says so."""

    def remarks(self, puzzle: P_contra, /) -> list[str]:
        """What was read and set aside, one line each (``solve`` writes them on stderr)."""
        ...


@runtime_checkable
class AddsToJson(Protocol[P_contra, S_contra]):
    """A reader with more to say of a solution in JSON than ``to_json`` (a puzzle's answer)."""

    def json_extras(self, puzzle: P_contra, solution: S_contra, /) -> dict[str, Any]:
        """More keys for ``solve --json``."""
        ...


@runtime_checkable
class WritesIds(Protocol[P_contra]):
    """A reader that writes a puzzle as a Simon Tatham game ID too (``convert(puzzle,
    "tatham")``)."""

    def format_id(self, puzzle: P_contra, /) -> str:
        """The puzzle as the game ID its collection reads."""
        ...


@runtime_checkable
class ReadsRows(Protocol):
    """A reader of a grid given as Python values (``gridsat.read(genre, rows)``): rows of
    cells, or an array, with blanks as ``Reading.input_format`` documents them."""

    def rows_text(self, rows: Any, /) -> str:
        """The grid written as the genre's own text (which ``parse`` reads);
        ``parsers.ParseError`` naming a cell that holds no value of the genre's."""
        ...


@runtime_checkable
class ReadsUrls(Protocol[P]):
    """A reader of the genre's puzz.link URLs (``Reading.urls`` its words there): the puzzle
    community's common format, read as leniently as pzprjs reads it and written as it writes."""

    def parse_url(self, url: Any, /) -> P:
        """The puzzle a ``parsers.puzzlink.Url`` gives; ``parsers.ParseError`` when bad, or when
        it says what the genre has no rule for."""
        ...

    def format_url(self, puzzle: P, /) -> str:
        """The puzzle as the URL puzz.link opens as the same board; ``ValueError`` when the
        puzzle has what the site's genre cannot hold."""
        ...


@runtime_checkable
class Restyles(Protocol[P_contra]):
    """A reader that writes a puzzle in each of ``Making.styles`` (``convert``), its plain
    layout for ``""``; the puzzle read back from one is the same puzzle."""

    def format_styled(self, puzzle: P_contra, style: str, /) -> str:
        """The puzzle written in ``style``."""
        ...


@runtime_checkable
class ReadsBack(Protocol[P_contra, S_co]):
    """A reader that reads a solution back from ``to_json``'s form, so that a file's own
    solution (its author may be wrong) is judged by the genre's ``check``."""

    def from_json(self, puzzle: P_contra, data: Any, /) -> S_co:
        """The solution ``data`` gives; ``parsers.ParseError`` when it is not one."""
        ...


@runtime_checkable
class MakesStyled(Protocol):
    """A reader that writes a made puzzle in one of the genre's ``Making.styles`` (the rulebook's
    ``make`` knows no style: writing a puzzle is the parser's)."""

    def make_styled(
        self,
        size: tuple[int, int],
        rng: random.Random,
        solutions: Callable[[Any, int], list[Any]],
        style: str,
        /,
    ) -> Any:
        """As ``Makes.make``, the puzzle written in ``style``."""
        ...


# -- the model: models/NAME.py --------------------------------------------------------------------


@runtime_checkable
class Model(Protocol[P_contra, B_co]):
    """A genre's constraint model, neutral of backends."""

    ENCODINGS: tuple[str, ...]  # the ways ``build`` can encode the puzzle, the default first

    def build(self, puzzle: P_contra, encoding: str = ..., prune: bool = ...) -> B_co:
        """The puzzle's model in ``encoding`` and the decoder of its solutions
        (``models.model.Built``); ``prune=False`` leaves out the pruning that is not a rule (so
        that ``grade`` measures the rules alone)."""
        ...


@runtime_checkable
class Settles(Protocol[P]):
    """A model whose pruning can be asked again and again of one board (made from its first
    puzzle) as a generator adds givens: each answer sooner from those before."""

    Settling: Callable[[P], Callable[[P], Mapping[Place, Any] | None]]
    """``Settling(puzzle)(other)``: the values the pruning fixes in ``other``, by place; None
    when it finds the puzzle has no solution."""


@runtime_checkable
class Assumes(Protocol[P_contra, B_co]):
    """A model whose clauses part in two: the rules over a board of the puzzle's shape, which no
    clue changes, and the clues, each a literal of that model for a solver to assume (a digit
    given: its cell's literal of that digit). ``bench`` then solves a file of puzzles of one
    shape on one solver: the shape's model built and loaded once, each puzzle's clues assumed.

    What a solver derives from the shape's model alone holds for every puzzle of the shape: the
    clauses it learns, and the cuts of lazy constraints (a ``Connected``), which it keeps from one
    puzzle to the next. So nothing in the shape's model may come from a clue: not a given's
    pruning, nor a ``Connected``'s anchors (a cut that leans on an anchor holds only where the
    anchor's clue is). A genre whose clauses are its clues (a nonogram's runs) declares none."""

    def shape(self, puzzle: P_contra, encoding: str, /) -> Hashable | None:
        """What the shape's model depends on (the board's size and layout, the rules in force):
        puzzles with equal shapes share one; None where ``puzzle`` or ``encoding`` takes no
        part (a clue that is a constraint, as a killer cage's sum)."""
        ...

    def shape_model(self, puzzle: P_contra, encoding: str, /) -> B_co:
        """The model of every puzzle of ``puzzle``'s shape, its clues left out, and the decoder
        of its solutions (``models.model.Built``)."""
        ...

    def clues(self, puzzle: P_contra, built: Any, /) -> list[int]:
        """``puzzle``'s clues as literals of ``built`` (the ``shape_model`` of a puzzle of its
        shape): assumed true, the model has the solutions ``build(puzzle, encoding)`` has,
        decoded the same."""
        ...


# -- the drawing: pictures/NAME.py ----------------------------------------------------------------


@runtime_checkable
class Drawing(Protocol[P_contra, S_contra]):
    """A genre's picture, drawn with matplotlib (imported only to draw). Board coordinates:
    cell (r, c) is the unit square at x = c..c+1, y = r..r+1, y pointing down."""

    def extent(self, puzzle: P_contra, /) -> tuple[float, float, float, float]:
        """The box the board needs, in cells: (x0, y0, x1, y1)."""
        ...

    def draw(
        self,
        ax: Any,
        puzzle: P_contra,
        solution: S_contra | None,
        marked: set[Place],
        points: float,
    ) -> None:
        """The puzzle (``solution`` None) or its solution on matplotlib's axes ``ax``, the
        ``marked`` places shown; ``points`` is a cell's side in points (for font sizes)."""
        ...


def members(part: type) -> tuple[str, ...]:
    """The names one of these protocols asks a module for, in the order it declares them."""
    from inspect import get_annotations  # (only here: a genre refused, or a test asking)

    methods = [k for k, v in vars(part).items() if callable(v) and not k.startswith("_")]
    return (*get_annotations(part), *methods)


def lacking(module: object, part: type) -> list[str]:
    """The names a protocol asks for that ``module`` lacks (what ``isinstance`` found false)."""
    return [name for name in members(part) if not hasattr(module, name)]


def refusal(module: str, found: object, part: type, role: str) -> str:
    """Why a genre's module cannot serve as ``part``, in one line for its author: the names it
    lacks, and all the protocol asks for."""
    return (
        f"genre module {module!r} lacks {', '.join(lacking(found, part))}: a {role} needs "
        f"{', '.join(members(part))} (gridsat.contract.{part.__name__})"
    )
