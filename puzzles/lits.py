"""LITS, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..contract import About, GenerateError, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer
from .rooms import MARKS, Labels, grow_rooms, mark_problems, room_cells, room_name, settle_rooms
from .shading import DARK, LIGHT, dark_board_problems, groups, neighbours

Board = tuple[str, ...]
"""A solution: a string a row, ``#`` a shaded cell, ``.`` an unshaded one."""

SHAPES = "LITSO"
"""The tetrominoes' names (O, the square, is a 2x2 block: never in a solution)."""


@dataclass(frozen=True, slots=True)
class Lits:
    """The rooms (each cell's room, numbered in reading order of the rooms' first cells) and a
    setter's marks: True, the cell is given shaded; False, given unshaded."""

    rooms: Labels
    marks: Mapping[Cell, bool] = field(default_factory=dict)

    @property
    def width(self) -> int:
        return len(self.rooms[0])

    @property
    def height(self) -> int:
        return len(self.rooms)


def shape(cells: Iterable[Cell]) -> str:
    """The tetromino's name (L, I, T, S or O), turned and mirrored as it may be; ``?`` for four
    cells that are no tetromino."""
    found = set(cells)
    if len(found) != 4 or len(groups(99, 99, lambda r, c: (r, c) in found)) != 1:
        return "?"
    rows = {r for r, _ in found}
    cols = {c for _, c in found}
    if len(rows) == 1 or len(cols) == 1:
        return "I"
    if len(rows) == 2 and len(cols) == 2:
        return "O"
    degrees = sorted(sum((y, x) in found for y, x in neighbours(99, 99, r, c)) for r, c in found)
    if degrees == [1, 1, 1, 3]:
        return "T"
    if degrees == [1, 1, 2, 2]:
        # L and S both: L has three cells in a line
        lines = [sum(1 for cc in found if cc[0] == r) for r in rows]
        lines += [sum(1 for cc in found if cc[1] == c) for c in cols]
        return "L" if 3 in lines else "S"
    return "?"


