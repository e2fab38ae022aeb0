"""Galaxies (Tentai Show), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer, half_turn, touching

Point = tuple[int, int]
"""A dot's place in doubled coordinates (X, Y): cell (r, c) has its centre at (2c+1, 2r+1); a
point with one even coordinate is the middle of a cell side, with both even a grid corner."""
Board = tuple[tuple[int | None, ...], ...]
"""A solution: a row a tuple, each cell the number of its galaxy's dot (dots counted from 0 in
reading order of their points), None on a hole (a cell that is not the board's)."""
Mark = tuple[Cell, int]
"""A setter's given: a cell shown as part of the galaxy of a dot (its number)."""


@dataclass(frozen=True, slots=True)
class Galaxies:
    """A board of ``width`` x ``height`` cells with ``dots`` at points (doubled coordinates, in
    reading order); ``black`` the dots drawn black (the colour is the setter's, not a rule);
    ``holes`` cells that are not part of the board (puzz.link's empty cells); ``marks`` a
    setter's givens. ``tatham`` says the puzzle was read from (and prints as) a game ID."""

    width: int
    height: int
    dots: tuple[Point, ...]
    black: frozenset[Point] = frozenset()
    holes: frozenset[Cell] = frozenset()
    marks: frozenset[Mark] = frozenset()
    tatham: bool = field(default=False, compare=False)

    def on_board(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.height and 0 <= c < self.width and cell not in self.holes

    def cells(self) -> list[Cell]:
        """The board's cells, in reading order, holes left out."""
        return [
            (r, c)
            for r in range(self.height)
            for c in range(self.width)
            if (r, c) not in self.holes
        ]


def dot_name(puzzle: Any, dot: Point) -> str:
    """A dot in the player's words, by the cells it touches."""
    cells = touching(dot)
    if len(cells) == 1:
        return f"the dot in {cell_name(puzzle, cells[0])}"
    if len(cells) == 2:
        return f"the dot between {cell_name(puzzle, cells[0])} and {cell_name(puzzle, cells[1])}"
    return (
        f"the dot at the corner of {cell_name(puzzle, cells[0])} and {cell_name(puzzle, cells[3])}"
    )


def check(puzzle: Galaxies, solution: Sequence[Sequence[int | None]]) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    n = len(puzzle.dots)
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            name = cell_name(puzzle, (r, c))
            if (r, c) in puzzle.holes:
                if value is not None:
                    problems.append(f"{name} is no cell of the board, but holds {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
                problems.append(f"{name} holds {value!r}, not the number of a dot (0 to {n - 1})")
    if problems:
        return problems
    # A setter's marks stay.
    for (r, c), d in sorted(puzzle.marks):
        if solution[r][c] != d:
            problems.append(
                f"{cell_name(puzzle, (r, c))} is given to {dot_name(puzzle, puzzle.dots[d])}"
            )
    # A dot lies inside its galaxy: every cell it touches is its.
    for d, dot in enumerate(puzzle.dots):
        for r, c in touching(dot):
            if not puzzle.on_board((r, c)) or solution[r][c] != d:
                where = cell_name(puzzle, (r, c))
                problems.append(f"{dot_name(puzzle, dot)} is not inside its galaxy at {where}")
    # Each galaxy turns onto itself under a half turn about its dot.
    for r, c in puzzle.cells():
        mine = solution[r][c]
        assert mine is not None
        rr, cc = half_turn((r, c), puzzle.dots[mine])
        if not puzzle.on_board((rr, cc)) or solution[rr][cc] != mine:
            problems.append(
                f"{cell_name(puzzle, (r, c))} is in the galaxy of "
                f"{dot_name(puzzle, puzzle.dots[mine])}, but its mirror image through the dot "
                "is not"
            )
    # Each galaxy is all in one piece.
    seen: set[Cell] = set()
    pieces: dict[int, int] = {}
    for start in puzzle.cells():
        if start in seen:
            continue
        label = solution[start[0]][start[1]]
        assert label is not None
        pieces[label] = pieces.get(label, 0) + 1
        seen.add(start)
        todo = [start]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                if (
                    puzzle.on_board(near)
                    and near not in seen
                    and solution[near[0]][near[1]] == label
                ):
                    seen.add(near)
                    todo.append(near)
    for d, count in sorted(pieces.items()):
        if count > 1:
            problems.append(
                f"the galaxy of {dot_name(puzzle, puzzle.dots[d])} is in {count} pieces"
            )
    return problems


# -- givens, for setters: cells shown as part of a galaxy -----------------------------------------


GIVENS: Givens[Galaxies, Board, Mark] = Givens(
    of=lambda puzzle: sorted(puzzle.marks),
    keep=lambda puzzle, shown: replace(puzzle, marks=frozenset(shown)),
    at=lambda puzzle, solution, place: (place, answer(solution)[place]),
    describe=lambda puzzle, mark: (
        f"{cell_name(puzzle, mark[0])} in the galaxy of {dot_name(puzzle, puzzle.dots[mark[1]])}"
    ),
)
place_name = cell_name


def answer(solution: Board, /) -> dict[Cell, int]:
    """Each cell's galaxy, row by row; holes, which hold none, left out."""
    return {place: value for place, value in grid_answer(solution).items() if value is not None}


# -- random puzzles -------------------------------------------------------------------------------


SEEDS = 6
"""Galaxies are started at first one per this many cells."""


def random_galaxies(width: int, height: int, rng: random.Random) -> list[tuple[Point, set[Cell]]]:
    """A random partition of the board into galaxies, each with its dot, grown as the
    collection's generator grows them: dots at random free points (a cell's centre, the middle
    of a side or a corner of free cells), then every galaxy in turn takes a random free
    neighbour and its mirror image, until none can; cells left over start galaxies of their
    own, which grow the same way."""
    owner: dict[Cell, int] = {}
    made: list[tuple[Point, set[Cell]]] = []

    def free(cell: Cell) -> bool:
        return 0 <= cell[0] < height and 0 <= cell[1] < width and cell not in owner

    def start(r: int, c: int) -> None:
        x, y = 2 * c + 1, 2 * r + 1
        options = [
            (x + dx, y + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if 0 < x + dx < 2 * width
            and 0 < y + dy < 2 * height
            and all(free(cell) for cell in touching((x + dx, y + dy)))
        ]
        dot = rng.choice(options)
        region = set(touching(dot))
        for cell in region:
            owner[cell] = len(made)
        made.append((dot, region))

    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    for r, c in cells[: max(1, width * height // SEEDS)]:
        if (r, c) not in owner:
            start(r, c)
    while True:
        growing = list(range(len(made)))
        while growing:
            rng.shuffle(growing)
            still = []
            for g in growing:
                dot, region = made[g]
                edge = sorted(
                    {
                        near
                        for ir, ic in region
                        for near in ((ir - 1, ic), (ir, ic + 1), (ir + 1, ic), (ir, ic - 1))
                        if free(near)
                        and free(half_turn(near, dot))
                        and near != half_turn(near, dot)
                    }
                )
                if edge:
                    near = rng.choice(edge)
                    other = half_turn(near, dot)
                    region.update((near, other))
                    owner[near] = owner[other] = g
                    still.append(g)
            growing = still
        left = [cell for cell in cells if cell not in owner]
        if not left:
            return made
        start(*left[0])


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random partition into galaxies, its dots shown, made again until the solver finds no
    other solution (as the collection's generator does)."""
    width, height = size
    if width * height < 1:
        raise GenerateError(f"a Galaxies board has at least one cell, not {width}x{height}")
    while True:
        made = sorted(random_galaxies(width, height, rng), key=lambda g: (g[0][1], g[0][0]))
        puzzle = Galaxies(width, height, tuple(dot for dot, _ in made), tatham=True)
        grid: list[list[int | None]] = [[None] * width for _ in range(height)]
        for d, (_, region) in enumerate(made):
            for r, c in region:
                grid[r][c] = d
        solution = tuple(tuple(row) for row in grid)
        if len(solutions(puzzle, 2)) == 1:
            return puzzle, solution, []


GENRE = About(
    name="galaxies",
    aliases=("tentai-show", "spiral-galaxies", "tentaisho", "tentai"),
    summary="divide the board into galaxies, each with one dot, each turning onto itself under "
    "a half turn about its dot",
    reading=Reading(
        input_format="Simon Tatham's game ID (7x7:chifbtoyhjkupo), or the board's points, a "
        "line each row of cell centres and edges: o a dot (* a black one) at a cell's centre, "
        "side or corner, . | - + (or spaces) nothing, # a hole",
        example="5x5:devwlbef",
        output_formats=("grid",),
        urls=("tentaisho",),
    ),
    solving=Solving(
        # Measured (benchmarks/bench_tatham2.py, docs/genres/regions.md): all encodings alike
        # on Tatham's boards; on 40x40 the cuts alone (orbits) have the shortest worst case.
        default_backend="sat:cadical195",
        default_encoding="orbits",
        # On CP-SAT: 6.3 against 7.2 ms on the corpus (benchmarks/bench_backends.py)
        encodings_on=(("cpsat", "neighbours"),),
    ),
    making=Making(
        size="10x10",
        small="5x5",
        largest=1_600,
        # A minimal Galaxies shows its dots alone: the layout sets how hard it is, and about
        # one random 10x10 layout in a hundred needs more than one probe (extreme).
        attempts=300,
    ),
    grading=Grading(
        # Graded on the bare model: its pruning alone finishes Tatham's Normal puzzles, which
        # the waves of propagation they take then part (0.2 to 0.67, more on larger boards);
        # his Unreasonable ones need probing (1.0 to 1.6, median 1.06). Spearman's rank
        # correlation with his levels: 0.86 (benchmarks/bench_grade.py --no-prune, all 30
        # puzzles), on the neighbour clauses, which propagation uses as a person does.
        prune=False,
        waves=True,
        encoding="neighbours",
        bands=(
            ("easy", 0, 0.45),
            ("medium", 0.45, 1.0),
            ("hard", 1.0, 1.01),
            ("extreme", 1.01, 4),
        ),
        # Hard: Unreasonable puzzles one probe settles (score 1.0); extreme: the rest.
        levels_of="Tatham's",
        levels=(("Normal", 0, 1.0), ("Unreasonable", 1.0, 4)),
    ),
)
