"""Fillomino as a model, on the shared region rules of ``models/regions.py``: the regions
chosen from every polyomino the givens allow (``shapes``), or each region known by its first
cell in reading order (its root), each cell labelled with its region's root, each region's
cells joined by depths down to the root and counted to its root's number (``depths``). (The
same labels joined by lazy cuts instead were measured 10 to 20 times slower than ``depths``:
``connect="cuts"`` of ``add_labelled_regions``.)"""

from __future__ import annotations

from collections.abc import Callable

from ..puzzles.fillomino import Fillomino, Numbers
from .model import Assignment, Built, Lit, Model
from .regions import (
    add_labelled_regions,
    add_tiling,
    bits,
    distances,
    grid_neighbours,
    neighbour_masks,
    polyomino_masks,
)

ENCODINGS = ("shapes", "depths")


Region = tuple[int, tuple[int, ...], int]
"""A region the givens allow: its cells as an int (bit n for cell n) and as a tuple, and its
number."""


def shapes(puzzle: Fillomino, prune: bool = True) -> list[tuple[frozenset[int], int]]:
    """Every region the givens allow, with its number: each polyomino of k cells (k up to the
    largest number allowed) holding no given but k; ``prune`` leaves out those next to a k
    given outside them (the two would make one larger region), and then those the settling
    rules out (``_settle``)."""
    found = _listed(puzzle, prune)
    if prune:
        found = _settle(found, neighbour_masks(grid_neighbours(puzzle.width, puzzle.height)))
    return [(frozenset(cells), k) for _, cells, k in found]


def _listed(puzzle: Fillomino, prune: bool) -> list[Region]:
    """The regions the givens allow. Unpruned, each grown from its first cell
    (``polyomino_masks``). Pruned, in two steps: the regions holding a given, each grown from
    its first given (stopping at a k given it leaves out beside it), settled by the rules of
    the given cells alone (all of whose regions are listed by then; a number at a time from
    the smallest, each over the cells not sure to lie in a smaller number's region, then all
    together); then the regions holding none, grown only over cells no given's region is sure
    of, and never beside a cell sure to be in a region of their own number. What the steps
    leave out the settling would drop: the regions left after it are the same."""
    w, h = puzzle.width, puzzle.height
    near = neighbour_masks(grid_neighbours(w, h))
    given = {r * w + c: v for (r, c), v in puzzle.givens().items()}
    everything = (1 << (w * h)) - 1
    # The cells that may hold k: all but those given another number.
    may = {
        k: everything & ~sum(1 << n for n, v in given.items() if v != k)
        for k in range(1, puzzle.most + 1)
    }
    found: list[Region] = []
    if not prune:
        for start in range(w * h):
            later = everything & ~((2 << start) - 1)
            for k in [given[start]] if start in given else range(1, puzzle.most + 1):
                listed = polyomino_masks(start, k, near, may[k] & later)
                found.extend((mask, cells, k) for mask, cells in listed)
        return found
    kept = {k: sum(1 << n for n, v in given.items() if v == k) for k in may}
    taken = 0  # the cells sure to lie in the region of a given of a smaller number
    for k in sorted(set(given.values())):
        level: list[Region] = []
        for g in bits(kept[k]):
            before = kept[k] & ((1 << g) - 1)  # their regions were listed from them
            listed = polyomino_masks(g, k, near, may[k] & ~before & ~taken, kept[k])
            level.extend((mask, cells, k) for mask, cells in listed)
        settled, sure = _settle_cells(level, near, kept[k])
        if settled is None:
            return []
        found.extend(settled)
        for g in bits(kept[k]):
            taken |= sure.get(g, 1 << g)
    settled, sure = _settle_cells(found, near, sum(1 << g for g in given))
    if settled is None:
        return []
    taken = 0  # the cells sure to lie in a given's region
    fixed = dict.fromkeys(may, 0)  # those sure to lie in a region of k
    for g, k in given.items():
        taken |= sure.get(g, 1 << g)
        fixed[k] |= sure.get(g, 1 << g)
    free = everything & ~taken & ~sum(1 << n for n in given)
    for start in bits(free):
        later = free & ~((2 << start) - 1)
        for k in range(1, puzzle.most + 1):
            listed = polyomino_masks(start, k, near, later, kept[k] | fixed[k])
            settled.extend((mask, cells, k) for mask, cells in listed)
    return settled


