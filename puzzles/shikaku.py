"""Shikaku (Simon Tatham's Rectangles), in the player's words, and a checker from its rules
alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer

HIDDEN = 0
"""A clue whose number is not shown (``?``): its rectangle holds it, of any area."""

Clue = int | None
"""A cell's clue: the area of its rectangle, ``HIDDEN`` (not told), or None (no clue)."""
Labels = tuple[tuple[int, ...], ...]
"""A solution: each cell's region, numbered 0, 1, 2... in reading order of each region's first
cell (the corpus form)."""


@dataclass(frozen=True, slots=True)
class Shikaku(Rows):
    """A board of clues, a tuple a row: a number is the area of the rectangle that holds it,
    ``HIDDEN`` a clue whose number is not shown, None a cell without one. ``tatham`` says the
    puzzle was read from (and prints as) a game ID; it takes no part in equality."""

    rows: tuple[tuple[Clue, ...], ...]
    tatham: bool = field(default=False, compare=False)

    def clues(self) -> dict[Cell, int]:
        """Every clue and its number (``HIDDEN`` for a ``?``), in reading order."""
        return {
            (r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        }


def regions(solution: Sequence[Sequence[int]]) -> dict[int, list[Cell]]:
    """The cells of each label, in reading order."""
    found: dict[int, list[Cell]] = {}
    for r, row in enumerate(solution):
        for c, label in enumerate(row):
            found.setdefault(label, []).append((r, c))
    return found


def numbered(labels: Sequence[Sequence[Any]]) -> Labels:
    """The same regions numbered 0, 1, 2... in reading order of their first cells."""
    names: dict[Any, int] = {}
    return tuple(tuple(names.setdefault(v, len(names)) for v in row) for row in labels)


def check(puzzle: Shikaku, solution: Labels) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    clues = puzzle.clues()
    for cells in regions(solution).values():
        top = min(r for r, _ in cells)
        bottom = max(r for r, _ in cells)
        left = min(c for _, c in cells)
        right = max(c for _, c in cells)
        first = cell_name(puzzle, cells[0])
        # Each region is a rectangle: it fills the box around it.
        if len(cells) != (bottom - top + 1) * (right - left + 1):
            problems.append(f"the region at {first} is not a rectangle")
            continue
        # ... holding exactly one number, its area.
        inside = [cell for cell in cells if cell in clues]
        if not inside:
            problems.append(f"the rectangle at {first} holds no number")
        elif len(inside) > 1:
            names = " and ".join(cell_name(puzzle, cell) for cell in inside)
            problems.append(f"the rectangle at {first} holds the numbers at {names}")
        elif clues[inside[0]] not in (HIDDEN, len(cells)):
            problems.append(
                f"the number {clues[inside[0]]} at {cell_name(puzzle, inside[0])} is in a "
                f"rectangle of {len(cells)} cells"
            )
    return problems


# -- givens, for setters: the numbers shown (a number taken away leaves a ?) -------------------

Given = tuple[Cell, int]


def givens(puzzle: Shikaku) -> list[Given]:
    """The numbers shown, cell by cell (a ``?`` shows none)."""
    return [(cell, n) for cell, n in puzzle.clues().items() if n != HIDDEN]


def with_givens(puzzle: Shikaku, shown: Iterable[Given]) -> Shikaku:
    """The same clues showing exactly these numbers: every other clue a ``?`` (a rectangle
    still holds it, so the solution stays)."""
    kept = dict(shown)
    rows = tuple(
        tuple(None if v is None else kept.get((r, c), HIDDEN) for c, v in enumerate(row))
        for r, row in enumerate(puzzle.rows)
    )
    return replace(puzzle, rows=rows)


def given_at(puzzle: Shikaku, solution: Labels, place: Cell) -> Given:
    """The area of the rectangle that holds ``place``, as the number of the clue in it (a
    ``?`` shown as its number: the only given a Shikaku can gain without changing its
    rectangles)."""
    r, c = place
    label = solution[r][c]
    cells = [(y, x) for y, row in enumerate(solution) for x, v in enumerate(row) if v == label]
    clue = next((cell for cell in cells if puzzle.rows[cell[0]][cell[1]] is not None), place)
    return (clue, len(cells))


def describe(puzzle: Shikaku, given: Given) -> str:
    place, n = given
    return f"the number {n} at {cell_name(puzzle, place)}"


GIVENS: Givens[Shikaku, Labels, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole ------------------------------------------------------------------


def rectangles_around(
    width: int, height: int, cell: Cell, area: int
) -> Iterator[tuple[int, int, int, int]]:
    """Every rectangle of ``area`` cells that holds ``cell``, as (top, left, rows, columns)."""
    r, c = cell
    for rows in range(1, min(area, height) + 1):
        if area % rows:
            continue
        cols = area // rows
        if cols > width:
            continue
        for top in range(max(0, r - rows + 1), min(r, height - rows) + 1):
            for left in range(max(0, c - cols + 1), min(c, width - cols) + 1):
                yield top, left, rows, cols


SHAPES = ((1, 2), (2, 1), (1, 3), (3, 1), (2, 2), (1, 4), (4, 1), (2, 3), (3, 2))
"""The rectangles a random split starts from (rows, columns), before some are joined."""


def random_rectangles(width: int, height: int, rng: random.Random) -> list[list[int]]:
    """A random split of the board into rectangles: small rectangles (2 to 6 cells) placed at
    random where they fit, each cell left over joined to a neighbour where the two make a
    rectangle, then neighbours joined at random into larger rectangles (as the collection's
    generator grows its rectangles), up to an eighth of the board each."""
    labels = [[-1] * width for _ in range(height)]
    boxes: dict[int, tuple[int, int, int, int]] = {}  # label: top, left, rows, columns
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)

    def free(top: int, left: int, rows: int, cols: int) -> bool:
        return all(
            labels[y][x] < 0 for y in range(top, top + rows) for x in range(left, left + cols)
        )

    def put(label: int, box: tuple[int, int, int, int]) -> None:
        top, left, rows, cols = box
        boxes[label] = box
        for y in range(top, top + rows):
            for x in range(left, left + cols):
                labels[y][x] = label

    for r, c in cells:
        if labels[r][c] >= 0:
            continue
        options = [
            (top, left, rows, cols)
            for rows, cols in SHAPES
            for top in range(max(0, r - rows + 1), min(r, height - rows) + 1)
            for left in range(max(0, c - cols + 1), min(c, width - cols) + 1)
            if free(top, left, rows, cols)
        ]
        put(len(boxes), rng.choice(options) if options else (r, c, 1, 1))
    most = max(2, width * height // 8)

    def joined(a: int, b: int) -> tuple[int, int, int, int] | None:
        """The rectangle two boxes make together, if they make one."""
        (t1, l1, r1, c1), (t2, l2, r2, c2) = boxes[a], boxes[b]
        if l1 == l2 and c1 == c2 and (t1 + r1 == t2 or t2 + r2 == t1):
            return (min(t1, t2), l1, r1 + r2, c1)
        if t1 == t2 and r1 == r2 and (l1 + c1 == l2 or l2 + c2 == l1):
            return (t1, min(l1, l2), r1, c1 + c2)
        return None

    def neighbours(a: int) -> list[int]:
        top, left, rows, cols = boxes[a]
        found = set()
        for y in range(top, top + rows):
            for x in (left - 1, left + cols):
                if 0 <= x < width:
                    found.add(labels[y][x])
        for x in range(left, left + cols):
            for y in (top - 1, top + rows):
                if 0 <= y < height:
                    found.add(labels[y][x])
        return sorted(found - {a})

    def merge(a: int, limit: int) -> bool:
        options = []
        for b in neighbours(a):
            box = joined(a, b)
            if box is not None and box[2] * box[3] <= limit:
                options.append((b, box))
        if not options:
            return False
        b, box = rng.choice(options)
        del boxes[b]
        put(a, box)
        return True

    for a in [a for a, box in boxes.items() if box[2] * box[3] == 1]:
        if a in boxes:
            merge(a, width * height)
    for _ in range(len(boxes) // 3):
        merge(rng.choice(sorted(boxes)), most)
    return labels


def _puzzle(labels: Sequence[Sequence[int]], rng: random.Random) -> tuple[Shikaku, Labels]:
    """A number at a random cell of each rectangle."""
    areas = regions(labels)
    rows = [[None] * len(labels[0]) for _ in labels]
    spots = {label: rng.choice(cells) for label, cells in areas.items()}
    for label, (r, c) in spots.items():
        rows[r][c] = len(areas[label])  # type: ignore[call-overload]
    return Shikaku(tuple(tuple(row) for row in rows), tatham=True), numbered(labels)


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random split into rectangles, a number in each; while the solver finds another
    solution, a number of a rectangle that solution breaks moves to another of its cells
    (a fresh split after many moves): the puzzle shown whole has one solution. Every number
    stays shown (as in the collection's puzzles and Nikoli's: a ``?`` is for setters who ask
    for it), so how hard a puzzle is comes from its split and where its numbers stand."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Shikaku board is at least 2x2, not {width}x{height}")
    while True:
        labels = random_rectangles(width, height, rng)
        puzzle, ours = _puzzle(labels, rng)
        for _ in range(4 * width * height):
            others = [s for s in solutions(puzzle, 2) if s != ours]
            if not others:
                return puzzle, ours, givens(puzzle)
            other = others[0]
            mine = regions(ours)
            theirs = {tuple(cells) for cells in regions(other).values()}
            broken = [cells for cells in mine.values() if tuple(cells) not in theirs]
            cells = rng.choice(broken)
            rows = [list(row) for row in puzzle.rows]
            old = next(cell for cell in cells if rows[cell[0]][cell[1]] is not None)
            new = rng.choice(cells)
            rows[old[0]][old[1]], rows[new[0]][new[1]] = None, len(cells)
            puzzle = Shikaku(tuple(tuple(row) for row in rows), tatham=True)


GENRE = About(
    name="shikaku",
    aliases=("rect", "rectangles"),
    summary="divide the grid into rectangles, each holding exactly one number, equal to its area",
    reading=Reading(
        input_format="Simon Tatham's game ID (7x7:3c3f4_2b2b2g5a6a2_2a2b3c2_7e4a), or rows of "
        "numbers with . for a cell without one (? a number not shown), cells separated by "
        "spaces",
        example="7x7:3c3f4_2b2b2g5a6a2_2a2b3c2_7e4a",
        urls=("shikaku",),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="rectangles",
    ),
    making=Making(size="7x7", small="7x7", largest=10_000),
    grading=Grading(
        # Graded on the bare model (the pruning settles every corpus puzzle before a person
        # would), level 1 scored by its waves of propagation. No levels of people's to follow:
        # the quartiles of the scores of 30 puzzles made at its own size (7x7; 0.23, 0.33 and
        # 1.0, a level-2 puzzle needing a probe; benchmarks/bench_tatham2.py) part the bands.
        prune=False,
        waves=True,
        bands=(
            ("easy", 0, 0.235),
            ("medium", 0.235, 0.34),
            ("hard", 0.34, 1.0),
            ("extreme", 1.0, 4),
        ),
    ),
)
