"""∞ Loop and Net as CNF: one choice per tile among its distinct turns, pipes shared by
neighbours; one network lazily (``cnf``), or a tree by each tile's distance from a root
(``levels``)."""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from ..puzzles.loop import DOWN, LEFT, RIGHT, ROTATIONS, UP, Loop, Tiles
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("cnf", "levels")

Link = Lit | None
"""A pipe variable between two tiles, or None where no pipe may go (border or barrier)."""


def build(puzzle: Loop, encoding: str = "cnf", prune: bool = True) -> Built[Tiles]:
    """The model of ``puzzle``; linear in the number of tiles. ``prune`` settles first every
    tile whose turn is forced (``settle``), so the solver sees only the tiles left open and
    the links between them (without it every tile is a choice, and the border is clauses)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    settled = settle(puzzle) if prune else None
    return build_settled(puzzle, settled, encoding)


class Settled(NamedTuple):
    """What ``settle`` deduced: per link (right of tile i, below tile i) OPEN, PIPE or NONE,
    and per tile the turns it may still take (None: a tile with no turn left, no solution)."""

    right: list[int]
    below: list[int]
    options: list[tuple[int, ...]] | None


OPEN, PIPE, NONE = 0, 1, 2
"""The state of a link between two tiles: not known yet, a pipe, no pipe."""

Entry = tuple[tuple[int, ...], int, int] | None
"""A tile's turns left, and the sides on which all of them have a pipe, or none, that were not
known; None when no turn is left."""


@functools.cache
def _table() -> tuple[Entry, ...]:
    """The entry of each (kind, the states of the tile's four links), worked out once (8,448
    entries, about 15 ms). A kind is a tile 0..15 free to turn, 16 + t a tile fixed as
    t, 32 a tile fixed as none of its turns."""
    table: list[Entry] = []
    for kind in range(33):
        base = ROTATIONS[kind] if kind < 16 else (kind - 16,) if kind < 32 else ()
        for states in range(256):
            must = closed = 0
            for k, side in enumerate((UP, RIGHT, DOWN, LEFT)):
                state = (states >> (2 * k)) & 3
                if state == PIPE:
                    must |= side
                elif state == NONE:
                    closed |= side
            options = tuple(t for t in base if t & must == must and not t & closed)
            if not options:
                table.append(None)
                continue
            every, some = 15, 0
            for t in options:
                every &= t
                some |= t
            table.append((options, every & ~must, ~some & 15 & ~closed))
    return tuple(table)


def settle(puzzle: Loop) -> Settled:
    """Every link and turn forced by the border, the barriers, the fixed tiles and the forced
    pipes of neighbours, to a fixed point: a tile all of whose turns agree on a side fixes the
    link there, which may narrow the tile across it. One cheap pass over flat lists, so the
    model holds only the tiles left open (on large random boards, few)."""
    h, w = puzzle.height, puzzle.width
    n = h * w
    table = _table()
    right, below = _shape(puzzle)
    kinds = _kinds(puzzle)
    todo = list(range(n - 1, -1, -1))
    pop, push = todo.pop, todo.append
    while todo:
        i = pop()
        r, c = divmod(i, w)
        up = ((r - 1) % h) * w + c
        left = i - 1 if c else i + w - 1
        entry = table[kinds[i] << 8 | below[up] | right[i] << 2 | below[i] << 4 | right[left] << 6]
        if entry is None:
            return Settled(right, below, None)
        _, yes, no = entry
        if not yes | no:
            continue
        for side in (UP, RIGHT, DOWN, LEFT):
            if not (yes | no) & side:
                continue
            state = PIPE if yes & side else NONE
            links, at, there = (
                (below, up, up)
                if side == UP
                else (right, i, i + 1 if c + 1 < w else i - c)
                if side == RIGHT
                else (below, i, i + w if r + 1 < h else c)
                if side == DOWN
                else (right, left, left)
            )
            if links[at] == OPEN:
                links[at] = state
                push(there)
                push(i)
            elif links[at] != state:  # (one link on two sides of a tile: a board 1 wide)
                return Settled(right, below, None)
    options: list[tuple[int, ...]] = []
    for i in range(n):
        r, c = divmod(i, w)
        up = ((r - 1) % h) * w + c
        left = i - 1 if c else i + w - 1
        entry = table[kinds[i] << 8 | below[up] | right[i] << 2 | below[i] << 4 | right[left] << 6]
        if entry is None:
            return Settled(right, below, None)
        options.append(entry[0])
    return Settled(right, below, options)


def _shape(puzzle: Loop) -> tuple[list[int], list[int]]:
    """The links as the board's shape leaves them, per tile (right of it, below it): NONE over
    the edge of a board that does not wrap, across a barrier, and between two tiles of one pipe
    end each in a tree (``_tree_links``); OPEN elsewhere."""
    h, w = puzzle.height, puzzle.width
    right = [OPEN] * (h * w)
    below = [OPEN] * (h * w)
    if not puzzle.wrap:
        for r in range(h):
            right[r * w + w - 1] = NONE
        for c in range(w):
            below[(h - 1) * w + c] = NONE
    for r, c, side in puzzle.barriers:  # no pipe crosses a barrier
        (right if side == RIGHT else below)[r * w + c] = NONE
    if puzzle.tree:
        _tree_links(puzzle, right, below)
    return right, below


def _kinds(puzzle: Loop) -> list[int]:
    """Each tile's kind, as ``_TABLE`` reads it: the tile, or 16 + t where it is fixed as t
    (32 where it is fixed as a tile it cannot be turned into)."""
    w = puzzle.width
    kinds = [t for row in puzzle.rows for t in row]
    for (r, c), t in puzzle.fixed.items():
        kinds[r * w + c] = 16 + t if t in ROTATIONS[kinds[r * w + c]] else 32
    return kinds


def _unsettled(puzzle: Loop) -> Settled:
    """Every tile free to take all its turns (a fixed one, its own), the links only as the
    board's shape leaves them: the model without ``settle``."""
    right, below = _shape(puzzle)
    options = [ROTATIONS[k] if k < 16 else (k - 16,) if k < 32 else () for k in _kinds(puzzle)]
    return Settled(right, below, options)


