"""Shared rules of shading puzzles (Hitori, Kurodoko, and Nurikabe, Heyawake or Yajilin next):
no two shaded cells share an edge, the unshaded cells form one orthogonally connected group (or
the shaded cells do), and no 2x2 square is all shaded.

Cells are numbered ``r * width + c``; ``shaded[i]`` is the literal "cell i is shaded", or None
for a cell that is never shaded (a clue). Two encodings of the connection rule:

- ``cuts``: a lazy ``Connected`` network (``models/graph.py``'s cuts): the unshaded cells take
  part, cells that touch are joined; each backend adds a cut whenever an answer falls apart.
- ``levels``: the same rule as clauses alone: a cell is reached by level k when it was reached
  by level k-1, or it is unshaded and touches a cell reached by level k-1; every unshaded cell
  is reached by the last level. No lazy cuts, but a model the size of the board squared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..puzzles.shading import DARK, LIGHT, SHADED, UNSHADED
from .model import Assignment, Lit, Model

CONNECTIONS = ("cuts", "levels")
"""The encodings of "the unshaded cells are one group", the default first."""


def side_pairs(width: int, height: int) -> list[tuple[int, int]]:
    """Every pair of cells that share an edge, as (i, j) with i < j."""
    pairs = []
    for r in range(height):
        for c in range(width):
            i = r * width + c
            if c + 1 < width:
                pairs.append((i, i + 1))
            if r + 1 < height:
                pairs.append((i, i + width))
    return pairs


def add_no_touching(model: Model, shaded: Sequence[Lit | None], width: int, height: int) -> None:
    """No two shaded cells share an edge."""
    for i, j in side_pairs(width, height):
        a, b = shaded[i], shaded[j]
        if a is not None and b is not None:
            model.add_clause([-a, -b])


def add_connected_unshaded(
    model: Model,
    shaded: Sequence[Lit | None],
    width: int,
    height: int,
    encoding: str = "cuts",
) -> None:
    """The unshaded cells form one orthogonally connected group. Both encodings rely on the
    rule that no two shaded cells touch (``add_no_touching``): of any two cells side by side,
    one is unshaded, which the cuts take as anchors and the levels as their start."""
    if encoding not in CONNECTIONS:
        raise ValueError(f"unknown connection {encoding!r} (choose from {', '.join(CONNECTIONS)})")
    n = width * height
    if n == 1 and shaded[0] is not None:
        model.add_clause([-shaded[0]])  # (one cell: it is the group)
    if n < 2:
        return
    pairs = side_pairs(width, height)
    if encoding == "cuts":
        # Dominoes that tile the board (along the rows, or down a one-column board): each
        # holds an unshaded cell in every solution.
        step = 1 if width > 1 else width
        anchors = [
            {i, i + step}
            for i in range(n)
            if (i % width if width > 1 else i // width) % 2 == 0
            and (i % width + 1 < width if width > 1 else i + width < n)
        ]
        model.add_connected(
            range(n),
            [(i, j, 0) for i, j in pairs],
            [(i, -s) for i, s in enumerate(shaded) if s is not None],
            anchors,
        )
    else:
        _by_levels(model, shaded, width, height, pairs)


def add_connected_shaded(
    model: Model,
    shaded: Sequence[Lit | None],
    width: int,
    height: int,
    anchors: Sequence[Sequence[int]] = (),
    size: int = 0,
) -> None:
    """The shaded cells form one orthogonally connected group (Nurikabe's wall, LITS, Tapa):
    a lazy ``Connected`` network of the cells that may be shaded, each taking part when
    shaded; a cell of None is never shaded and takes no part. Each of ``anchors`` is a set of
    cells of which one is shaded in every solution (a Tapa clue's ring): the cuts then need
    fewer conditions, and so does ``size``, the number of shaded cells when known (0 when
    not)."""
    cells = [i for i, s in enumerate(shaded) if s is not None]
    if len(cells) < 2:
        return
    model.add_connected(
        cells,
        [
            (i, j, 0)
            for i, j in side_pairs(width, height)
            if shaded[i] is not None and shaded[j] is not None
        ],
        [(i, s) for i, s in enumerate(shaded) if s is not None],
        anchors,
        size,
    )


def add_no_2x2(model: Model, lits: Sequence[Lit | None], width: int, height: int) -> None:
    """No 2x2 square has all four literals true: "no pool" of shaded cells (Nurikabe, LITS,
    Tapa) with the shaded literals, or no 2x2 of unshaded cells with their negations. A cell
    of None is never true, so the squares holding one need no clause."""
    for r in range(height - 1):
        for c in range(width - 1):
            i = r * width + c
            square = [lits[i], lits[i + 1], lits[i + width], lits[i + width + 1]]
            if all(x is not None for x in square):
                model.add_clause([-x for x in square if x is not None])


Known = Lit | bool
"""A literal, or a value known when the model is written (True, False). Compared with ``is``
alone: a literal 1 equals True."""


def _by_levels(
    model: Model,
    shaded: Sequence[Lit | None],
    width: int,
    height: int,
    pairs: list[tuple[int, int]],
) -> None:
    """``levels``: reached cells spread a level at a time from a start that is surely unshaded
    (a cell never shaded, else the first cell when unshaded and its neighbour when not). Every
    variable is defined by the shading, so each solution has one assignment (counts stay
    exact)."""
    n = width * height
    around: list[list[int]] = [[] for _ in range(n)]
    for i, j in pairs:
        around[i].append(j)
        around[j].append(i)
    reached: list[Known] = [False] * n
    start = next((i for i, s in enumerate(shaded) if s is None), None)
    if start is not None:
        reached[start] = True
    else:
        # The first cell starts when unshaded, its neighbour when it is not (then that one is).
        first = shaded[0]
        assert first is not None
        reached[0], reached[around[0][0]] = -first, first
    # No shortest path is longer than the cells that may be unshaded (one more for two starts).
    for _ in range(sum(s is not None for s in shaded) + 1):
        level = [_step(model, shaded[i], reached[i], [reached[j] for j in around[i]])
                 for i in range(n)]  # fmt: skip
        if all(map(_same, level, reached)):
            break
        reached = level
    for i, s in enumerate(shaded):
        last = reached[i]
        if last is True:
            continue
        if last is False:  # an unshaded cell here is never reached
            if s is None:
                x = model.bool_var()  # (a cell never shaded: no solution)
                model.add_clause([x])
                model.add_clause([-x])
            else:
                model.add_clause([s])
        else:
            model.add_clause([last] if s is None else [s, last])


def _same(a: Known, b: Known) -> bool:
    """Whether two known values are the same: both True, both False, or one literal."""
    return a is b if isinstance(a, bool) or isinstance(b, bool) else a == b


def _step(model: Model, shaded: Lit | None, before: Known, near: list[Known]) -> Known:
    """Whether a cell is reached by the next level: it was, or it is unshaded and touches a
    cell that was; a new variable defined so, unless the answer is known now."""
    steps = [x for x in near if x is not False]
    if before is True or not steps:
        return before
    if shaded is None and any(x is True for x in steps):
        return True
    here = model.bool_var()
    lits = [x for x in steps if x is not True]
    old: list[Lit] = [] if before is False else [before]
    # here -> before, or unshaded and a neighbour reached
    if shaded is not None:
        model.add_clause([-here, *old, -shaded])
    if not any(x is True for x in steps):
        model.add_clause([-here, *old, *lits])
    # before -> here; unshaded and a neighbour reached -> here
    if old:
        model.add_clause([-old[0], here])
    cond = [] if shaded is None else [shaded]
    if any(x is True for x in steps):
        model.add_clause([*cond, here])
    else:
        for x in lits:
            model.add_clause([*cond, -x, here])
    return here


def shading_of(
    shaded: Sequence[Lit], width: int, height: int
) -> Callable[[Assignment], tuple[str, ...]]:
    """The decoder of a board of shaded cells: a string a row, ``SHADED`` or ``UNSHADED`` each
    cell (the corpus's solution form), from the literal "shaded" of each cell in reading order."""

    def decode(a: Assignment) -> tuple[str, ...]:
        return tuple(
            "".join(SHADED if a(shaded[r * width + c]) else UNSHADED for c in range(width))
            for r in range(height)
        )

    return decode


def dark_shading_of(
    shaded: Sequence[Lit], width: int, height: int
) -> Callable[[Assignment], tuple[str, ...]]:
    """The decoder of a board written as players draw it (Norinori, LITS): a string a row, ``#``
    a shaded cell and ``.`` an unshaded one, from the literal "shaded" of each cell."""

    def decode(a: Assignment) -> tuple[str, ...]:
        return tuple(
            "".join(DARK if a(shaded[r * width + c]) else LIGHT for c in range(width))
            for r in range(height)
        )

    return decode


def small_groups(width: int, height: int, most: int) -> list[frozenset[int]]:
    """Every set of 1 to ``most`` cells joined by their edges (a polyomino placed on the board),
    each once, cells numbered ``r * width + c``."""
    near: list[list[int]] = [[] for _ in range(width * height)]
    for i, j in side_pairs(width, height):
        near[i].append(j)
        near[j].append(i)
    found: set[frozenset[int]] = set()
    level = {frozenset([i]) for i in range(width * height)}
    for size in range(1, most + 1):
        found |= level
        if size < most:
            level = {group | {j} for group in level for i in group for j in near[i]
                     if j not in group}  # fmt: skip
    return sorted(found, key=lambda g: (len(g), sorted(g)))


def add_no_small_groups(
    model: Model, shaded: Sequence[Lit | None], width: int, height: int, most: int
) -> None:
    """No group of ``most`` shaded cells or fewer stands apart: a set of that many cells, all
    shaded, has a shaded cell beside it. Holds where the shaded cells are one group of more than
    ``most`` cells (Tapa, Nurikabe's sea when it is known to be larger): clauses that spare
    the lazy cuts of ``add_connected_shaded`` the small groups a solver tries first."""
    n = width * height
    near: list[list[int]] = [[] for _ in range(n)]
    for i, j in side_pairs(width, height):
        near[i].append(j)
        near[j].append(i)
    for group in small_groups(width, height, most):
        inside = [shaded[i] for i in group]
        if any(x is None for x in inside):
            continue
        rim = {j for i in group for j in near[i] if j not in group}
        model.add_clause([*(-x for x in inside if x is not None),
                          *(x for j in sorted(rim) if (x := shaded[j]) is not None)])  # fmt: skip
