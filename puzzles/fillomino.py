"""Fillomino (Simon Tatham's Filling), in the player's words, and a checker from its rules
alone."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..contract import About, GenerateError, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer, number_givens

DIGITS = 9
"""The numbers a cell may hold run to 9, as the collection's (it takes digits only), or to the
largest number given when that is more."""

Numbers = tuple[tuple[int, ...], ...]
"""A solution: the number in each cell, a tuple a row (the corpus form)."""


@dataclass(frozen=True, slots=True)
class Fillomino(Rows):
    """A board of given numbers, a tuple a row (None where no number is given); ``tatham``
    says the puzzle was read from (and prints as) a game ID; it takes no part in equality."""

    rows: tuple[tuple[int | None, ...], ...]
    tatham: bool = field(default=False, compare=False)

    def givens(self) -> dict[Cell, int]:
        """The numbers shown, by cell."""
        return {
            (r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        }

    @property
    def most(self) -> int:
        """The largest number a cell may hold: 9, or the largest given when that is more."""
        return max([DIGITS, *self.givens().values()])


def neighbours(width: int, height: int, r: int, c: int) -> Iterator[Cell]:
    """The cells orthogonally next to (r, c), on the board."""
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < height and 0 <= c + dc < width:
            yield r + dr, c + dc


def regions(solution: Sequence[Sequence[int]]) -> list[list[Cell]]:
    """The groups of orthogonally connected cells holding the same number, each as large as it
    goes, in reading order of their first cells."""
    h, w = len(solution), len(solution[0])
    seen: set[Cell] = set()
    found = []
    for r in range(h):
        for c in range(w):
            if (r, c) in seen:
                continue
            seen.add((r, c))
            group, todo = [], [(r, c)]
            while todo:
                y, x = todo.pop()
                group.append((y, x))
                for other in neighbours(w, h, y, x):
                    if other not in seen and solution[other[0]][other[1]] == solution[y][x]:
                        seen.add(other)
                        todo.append(other)
            found.append(sorted(group))
    return found


def check(puzzle: Fillomino, solution: Numbers) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    for r, row in enumerate(solution):
        for c, v in enumerate(row):
            # Every cell holds a number from 1 to the largest allowed ...
            if not isinstance(v, int) or not 1 <= v <= puzzle.most:
                problems.append(f"{cell_name(puzzle, (r, c))} holds {v!r}, not 1..{puzzle.most}")
            # ... and the numbers given stay.
            elif puzzle.rows[r][c] not in (None, v):
                problems.append(f"{cell_name(puzzle, (r, c))} is given {puzzle.rows[r][c]}")
    if problems:
        return problems
    # Each group of connected cells holding one number has exactly that many cells.
    for group in regions(solution):
        n = solution[group[0][0]][group[0][1]]
        if len(group) != n:
            problems.append(
                f"the {n}s at {cell_name(puzzle, group[0])} make a region of {len(group)} cells"
            )
    return problems


def _shown(puzzle: Fillomino) -> dict[Cell, int]:
    return puzzle.givens()


def _keep(puzzle: Fillomino, kept: dict[Cell, int]) -> Fillomino:
    rows = tuple(tuple(kept.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height))
    return Fillomino(rows, puzzle.tatham)


GIVENS = number_givens(_shown, _keep)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole ------------------------------------------------------------------


WHOLE_DRAWS = 200
"""Boards drawn whole before the last is repaired in place (``random_regions``): a board of
more cells is seldom right whole (a 13x9 took up to 5,000 draws, a 34x26 none in 10,000)."""


def random_regions(width: int, height: int, rng: random.Random, most: int) -> list[list[int]]:
    """A random split of the board into regions of 1 to ``most`` cells, no two of one size side
    by side: each region grown from a random free cell towards a size drawn at random; the board
    drawn again while two regions of one size meet, up to WHOLE_DRAWS times, and then the last
    drawn mended: a group of regions of one size that meet made one region
    when it is small enough, else its regions and those beside them grown again over their own
    cells (each grown on while it has the size of one beside it), a group
    at a time until none meet."""
    label: list[list[int]] = []
    sizes: list[int] = []

    def grow(cells: list[Cell], careful: bool = False) -> None:
        """Regions grown over the free cells among ``cells`` (labels -1), in random order;
        ``careful``, a region grown on by a cell at a time while it has the size of a region
        beside it, as long as it can."""
        rng.shuffle(cells)
        for start in cells:
            if label[start[0]][start[1]] >= 0:
                continue
            want = rng.randint(1, most)
            k = len(sizes)
            group = [start]
            label[start[0]][start[1]] = k
            while len(group) < want:
                frontier = [
                    n
                    for cell in group
                    for n in neighbours(width, height, *cell)
                    if label[n[0]][n[1]] < 0
                ]
                if not frontier:
                    break
                n = rng.choice(frontier)
                label[n[0]][n[1]] = k
                group.append(n)
            while careful and len(group) < most:
                beside = [
                    n
                    for cell in group
                    for n in neighbours(width, height, *cell)
                    if label[n[0]][n[1]] != k
                ]
                if all(label[r][c] < 0 or sizes[label[r][c]] != len(group) for r, c in beside):
                    break
                frontier = [n for n in beside if label[n[0]][n[1]] < 0]
                if not frontier:
                    break
                n = rng.choice(frontier)
                label[n[0]][n[1]] = k
                group.append(n)
            sizes.append(len(group))

    every = [(r, c) for r in range(height) for c in range(width)]
    for _ in range(WHOLE_DRAWS):
        label = [[-1] * width for _ in range(height)]
        sizes = []
        grow(list(every))
        grid = [[sizes[label[r][c]] for c in range(width)] for r in range(height)]
        if all(len(g) == grid[g[0][0]][g[0][1]] for g in regions(grid)):
            return grid
    for _ in range(10_000):
        grid = [[sizes[label[r][c]] for c in range(width)] for r in range(height)]
        wrong = [g for g in regions(grid) if len(g) != grid[g[0][0]][g[0][1]]]
        if not wrong:
            return grid
        # The regions of a wrong group, and those beside it, are grown again.
        group = rng.choice(wrong)
        if len(group) <= most:  # a group small enough is one region
            for r, c in group:
                label[r][c] = len(sizes)
            sizes.append(len(group))
            continue
        again = {label[r][c] for r, c in group}
        again |= {label[r][c] for cell in group for r, c in neighbours(width, height, *cell)}
        freed = [(r, c) for r, c in every if label[r][c] in again]
        for r, c in freed:
            label[r][c] = -1
        grow(freed, careful=True)
    raise GenerateError(f"no split of a {width}x{height} board into regions of up to {most}")


def make(size: tuple[int, int], rng: random.Random, solutions: object) -> object:
    """A random split into regions of up to 9 cells (fewer on a board with a side under 9, as
    the collection's), every number shown; one number of each region, at random, is never
    taken away (so every region shows its number, and the regions a solver must list stay
    few as the others go)."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Fillomino board is at least 2x2, not {width}x{height}")
    grid = random_regions(width, height, rng, min(DIGITS, max(width, height, 4)))
    solution = tuple(tuple(row) for row in grid)
    keep = []
    for group in regions(grid):
        r, c = rng.choice(group)
        keep.append(((r, c), grid[r][c]))
    return Fillomino(solution, tatham=True), solution, keep


