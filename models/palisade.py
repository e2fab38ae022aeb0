"""Palisade as a model, on the shared region rules of ``models/regions.py``: the regions chosen
from every polyomino of the size whose clues it holds are right (``shapes``), or each region
known by its first cell in reading order (its root), each cell labelled with its region's root,
each region joined by depths down to its root and counted to the size, and each clue the count
of its neighbours in its region (``labels``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..puzzles.palisade import SIDES, Palisade, board, known_edges
from ..puzzles.shikaku import Labels, numbered
from .model import Assignment, Built, Lit, Model
from .regions import (
    add_closed_walls,
    add_labelled_regions,
    add_tiling,
    distances,
    polyominoes_kept,
)

ENCODINGS = ("shapes", "labels")


def shapes(puzzle: Palisade, prune: bool = True) -> list[frozenset[int]]:
    """Every region the clues allow: each polyomino of the size, listed once by its first cell,
    in which each clue's cell has 4 - clue neighbours (its sides that are no walls), and next to
    which no clue's cell outside has more neighbours in it than it has walls. ``prune`` first
    settles the edges the rules settle without search (``known_edges``: a region crosses no
    wall and holds both cells of a joined edge or neither), and then the regions (``settle``).
    Regions are sets of cells (``row * width + column``)."""
    k = puzzle.size
    on = board(puzzle)
    near, clue = on.near, on.clue
    cells = len(near)
    inner = {n: SIDES - v for n, v in clue.items()}  # neighbours in its own region
    across = {n: len(near[n]) - inner[n] for n in clue}  # neighbours in other regions
    found: list[frozenset[int]] = []
    known = known_edges(puzzle) if prune else {}
    if known is None or any(v < 0 for v in inner.values()) or any(v < 0 for v in across.values()):
        return found  # no region fits: the model says there is no solution
    joined = [
        [m for m in near[n] if known.get((min(n, m), max(n, m))) is True] for n in range(cells)
    ]
    walled = [
        [m for m in near[n] if known.get((min(n, m), max(n, m))) is False] for n in range(cells)
    ]
    for start in range(cells):

        def joins(chosen: set[int], out: set[int], node: int, start: int = start) -> bool:
            if any(m in chosen for m in walled[node]):
                return False
            if any(m < start or m in out for m in joined[node]):
                return False
            for c in (node, *near[node]):
                if c not in clue:
                    continue
                count = sum(1 for m in near[c] if m in chosen)
                if c in chosen:
                    if count > inner[c]:
                        return False
                    if c == node:
                        free = sum(
                            1 for m in near[c] if m > start and m not in chosen and m not in out
                        )
                        if count + free < inner[c]:
                            return False
                elif (c < start or c in out) and count > across[c]:
                    return False
            return True

        def leaves(chosen: set[int], out: set[int], node: int, start: int = start) -> bool:
            if any(m in chosen for m in joined[node]):
                return False
            for c in (node, *near[node]):
                if c not in clue:
                    continue
                if c in chosen:
                    count = sum(1 for m in near[c] if m in chosen)
                    free = sum(1 for m in near[c] if m > start and m not in chosen and m not in out)
                    if count + free < inner[c]:
                        return False
                elif c == node and sum(1 for m in near[c] if m in chosen) > across[c]:
                    return False
            return True

        def after(n: int, start: int = start) -> bool:
            return n > start

        for shape in polyominoes_kept(start, k, near, after, joins, leaves):
            if all(_holds(shape, c, near[c], inner[c], across[c]) for c in clue) and not any(
                m not in shape for n in shape for m in joined[n]
            ):
                found.append(shape)
    return settle(found, cells) if prune else found


def _holds(shape: frozenset[int], c: int, near: Sequence[int], inner: int, across: int) -> bool:
    """Whether a region keeps the clue at ``c``: inside it, ``inner`` of its neighbours are in
    it; outside, at most ``across`` are (they lie across walls from it)."""
    count = sum(1 for m in near if m in shape)
    return count == inner if c in shape else count <= across


def settle(found: list[frozenset[int]], cells: int) -> list[frozenset[int]]:
    """Until nothing changes: the cells every region over a cell holds are in that cell's
    region, so a region that holds one of them but not the cell goes."""
    while True:
        over: list[list[int]] = [[] for _ in range(cells)]
        for i, shape in enumerate(found):
            for n in shape:
                over[n].append(i)
        dropped: set[int] = set()
        for n in range(cells):
            if not over[n]:
                return found  # a cell no region can hold: the model says so
            sure = frozenset.intersection(*(found[i] for i in over[n]))
            if len(sure) < 2:
                continue
            mine = set(over[n])
            for m in sure:
                dropped.update(i for i in over[m] if i not in mine)
        if not dropped:
            return found
        found = [f for i, f in enumerate(found) if i not in dropped]


def build(puzzle: Palisade, encoding: str = "shapes", prune: bool = True) -> Built[Labels]:
    """``shapes``: a literal per region the clues allow (``shapes``), each cell in exactly one
    chosen (``add_tiling``): the clues are kept by the regions listed. ``labels``: a label per
    cell, a root that comes before it (or is itself) within k - 1 steps through cells after
    the root; a root's region counts k cells when it is one, its cells joined by depths down to
    it; two neighbours share a region exactly when they share a label, and a clue's cell has
    4 - clue neighbours in its region. ``prune`` settles the regions listed (see ``shapes``),
    or leaves out the roots a clue rules out (a cell whose clue says a neighbour before it is
    in its region is no root)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    k = puzzle.size
    on = board(puzzle)
    model = Model()
    if encoding == "shapes":
        listed = shapes(puzzle, prune)
        lits = add_tiling(model, range(len(on.near)), listed)
        model.answer = list(lits)
        return Built(model, _from_shapes(puzzle, list(zip(lits, listed, strict=True))))
    near, clue = on.near, on.clue
    reach: dict[int, list[int]] = {}
    for root in range(len(near)):
        if prune and root in clue and SIDES - clue[root] > sum(1 for m in near[root] if m > root):
            continue  # its region holds more neighbours than come after it

        def after(m: int, root: int = root) -> bool:
            return m > root

        reach[root] = list(distances(root, near, after, k - 1))
    regions = add_labelled_regions(
        model,
        near,
        reach,
        {root: root for root in reach},
        {root: k for root in reach},
        rooted=True,
        same=True,
        connect="depths",
    )
    for n, v in clue.items():
        pairs = [regions.same.get((min(n, m), max(n, m))) for m in near[n]]
        together = [p for p in pairs if p is not None]
        model.add_sum(together, [1] * len(together), "==", SIDES - v)
    add_closed_walls(model, regions.same, puzzle.width, puzzle.height)
    if prune:
        known = known_edges(puzzle)
        if known is None:
            model.add_clause([])
        else:
            for e, joined in known.items():
                model.add_clause([regions.same[e] if joined else -regions.same[e]])
    model.answer = list(regions.inside.values())
    return Built(model, _from_labels(puzzle, regions.inside))


def _from_shapes(
    puzzle: Palisade, chosen: list[tuple[Lit, frozenset[int]]]
) -> Callable[[Assignment], Labels]:
    w = puzzle.width

    def decode(a: Assignment) -> Labels:
        grid = [[-1] * w for _ in range(puzzle.height)]
        for i, (lit, shape) in enumerate(chosen):
            if a(lit):
                for n in shape:
                    grid[n // w][n % w] = i
        return numbered(grid)

    return decode


def _from_labels(
    puzzle: Palisade, inside: dict[tuple[int, object], Lit]
) -> Callable[[Assignment], Labels]:
    w = puzzle.width

    def decode(a: Assignment) -> Labels:
        grid: list[list[object]] = [[-1] * w for _ in range(puzzle.height)]
        for (n, root), lit in inside.items():
            if a(lit):
                grid[n // w][n % w] = root
        return numbered(grid)

    return decode
