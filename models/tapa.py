"""Tapa as a model: a literal per cell without a clue, "shaded"; each clue as the patterns of
its ring it allows (``puzzles/tapa.py``'s runs around a ring, each of the ring's 256 shadings
tried once); the wall joined by lazy cuts and kept free of 2x2 squares (``models/shading.py``).

A clue's allowed patterns are a Boolean function of the (up to eight) cells of its ring that
may be shaded. Three ways to write it:

- ``primes``: every prime implicate of the function, as clauses (the prime implicants of the
  patterns it forbids, found by Quine and McCluskey's merging): no new variable, and unit
  propagation finds every value the clue forces from the ring's cells known;
- ``cover``: as few of those clauses as cover every forbidden pattern (picked greedily): a
  smaller model that propagates less;
- ``table``: the allowed patterns as a table (``Model.add_table``): CP-SAT's allowed
  assignments, a selector per pattern on SAT.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..puzzles.shading import DARK, LIGHT
from ..puzzles.tapa import RING, UNKNOWN, Board, Clue, Tapa, clue_holds, ring_cells, ring_runs
from .model import Assignment, Built, Lit, Model, boolean
from .shading import add_connected_shaded, add_no_2x2, add_no_small_groups

ENCODINGS = ("primes", "cover", "table")

Cube = tuple[int, int]
"""A set of patterns as (values, care): the patterns that agree with ``values`` on the bits of
``care`` (``values`` has no bit outside ``care``)."""


@lru_cache(maxsize=4096)
def allowed(clue: Clue, off: int) -> tuple[int, ...]:
    """The shadings of a ring (bit k: the k-th place of ``RING`` shaded) that ``clue`` allows,
    the places of ``off`` (off the board, or another clue) unshaded."""
    found = []
    for pattern in range(256):
        if pattern & off:
            continue
        if clue_holds(clue, ring_runs([bool(pattern >> k & 1) for k in range(8)])):
            found.append(pattern)
    return tuple(found)


def _squeeze(pattern: int, free: Sequence[int]) -> int:
    """A ring's pattern on its free places alone, the i-th free place bit i."""
    return sum(1 << i for i, k in enumerate(free) if pattern >> k & 1)


@lru_cache(maxsize=4096)
def prime_cubes(n: int, forbidden: frozenset[int]) -> tuple[Cube, ...]:
    """The largest cubes of patterns over ``n`` bits that hold only ``forbidden`` ones (the
    prime implicants of "forbidden"), by merging cubes that differ in one bit, level by level."""
    full = (1 << n) - 1
    level = {(m, full) for m in forbidden}
    primes: set[Cube] = set()
    while level:
        merged: set[Cube] = set()
        used: set[Cube] = set()
        for values, care in level:
            for b in range(n):
                bit = 1 << b
                if not care & bit or values & bit:
                    continue
                other = (values | bit, care)
                if other in level:
                    merged.add((values, care & ~bit))
                    used.add((values, care))
                    used.add(other)
        primes |= level - used
        level = merged
    return tuple(sorted(primes))


def _members(cube: Cube, n: int) -> list[int]:
    """The patterns of a cube."""
    values, care = cube
    loose = [b for b in range(n) if not care >> b & 1]
    return [values | sum(1 << b for i, b in enumerate(loose) if k >> i & 1)
            for k in range(1 << len(loose))]  # fmt: skip


@lru_cache(maxsize=4096)
def covering_cubes(n: int, forbidden: frozenset[int]) -> tuple[Cube, ...]:
    """Prime cubes that together hold every forbidden pattern, chosen greedily (the cube that
    holds the most patterns not yet held, first), those that alone hold a pattern first."""
    primes = prime_cubes(n, forbidden)
    holds = {cube: set(_members(cube, n)) for cube in primes}
    chosen: list[Cube] = []
    left = set(forbidden)
    for m in sorted(forbidden):
        owners = [cube for cube in primes if m in holds[cube]]
        if len(owners) == 1 and owners[0] not in chosen:
            chosen.append(owners[0])
    for cube in chosen:
        left -= holds[cube]
    while left:
        best = max(primes, key=lambda cube: (len(holds[cube] & left), cube))
        chosen.append(best)
        left -= holds[best]
    return tuple(sorted(chosen))


