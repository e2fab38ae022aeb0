"""Dominosa, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer

PARTNER = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0)}
"""Where the other half of a domino lies, from each half: ``L``/``R`` the left/right half of a
horizontal domino, ``T``/``B`` the top/bottom half of a vertical one."""

Board = tuple[str, ...]
"""A solution: a string a row of ``L R T B`` (the corpus form)."""
Domino = tuple[Cell, Cell]
"""A domino's two cells, the first above or to the left of the second."""


def largest_for(cells: int) -> int | None:
    """The largest number N of a full set of dominoes 0-0 to N-N covering ``cells`` cells:
    (N+1)(N+2)/2 dominoes; None when no full set covers that many."""
    n = 0
    while (n + 1) * (n + 2) < cells:
        n += 1
    return n if (n + 1) * (n + 2) == cells else None


@dataclass(frozen=True, slots=True)
class Dominosa(Rows):
    """A board of numbers 0..N (a row a tuple), which a full set of dominoes 0-0 to N-N
    covers; ``placed`` are a setter's givens, dominoes shown in place. ``tatham`` says the
    puzzle was read from (and prints as) a game ID: how it is written, not what it is."""

    rows: tuple[tuple[int, ...], ...]
    placed: frozenset[Domino] = frozenset()
    tatham: bool = field(default=False, compare=False)

    @property
    def largest(self) -> int:
        """N, the largest number of the set (the board's cells are (N+1)(N+2))."""
        n = largest_for(self.width * self.height)
        assert n is not None, "a Dominosa board holds a full set of dominoes"
        return n

    def neighbours(self, r: int, c: int) -> Iterator[Cell]:
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.height and 0 <= cc < self.width:
                yield rr, cc

    def spots(self) -> list[Domino]:
        """Every place a domino can lie: each pair of cells side by side, in reading order of
        the first cell, the one across before the one down."""
        h, w = self.height, self.width
        found: list[Domino] = []
        for r in range(h):
            for c in range(w):
                if c + 1 < w:
                    found.append(((r, c), (r, c + 1)))
                if r + 1 < h:
                    found.append(((r, c), (r + 1, c)))
        return found

    def pair(self, domino: Domino) -> tuple[int, int]:
        """The numbers a domino lying there shows, the smaller first."""
        (r, c), (r2, c2) = domino
        a, b = self.rows[r][c], self.rows[r2][c2]
        return (a, b) if a <= b else (b, a)


def dominoes_of(solution: Sequence[str]) -> list[Domino]:
    """The dominoes a well-formed solution lays, in reading order of their first cells."""
    return [
        ((r, c), (r + PARTNER[ch][0], c + PARTNER[ch][1]))
        for r, row in enumerate(solution)
        for c, ch in enumerate(row)
        if ch in "LT"
    ]


