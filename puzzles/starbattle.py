"""Star Battle, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer
from .rooms import RoomMap, numbered, room_cells

Board = tuple[str, ...]
"""A solution: a string a row, ``*`` a star, ``.`` a cell without one."""

STAR = "*"
EMPTY = "."


@dataclass(frozen=True, slots=True)
class StarBattle(Rows):
    """A board split into rooms: ``rows`` a room number a cell (rooms numbered by their first
    cells in reading order), ``stars`` the stars each row, column and room holds, ``given``
    the cells a setter shows a star in."""

    rows: RoomMap
    stars: int = 1
    given: tuple[Cell, ...] = ()

    def rooms(self) -> list[list[Cell]]:
        """Each room's cells, in reading order."""
        return room_cells(self.rows)


def check(puzzle: StarBattle, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w, k = puzzle.height, puzzle.width, puzzle.stars
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    bad = [
        f"{cell_name(puzzle, (r, c))} holds {ch!r}, not * or ."
        for r, row in enumerate(solution)
        for c, ch in enumerate(row)
        if ch not in (STAR, EMPTY)
    ]
    if bad:
        return bad
    problems = [
        f"{cell_name(puzzle, (r, c))} is given a star"
        for r, c in puzzle.given
        if solution[r][c] != STAR
    ]
    # Each row, each column and each room holds the stars the puzzle says.
    groups = [(f"row {r + 1}", [(r, c) for c in range(w)]) for r in range(h)]
    groups += [(f"column {c + 1}", [(r, c) for r in range(h)]) for c in range(w)]
    groups += [(f"the room at {cell_name(puzzle, cells[0])}", cells) for cells in puzzle.rooms()]
    for name, cells in groups:
        found = sum(solution[r][c] == STAR for r, c in cells)
        if found != k:
            problems.append(f"{name} holds {found} star{'' if found == 1 else 's'}, not {k}")
    # No two stars touch, not even at a corner.
    for r in range(h):
        for c in range(w):
            if solution[r][c] != STAR:
                continue
            for rr, cc in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
                if 0 <= rr < h and 0 <= cc < w and solution[rr][cc] == STAR:
                    problems.append(
                        f"the stars at {cell_name(puzzle, (r, c))} and "
                        f"{cell_name(puzzle, (rr, cc))} touch"
                    )
    return problems


# -- givens, for setters: stars shown -------------------------------------------------------------

Given = tuple[Cell, bool]
"""A cell shown with a star: ((row, column), True)."""


def givens(puzzle: StarBattle) -> list[Given]:
    return [(cell, True) for cell in puzzle.given]


def with_givens(puzzle: StarBattle, shown: Iterable[Given]) -> StarBattle:
    return replace(puzzle, given=tuple(sorted(cell for cell, star in shown if star)))


def given_at(puzzle: StarBattle, solution: Board, place: Cell) -> Given:
    r, c = place
    return (place, solution[r][c] == STAR)


def describe(puzzle: StarBattle, given: Given) -> str:
    place, star = given
    return (
        f"a star at {cell_name(puzzle, place)}"
        if star
        else f"no star at {cell_name(puzzle, place)}"
    )


GIVENS: Givens[StarBattle, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles --------------------------------------------------------------------------------


def stars_for(n: int) -> int:
    """The stars a side of n usually holds: 1 below 10, 2 below 14, then 3."""
    return 1 if n < 10 else 2 if n < 14 else 3


def placement(n: int, k: int, rng: random.Random) -> list[list[int]] | None:
    """A random placement of k stars in each row and column of an n x n board, no two
    touching: each row's columns, found row by row with backtracking (None past a budget)."""
    count = [0] * n
    rows: list[list[int]] = []
    budget = [20_000]

    def choices(prev: list[int], left: int) -> list[list[int]]:
        free = [c for c in range(n) if count[c] < k and all(abs(c - p) > 1 for p in prev)]
        found: list[list[int]] = []

        def pick(start: int, chosen: list[int]) -> None:
            if len(chosen) == k:
                found.append(list(chosen))
                return
            for i in range(start, len(free)):
                c = free[i]
                if chosen and c - chosen[-1] < 2:
                    continue
                pick(i + 1, [*chosen, c])

        pick(0, [])
        # A column short of stars must still find room: no two of its stars side by side.
        ok = [
            cs for cs in found
            if all(k - count[c] - (c in cs) <= left // 2 for c in range(n))
        ]  # fmt: skip
        rng.shuffle(ok)
        return ok

    def go(r: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if r == n:
            return all(v == k for v in count)
        for cs in choices(rows[-1] if rows else [], n - r):
            for c in cs:
                count[c] += 1
            rows.append(cs)
            if go(r + 1):
                return True
            rows.pop()
            for c in cs:
                count[c] -= 1
        return False

    return rows if go(0) else None


def _grow(n: int, seeds: list[Cell], rng: random.Random) -> list[list[int]]:
    """Rooms grown at random from seed cells, a cell at a time, until they cover the board."""
    label = [[-1] * n for _ in range(n)]
    for k, (r, c) in enumerate(seeds):
        label[r][c] = k
    open_ = {(r, c) for r in range(n) for c in range(n) if label[r][c] < 0}
    while open_:
        edge = [
            (cell, label[y][x])
            for cell in open_
            for y, x in ((cell[0] - 1, cell[1]), (cell[0] + 1, cell[1]),
                         (cell[0], cell[1] - 1), (cell[0], cell[1] + 1))
            if 0 <= y < n and 0 <= x < n and label[y][x] >= 0
        ]  # fmt: skip
        edge.sort()
        (r, c), k = rng.choice(edge)
        label[r][c] = k
        open_.discard((r, c))
    return label


def _joined(n: int, label: list[list[int]], k: int, rng: random.Random) -> list[list[int]] | None:
    """The rooms of one star each joined k at a time into rooms of k stars (None when the
    random grouping leaves a room with no free neighbour)."""
    count = 1 + max(max(row) for row in label)
    near: dict[int, set[int]] = {i: set() for i in range(count)}
    for r in range(n):
        for c in range(n):
            for y, x in ((r + 1, c), (r, c + 1)):
                if y < n and x < n and label[y][x] != label[r][c]:
                    near[label[r][c]].add(label[y][x])
                    near[label[y][x]].add(label[r][c])
    group = [-1] * count
    groups = 0
    order = list(range(count))
    rng.shuffle(order)
    for first in order:
        if group[first] >= 0:
            continue
        members = [first]
        group[first] = groups
        while len(members) < k:
            free = sorted({m for x in members for m in near[x] if group[m] < 0})
            if not free:
                return None
            # the room with the fewest free neighbours first, so that none is left alone
            pick = min(free, key=lambda m: (sum(group[x] < 0 for x in near[m]), rng.random()))
            group[pick] = groups
            members.append(pick)
        groups += 1
    return [[group[v] for v in row] for row in label]


def make_stars(size: tuple[int, int], stars: int | None, rng: random.Random, solutions: Any) -> Any:
    """As ``make``, with ``stars`` a row (None: as the size usually has)."""
    width, height = size
    if width != height:
        raise GenerateError(f"a Star Battle board is square, not {width}x{height}")
    n = width
    k = stars or stars_for(n)
    if k < 1:
        raise GenerateError(f"a Star Battle has 1 star or more in each row, not {k}")
    if n < 2 * k - 1 or n < 1:
        raise GenerateError(f"a row of {n} cells holds no {k} stars apart")
    for _ in range(100):
        placed = placement(n, k, rng)
        if placed is None:
            continue
        cells = [(r, c) for r, cs in enumerate(placed) for c in cs]
        joined = _joined(n, _grow(n, cells, rng), k, rng) if k > 1 else _grow(n, cells, rng)
        if joined is None:
            continue
        label = joined
        ours = tuple("".join(STAR if c in cs else EMPTY for c in range(n)) for cs in placed)
        for _ in range(4 * n * n):
            puzzle = StarBattle(numbered(label)[0], k)
            others = [s for s in solutions(puzzle, 2) if s != ours]
            if not others:
                return puzzle, ours, []
            if not _move(n, label, ours, others[0], rng):
                break
    raise GenerateError(
        f"no {n}x{n} Star Battle of {k} star{'' if k == 1 else 's'} with one solution was found"
    )


def _move(n: int, label: list[list[int]], ours: Board, other: Board, rng: random.Random) -> bool:
    """Rule the other solution out: a cell where it has a star and ours has none moves to a
    room beside it (its own room stays one piece), so that its room holds a star too few in
    the other solution and ours keeps every rule. False when no cell can move."""
    cells = [(r, c) for r in range(n) for c in range(n) if other[r][c] == STAR != ours[r][c]]
    rng.shuffle(cells)
    for r, c in cells:
        mine = label[r][c]
        beside = [
            label[y][x]
            for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= y < n and 0 <= x < n and label[y][x] != mine
        ]
        if not beside:
            continue
        label[r][c] = -1
        rest = [(y, x) for y in range(n) for x in range(n) if label[y][x] == mine]
        if _one_piece(rest):
            label[r][c] = rng.choice(beside)
            return True
        label[r][c] = mine
    return False


def _one_piece(cells: list[Cell]) -> bool:
    """Whether the cells are one orthogonally connected piece (and some)."""
    if not cells:
        return False
    inside, seen, todo = set(cells), {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in inside and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(cells)


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random placement of stars, rooms grown from them (joined k at a time for k stars),
    and, while another placement answers too, a cell where it has a star and ours has none
    moved to the room beside it: ours keeps every rule and that one no longer does."""
    return make_stars(size, None, rng, solutions)


GENRE = About(
    name="starbattle",
    aliases=("star-battle",),
    summary="place stars so that each row, each column and each room holds the same number of "
    "stars, and no two stars touch, not even at a corner",
    reading=Reading(
        input_format="the stars a row (stars: 2), then a map of rooms, a letter a cell (AABB; "
        "names separated by spaces when longer), stars shown as 'star r2c3'; or a puzz.link URL",
        example="stars: 1\nAAABBB\nABBBCC\nADDEEC\nFFDDEC\nFEEEEC\nFCCCCC",
        output_formats=("grid",),
        urls=("starbattle",),
    ),
    solving=Solving(
        # MiniCard's native cardinality beats CaDiCaL's counters 4 times at 10x10 and CP-SAT
        # 60 times (benchmarks/bench_rooms.py starbattle: 1.3 ms, 5.7, 79); the pairs beat
        # the blocks at 14x14 (10.5 ms against 27).
        default_backend="sat:minicard",
        default_encoding="pairs",
    ),
    making=Making(
        sizes="NxN",
        size="10x10",
        small="6x6",
        largest=196,
        attempts=60,
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 30 puzzles made at
        # 10x10 with two stars (2.43, 2.69, 2.76; every one needs lookahead but the easiest
        # few, which probing finishes) part the bands.
        bands=(
            ("easy", 0, 2.4),
            ("medium", 2.4, 2.68),
            ("hard", 2.68, 2.76),
            ("extreme", 2.76, 4),
        ),
    ),
)