def _clause(cube: Cube, lits: Sequence[Lit]) -> list[Lit]:
    """The clause that forbids a cube of patterns over ``lits``: some literal leaves it."""
    values, care = cube
    return [-x if values >> i & 1 else x for i, x in enumerate(lits) if care >> i & 1]


def least_shaded(clue: Clue) -> int:
    """The fewest shaded cells a clue's ring holds."""
    return sum(1 if n == UNKNOWN else n for n in clue)


SMALL = 1
"""The largest group of shaded cells the pruning forbids to stand apart, where the clues ask for
more shaded cells: 1, a shaded cell touches another (groups of 2 to 4 cells cost more clauses
than the lazy cuts they spare, measured on 20x20 and 40x40 boards)."""


def fewest_shaded(puzzle: Tapa) -> int:
    """A least count of the shaded cells the clues ask for: the marks, or the clues whose rings
    share no cell (the fullest first), each ring's least."""
    w, h = puzzle.width, puzzle.height
    taken: set[tuple[int, int]] = set()
    total = 0
    for (r, c), clue in sorted(puzzle.clues().items(), key=lambda kv: -least_shaded(kv[1])):
        ring = {cell for cell in ring_cells(w, h, r, c) if cell is not None}
        if least_shaded(clue) and not ring & taken:
            taken |= ring
            total += least_shaded(clue)
    return max(total, len(puzzle.marks))


def build(puzzle: Tapa, encoding: str = "primes", prune: bool = True) -> Built[Board]:
    """A literal per cell without a clue; each clue allows the patterns of its ring whose runs
    it lists (written as ``encoding`` says); some cell is shaded, the shaded cells are one group
    (lazy cuts, each ring that holds a shaded cell an anchor of them), no 2x2 square is all
    shaded, and marked cells are shaded. ``prune``: where the clues ask for two shaded cells or
    more, each shaded cell touches another."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    w, h = puzzle.width, puzzle.height
    clues = puzzle.clues()
    model = Model()
    shaded: list[Lit | None] = [None if (r, c) in clues else model.bool_var()
                                for r in range(h) for c in range(w)]  # fmt: skip
    anchors = []
    for (r, c), clue in clues.items():
        ring = [None if cell is None else shaded[cell[0] * w + cell[1]]
                for cell in ring_cells(w, h, r, c)]  # fmt: skip
        off = sum(1 << k for k, x in enumerate(ring) if x is None)
        free = [k for k, x in enumerate(ring) if x is not None]
        lits = [x for x in ring if x is not None]
        # A ring that holds a shaded cell is an anchor of the wall's cuts.
        if least_shaded(clue) and lits:
            anchors.append([r * w + c + dr * w + dc for k, (dr, dc) in enumerate(RING)
                            if ring[k] is not None])  # fmt: skip
        patterns = {_squeeze(p, free) for p in allowed(clue, off)}
        if encoding == "table":
            rows = [tuple(p >> i & 1 for i in range(len(free))) for p in sorted(patterns)]
            if not lits:
                if not rows:
                    model.add_clause([])
                continue
            model.add_table([boolean(x) for x in lits], rows)
            continue
        forbidden = frozenset(range(1 << len(free))) - patterns
        cubes = (prime_cubes if encoding == "primes" else covering_cubes)(len(free), forbidden)
        for cube in cubes:
            model.add_clause(_clause(cube, lits))
    for r, c in sorted(puzzle.marks):
        mark = shaded[r * w + c]
        if mark is not None:
            model.add_clause([mark])
    cells: list[Lit] = [x for x in shaded if x is not None]
    model.add_clause(cells)  # some cell is shaded
    anchors += [[r * w + c] for r, c in sorted(puzzle.marks)]
    add_connected_shaded(model, shaded, w, h, anchors)
    add_no_2x2(model, shaded, w, h)
    if prune:
        most = min(SMALL, fewest_shaded(puzzle) - 1)
        if most >= 1:
            add_no_small_groups(model, shaded, w, h, most)
    model.answer = list(cells)

    def decode(a: Assignment) -> Board:
        return tuple(
            "".join(DARK if (x := shaded[r * w + c]) is not None and a(x) else LIGHT
                    for c in range(w))
            for r in range(h)
        )  # fmt: skip

    return Built(model, decode)
