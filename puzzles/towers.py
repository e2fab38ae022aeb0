"""Towers (Skyscrapers), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer, latin_problems

Board = tuple[tuple[int, ...], ...]
Clues = tuple[int, ...]
"""The clues along one side, 0 where there is none."""
Given = tuple[Cell, int]
"""A height shown in a cell, ``((row, column), height)``, or a clue at its place outside the
board: row -1 above it, row N below it, column -1 on its left, column N on its right."""

MAX_SIDE = 9
"""The collection's largest board: its solve move writes each height as one digit."""


@dataclass(frozen=True, slots=True)
class Towers:
    """An N x N board of towers of heights 1..N; a clue on each side of a row or column (0 for
    none) counts the towers seen from there; ``rows`` holds the heights shown (0 for blank).
    ``tatham`` remembers that it was read from a game ID, so it prints back as one."""

    top: Clues
    bottom: Clues
    left: Clues
    right: Clues
    rows: Board
    tatham: bool = field(default=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.rows)

    def clues(self) -> list[tuple[Cell, int, str, list[Cell]]]:
        """Every clue: its place outside the board, its number, where it stands in words, and
        the cells it looks along, nearest first."""
        n = self.size
        found = []
        for c in range(n):
            if self.top[c]:
                found.append(((-1, c), self.top[c], f"above column {c + 1}", _col(n, c)))
            if self.bottom[c]:
                found.append(((n, c), self.bottom[c], f"below column {c + 1}", _col(n, c)[::-1]))
        for r in range(n):
            if self.left[r]:
                found.append(((r, -1), self.left[r], f"left of row {r + 1}", _row(n, r)))
            if self.right[r]:
                found.append(((r, n), self.right[r], f"right of row {r + 1}", _row(n, r)[::-1]))
        return found

    def shown(self) -> dict[Cell, int]:
        """The heights shown in cells."""
        return {(r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v}


def _row(n: int, r: int) -> list[Cell]:
    return [(r, c) for c in range(n)]


def _col(n: int, c: int) -> list[Cell]:
    return [(r, c) for r in range(n)]


def seen(heights: Iterable[int]) -> int:
    """How many towers are seen looking along ``heights``, nearest first: a tower is seen when
    it is taller than every tower before it."""
    count = tallest = 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


# -- the rules ------------------------------------------------------------------------------------


def check(puzzle: Towers, solution: Sequence[Sequence[int]]) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.size
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution is not a {n}x{n} board"]
    # Each row and each column holds every height 1..N once.
    groups = [(f"row {r + 1}", _row(n, r)) for r in range(n)]
    groups += [(f"column {c + 1}", _col(n, c)) for c in range(n)]
    problems = latin_problems(solution, groups, n)
    # A height shown in a cell stays.
    for (r, c), v in sorted(puzzle.shown().items()):
        if solution[r][c] != v:
            problems.append(f"r{r + 1}c{c + 1} must hold the given {v}, not {solution[r][c]}")
    # A clue counts the towers seen from it: a taller tower hides the shorter ones behind it.
    for _, clue, name, cells in puzzle.clues():
        count = seen(solution[r][c] for r, c in cells)
        if count != clue:
            problems.append(f"the clue {clue} {name} sees {count} tower{'s' * (count != 1)}")
    return problems


# -- givens, for setters: clues and heights shown, which can be taken away or added --------------


def _givens(puzzle: Towers) -> list[Given]:
    found = [(place, clue) for place, clue, _, _ in puzzle.clues()]
    return sorted(found + list(puzzle.shown().items()))


def keep(puzzle: Towers, givens: Iterable[Given]) -> Towers:
    """The same board showing only these clues and heights."""
    n = puzzle.size
    shown = dict(givens)
    return replace(
        puzzle,
        top=tuple(shown.get((-1, c), 0) for c in range(n)),
        bottom=tuple(shown.get((n, c), 0) for c in range(n)),
        left=tuple(shown.get((r, -1), 0) for r in range(n)),
        right=tuple(shown.get((r, n), 0) for r in range(n)),
        rows=tuple(tuple(shown.get((r, c), 0) for c in range(n)) for r in range(n)),
    )


def _describe(puzzle: Towers, given: Given) -> str:
    (r, c), v = given
    n = puzzle.size
    if 0 <= r < n and 0 <= c < n:
        return f"{v} at {cell_name(puzzle, (r, c))}"
    return f"the clue {v} {clue_place(n, (r, c))}"


def clue_place(n: int, place: Cell) -> str:
    """A clue's place outside the board in words: ``above column 2``."""
    r, c = place
    if r == -1:
        return f"above column {c + 1}"
    if r == n:
        return f"below column {c + 1}"
    return f"{'left' if c == -1 else 'right'} of row {r + 1}"


GIVENS: Givens[Towers, Board, Given] = Givens(
    of=_givens,
    keep=keep,
    at=lambda puzzle, solution, place: (place, solution[place[0]][place[1]]),
    describe=_describe,
    first=lambda puzzle, given: all(0 <= k < puzzle.size for k in given[0]),  # heights, then clues
)
answer = grid_answer


def cells(puzzle: Towers) -> int:
    """How many cells the board has (``bench``'s measure of a puzzle's size)."""
    return puzzle.size**2


place_name = cell_name


def with_clues(board: Board) -> Towers:
    """The puzzle that shows a whole board and every clue it makes."""
    n = len(board)
    cols = [[board[r][c] for r in range(n)] for c in range(n)]
    return Towers(
        top=tuple(seen(col) for col in cols),
        bottom=tuple(seen(col[::-1]) for col in cols),
        left=tuple(seen(row) for row in board),
        right=tuple(seen(row[::-1]) for row in board),
        rows=board,
    )


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random Latin square, found by the solver from a random first row and column, shown
    whole with all its clues."""
    n, m = size
    if n != m:
        raise GenerateError(f"a Towers board is square, not {n}x{m}")
    if n > MAX_SIDE:
        raise GenerateError(f"a Towers board is at most {MAX_SIDE}x{MAX_SIDE}")
    none = (0,) * n
    for _ in range(50):
        first = rng.sample(range(1, n + 1), n)
        down = [first[0], *rng.sample([v for v in range(1, n + 1) if v != first[0]], n - 1)]
        rows = [list(first)] + [[down[r]] + [0] * (n - 1) for r in range(1, n)]
        for _ in range(n // 2):  # a few more random heights, for variety
            rows[rng.randrange(1, n)][rng.randrange(1, n)] = rng.randint(1, n)
        start = Towers(none, none, none, none, tuple(tuple(row) for row in rows))
        found = solutions(start, 1)
        if found:
            board = tuple(tuple(row) for row in found[0])
            return with_clues(board), board, []
    raise GenerateError(f"no {n}x{n} Latin square found")


GENRE = About(
    name="towers",
    aliases=("skyscrapers",),
    summary="place towers 1..N once in each row and column; each clue counts those seen",
    reading=Reading(
        input_format="Simon Tatham's Towers game ID (4:2/2/3/1/.../2, optional ,GRID of heights), "
        "or the plain layout: a line of top clues, each row between its left and right clue, "
        "a line of bottom clues; . (or 0, _, -) for no clue and a blank cell",
        example="4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2",
        output_formats=("grid", "tatham"),
        urls=("skyscrapers", "building", "skyscraper"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="visibility",
        # On CP-SAT: integers and clue tables, 6.4 against 10.7 ms on the corpus
        # (benchmarks/bench_backends.py)
        encodings_on=(("cpsat", "table-integer"),),
    ),
    making=Making(
        size="5",
        sizes="N (or NxN), up to 9",
        small="4",
    ),
    grading=Grading(
        # Tatham's Easy and Hard puzzles score 0, Extreme 1.27, Unreasonable 1.95 (medians,
        # benchmarks/bench_grade.py): the bands part between them.
        bands=(
            ("easy", 0, 1),
            ("medium", 1, 1.2),
            ("hard", 1.2, 1.61),
            ("extreme", 1.61, 4),
        ),
        encoding="table",  # grade: unit propagation sees a clue through its table
        # Tatham's own levels, each from half way to the levels beside it (as the bands).
        levels_of="Tatham's",
        levels=(("Easy or Hard", 0, 0.64), ("Extreme", 0.64, 1.61), ("Unreasonable", 1.61, 4)),
    ),
)
