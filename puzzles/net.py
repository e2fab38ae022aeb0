"""Net (Simon Tatham's), in the player's words: ∞ Loop's tiles and turns, every tile in one
network with no cycle, on a board that may wrap round and have barriers. Its rulebook is ∞
Loop's, with those rules switched on."""

from __future__ import annotations

import random
from typing import Any

from ..contract import About, Grading, Making, Parts, Reading, Solving
from . import loop
from .grid import cell_name, grid_answer
from .loop import GIVENS, Loop, Tiles, random_tree_layout, rotations, scramble

__all__ = ["GENRE", "GIVENS", "answer", "board", "check", "make", "place_name"]

answer = grid_answer
place_name = cell_name


def board(
    rows: Tiles,
    wrap: bool = False,
    barriers: frozenset[tuple[int, int, int]] = frozenset(),
    fixed: dict[tuple[int, int], int] | None = None,
) -> Loop:
    """A Net board as ∞ Loop knows it: one network of every tile, with no cycle. (The border of
    a board that does not wrap is a barrier already: one written there is dropped.)"""
    h, w = len(rows), len(rows[0])
    if not wrap:
        barriers = frozenset(
            (r, c, side)
            for r, c, side in barriers
            if (c + 1 < w if side == loop.RIGHT else r + 1 < h)
        )
    return Loop(
        rows,
        connected=True,
        tree=True,
        fixed=fixed or {},
        spanning=True,
        wrap=wrap,
        barriers=barriers,
    )


def check(puzzle: Loop, solution: Tiles) -> list[str]:
    """What breaks Net's rules in ``solution``; empty when it answers ``puzzle``."""
    # The rules are ∞ Loop's with all of its options on, and ∞ Loop's checker tests each:
    # - each tile is the puzzle's tile turned by quarter turns (and a fixed tile is not turned);
    # - every connection meets a connection of its neighbour (across the edge of a board that
    #   wraps), and none crosses a barrier or the border of a board that does not wrap;
    # - all W x H tiles, empty ones too, form one network, with W x H - 1 links: no cycle.
    if not (puzzle.connected and puzzle.tree and puzzle.spanning):
        return ["the board is not a Net board (one network of every tile, with no cycle)"]
    return loop.check(puzzle, solution)


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random spanning tree of the board, every tile turned at random, and every tile that
    could turn fixed as the tree has it: the generator unfixes all it can."""
    width, height = size
    if width * height < 2:
        from ..contract import GenerateError

        raise GenerateError("a Net board has two tiles or more")
    layout = random_tree_layout(width, height, rng)
    fixed = {
        (r, c): t
        for r, row in enumerate(layout)
        for c, t in enumerate(row)
        if len(rotations(t)) > 1
    }
    return board(scramble(layout, rng), fixed=fixed), layout, []


GENRE = About(
    name="net",
    aliases=("netgame",),
    summary="turn the tiles so all of them join in one network with no loop (Tatham's Net)",
    reading=Reading(
        input_format="Simon Tatham's Net game ID (WxH:desc, WxHw: wraps; a hex digit per tile, "
        "1 right 2 up 4 left 8 down, v/h after it for barriers), or rows of hex tiles or ∞ Loop's "
        "box-drawing glyphs under an optional size line (5x5, 9x9w); in hex rows 5* is a tile "
        "fixed as it stands",
        example="3x3:4b8169956",
        output_formats=("grid", "tatham"),
    ),
    solving=Solving(
        default_backend="sat:glucose4",  # measured: see README, Net
        default_encoding="cnf",
    ),
    making=Making(
        size="5x5",
        small="5x5",
    ),
    parts=Parts(
        model=".models.loop",
        picture=".pictures.loop",
    ),
    grading=Grading(
        # The builder's pruning solves its puzzles outright, as a person could not: graded on
        # the bare model, propagation scored by its waves. No levels of people's to follow: the
        # quartiles of the scores of 40 puzzles made at its own size (5x5; 0.31, 0.333 and 0.394;
        # benchmarks/bench_bands.py) part the bands.
        prune=False,
        waves=True,
        bands=(
            ("easy", 0, 0.31),
            ("medium", 0.31, 0.333),
            ("hard", 0.333, 0.394),
            ("extreme", 0.394, 4),
        ),
    ),
)
