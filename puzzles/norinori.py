"""Norinori, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..contract import About, GenerateError, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer
from .lits import PlantedRooms
from .roomshading import (
    MARKS,
    Labels,
    canonical,
    grow_rooms,
    mark_problems,
    room_cells,
    room_name,
    settle_rooms,
)
from .shading import DARK, LIGHT, dark_board_problems, neighbours

Board = tuple[str, ...]
"""A solution: a string a row, ``#`` a shaded cell, ``.`` an unshaded one."""


@dataclass(frozen=True, slots=True)
class Norinori:
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


def check(puzzle: Norinori, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    shape = dark_board_problems(puzzle, w, h, solution)
    if shape:
        return shape
    problems = mark_problems(puzzle, solution)
    # Each room has exactly two shaded cells.
    for cells in room_cells(puzzle.rooms):
        count = sum(solution[r][c] == DARK for r, c in cells)
        if count != 2:
            problems.append(f"{room_name(puzzle, cells)} has {count} shaded cells, not 2")
    # Each shaded cell touches exactly one other: the shaded cells are dominoes.
    for r in range(h):
        for c in range(w):
            if solution[r][c] != DARK:
                continue
            touching = sum(solution[y][x] == DARK for y, x in neighbours(w, h, r, c))
            if touching != 1:
                problems.append(
                    f"the shaded cell {cell_name(puzzle, (r, c))} touches {touching} shaded "
                    "cells, not 1"
                )
    return problems


GIVENS = MARKS
answer = grid_answer
place_name = cell_name


# -- random puzzles -------------------------------------------------------------------------------


def random_dominoes(width: int, height: int, rng: random.Random) -> list[list[Cell]]:
    """Dominoes at random, none touching another along an edge, until no more fit."""
    pairs = [((r, c), (r, c + 1)) for r in range(height) for c in range(width - 1)]
    pairs += [((r, c), (r + 1, c)) for r in range(height - 1) for c in range(width)]
    rng.shuffle(pairs)
    taken: set[Cell] = set()
    near: set[Cell] = set()
    found = []
    for a, b in pairs:
        if {a, b} & (taken | near):
            continue
        found.append([a, b])
        taken |= {a, b}
        for cell in (a, b):
            near |= set(neighbours(width, height, *cell))
    return found


class _Dominoes(PlantedRooms):
    """Planted dominoes and the rooms round them (LITS's larger maker, a domino a room)."""

    def placed(self, cell: Cell) -> list[frozenset[Cell]]:
        return [frozenset((cell, n)) for n in self.near(cell)]

    def valid(self, piece: frozenset[Cell], k: int) -> bool:
        """Whether room ``k`` shading ``piece`` instead keeps the rules: it touches no shaded
        cell of another room."""
        return not any(
            self.owner.get(n, k) != k for q in piece for n in self.near(q) if n not in piece
        )

    def puzzle(self) -> Norinori:
        return Norinori(self.rooms())


def make_large(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Random dominoes, each unshaded cell put in the room beside it that lets in the fewest
    other dominoes, cells moved between rooms (with what hangs on them) until no room alone
    can shade another, then the solver's other answers settled one by one."""
    width, height = size
    for _ in range(10):
        rooms = _Dominoes(
            width, height, [frozenset(d) for d in random_dominoes(width, height, rng)], rng
        )
        rooms.grow()
        rooms.improve(15 * len(rooms.pieces))
        if rooms.settle(solutions, len(rooms.pieces)):
            return rooms.puzzle(), rooms.ours(), []
    raise GenerateError(f"no {width}x{height} Norinori with one solution was found")


LARGE = 64
"""Boards of more cells than this are made by ``make_large``."""


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Random dominoes (none touching another), a room grown round each; while the solver finds
    another solution, unshaded cells where the two differ move to a room beside them, until ours
    is the only one (a board that does not settle so is drawn again). Past 8x8, ``make_large``."""
    width, height = size
    if width < 1 or height < 1 or width * height < 2:
        raise GenerateError(f"a Norinori board has two cells at least, not {width}x{height}")
    if width * height > LARGE:
        return make_large(size, rng, solutions)
    for _ in range(12 if width * height > 9 else 2):  # (a tiny board rarely settles)
        dominoes = random_dominoes(width, height, rng)
        shaded = {cell for d in dominoes for cell in d}
        ours = tuple(
            "".join(DARK if (r, c) in shaded else LIGHT for c in range(width))
            for r in range(height)
        )
        rooms = grow_rooms(width, height, dominoes, rng)
        puzzle = settle_rooms(
            rooms, ours, lambda labels: Norinori(labels), solutions, rng, 20 * len(dominoes) + 100
        )
        if puzzle is not None:
            return puzzle, ours, []
    raise GenerateError(f"no {width}x{height} Norinori with one solution was found")


def from_keys(keys: list[list[str]], marks: Mapping[Cell, bool] | None = None) -> Norinori:
    """The board whose rooms a grid of letters draws."""
    return Norinori(canonical(keys), dict(marks or {}))


GENRE = About(
    name="norinori",
    summary="shade exactly two cells in each room so that every shaded cell touches exactly one "
    "other shaded cell along an edge (the shaded cells make dominoes)",
    reading=Reading(
        input_format="a region map: rows of letters, a room each letter's group of cells (a "
        "letter followed by # is given shaded, by + given unshaded); or a puzz.link URL",
        example="AABCC\nBBBCC\nBDDCC\nDDDDD\nEEDDD",
        output_formats=("grid",),
        urls=("norinori",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="cells",
    ),
    making=Making(size="6x6", small="4x4", largest=2_500),
    grading=Grading(
        # No levels of people's to follow. Of 10 made 6x6 boards (benchmarks/make_blocks_boards.py,
        # then grade), 2 fall to propagation (score 0), 5 to the least probing (1.0 to 1.2) and 3
        # need more (1.3 to 2.2); the bands split them so.
        bands=(
            ("easy", 0, 1.0),
            ("medium", 1.0, 1.1),
            ("hard", 1.1, 1.3),
            ("extreme", 1.3, 4),
        ),
    ),
)
