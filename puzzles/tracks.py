"""Tracks (Tatham's Train Tracks), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer
from .masyu import DOWN, LEFT, RIGHT, STEP, UP, line_problems, read_masks

PIECES = (RIGHT | LEFT, UP | DOWN, UP | RIGHT, UP | LEFT, RIGHT | DOWN, LEFT | DOWN)
"""The six pieces of track: straight across, straight up and down, and the four bends."""

Masks = tuple[str, ...]
"""A solution: a string a row, a hex digit a cell, the cell's track as bits (1 right, 2 up,
4 left, 8 down; 0 no track), the entry's 4 and the exit's 8 pointing off the board, exactly as
Simon Tatham's corpus writes it."""


@dataclass(frozen=True, slots=True)
class Tracks(Rows):
    """A board: ``rows`` the clue pieces (a row of masks, 0 no clue), how many cells of each
    column (``columns``, left to right) and each row (``counts``, top to bottom) the track
    uses. The track enters through the left edge of row ``entry`` and leaves through the bottom
    edge of column ``exit``. ``tatham`` says it was read from a game ID (and prints as one)."""

    rows: tuple[tuple[int, ...], ...]
    columns: tuple[int, ...]
    counts: tuple[int, ...]
    entry: int
    exit: int
    tatham: bool = field(default=False, compare=False)

    def clues(self) -> dict[Cell, int]:
        """The clue cells and their pieces."""
        return {(r, c): m for r, row in enumerate(self.rows) for c, m in enumerate(row) if m}

    def ends(self) -> dict[Cell, int]:
        """The two end cells, each with its line off the board."""
        return {(self.entry, 0): LEFT, (self.height - 1, self.exit): DOWN}


def check(puzzle: Tracks, solution: Masks) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    masks = read_masks(puzzle, solution)
    if isinstance(masks, str):
        return [masks]
    # One track from the entry to the exit: a path through cell centres, nothing else laid.
    problems = line_problems(puzzle, masks, puzzle.ends())
    # Each row and column uses its count of cells.
    for r, n in enumerate(puzzle.counts):
        used = sum(1 for m in masks[r] if m)
        if used != n:
            problems.append(f"row {r + 1} uses {used} cells, not {n}")
    for c, n in enumerate(puzzle.columns):
        used = sum(1 for row in masks if row[c])
        if used != n:
            problems.append(f"column {c + 1} uses {used} cells, not {n}")
    # Each clue cell holds the piece shown.
    for (r, c), piece in sorted(puzzle.clues().items()):
        if masks[r][c] != piece:
            problems.append(f"{cell_name(puzzle, (r, c))} does not hold the piece shown")
    return problems


# -- givens, for setters: the pieces shown --------------------------------------------------------

Given = tuple[Cell, int]
"""A piece of track shown: ((row, column), its mask); 0: no track there (nothing to show)."""


def givens(puzzle: Tracks) -> list[Given]:
    """The pieces shown, in reading order."""
    return sorted(puzzle.clues().items())


def with_givens(puzzle: Tracks, shown: Iterable[Given]) -> Tracks:
    """The same board showing exactly these pieces."""
    pieces = dict(shown)
    rows = tuple(
        tuple(pieces.get((r, c), 0) for c in range(puzzle.width)) for r in range(puzzle.height)
    )
    return replace(puzzle, rows=rows)


def given_at(puzzle: Tracks, solution: Masks, place: Cell) -> Given:
    """The piece the solution lays at ``place``."""
    r, c = place
    return (place, int(solution[r][c], 16))


def describe(puzzle: Tracks, given: Given) -> str:
    place, mask = given
    if not mask:
        return f"no track at {cell_name(puzzle, place)}"
    return f"the piece {NAMES.get(mask, mask)} at {cell_name(puzzle, place)}"


NAMES = {5: "─", 10: "│", 3: "└", 6: "┘", 9: "┌", 12: "┐"}
GIVENS: Givens[Tracks, Masks, Given] = Givens(givens, with_givens, given_at, describe)
place_name = cell_name


