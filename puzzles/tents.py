"""Tents, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer

TREE = "^"
TENT = "T"
GRASS = "."
"""The solution's cells: a tree, a tent, grass."""
OPEN = "."
SHOWN_GRASS = "-"
"""The puzzle's cells: a tree, an open cell, a tent shown, grass shown (Tatham's ``!``/``-``)."""

Solution = tuple[str, ...]
"""A row a string: ``T`` tent, ``^`` tree, ``.`` grass (the corpus form)."""
Given = tuple[Cell, str]
"""A cell shown as a tent (``T``) or as grass (``-``)."""

SIDES = ((-1, 0), (0, -1), (0, 1), (1, 0))


@dataclass(frozen=True, slots=True)
class Tents:
    """A board of trees (``^``), open cells (``.``) and cells already shown as a tent (``T``) or
    grass (``-``), a row a string; the tents counted in each row and column (None: a line whose
    count is not given, as puzz.link's boards may leave). ``tatham`` remembers that it was read
    from a game ID, so it prints back as one."""

    rows: tuple[str, ...]
    row_counts: tuple[int | None, ...]
    column_counts: tuple[int | None, ...]
    tatham: bool = field(default=False, compare=False)

    @property
    def width(self) -> int:
        return len(self.column_counts)

    @property
    def height(self) -> int:
        return len(self.row_counts)

    def trees(self) -> list[Cell]:
        """The trees, in reading order."""
        return [(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == TREE]

    def shown(self) -> dict[Cell, str]:
        """The cells shown as a tent or as grass."""
        return {
            (r, c): ch
            for r, row in enumerate(self.rows)
            for c, ch in enumerate(row)
            if ch in (TENT, SHOWN_GRASS)
        }


def sides(r: int, c: int, height: int, width: int) -> list[Cell]:
    """The cells orthogonally next to (r, c), on the board."""
    return [(r + dr, c + dc) for dr, dc in SIDES if 0 <= r + dr < height and 0 <= c + dc < width]


def pairing(trees: Sequence[Cell], tents: set[Cell], height: int, width: int) -> dict[Cell, Cell]:
    """A largest pairing of trees with distinct tents orthogonally next to them (tree -> tent),
    grown one tree at a time along alternating paths, breadth first."""
    tree_of: dict[Cell, Cell] = {}  # tent -> its tree
    tent_of: dict[Cell, Cell] = {}  # tree -> its tent
    for tree in trees:
        before: dict[Cell, Cell] = {}  # a tent reached -> the tree it was reached from
        queue = [tree]
        end = None
        for t in queue:
            for tent in sides(*t, height, width):
                if tent in tents and tent not in before:
                    before[tent] = t
                    if tent not in tree_of:
                        end = tent
                        break
                    queue.append(tree_of[tent])
            if end is not None:
                break
        while end is not None:
            t = before[end]
            previous = tent_of.get(t)
            tree_of[end] = t
            tent_of[t] = end
            end = previous
    return tent_of


# -- the rules ------------------------------------------------------------------------------------


def check(puzzle: Tents, solution: Sequence[str]) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    tents: set[Cell] = set()
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            given = puzzle.rows[r][c]
            name = cell_name(puzzle, (r, c))
            # Every cell is a tree, a tent or grass.
            if ch not in (TREE, TENT, GRASS):
                problems.append(f"{name} holds {ch!r}, not a tent, a tree or grass")
            # The trees stand where they stand, and nowhere else.
            elif (ch == TREE) != (given == TREE):
                problems.append(f"{name} should {'' if given == TREE else 'not '}be a tree")
            # A cell shown as a tent or as grass stays so.
            elif given == TENT and ch != TENT:
                problems.append(f"{name} is shown as a tent")
            elif given == SHOWN_GRASS and ch != GRASS:
                problems.append(f"{name} is shown as grass")
            if ch == TENT:
                tents.add((r, c))
    # Tents never touch, not even at a corner.
    for r, c in sorted(tents):
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            if (r + dr, c + dc) in tents:
                problems.append(
                    f"the tents at {cell_name(puzzle, (r, c))} and "
                    f"{cell_name(puzzle, (r + dr, c + dc))} touch"
                )
    # Each row and each column has as many tents as its count.
    for r, want in enumerate(puzzle.row_counts):
        have = solution[r].count(TENT)
        if want is not None and have != want:
            problems.append(f"row {r + 1} has {have} tents, not {want}")
    for c, want in enumerate(puzzle.column_counts):
        have = sum(row[c] == TENT for row in solution)
        if want is not None and have != want:
            problems.append(f"column {c + 1} has {have} tents, not {want}")
    # Each tree has a tent of its own and each tent a tree of its own, orthogonally next to it.
    trees = puzzle.trees()
    paired = pairing(trees, tents, h, w)
    lonely = [t for t in trees if t not in paired]
    if lonely:
        problems.append(f"the tree at {cell_name(puzzle, lonely[0])} has no tent of its own")
    spare = sorted(tents - set(paired.values()))
    if spare:
        problems.append(f"the tent at {cell_name(puzzle, spare[0])} has no tree of its own")
    return problems


# -- givens, for setters: cells shown as a tent or as grass ----------------------------------------


def keep(puzzle: Tents, givens: Iterable[Given]) -> Tents:
    """The same board showing only these tents and grass (the trees and counts stay)."""
    shown = {place: mark for place, mark in givens if mark in (TENT, SHOWN_GRASS)}
    rows = tuple(
        "".join(TREE if ch == TREE else shown.get((r, c), OPEN) for c, ch in enumerate(row))
        for r, row in enumerate(puzzle.rows)
    )
    return replace(puzzle, rows=rows)


def _at(puzzle: Tents, solution: Solution, place: Cell) -> Given:
    r, c = place
    ch = solution[r][c]
    return (place, TENT if ch == TENT else TREE if ch == TREE else SHOWN_GRASS)


def _describe(puzzle: Tents, given: Given) -> str:
    place, mark = given
    what = {TENT: "a tent", SHOWN_GRASS: "grass", TREE: "a tree"}[mark]
    return f"{what} at {cell_name(puzzle, place)}"


GIVENS: Givens[Tents, Solution, Given] = Givens(
    of=lambda puzzle: sorted(puzzle.shown().items()),
    keep=keep,
    at=_at,
    describe=_describe,
)
answer = grid_answer
place_name = cell_name


def make(
    size: tuple[int, int], rng: random.Random, solutions: Any
) -> tuple[Tents, Solution, list[Any]]:
    """A random board shown whole: tents placed at random, never touching, each given a tree
    of its own next to it (as the collection makes them: about one tent per five cells)."""
    w, h = size
    if w * h < 2:
        raise GenerateError("a Tents board needs at least two cells")
    wanted = max(1, w * h // 5)
    for _ in range(200):
        order = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(order)
        tents: set[Cell] = set()
        for r, c in order:
            if len(tents) == wanted:
                break
            if not any((r + dr, c + dc) in tents for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
                tents.add((r, c))
        trees = _trees_for(tents, h, w, rng)
        if trees is None:
            continue
        board = tuple(
            "".join(
                TREE if (r, c) in trees else TENT if (r, c) in tents else GRASS for c in range(w)
            )
            for r in range(h)
        )
        shown = tuple(row.replace(GRASS, SHOWN_GRASS) for row in board)
        counts = tuple(row.count(TENT) for row in board)
        columns = tuple(sum(row[c] == TENT for row in board) for c in range(w))
        return Tents(shown, counts, columns, tatham=True), board, []
    raise GenerateError(f"no {w}x{h} Tents board found")


def _trees_for(tents: set[Cell], h: int, w: int, rng: random.Random) -> set[Cell] | None:
    """A tree for each tent on a free cell next to it, no cell used twice; None when the
    tents leave no room (augmenting paths over the free neighbours, in random order)."""
    owner: dict[Cell, Cell] = {}  # tree cell -> tent

    def place(tent: Cell, seen: set[Cell]) -> bool:
        spots = [s for s in sides(*tent, h, w) if s not in tents]
        rng.shuffle(spots)
        for spot in spots:
            if spot not in seen:
                seen.add(spot)
                if spot not in owner or place(owner[spot], seen):
                    owner[spot] = tent
                    return True
        return False

    for tent in sorted(tents):
        if not place(tent, set()):
            return None
    return set(owner)


GENRE = About(
    name="tents",
    aliases=("tents-and-trees",),
    summary="place a tent next to each tree, one to one; tents never touch; rows and columns "
    "count their tents",
    reading=Reading(
        input_format="Simon Tatham's Tents game ID (WxH:trees,counts), or rows of . (open) and "
        "^ or T (tree), each with its row count at the end (? for none), and a line of column "
        "counts below",
        example="5x4:ajaca,1,1,0,0,2,1,1,1,1",
        output_formats=("grid", "tatham"),
        urls=("tents",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="pairs",
    ),
    making=Making(
        size="10x10",
        small="5x5",
        # A minimal Tents puzzle shows no cell: its layout alone sets how hard it is, and one
        # 10x10 layout in 37 is past Tatham's Tricky level (7 of 260 seeds). No swap can move
        # it (one costs a grade, most of an attempt), so an attempt is a layout, a proof and a
        # grade (0.07 s): 600 of them miss the extreme band once in ten million seeds.
        attempts=600,
        climbs=False,
    ),
    grading=Grading(
        # Graded with Tatham's Easy rules (each line read as a person reads it) and his Tricky
        # rules behind switches, turned on in turn: his Easy puzzles score 0 (no line needs
        # reading whole) or 1/3, his Tricky ones 2/3 (benchmarks/bench_grade.py), and a puzzle
        # past his Tricky rules needs probing (1 and up).
        encoding="tricky",
        bands=(
            ("easy", 0, 0.2),
            ("medium", 0.2, 0.5),
            ("hard", 0.5, 1),
            ("extreme", 1, 4),
        ),
        # Tatham's own levels (a puzzle past his Tricky rules is named Tricky too).
        levels_of="Tatham's",
        levels=(("Easy", 0, 0.5), ("Tricky", 0.5, 4)),
    ),
)
