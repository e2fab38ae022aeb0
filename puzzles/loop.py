"""∞ Loop, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, Givens, Grading, Making, Option, Reading, Solving
from .grid import Rows, cell_name, grid_answer

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
"""A tile is the set of sides its pipes reach, as bits (the /r/dailyprogrammer numbering)."""
STEP = {UP: (-1, 0), RIGHT: (0, 1), DOWN: (1, 0), LEFT: (0, -1)}
OPPOSITE = {UP: DOWN, RIGHT: LEFT, DOWN: UP, LEFT: RIGHT}

Tiles = tuple[tuple[int, ...], ...]


def turn(tile: int) -> int:
    """The tile after a quarter turn clockwise: up goes right, right down, down left, left up."""
    return ((tile << 1) | (tile >> 3)) & 15


def _rotations(tile: int) -> tuple[int, ...]:
    found = [tile]
    for _ in range(3):
        tile = turn(tile)
        if tile not in found:
            found.append(tile)
    return tuple(found)


ROTATIONS = tuple(_rotations(tile) for tile in range(16))
"""The distinct turns of each of the 16 tiles, worked out once: checks and models ask often."""


def rotations(tile: int) -> list[int]:
    """The distinct ways a tile can lie (a straight pipe two, a cross or an empty tile one)."""
    return list(ROTATIONS[tile])


@dataclass(frozen=True, slots=True)
class Loop(Rows):
    """A board of tiles, each of which may be turned by quarter turns. With ``connected`` all
    tiles that have pipes form one network; with ``tree`` that network also has no cycle."""

    rows: Tiles
    connected: bool = False
    tree: bool = False
    fixed: Mapping[tuple[int, int], int] = field(default_factory=dict)
    """Tiles that stand as given here and may not be turned (a setter's clue)."""
    spanning: bool = False
    """The network takes in every tile, empty ones too (Net: an empty tile cannot join it)."""
    wrap: bool = False
    """The board wraps round: a pipe off one edge meets the tile at the opposite edge."""
    barriers: frozenset[tuple[int, int, int]] = frozenset()
    """Walls no pipe may cross, as (row, column, side): the side is RIGHT (between the tile and
    the next to its right) or DOWN (between it and the tile below), wrapping round the edges."""


def barrier(puzzle: Loop, r: int, c: int, side: int) -> bool:
    """A barrier stands on ``side`` of the tile at (r, c)."""
    if not puzzle.barriers:
        return False
    if side == LEFT:
        r, c, side = r, (c - 1) % puzzle.width, RIGHT
    elif side == UP:
        r, c, side = (r - 1) % puzzle.height, c, DOWN
    return (r, c, side) in puzzle.barriers


def across(puzzle: Loop, r: int, c: int, side: int) -> tuple[int, int] | None:
    """The tile a pipe on ``side`` of (r, c) meets: None where it would leave a board that does
    not wrap, or cross a barrier. The one rule of the board's shape that check, model and
    drawing share."""
    dr, dc = STEP[side]
    rr, cc = r + dr, c + dc
    if puzzle.wrap:
        rr, cc = rr % puzzle.height, cc % puzzle.width
    elif not (0 <= rr < puzzle.height and 0 <= cc < puzzle.width):
        return None
    return None if barrier(puzzle, r, c, side) else (rr, cc)


def check(puzzle: Loop, solution: Tiles) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    for r in range(h):
        for c in range(w):
            tile = solution[r][c]
            # Each tile is the puzzle's tile, turned.
            if tile not in ROTATIONS[puzzle.rows[r][c]]:
                problems.append(f"r{r + 1}c{c + 1} is not a turn of the tile given there")
            # A fixed tile stands as it was fixed.
            if puzzle.fixed.get((r, c), tile) != tile:
                problems.append(f"r{r + 1}c{c + 1} is fixed, but was turned")
            # Every pipe end meets a pipe end of the neighbouring tile (across the edge on a
            # board that wraps); none leaves the board or crosses a barrier.
            for side in STEP:
                if not tile & side:
                    continue
                there = across(puzzle, r, c, side)
                if there is None:
                    wall = barrier(puzzle, r, c, side)
                    problems.append(
                        f"r{r + 1}c{c + 1} has a pipe "
                        + ("through a barrier" if wall else "off the board")
                    )
                    continue
                rr, cc = there
                if not solution[rr][cc] & OPPOSITE[side]:
                    problems.append(
                        f"r{r + 1}c{c + 1} has a pipe that meets no pipe at r{rr + 1}c{cc + 1}"
                    )
    if problems or not (puzzle.connected or puzzle.tree):
        return problems
    # All pipes form one network (and, for a tree, one with no cycle); a spanning network
    # takes in every tile, so an empty tile breaks it.
    tiles = [(r, c) for r in range(h) for c in range(w) if solution[r][c] or puzzle.spanning]
    seen = set(tiles[:1])
    todo = list(seen)
    links = 0
    while todo:
        r, c = todo.pop()
        for side in STEP:
            if solution[r][c] & side:
                links += 1
                there = across(puzzle, r, c, side)
                if there is not None and there not in seen:
                    seen.add(there)
                    todo.append(there)
    if len(seen) < len(tiles):
        problems.append(
            f"the pipes form more than one network ({len(seen)} of {len(tiles)} "
            "tiles are joined to the first)"
        )
    elif puzzle.tree and links // 2 != len(tiles) - 1:
        problems.append("the network has a cycle")
    return problems


def random_layout(width: int, height: int, rng: random.Random, density: float = 0.6) -> Tiles:
    """A solved board: each link between neighbours is a pipe with probability ``density``."""
    rows = [[0] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            if c + 1 < width and rng.random() < density:
                rows[r][c] |= RIGHT
                rows[r][c + 1] |= LEFT
            if r + 1 < height and rng.random() < density:
                rows[r][c] |= DOWN
                rows[r + 1][c] |= UP
    return tuple(tuple(row) for row in rows)


def scramble(layout: Tiles, rng: random.Random) -> Tiles:
    """Every tile turned a random number of quarter turns."""
    out = []
    for row in layout:
        turned = []
        for tile in row:
            for _ in range(rng.randrange(4)):
                tile = turn(tile)
            turned.append(tile)
        out.append(tuple(turned))
    return tuple(out)


def random_tree_layout(width: int, height: int, rng: random.Random, wrap: bool = False) -> Tiles:
    """A solved Net board: a random spanning tree of the grid (random links, joined unless
    they would close a cycle; Kruskal's method); with ``wrap`` links also join opposite edges."""
    across_c = width if wrap and width > 1 else width - 1
    across_r = height if wrap and height > 1 else height - 1
    links = [((r, c), (r, (c + 1) % width), RIGHT) for r in range(height) for c in range(across_c)]
    links += [((r, c), ((r + 1) % height, c), DOWN) for r in range(across_r) for c in range(width)]
    rng.shuffle(links)
    parent = {(r, c): (r, c) for r in range(height) for c in range(width)}

    def root(cell: tuple[int, int]) -> tuple[int, int]:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    rows = [[0] * width for _ in range(height)]
    for a, b, side in links:
        if root(a) != root(b):
            parent[root(a)] = root(b)
            rows[a[0]][a[1]] |= side
            rows[b[0]][b[1]] |= OPPOSITE[side]
    return tuple(tuple(row) for row in rows)


# -- givens, for setters: a plain ∞ Loop board has none; a fixed tile is the clue one can add ----

Given = tuple[tuple[int, int], int]
"""A tile fixed as it stands: ((row, column), tile)."""


def givens(puzzle: Loop) -> list[Given]:
    """The fixed tiles."""
    return sorted(puzzle.fixed.items())


def with_givens(puzzle: Loop, shown: Iterable[Given]) -> Loop:
    """The same board with exactly these tiles fixed, each standing as it is fixed (as a board
    read with them stands)."""
    fixed = dict(shown)
    rows = tuple(
        tuple(fixed.get((r, c), tile) for c, tile in enumerate(row))
        for r, row in enumerate(puzzle.rows)
    )
    return replace(puzzle, rows=rows, fixed=fixed)


def given_at(puzzle: Loop, solution: Tiles, place: tuple[int, int]) -> Given:
    """The tile at ``place`` fixed as the solution turns it."""
    r, c = place
    return ((r, c), solution[r][c])


def describe(puzzle: Loop, given: Given) -> str:
    (r, c), tile = given
    names = ((UP, "up"), (RIGHT, "right"), (DOWN, "down"), (LEFT, "left"))
    sides = "-".join(name for bit, name in names if tile & bit) or "none"
    return f"fix the tile at r{r + 1}c{c + 1} with its pipes {sides}"


GIVENS = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random pipe layout, every tile turned at random, and every tile that could turn fixed
    as the layout has it: the generator unfixes all it can (often all; written as ``5*``)."""
    layout = random_layout(size[0], size[1], rng)
    turned = scramble(layout, rng)
    fixed = {
        (r, c): t
        for r, row in enumerate(layout)
        for c, t in enumerate(row)
        if len(rotations(t)) > 1
    }
    return Loop(turned, fixed=fixed), layout, []


GENRE = About(
    name="loop",
    aliases=("infinity-loop",),
    summary="turn the pipe tiles until every pipe end meets another (∞ Loop)",
    reading=Reading(
        input_format="rows of box-drawing tiles ( ╸╻┓╺━┏┳╹┛┃┫┗┻┣╋, space = empty), or rows "
        "of numbers 0..15 (1 up, 2 right, 4 down, 8 left) after optional size lines; "
        "5* is a tile fixed as it stands",
        example="┏┓\n┗┛",
        options=(
            Option("connected", "--connected", "loop: all pipes form one network", None),
            Option("tree", "--tree", "loop: one network with no cycle (Simon Tatham's Net)", None),
        ),
        output_formats=("glyph", "mask"),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="cnf",
    ),
    making=Making(
        size="6x6",
        small="6x6",
    ),
    grading=Grading(
        # The builder's pruning solves its puzzles outright, as a person could not: graded on
        # the bare model, propagation scored by its waves. No levels of people's to follow: the
        # quartiles of the scores of 40 puzzles made at its own size (6x6; 0.333, 0.394 and 0.444;
        # benchmarks/bench_bands.py) part the bands.
        prune=False,
        waves=True,
        bands=(
            ("easy", 0, 0.333),
            ("medium", 0.333, 0.394),
            ("hard", 0.394, 0.444),
            ("extreme", 0.444, 4),
        ),
    ),
)
