"""∞ Loop as CNF: one choice per tile among its distinct turns, pipes shared by neighbours."""

from __future__ import annotations

from ..puzzles.loop import DOWN, LEFT, RIGHT, UP, Loop, Tiles, rotations
from .model import Assignment, Built, Model

ENCODINGS = ("cnf",)


def build(puzzle: Loop, encoding: str = "cnf", prune: bool = True) -> Built[Tiles]:
    """The model of ``puzzle``; linear in the number of tiles. ``prune`` drops the turns that
    point a pipe off the board before the solver sees them (without it they are clauses)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    h, w = puzzle.height, puzzle.width
    # A pipe variable for each link between neighbours: right of (r, c), and below it.
    right = [list(model.bool_vars(w - 1)) for _ in range(h)]
    below = [list(model.bool_vars(w)) for _ in range(h - 1)]
    choices: list[list[tuple[int, int]]] = []  # per tile: (turned tile, its literal)
    for r in range(h):
        for c in range(w):
            # The pipe on each side of the tile, or None at the border: no pipe may go there.
            sides = {
                UP: below[r - 1][c] if r > 0 else None,
                RIGHT: right[r][c] if c + 1 < w else None,
                DOWN: below[r][c] if r + 1 < h else None,
                LEFT: right[r][c - 1] if c > 0 else None,
            }
            options = rotations(puzzle.rows[r][c])
            if (r, c) in puzzle.fixed:  # a fixed tile stands as it was fixed
                options = [t for t in options if t == puzzle.fixed[r, c]]
            if prune:
                options = [
                    t
                    for t in options
                    if not any(t & side for side, pipe in sides.items() if pipe is None)
                ]
            lits = list(model.bool_vars(len(options)))
            # Each tile lies one way.
            model.add_exactly_one(lits)
            # Lying that way, it has a pipe on exactly its sides, and none off the board.
            for tile, lit in zip(options, lits, strict=True):
                for side, pipe in sides.items():
                    if pipe is None:
                        if tile & side:
                            model.add_clause([-lit])
                    else:
                        model.add_clause([-lit, pipe if tile & side else -pipe])
            choices.append(list(zip(options, lits, strict=True)))
    if puzzle.connected:
        # All tiles with pipes form one network: a tree has as many pipes as tiles less one.
        nodes = [r * w + c for r in range(h) for c in range(w) if puzzle.rows[r][c]]
        ends = sum(bin(t).count("1") for row in puzzle.rows for t in row)
        if puzzle.tree and ends // 2 != len(nodes) - 1:
            model.add_clause([])  # the pipe count alone rules out a tree
        edges = [(r * w + c, r * w + c + 1, right[r][c]) for r in range(h) for c in range(w - 1)]
        edges += [(r * w + c, (r + 1) * w + c, below[r][c]) for r in range(h - 1) for c in range(w)]
        model.add_connected(nodes, edges)
    model.answer = [lit for tile in choices for _, lit in tile]

    def decode(a: Assignment) -> Tiles:
        tiles = [next((t for t, lit in options if a(lit)), 0) for options in choices]
        return tuple(tuple(tiles[r * w : (r + 1) * w]) for r in range(h))

    return Built(model, decode)