def check(puzzle: Lits, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    problems = dark_board_problems(puzzle, w, h, solution)
    if problems:
        return problems
    problems = mark_problems(puzzle, solution)
    shapes: dict[Cell, str] = {}
    rooms = room_cells(puzzle.rooms)
    # Each room shades four cells joined: a tetromino.
    for cells in rooms:
        dark = [cell for cell in cells if solution[cell[0]][cell[1]] == DARK]
        name = shape(dark) if len(dark) == 4 else "?"
        if len(dark) != 4:
            problems.append(f"{room_name(puzzle, cells)} has {len(dark)} shaded cells, not 4")
        elif name == "?":
            problems.append(f"{room_name(puzzle, cells)}: its shaded cells are not joined")
        for cell in dark:
            shapes[cell] = name
    # No two tetrominoes of one shape touch along an edge, across rooms.
    for (r, c), name in sorted(shapes.items()):
        for y, x in ((r, c + 1), (r + 1, c)):
            other = shapes.get((y, x))
            if other == name != "?" and puzzle.rooms[y][x] != puzzle.rooms[r][c]:
                problems.append(
                    f"two {name}s touch at {cell_name(puzzle, (r, c))} and "
                    f"{cell_name(puzzle, (y, x))}"
                )
    # The shaded cells are one group, and no 2x2 square is all shaded.
    apart = groups(w, h, lambda r, c: solution[r][c] == DARK)
    if len(apart) > 1:
        cells = ", ".join(cell_name(puzzle, g[0]) for g in apart)
        problems.append(f"the shaded cells fall into {len(apart)} groups (at {cells})")
    for r in range(h - 1):
        for c in range(w - 1):
            if all(solution[y][x] == DARK for y in (r, r + 1) for x in (c, c + 1)):
                problems.append(f"the 2x2 square at {cell_name(puzzle, (r, c))} is all shaded")
    return problems


GIVENS = MARKS
answer = grid_answer
place_name = cell_name


# -- random puzzles -------------------------------------------------------------------------------


def _tetrominoes(width: int, height: int, start: Cell) -> list[list[Cell]]:
    """Every tetromino on the board that holds ``start``."""
    found: set[frozenset[Cell]] = set()

    def grow(cells: frozenset[Cell]) -> None:
        if len(cells) == 4:
            found.add(cells)
            return
        for r, c in cells:
            for near in neighbours(width, height, r, c):
                if near not in cells:
                    grow(cells | {near})

    grow(frozenset([start]))
    return [sorted(t) for t in found if shape(t) != "O"]


def random_tetrominoes(width: int, height: int, rng: random.Random) -> list[list[Cell]]:
    """Tetrominoes at random, each touching exactly one placed before it (so the shaded cells
    are one group), of another shape than that one, no 2x2 square shaded, until no more fit."""
    shaded: dict[Cell, int] = {}
    pieces: list[list[Cell]] = []
    names: list[str] = []
    start = (rng.randrange(height), rng.randrange(width))
    for _ in range(width * height):
        around = _frontier(width, height, shaded) if pieces else [start]
        rng.shuffle(around)
        placed = False
        for cell in around[:12]:
            options = _tetrominoes(width, height, cell)
            rng.shuffle(options)
            for piece in options:
                if not _fits(width, height, piece, shaded, pieces, names):
                    continue
                for p in piece:
                    shaded[p] = len(pieces)
                pieces.append(piece)
                names.append(shape(piece))
                placed = True
                break
            if placed:
                break
        if not placed:
            break
    return pieces


def _frontier(width: int, height: int, shaded: dict[Cell, int]) -> list[Cell]:
    """The unshaded cells beside the shaded ones."""
    return sorted(
        {near for cell in shaded for near in neighbours(width, height, *cell)} - shaded.keys()
    )


def _fits(
    width: int,
    height: int,
    piece: list[Cell],
    shaded: dict[Cell, int],
    pieces: list[list[Cell]],
    names: list[str],
) -> bool:
    """Whether a new piece may join: on no shaded cell, and no cell beside a shaded one except
    those of the one piece it touches (which is of another shape), and no 2x2 square shaded."""
    if any(p in shaded for p in piece):
        return False
    touched = {shaded[n] for p in piece for n in neighbours(width, height, *p) if n in shaded}
    if pieces and (len(touched) != 1 or names[next(iter(touched))] == shape(piece)):
        return False
    every = set(shaded) | set(piece)
    for r, c in piece:
        for y in (r - 1, r):
            for x in (c - 1, c):
                if all((yy, xx) in every for yy in (y, y + 1) for xx in (x, x + 1)):
                    return False
    return True


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Random tetrominoes, each joined to one before it and of another shape, a room grown round
    each; while the solver finds another solution, unshaded cells of rooms the two solutions shade
    differently move to a room beside them, until ours is the only one."""
    width, height = size
    if width * height < 4 or min(width, height) < 1:
        raise GenerateError(f"a LITS board has four cells at least, not {width}x{height}")
    for _ in range(30):
        pieces = random_tetrominoes(width, height, rng)
        if not pieces:
            continue
        cells = {cell for piece in pieces for cell in piece}
        ours = tuple(
            "".join(DARK if (r, c) in cells else LIGHT for c in range(width))
            for r in range(height)
        )
        rooms = grow_rooms(width, height, pieces, rng)
        puzzle = settle_rooms(
            rooms, ours, lambda labels: Lits(labels), solutions, rng, 20 * len(pieces) + 100
        )
        if puzzle is not None:
            return puzzle, ours, []
    raise GenerateError(f"no {width}x{height} LITS with one solution was found")


GENRE = About(
    name="lits",
    summary="shade four joined cells (a tetromino) in each room so that all shaded cells are one "
    "group, no 2x2 square is all shaded, and no two tetrominoes of one shape (L, I, T, S, turned "
    "or mirrored) touch along an edge",
    reading=Reading(
        input_format="a region map: rows of letters, a room each letter's group of cells (a "
        "letter followed by # is given shaded, by + given unshaded); or a puzz.link URL",
        example="AABB\nAABC\nABBC\nCCCC",
        output_formats=("grid",),
        urls=("lits",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="types",
    ),
    making=Making(size="6x6", small="5x5", largest=2_500),
    grading=Grading(),
)
