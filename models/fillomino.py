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
from .regions import add_labelled_regions, add_tiling, distances, grid_neighbours, polyominoes

ENCODINGS = ("shapes", "depths")


def shapes(puzzle: Fillomino, prune: bool = True) -> list[tuple[frozenset[int], int]]:
    """Every region the givens allow, with its number: each polyomino of k cells (k up to the
    largest number allowed), listed once by its first cell, holding no given but k; ``prune``
    leaves out those next to a k given outside them (the two would make one larger region)."""
    w, h = puzzle.width, puzzle.height
    near = grid_neighbours(w, h)
    given = {r * w + c: v for (r, c), v in puzzle.givens().items()}
    found = []
    for start in range(w * h):
        for k in [given[start]] if start in given else range(1, puzzle.most + 1):

            def ok(n: int, start: int = start, k: int = k) -> bool:
                return n > start and given.get(n, k) == k

            for shape in polyominoes(start, k, near, ok):
                if prune and any(
                    given.get(m) == k for n in shape for m in near[n] if m not in shape
                ):
                    continue
                found.append((shape, k))
    if prune:
        found = _settle(found, near, w * h)
    return found


def _settle(
    found: list[tuple[frozenset[int], int]], near: list[list[int]], cells: int
) -> list[tuple[frozenset[int], int]]:
    """Until nothing changes: the cells every region over a cell holds are that cell's region
    (a region that holds some but not that cell goes), and a region next to such a settled
    cell of its own number goes (they would make one region). A cell is looked at again only
    when a region over it went (nothing else changes what it settles)."""
    over: list[list[int]] = [[] for _ in range(cells)]
    for i, (shape, _) in enumerate(found):
        for n in shape:
            over[n].append(i)
    alive = [True] * len(found)
    todo = set(range(cells))
    while todo:
        dropped: set[int] = set()
        for n in sorted(todo):
            here = over[n] = [i for i in over[n] if alive[i]]
            if not here:
                break  # a cell no region can hold: the model says so
            sure = frozenset.intersection(*(found[i][0] for i in here))
            sizes = {found[i][1] for i in here}
            if len(sure) < 2 and len(sizes) > 1:
                continue
            mine = set(here)
            for m in sure:
                dropped.update(i for i in over[m] if alive[i] and i not in mine)
            if len(sizes) == 1:
                (k,) = sizes
                outside = {m for c in sure for m in near[c]} - sure
                for m in outside:
                    dropped.update(
                        i for i in over[m] if alive[i] and found[i][1] == k and i not in mine
                    )
        else:
            todo = set()
            for i in dropped:
                alive[i] = False
                todo.update(found[i][0])
            continue
        break
    return [f for i, f in enumerate(found) if alive[i]]


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
