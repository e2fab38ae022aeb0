"""Heyawake, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer
from .rooms import RoomMap, numbered, rectangles, room_cells
from .shading import SHADED, board_problems, shading_problems

Board = tuple[str, ...]
"""A solution: a string a row, ``1`` a shaded cell, ``0`` an unshaded one."""


@dataclass(frozen=True, slots=True)
class Heyawake(Rows):
    """A board split into rooms: ``rows`` a room number a cell (rooms numbered by their first
    cells in reading order), ``numbers`` a room's number of shaded cells, None where the room
    shows none, in the rooms' order."""

    rows: RoomMap
    numbers: tuple[int | None, ...]

    def rooms(self) -> list[list[Cell]]:
        """Each room's cells, in reading order."""
        return room_cells(self.rows)


def long_runs(
    puzzle: Heyawake, solution: Board, rows: Iterable[int] = (), columns: Iterable[int] = ()
) -> list[tuple[Cell, Cell]]:
    """The runs of unshaded cells in a row or column that cross two room borders or more,
    each as its first and last cell: in every row and column, or in those named."""
    found = []
    rooms = puzzle.rows
    h, w = puzzle.height, puzzle.width
    rows, columns = list(rows), list(columns)
    if not rows and not columns:
        rows, columns = list(range(h)), list(range(w))
    lines = [[(r, c) for c in range(w)] for r in rows]
    lines += [[(r, c) for r in range(h)] for c in columns]
    for line in lines:
        start = 0
        while start < len(line):
            if solution[line[start][0]][line[start][1]] == SHADED:
                start += 1
                continue
            end = start
            while end + 1 < len(line) and solution[line[end + 1][0]][line[end + 1][1]] != SHADED:
                end += 1
            crossed = sum(
                rooms[a[0]][a[1]] != rooms[b[0]][b[1]]
                for a, b in zip(line[start:end], line[start + 1 : end + 1], strict=True)
            )
            if crossed >= 2:
                found.append((line[start], line[end]))
            start = end + 1
    return found


