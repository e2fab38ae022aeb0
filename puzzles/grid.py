"""What the rulebooks of boards of cells share: rows, cell names, number givens, 1..N once."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from ..contract import Givens

P = TypeVar("P")
T = TypeVar("T")

Cell = tuple[int, int]
"""(row, column), counted from 0."""
NumberGiven = tuple[Cell, int]
"""A number shown on the board: ((row, column), number)."""


class Rows:
    """A board kept as ``rows``, all of one length: its width and height."""

    __slots__ = ()  # (the records made on it keep their own slots and no __dict__)
    rows: Sequence[Sequence[Any]]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)


def half_turn(cell: Cell, centre: Cell) -> Cell:
    """The cell a half turn about ``centre`` puts ``cell`` on; ``centre`` in doubled
    coordinates (x, y), where x = 2c + 1 is the middle of column c and an even x a line between
    columns (Galaxies' dots, and any rule of regions symmetric about a point)."""
    r, c = cell
    x, y = centre
    return (y - r - 1, x - c - 1)


def touching(centre: Cell) -> list[Cell]:
    """The cells a point in doubled coordinates lies in or on the edge of: 1, 2 or 4."""
    x, y = centre
    columns = [x // 2] if x % 2 else [x // 2 - 1, x // 2]
    rows = [y // 2] if y % 2 else [y // 2 - 1, y // 2]
    return [(r, c) for r in rows for c in columns]


def cell_name(puzzle: Any, place: Cell) -> str:
    """A cell as players write it: ``r2c5`` is row 2, column 5."""
    r, c = place
    return f"r{r + 1}c{c + 1}"


def grid_answer(solution: Sequence[Sequence[Any]]) -> dict[Cell, Any]:
    """A board's answer, cell by cell, row by row."""
    return {(r, c): value for r, row in enumerate(solution) for c, value in enumerate(row)}


def number_givens(
    shown: Callable[[P], Mapping[Cell, int]], keep: Callable[[P, dict[Cell, int]], P]
) -> Givens[P, Any, NumberGiven]:
    """The givens of a board that shows numbers in cells, from how to read the numbers shown
    (``shown``) and how to make the same board showing others (``keep``)."""

    def at(puzzle: P, solution: Any, place: Cell) -> NumberGiven:
        r, c = place
        return ((r, c), solution[r][c])

    def describe(puzzle: P, given: NumberGiven) -> str:
        place, number = given
        return f"{number} at {cell_name(puzzle, place)}"

    return Givens(
        of=lambda puzzle: sorted(shown(puzzle).items()),
        keep=lambda puzzle, givens: keep(puzzle, dict(givens)),
        at=at,
        describe=describe,
    )


def once_each(
    numbers: Iterable[tuple[T, int]], n: int, name: Callable[[T], str]
) -> tuple[dict[int, T], list[str]]:
    """Where each number stands, and what breaks "every number from 1 to n stands once";
    ``name`` says a place in the player's words."""
    where: dict[int, T] = {}
    problems = []
    for place, value in numbers:
        if not 1 <= value <= n:
            problems.append(f"{name(place)} holds {value}, outside 1..{n}")
        elif value in where:
            problems.append(f"{value} stands twice, at {name(where[value])} and {name(place)}")
        else:
            where[value] = place
    missing = [v for v in range(1, n + 1) if v not in where]
    if missing and not problems:
        problems.append(f"{missing[0]} stands nowhere")
    return where, problems


Box = tuple[int, int, int, int]
"""A window of a board: top, left, bottom, right (bottom and right past its end)."""


def board_windows(width: int, height: int, side: int) -> list[Box]:
    """Windows ``side`` cells a side (less at a short board's edge) that cover the board,
    overlapping by half: a large board's maker looks for a second answer in one at a time."""
    step = side // 2

    def starts(n: int) -> list[int]:
        last = max(0, n - side)
        return sorted({*range(0, last, step), last})

    return [
        (r, c, min(height, r + side), min(width, c + side))
        for r in starts(height)
        for c in starts(width)
    ]


def near(box: Box, cells: Iterable[Cell], margin: int = 2) -> bool:
    """Whether a cell of ``cells`` lies in the window or within ``margin`` cells of it."""
    top, left, bottom, right = box
    return any(
        top - margin <= r < bottom + margin and left - margin <= c < right + margin
        for r, c in cells
    )


def rows_and_columns(n: int) -> list[tuple[str, list[Cell]]]:
    """Each row, then each column, of an n x n board with its cells, named as a player names
    it (``row 3``, ``column 2``): the groups of latin and magic squares."""
    found = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
    return found + [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]


def latin_problems(
    solution: Sequence[Sequence[int]], groups: Iterable[tuple[str, Sequence[Cell]]], n: int
) -> list[str]:
    """What breaks "each group (a row, a column, a block...) holds every number 1..n once",
    each problem naming its group, as ``row 3: 5 stands twice, at r3c1 and r3c7``."""
    problems = []
    for name, cells in groups:
        _, found = once_each(
            (((r, c), solution[r][c]) for r, c in cells), n, lambda p: cell_name(None, p)
        )
        problems += [f"{name}: {p}" for p in found]
    return problems


# -- what regions of one size tell of the edges between cells (Palisade's deductions) -------


def components(cells: int, edges: Iterable[tuple[int, int]]) -> tuple[list[int], dict[int, int]]:
    """The groups the ``edges`` join: each node's group (named by one of its nodes) and each
    group's number of nodes."""
    parent = list(range(cells))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v in edges:
        parent[find(u)] = find(v)
    group = [find(n) for n in range(cells)]
    sizes: dict[int, int] = {}
    for g in group:
        sizes[g] = sizes.get(g, 0) + 1
    return group, sizes


class Contradiction(ValueError):
    """What is known of a board breaks its rules: it has no solution."""


def sized_edges(
    cells: int,
    edges: Sequence[tuple[int, int]],
    size: int,
    known: dict[tuple[int, int], bool],
    open_: Collection[int] = (),
) -> bool:
    """What regions of exactly ``size`` cells tell of the ``edges`` between neighbours (u < v),
    added to ``known`` (True: one region, False: a wall between two): two cells joined by known
    edges are in one region; a wall goes where the groups on its two sides would make more
    than ``size`` cells; a group smaller than ``size`` next to one group alone joins it. Whether it
    added anything; Contradiction for a group past the size, a wall within one, or a group too
    small with no way out. A group holding a node of ``open_`` (on a part of a board, a cell
    with neighbours past the part) may grow out of the part: it is never walled in."""
    group, sizes = components(cells, [e for e, same in known.items() if same])
    unbounded = {group[n] for n in open_}
    if max(sizes.values()) > size:
        raise Contradiction("a region is larger than its size")
    added = False
    exits: dict[int, dict[int, list[tuple[int, int]]]] = {}
    for e in edges:
        u, v = e
        gu, gv = group[u], group[v]
        said = known.get(e)
        if gu == gv:
            if said is False:
                raise Contradiction("a wall within a region")
            if said is None:
                known[e] = added = True
        elif said is None:
            if sizes[gu] + sizes[gv] > size:
                known[e] = False
                added = True
            else:
                exits.setdefault(gu, {}).setdefault(gv, []).append(e)
                exits.setdefault(gv, {}).setdefault(gu, []).append(e)
    for g, n in sizes.items():
        if n < size and g not in unbounded:
            ways = exits.get(g, {})
            if not ways:
                raise Contradiction("a region too small, walled in")
            if len(ways) == 1:  # one group to grow into: joined to it
                for e in next(iter(ways.values())):
                    if known.get(e) is None:
                        known[e] = added = True
    return added
