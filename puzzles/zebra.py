"""Logic grids (Zebra puzzles), in the player's words, and a checker from the clues alone."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..genres import About, GenerateError, Givens
from .grid import grid_answer

Grid = tuple[tuple[str, ...], ...]
"""Rows of symbols, one row a category; the symbol in column p stands at position p."""

# How many symbols each kind of clue takes: (at least, exactly or None, in pairs).
ARITY: dict[str, tuple[int, int | None, bool]] = {
    "=": (2, None, False),  # all in one column
    "!": (2, None, False),  # all in different columns
    "<": (2, 2, False),  # the first somewhere left of the second
    ">": (2, 2, False),  # the first somewhere right of the second
    "A": (2, 2, False),  # next to each other
    "1": (2, 2, False),  # the first immediately left of the second
    "i": (2, None, False),  # the first's column holds exactly one of the others
    "^": (2, None, False),  # at most one column holds two or more of them
    "p": (4, 4, False),  # a, b apart; c, d apart; each column holds 0 or 2 of the four
    "X": (2, None, True),  # taken in pairs: at most one pair shares a column
    # Beyond Grizzly, for the clue language:
    "N": (2, 2, False),  # not next to each other
    "|": (3, None, False),  # the first shares a column with at least one of the others
    "+": (2, 2, False),  # numeric: A's value is ``amount`` more than B's
    "more": (2, 2, False),  # numeric: A's value is greater than B's
}


NUMERIC_KINDS = ("+", "more")
"""Clue kinds of the clue language only (Grizzly has no numbers)."""


@dataclass(frozen=True)
class Clue:
    """One constraint: its kind (as in Ben Lynn's Grizzly) and the symbols it speaks of."""

    kind: str
    symbols: tuple[str, ...]
    # Numeric clues ("+": A's value is ``amount`` more than B's; "more": A's is greater) compare
    # the values that ``row`` (a category of numbers) holds in A's and B's columns.
    amount: int = 0
    row: int = 0


@dataclass(frozen=True)
class Zebra:
    """Categories of symbols, each a row; row 0 names the positions in order and never moves,
    every other row is to be permuted so that all clues hold."""

    rows: Grid
    clues: tuple[Clue, ...]
    names: tuple[str, ...] = ()  # the categories' names; row0, row1, ... when unnamed

    @property
    def size(self) -> int:
        return len(self.rows[0])

    def category_names(self) -> tuple[str, ...]:
        return self.names or tuple(f"row{i}" for i in range(len(self.rows)))


def number(symbol: str) -> int:
    """The number a value of a numeric category stands for (``age:30`` is 30)."""
    return int(symbol.rsplit(":", 1)[-1])


def holds(clue: Clue, col: dict[str, int], grid: Grid) -> bool:
    """Whether ``clue`` holds when each symbol stands in column ``col[symbol]`` of ``grid``."""
    c = [col[s] for s in clue.symbols]
    kind = clue.kind
    if kind in ("+", "more"):
        a, b = (number(grid[clue.row][x]) for x in c)
        return a - b == clue.amount if kind == "+" else a > b
    if kind == "=":
        return len(set(c)) == 1
    if kind == "!":
        return len(set(c)) == len(c)
    if kind == "<":
        return c[0] < c[1]
    if kind == ">":
        return c[0] > c[1]
    if kind == "A":
        return abs(c[0] - c[1]) == 1
    if kind == "1":
        return c[0] + 1 == c[1]
    if kind == "i":
        return sum(x == c[0] for x in c[1:]) == 1
    if kind == "^":
        return sum(c.count(x) >= 2 for x in set(c)) <= 1
    if kind == "p":
        return c[0] != c[1] and c[2] != c[3] and all(c.count(x) in (0, 2) for x in set(c))
    if kind == "X":
        return sum(a == b for a, b in zip(c[::2], c[1::2], strict=True)) <= 1
    if kind == "N":
        return abs(c[0] - c[1]) != 1
    if kind == "|":
        return c[0] in c[1:]
    raise ValueError(f"unknown clue kind {kind!r}")


def check(puzzle: Zebra, solution: Grid) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    if len(solution) != len(puzzle.rows):
        return [f"the solution has {len(solution)} rows, not {len(puzzle.rows)}"]
    problems = []
    # The positions stay; every other row holds its own symbols, each once.
    if solution[0] != puzzle.rows[0]:
        problems.append("the positions (row 0) moved")
    for i, (given, row) in enumerate(zip(puzzle.rows, solution, strict=True)):
        if sorted(given) != sorted(row):
            problems.append(f"row {i} is not a rearrangement of its symbols")
    if problems:
        return problems
    col = {s: p for row in solution for p, s in enumerate(row)}
    # Every clue holds.
    for n, clue in enumerate(puzzle.clues, 1):
        if not holds(clue, col, solution):
            problems.append(f"clue {n} ({clue.kind} {' '.join(clue.symbols)}) does not hold")
    return problems


# -- givens, for setters: the clues are what can be taken away, or added -----------------------

Given = Clue


def givens(puzzle: Zebra) -> list[Given]:
    """The clues."""
    return list(puzzle.clues)


def with_givens(puzzle: Zebra, shown: Iterable[Given]) -> Zebra:
    """The same categories with exactly these clues."""
    return dataclasses.replace(puzzle, clues=tuple(shown))


def given_at(puzzle: Zebra, solution: Grid, place: tuple[int, int]) -> Given:
    """A clue: the value the solution has in category ``place[0]`` stands at its position."""
    k, p = place
    return Clue("=", (solution[k][p], solution[0][p]))


def describe(puzzle: Zebra, given: Given) -> str:
    shown = [s.split(":", 1)[1] if puzzle.names else s for s in given.symbols]
    if given.kind == "=" and len(shown) == 2:
        return f"{shown[0]} is {shown[1]}"
    if given.kind == "!" and len(shown) == 2:
        return f"{shown[0]} is not {shown[1]}"
    return " ".join((given.kind, *shown))


GIVENS = Givens(givens, with_givens, given_at, describe)
answer = grid_answer  # place (category, position)


def place_name(puzzle: Zebra, place: Any) -> str:
    """A category at a position, as the table shows them."""
    k, p = place
    return f"{puzzle.category_names()[k]} at position {p + 1}"


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random answer (K categories of N values) and random clues true in it, added until
    the answer is the only one; the generator then takes away the clues it can spare."""
    categories, n = size
    if categories < 2 or n < 2:
        raise GenerateError("a logic grid needs at least 2 categories of 2 values")
    rows = [tuple(f"c{k}v{i}" for i in range(n)) for k in range(categories)]
    hidden = (rows[0], *(tuple(rng.sample(row, n)) for row in rows[1:]))
    col = {s: p for row in hidden for p, s in enumerate(row)}
    symbols = [s for row in rows for s in row]
    clues: list[Clue] = []
    while True:
        clue = Clue(rng.choice(["=", "!", "A", "1", "<", "=", "!"]), tuple(rng.sample(symbols, 2)))
        if not holds(clue, col, hidden) or clue in clues:
            continue
        clues.append(clue)
        puzzle = Zebra(tuple(rows), tuple(clues))
        if len(clues) % 5 == 0 and len(solutions(puzzle, 2)) == 1:
            return puzzle, hidden, []


GENRE = About(
    name="zebra",
    aliases=("logic-grid",),
    summary="place every value of every category at one position so all clues hold",
    input_format="categories (`colour: red green blue`), then clues such as `red is "
    "dog`, `red is just left of blue`, `cat is next to fish`; or Ben Lynn's Grizzly "
    "format (rows of symbols, a line %%, clues = ! < > A 1 i ^ p X)",
    example="colour: red green blue\npet: cat dog fish\nred is dog\n"
    "dog is just left of fish\nblue is left of red",
    default_backend="sat:cadical195",
    default_encoding="boolean",
    output_formats=("table",),
    sizes="KxN (K categories of N values)",
)
