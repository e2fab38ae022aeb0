"""Pattern (nonograms, griddlers), in the player's words, and a checker from the rules alone."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer

Board = tuple[tuple[int, ...], ...]
"""A filled board: rows of 1 (black) and 0 (white)."""
Clue = tuple[int, ...]
"""A line's runs of black cells, in order (left to right, top to bottom); () for none."""
FixedGiven = tuple[Cell, int]
"""A cell shown from the start: ((row, column), 1 for black or 0 for white)."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """A ``width`` x ``height`` board to fill black and white so that each column's and each
    row's runs of black cells are its clue; ``fixed`` cells are shown from the start.

    ``layout`` is how it was written (``tatham``, ``plain``, ``non``), so it prints back the
    same way, and ``goal`` a known solution that came with it (a ``.non`` file's): neither is a
    rule, so neither counts when two puzzles are compared."""

    columns: tuple[Clue, ...]
    rows: tuple[Clue, ...]
    fixed: Mapping[Cell, int] = field(default_factory=dict)
    layout: str = field(default="tatham", compare=False)
    goal: Board | None = field(default=None, compare=False)

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def height(self) -> int:
        return len(self.rows)


def runs(line: Sequence[int]) -> Clue:
    """The lengths of the runs of black cells (1s) along a line, in order."""
    found: list[int] = []
    run = 0
    for v in line:
        if v:
            run += 1
        elif run:
            found.append(run)
            run = 0
    if run:
        found.append(run)
    return tuple(found)


def clues_of(board: Sequence[Sequence[int]]) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The column clues and row clues a filled board shows."""
    width = len(board[0]) if board else 0
    columns = tuple(runs([row[c] for row in board]) for c in range(width))
    return columns, tuple(runs(row) for row in board)


def say(clue: Clue) -> str:
    """A clue as players write it: ``3 1``, or ``0`` for an all-white line."""
    return " ".join(map(str, clue)) or "0"


def check(puzzle: Pattern, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    # Every cell is black (1) or white (0).
    for r, row in enumerate(solution):
        for c, v in enumerate(row):
            if v not in (0, 1):
                problems.append(f"{cell_name(puzzle, (r, c))} holds {v!r}, not black or white")
    if problems:
        return problems
    # Each row's runs of black cells, left to right, are its clue.
    for r, row in enumerate(solution):
        if runs(row) != puzzle.rows[r]:
            problems.append(
                f"row {r + 1} has runs {say(runs(row))}, but its clue is {say(puzzle.rows[r])}"
            )
    # Each column's runs of black cells, top to bottom, are its clue.
    for c in range(w):
        column = runs([row[c] for row in solution])
        if column != puzzle.columns[c]:
            problems.append(
                f"column {c + 1} has runs {say(column)}, but its clue is {say(puzzle.columns[c])}"
            )
    # A cell shown from the start keeps its colour.
    for (r, c), v in sorted(puzzle.fixed.items()):
        if solution[r][c] != v:
            problems.append(
                f"{cell_name(puzzle, (r, c))} is shown {colour(v)}, "
                f"but the solution makes it {colour(solution[r][c])}"
            )
    return problems


def colour(value: int) -> str:
    """A cell's value in words."""
    return "black" if value else "white"


# -- givens, for setters: the cells shown from the start, which can be taken away or added ----


def _at(puzzle: Pattern, solution: Board, place: Cell) -> FixedGiven:
    r, c = place
    return ((r, c), solution[r][c])


GIVENS: Givens[Pattern, Board, FixedGiven] = Givens(
    of=lambda p: sorted(p.fixed.items()),
    keep=lambda p, shown: replace(p, fixed=dict(shown)),
    at=_at,
    describe=lambda p, g: f"{cell_name(p, g[0])} shown {colour(g[1])}",
)
answer = grid_answer
place_name = cell_name


def random_image(w: int, h: int, rng: random.Random) -> Board:
    """A random picture with some thick areas: random shades, each the mean of its 3x3
    neighbourhood, then the darker half black (so no line is all one colour too often)."""
    noise = [[rng.random() for _ in range(w)] for _ in range(h)]
    smooth = []
    for r in range(h):
        for c in range(w):
            near = [
                noise[r + dr][c + dc]
                for dr in ((0,) if h == 2 else (-1, 0, 1))
                for dc in ((0,) if w == 2 else (-1, 0, 1))
                if 0 <= r + dr < h and 0 <= c + dc < w
            ]
            smooth.append(sum(near) / len(near))
    threshold = sorted(smooth)[len(smooth) // 2]
    return tuple(tuple(int(smooth[r * w + c] >= threshold) for c in range(w)) for r in range(h))


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random picture shown whole: its clues, and every cell fixed (the generator then takes
    fixed cells away while the clues and the rest still fix the picture). Like the collection,
    it prefers pictures where no line longer than 2 is all black or all white."""
    w, h = size
    image = random_image(w, h, rng)
    for _ in range(200):
        lines = [*image, *zip(*image, strict=True)]
        if all(len(line) <= 2 or 0 < sum(line) < len(line) for line in lines):
            break
        image = random_image(w, h, rng)
    if w * h > 2_500:
        raise GenerateError(f"size {w}x{h} is over the limit of 2500 cells")
    columns, rows = clues_of(image)
    cells = {(r, c): image[r][c] for r in range(h) for c in range(w)}
    return Pattern(columns, rows, cells), image, []


GENRE = About(
    name="pattern",
    aliases=("nonogram", "griddler", "nonograms", "griddlers", "picross"),
    summary="fill cells black so each row's and column's runs of black are its clue",
    reading=Reading(
        input_format="Tatham's game ID (WxH:column clues/row clues, '.' within a clue, optional "
        "',' fixed cells); or 'rows:' and 'columns:' sections, one clue a line; or a .non file",
        example="5x5:2/1.1/2/2.1/4/4/3/1/1.2/2",
        output_formats=("grid", "tatham"),
        urls=("nonogram",),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="automaton",
    ),
    making=Making(
        size="10x10",
        small="5x5",
    ),
    grading=Grading(
        # The builder's pruning solves its puzzles outright, as a person could not: graded on
        # the bare model. No levels of people's to follow: the
        # quartiles of the scores of 40 puzzles made at its own size (10x10; 0.25, 1.07 and 1.145;
        # benchmarks/bench_bands.py) part the bands.
        prune=False,
        bands=(
            ("easy", 0, 0.25),
            ("medium", 0.25, 1.07),
            ("hard", 1.07, 1.145),
            ("extreme", 1.145, 4),
        ),
    ),
)