def pair_name(pair: tuple[int, int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def domino_name(puzzle: Any, domino: Domino) -> str:
    return f"{cell_name(puzzle, domino[0])}-{cell_name(puzzle, domino[1])}"


def check(puzzle: Dominosa, solution: Sequence[str]) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    # Every cell is half of one domino, whose other half says it is its partner.
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            name = cell_name(puzzle, (r, c))
            if ch not in PARTNER:
                problems.append(f"{name} holds {ch!r}, not half of a domino (L, R, T or B)")
                continue
            rr, cc = r + PARTNER[ch][0], c + PARTNER[ch][1]
            mate = {"L": "R", "R": "L", "T": "B", "B": "T"}[ch]
            if not (0 <= rr < h and 0 <= cc < w) or solution[rr][cc] != mate:
                problems.append(f"{name} is {ch}, but its other half is not beside it")
    if problems:
        return problems
    laid = dominoes_of(solution)
    # A setter's dominoes stay where they are shown.
    for domino in sorted(puzzle.placed - set(laid)):
        problems.append(f"the domino on {domino_name(puzzle, domino)} is given, but not laid")
    # Every pair of numbers from 0-0 to N-N lies exactly once.
    shown = Counter(puzzle.pair(d) for d in laid)
    first: dict[tuple[int, int], Domino] = {}
    for d in laid:
        p = puzzle.pair(d)
        if p in first and shown[p] > 1:
            problems.append(
                f"the pair {pair_name(p)} lies twice, on {domino_name(puzzle, first[p])} and "
                f"{domino_name(puzzle, d)}"
            )
        first.setdefault(p, d)
    n = puzzle.largest
    for a in range(n + 1):
        for b in range(a, n + 1):
            if (a, b) not in shown:
                problems.append(f"the pair {pair_name((a, b))} lies nowhere")
    return problems


# -- givens, for setters: dominoes shown in place -------------------------------------------------


def keep(puzzle: Dominosa, shown: Iterable[Domino]) -> Dominosa:
    """The same board showing exactly these dominoes."""
    return replace(puzzle, placed=frozenset(shown))


def given_at(puzzle: Dominosa, solution: Board, place: Cell) -> Domino:
    """The domino the solution lays over ``place``."""
    r, c = place
    dr, dc = PARTNER[solution[r][c]]
    other = (r + dr, c + dc)
    return (place, other) if place < other else (other, place)


GIVENS: Givens[Dominosa, Board, Domino] = Givens(
    of=lambda puzzle: sorted(puzzle.placed),
    keep=keep,
    at=given_at,
    describe=lambda puzzle, d: f"a domino on {domino_name(puzzle, d)}",
)
answer = grid_answer
place_name = cell_name


# -- random puzzles -------------------------------------------------------------------------------


def random_tiling(width: int, height: int, rng: random.Random) -> list[Domino]:
    """A random tiling of the board by dominoes (one side even): rows of dominoes across (or
    columns down), then random flips of a square of two dominoes side by side, which turn
    any tiling of a rectangle into any other."""
    pair: dict[Cell, Cell] = {}
    for r in range(height):
        for c in range(width):
            if width % 2 == 0 and c % 2 == 0:
                pair[(r, c)], pair[(r, c + 1)] = (r, c + 1), (r, c)
            elif width % 2 and r % 2 == 0:
                pair[(r, c)], pair[(r + 1, c)] = (r + 1, c), (r, c)
    if width > 1 and height > 1:
        for _ in range(20 * width * height):
            r, c = rng.randrange(height - 1), rng.randrange(width - 1)
            a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            if pair[a] == b and pair[d] == e:  # two across: turn them down
                pair[a], pair[d], pair[b], pair[e] = d, a, e, b
            elif pair[a] == d and pair[b] == e:  # two down: turn them across
                pair[a], pair[b], pair[d], pair[e] = b, a, e, d
    return sorted({(x, y) if x < y else (y, x) for x, y in pair.items()})


def _numbered(width: int, height: int, laid: list[Domino], pairs: list[tuple[int, int]]) -> Any:
    """The board showing ``pairs[k]`` on ``laid[k]``, and its solution."""
    grid = [[0] * width for _ in range(height)]
    letters = [[""] * width for _ in range(height)]
    for ((r, c), (r2, c2)), (a, b) in zip(laid, pairs, strict=True):
        grid[r][c], grid[r2][c2] = a, b
        first, second = ("L", "R") if r == r2 else ("T", "B")
        letters[r][c], letters[r2][c2] = first, second
    puzzle = Dominosa(tuple(tuple(row) for row in grid), tatham=True)
    return puzzle, tuple("".join(row) for row in letters)


REPAIRS = 60
"""``make`` swaps the numbers of two dominoes at most this many times to rule out other
solutions of its board, then starts again."""


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random tiling of a board for the set 0-0 to N-N (N the size), each domino showing a
    pair of the set, dealt at random and turned at random. While the solver finds another
    solution, the numbers of a domino laid there differently and of another domino change
    places (as the collection's generator shuffles until its solver is satisfied)."""
    n = size[0]
    if n < 1 or n > 40:
        raise GenerateError(f"Dominosa's largest number is 1 to 40, not {n}")
    width, height = n + 2, n + 1
    while True:
        laid = random_tiling(width, height, rng)
        pairs = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
        rng.shuffle(pairs)
        pairs = [(b, a) if rng.random() < 0.5 else (a, b) for a, b in pairs]
        for _ in range(REPAIRS):
            puzzle, solution = _numbered(width, height, laid, pairs)
            other = next((s for s in solutions(puzzle, 2) if s != solution), None)
            if other is None:
                return puzzle, solution, []
            theirs = set(dominoes_of(other))
            moved = [k for k, d in enumerate(laid) if d not in theirs]
            k = rng.choice(moved)
            j = rng.randrange(len(laid))
            pairs[k], pairs[j] = pairs[j], pairs[k]
            if rng.random() < 0.5:
                pairs[k] = pairs[k][::-1]


GENRE = About(
    name="dominosa",
    summary="lay a full set of dominoes 0-0 to N-N over the board of numbers, each pair once",
    reading=Reading(
        input_format="Simon Tatham's game ID (3:33011330222030220111: N, then the numbers, "
        "[12] for those over 9), or rows of numbers 0..N (digits, or numbers separated by "
        "spaces), then optionally a blank line and rows of L R T B laying given dominoes "
        "(. elsewhere)",
        example="3:33011330222030220111",
        output_formats=("grid",),
    ),
    solving=Solving(
        # Measured (benchmarks/bench_tatham2.py, docs/genres/placement.md): both groups
        # exact, on Glucose, the fastest from N = 20 up and as fast on Tatham's boards.
        default_backend="sat:minicard",
        default_encoding="both",
    ),
    making=Making(
        sizes="N, the largest number (a board N+2 wide and N+1 high), 1 to 40",
        size="6",
        small="3",
        largest=1_600,
    ),
    grading=Grading(
        encoding="basic",
        # Graded on ``basic``: Tatham's Basic rules behind a switch, his Hard level's sets of a
        # number's cells behind another, so that his Trivial puzzles score 0 (propagation
        # alone), Basic 1/3, Hard 2/3 (the switches they need) and Extreme 1.07 (probing;
        # medians, benchmarks/bench_grade.py): the bands and his levels part between them.
        bands=(
            ("easy", 0, 0.2),
            ("medium", 0.2, 0.5),
            ("hard", 0.5, 1),
            ("extreme", 1, 4),
        ),
        levels_of="Tatham's",
        levels=(
            ("Trivial", 0, 0.2),
            ("Basic", 0.2, 0.5),
            ("Hard", 0.5, 1),
            ("Extreme", 1, 4),
        ),
    ),
)
