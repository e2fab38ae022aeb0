"""The genre contract: what a genre declares about itself and what a setter may change.

The bottom layer: rulebooks (``puzzles/``) import these and nothing above them; the registry
(``registry.py``) joins a genre's parts by them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

P = TypeVar("P")  # a genre's puzzle
S = TypeVar("S")  # a genre's solution
G = TypeVar("G")  # a genre's given

Place = tuple[int, int]
"""Where an answer value stands: (row, column) on boards, (category, position) in logic grids."""


class GenerateError(ValueError):
    """A size the genre cannot make, or no unique puzzle within the attempts."""


@dataclass(frozen=True)
class Option:
    """A keyword the genre's parser takes, and the command-line flag that sets it."""

    keyword: str
    flag: str
    help: str
    type: Callable[[str], Any] | None = str  # None: a switch, on when given
    metavar: str | None = None
    also: tuple[str, ...] = ()  # other spellings of the flag (one a command's own flag leaves)


@dataclass(frozen=True)
class About:
    """What a genre says of itself, as ``GENRE`` in its rulebook. The module names default to
    the standard places (``parsers/NAME.py``, ...); a genre that shares another's parts, or lives
    outside the package, names its modules in full."""

    name: str
    summary: str
    input_format: str
    example: str
    default_backend: str
    default_encoding: str
    aliases: tuple[str, ...] = ()
    output_formats: tuple[str, ...] = ("grid",)
    options: tuple[Option, ...] = ()
    sizes: str = "WxH"  # what ``generate --size`` takes
    small: str = "5x5"  # a size ``generate`` makes in a moment (examples, tests)
    largest: int = 2_500  # the most cells ``generate`` takes on (more where puzzles stay quick)
    parser: str = ""
    model: str = ""
    picture: str = ""
    data: str = ""  # its examples' folder under data/
    styles: tuple[str, ...] = ()  # what ``generate --style`` takes: ways to write a made puzzle
    explains_no_solution: bool = False  # `solve` shows givens that contradict, for no solution
    grade_encoding: str = ""  # the encoding ``grade`` measures on (default: default_encoding)
    bands: tuple[tuple[str, float, float], ...] = ()  # (band, low, high) scores (grade.BANDS)
    graded_when_made: bool = True  # `generate` grades each puzzle (False: only for --difficulty)
    params: tuple[tuple[str, str, str], ...] = ()  # (backend family, name, value): defaults
    generate_backend: str = ""  # what ``generate`` runs on (default: default_backend); see below
    """Generation needs a backend with a repeatable budget (the ``effort`` capability), so a
    seed makes the same puzzle on any machine: a genre whose default backend has none (Kissat)
    names one that has."""
    adds_givens: bool = False  # `generate` adds givens until propagation solves the puzzle
    encodings: tuple[str, ...] = ()  # left out by a rulebook: ``described`` takes its model's


@dataclass(frozen=True)
class Givens(Generic[P, S, G]):
    """What a setter may take from a puzzle or add to it: numbers shown, clues, fixed tiles."""

    of: Callable[[P], list[G]]  # the puzzle's givens
    keep: Callable[[P, Iterable[G]], P]  # the puzzle showing exactly these
    at: Callable[[P, S, Place], G]  # the solution's value at a place, as a given
    describe: Callable[[P, G], str]  # a given in the player's words


Maker = Callable[[tuple[int, int], random.Random, Callable[[Any, int], list[Any]]], Any]
"""``make(size, rng, solutions)``: a random puzzle of ``size`` shown whole, its solution and the
givens never to take away; ``solutions(puzzle, n)`` finds up to n solutions on the generator's
backend. A genre with ``styles`` makes a puzzle written in one of them in its parser:
``make_styled(size, rng, solutions, style)``, which the generator asks when a style is given."""