GENRE = About(
    name="fillomino",
    aliases=("filling",),
    summary="write a number in every cell so that each group of connected cells holding the "
    "same number has exactly that many cells",
    reading=Reading(
        input_format="Simon Tatham's game ID (5x5:b4c3a32f5d4542), or rows of numbers with . "
        "for an empty cell (cells separated by spaces, or a digit each)",
        example="5x5:b4c3a32f5d4542",
        urls=("fillomino", "fillomino01"),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="shapes",
    ),
    # (each removal test a fresh build: the givens kept settle most regions before any is
    # listed, where a session on the puzzle without them lists every region they would rule
    # out: 0.5 to 2.2 s a 9x7 puzzle, against 2.6 to 23 s)
    # (top_after: the hard band's top, 3.7, lies within search, where a grade is up to 3 s of
    # lookahead and a removal pass about 1 s: graded each removal, hard took 15 to 17 s a seed)
    making=Making(size="9x7", small="5x5", largest=2_500, session=False, top_after=True),
    grading=Grading(
        # Graded on the pruned model: its pruning (each cell's region narrowed to the cells
        # all its possible regions share) is the deduction people make first, and settles every
        # corpus puzzle (score 0.05); on the bare model every puzzle needs search. No levels of
        # people's to follow (Tatham's Filling has none): of 40 puzzles made at 9x7, 10 are
        # settled so (0.05), 4 need probes (1.44 to 1.95) and 26 search (3.10 to 3.93, median
        # 3.70), none lookahead: easy and medium are those levels, and the median of the
        # searched parts hard from extreme.
        waves=True,
        bands=(
            ("easy", 0, 1.0),
            ("medium", 1.0, 2.0),
            ("hard", 2.0, 3.7),
            ("extreme", 3.7, 4),
        ),
    ),
)
