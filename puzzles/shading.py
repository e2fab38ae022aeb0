"""What the rulebooks of shading puzzles share: the checks of "no two shaded cells share an
edge" and "the unshaded cells form one group", and random shadings that keep both, for makers."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from .grid import Cell, cell_name

SHADED = "1"
UNSHADED = "0"
"""A solution is a string a row, ``1`` a shaded cell and ``0`` an unshaded one (the form of
Simon Tatham's corpus)."""

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def neighbours(width: int, height: int, r: int, c: int) -> Iterator[Cell]:
    """The cells that share an edge with (r, c), on the board."""
    for dr, dc in STEPS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < height and 0 <= cc < width:
            yield rr, cc


def groups(width: int, height: int, open_: Callable[[int, int], bool]) -> list[list[Cell]]:
    """The orthogonally connected groups of the cells ``open_`` holds, each in reading order
    of its first cell."""
    seen: set[Cell] = set()
    found = []
    for r in range(height):
        for c in range(width):
            if (r, c) in seen or not open_(r, c):
                continue
            seen.add((r, c))
            group, todo = [], [(r, c)]
            while todo:
                cell = todo.pop()
                group.append(cell)
                for other in neighbours(width, height, *cell):
                    if other not in seen and open_(*other):
                        seen.add(other)
                        todo.append(other)
            found.append(sorted(group))
    return found


def shading_problems(puzzle: object, solution: Sequence[str]) -> list[str]:
    """What breaks "no two shaded cells share an edge" and "the unshaded cells form one
    group" in a board of ``0`` and ``1``."""
    height, width = len(solution), len(solution[0])
    problems = []
    for r in range(height):
        for c in range(width):
            if solution[r][c] != SHADED:
                continue
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < height and cc < width and solution[rr][cc] == SHADED:
                    problems.append(
                        f"the shaded cells {cell_name(puzzle, (r, c))} and "
                        f"{cell_name(puzzle, (rr, cc))} share an edge"
                    )
    apart = groups(width, height, lambda r, c: solution[r][c] != SHADED)
    if not apart:
        problems.append("no cell is unshaded")
    elif len(apart) > 1:
        cells = ", ".join(cell_name(puzzle, g[0]) for g in apart)
        problems.append(f"the unshaded cells fall into {len(apart)} groups (at {cells})")
    return problems


def wall_problems(puzzle: object, solution: Sequence[str]) -> list[str]:
    """What breaks "the shaded cells form one group" and "no 2x2 square is all shaded" (Nurikabe's
    sea, Tapa's wall, LITS's shading), in a board of ``#`` and ``.``."""
    height, width = len(solution), len(solution[0])
    problems = []
    wall = groups(width, height, lambda r, c: solution[r][c] == DARK)
    if len(wall) > 1:
        cells = ", ".join(cell_name(puzzle, g[0]) for g in wall)
        problems.append(f"the shaded cells fall into {len(wall)} groups (at {cells})")
    for r in range(height - 1):
        for c in range(width - 1):
            if all(solution[y][x] == DARK for y in (r, r + 1) for x in (c, c + 1)):
                problems.append(f"the 2x2 square at {cell_name(puzzle, (r, c))} is all shaded")
    return problems


def board_problems(
    puzzle: object, width: int, height: int, solution: Sequence[str], cells: str = UNSHADED + SHADED
) -> list[str]:
    """What is wrong with the shape of a solution: not W x H, or a cell neither of the two
    ``cells`` (0 or 1: unshaded or shaded)."""
    if len(solution) != height or any(len(row) != width for row in solution):
        return [f"the solution is not a {width}x{height} board"]
    return [
        f"{cell_name(puzzle, (r, c))} holds {ch!r}, not {cells[0]} or {cells[1]}"
        for r, row in enumerate(solution)
        for c, ch in enumerate(row)
        if ch not in (cells[0], cells[1])
    ]


def random_shading(
    width: int, height: int, rng: random.Random, keep: Callable[[int, int], bool] | None = None
) -> list[list[bool]]:
    """A random shading as dense as the rules let it be: cells in random order are shaded
    when none of their neighbours is and the unshaded cells stay one group (and ``keep`` does
    not hold them unshaded). No unshaded cell can then be shaded too."""
    shaded = [[False] * width for _ in range(height)]
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    total = width * height
    count = 0
    for r, c in cells:
        if keep is not None and keep(r, c):
            continue
        if any(shaded[rr][cc] for rr, cc in neighbours(width, height, r, c)):
            continue
        shaded[r][c] = True
        apart = groups(width, height, lambda y, x: not shaded[y][x])
        if len(apart) != 1 or total - count - 1 == 0:
            shaded[r][c] = False
            continue
        count += 1
    return shaded


DARK = "#"
LIGHT = "."
"""The cells of a solution written as players draw it (Nurikabe, Norinori, LITS): ``#`` a
shaded cell, ``.`` an unshaded one."""


def dark_board_problems(
    puzzle: object, width: int, height: int, solution: Sequence[str]
) -> list[str]:
    """What is wrong with the shape of a solution of ``#`` and ``.``: not W x H, or another
    character in a cell."""
    return board_problems(puzzle, width, height, solution, DARK + LIGHT)
