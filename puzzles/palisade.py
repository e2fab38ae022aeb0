"""Palisade (Simon Tatham's Palisade), in the player's words, and a checker from its rules
alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from ..contract import (
    About,
    GenerateError,
    Givens,
    Grading,
    Making,
    Option,
    Reading,
    Solving,
)
from .grid import Cell, Contradiction, Rows, cell_name, components, grid_answer, sized_edges
from .shikaku import Labels, numbered, regions

SIDES = 4
"""A clue counts the walls on a cell's four sides, so it runs from 0 to 4."""


@dataclass(frozen=True, slots=True)
class Palisade(Rows):
    """A board of clues, a tuple a row (None where a cell has none), and the number of cells
    every region has (``size``). ``tatham`` says the puzzle was read from (and prints as) a
    game ID; it takes no part in equality."""

    rows: tuple[tuple[int | None, ...], ...]
    size: int
    tatham: bool = field(default=False, compare=False)

    def clues(self) -> dict[Cell, int]:
        """Every clue, by cell, in reading order."""
        return {
            (r, c): v for r, row in enumerate(self.rows) for c, v in enumerate(row) if v is not None
        }


def sides(width: int, height: int, cell: Cell) -> list[Cell | None]:
    """The cells across each of a cell's four sides (up, left, right, down); None across the
    board's edge."""
    r, c = cell
    found: list[Cell | None] = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        y, x = r + dr, c + dc
        found.append((y, x) if 0 <= y < height and 0 <= x < width else None)
    return found


def walls(solution: Sequence[Sequence[Any]], cell: Cell) -> int:
    """How many of a cell's sides are walls: the board's edge, or a cell of another region."""
    h, w = len(solution), len(solution[0])
    mine = solution[cell[0]][cell[1]]
    return sum(1 for o in sides(w, h, cell) if o is None or solution[o[0]][o[1]] != mine)


def pieces(cells: Sequence[Cell]) -> int:
    """How many orthogonally connected groups ``cells`` make."""
    left = set(cells)
    count = 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                if near in left:
                    left.remove(near)
                    todo.append(near)
    return count


def check(puzzle: Palisade, solution: Labels) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w, k = puzzle.height, puzzle.width, puzzle.size
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    for cells in regions(solution).values():
        first = cell_name(puzzle, cells[0])
        # Every region has exactly k cells ...
        if len(cells) != k:
            problems.append(f"the region at {first} has {len(cells)} cells, not {k}")
        # ... in one piece.
        apart = pieces(cells)
        if apart > 1:
            problems.append(f"the region at {first} is in {apart} pieces")
    # A clue is the number of its cell's sides that are walls, the board's edge counting.
    for cell, n in puzzle.clues().items():
        count = walls(solution, cell)
        if count != n:
            problems.append(f"the clue {n} at {cell_name(puzzle, cell)} has {count} walls")
    return problems


# -- the deductions a person makes (and Tatham's solver): the model's pruning, the maker's test --

Edge = tuple[int, int]
"""Two neighbouring nodes (u, v), u < v: in one region, or a wall between them."""


Window = tuple[int, int, int, int]
"""Part of a board: top, left, bottom, right (bottom and right past the end)."""


class Board(NamedTuple):
    """The cells of a board, or of a window on it, as nodes 0, 1, 2... in reading order
    (``on[i]`` is node i's ``row * width + column``; the whole board's nodes are its cells'
    numbers), each node's neighbours there, the clues whose four sides all lie there (or on
    the board's edge) by node, the four edges round each corner inside, and the nodes with a
    side that leaves the window for the rest of the board (``open``: what lies past it is not
    known)."""

    on: list[int]
    near: list[list[int]]
    clue: dict[int, int]
    corners: list[tuple[Edge, Edge, Edge, Edge]]
    open: frozenset[int]