def _settle(found: list[Region], near: list[int]) -> list[Region]:
    """The regions ``_settle_cells`` leaves, by the rules of every cell."""
    left, _ = _settle_cells(found, near, (1 << len(near)) - 1)
    return left or []


def _settle_cells(
    found: list[Region], near: list[int], ruling: int
) -> tuple[list[Region] | None, dict[int, int]]:
    """Until nothing changes, for each cell of ``ruling``: the cells every region over it
    holds are its region's (a region that holds some but not the cell goes), and when those
    regions all have one number, a region of that number next to them goes (they would make
    one region). Each rule only drops regions no solution uses, and drops more as fewer are
    left, so the regions left are the same whatever the order: a cell is looked at again only
    when a region over it went, and then only the cells newly sure. Also the cells sure to
    share each ruling cell's region; None for the regions when a cell can be in none."""
    over: list[list[int]] = [[] for _ in near]
    ruled: list[list[int]] = []  # the ruling cells of each region
    everything = ruling == (1 << len(near)) - 1
    for i, (_, cells, _) in enumerate(found):
        for n in cells:
            over[n].append(i)
        ruled.append(list(cells) if everything else [n for n in cells if ruling >> n & 1])
    alive = [True] * len(found)
    sure_of: dict[int, int] = {}  # the cells sure to share each cell's region, so far
    beside: dict[int, int] = {}  # the cells next to those, so far
    todo = set(bits(ruling))
    while todo:
        n = todo.pop()
        here = over[n] = [i for i in over[n] if alive[i]]
        if not here:
            return None, sure_of  # a cell no region can hold: no solution
        sure = -1
        sizes = 0
        for i in here:
            sure &= found[i][0]
            sizes |= 1 << found[i][2]
        single = sizes & (sizes - 1) == 0
        if sure & (sure - 1) == 0 and not single:
            continue  # only the cell itself is sure, and its number is not
        cell = 1 << n
        dropped = []
        # The regions over a cell looked at before went then (only the new ones need a look).
        looked = sure_of.get(n, cell)
        sure_of[n] = sure
        for m in bits(sure & ~looked):
            for i in over[m]:
                if alive[i] and not found[i][0] & cell:
                    alive[i] = False
                    dropped.append(i)
        if single:
            k = sizes.bit_length() - 1
            outside = 0
            for m in bits(sure):
                outside |= near[m]
            outside &= ~sure
            for m in bits(outside & ~beside.get(n, 0)):
                for i in over[m]:
                    mask, _, size = found[i]
                    if alive[i] and size == k and not mask & cell:
                        alive[i] = False
                        dropped.append(i)
            beside[n] = outside
        for i in dropped:
            todo.update(ruled[i])
    return [f for i, f in enumerate(found) if alive[i]], sure_of


