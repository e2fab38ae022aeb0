"""Nurikabe as a model: each island a region labelled by its clue (``models/regions.py``'s
labelled regions, with cells free to be sea), a literal per cell "shaded" (in no island), the
sea joined by lazy cuts and kept free of 2x2 pools (``models/shading.py``)."""

from __future__ import annotations

from ..puzzles.nurikabe import UNKNOWN, Board, Nurikabe
from ..puzzles.shading import DARK, LIGHT
from .model import Assignment, Built, Lit, Model
from .regions import add_labelled_regions, distances, grid_neighbours
from .shading import add_connected_shaded, add_no_2x2

ENCODINGS = ("depths", "labels", "mixed")
LARGE = 20
"""In ``mixed``, islands of more cells than this are joined by lazy cuts, the others by
depths (of the published boards' 31 slowest, 22 finish in 3 s of CPU at 20, 17 at 12, 20
with depths alone; but some boards ``depths`` settles in 100 ms take ``mixed`` past 6 s)."""


def build(puzzle: Nurikabe, encoding: str = "depths", prune: bool = True) -> Built[Board]:
    """Each clue labels the cells of its island: a cell takes at most one label, and is shaded
    exactly when it takes none; a labelled cell's unshaded neighbour takes the same label (so
    an island holds one clue), and each island is counted to its number. How an island's cells
    are joined to its clue: ``labels``, a lazy ``Connected`` network per clue; ``depths``,
    clauses alone: a cell of the island at k steps from its clue touches one at k - 1;
    ``mixed``, depths for islands up to ``LARGE`` cells and lazy cuts
    that know the island's number for larger ones (a clue of 30 has 29 depths a cell, too many
    for clauses to propagate through). ``prune`` lets a clue reach only the cells within its
    number less one of it (through cells that touch no other clue), and counts the sea's cells
    when every number is told (its lazy cuts then know that count too)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    w, h = puzzle.width, puzzle.height
    n = w * h
    near = grid_neighbours(w, h)
    clues = {r * w + c: v for (r, c), v in puzzle.clues().items()}
    marked = {r * w + c for r, c in puzzle.marks()}
    model = Model()
    # Cells beside a clue can join no other clue's island.
    beside: dict[int, set[int]] = {}
    for home in clues:
        for m in near[home]:
            beside.setdefault(m, set()).add(home)

    reach: dict[int, list[int]] = {}
    far: dict[int, dict[int, int]] = {}
    for home, size in clues.items():

        def within(m: int, home: int = home) -> bool:
            if m in clues or m in marked:
                return False
            return not prune or beside.get(m, {home}) <= {home}

        most = n if size == UNKNOWN or not prune else size - 1
        far[home] = distances(home, near, within, most)
        reach[home] = list(far[home])
    sizes = {home: size for home, size in clues.items() if size != UNKNOWN}
    regions = add_labelled_regions(
        model,
        near,
        reach,
        {home: home for home in clues},
        sizes,
        connect="cuts" if encoding == "labels" else "none",
        free=True,
    )
    inside = regions.inside
    labels: dict[int, list[Lit]] = {}
    for (m, _), lit in inside.items():
        labels.setdefault(m, []).append(lit)
    shaded: list[Lit | None] = [None] * n
    for m in range(n):
        if m in clues:
            continue
        here = shaded[m] = model.bool_var()
        mine = labels.get(m, [])
        model.add_clause([here, *mine])
        for lit in mine:
            model.add_clause([-here, -lit])
    # A labelled cell's neighbour is shaded, or of the same island.
    for (m, label), lit in inside.items():
        for v in near[m]:
            if v == label:
                continue
            other = inside.get((v, label))
            there = shaded[v]
            if there is None:  # another clue's cell: never in this island
                model.add_clause([-lit])
            elif other is None:
                model.add_clause([-lit, there])
            else:
                model.add_clause([-lit, there, other])
    for r, c in puzzle.marks():
        given = shaded[r * w + c]
        assert given is not None
        model.add_clause([given])
    if encoding == "depths":
        _depths(model, near, clues, far, inside)
    elif encoding == "mixed":
        small = {home: v for home, v in clues.items() if v != UNKNOWN and v <= LARGE}
        _depths(model, near, small, far, inside)
        for home, v in clues.items():
            if home not in small:
                _cut_island(model, near, home, v, list(far[home]), inside)
    whole = n - sum(clues.values()) if prune and UNKNOWN not in clues.values() else 0
    # Cells beside two clues, and cells given shaded, are sea in every solution: the sea's
    # cuts need no condition on a piece that holds one; nor on any piece when the sea's
    # size is known.
    sure = {m for m, homes in beside.items() if len(homes) > 1 and m not in clues}
    add_connected_shaded(model, shaded, w, h, [[m] for m in sorted(marked | sure)], whole)
    add_no_2x2(model, shaded, w, h)
    sea: list[Lit] = [x for x in shaded if x is not None]
    if prune and UNKNOWN not in clues.values():
        left = n - sum(clues.values())
        model.add_sum(sea, [1] * len(sea), "==", left)
        if left > 1:  # a sea of two cells or more: each of its cells touches another
            for m, cell in enumerate(shaded):
                if cell is not None:
                    model.add_clause([-cell, *(y for v in near[m] if (y := shaded[v]) is not None)])
    model.answer = list(sea)

    def decode(a: Assignment) -> Board:
        return tuple(
            "".join(
                DARK if (s := shaded[r * w + c]) is not None and a(s) else LIGHT for c in range(w)
            )
            for r in range(h)
        )

    return Built(model, decode)


def _depths(
    model: Model,
    near: list[list[int]],
    clues: dict[int, int],
    far: dict[int, dict[int, int]],
    inside: dict[tuple[int, object], Lit],
) -> None:
    """Each island joined to its clue by clauses: a cell of it lies at some depth from the clue
    (at least its distance, below its number), and a cell at depth k touches a cell of the
    same island at depth k - 1."""
    for home, size in clues.items():
        cells = far[home]
        top = (len(cells) if size == UNKNOWN else size) - 1
        depth: dict[tuple[int, int], Lit] = {}
        for m, d0 in cells.items():
            if m == home:
                continue
            for d in range(max(d0, 1), top + 1):
                depth[(m, d)] = model.bool_var()
        for m, d0 in cells.items():
            if m == home:
                continue
            lit = inside[(m, home)]
            mine = [depth[(m, d)] for d in range(max(d0, 1), top + 1)]
            model.add_clause([-lit, *mine])
            for d in range(max(d0, 1), top + 1):
                x = depth[(m, d)]
                model.add_clause([-x, lit])
                if d == 1:
                    if home not in near[m]:
                        model.add_clause([-x])
                    continue
                below = [depth[(v, d - 1)] for v in near[m] if (v, d - 1) in depth]
                model.add_clause([-x, *below])


def _cut_island(
    model: Model,
    near: list[list[int]],
    home: int,
    size: int,
    cells: list[int],
    inside: dict[tuple[int, object], Lit],
) -> None:
    """An island joined to its clue by lazy cuts that know its number: a piece of it with the
    clue and fewer cells must reach a cell beside it, whatever else holds."""
    here = set(cells)
    edges = [(u, v, 0) for u in cells for v in near[u] if v in here and u < v]
    active = [(m, inside[(m, home)]) for m in cells if m != home]
    model.add_connected(cells, edges, active, size=max(size, 0))
