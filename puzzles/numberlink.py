"""Numberlink, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer
from .masyu import BACK, STEP

Masks = tuple[str, ...]
"""A solution: a string a row, a hex digit a cell, the cell's lines as bits (1 right, 2 up, 4
left, 8 down; 0 a cell no path passes): Masyu's masks. A number's cell has one line."""


@dataclass(frozen=True, slots=True)
class Numberlink(Rows):
    """A board of cells, a tuple a row: None empty, else a number, each number on two cells.
    ``every_cell``: the paths pass every cell (puzz.link's arukone). ``marks`` are a setter's
    givens, in reading order: a cell and its lines (0: no path passes it)."""

    rows: tuple[tuple[int | None, ...], ...]
    every_cell: bool = False
    marks: tuple[tuple[Cell, int], ...] = ()

    def ends(self) -> dict[int, list[Cell]]:
        """Each number's cells, in reading order."""
        found: dict[int, list[Cell]] = {}
        for r, row in enumerate(self.rows):
            for c, n in enumerate(row):
                if n is not None:
                    found.setdefault(n, []).append((r, c))
        return found


def check(puzzle: Numberlink, solution: Masks) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    try:
        masks = [[int(ch, 16) for ch in row] for row in solution]
    except ValueError:
        return ["the solution holds a cell that is not a hex digit"]
    problems = []
    for (r, c), mask in puzzle.marks:
        if masks[r][c] != mask:
            problems.append(f"{cell_name(puzzle, (r, c))} is given other lines")
    for r in range(h):
        for c in range(w):
            m, name = masks[r][c], cell_name(puzzle, (r, c))
            lines = bin(m).count("1")
            if puzzle.rows[r][c] is not None:
                if lines != 1:
                    problems.append(f"{name} holds a number and has {lines} lines, not 1")
            elif lines not in ((2,) if puzzle.every_cell else (0, 2)):
                shown = "2" if puzzle.every_cell else "0 or 2"
                problems.append(f"{name} has {lines} lines, not {shown}")
            for bit, (dr, dc) in STEP.items():
                if not m & bit:
                    continue
                rr, cc = r + dr, c + dc
                if not (0 <= rr < h and 0 <= cc < w):
                    problems.append(f"{name} has a line off the board")
                elif not masks[rr][cc] & BACK[bit]:
                    problems.append(f"{name} has a line to {cell_name(puzzle, (rr, cc))}, "
                                    "which has none back")  # fmt: skip
    if problems:
        return problems
    # Each number's path ends at its other cell; no lines are left over (a loop of their own).
    seen: set[Cell] = set()
    for n, cells in sorted(puzzle.ends().items()):
        first = cells[0]
        at, came = first, 0
        seen.add(at)
        while True:
            bit = next(b for b in STEP if masks[at[0]][at[1]] & b and b != came)
            at = (at[0] + STEP[bit][0], at[1] + STEP[bit][1])
            seen.add(at)
            came = BACK[bit]
            if puzzle.rows[at[0]][at[1]] is not None:
                break
        if at != cells[1]:
            problems.append(
                f"the path from {n} at {cell_name(puzzle, first)} ends at "
                f"{cell_name(puzzle, at)}, not at its other {n}"
            )
    lone = [(r, c) for r in range(h) for c in range(w) if masks[r][c] and (r, c) not in seen]
    if lone and not problems:
        problems.append(f"a loop joins no numbers, through {cell_name(puzzle, lone[0])}")
    return problems


# -- givens, for setters: the numbers, and a cell's lines ----------------------------------------

Given = tuple[Cell, int | str | None]
"""A number ``((row, column), 3)``; a cell's lines ``((row, column), "5")`` (its mask as a hex
digit: a setter's mark); None: nothing shown."""


def givens(puzzle: Numberlink) -> list[Given]:
    """The numbers, then the marks, in reading order."""
    numbers = [((r, c), n) for r, row in enumerate(puzzle.rows) for c, n in enumerate(row)
               if n is not None]  # fmt: skip
    return [*numbers, *((cell, format(mask, "x")) for cell, mask in puzzle.marks)]


def with_givens(puzzle: Numberlink, shown: Iterable[Given]) -> Numberlink:
    """The same board showing exactly these numbers (those shown on both their cells) and
    marks."""
    shown = list(shown)
    numbers = {cell: n for cell, n in shown if isinstance(n, int) and not isinstance(n, bool)}
    count: dict[int, int] = {}
    for n in numbers.values():
        count[n] = count.get(n, 0) + 1
    rows = tuple(
        tuple(
            numbers.get((r, c)) if count.get(numbers.get((r, c), -1), 0) == 2 else None
            for c in range(puzzle.width)
        )
        for r in range(puzzle.height)
    )
    marks = tuple(sorted((cell, int(m, 16)) for cell, m in shown if isinstance(m, str)))
    return replace(puzzle, rows=rows, marks=marks)


def given_at(puzzle: Numberlink, solution: Masks, place: Cell) -> Given:
    """The number at a number's cell; elsewhere the cell's lines, as a mark."""
    r, c = place
    n = puzzle.rows[r][c]
    return (place, n if n is not None else solution[r][c])


def describe(puzzle: Numberlink, given: Given) -> str:
    place, value = given
    if value is None:
        return f"nothing at {cell_name(puzzle, place)}"
    if isinstance(value, str):
        ways = [way for bit, way in ((2, "up"), (8, "down"), (4, "left"), (1, "right"))
                if int(value, 16) & bit]  # fmt: skip
        if not ways:
            return f"no path at {cell_name(puzzle, place)}"
        return f"a path {' and '.join(ways)} from {cell_name(puzzle, place)}"
    return f"{value} at {cell_name(puzzle, place)}"


GIVENS: Givens[Numberlink, Masks, Given] = Givens(givens, with_givens, given_at, describe)
place_name = cell_name


def answer(solution: Masks) -> dict[Cell, Any]:
    """The solution cell by cell: each cell's lines."""
    return grid_answer(solution)


# -- random puzzles ------------------------------------------------------------------------------


def _walks(width: int, height: int, rng: random.Random) -> list[list[Cell]]:
    """Random paths that cover the board: each a random walk from a free cell with the fewest
    free neighbours, onto free cells, of a random length; a cell left alone joins the end of a
    path beside it where one is."""
    free = {(r, c) for r in range(height) for c in range(width)}
    paths: list[list[Cell]] = []

    def near(cell: Cell) -> list[Cell]:
        r, c = cell
        return [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in free]

    longest = max(3, min(12, min(width, height) // 2 + 2))
    while free:
        start = min(free, key=lambda x: (len(near(x)), rng.random()))
        free.discard(start)
        path = [start]
        goal = rng.randint(3, longest)
        while len(path) < goal:
            options = near(path[-1])
            if not options:
                break
            step = min(options, key=lambda x: (len(near(x)), rng.random()))
            if rng.random() < 0.3:
                step = rng.choice(options)
            free.discard(step)
            path.append(step)
        paths.append(path)
    # A path of one cell joins a path beside it: its end, or a cell where that path splits in
    # two (each half of two cells or more); else it stays empty.
    for path in [p for p in paths if len(p) == 1]:
        cell = path[0]
        r, c = cell
        beside = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
        for other in paths:
            if other is path or len(other) < 2:
                continue
            spots = [i for i, x in enumerate(other) if x in beside]
            for i in spots:
                head, tail = [*other[: i + 1], cell], other[i + 1 :]
                if len(tail) == 1:
                    head, tail = other[:i], [cell, *other[i:]]
                if len(head) != 1 and len(tail) != 1:
                    other[:] = head
                    path[:] = tail
                    break
            else:
                continue
            break
    return [p for p in paths if len(p) >= 2]


def _masks(width: int, height: int, paths: Sequence[Sequence[Cell]]) -> Masks:
    masks = [[0] * width for _ in range(height)]
    for path in paths:
        for (r, c), (rr, cc) in pairwise(path):
            bit = next(b for b, (dr, dc) in STEP.items() if (r + dr, c + dc) == (rr, cc))
            masks[r][c] |= bit
            masks[rr][cc] |= BACK[bit]
    return tuple("".join(format(m, "x") for m in row) for row in masks)


def _board(width: int, height: int, paths: Sequence[Sequence[Cell]], every: bool) -> Numberlink:
    numbers = {cell: k + 1 for k, path in enumerate(paths) for cell in (path[0], path[-1])}
    rows = tuple(tuple(numbers.get((r, c)) for c in range(width)) for r in range(height))
    return Numberlink(rows, every_cell=every)


def make(size: tuple[int, int], rng: random.Random, solutions: Any, numlin: bool = False) -> Any:
    """Random paths that cover the board (random walks), their ends numbered; when they pass
    every cell (almost always), the board says so (puzz.link's arukone); ``numlin``, Nikoli's
    rule instead: cells may stay empty, so no other answer may leave cells empty either. While
    the solver finds another solution, a path of ours is cut in two at a line the other
    solution does not draw (both halves of two cells or more): a few rounds, and the numbers
    allow one solution alone. No number is taken away after; on numlin, two paths whose ends
    are side by side are joined into one wherever the answer stays the only one (fewer, longer
    paths, as Nikoli's boards have)."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Numberlink board is at least 2x2, not {width}x{height}")
    for _ in range(50):
        paths = _walks(width, height, rng)
        every = not numlin and sum(len(p) for p in paths) == width * height
        for _ in range(width * height):
            puzzle = _board(width, height, paths, every)
            ours = _masks(width, height, paths)
            others = [s for s in solutions(puzzle, 2) if s != ours]
            if not others:
                # (no number is taken away: without its pair the path it ends is no answer)
                if numlin:
                    paths = _joined(width, height, paths, rng, solutions)
                    puzzle, ours = _board(width, height, paths, every), _masks(width, height, paths)
                return puzzle, ours, givens(puzzle)
            other = others[0]
            cuts = [
                (k, i)
                for k, path in enumerate(paths)
                for i in range(2, len(path) - 1)
                if not _shares(other, path[i - 1], path[i])
            ]
            if not cuts:
                break
            k, i = rng.choice(cuts)
            path = paths.pop(k)
            paths += [path[:i], path[i:]]
    raise GenerateError(f"no {width}x{height} Numberlink with one solution was found")


def _joined(
    width: int, height: int, paths: list[list[Cell]], rng: random.Random, solutions: Any
) -> list[list[Cell]]:
    """The paths, two of them joined end to end (ends side by side) wherever the numlin board
    of the joined paths keeps them as its only answer; each pair of ends tried once."""
    tried: set[frozenset[Cell]] = set()
    while True:
        options = [
            (k, m, x, y)
            for k, a in enumerate(paths)
            for m, b in enumerate(paths)
            if k < m
            for x in (a[0], a[-1])
            for y in (b[0], b[-1])
            if abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1 and frozenset((x, y)) not in tried
        ]
        rng.shuffle(options)
        for k, m, x, y in options:
            tried.add(frozenset((x, y)))
            a = paths[k] if paths[k][-1] == x else paths[k][::-1]
            b = paths[m] if paths[m][0] == y else paths[m][::-1]
            joined = [p for i, p in enumerate(paths) if i not in (k, m)] + [a + b]
            ours = _masks(width, height, joined)
            if solutions(_board(width, height, joined, False), 2) == [ours]:
                paths = joined
                break
        else:
            return paths


def _shares(masks: Masks, a: Cell, b: Cell) -> bool:
    """Whether the solution draws the line between side-by-side cells ``a`` and ``b``."""
    bit = next(x for x, (dr, dc) in STEP.items() if (a[0] + dr, a[1] + dc) == b)
    return bool(int(masks[a[0]][a[1]], 16) & bit)


GENRE = About(
    name="numberlink",
    aliases=("numlin", "arukone"),
    summary="join each pair of equal numbers by a path through cell centres, from cell to "
    "side-by-side cell; no two paths share a cell (and, on an arukone board, the paths pass "
    "every cell)",
    reading=Reading(
        input_format="a puzz.link URL (numlin, or arukone: every cell used), or rows of cells: "
        ". empty, a number on each of a pair's two cells; an optional first line 'every "
        "cell': the paths pass every cell",
        example="1 . . . .\n2 . . 3 .\n. . . . .\n. 1 . . 2\n. . . . 3",
        output_formats=("grid", "masks"),
        urls=("numlin", "numberlink", "arukone"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="binary",
    ),
    making=Making(
        size="10x10",
        small="5x5",
        largest=1_600,
    ),
    grading=Grading(
        # Made 10x10 boards (every number shown): 5 of 12 are solved by propagation (score 0),
        # the rest need probing (1.04 to 1.6): the bands are their quartiles.
        bands=(
            ("easy", 0, 1),
            ("medium", 1, 1.08),
            ("hard", 1.08, 1.2),
            ("extreme", 1.2, 4),
        ),
    ),
)
