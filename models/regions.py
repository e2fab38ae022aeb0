"""Shared region rules: a board split into regions, each a connected set of cells of a given
size or one of given shapes (Shikaku's rectangles, Fillomino's and Palisade's polyominoes,
Galaxies' symmetric regions).

Cells are nodes numbered from 0 (on a board, ``row * width + column``); ``neighbours[n]`` lists
the nodes next to node ``n``. Two ways to write a partition:

- ``add_tiling``: the shapes each region may take are listed beforehand (every rectangle of a
  clue's area around it, every polyomino of a size): a literal per shape, each cell covered by
  exactly one chosen shape, and each owner's shapes (a clue's) chosen exactly once. Strong
  propagation, and as many literals as shapes: the way when shapes are few.
- ``add_labelled_regions``: each cell takes one label from those that may reach it (a clue, a
  dot, the region's first cell), each label's cells are joined (``Connected``, by lazy cuts)
  and counted to its size. As many literals as cells times the labels that reach them: the way
  when shapes are too many to list.

``polyominoes`` (and ``polyomino_masks``, sets as ints pruned as they grow) list connected sets
of cells, for the first; ``distances`` bounds how far a label reaches, for the second."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple, TypeVar

from ..puzzles.grid import Contradiction as Contradiction
from ..puzzles.grid import components as components
from ..puzzles.grid import sized_edges as sized_edges
from .model import Lit, Model

L = TypeVar("L", bound=Hashable)  # a region's label


def grid_neighbours(width: int, height: int) -> list[list[int]]:
    """The orthogonal neighbours of each cell of a ``width`` x ``height`` board, by index."""
    found: list[list[int]] = []
    for r in range(height):
        for c in range(width):
            near = []
            if r > 0:
                near.append((r - 1) * width + c)
            if c > 0:
                near.append(r * width + c - 1)
            if c + 1 < width:
                near.append(r * width + c + 1)
            if r + 1 < height:
                near.append((r + 1) * width + c)
            found.append(near)
    return found


Edge = tuple[int, int]
"""Two neighbouring cells (u, v), u < v: in one region, or a wall between them."""


def grid_corners(width: int, height: int) -> list[tuple[Edge, Edge, Edge, Edge]]:
    """The four edges that meet at each corner inside a ``width`` x ``height`` board, round
    it."""
    found = []
    for r in range(height - 1):
        for c in range(width - 1):
            a, b = r * width + c, r * width + c + 1
            d, e = a + width, b + width
            found.append(((a, b), (b, e), (d, e), (a, d)))
    return found


def add_closed_walls(model: Model, same: Mapping[Edge, Lit], width: int, height: int) -> None:
    """A wall between regions never ends at a corner inside the board (the two cells beside
    its end would be joined round it): of the four edges at a corner, not exactly one is a
    wall. ``same[(u, v)]``: true when the two cells share a region (``Regions.same``)."""
    for four in grid_corners(width, height):
        lits = [same[e] for e in four]
        for i, lit in enumerate(lits):
            model.add_clause([lit, *(-o for j, o in enumerate(lits) if j != i)])


def polyominoes(
    start: int,
    size: int,
    neighbours: Sequence[Sequence[int]],
    allowed: Callable[[int], bool] | None = None,
) -> Iterator[frozenset[int]]:
    """Every connected set of ``size`` nodes that holds ``start``, each once, all of whose
    other nodes pass ``allowed`` (Redelmeier's method: each set grows only by nodes not yet
    tried, so none is found twice). ``allowed`` = "comes after ``start``" lists each set once
    over all starts, by its first node."""
    if size < 1:
        return
    ok = allowed or (lambda n: True)
    chosen = [start]

    def grow(untried: list[int], seen: set[int]) -> Iterator[frozenset[int]]:
        while untried:
            node = untried.pop()
            chosen.append(node)
            if len(chosen) == size:
                yield frozenset(chosen)
            else:
                fresh = [n for n in neighbours[node] if n not in seen and ok(n)]
                yield from grow(untried + fresh, seen | set(fresh))
            chosen.pop()

    if size == 1:
        yield frozenset(chosen)
        return
    first = [n for n in neighbours[start] if ok(n)]
    yield from grow(first, {start, *first})


def polyominoes_kept(
    start: int,
    size: int,
    neighbours: Sequence[Sequence[int]],
    allowed: Callable[[int], bool],
    joins: Callable[[set[int], set[int], int], bool],
    leaves: Callable[[set[int], set[int], int], bool],
) -> Iterator[frozenset[int]]:
    """As ``polyominoes``, grown under a rule told each step: ``joins(chosen, out, node)``
    with ``node`` just added to ``chosen`` (False: no set holding them all keeps the rule, so
    ``node`` is left out), and ``leaves(chosen, out, node)`` with ``node`` just put in ``out``,
    the nodes tried and left out of the sets grown from ``chosen`` (False: no such set keeps
    the rule, so growth from ``chosen`` stops). The rule sees which nodes may still join (those
    neither chosen nor out, passing ``allowed``), so it can refuse a set that cannot reach what
    it needs (a clue's count of cells around it) as well as one past it."""
    chosen = {start}
    out: set[int] = set()
    if size < 1 or not joins(chosen, out, start):
        return

    def grow(untried: list[int], seen: set[int]) -> Iterator[frozenset[int]]:
        left: list[int] = []
        while untried:
            node = untried.pop()
            chosen.add(node)
            if joins(chosen, out, node):
                if len(chosen) == size:
                    yield frozenset(chosen)
                else:
                    fresh = [n for n in neighbours[node] if n not in seen and allowed(n)]
                    yield from grow(untried + fresh, seen | set(fresh))
            chosen.discard(node)
            out.add(node)
            left.append(node)
            if not leaves(chosen, out, node):
                break
        out.difference_update(left)

    if size == 1:
        yield frozenset(chosen)
        return
    first = [n for n in neighbours[start] if allowed(n)]
    yield from grow(first, {start, *first})


def distances(
    start: int, neighbours: Sequence[Sequence[int]], within: Callable[[int], bool], most: int
) -> dict[int, int]:
    """The nodes reached from ``start`` in at most ``most`` steps through nodes that pass
    ``within``, and their distances: the cells a region of ``most + 1`` cells holding ``start``
    can reach."""
    found = {start: 0}
    wave = [start]
    for step in range(1, most + 1):
        nxt = []
        for node in wave:
            for n in neighbours[node]:
                if n not in found and within(n):
                    found[n] = step
                    nxt.append(n)
        wave = nxt
    return found


def add_tiling(
    model: Model,
    cells: Iterable[int],
    shapes: Sequence[Iterable[int]],
    owners: Iterable[Sequence[int]] = (),
) -> list[Lit]:
    """A literal per shape, true when the shape is a region: each of ``cells`` lies in exactly
    one chosen shape, and each of ``owners`` (the indices of the shapes one clue may take)
    has exactly one chosen. A cell no shape covers makes the model unsolvable."""
    lits = list(model.bool_vars(len(shapes)))
    covering: dict[int, list[Lit]] = {n: [] for n in cells}
    for lit, shape in zip(lits, shapes, strict=True):
        for n in shape:
            covering[n].append(lit)
    for group in covering.values():
        model.add_exactly_one(group)
    for owned in owners:
        model.add_exactly_one([lits[i] for i in owned])
    return lits


class Regions(NamedTuple):
    """What ``add_labelled_regions`` made: ``inside[(cell, label)]``, true when the cell lies in
    the label's region; ``same[(u, v)]`` (u < v, neighbours), true when the two cells share a
    region (empty unless asked for)."""

    inside: dict[tuple[int, Hashable], Lit]
    same: dict[tuple[int, int], Lit]


def add_labelled_regions(
    model: Model,
    neighbours: Sequence[Sequence[int]],
    reach: Mapping[L, Iterable[int]],
    homes: Mapping[L, int],
    sizes: Mapping[L, int | Sequence[tuple[int, Lit]]] | None = None,
    rooted: bool = False,
    same: bool = False,
    connect: str = "cuts",
    free: bool = False,
) -> Regions:
    """Regions as labels on cells: each cell reached by some label takes exactly one of the
    labels that reach it (``reach[label]``, its cells), and each label's cells are joined into
    one region. Each label has a home cell (``homes``) of its region. How the cells are joined
    (``connect``): ``cuts``, a ``Connected`` network per label, solved by lazy cuts;
    ``depths``, clauses alone: each cell a depth, 0 at a home that takes its own label, and
    every other cell next to a cell of its region one step less deep (a tree down to the
    home; it needs and makes ``same``); ``none``, left to the caller.

    Without ``rooted`` every label is a region, its home always in it (a clue's cell, a dot's).
    With ``rooted`` a label is a region only if its home takes it, and then the home is the
    region's first cell in the callers' order (they give each label only cells after its home):
    one labelling per partition, so counting stays exact; ``inside[(home, home label)]`` is then
    the literal "a region starts here".

    With ``free`` a cell may take no label at all (Nurikabe's sea): at most one, not exactly
    one (``connect="depths"`` is then the caller's to write).

    ``sizes[label]``: its region's number of cells, a number or the terms ``(k, lit)`` of a
    sum (``k`` cells when ``lit``; when rooted, counted only if the region exists). With
    ``same``, a literal per pair of neighbours, true exactly when they share a region."""
    if free and connect == "depths":
        raise ValueError("free cells are joined by cuts, or by the caller (connect='none')")
    inside: dict[tuple[int, Hashable], Lit] = {}
    labels_of: dict[int, list[Lit]] = {}
    cells_of: dict[L, list[int]] = {}
    for label, cells in reach.items():
        home = homes[label]
        members = [home, *sorted(set(cells) - {home})]
        cells_of[label] = members
        for n in members:
            lit = model.bool_var()
            inside[(n, label)] = lit
            labels_of.setdefault(n, []).append(lit)
        if not rooted:
            model.add_clause([inside[(home, label)]])
        else:
            start = inside[(home, label)]
            for n in members[1:]:
                model.add_clause([-inside[(n, label)], start])
    for lits in labels_of.values():
        if free:
            model.add_at_most_one(lits)
        else:
            model.add_exactly_one(lits)
    for label, members in cells_of.items():
        lits = [inside[(n, label)] for n in members]
        if connect == "cuts" and len(members) > 1:
            here = set(members)
            home = homes[label]
            edges = [(u, v, 0) for u in members for v in neighbours[u] if v in here and u < v]
            always = () if rooted else (home,)
            active = [(n, inside[(n, label)]) for n in members if n not in always]
            model.add_connected(members, edges, active)
        size = None if sizes is None else sizes.get(label)
        if size is None:
            continue
        when = [inside[(homes[label], label)]] if rooted else []
        if isinstance(size, int) and not rooted:
            model.add_sum(lits, [1] * len(lits), "==", size)
        elif isinstance(size, int):
            model.add_linear([(1, lit) for lit in lits], "==", size, when)
        else:
            terms = [*((1, lit) for lit in lits), *((-k, lit) for k, lit in size)]
            model.add_linear(terms, "==", 0, when)
    pairs: dict[tuple[int, int], Lit] = {}
    if same or connect == "depths":
        labelled = {n for n, _ in inside}
        by_cell: dict[int, dict[Hashable, Lit]] = {}
        for (n, name), lit in inside.items():
            by_cell.setdefault(n, {})[name] = lit
        for u in sorted(labelled):
            for v in neighbours[u]:
                if v <= u or v not in labelled:
                    continue
                s = pairs[(u, v)] = model.bool_var()
                mine, theirs = by_cell[u], by_cell[v]
                for name in mine.keys() | theirs.keys():
                    a, b = mine.get(name), theirs.get(name)
                    if a is None or b is None:  # only one of the two may take this label
                        model.add_clause([-s, -(a or b)])  # type: ignore[operator]
                        continue
                    model.add_clause([-a, -b, s])  # both in it: one region
                    model.add_clause([-s, -a, b])  # one region: both in it
                    model.add_clause([-s, -b, a])
    if connect == "depths":
        _depths(model, neighbours, cells_of, homes, sizes, inside, pairs)
    return Regions(inside, pairs)


def _depths(
    model: Model,
    neighbours: Sequence[Sequence[int]],
    cells_of: Mapping[L, list[int]],
    homes: Mapping[L, int],
    sizes: Mapping[L, int | Sequence[tuple[int, Lit]]] | None,
    inside: dict[tuple[int, Hashable], Lit],
    pairs: dict[tuple[int, int], Lit],
) -> None:
    """Each label's cells joined by clauses: a depth per cell (one-hot, over the depths its
    labels allow: at least its distance from their home within their cells, less than their
    size), depth 0 exactly at a home in its own region, and a cell at depth d > 0 next to a
    cell of its region at depth d - 1."""
    low: dict[int, int] = {}
    high: dict[int, int] = {}
    for label, members in cells_of.items():
        here = set(members)
        far = distances(homes[label], neighbours, here.__contains__, len(members))
        size = None if sizes is None else sizes.get(label)
        most = len(members) - 1
        if isinstance(size, int):
            most = min(most, size - 1)
        elif size is not None:
            most = min(most, max((k for k, _ in size), default=1) - 1)
        for n in members:
            if n not in far:  # out of the home's reach: never this label's
                model.add_clause([-inside[(n, label)]])
                continue
            low[n] = min(low.get(n, far[n]), far[n])
            high[n] = max(high.get(n, far[n]), most)
    depth: dict[int, dict[int, Lit]] = {}
    for n in low:
        depth[n] = {d: model.bool_var() for d in range(low[n], high[n] + 1)}
        model.add_exactly_one(list(depth[n].values()))
    at_home = {n: [inside[(n, label)] for label, m in homes.items() if m == n] for n in depth}
    for n, by in depth.items():
        zero = by.get(0)
        homes_here = at_home[n]
        if zero is not None:
            # Depth 0 exactly where a home takes its own label.
            model.add_clause([-zero, *homes_here])
            for lit in homes_here:
                model.add_clause([-lit, zero])
        else:
            for lit in homes_here:
                model.add_clause([-lit])
        for d, lit in by.items():
            if d == 0:
                continue
            steps = []
            for m in neighbours[n]:
                below = depth.get(m, {}).get(d - 1)
                same = pairs.get((min(n, m), max(n, m)))
                if below is None or same is None:
                    continue
                step = model.bool_var()  # m is in n's region, one step less deep
                model.add_clause([-step, same])
                model.add_clause([-step, below])
                steps.append(step)
            model.add_clause([-lit, *steps])


def neighbour_masks(neighbours: Sequence[Sequence[int]]) -> list[int]:
    """Each node's neighbours as one int, bit ``n`` for node ``n``: sets of nodes as ints make
    unions, meets and tests single operations, where sets of tuples cost a step a member."""
    return [sum(1 << n for n in near) for near in neighbours]


def bits(mask: int) -> Iterator[int]:
    """The nodes of a set held as an int, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def polyomino_masks(
    start: int, size: int, near: Sequence[int], allowed: int, closed: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    """As ``polyominoes``, each set both as an int and as its nodes (in the order grown), and
    pruned as it grows (``near[n]``: node n's neighbours as an int, from ``neighbour_masks``;
    ``allowed``: the nodes other than ``start`` a set may hold): a set may not touch a node of
    ``closed`` without holding it (a clue that would join the region), so growth stops as soon
    as such a node next to the set is left out or cannot be taken. Redelmeier's method: each
    set grows only by nodes not yet tried, so none is found twice."""
    if size < 1:
        return []
    first = 1 << start
    barred = closed & ~allowed & ~first  # touching one of these, a set is never right
    if near[start] & barred:
        return []
    if size == 1:
        return [(first, (start,))]
    found: list[tuple[int, tuple[int, ...]]] = []
    chosen = [start]

    def grow(mask: int, untried: list[int], seen: int) -> None:
        while untried:
            node = untried.pop()
            bit = 1 << node
            around = near[node]
            if not around & barred:
                now = mask | bit
                chosen.append(node)
                if len(chosen) == size:
                    if not (seen | around) & closed & ~now:
                        found.append((now, tuple(chosen)))
                else:
                    fresh = around & allowed & ~seen
                    grow(now, untried + list(bits(fresh)), seen | fresh)
                chosen.pop()
            if bit & closed:
                break  # every set grown here from now on leaves this node out, next to it

    fresh = near[start] & allowed
    grow(first, list(bits(fresh)), first | fresh)
    return found
