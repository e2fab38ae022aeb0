"""Masyu (Tatham's Pearl), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer

EMPTY = "."
WHITE = "W"
BLACK = "B"
"""A cell is empty or holds a pearl: a white circle or a black one."""

RIGHT, UP, LEFT, DOWN = 1, 2, 4, 8
STEP = {RIGHT: (0, 1), UP: (-1, 0), LEFT: (0, -1), DOWN: (1, 0)}
BACK = {RIGHT: LEFT, LEFT: RIGHT, UP: DOWN, DOWN: UP}

Masks = tuple[str, ...]
"""A solution: a string a row, a hex digit a cell, the cell's lines as bits (1 right, 2 up,
4 left, 8 down; 0 a cell the loop does not pass), exactly as Simon Tatham's corpus writes it."""


@dataclass(frozen=True, slots=True)
class Masyu(Rows):
    """A board of cells, a string a row: ``.`` empty, ``W`` a white circle, ``B`` a black one.
    ``tatham`` says it was read from a game ID (and prints as one): how it is written, not what
    it is, so it takes no part in equality."""

    rows: tuple[str, ...]
    tatham: bool = field(default=False, compare=False)

    def circles(self) -> dict[Cell, str]:
        """The cells with a circle, and its colour."""
        return {
            (r, c): ch for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch != EMPTY
        }


def read_masks(puzzle: Rows, solution: Sequence[str]) -> list[list[int]] | str:
    """The solution's masks as numbers, or what is wrong with its shape."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return f"the solution is not a {w}x{h} board"
    try:
        return [[int(ch, 16) for ch in row] for row in solution]
    except ValueError:
        return "the solution holds a cell that is not a hex digit"


def line_problems(
    puzzle: Rows, masks: list[list[int]], ends: dict[Cell, int] | None = None
) -> list[str]:
    """What breaks "the lines make one loop" (or, with ``ends``, one path whose two ends leave
    the board at those cells in those directions): each cell has no line or two, lines agree
    across cells, and the cells on lines are all joined."""
    h, w = puzzle.height, puzzle.width
    stubs = ends or {}
    problems = []
    for r in range(h):
        for c in range(w):
            m = masks[r][c]
            name = cell_name(puzzle, (r, c))
            if bin(m).count("1") not in (0, 2):
                problems.append(f"{name} has {bin(m).count('1')} lines, not 0 or 2")
            for bit, (dr, dc) in STEP.items():
                if not m & bit:
                    if stubs.get((r, c), 0) & bit:
                        problems.append(f"{name} does not leave the board as the track must")
                    continue
                rr, cc = r + dr, c + dc
                if not (0 <= rr < h and 0 <= cc < w):
                    if not stubs.get((r, c), 0) & bit:
                        problems.append(f"{name} has a line off the board")
                elif not masks[rr][cc] & BACK[bit]:
                    problems.append(f"{name} has a line to {cell_name(puzzle, (rr, cc))}, "
                                    "which has none back")  # fmt: skip
    if problems:
        return problems
    on = [(r, c) for r in range(h) for c in range(w) if masks[r][c]]
    if not on:
        return ["no line is drawn"]
    seen = {on[0]}
    todo = [on[0]]
    while todo:
        r, c = todo.pop()
        for bit, (dr, dc) in STEP.items():
            far = (r + dr, c + dc)
            if masks[r][c] & bit and 0 <= far[0] < h and 0 <= far[1] < w and far not in seen:
                seen.add(far)
                todo.append(far)
    if len(seen) < len(on):
        shape = "one path" if ends else "one loop"
        problems.append(
            f"the lines are not {shape}: {len(seen)} of the {len(on)} cells on lines are "
            f"joined to {cell_name(puzzle, on[0])}"
        )
    return problems


def straight(mask: int) -> bool:
    return mask in (RIGHT | LEFT, UP | DOWN)


def turns(mask: int) -> bool:
    return bin(mask).count("1") == 2 and not straight(mask)


def check(puzzle: Masyu, solution: Masks) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    masks = read_masks(puzzle, solution)
    if isinstance(masks, str):
        return [masks]
    problems = line_problems(puzzle, masks)
    if problems:
        return problems
    for (r, c), colour in sorted(puzzle.circles().items()):
        m = masks[r][c]
        name = cell_name(puzzle, (r, c))
        # The loop passes every circle.
        if not m:
            problems.append(f"the loop does not pass the circle at {name}")
            continue
        beyond = [masks[r + STEP[b][0]][c + STEP[b][1]] for b in STEP if m & b]
        if colour == BLACK:
            # A black circle: the loop turns on it, and goes straight on in both cells after.
            if not turns(m):
                problems.append(f"the loop goes straight through the black circle at {name}")
            elif not all(straight(x) for x in beyond):
                problems.append(f"the loop turns next to the black circle at {name}")
        else:
            # A white circle: straight through it, turning in one cell beside it at least.
            if not straight(m):
                problems.append(f"the loop turns on the white circle at {name}")
            elif all(straight(x) for x in beyond):
                problems.append(f"the loop turns in neither cell beside the white circle at {name}")
    return problems


# -- givens, for setters: the circles shown ------------------------------------------------------

Given = tuple[Cell, str | None]
"""A circle ``((row, column), "W" or "B")``; None: no circle fits the loop there."""


def givens(puzzle: Masyu) -> list[Given]:
    """The circles, in reading order."""
    return sorted(puzzle.circles().items())


def with_givens(puzzle: Masyu, shown: Iterable[Given]) -> Masyu:
    """The same board showing exactly these circles."""
    circles = {place: colour for place, colour in shown if colour is not None}
    rows = tuple(
        "".join(circles.get((r, c), EMPTY) for c in range(puzzle.width))
        for r in range(puzzle.height)
    )
    return replace(puzzle, rows=rows)


def circle_for(masks: Sequence[Sequence[int]], r: int, c: int) -> str | None:
    """The circle the loop would keep at (r, c): black where it turns between two straight
    cells, white where it runs straight beside a turn; None where neither holds."""
    m = masks[r][c]
    if not m:
        return None
    beyond = [masks[r + STEP[b][0]][c + STEP[b][1]] for b in STEP if m & b]
    if turns(m) and all(straight(x) for x in beyond):
        return BLACK
    if straight(m) and not all(straight(x) for x in beyond):
        return WHITE
    return None


def given_at(puzzle: Masyu, solution: Masks, place: Cell) -> Given:
    """The circle the solution's loop allows at ``place`` (None where none fits)."""
    masks = [[int(ch, 16) for ch in row] for row in solution]
    return (place, circle_for(masks, *place))


