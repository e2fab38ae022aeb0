"""Tapa, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer
from .shading import DARK, LIGHT, dark_board_problems, wall_problems

Board = tuple[str, ...]
"""A solution: a string a row, ``#`` a shaded cell, ``.`` an unshaded one (a clue's too)."""

UNKNOWN = -1
"""A number of a clue not told (``?``): a run of one shaded cell or more."""

Clue = tuple[int, ...]
"""A clue's numbers as written, in any order: each 1 to 8 or ``UNKNOWN``; ``(0,)`` alone for a
clue that sees no shaded cell."""

RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
"""A cell's eight neighbours, clockwise from the one above and to the left: the ring a clue
reads around."""


@dataclass(frozen=True, slots=True)
class Tapa(Rows):
    """A board, a tuple a row: a clue cell holds its ``Clue``, any other cell None; ``marks``
    are cells a setter gives shaded."""

    rows: tuple[tuple[Clue | None, ...], ...]
    marks: frozenset[Cell] = field(default_factory=frozenset)

    def clues(self) -> dict[Cell, Clue]:
        """The clue cells and their clues, in reading order."""
        return {
            (r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        }


def ring_runs(ring: Sequence[bool]) -> list[int]:
    """The lengths of the runs of shaded places around a ring of eight, read clockwise (the
    last place touches the first): ``[]`` when none is shaded, ``[8]`` when all are."""
    if all(ring):
        return [len(ring)]
    # Start just after an unshaded place, so that no run wraps round.
    start = next(i for i, s in enumerate(ring) if not s) + 1
    runs, length = [], 0
    for k in range(len(ring)):
        if ring[(start + k) % len(ring)]:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    if length:
        runs.append(length)
    return runs


def clue_holds(clue: Clue, runs: Sequence[int]) -> bool:
    """Whether runs read around a clue's ring are what the clue says: ``0`` alone, no run; else
    one run per number, each number the length of its own run, a ``?`` any run."""
    if clue == (0,):
        return not runs
    if len(runs) != len(clue):
        return False
    left = list(runs)
    for n in clue:
        if n == UNKNOWN:
            continue
        if n not in left:
            return False
        left.remove(n)
    return True


def clue_problem(clue: Clue) -> str | None:
    """What makes ``clue`` no Tapa clue (a ring of eight cannot hold it), or None: one to four
    numbers; 0 only alone; otherwise each 1 to 8 or ``?``, their runs and the gaps between them
    within eight cells."""
    if not 1 <= len(clue) <= 4:
        return f"a clue has one to four numbers, not {len(clue)}"
    if clue == (0,):
        return None
    if any(n != UNKNOWN and not 1 <= n <= 8 for n in clue):
        return "a clue's numbers are 1 to 8 (or 0 alone, or ?)"
    cells = sum(1 if n == UNKNOWN else n for n in clue)
    if len(clue) > 1 and cells + len(clue) > 8:
        return f"{clue_text(clue)}: its runs and the gaps between them pass the ring's 8 cells"
    return None


def clue_text(clue: Clue) -> str:
    """A clue as players write it: its numbers together, ``?`` a number not told (``113``)."""
    return "".join("?" if n == UNKNOWN else str(n) for n in clue)


def ring_cells(width: int, height: int, r: int, c: int) -> list[Cell | None]:
    """The eight places of (r, c)'s ring, clockwise as ``RING``: a cell, or None off the board."""
    return [
        (r + dr, c + dc) if 0 <= r + dr < height and 0 <= c + dc < width else None
        for dr, dc in RING
    ]


def check(puzzle: Tapa, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    shape = dark_board_problems(puzzle, w, h, solution)
    if shape:
        return shape
    problems = []
    clues = puzzle.clues()
    for r, c in sorted(puzzle.marks):
        if solution[r][c] != DARK:
            problems.append(f"{cell_name(puzzle, (r, c))} is given shaded")
    for (r, c), clue in clues.items():
        if solution[r][c] == DARK:
            problems.append(f"the clue at {cell_name(puzzle, (r, c))} is shaded")
            continue
        # The ring read here from the board itself: up-left, up, up-right, right, down-right,
        # down, down-left, left; a place off the board is unshaded.
        ring = []
        for y, x in ((r - 1, c - 1), (r - 1, c), (r - 1, c + 1), (r, c + 1), (r + 1, c + 1),
                     (r + 1, c), (r + 1, c - 1), (r, c - 1)):  # fmt: skip
            ring.append(0 <= y < h and 0 <= x < w and solution[y][x] == DARK)
        runs = ring_runs(ring)
        if not clue_holds(clue, runs):
            seen = " ".join(map(str, runs)) if runs else "no shaded cell"
            problems.append(
                f"the clue {clue_text(clue)} at {cell_name(puzzle, (r, c))} sees {seen}"
            )
    if not any(DARK in row for row in solution):
        problems.append("no cell is shaded")
    problems += wall_problems(puzzle, solution)
    return problems


# -- givens, for setters: the clues, and cells given shaded ---------------------------------------

Given = tuple[Cell, Clue | bool]
"""A clue ``((row, column), numbers)``, or a mark ``((row, column), True)``: the cell is
shaded."""


def givens(puzzle: Tapa) -> list[Given]:
    found: list[Given] = list(puzzle.clues().items())
    found += [(cell, True) for cell in puzzle.marks]
    return sorted(found, key=lambda g: g[0])


def with_givens(puzzle: Tapa, shown: Iterable[Given]) -> Tapa:
    cells: dict[Cell, Clue] = {}
    marks = set()
    for place, value in shown:
        if value is True:
            marks.add(place)
        elif not isinstance(value, bool):
            cells[place] = value
    rows = tuple(
        tuple(cells.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height)
    )
    return replace(puzzle, rows=rows, marks=frozenset(marks))


def clue_at(solution: Board, place: Cell) -> Clue:
    """The clue an unshaded cell of ``solution`` would show: its ring's runs, least first."""
    h, w = len(solution), len(solution[0])
    ring = [cell is not None and solution[cell[0]][cell[1]] == DARK
            for cell in ring_cells(w, h, *place)]  # fmt: skip
    return tuple(sorted(ring_runs(ring))) or (0,)


def given_at(puzzle: Tapa, solution: Board, place: Cell) -> Given:
    """What the solution holds at ``place``, as a given: the clue its ring shows when
    unshaded, a mark when shaded."""
    r, c = place
    if solution[r][c] == DARK:
        return (place, True)
    return (place, clue_at(solution, place))


def describe(puzzle: Tapa, given: Given) -> str:
    place, value = given
    if value is True or isinstance(value, bool):
        return f"{cell_name(puzzle, place)} shaded"
    return f"the clue {clue_text(value)} at {cell_name(puzzle, place)}"


GIVENS: Givens[Tapa, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles -------------------------------------------------------------------------------


def _closes_square(wall: set[Cell], r: int, c: int) -> bool:
    """Whether shading (r, c) makes a 2x2 square of ``wall`` whole."""
    for y in (r - 1, r):
        for x in (c - 1, c):
            square = {(y, x), (y, x + 1), (y + 1, x), (y + 1, x + 1)}
            if all(cell in wall or cell == (r, c) for cell in square):
                return True
    return False


def random_wall(
    width: int, height: int, rng: random.Random, share: float = 0.6, thin: float = 0.7
) -> set[Cell]:
    """A random wall: one group of shaded cells with no 2x2 square, grown from a random cell a
    neighbour at a time until it holds about ``share`` of the board or no cell can join; with
    chance ``thin`` a cell that touches the wall at one side only joins first (corridors
    rather than blobs)."""
    wall = {(rng.randrange(height), rng.randrange(width))}
    target = max(1, round(share * width * height))
    while len(wall) < target:
        edge: dict[Cell, int] = {}
        for r, c in wall:
            for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= y < height and 0 <= x < width and (y, x) not in wall:
                    edge[(y, x)] = edge.get((y, x), 0) + 1
        open_ = sorted(cell for cell in edge if not _closes_square(wall, *cell))
        if not open_:
            break
        ones = [cell for cell in open_ if edge[cell] == 1]
        pool: list[Cell] = ones if ones and rng.random() < thin else open_
        wall.add(rng.choice(pool))
    return wall


def make(size: tuple[int, int], rng: random.Random, solutions: Callable[[Any, int], Any]) -> Any:
    """A random wall, and on every other cell the clue its ring shows. That puzzle has one
    solution: every shaded cell has an unshaded cell among its eight neighbours (else a 2x2
    square is shaded; on a board one cell wide, the wall is one cell), whose clue fixes it, and
    every unshaded cell holds a clue. ``generate`` then takes clues away while the puzzle stays
    unique."""
    width, height = size
    if width < 1 or height < 1:
        raise GenerateError(f"a Tapa board has a cell at least, not {width}x{height}")
    # (On a board one cell wide, a wall of two cells or more has a cell beside no unshaded one.)
    wall = random_wall(width, height, rng, 0.6 if min(width, height) > 1 else 0)
    ours = tuple(
        "".join(DARK if (r, c) in wall else LIGHT for c in range(width)) for r in range(height)
    )
    rows = tuple(
        tuple(None if (r, c) in wall else clue_at(ours, (r, c)) for c in range(width))
        for r in range(height)
    )
    return Tapa(rows), ours, []


GENRE = About(
    name="tapa",
    summary="shade cells so that each clue lists the runs of shaded cells among its eight "
    "neighbours; clue cells stay unshaded, the shaded cells are one group, and no 2x2 square "
    "is all shaded",
    reading=Reading(
        input_format="rows of cells separated by spaces: . a cell without a clue, a clue its "
        "numbers written together or split by / or , (113, 1/1/3; ? a number not told, 0 "
        "alone no shaded neighbour), # a cell given shaded; side by side when every clue is "
        "one number; or a puzz.link URL",
        example="3 . . . .\n. . . . 5\n. . 113 . .\n13 . . . .\n. . . . 2",
        output_formats=("grid",),
        urls=("tapa",),
    ),
    solving=Solving(
        # Measured on the bundled boards (docs/genres/blocks.md): the SAT solvers and encodings
        # within noise of each other, MiniCard with every prime clause (which propagates fully)
        # the default; CP-SAT 4 to 20 times slower, fastest with the covering clauses.
        default_backend="sat:minicard",
        default_encoding="primes",
        encodings_on=(("cpsat", "cover"),),
    ),
    making=Making(size="10x10", small="5x5", largest=2_500),
    grading=Grading(
        encoding="primes",  # every value a clue forces is seen by propagation, as a person sees
        # No levels of people's to follow. Of 20 made 10x10 boards (seeds 1 to 20, graded on the
        # default encoding), 2 fall to propagation (score 0), 18 need probing (1.0 to 1.28);
        # the bands split them in four equal parts.
        bands=(
            ("easy", 0, 1.02),
            ("medium", 1.02, 1.045),
            ("hard", 1.045, 1.065),
            ("extreme", 1.065, 4),
        ),
    ),
)
