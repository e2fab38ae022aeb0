"""Puzzles with exactly one solution, for every genre: a random solution, shown whole, then
givens taken away in random order while the solver proves the puzzle still unique."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from .genres import Genre
from .models.graph import random_hamiltonian_path
from .pipeline import solve, solve_isolated
from .solvers import Backend, get_backend


class GenerateError(ValueError):
    """A size the genre cannot make, or no unique puzzle within the attempts."""


@dataclass
class Generated:
    """A puzzle, the solution it hides, and how hard a solver found it."""

    puzzle: Any
    solution: Any
    givens: int  # givens left
    of: int  # givens the full solution had
    propagation: bool  # the solver needed no search (no branches, no conflicts)
    stats: dict[str, int] = field(default_factory=dict)  # the solver's conflicts and branches
    unproved: list[Any] = field(default_factory=list)  # kept: removal not settled in the budget


def size_of(genre: Genre, text: str) -> tuple[int, int]:
    """``WxH`` for boards, ``N`` or ``NxN`` for magic squares, ``KxN`` for logic grids."""
    parts = text.lower().split("x")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        numbers = []
    if len(numbers) == 1:
        numbers *= 2
    if len(numbers) != 2 or min(numbers) < 1:
        raise GenerateError(f"bad size {text!r}: expected WxH (N or NxN for magic, KxN for zebra)")
    if genre.name == "magic" and numbers[0] != numbers[1]:
        raise GenerateError(f"a magic board is square: {text!r}")
    if numbers[0] * numbers[1] > 2_500:
        raise GenerateError(f"size {text!r} is over the generator's limit of 2500 cells")
    return numbers[0], numbers[1]


TRIAL_EFFORT = 2_000
"""A removal whose uniqueness is not proved within this budget (SAT conflicts, or CP-SAT
deterministic milliseconds) is undone: a puzzle that hard for a solver is past what a person
solves, and generation stays bounded. A budget, not a time, so a seed gives the same puzzle on
any machine."""
TRIAL_SECONDS = 0.25
"""The same, for the backends that have no such budget (Kissat, Lingeling): not repeatable."""


def generate(
    genre: Genre,
    size: tuple[int, int],
    rng: random.Random,
    backend: Backend | None = None,
    share: float | None = None,
    effort: int = TRIAL_EFFORT,
    progress: Callable[[int, int], None] | None = None,
) -> Generated:
    """A unique puzzle of ``size``: down to a minimal set of givens (each still shown is needed,
    or its removal could not be proved within ``effort``: ``unproved``), or to ``share`` of
    them. ``progress`` hears how many givens have been tried for removal, and of how many."""
    backend = backend or get_backend(genre.default_backend)
    budgeted = "effort" in backend.capabilities

    def check(puzzle: Any) -> str:
        if budgeted:
            return solve(genre, puzzle, backend, limit=2, effort=effort).status
        return solve_isolated(
            genre, backend, puzzle=puzzle, limit=2, time_limit=TRIAL_SECONDS
        ).status

    make = SOLUTIONS.get(genre.name)
    if make is None or genre.givens is None:
        raise GenerateError(f"no generator for {genre.name}")
    rules = genre.givens
    for _ in range(20):
        full, solution, keep = make(genre, size, rng, backend)
        if solve(genre, full, backend, limit=2).status == "unique":
            break
    else:
        raise GenerateError(f"no {genre.name} of size {size[0]}x{size[1]} with one solution "
                            "in 20 attempts")  # fmt: skip
    shown = rules.of(full)
    order = [g for g in shown if g not in keep]
    rng.shuffle(order)
    floor = 0 if share is None else round(share * len(shown))
    kept = list(shown)
    unproved = []
    for tried, given in enumerate(order):
        if progress:
            progress(tried, len(order))
        if len(kept) <= floor:
            break
        trial = [g for g in kept if g != given]
        status = check(rules.keep(full, trial))
        if status == "unique":
            kept = trial
        elif status != "multiple":
            unproved.append(given)
    puzzle = rules.keep(full, kept)
    stats = difficulty(genre, puzzle)
    quiet = stats.get("branches", 1) == 0 and stats.get("conflicts", 1) == 0
    return Generated(puzzle, solution, len(kept), len(shown), quiet, stats, unproved)


class ProgressLines:
    """For a person waiting on a slow puzzle: nothing in its first ``after`` seconds (most are
    made by then), then a line at most every ``every`` seconds on the givens tried so far."""

    def __init__(
        self,
        stream: TextIO,
        name: str,
        after: float = 2.0,
        every: float = 3.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream, self.name, self.after, self.every, self.clock = (
            stream, name, after, every, clock
        )  # fmt: skip
        self.start = clock()
        self.shown: float | None = None

    def __call__(self, tried: int, of: int) -> None:
        elapsed = self.clock() - self.start
        if elapsed < self.after or (self.shown is not None and elapsed - self.shown < self.every):
            return
        self.shown = elapsed
        self.stream.write(f"{self.name}: {tried}/{of} givens tried ({elapsed:.0f} s)\n")
        self.stream.flush()

    def heard(self, message: tuple[int, int]) -> None:
        """The same, from a message ``(tried, of)`` sent by the process making the puzzle."""
        self(*message)


def difficulty(genre: Genre, puzzle: Any) -> dict[str, int]:
    """CP-SAT's search effort on one worker (repeatable): branches and conflicts."""
    outcome = solve(genre, puzzle, get_backend("cpsat:1"), limit=1)
    return {k: outcome.stats.get(k, 0) for k in ("branches", "conflicts")}


