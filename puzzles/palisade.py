"""Palisade (Simon Tatham's Palisade), in the player's words, and a checker from its rules
alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import (
    About,
    GenerateError,
    Givens,
    Grading,
    Making,
    Option,
    Reading,
    Solving,
)
from .grid import Cell, Rows, cell_name, grid_answer
from .shikaku import Labels, numbered, regions

SIDES = 4
"""A clue counts the walls on a cell's four sides, so it runs from 0 to 4."""


@dataclass(frozen=True, slots=True)
class Palisade(Rows):
    """A board of clues, a tuple a row (None where a cell has none), and the number of cells
    every region has (``size``). ``tatham`` says the puzzle was read from (and prints as) a
    game ID; it takes no part in equality."""

    rows: tuple[tuple[int | None, ...], ...]
    size: int
    tatham: bool = field(default=False, compare=False)

    def clues(self) -> dict[Cell, int]:
        """Every clue, by cell, in reading order."""
        return {
            (r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        }


def sides(width: int, height: int, cell: Cell) -> list[Cell | None]:
    """The cells across each of a cell's four sides (up, left, right, down); None across the
    board's edge."""
    r, c = cell
    found: list[Cell | None] = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        y, x = r + dr, c + dc
        found.append((y, x) if 0 <= y < height and 0 <= x < width else None)
    return found


def walls(solution: Sequence[Sequence[Any]], cell: Cell) -> int:
    """How many of a cell's sides are walls: the board's edge, or a cell of another region."""
    h, w = len(solution), len(solution[0])
    mine = solution[cell[0]][cell[1]]
    return sum(1 for o in sides(w, h, cell) if o is None or solution[o[0]][o[1]] != mine)


def pieces(cells: Sequence[Cell]) -> int:
    """How many orthogonally connected groups ``cells`` make."""
    left = set(cells)
    count = 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                if near in left:
                    left.remove(near)
                    todo.append(near)
    return count


def check(puzzle: Palisade, solution: Labels) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w, k = puzzle.height, puzzle.width, puzzle.size
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    for cells in regions(solution).values():
        first = cell_name(puzzle, cells[0])
        # Every region has exactly k cells ...
        if len(cells) != k:
            problems.append(f"the region at {first} has {len(cells)} cells, not {k}")
        # ... in one piece.
        apart = pieces(cells)
        if apart > 1:
            problems.append(f"the region at {first} is in {apart} pieces")
    # A clue is the number of its cell's sides that are walls, the board's edge counting.
    for cell, n in puzzle.clues().items():
        found = walls(solution, cell)
        if found != n:
            problems.append(f"the clue {n} at {cell_name(puzzle, cell)} has {found} walls")
    return problems


# -- givens, for setters: the clues shown ---------------------------------------------------------

Given = tuple[Cell, int]


def givens(puzzle: Palisade) -> list[Given]:
    """The clues shown, cell by cell."""
    return sorted(puzzle.clues().items())


def with_givens(puzzle: Palisade, shown: Iterable[Given]) -> Palisade:
    """The same board showing exactly these clues."""
    kept = dict(shown)
    rows = tuple(tuple(kept.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height))
    return replace(puzzle, rows=rows)


def given_at(puzzle: Palisade, solution: Labels, place: Cell) -> Given:
    """The clue a cell would show: its walls in the solution."""
    return (place, walls(solution, place))


def describe(puzzle: Palisade, given: Given) -> str:
    place, n = given
    return f"the clue {n} at {cell_name(puzzle, place)}"


GIVENS: Givens[Palisade, Labels, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole ------------------------------------------------------------------


def region_size(width: int, height: int) -> int:
    """The regions' size ``generate`` takes for a board: the largest divisor of its area from 3
    to its shorter side (at most 10), as the collection's presets (5x5 regions of 5, 8x6 of 6,
    10x8 of 8, 15x12 of 10); else the smallest divisor from 3."""
    area = width * height
    near = [d for d in range(3, min(width, height, 10) + 1) if area % d == 0]
    if near:
        return max(near)
    far = [d for d in range(3, area + 1) if area % d == 0]
    if not far:
        raise GenerateError(f"a {width}x{height} board splits into no regions of 3 cells or more")
    return min(far)


def random_split(width: int, height: int, k: int, rng: random.Random) -> list[list[int]]:
    """A random split of the board into regions of ``k`` cells: each region grown at random
    from the first free cell in reading order, a region taken only when every group of free
    cells it leaves has a multiple of ``k`` cells (else grown again; after many failures the
    board starts over)."""
    for _ in range(1_000):
        label = [[-1] * width for _ in range(height)]
        count = 0
        stuck = False
        for r0 in range(height):
            for c0 in range(width):
                if label[r0][c0] >= 0:
                    continue
                for _ in range(200):
                    group = _grow(label, (r0, c0), k, rng)
                    if group is not None and _leaves_room(label, group, k):
                        break
                else:
                    stuck = True
                    break
                for r, c in group:
                    label[r][c] = count
                count += 1
            if stuck:
                break
        if not stuck:
            return label
    raise GenerateError(f"no split of a {width}x{height} board into regions of {k} cells")


def _grow(label: list[list[int]], start: Cell, k: int, rng: random.Random) -> list[Cell] | None:
    """A random connected group of ``k`` free cells holding ``start``; None when it gets stuck."""
    h, w = len(label), len(label[0])
    group = [start]
    taken = {start}
    while len(group) < k:
        frontier = [
            o
            for cell in group
            for o in sides(w, h, cell)
            if o is not None and label[o[0]][o[1]] < 0 and o not in taken
        ]
        if not frontier:
            return None
        o = rng.choice(frontier)
        group.append(o)
        taken.add(o)
    return group


def _leaves_room(label: list[list[int]], group: list[Cell], k: int) -> bool:
    """Whether each group of free cells left around ``group`` has a multiple of k cells."""
    h, w = len(label), len(label[0])
    taken = set(group)
    seen: set[Cell] = set()
    for cell in group:
        for o in sides(w, h, cell):
            if o is None or o in taken or o in seen or label[o[0]][o[1]] >= 0:
                continue
            size, todo = 0, [o]
            seen.add(o)
            while todo:
                y, x = todo.pop()
                size += 1
                for p in sides(w, h, (y, x)):
                    if p is not None and p not in taken and p not in seen and label[p[0]][p[1]] < 0:
                        seen.add(p)
                        todo.append(p)
            if size % k:
                return False
    return True


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random split into regions (of ``region_size`` cells), every clue shown; a split whose
    clues allow another is dropped for a fresh one."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Palisade board is at least 2x2, not {width}x{height}")
    k = region_size(width, height)
    for _ in range(50):
        labels = numbered(random_split(width, height, k, rng))
        rows = tuple(tuple(walls(labels, (r, c)) for c in range(width)) for r in range(height))
        puzzle = Palisade(rows, k, tatham=True)
        if len(solutions(puzzle, 2)) == 1:
            return puzzle, labels, []
    raise GenerateError(f"no {width}x{height} Palisade with one solution in 50 splits")


GENRE = About(
    name="palisade",
    summary="divide the grid into regions of the given size; a clue is the number of its "
    "cell's sides that are region walls, the board's edge counting",
    reading=Reading(
        input_format="Simon Tatham's game ID (5x4n4:e3b1b1), or a first line nK (regions "
        "of K cells) then rows of clues 0-4 with . for a cell without one",
        example="5x4n4:e3b1b1",
        options=(
            Option(
                "region_size",
                "--region-size",
                "palisade: the regions' size K, for plain rows that do not start with nK",
                int,
                "K",
            ),
        ),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="shapes",
    ),
    making=Making(size="8x6", small="5x4", largest=2_500),
    grading=Grading(
        # Graded on the pruned model: its pruning (the edges the rules settle, as Tatham's
        # solver's deductions, then the regions settled) settles every corpus puzzle (score 0).
        # No levels of people's to follow: the puzzles generate makes at 8x6 (clues taken away
        # while the solver proves one solution) go past those deductions: of 30, 29 need a
        # probe (level 2, scores 1.89 to 2.0, quartiles 1.989, 1.996 and 1.998) and one
        # lookahead (2.29). Easy is what the deductions settle, as Tatham's puzzles; the
        # quartiles part the rest (benchmarks/bench_tatham2.py).
        waves=True,
        bands=(
            ("easy", 0, 1.0),
            ("medium", 1.0, 1.99),
            ("hard", 1.99, 1.998),
            ("extreme", 1.998, 4),
        ),
    ),
)