def board(puzzle: Palisade, window: Window | None = None) -> Board:
    """The board's cells, or a window's, as nodes."""
    w, h = puzzle.width, puzzle.height
    top, left, bottom, right = window or (0, 0, h, w)
    on = [r * w + c for r in range(top, bottom) for c in range(left, right)]
    node = {n: i for i, n in enumerate(on)}
    near: list[list[int]] = []
    leaving = set()
    for i, n in enumerate(on):
        found = []
        for o in sides(w, h, (n // w, n % w)):
            if o is not None:
                m = node.get(o[0] * w + o[1])
                if m is None:
                    leaving.add(i)
                else:
                    found.append(m)
        near.append(found)
    clue = {
        node[r * w + c]: v
        for (r, c), v in puzzle.clues().items()
        if r * w + c in node and node[r * w + c] not in leaving
    }
    corners = []
    for r in range(top, bottom - 1):
        for c in range(left, right - 1):
            a, b = node[r * w + c], node[r * w + c + 1]
            d, e = node[(r + 1) * w + c], node[(r + 1) * w + c + 1]
            corners.append(((a, b), (b, e), (d, e), (a, d)))
    return Board(on, near, clue, corners, frozenset(leaving))


def known_edges(puzzle: Palisade, window: Window | None = None) -> dict[Edge, bool] | None:
    """The edges between neighbours (u, v), u < v, the rules settle without search, True where
    the two cells share a region and False across a wall, until nothing changes: a clue whose
    walls (or open sides) are all found has the rest open (or walls); a wall never ends at a
    corner inside the board (the two cells beside its end would be joined round it); and the
    regions' size (``regions.sized_edges``). None when they break the rules. On a ``window``
    alone, what they settle there without the rest of the board (its edges between the nodes
    of ``board(puzzle, window)``; the whole board's are between its cells)."""
    k = puzzle.size
    on = board(puzzle, window)
    near = on.near
    inner = {n: SIDES - v for n, v in on.clue.items()}
    edges = [(u, v) for u in range(len(near)) for v in near[u] if v > u]
    meets = on.corners
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
            changed = sized_edges(len(near), edges, k, known, on.open) or changed
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


# -- givens, for setters: the clues shown ---------------------------------------------------------

Given = tuple[Cell, int]


def givens(puzzle: Palisade) -> list[Given]:
    """The clues shown, cell by cell."""
    return sorted(puzzle.clues().items())


def with_givens(puzzle: Palisade, shown: Iterable[Given]) -> Palisade:
    """The same board showing exactly these clues."""
    kept = dict(shown)
    rows = tuple(tuple(kept.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height))
    return replace(puzzle, rows=rows)


def given_at(puzzle: Palisade, solution: Labels, place: Cell) -> Given:
    """The clue a cell would show: its walls in the solution."""
    return (place, walls(solution, place))


def describe(puzzle: Palisade, given: Given) -> str:
    place, n = given
    return f"the clue {n} at {cell_name(puzzle, place)}"


GIVENS: Givens[Palisade, Labels, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole ------------------------------------------------------------------


def region_size(width: int, height: int) -> int:
    """The regions' size ``generate`` takes for a board: the largest divisor of its area from 3
    to its shorter side (at most 10), as the collection's presets (5x5 regions of 5, 8x6 of 6,
    10x8 of 8, 15x12 of 10); else the smallest divisor from 3."""
    area = width * height
    near = [d for d in range(3, min(width, height, 10) + 1) if area % d == 0]
    if near:
        return max(near)
    far = [d for d in range(3, area + 1) if area % d == 0]
    if not far:
        raise GenerateError(f"a {width}x{height} board splits into no regions of 3 cells or more")
    return min(far)


def random_split(width: int, height: int, k: int, rng: random.Random) -> list[list[int]]:
    """A random split of the board into regions of ``k`` cells: each region grown at random
    from the first free cell in reading order, a region taken only when every group of free
    cells it leaves has a multiple of ``k`` cells (else grown again; after many failures the
    board starts over)."""
    everywhere = [(r, c) for r in range(height) for c in range(width)]
    for _ in range(1_000):
        label = [[-1] * width for _ in range(height)]
        if _fill(label, everywhere, k, rng, 0):
            return label
    raise GenerateError(f"no split of a {width}x{height} board into regions of {k} cells")


def _fill(
    label: list[list[int]], cells: Sequence[Cell], k: int, rng: random.Random, count: int
) -> bool:
    """Regions of ``k`` cells over the free cells (label -1) of ``cells`` (in reading order),
    labelled from ``count`` on, as ``random_split`` grows them; False when one gets stuck
    (the cells are left part filled)."""
    for r0, c0 in cells:
        if label[r0][c0] >= 0:
            continue
        for _ in range(200):
            group = _grow(label, (r0, c0), k, rng)
            if group is not None and _leaves_room(label, group, k):
                break
        else:
            return False
        for r, c in group:
            label[r][c] = count
        count += 1
    return True


def _grow(label: list[list[int]], start: Cell, k: int, rng: random.Random) -> list[Cell] | None:
    """A random connected group of ``k`` free cells holding ``start``; None when it gets stuck."""
    h, w = len(label), len(label[0])
    group = [start]
    taken = {start}
    while len(group) < k:
        frontier = [
            o
            for cell in group
            for o in sides(w, h, cell)
            if o is not None and label[o[0]][o[1]] < 0 and o not in taken
        ]
        if not frontier:
            return None
        o = rng.choice(frontier)
        group.append(o)
        taken.add(o)
    return group


def _leaves_room(label: list[list[int]], group: list[Cell], k: int) -> bool:
    """Whether each group of free cells left around ``group`` has a multiple of k cells."""
    h, w = len(label), len(label[0])
    taken = set(group)
    seen: set[Cell] = set()
    for cell in group:
        for o in sides(w, h, cell):
            if o is None or o in taken or o in seen or label[o[0]][o[1]] >= 0:
                continue
            size, todo = 0, [o]
            seen.add(o)
            while todo:
                y, x = todo.pop()
                size += 1
                for p in sides(w, h, (y, x)):
                    if p is not None and p not in taken and p not in seen and label[p[0]][p[1]] < 0:
                        seen.add(p)
                        todo.append(p)
            if size % k:
                return False
    return True


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random split into regions (of ``region_size`` cells), every clue shown; a split whose
    clues allow another is dropped for a fresh one."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Palisade board is at least 2x2, not {width}x{height}")
    k = region_size(width, height)
    if width * height > LOCAL:
        return _made_in_parts(width, height, k, rng, solutions)
    for _ in range(50):
        labels = numbered(random_split(width, height, k, rng))
        rows = tuple(tuple(walls(labels, (r, c)) for c in range(width)) for r in range(height))
        puzzle = Palisade(rows, k, tatham=True)
        if len(solutions(puzzle, 2)) == 1:
            return puzzle, labels, []
    raise GenerateError(f"no {width}x{height} Palisade with one solution in 50 splits")


LOCAL = 400
"""Boards of more cells than this are made a part at a time (``_made_in_parts``): a random
split with every clue shown often allows another split there, and a removal test on the whole
board lists more regions with each clue taken away."""
WINDOW = 4
"""A clue is taken away only while the deductions a person makes (``known_edges``) on a window
of the board this many rows and columns round it, alone, settle all they settled with it
(what they settle on a window, without the rest of the board, they settle on the whole)."""


def _made_in_parts(
    width: int, height: int, k: int, rng: random.Random, solutions: Any
) -> tuple[Palisade, Labels, list[Given]]:
    """A large board made a part at a time: a random split, every clue shown, split again
    where the deductions a person makes (``known_edges``) leave a wall open (``_settled``), so
    that they settle it whole. Then the clues are taken away in random order, each while the
    deductions on the window round it lose nothing (``WINDOW``). A clue taken away later may
    undo what an earlier window settled: while the whole board's deductions leave a side open,
    the clue taken away nearest it is shown again. The puzzle stays one that the deductions
    settle, as Tatham's are; the solver proves it (and were it to find another split, a clue
    taken away where the two differ would be shown again). Every clue left is kept: no given
    is taken away after."""
    labels = _settled(random_split(width, height, k, rng), width, height, k, rng)
    whole = {(r, c): walls(labels, (r, c)) for r in range(height) for c in range(width)}
    shown = dict(whole)
    order = list(whole)
    rng.shuffle(order)
    for cell in order:
        window = _window(width, height, cell)
        before = known_edges(_shown(shown, width, height, k), window) or {}
        del shown[cell]
        after = known_edges(_shown(shown, width, height, k), window) or {}
        if any(e not in after for e in before):
            shown[cell] = whole[cell]
    full = known_edges(_shown(whole, width, height, k)) or {}
    while True:
        puzzle = _shown(shown, width, height, k)
        known = known_edges(puzzle) or {}
        lost = [e for e in full if e not in known]
        if lost:
            u = lost[0][0]
            hidden = [p for p in whole if p not in shown]
            cell = min(hidden, key=lambda p: abs(p[0] - u // width) + abs(p[1] - u % width))
            shown[cell] = whole[cell]
            continue
        others = [s for s in solutions(puzzle, 2) if s != labels]
        if not others:
            return puzzle, labels, sorted(shown.items())
        differ = [p for p in whole if p not in shown and walls(others[0], p) != whole[p]]
        cell = rng.choice(differ)
        shown[cell] = whole[cell]


def _window(width: int, height: int, cell: Cell) -> Window:
    """The window ``WINDOW`` rows and columns round a cell."""
    r, c = cell
    return (
        max(0, r - WINDOW),
        max(0, c - WINDOW),
        min(height, r + WINDOW + 1),
        min(width, c + WINDOW + 1),
    )


def _shown(shown: dict[Cell, int], width: int, height: int, k: int) -> Palisade:
    """The board showing these clues."""
    rows = tuple(tuple(shown.get((r, c)) for c in range(width)) for r in range(height))
    return Palisade(rows, k, tatham=True)


def _settled(label: list[list[int]], width: int, height: int, k: int, rng: random.Random) -> Labels:
    """The split ``label``, changed until the deductions (``known_edges``) settle every side of
    every cell from its clues, all shown (so it has one solution, and the pruned model lists
    each region alone): the regions where they leave a side open, and those beside them, are
    split again."""
    near = [
        [y * width + x for y, x in filter(None, sides(width, height, (n // width, n % width)))]
        for n in range(width * height)
    ]
    for _ in range(500):
        labels = numbered(label)
        whole = {(r, c): walls(labels, (r, c)) for r in range(height) for c in range(width)}
        known = known_edges(_shown(whole, width, height, k)) or {}
        open_ = {
            labels[n // width][n % width]
            for u in range(width * height)
            for v in near[u]
            if v > u and (u, v) not in known
            for n in (u, v)
        }
        if not open_:
            return labels
        mine = _region_cells(labels)
        again = set(open_)
        for region in open_:
            for cell in mine[region]:
                for o in sides(width, height, cell):
                    if o is not None:
                        again.add(labels[o[0]][o[1]])
        cells = sorted(cell for region in again for cell in mine[region])
        fresh = max(max(row) for row in label) + 1
        for _ in range(100):
            for r, c in cells:
                label[r][c] = -1
            if _fill(label, cells, k, rng, fresh):
                break
        else:
            label = random_split(width, height, k, rng)
    raise GenerateError(f"no {width}x{height} Palisade split that its clues settle")


def _region_cells(labels: Labels) -> dict[int, frozenset[Cell]]:
    """Each region's cells, by label."""
    found: dict[int, set[Cell]] = {}
    for r, row in enumerate(labels):
        for c, v in enumerate(row):
            found.setdefault(v, set()).add((r, c))
    return {v: frozenset(cells) for v, cells in found.items()}


GENRE = About(
    name="palisade",
    summary="divide the grid into regions of the given size; a clue is the number of its "
    "cell's sides that are region walls, the board's edge counting",
    reading=Reading(
        input_format="Simon Tatham's game ID (5x4n4:e3b1b1), or a first line nK (regions "
        "of K cells) then rows of clues 0-4 with . for a cell without one",
        example="5x4n4:e3b1b1",
        options=(
            Option(
                "region_size",
                "--region-size",
                "palisade: the regions' size K, for plain rows that do not start with nK",
                int,
                "K",
            ),
        ),
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="shapes",
    ),
    making=Making(size="8x6", small="5x4", largest=2_500),
    grading=Grading(
        # Graded on the pruned model: its pruning (the edges the rules settle, as Tatham's
        # solver's deductions, then the regions settled) settles every corpus puzzle (score 0).
        # No levels of people's to follow: the puzzles generate makes at 8x6 (clues taken away
        # while the solver proves one solution) go past those deductions: of 30, 29 need a
        # probe (level 2, scores 1.89 to 2.0, quartiles 1.989, 1.996 and 1.998) and one
        # lookahead (2.29). Easy is what the deductions settle, as Tatham's puzzles; the
        # quartiles part the rest (benchmarks/bench_tatham2.py).
        waves=True,
        bands=(
            ("easy", 0, 1.0),
            ("medium", 1.0, 1.99),
            ("hard", 1.99, 1.998),
            ("extreme", 1.998, 4),
        ),
    ),
)