def check(puzzle: Heyawake, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    shape = board_problems(puzzle, puzzle.width, puzzle.height, solution)
    if shape:
        return shape
    problems = []
    # A room's number is how many of its cells are shaded.
    for cells, n in zip(puzzle.rooms(), puzzle.numbers, strict=True):
        found = sum(solution[r][c] == SHADED for r, c in cells)
        if n is not None and found != n:
            problems.append(
                f"the room at {cell_name(puzzle, cells[0])} shows {n}, but {found} of its cells "
                f"{'is' if found == 1 else 'are'} shaded"
            )
    # No line of unshaded cells runs through three rooms.
    for first, last in long_runs(puzzle, solution):
        problems.append(
            f"the unshaded cells from {cell_name(puzzle, first)} to {cell_name(puzzle, last)} "
            "cross two room borders"
        )
    # No two shaded cells share an edge; the unshaded cells are one group.
    return problems + shading_problems(puzzle, solution)


# -- givens, for setters: the rooms' numbers ------------------------------------------------------

Given = tuple[Cell, int]
"""A room's number, at the room's first cell: ((row, column), number)."""


def givens(puzzle: Heyawake) -> list[Given]:
    rooms = puzzle.rooms()
    return [(rooms[k][0], n) for k, n in enumerate(puzzle.numbers) if n is not None]


def with_givens(puzzle: Heyawake, shown: Iterable[Given]) -> Heyawake:
    numbers: list[int | None] = [None] * len(puzzle.numbers)
    for (r, c), n in shown:
        numbers[puzzle.rows[r][c]] = n
    return replace(puzzle, numbers=tuple(numbers))


def given_at(puzzle: Heyawake, solution: Board, place: Cell) -> Given:
    """The number of the room that holds ``place``, as the solution shades it."""
    r, c = place
    cells = puzzle.rooms()[puzzle.rows[r][c]]
    return (cells[0], sum(solution[y][x] == SHADED for y, x in cells))


def describe(puzzle: Heyawake, given: Given) -> str:
    place, n = given
    return f"{n} in the room at {cell_name(puzzle, place)}"


GIVENS: Givens[Heyawake, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole -------------------------------------------------------------------

SIDES = (1, 2, 2, 3, 3, 3, 4)
"""The sides a made room's rectangle is drawn from (Nikoli's rooms are mostly 2 to 4 a side)."""


def counts(puzzle: Heyawake, solution: Board) -> tuple[int, ...]:
    """How many cells of each room the solution shades."""
    return tuple(sum(solution[r][c] == SHADED for r, c in cells) for cells in puzzle.rooms())


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random map of rectangular rooms, a shading the solver finds for random numbers in some
    of them, and every room numbered as that shading says. While another shading answers too,
    a room holding a cell where the two differ is cut in two (when the first shading still
    keeps every rule), which numbers it more closely."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Heyawake board is at least 2x2, not {width}x{height}")
    for _ in range(50):
        rooms = rectangles(width, height, rng, SIDES)
        cells = room_cells(rooms)
        targets = [rng.randint(len(c) // 3, (len(c) + 1) // 2) if rng.random() < 0.6 else None
                   for c in cells]  # fmt: skip
        found = solutions(Heyawake(rooms, tuple(targets)), 1)
        while not found and any(t is not None for t in targets):
            # (numbers no shading meets: half of them dropped, until one does)
            held = [k for k, t in enumerate(targets) if t is not None]
            for k in rng.sample(held, (len(held) + 1) // 2):
                targets[k] = None
            found = solutions(Heyawake(rooms, tuple(targets)), 1)
        if not found:
            continue
        ours = found[0]
        puzzle = Heyawake(rooms, counts(Heyawake(rooms, tuple(targets)), ours))
        for _ in range(width * height):
            others = [s for s in solutions(puzzle, 5) if s != ours]
            if not others:
                return puzzle, ours, []
            cut = False
            for other in others:  # each one ruled out in turn, unless a cut did already
                split = None if check(puzzle, other) else _split(puzzle, ours, other, rng)
                if split is not None:
                    puzzle, cut = split, True
            if not cut:
                break
    raise GenerateError(f"no {width}x{height} Heyawake with one solution was found")


def _split(puzzle: Heyawake, ours: Board, other: Board, rng: random.Random) -> Heyawake | None:
    """The puzzle with a room that holds a cell where the two shadings differ cut in two
    across a random line, every room numbered from ours (which must still keep the rules);
    None when no such cut keeps them."""
    h, w = puzzle.height, puzzle.width
    differ = [(r, c) for r in range(h) for c in range(w) if ours[r][c] != other[r][c]]
    rng.shuffle(differ)
    for r, c in differ:
        room = puzzle.rows[r][c]
        cells = puzzle.rooms()[room]
        ys, xs = sorted({y for y, _ in cells}), sorted({x for _, x in cells})
        cuts = [("row", y) for y in ys[1:]] + [("col", x) for x in xs[1:]]
        rng.shuffle(cuts)
        for way, at in cuts:
            labels = [
                [
                    (v, (y if way == "row" else x) >= at) if v == room else (v, False)
                    for x, v in enumerate(row)
                ]
                for y, row in enumerate(puzzle.rows)
            ]
            rooms = numbered(labels)[0]
            bare = Heyawake(rooms, tuple(None for _ in room_cells(rooms)))
            # Ours keeps every rule but perhaps this one, across the new border alone.
            across = {"row": ((), xs), "col": (ys, ())}[way]
            if not long_runs(bare, ours, *across):
                return replace(bare, numbers=counts(bare, ours))
    return None


GENRE = About(
    name="heyawake",
    summary="shade cells so that no two shaded cells share an edge, the unshaded cells are one "
    "group, a room's number counts its shaded cells, and no line of unshaded cells crosses two "
    "room borders",
    reading=Reading(
        input_format="a map of rooms, a letter a cell (AABB; names separated by spaces when "
        "longer), then a line per numbered room (A=2), or a puzz.link URL",
        example="ABBCCD\nABBCCD\nABBCCD\nEEEEED\nFFFGGD\nFFFGGH\n\nA=2, B=2, C=2, D=2",
        output_formats=("grid",),
        urls=("heyawake", "heyawacky"),
    ),
    solving=Solving(
        # MiniCard's native cardinality beats CaDiCaL's counters by 10 to 20% on the room
        # numbers (benchmarks/bench_rooms.py heyawake: 2.0 ms at 10x10, 20 ms at 20x20); the
        # levels write a hundred times more (118 ms at 10x10). But on Janko's 787 published
        # boards MiniCard ran past 15 s on two (21x21 and 31x45: a million conflicts and more)
        # where CaDiCaL's worst is 321 ms, at medians 3 to 17 ms against 3 to 14 up to 30 a
        # side: CaDiCaL, for no board left behind.
        default_backend="sat:cadical195",
        default_encoding="cuts",
    ),
    making=Making(
        size="10x10",
        small="6x6",
        largest=256,
        backend="sat:minicard",  # (the puzzles a seed makes, as before CaDiCaL's default)
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 30 puzzles made at
        # 10x10 (1.68, 1.87, 2.39; every one needs probing, a third of them lookahead) part
        # the bands.
        bands=(
            ("easy", 0, 1.65),
            ("medium", 1.65, 1.9),
            ("hard", 1.9, 2.4),
            ("extreme", 2.4, 4),
        ),
    ),
)