# -- random solutions, shown whole ---------------------------------------------------------------

Maker = Callable[[Genre, tuple[int, int], random.Random, Backend], tuple[Any, Any, list[Any]]]


def _snake(width: int, height: int) -> list[int]:
    """The cells row by row, every other row backwards: a path through every cell."""
    return [
        r * width + (c if r % 2 == 0 else width - 1 - c)
        for r in range(height)
        for c in range(width)
    ]


def _signpost(genre: Genre, size: tuple[int, int], rng: random.Random, _: Backend) -> Any:
    """A random path whose steps run along rows, columns and diagonals; the arrows follow it;
    1 and N stay shown, as in Simon Tatham's collection."""
    from .puzzles.signpost import DIRECTIONS, Signpost

    width, height = size
    if width * height < 2:
        raise GenerateError("a Signpost needs at least two cells")
    lines: list[list[int]] = [[] for _ in range(width * height)]
    for cell in range(width * height):
        for dx, dy in DIRECTIONS:
            x, y = cell % width + dx, cell // width + dy
            while 0 <= x < width and 0 <= y < height:
                lines[cell].append(y * width + x)
                x, y = x + dx, y + dy
    path = random_hamiltonian_path(lines, _snake(width, height), rng, 20 * width * height)
    arrows = [0] * (width * height)
    for a, b in itertools.pairwise(path):
        dx, dy = b % width - a % width, b // width - a // width
        step = (dx // max(1, abs(dx)) if dx else 0, dy // max(1, abs(dy)) if dy else 0)
        arrows[a] = DIRECTIONS.index(step)
    number = {cell: k for k, cell in enumerate(path, 1)}
    full = Signpost(width, height, tuple(arrows), dict(number))
    solution = tuple(tuple(number[r * width + c] for c in range(width)) for r in range(height))
    keep = [(path[0], 1), (path[-1], width * height)]
    return full, solution, keep


def _numbers(moves: str) -> Maker:
    def make(genre: Genre, size: tuple[int, int], rng: random.Random, _: Backend) -> Any:
        """A random path by king moves (Hidato) or side steps (Numbrix), every number shown."""
        from .models.hidato import number_path
        from .puzzles.hidato import Hidato

        width, height = size
        empty = Hidato(tuple((0,) * width for _ in range(height)), moves)  # type: ignore[arg-type]
        path = random_hamiltonian_path(
            number_path(empty).succ, _snake(width, height), rng, 20 * width * height
        )
        number = {cell: k for k, cell in enumerate(path, 1)}
        rows = tuple(tuple(number[r * width + c] for c in range(width)) for r in range(height))
        return Hidato(rows, moves), rows, []  # type: ignore[arg-type]

    return make


def _magic(genre: Genre, size: tuple[int, int], rng: random.Random, backend: Backend) -> Any:
    """A random magic square: a few numbers placed at random, the rest left to the solver."""
    from .puzzles.magic import Magic

    n = size[0]
    if n < 3:
        raise GenerateError("magic squares start at order 3")
    for _ in range(50):
        givens = {}
        for _ in range(max(1, n // 2)):
            givens[rng.randrange(n), rng.randrange(n)] = rng.randint(1, n * n)
        if len(set(givens.values())) < len(givens):
            continue
        seed = Magic(n, 1, n * n, givens)
        outcome = solve(genre, seed, get_backend("cpsat:1"), limit=1, time_limit=10)
        if outcome.solutions:
            board = outcome.solutions[0]
            full = Magic(n, 1, n * n, {(r, c): board[r][c] for r in range(n) for c in range(n)})
            return full, board, []
    raise GenerateError(f"no magic square of order {n} found")


def _loop(genre: Genre, size: tuple[int, int], rng: random.Random, _: Backend) -> Any:
    """A random pipe layout, every tile turned at random, and every tile that could turn fixed
    as the layout has it: ``generate`` unfixes all it can (often all; written as ``5*``)."""
    from .puzzles.loop import Loop, random_layout, rotations, scramble

    layout = random_layout(size[0], size[1], rng)
    turned = scramble(layout, rng)
    fixed = {
        (r, c): t
        for r, row in enumerate(layout)
        for c, t in enumerate(row)
        if len(rotations(t)) > 1
    }
    return Loop(turned, fixed=fixed), layout, []


ZEBRA_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("colour", ("red", "green", "blue", "yellow", "white", "black", "orange", "purple", "pink",
                "brown", "grey", "cyan")),
    ("pet", ("dog", "cat", "bird", "fish", "horse", "rabbit", "hamster", "turtle", "snake",
             "parrot", "ferret", "lizard")),
    ("drink", ("tea", "coffee", "milk", "water", "juice", "cocoa", "lemonade", "cider", "soda",
               "beer", "wine", "smoothie")),
    ("name", ("ann", "bob", "cleo", "dan", "eve", "finn", "gus", "hana", "ivan", "jade", "kai",
              "lena")),
    ("nationality", ("english", "spanish", "japanese", "norwegian", "ukrainian", "italian",
                     "german", "french", "danish", "polish", "irish", "greek")),
    ("sport", ("tennis", "golf", "chess", "rugby", "hockey", "cricket", "rowing", "boxing",
               "judo", "cycling", "skiing", "archery")),
    ("food", ("bread", "cheese", "pasta", "rice", "soup", "salad", "pizza", "curry", "sushi",
              "tacos", "stew", "pie")),
    ("car", ("ford", "fiat", "audi", "volvo", "honda", "kia", "mazda", "tesla", "saab", "skoda",
             "seat", "opel")),
    ("flower", ("rose", "tulip", "lily", "daisy", "iris", "orchid", "poppy", "lotus", "aster",
                "dahlia", "peony", "lilac")),
    ("job", ("baker", "doctor", "pilot", "farmer", "nurse", "judge", "chef", "tailor", "miner",
             "artist", "teacher", "sailor")),
    ("instrument", ("piano", "violin", "guitar", "flute", "drum", "harp", "cello", "oboe",
                    "banjo", "trumpet", "organ", "tuba")),
    ("city", ("paris", "rome", "oslo", "lima", "cairo", "delhi", "tokyo", "quito", "kyiv", "riga",
              "bern", "dakar")),
    ("fruit", ("apple", "pear", "plum", "peach", "mango", "lemon", "cherry", "grape", "melon",
               "kiwi", "fig", "lime")),
    ("hobby", ("reading", "knitting", "baking", "hiking", "fishing", "painting", "singing",
               "dancing", "gardening", "sewing", "juggling", "pottery")),
)  # fmt: skip
"""Categories and values for made logic grids, every word distinct: 15 categories (with the
houses) of up to 12 values; beyond that, numbered names (``colour-13``, ``trait16-1``)."""


def zebra_categories(k: int, n: int, rng: random.Random) -> list[tuple[str, list[str]]]:
    """``k`` categories of ``n`` values: the houses 1..n, then categories from the vocabulary
    in a random order, each with ``n`` of its values in a random order (numbered beyond it)."""
    chosen = rng.sample(ZEBRA_WORDS, min(k - 1, len(ZEBRA_WORDS)))
    cats = [("house", [str(i) for i in range(1, n + 1)])]
    for name, words in chosen:
        values = (
            rng.sample(words, n) if n <= len(words) else [f"{name}-{i}" for i in range(1, n + 1)]
        )
        cats.append((name, values))
    for extra in range(len(cats), k):
        cats.append((f"trait{extra + 1}", [f"trait{extra + 1}-{i}" for i in range(1, n + 1)]))
    return cats


def _zebra(genre: Genre, size: tuple[int, int], rng: random.Random, backend: Backend) -> Any:
    """A random answer (K categories of N values: the houses, then named ones) and random clues
    true in it, added until the answer is the only one; ``generate`` then takes away the clues
    it can spare."""
    from .puzzles.zebra import Clue, Zebra, holds

    categories, n = size
    if categories < 2 or n < 2:
        raise GenerateError("a logic grid needs at least 2 categories of 2 values")
    cats = zebra_categories(categories, n, rng)
    names = tuple(name for name, _ in cats)
    rows = [tuple(f"{name}:{v}" for v in values) for name, values in cats]
    hidden = (rows[0], *(tuple(rng.sample(row, n)) for row in rows[1:]))
    col = {s: p for row in hidden for p, s in enumerate(row)}
    row_of = {s: r for r, row in enumerate(rows) for s in row}
    symbols = [s for row in rows for s in row]
    clues: list[Clue] = []
    while True:
        clue = Clue(rng.choice(["=", "!", "A", "1", "<", "=", "!"]), tuple(rng.sample(symbols, 2)))
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
        puzzle = Zebra(tuple(rows), tuple(clues), names)
        if len(clues) % 5 == 0 and solve(genre, puzzle, backend, limit=2).status == "unique":
            return puzzle, hidden, []


SOLUTIONS: dict[str, Maker] = {
    "signpost": _signpost,
    "hidato": _numbers("king"),
    "numbrix": _numbers("orthogonal"),
    "magic": _magic,
    "loop": _loop,
    "zebra": _zebra,
}
"""Each genre's random solution, shown whole: (puzzle, solution, givens never taken away)."""
