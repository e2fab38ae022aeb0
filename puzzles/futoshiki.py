"""Futoshiki (Simon Tatham's Unequal), and its Adjacent mode, in the player's words, and a
checker from the rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer, latin_problems, rows_and_columns

Board = tuple[tuple[int, ...], ...]
Pair = tuple[Cell, Cell]
"""Two orthogonal neighbours: in Unequal mode (greater, lesser); in Adjacent mode the two in
reading order, their numbers one apart."""
Given = tuple[Cell, Any]
"""A number shown in a cell, ``((row, column), number)``, or a sign between two cells,
``(greater, lesser)`` (Unequal mode only: in Adjacent mode every bar is always shown)."""

MAX_SIDE = 32
"""The collection's largest board (its cells print as one character each, up to 32)."""


@dataclass(frozen=True, slots=True)
class Futoshiki:
    """An N x N board to fill with 1..N, once each in every row and column; ``rows`` holds the
    numbers shown (0 for blank). ``signs`` in Unequal mode are (greater, lesser) pairs of
    neighbours; with ``adjacent``, they are the neighbours whose numbers differ by one, every
    such pair of them (neighbours without a bar do not differ by one). ``tatham`` says the
    puzzle was read from (and prints as) a game ID; it takes no part in equality."""

    rows: Board
    signs: frozenset[Pair] = frozenset()
    adjacent: bool = False
    tatham: bool = field(default=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def style(self) -> str:
        """The mode, as ``generate --style`` names it: "" for Unequal, "adjacent"."""
        return "adjacent" if self.adjacent else ""

    def shown(self) -> dict[Cell, int]:
        """The numbers shown in cells."""
        return {(r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v}


def neighbours(n: int) -> Iterator[Pair]:
    """Every pair of orthogonal neighbours of an n x n board, each once, in reading order."""
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                yield (r, c), (r, c + 1)
            if r + 1 < n:
                yield (r, c), (r + 1, c)


def pair_name(puzzle: Futoshiki, pair: Pair) -> str:
    a, b = pair
    return f"{cell_name(puzzle, a)} and {cell_name(puzzle, b)}"


def check(puzzle: Futoshiki, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.size
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution is not a {n}x{n} board"]
    # Each row and each column holds every number 1..N once.
    groups = rows_and_columns(n)
    problems = latin_problems(solution, groups, n)
    # A number shown stays.
    for (r, c), v in sorted(puzzle.shown().items()):
        if solution[r][c] != v:
            problems.append(f"r{r + 1}c{c + 1} must hold the given {v}, not {solution[r][c]}")

    def at(cell: Cell) -> int:
        return solution[cell[0]][cell[1]]

    if not puzzle.adjacent:
        # Each sign points from the greater number to the lesser.
        for big, small in sorted(puzzle.signs):
            if not at(big) > at(small):
                problems.append(
                    f"{cell_name(puzzle, big)} must be greater than {cell_name(puzzle, small)}, "
                    f"but holds {at(big)} against {at(small)}"
                )
        return problems
    # A bar joins neighbours one apart; neighbours without a bar are not one apart.
    bars = {frozenset(pair) for pair in puzzle.signs}
    for a, b in neighbours(n):
        apart = abs(at(a) - at(b)) == 1
        if frozenset((a, b)) in bars and not apart:
            problems.append(f"{pair_name(puzzle, (a, b))} have a bar, but hold {at(a)} and {at(b)}")
        elif frozenset((a, b)) not in bars and apart:
            problems.append(
                f"{pair_name(puzzle, (a, b))} have no bar, but hold {at(a)} and {at(b)}"
            )
    return problems


# -- givens, for setters: numbers shown, and in Unequal mode the signs ---------------------------


def _givens(puzzle: Futoshiki) -> list[Given]:
    found: list[Given] = sorted(puzzle.shown().items())
    if not puzzle.adjacent:
        found += sorted(puzzle.signs)
    return found


def _is_number(given: Given) -> bool:
    return isinstance(given[1], int)


def keep(puzzle: Futoshiki, givens: Iterable[Given]) -> Futoshiki:
    """The same board showing only these numbers (and, in Unequal mode, these signs)."""
    n = puzzle.size
    kept = list(givens)
    shown = {cell: v for cell, v in kept if isinstance(v, int)}
    rows = tuple(tuple(shown.get((r, c), 0) for c in range(n)) for r in range(n))
    if puzzle.adjacent:
        return replace(puzzle, rows=rows)
    signs = frozenset((cell, other) for cell, other in kept if not isinstance(other, int))
    return replace(puzzle, rows=rows, signs=signs)


def _describe(puzzle: Futoshiki, given: Given) -> str:
    cell, value = given
    if isinstance(value, int):
        return f"{value} at {cell_name(puzzle, cell)}"
    return f"the sign {cell_name(puzzle, cell)} > {cell_name(puzzle, value)}"


GIVENS: Givens[Futoshiki, Board, Given] = Givens(
    of=_givens,
    keep=keep,
    at=lambda puzzle, solution, place: (place, solution[place[0]][place[1]]),
    describe=_describe,
    first=lambda puzzle, given: _is_number(given),  # numbers go first, signs after
)
answer = grid_answer
place_name = cell_name


def cells(puzzle: Futoshiki) -> int:
    """How many cells the board has (``bench``'s measure of a puzzle's size)."""
    return puzzle.size**2


# -- random puzzles, shown whole ------------------------------------------------------------------


def signs_of(board: Board, adjacent: bool) -> frozenset[Pair]:
    """Every sign a filled board makes: each pair of neighbours as (greater, lesser), or, in
    Adjacent mode, the neighbours one apart."""
    found = set()
    for a, b in neighbours(len(board)):
        x, y = board[a[0]][a[1]], board[b[0]][b[1]]
        if adjacent:
            if abs(x - y) == 1:
                found.add((a, b))
        else:
            found.add((a, b) if x > y else (b, a))
    return frozenset(found)


def make_mode(
    size: tuple[int, int], rng: random.Random, solutions: Any, adjacent: bool
) -> tuple[Futoshiki, Board, list[Any]]:
    """A random Latin square, found by the solver from a random first row and column, shown
    whole: every number and every sign (every bar, in Adjacent mode)."""
    n, m = size
    if n != m:
        raise GenerateError(f"a Futoshiki board is square, not {n}x{m}")
    if n > MAX_SIDE:
        raise GenerateError(f"a Futoshiki board is at most {MAX_SIDE}x{MAX_SIDE}, not {n}x{n}")
    for _ in range(50):
        first = rng.sample(range(1, n + 1), n)
        down = [first[0], *rng.sample([v for v in range(1, n + 1) if v != first[0]], n - 1)]
        rows = [list(first)] + [[down[r]] + [0] * (n - 1) for r in range(1, n)]
        for _ in range(n // 2):  # a few more random numbers, for variety
            rows[rng.randrange(1, n)][rng.randrange(1, n)] = rng.randint(1, n)
        start = Futoshiki(tuple(tuple(row) for row in rows))
        found = solutions(start, 1)
        if found:
            board = tuple(tuple(row) for row in found[0])
            shown = Futoshiki(board, signs_of(board, adjacent), adjacent, tatham=True)
            return shown, board, []
    raise GenerateError(f"no {n}x{n} Latin square found")


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """An Unequal puzzle shown whole (``make_mode``)."""
    return make_mode(size, rng, solutions, adjacent=False)


GENRE = About(
    name="futoshiki",
    aliases=("unequal",),
    summary="fill the board with 1..N once per row and column, obeying each sign (> between "
    "neighbours; in Adjacent mode a bar joins exactly the neighbours one apart)",
    reading=Reading(
        input_format="Simon Tatham's Unequal game ID (4:0,0,0,2,2,0,... ; 6a:... for Adjacent "
        "mode), or rows as his game prints them: a character a cell (. blank), < or > between "
        "cells, and between rows a line with ^ or v under a cell (| and - bars in Adjacent "
        "mode; a first line 'adjacent' says the mode)",
        example="4:0,0,0,2,2,0,0,1,1,0,2,3,0,0,0,0,",
        output_formats=("grid", "tatham"),
    ),
    solving=Solving(
        # The fastest on the corpus and on 12x12 boards (benchmarks/bench_tatham2.py).
        default_backend="sat:minicard",
        default_encoding="onehot",
    ),
    making=Making(
        size="5",
        sizes="N (or NxN), up to 32",
        small="4",
        largest=MAX_SIDE * MAX_SIDE,
        styles=("adjacent",),
    ),
    grading=Grading(
        # Graded without the pruning, which alone finishes Tatham's Trivial and Easy puzzles:
        # his levels Trivial, Easy, Tricky, Extreme and Recursive score 0.2, 0.39, 1.14, 1.21
        # and 1.69 (medians, benchmarks/bench_grade.py on ../shared/corpus/tatham2); the bands
        # part between them, Trivial and Easy together.
        prune=False,
        waves=True,
        bands=(
            ("easy", 0, 0.77),
            ("medium", 0.77, 1.17),
            ("hard", 1.17, 1.45),
            ("extreme", 1.45, 4),
        ),
        # Tatham's own levels, each from half way to the levels beside it (as the bands).
        levels_of="Tatham's",
        levels=(
            ("Trivial", 0, 0.3),
            ("Easy", 0.3, 0.77),
            ("Tricky", 0.77, 1.17),
            ("Extreme", 1.17, 1.45),
            ("Recursive", 1.45, 4),
        ),
    ),
)