def answer(solution: Masks) -> dict[Cell, Any]:
    """The solution cell by cell: each cell's piece."""
    return grid_answer(solution)


# -- random puzzles, shown whole -------------------------------------------------------------------


def random_track(width: int, height: int, rng: random.Random) -> list[list[int]]:
    """A random track from the left edge of a random row to the bottom edge of a random column:
    a loop-erased random walk between them (each simple path as likely as the walk makes it)."""
    start, goal = (rng.randrange(height), 0), (height - 1, rng.randrange(width))
    path = [start]
    where = {start: 0}
    while path[-1] != goal:
        r, c = path[-1]
        dr, dc = rng.choice(list(STEP.values()))
        nxt = (r + dr, c + dc)
        if not (0 <= nxt[0] < height and 0 <= nxt[1] < width):
            continue
        if nxt in where:  # erase the loop just made
            for cell in path[where[nxt] + 1 :]:
                del where[cell]
            del path[where[nxt] + 1 :]
        else:
            where[nxt] = len(path)
            path.append(nxt)
    masks = [[0] * width for _ in range(height)]
    masks[start[0]][0] |= LEFT
    masks[goal[0]][goal[1]] |= DOWN
    for (r, c), (rr, cc) in pairwise(path):
        bit = next(b for b, step in STEP.items() if step == (rr - r, cc - c))
        masks[r][c] |= bit
        masks[rr][cc] |= {RIGHT: LEFT, LEFT: RIGHT, UP: DOWN, DOWN: UP}[bit]
    return masks


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random track with every piece shown and every count (one solution: the pieces are the
    track); the end pieces are never taken away."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Tracks board is at least 2x2, not {width}x{height}")
    # A track of a third of the board at least, as the collection's are (the longest of 50
    # walks, else).
    masks = max(
        (random_track(width, height, rng) for _ in range(50)),
        key=lambda m: min(sum(1 for row in m for x in row if x), width * height // 3),
    )
    entry = next(r for r in range(height) if masks[r][0] & LEFT)
    exit_ = next(c for c in range(width) if masks[height - 1][c] & DOWN)
    puzzle = Tracks(
        tuple(tuple(row) for row in masks),
        tuple(sum(1 for row in masks if row[c]) for c in range(width)),
        tuple(sum(1 for m in row if m) for row in masks),
        entry,
        exit_,
        tatham=True,
    )
    solution = tuple("".join(format(m, "x") for m in row) for row in masks)
    keep = [((entry, 0), masks[entry][0]), ((height - 1, exit_), masks[height - 1][exit_])]
    return puzzle, solution, keep


GENRE = About(
    name="tracks",
    aliases=("train-tracks",),
    summary="lay one track from the entry on the left to the exit at the bottom; the numbers "
    "count the cells of each row and column it uses, and shown pieces are on it",
    reading=Reading(
        input_format="Simon Tatham's Tracks game ID (8x8:h3a9mCb6zfAc,4,5,...,S4,...), or a "
        "line of column counts, then rows of pieces (. none; - | L J r 7 or ─│└┘┌┐), each "
        "row's count at its end",
        example="8x8:h3a9mCb6zfAc,4,5,4,4,S4,3,3,4,4,4,4,S8,3,1,4,3",
        output_formats=("grid", "masks"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="edges",
    ),
    making=Making(
        size="8x8",
        small="6x6",
        largest=900,
    ),
    grading=Grading(
        encoding="circuit",  # its scores agree better with Tatham's levels (rho 0.88, 0.74)
        # Tatham's Easy puzzles all score 0 (propagation finishes them), his Tricky and Hard
        # ones 1.20 and 1.76 (medians over the corpus, sizes mixed; benchmarks/bench_grade.py).
        bands=(
            ("easy", 0, 0.5),
            ("medium", 0.5, 1.3),
            ("hard", 1.3, 1.6),
            ("extreme", 1.6, 4),
        ),
        # Tatham's own levels, each from half way to the levels beside it (as the bands).
        levels_of="Tatham's",
        levels=(("Easy", 0, 0.6), ("Tricky", 0.6, 1.48), ("Hard", 1.48, 4)),
    ),
)