def build(puzzle: Fillomino, encoding: str = "shapes", prune: bool = True) -> Built[Numbers]:
    """``shapes``: a literal per region the givens allow (``shapes``), each cell in exactly one
    chosen (``add_tiling``), a cell's number the size of its region, and two neighbours with
    one number in one region. ``depths``: a number per cell (one-hot, 1 to the largest
    allowed), and the regions as labels: a cell is labelled with a root that comes before it
    (or is itself) and lies within reach (a region of at most the largest number holding both,
    through cells after the root); a root's region counts its number of cells; two neighbours
    share a region exactly when their numbers are equal; regions are joined by depths down to
    the root (clauses alone). ``prune`` narrows the regions by the givens (see ``shapes``), or
    each cell's reach by the number given there (a region of n cells reaches n - 1 steps)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    if encoding == "shapes":
        return _shapes(puzzle, prune)
    w, h = puzzle.width, puzzle.height
    most = puzzle.most
    near = grid_neighbours(w, h)
    given = {r * w + c: v for (r, c), v in puzzle.givens().items()}
    model = Model()
    # The values each cell may hold.
    values: dict[int, list[int]] = {}
    for n in range(w * h):
        values[n] = [given[n]] if n in given else list(range(1, most + 1))
    number = {n: dict(zip(vs, model.bool_vars(len(vs)), strict=True)) for n, vs in values.items()}
    for n in range(w * h):
        model.add_exactly_one(list(number[n].values()))
    # The roots that may reach each cell, and how far.
    reach: dict[int, dict[int, int]] = {}
    for root in range(w * h):
        sizes = values[root]

        def after(m: int, root: int = root) -> bool:
            return m > root

        far = distances(root, near, after, max(sizes) - 1)
        if prune:
            far = {
                n: d
                for n, d in far.items()
                if n not in given or (given[n] > d and given[n] in sizes)
            }
        reach[root] = far
    regions = add_labelled_regions(
        model,
        near,
        {root: list(far) for root, far in reach.items()},
        {root: root for root in reach},
        {root: [(k, lit) for k, lit in number[root].items()] for root in reach},
        rooted=True,
        same=True,
        connect=encoding,
    )
    inside = regions.inside
    for root, far in reach.items():
        for n, d in far.items():
            if n == root:
                continue
            # A cell d steps from its root lies in a region of more than d cells.
            model.add_clause(
                [-inside[(n, root)], *(lit for k, lit in number[root].items() if k > d)]
            )
    # Neighbours share a region exactly when they hold the same number.
    for (u, v), same in regions.same.items():
        for k in set(number[u]) | set(number[v]):
            a, b = number[u].get(k), number[v].get(k)
            if a is not None and b is not None:
                model.add_clause([-a, -b, same])
                model.add_clause([-same, -a, b])
                model.add_clause([-same, -b, a])
            else:
                model.add_clause([-same, -(a or b)])  # type: ignore[operator]
    model.answer = [lit for n in range(w * h) for lit in number[n].values()]
    keys = {(n // w, n % w): number[n] for n in range(w * h)}
    return Built(model, _decoder(puzzle, number), keys=keys)


def _shapes(puzzle: Fillomino, prune: bool) -> Built[Numbers]:
    """The ``shapes`` encoding."""
    w, h = puzzle.width, puzzle.height
    model = Model()
    listed = shapes(puzzle, prune)
    lits = add_tiling(model, range(w * h), [shape for shape, _ in listed])
    covering: dict[tuple[int, int], list[Lit]] = {}  # (cell, number): the regions over it
    for lit, (shape, k) in zip(lits, listed, strict=True):
        for n in shape:
            covering.setdefault((n, k), []).append(lit)
    number: dict[int, dict[int, Lit]] = {n: {} for n in range(w * h)}
    for (n, k), over in sorted(covering.items()):
        number[n][k] = x = model.bool_var()
        model.add_clause([-x, *over])  # its number is the size of the region over it
        for lit in over:
            model.add_clause([-lit, x])
    for n in range(w * h):
        if not number[n]:  # no region can hold this cell
            model.add_clause([])
    # Two neighbours holding one number lie in one region.
    both: dict[tuple[int, int, int], list[Lit]] = {}
    near = grid_neighbours(w, h)
    for lit, (shape, k) in zip(lits, listed, strict=True):
        for n in shape:
            for m in near[n]:
                if m > n and m in shape:
                    both.setdefault((n, m, k), []).append(lit)
    for n in range(w * h):
        for m in near[n]:
            if m > n:
                for k in number[n].keys() & number[m].keys():
                    model.add_clause([-number[n][k], -number[m][k], *both.get((n, m, k), [])])
    model.answer = [lit for n in range(w * h) for lit in number[n].values()]
    keys = {(n // w, n % w): number[n] for n in range(w * h)}
    return Built(model, _decoder(puzzle, number), keys=keys)


def _decoder(
    puzzle: Fillomino, number: dict[int, dict[int, Lit]]
) -> Callable[[Assignment], Numbers]:
    w = puzzle.width

    def decode(a: Assignment) -> Numbers:
        flat = [next(k for k, lit in number[n].items() if a(lit)) for n in range(len(number))]
        return tuple(tuple(flat[r * w : (r + 1) * w]) for r in range(puzzle.height))

    return decode
