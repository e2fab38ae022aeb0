"""Palisade as a model, on the shared region rules of ``models/regions.py``: the regions chosen
from every polyomino of the size whose clues it holds are right (``shapes``), or each region
known by its first cell in reading order (its root), each cell labelled with its region's root,
each region joined by depths down to its root and counted to the size, and each clue the count
of its neighbours in its region (``labels``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..puzzles.palisade import SIDES, Palisade
from ..puzzles.shikaku import Labels, numbered
from .model import Assignment, Built, Lit, Model
from .regions import (
    Contradiction,
    Edge,
    add_closed_walls,
    add_labelled_regions,
    add_tiling,
    components,
    distances,
    grid_corners,
    grid_neighbours,
    polyominoes_kept,
    sized_edges,
)

ENCODINGS = ("shapes", "labels")


def known_edges(puzzle: Palisade) -> dict[Edge, bool] | None:
    """The edges between neighbours (u, v), u < v, the rules settle without search, True where
    the two cells share a region and False across a wall, until nothing changes: a clue whose
    walls (or open sides) are all found has the rest open (or walls); a wall never ends at a
    corner inside the board (the two cells beside its end would be joined round it); and the
    regions' size (``regions.sized_edges``). None when they break the rules."""
    w, h, k = puzzle.width, puzzle.height, puzzle.size
    near = grid_neighbours(w, h)
    inner = {r * w + c: SIDES - v for (r, c), v in puzzle.clues().items()}
    edges = [(u, v) for u in range(w * h) for v in near[u] if v > u]
    meets = grid_corners(w, h)
    known: dict[Edge, bool] = {}
    for u, v in edges:
        # Two clues side by side in one region: it has at least 8 - both cells, so more than
        # k gives a wall between them (and two 3s side by side make a region of 2 alone).
        if (
            u in inner
            and v in inner
            and (inner[u] + inner[v] > k or (inner[u] == inner[v] == 1 and k != 2))
        ):
            known[(u, v)] = False
    try:
        changed = True
        while changed:
            changed = False
            for n, need in inner.items():
                sides = [(min(n, m), max(n, m)) for m in near[n]]
                joined = sum(1 for e in sides if known.get(e) is True)
                open_ = [e for e in sides if e not in known]
                if joined > need or joined + len(open_) < need:
                    raise Contradiction(f"the clue at cell {n}")
                if open_ and joined in (need, need - len(open_)):
                    for e in open_:
                        known[e] = joined < need
                    changed = True
            for four in meets:
                said = [known.get(e) for e in four]
                if said.count(False) == 1 and said.count(True) == 3:
                    raise Contradiction("a wall that ends inside the board")
                if said.count(None) == 1 and (said.count(True) == 3 or said.count(False) == 1):
                    known[four[said.index(None)]] = said.count(True) == 3
                    changed = True
            changed = _same_sides(near, inner, edges, known) or changed
            changed = sized_edges(w * h, edges, k, known) or changed
    except Contradiction:
        return None
    return known


def _same_sides(
    near: list[list[int]], inner: dict[int, int], edges: list[Edge], known: dict[Edge, bool]
) -> bool:
    """A clue's two open sides towards two cells of one group are both walls or both not (the
    cell joins both or neither): both not when one more wall would pass the clue, both walls
    when one more open side would. Whether it found any."""
    joined = [(u, v) for (u, v), same in known.items() if same]
    group = components(len(near), joined)[0]
    added = False
    for n, need in inner.items():
        sides = {m: known.get((min(n, m), max(n, m))) for m in near[n]}
        walls = len(near[n]) - need  # (the board's edge left out on both sides)
        found_walls = sum(1 for v in sides.values() if v is False)
        found_open = sum(1 for v in sides.values() if v is True)
        open_ = [m for m, v in sides.items() if v is None]
        for i, a in enumerate(open_):
            for b in open_[i + 1 :]:
                if group[a] != group[b] or (min(n, a), max(n, a)) in known:
                    continue
                if found_walls + 2 > walls:
                    value = True
                elif found_open + 2 > need:
                    value = False
                else:
                    continue
                known[(min(n, a), max(n, a))] = known[(min(n, b), max(n, b))] = value
                added = True
    return added


def shapes(puzzle: Palisade, prune: bool = True) -> list[frozenset[int]]:
    """Every region the clues allow: each polyomino of the size, listed once by its first cell,
    in which each clue's cell has 4 - clue neighbours (its sides that are no walls), and next to
    which no clue's cell outside has more neighbours in it than it has walls. ``prune`` first
    settles the edges the rules settle without search (``known_edges``: a region crosses no
    wall and holds both cells of a joined edge or neither), and then the regions (``settle``)."""
    w, h, k = puzzle.width, puzzle.height, puzzle.size
    near = grid_neighbours(w, h)
    clue = {r * w + c: v for (r, c), v in puzzle.clues().items()}
    inner = {n: SIDES - v for n, v in clue.items()}  # neighbours in its own region
    across = {n: len(near[n]) - inner[n] for n in clue}  # neighbours in other regions
    found: list[frozenset[int]] = []
    known = known_edges(puzzle) if prune else {}
    if known is None or any(v < 0 for v in inner.values()) or any(v < 0 for v in across.values()):
        return found  # no region fits: the model says there is no solution
    joined = [
        [m for m in near[n] if known.get((min(n, m), max(n, m))) is True] for n in range(w * h)
    ]
    walled = [
        [m for m in near[n] if known.get((min(n, m), max(n, m))) is False] for n in range(w * h)
    ]
    for start in range(w * h):

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
    return settle(found, w * h) if prune else found


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
    w, h, k = puzzle.width, puzzle.height, puzzle.size
    model = Model()
    if encoding == "shapes":
        listed = shapes(puzzle, prune)
        lits = add_tiling(model, range(w * h), listed)
        model.answer = list(lits)
        return Built(model, _from_shapes(puzzle, list(zip(lits, listed, strict=True))))
    near = grid_neighbours(w, h)
    clue = {r * w + c: v for (r, c), v in puzzle.clues().items()}
    reach: dict[int, list[int]] = {}
    for root in range(w * h):
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
    add_closed_walls(model, regions.same, w, h)
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
