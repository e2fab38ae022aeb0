"""Logic grids (Zebra puzzles), in the player's words, and a checker from the clues alone."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
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
    "D": (2, 2, False),  # ``amount`` positions apart, either way ("one house between": 2)
    "B": (3, 3, False),  # the first strictly between the other two, in either order
    "?": (0, 0, False),  # one of its ``readings`` holds (a clue that reads two ways)
}


NUMERIC_KINDS = ("+", "more")
"""Clue kinds of the clue language only (Grizzly has no numbers)."""

ORDER_KINDS = ("<", ">", "A", "1", "N", "D", "B")
"""Clue kinds that speak of the order of the positions (left, right, next to)."""

POSITION = "position"
"""The name of the positions 1..N the clue language adds when no category is the order."""


@dataclass(frozen=True, slots=True)
class Clue:
    """One constraint: its kind (as in Ben Lynn's Grizzly) and the symbols it speaks of."""

    kind: str
    symbols: tuple[str, ...]
    # Numeric clues ("+": A's value is ``amount`` more than B's; "more": A's is greater) compare
    # the values that ``row`` (a category of numbers) holds in A's and B's columns.
    amount: int = 0
    row: int = 0
    # Where the clue was read: the line as written and its number (none for a made clue).
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)
    # A clue that reads two ways (kind "?"): its readings, each the constraints it says; the
    # puzzle is solved each way, and must come out the same (see ``read_as``).
    readings: tuple[tuple[Clue, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Question:
    """A question the puzzle asks: the value of category ``row`` at the position of
    ``subject`` (a position or a value); row 0 asks for the position itself."""

    text: str
    row: int
    subject: str
    choices: tuple[str, ...] = ()  # a multiple-choice question's choices, as written


@dataclass(frozen=True, slots=True)
class Zebra:
    """Categories of symbols, each a row; row 0 names the positions in order and never moves,
    every other row is to be permuted so that all clues hold."""

    rows: Grid
    clues: tuple[Clue, ...]
    names: tuple[str, ...] = ()  # the categories' names; row0, row1, ... when unnamed
    # What row 0 is: "given" (an `order` category, or Grizzly's first row), "implicit" (the
    # positions 1..N, added because no category is the order) or "key" (the first category:
    # no category is the order and no clue speaks of positions, so positions are
    # interchangeable and each value of the first category stands at its own).
    positions: str = "given"
    # Read from (or written as) English: each category's name for a person ("Name", "Pet"),
    # the questions asked (``Question``), and the style the puzzle is written in: "houses",
    # "baron" (category lists and English clues), or "" (the clue language; Grizzly unnamed).
    # (labels and style say how to write the puzzle, not what it is: not compared)
    labels: tuple[str, ...] = field(default=(), compare=False)
    questions: tuple[Question, ...] = ()
    style: str = field(default="", compare=False)
    # Sentences of the text that name no value, set aside as no clue: (line, text).
    notes: tuple[tuple[int, str], ...] = field(default=(), compare=False)

    @property
    def size(self) -> int:
        return len(self.rows[0])

    @property
    def question(self) -> Question | None:
        """The first question asked, if any."""
        return self.questions[0] if self.questions else None

    def category_names(self) -> tuple[str, ...]:
        return self.names or tuple(f"row{i}" for i in range(len(self.rows)))


def speaks_of_positions(clue: Clue, positions: tuple[str, ...]) -> bool:
    """Whether a clue depends on which position is which: its kind orders them, it names a
    position, or it compares the positions' numbers."""
    return (
        clue.kind in ORDER_KINDS
        or any(s in positions for s in clue.symbols)
        or (clue.kind in NUMERIC_KINDS and clue.row == 0)
    )


def arranged(puzzle: Zebra, clues: tuple[Clue, ...]) -> Zebra:
    """The puzzle with exactly these clues. Without an order category, row 0 is the positions
    1..N while a clue speaks of positions, and the first category (the key) when none does:
    the same rule the clue language reads by, so a clue taken away here acts as if deleted
    from the text."""
    if puzzle.positions == "given":
        return replace(puzzle, clues=clues)
    if puzzle.positions == "key":  # back to the implicit form: positions 1..N as row 0
        numbered = tuple(f"{POSITION}:{p}" for p in range(1, puzzle.size + 1))
        puzzle = replace(
            puzzle, rows=(numbered, *puzzle.rows), clues=_shifted(puzzle.clues, 1),
            names=(POSITION, *puzzle.names), positions="implicit",
        )  # fmt: skip
        clues = _shifted(clues, 1)
    if len(puzzle.rows) > 2 and not any(speaks_of_positions(c, puzzle.rows[0]) for c in clues):
        return replace(
            puzzle, rows=puzzle.rows[1:], clues=_shifted(clues, -1), names=puzzle.names[1:],
            positions="key",
        )  # fmt: skip
    return replace(puzzle, clues=clues, positions="implicit")


def two_ways(puzzle: Zebra) -> list[Clue]:
    """The clues that read two ways (or more), in order."""
    return [c for c in puzzle.clues if c.kind == "?"]


def read_as(puzzle: Zebra, picks: tuple[int, ...]) -> Zebra:
    """The puzzle with each clue that reads two ways read the ``picks``-th way, in order."""
    chosen = iter(picks)
    clues: list[Clue] = []
    for clue in puzzle.clues:
        if clue.kind == "?":
            way = clue.readings[next(chosen)]
            clues += [replace(c, source=clue.source, line=clue.line) for c in way]
        else:
            clues.append(clue)
    return replace(puzzle, clues=tuple(clues))


def _shifted(clues: Iterable[Clue], by: int) -> tuple[Clue, ...]:
    """Numeric clues re-aimed at their category after a row is added (1) or taken (-1) first."""
    return tuple(replace(c, row=c.row + by) if c.kind in NUMERIC_KINDS else c for c in clues)


def number(symbol: str) -> int:
    """The number a value of a numeric category stands for (``age:30`` is 30); a value written
    in English (``price:$1,250``, ``date:May 3``, ``time:9:30am``) in its smallest unit."""
    text = symbol.split(":", 1)[-1]
    if text.lstrip("-").isascii() and text.lstrip("-").isdigit():
        return int(text)
    from .quantities import quantity

    return quantity(text)


def holds(clue: Clue, col: dict[str, int], grid: Grid) -> bool:
    """Whether ``clue`` holds when each symbol stands in column ``col[symbol]`` of ``grid``."""
    if clue.kind == "?":
        return any(all(holds(c, col, grid) for c in way) for way in clue.readings)
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
    if kind == "D":
        return abs(c[0] - c[1]) == clue.amount
    if kind == "B":
        return min(c[1], c[2]) < c[0] < max(c[1], c[2])
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


# -- a clue in words: the clue language, as the printers and ``describe`` say it ---------------


def clue_text(puzzle: Zebra, clue: Clue) -> str:
    """One clue in the clue language (a Grizzly code where the language has no words): how
    ``describe`` and the printers say a clue."""
    kind, symbols = clue.kind, clue.symbols
    if kind == "?":
        return " or else ".join(" and ".join(clue_text(puzzle, c) for c in way)
                                for way in clue.readings)  # fmt: skip
    words = [_word(puzzle, s) for s in symbols]
    at = puzzle.positions != "key"
    if kind in "=!" and len(symbols) == 2 and at and symbols[1] in puzzle.rows[0]:
        return f"{words[0]} is {'' if kind == '=' else 'not '}at {_at(puzzle, symbols[1])}"
    simple = {
        "=": "{0} is {1}",
        "!": "{0} is not {1}",
        "<": "{0} is left of {1}",
        ">": "{0} is right of {1}",
        "A": "{0} is next to {1}",
        "N": "{0} is not next to {1}",
        "1": "{0} is just left of {1}",
    }
    if kind in simple and len(symbols) == 2:
        return simple[kind].format(*words)
    if kind == "!":
        return "different: " + ", ".join(words)
    if kind == "|":
        return f"{words[0]} is " + " or ".join(words[1:])
    if kind == "D":
        return f"{words[0]} is {clue.amount} away from {words[1]}"
    if kind == "B":
        return f"{words[0]} is between {words[1]} and {words[2]}"
    if kind == "p":
        return f"of {words[0]} and {words[1]}, one is {words[2]} and the other is {words[3]}"
    if kind in NUMERIC_KINDS:
        category = puzzle.category_names()[clue.row]
        if kind == "more":
            return f"{words[0]} is more than {words[1]} in {category}"
        direction = "more" if clue.amount >= 0 else "less"
        from .quantities import smallest_unit

        unit = smallest_unit(puzzle.rows[clue.row])
        counted = f" ({unit})" if unit else ""
        return (
            f"{words[0]} is {abs(clue.amount)} {direction} than {words[1]} in {category}{counted}"
        )
    return " ".join((kind, *words))


def value_name(puzzle: Zebra, symbol: str) -> str:
    """A value's name, without its category."""
    return symbol.split(":", 1)[1] if puzzle.names else symbol


def _word(puzzle: Zebra, symbol: str) -> str:
    """A value as a clue names it: alone when no other value has its name, else with its
    category; quoted when it has several words."""
    name = value_name(puzzle, symbol)
    if puzzle.names:
        same = sum(
            value_name(puzzle, s).lower() == name.lower()
            for i, row in enumerate(puzzle.rows)
            for s in row
            if not (i == 0 and puzzle.positions == "implicit" and s != symbol)
        )
        if same > 1 or ":" in name or name.lower() in ("the", "a", "an"):
            name = symbol
    if " " in name:
        head, _, tail = name.rpartition(":") if ":" in name else ("", "", name)
        name = f'{head}:"{tail}"' if head else f'"{tail}"'
    return name


def _at(puzzle: Zebra, symbol: str) -> str:
    """A position as ``at`` reads it: its number when that is its place, else its name."""
    place = puzzle.rows[0].index(symbol) + 1
    if value_name(puzzle, symbol) == str(place):
        return str(place)
    word = _word(puzzle, symbol)
    return symbol if word.isascii() and word.isdigit() else word


# -- givens, for setters: the clues are what can be taken away, or added -----------------------

Given = Clue


def givens(puzzle: Zebra) -> list[Given]:
    """The clues."""
    return list(puzzle.clues)


def with_givens(puzzle: Zebra, shown: Iterable[Given]) -> Zebra:
    """The same categories with exactly these clues (row 0 as they call for: ``arranged``)."""
    return arranged(puzzle, tuple(shown))


def given_at(puzzle: Zebra, solution: Grid, place: tuple[int, int]) -> Given:
    """A clue: the value the solution has in category ``place[0]`` stands at its position
    (with a key, it matches the key's value there, named first: ``bob is dog``)."""
    k, p = place
    if puzzle.positions == "key":
        return Clue("=", (solution[0][p], solution[k][p]))
    return Clue("=", (solution[k][p], solution[0][p]))


def describe(puzzle: Zebra, given: Given) -> str:
    """A clue as the player wrote it, with its line and, when its words differ, how it was
    read (in the clue language), so a reading can be audited; a made clue in the clue language."""
    reading = clue_text(puzzle, given)
    if not given.source:
        return reading
    said = f"line {given.line}: {given.source}" if given.line else given.source
    words = [w for w in given.source.lower().rstrip(".").split() if w not in ("the", "a", "an")]
    same = " ".join(words) == reading.lower()
    return said if same else f"{said} (reads: {reading})"


GIVENS = Givens(givens, with_givens, given_at, describe)
answer = grid_answer  # place (category, position)


def cells(puzzle: Zebra) -> int:
    """How many places the answer has, a value of each category at each position (``bench``'s
    measure of a puzzle's size)."""
    return len(puzzle.rows) * puzzle.size


def place_name(puzzle: Zebra, place: tuple[int, int]) -> str:
    """A category at a position, in words: ``colour at house 2`` (the position by the order
    category's value; ``position 2`` in Grizzly); the positions' own row by the place alone."""
    k, p = place
    symbol = puzzle.rows[0][p]
    where = symbol.replace(":", " ", 1) if ":" in symbol else f"position {symbol}"
    return f"{puzzle.category_names()[k]} at {where}" if k else where


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random answer (K categories of N values: the houses, then named ones) and random clues
    true in it, added until the answer is the only one; the generator then takes away the
    clues it can spare. (A puzzle made in a style, written in English, is the parser's:
    ``parsers/zebra.py``'s ``make_styled``.)"""
    from .vocabulary import zebra_categories

    categories, n = size
    if categories < 2 or n < 2:
        raise GenerateError("a logic grid needs at least 2 categories of 2 values")
    cats = zebra_categories(categories, n, rng)
    names = tuple(name for name, _ in cats)
    return made(cats, names, (), ["=", "!", "A", "1", "<", "=", "!"], rng, solutions)


def made(
    cats: list[tuple[str, list[str]]],
    names: tuple[str, ...],
    labels: tuple[str, ...],
    kinds: list[str],
    rng: random.Random,
    solutions: Any,
    style: str = "",
    question: Callable[[Zebra, random.Random], Question] | None = None,
) -> Any:
    """A random answer to these categories (the first one the positions, in order) and random
    clues of these kinds true in it, added until the answer is the only one; then the
    ``question`` asked of it, if any (what ``make`` returns, for each style's maker)."""
    n = len(cats[0][1])
    rows = [tuple(f"{name}:{v}" for v in values) for name, values in cats]
    hidden = (rows[0], *(tuple(rng.sample(row, n)) for row in rows[1:]))
    col = {s: p for row in hidden for p, s in enumerate(row)}
    row_of = {s: r for r, row in enumerate(rows) for s in row}
    symbols = [s for row in rows for s in row]
    clues: list[Clue] = []
    while True:
        kind = rng.choice(kinds)
        amount = rng.choice([2, 3]) if kind == "D" else 0
        clue = Clue(kind, tuple(rng.sample(symbols, 2)), amount)
        a, b = (row_of[s] for s in clue.symbols)
        said = a == b == 0 or (a == b and clue.kind in "=!")  # true or false by the rules alone
        odd = 0 in (a, b) and clue.kind not in "=!"  # a house is at or not at, not left of
        if said or odd or not holds(clue, col, hidden):
            continue
        if a == 0:  # as the clue language says it: `red is at 2`
            clue = Clue(clue.kind, clue.symbols[::-1])
        if clue in clues:
            continue
        clues.append(clue)
        puzzle = Zebra(tuple(rows), tuple(clues), names, labels=labels, style=style)
        if len(clues) % 5 == 0 and len(solutions(puzzle, 2)) == 1:
            if question is not None:
                puzzle = replace(puzzle, questions=(question(puzzle, rng),))
            return puzzle, hidden, []


GENRE = About(
    name="zebra",
    aliases=("logic-grid",),
    summary="place every value of every category at one position so all clues hold",
    reading=Reading(
        input_format="categories (`colour: red green blue`; `brand: Pall Mall, Kools` or "
        "quotes for values of several words; `order house: 1 2 3` names the positions), then "
        "clues such as `red is dog`, `red is just left of blue`, `cat is next to fish`; with "
        "no order category and no clue about positions (at, left, right, next to), the first "
        "category is the key and only matches count; or Ben Lynn's Grizzly format (rows of "
        "symbols, a line %%, clues = ! < > A 1 i ^ p X); or English as publishers write it "
        "(`There are 5 houses ...` or `5 people in positions 1, 2, ..., 5`, a line or bullet per "
        "characteristic with its values, clues such as `The tea drinker is directly left of "
        "Eric.`, questions, which are answered and proved); or English as Puzzle Baron writes it "
        "(`Names: Dana, Hugo, Mira` and a line per category, or a line of category names, a blank "
        "line and a line of values per category; then clues such as `Hugo paid $5 more than the "
        "one who ordered the soup.`)",
        example="colour: red green blue\npet: cat dog fish\nred is dog\n"
        "dog is just left of fish\nblue is left of red",
        output_formats=("table",),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="boolean",
        explains_no_solution=True,
    ),
    making=Making(
        size="4x4",
        sizes="KxN (K categories of N values; with --style houses, NxM: N houses, "
        "M characteristics)",
        small="4x4",
        styles=("houses", "baron"),
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 40 puzzles made at
        # its own size (4x4; 0, 1.03 and 1.05; benchmarks/bench_bands.py) part the bands.
        bands=(
            ("easy", 0, 1),
            ("medium", 1, 1.03),
            ("hard", 1.03, 1.05),
            ("extreme", 1.05, 4),
        ),
    ),
)
