"""∞ Loop and Net as CNF: one choice per tile among its distinct turns, pipes shared by
neighbours; one network lazily (``cnf``), or a tree by each tile's distance from a root
(``levels``)."""

from __future__ import annotations

from collections import deque

from ..puzzles.loop import DOWN, LEFT, RIGHT, UP, Loop, Tiles, rotations
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("cnf", "levels")

Link = Lit | None
"""A pipe variable between two tiles, or None where no pipe may go (border or barrier)."""


def build(puzzle: Loop, encoding: str = "cnf", prune: bool = True) -> Built[Tiles]:
    """The model of ``puzzle``; linear in the number of tiles. ``prune`` drops the turns that
    point a pipe off the board or into a barrier before the solver sees them (without it they
    are clauses)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    h, w = puzzle.height, puzzle.width
    right, below = _links(model, puzzle)
    if puzzle.tree:
        _tree_links(puzzle, right, below)
    choices: list[list[tuple[int, int]]] = []  # per tile: (turned tile, its literal)
    clauses = model.clauses  # appended to directly: this loop is the build of a large board
    turns: dict[tuple[int, int], list[int]] = {}  # (tile, sides closed) -> the turns it may take
    for r in range(h):
        above, beside, under = below[r - 1], right[r], below[r]
        for c in range(w):
            # The pipe on each side of the tile, or None: no pipe may go there. (Index -1 is
            # the last row or column: a link there exists only on a board that wraps.)
            sides = ((UP, above[c]), (RIGHT, beside[c]), (DOWN, under[c]), (LEFT, beside[c - 1]))
            tile = puzzle.rows[r][c]
            closed = sum(side for side, pipe in sides if pipe is None) if prune else 0
            if (r, c) in puzzle.fixed:  # a fixed tile stands as it was fixed
                options = [t for t in rotations(tile) if t == puzzle.fixed[r, c] and not t & closed]
            else:
                found = turns.get((tile, closed))
                if found is None:
                    found = turns[tile, closed] = [t for t in rotations(tile) if not t & closed]
                options = found
            lits = model.bool_vars(len(options))
            # Each tile lies one way.
            model.add_exactly_one(lits)
            # Lying that way, it has a pipe on exactly its sides, and none off the board or
            # through a barrier.
            for t, lit in zip(options, lits, strict=True):
                for side, pipe in sides:
                    if pipe is None:
                        if t & side:
                            clauses.append((-lit,))
                    else:
                        clauses.append((-lit, pipe if t & side else -pipe))
            choices.append(list(zip(options, lits, strict=True)))
    if puzzle.connected:
        # All tiles with pipes (every tile, on a spanning board) form one network.
        nodes = [
            r * w + c for r in range(h) for c in range(w) if puzzle.rows[r][c] or puzzle.spanning
        ]
        ends = sum(bin(t).count("1") for row in puzzle.rows for t in row)
        if puzzle.tree and ends // 2 != len(nodes) - 1:
            # A tree has as many pipes as tiles less one: the pipe count alone rules it out.
            model.add_clause([])
        edges = [
            (r * w + c, r * w + (c + 1) % w, pipe)
            for r in range(h)
            for c, pipe in enumerate(right[r])
            if pipe is not None
        ]
        edges += [
            (r * w + c, ((r + 1) % h) * w + c, pipe)
            for r in range(h)
            for c, pipe in enumerate(below[r])
            if pipe is not None
        ]
        if puzzle.tree:
            # A tree has no cycle, so none round a square of four tiles (a redundant rule the
            # solver would otherwise learn one network at a time).
            for r in range(h if puzzle.wrap else h - 1):
                for c in range(w if puzzle.wrap else w - 1):
                    square = (
                        right[r][c],
                        below[r][c],
                        right[(r + 1) % h][c],
                        below[r][(c + 1) % w],
                    )
                    if None not in square and h > 1 and w > 1:
                        model.add_clause([-p for p in square if p is not None])
        # (A link to an empty tile outside the network never carries a pipe: left out.)
        inside = set(nodes)
        edges = [(u, v, pipe) for u, v, pipe in edges if u in inside and v in inside]
        if encoding == "levels" and puzzle.tree:
            _levels(model, nodes, edges)
        else:  # (a network that may have cycles has many parent trees: it stays lazy)
            model.add_connected(nodes, edges)
    model.answer = [lit for tile in choices for _, lit in tile]

    def decode(a: Assignment) -> Tiles:
        tiles = [next((t for t, lit in options if a(lit)), 0) for options in choices]
        return tuple(tuple(tiles[r * w : (r + 1) * w]) for r in range(h))

    keys = {(i // w, i % w): dict(options) for i, options in enumerate(choices)}
    return Built(model, decode, keys)


def _links(model: Model, puzzle: Loop) -> tuple[list[list[Link]], list[list[Link]]]:
    """A pipe variable for each link between neighbours: right of (r, c), and below it; the
    last column's and row's link over the edge exists only on a board that wraps, and none
    crosses a barrier."""
    h, w = puzzle.height, puzzle.width
    right: list[list[Link]] = []
    for _ in range(h):
        row: list[Link] = list(model.bool_vars(w - 1))
        row.append(model.bool_var() if puzzle.wrap else None)
        right.append(row)
    below: list[list[Link]] = [list(model.bool_vars(w)) for _ in range(h - 1)]
    below.append([model.bool_var() for _ in range(w)] if puzzle.wrap else [None] * w)
    for r, c, side in puzzle.barriers:  # no pipe crosses a barrier
        (right if side == RIGHT else below)[r][c] = None
    return right, below


def _tree_links(puzzle: Loop, right: list[list[Link]], below: list[list[Link]]) -> None:
    """No pipe joins two tiles that have one pipe end each, in a tree of more than two tiles:
    the two would be a network of their own."""
    h, w = puzzle.height, puzzle.width
    ends = [[bin(t).count("1") for t in row] for row in puzzle.rows]
    if sum(1 for row in puzzle.rows for t in row if t or puzzle.spanning) <= 2:
        return
    for r in range(h):
        for c in range(w):
            if ends[r][c] != 1:
                continue
            if ends[r][(c + 1) % w] == 1 and (puzzle.wrap or c + 1 < w):
                right[r][c] = None
            if ends[(r + 1) % h][c] == 1 and (puzzle.wrap or r + 1 < h):
                below[r][c] = None


def _levels(model: Model, nodes: list[int], edges: list[tuple[int, int, Lit]]) -> None:
    """One tree, eagerly: every tile but a root picks a parent across a pipe, one step nearer
    the root (its level one less), so following parents always reaches the root; every pipe
    joins a tile to its parent, so the parents and levels are the tree's own (one per answer)."""
    if not nodes:
        return
    root = nodes[0]
    near: dict[int, list[int]] = {n: [] for n in nodes}
    for u, v, _ in edges:
        if u != v:
            near[u].append(v)
            near[v].append(u)
    # No tile is nearer the root than its distance along the links that may carry a pipe.
    distance = {root: 0}
    todo = deque([root])
    while todo:
        u = todo.popleft()
        for v in near[u]:
            if v not in distance:
                distance[v] = distance[u] + 1
                todo.append(v)
    if len(distance) < len(nodes):
        model.add_clause([])  # some tile can never be joined to the rest
        return
    top = len(nodes) - 1
    level = {n: model.int_var(range(distance[n], top + 1), f"level{n}") for n in nodes}
    parents: dict[int, list[Lit]] = {n: [] for n in nodes}
    for u, v, pipe in edges:
        if u == v:  # a pipe from a tile back to itself closes a cycle
            model.add_clause([-pipe])
            continue
        arcs = []
        for child, parent in ((u, v), (v, u)):
            if child == root:
                continue
            arc = model.bool_var()
            arcs.append(arc)
            parents[child].append(arc)
            # A parent is across a pipe, and one level nearer the root.
            model.add_clause([-arc, pipe])
            model.add_linear([(1, level[child]), (-1, level[parent])], "==", 1, [arc])
        # Every pipe of a tree joins a tile to its parent.
        model.add_clause([-pipe, *arcs])
    for n in nodes:
        if n != root:
            # Every tile but the root has exactly one parent.
            model.add_exactly_one(parents[n])