def build_settled(puzzle: Loop, settled: Settled | None, encoding: str = "cnf") -> Built[Tiles]:
    """The model of ``puzzle`` once ``settle`` has run (None: not run): a choice per tile left
    open (one variable for two turns), a variable per link left open, and the clauses that tie
    them; the forced tiles and links are constants."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    if settled is None:
        settled = _unsettled(puzzle)
    model = Model()
    h, w = puzzle.height, puzzle.width
    n = h * w
    right, below, options = settled
    if options is None or any(not o for o in options):  # a tile with no turn left
        model.add_clause([])
        return Built(model, lambda a: puzzle.rows, {})
    truth: list[Lit] = []

    def true() -> Lit:
        """A variable that always holds: the literal of what is forced (made on first use)."""
        if not truth:
            truth.append(model.bool_var())
            model.add_clause(truth)
        return truth[0]

    # A variable per link left open (0 where the link is settled).
    beside = [model.bool_var() if s == OPEN else 0 for s in right]
    under = [model.bool_var() if s == OPEN else 0 for s in below]
    clauses = model.clauses  # appended to directly: this loop is the build of a large board
    exactly_one = model.exactly_one
    tiles = [o[0] for o in options]  # the forced turns; the open tiles' are decoded
    choices: list[tuple[int, tuple[int, ...], tuple[Lit, ...]]] = []  # (tile, turns, literals)
    answer: list[Lit] = []
    keys: dict[tuple[int, int], dict[int, Lit]] = {}
    for i in range(n):
        turns = options[i]
        r, c = divmod(i, w)
        up = ((r - 1) % h) * w + c
        left = i - 1 if c else i + w - 1
        if len(turns) == 1:
            lits: tuple[Lit, ...] = (0,)  # forced: no literal
        elif len(turns) == 2:
            x = model.bool_var()
            lits = (x, -x)
            answer.append(x)
        else:
            lits = tuple(model.bool_vars(len(turns)))
            exactly_one.append(lits)
            answer.extend(lits)
        sides = (
            (UP, below[up], under[up]),
            (RIGHT, right[i], beside[i]),
            (DOWN, below[i], under[i]),
            (LEFT, right[left], beside[left]),
        )
        # Lying that way, the tile has a pipe on exactly its sides: the links left open
        # follow it, and a settled link rules out the turns that disagree with it.
        for t, lit in zip(turns, lits, strict=True):
            for side, state, pipe in sides:
                if state == OPEN:
                    p = pipe if t & side else -pipe
                    clauses.append((-lit, p) if lit else (p,))
                elif (state == PIPE) != bool(t & side):
                    clauses.append((-lit,) if lit else ())
        if lit:
            choices.append((i, turns, lits))
            keys[r, c] = dict(zip(turns, lits, strict=True))
        else:
            keys[r, c] = {turns[0]: true()}
    if puzzle.connected:
        links = (
            [
                (i, i - i % w + (i + 1) % w, v, s)
                for i, (v, s) in enumerate(zip(beside, right, strict=True))
            ],
            [(i, (i + w) % n, v, s) for i, (v, s) in enumerate(zip(under, below, strict=True))],
        )
        _network(model, puzzle, encoding, links, true)
    model.answer = list(answer)

    def decode(a: Assignment) -> Tiles:
        found = tiles[:]
        for i, turns, lits in choices:
            found[i] = next((t for t, lit in zip(turns, lits, strict=True) if a(lit)), 0)
        return tuple(tuple(found[r * w : (r + 1) * w]) for r in range(h))

    return Built(model, decode, keys)


def _tree_links(puzzle: Loop, right: list[int], below: list[int]) -> None:
    """No pipe joins two tiles that have one pipe end each, in a tree of more than two tiles:
    the two would be a network of their own."""
    h, w = puzzle.height, puzzle.width
    ends = [bin(t).count("1") for row in puzzle.rows for t in row]
    if sum(1 for row in puzzle.rows for t in row if t or puzzle.spanning) <= 2:
        return
    for r in range(h):
        for c in range(w):
            if ends[r * w + c] != 1:
                continue
            if ends[r * w + (c + 1) % w] == 1 and (puzzle.wrap or c + 1 < w):
                right[r * w + c] = NONE
            if ends[((r + 1) % h) * w + c] == 1 and (puzzle.wrap or r + 1 < h):
                below[r * w + c] = NONE


Links = list[tuple[int, int, Lit, int]]
"""Links between tiles as (tile, tile across, its variable or 0, its state)."""


def _network(
    model: Model, puzzle: Loop, encoding: str, links: tuple[Links, Links], true: Callable[[], Lit]
) -> None:
    """All tiles with pipes (every tile, on a spanning board) form one network; with ``tree``,
    one with no cycle. A settled pipe is an edge that always holds."""
    h, w = puzzle.height, puzzle.width
    flat = [t for row in puzzle.rows for t in row]
    nodes = [i for i, t in enumerate(flat) if t or puzzle.spanning]
    ends = sum(bin(t).count("1") for t in flat)
    if puzzle.tree and ends // 2 != len(nodes) - 1:
        # A tree has as many pipes as tiles less one: the pipe count alone rules it out.
        model.add_clause([])

    def pipe(var: Lit, state: int) -> Link:
        return var if state == OPEN else true() if state == PIPE else None

    beside = [pipe(var, state) for _, _, var, state in links[0]]
    under = [pipe(var, state) for _, _, var, state in links[1]]
    edges = [
        (u, v, p)
        for (u, v, _, _), p in zip(links[0] + links[1], beside + under, strict=True)
        if p is not None
    ]
    if puzzle.tree:
        # A tree has no cycle, so none round a square of four tiles (a redundant rule the
        # solver would otherwise learn one network at a time).
        for r in range(h if puzzle.wrap else h - 1):
            for c in range(w if puzzle.wrap else w - 1):
                square = (
                    beside[r * w + c],
                    under[r * w + c],
                    beside[((r + 1) % h) * w + c],
                    under[r * w + (c + 1) % w],
                )
                if None not in square and h > 1 and w > 1:
                    model.add_clause([-p for p in square if p is not None])
    # (A link to an empty tile outside the network never carries a pipe: left out.)
    inside = set(nodes)
    edges = [(u, v, p) for u, v, p in edges if u in inside and v in inside]
    if encoding == "levels" and puzzle.tree:
        _levels(model, nodes, edges)
    else:  # (a network that may have cycles has many parent trees: it stays lazy)
        model.add_connected(nodes, edges)


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