def describe(puzzle: Masyu, given: Given) -> str:
    place, colour = given
    if colour is None:
        return f"no circle at {cell_name(puzzle, place)}"
    return f"a {'black' if colour == BLACK else 'white'} circle at {cell_name(puzzle, place)}"


GIVENS: Givens[Masyu, Masks, Given] = Givens(givens, with_givens, given_at, describe)
place_name = cell_name


def answer(solution: Masks) -> dict[Cell, Any]:
    """The solution cell by cell: each cell's lines."""
    return grid_answer(solution)


# -- random puzzles, shown whole ---------------------------------------------------------------


def loop_masks(inside: list[list[bool]]) -> list[list[int]]:
    """The loop through cell centres around a region of the squares between them (square
    (i, j) has cells (i, j) to (i + 1, j + 1) at its corners): a line where two squares on
    its sides differ, beyond the board outside."""
    h, w = len(inside) + 1, len(inside[0]) + 1

    def at(i: int, j: int) -> bool:
        return 0 <= i < h - 1 and 0 <= j < w - 1 and inside[i][j]

    masks = [[0] * w for _ in range(h)]
    for r in range(h):
        for c in range(w - 1):
            if at(r - 1, c) != at(r, c):
                masks[r][c] |= RIGHT
                masks[r][c + 1] |= LEFT
    for r in range(h - 1):
        for c in range(w):
            if at(r, c - 1) != at(r, c):
                masks[r][c] |= DOWN
                masks[r + 1][c] |= UP
    return masks


def circled(masks: Sequence[Sequence[int]]) -> Masyu:
    """The board with a circle on every cell where one fits the loop."""
    h, w = len(masks), len(masks[0])
    rows = tuple("".join(circle_for(masks, r, c) or EMPTY for c in range(w)) for r in range(h))
    return Masyu(rows, tatham=True)


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random loop (the border of a random region of the squares between cell centres) with
    a circle on every cell where one fits it. While the circles allow other loops, the loop
    becomes the one of those with the most places for circles, and those circles are shown
    (they hold every circle shown before: the other loop kept them): a few rounds, and the
    circles allow one loop alone."""
    from .loopy import random_region  # (a region with one loop for a border)

    width, height = size
    if width < 3 or height < 3:
        raise GenerateError(f"a Masyu board is at least 3x3, not {width}x{height}")
    for _ in range(50):
        masks = loop_masks(random_region(width - 1, height - 1, rng, share=0.5))
        puzzle = circled(masks)
        while puzzle.circles():
            found = solutions(puzzle, 8)
            if len(found) == 1:
                return puzzle, found[0], []
            best = max(
                (circled([[int(ch, 16) for ch in row] for row in s]) for s in found),
                key=lambda p: (len(p.circles()), rng.random()),
            )
            if len(best.circles()) <= len(puzzle.circles()):
                break  # (no loop with more circles: start again)
            puzzle = best
    raise GenerateError(f"no {width}x{height} Masyu with one solution was found")


GENRE = About(
    name="masyu",
    aliases=("pearl", "mashu"),
    summary="draw one loop through cell centres that passes every circle: it turns on a black "
    "circle and goes straight on either side, and goes straight through a white circle and "
    "turns beside it",
    reading=Reading(
        input_format="Simon Tatham's Pearl game ID (6x6:BaBbBjWcWaBfWBaWc), or rows of . empty, "
        "W (or O) white, B (or X) black",
        example="6x6:BaBbBjWcWaBfWBaWc",
        output_formats=("grid", "masks", "tatham"),
        urls=("mashu", "masyu", "pearl"),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="edges",
    ),
    making=Making(
        size="8x8",
        small="6x6",
        largest=900,
    ),
    grading=Grading(
        encoding="shapes",
        # Graded on ``shapes`` (each cell's shape, the circles read on the shapes beside them,
        # as Tatham's solver reads them), his Easy and Tricky puzzles score 0 and 0.667
        # (medians over the corpus, benchmarks/bench_grade.py): easy is what propagation
        # finishes without the loop rule (0.33 with the switch of further rules), the rest
        # parted by the loop rule (0.67) and how much probing they take.
        bands=(
            ("easy", 0, 0.5),
            ("medium", 0.5, 1.03),
            ("hard", 1.03, 1.1),
            ("extreme", 1.1, 4),
        ),
        # Tatham's own levels, each from half way to the level beside it (as the bands).
        levels_of="Tatham's",
        levels=(("Easy", 0, 0.52), ("Tricky", 0.52, 4)),
    ),
)
