"""Loopy (Slitherlink): a line per edge between dots, two ways to say they make one loop.

- ``edges``: every dot has no line or two, and the dots on lines are one network (lazy cuts);
- ``cells``: every cell is inside or outside, a line is where they differ; the inside is one
  piece, the outside too (both lazy cuts), and no two inside cells touch at a corner alone.

(The loop as a circuit through the dots it visits, walked one way, was measured too: CP-SAT's
circuit constraint and SAT's subtour cuts were 2 to 40 times slower than either, so it is not
offered.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from ..puzzles.loopy import Lines, Loopy
from .graph import drawn_pieces
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("edges", "cells", "grade")

OFF = 0
"""An edge known before solving to be off the loop (pruned): no variable."""


class Edges:
    """The model's edges: a literal per line that may be on the loop, ``OFF`` for the others."""

    def __init__(self, model: Model, puzzle: Loopy, prune: bool) -> None:
        h, w = puzzle.height, puzzle.width
        self.h, self.w = h, w
        off_h = [[False] * w for _ in range(h + 1)]
        off_v = [[False] * (w + 1) for _ in range(h)]
        if prune:
            _prune(puzzle, off_h, off_v)
        self.hl: list[list[Lit]] = [
            [OFF if off_h[y][x] else model.bool_var() for x in range(w)] for y in range(h + 1)
        ]
        self.vl: list[list[Lit]] = [
            [OFF if off_v[y][x] else model.bool_var() for x in range(w + 1)] for y in range(h)
        ]

    def sides(self, r: int, c: int) -> list[Lit]:
        """The four sides of cell r, c: top, right, bottom, left."""
        return [self.hl[r][c], self.vl[r][c + 1], self.hl[r + 1][c], self.vl[r][c]]

    def at_dot(self, y: int, x: int) -> list[tuple[int, Lit]]:
        """The edges that meet at dot (x, y), each with the dot at its other end."""
        w = self.w
        found = []
        if x < w:
            found.append(((y) * (w + 1) + x + 1, self.hl[y][x]))
        if x > 0:
            found.append(((y) * (w + 1) + x - 1, self.hl[y][x - 1]))
        if y < self.h:
            found.append(((y + 1) * (w + 1) + x, self.vl[y][x]))
        if y > 0:
            found.append(((y - 1) * (w + 1) + x, self.vl[y - 1][x]))
        return found

    def all(self) -> list[Lit]:
        """Every edge that may be on the loop."""
        return [e for row in self.hl + self.vl for e in row if e != OFF]

    def decode(self, a: Assignment) -> Lines:
        """The lines the solver drew (pruned edges off)."""

        def bit(e: Lit) -> int:
            return 0 if e == OFF else a(e)

        return Lines(
            tuple(tuple(bit(e) for e in row) for row in self.hl),
            tuple(tuple(bit(e) for e in row) for row in self.vl),
        )


def _prune(puzzle: Loopy, off_h: list[list[bool]], off_v: list[list[bool]]) -> None:
    """Edges that cannot be on the loop: the sides of a 0, and then, to a fixed point, an edge
    whose dot has no other edge left (the loop could not go on from there)."""
    h, w = puzzle.height, puzzle.width
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue == 0:
                off_h[r][c] = off_h[r + 1][c] = off_v[r][c] = off_v[r][c + 1] = True

    def edges(y: int, x: int) -> list[tuple[list[bool], int, tuple[int, int]]]:
        """The edges at dot (x, y): the row of flags, the index in it, and the far dot."""
        found = []
        if x < w:
            found.append((off_h[y], x, (y, x + 1)))
        if x > 0:
            found.append((off_h[y], x - 1, (y, x - 1)))
        if y < h:
            found.append((off_v[y], x, (y + 1, x)))
        if y > 0:
            found.append((off_v[y - 1], x, (y - 1, x)))
        return found

    todo = [(y, x) for y in range(h + 1) for x in range(w + 1)]
    while todo:
        y, x = todo.pop()
        left = [(flags, i, far) for flags, i, far in edges(y, x) if not flags[i]]
        if len(left) == 1:
            flags, i, far = left[0]
            flags[i] = True
            todo.append(far)  # the far dot may now be a dead end too


def _exactly(model: Model, lits: Sequence[Lit], k: int) -> None:
    """Exactly ``k`` of ``lits`` hold (some of them ``OFF``), as plain clauses: no k+1 of them
    all on, no n-k+1 of them all off."""
    live = [e for e in lits if e != OFF]
    if not 0 <= k <= len(live):
        model.add_clause([])
        return
    for group in combinations(live, k + 1):
        model.add_clause([-e for e in group])
    for group in combinations(live, len(live) - k + 1):
        model.add_clause(list(group))


def build(puzzle: Loopy, encoding: str = "edges", prune: bool = True) -> Built[Lines]:
    """The model of ``puzzle`` in ``encoding``; ``prune`` leaves out the edges that the 0s and
    dead ends rule out before the solver sees them."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    lines = Edges(model, puzzle, prune)
    # Each numbered cell has that many of its sides on the loop.
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue is not None:
                _exactly(model, lines.sides(r, c), clue)
    # There is a loop: some line is drawn.
    model.add_clause(lines.all())
    if encoding == "cells":
        _by_cells(model, lines, puzzle)
    else:
        _by_edges(model, lines, puzzle)
    model.answer.extend(lines.all())
    if encoding != "grade":
        return Built(model, lines.decode)
    # Grading: the corner rules, their levels' switches, and the loop rule as hints.
    tiers = _corners(model, lines, puzzle)
    return Built(model, lines.decode, hints=_closing(lines, puzzle), tiers=tiers)


def _dots(lines: Edges) -> Iterable[tuple[int, list[tuple[int, Lit]]]]:
    """Every dot with the edges that may meet there (those with at least one)."""
    for y in range(lines.h + 1):
        for x in range(lines.w + 1):
            near = [(d, e) for d, e in lines.at_dot(y, x) if e != OFF]
            if near:
                yield y * (lines.w + 1) + x, near


def _clued(puzzle: Loopy) -> list[tuple[int, int]]:
    """The cells whose clue says the loop passes them."""
    return [(r, c) for r, row in enumerate(puzzle.rows) for c, k in enumerate(row) if k]


def _by_edges(model: Model, lines: Edges, puzzle: Loopy) -> None:
    """Every dot has no line or two; the dots on lines are joined into one network."""
    active: list[tuple[int, Lit]] = []
    edges: list[tuple[int, int, Lit]] = []
    for dot, near in _dots(lines):
        es = [e for _, e in near]
        on = model.bool_var()
        # The dot is on the loop when a line meets it, and then exactly two do.
        for e in es:
            model.add_clause([-e, on])
            model.add_clause([-e, *[f for f in es if f != e]])
        model.add_clause([-on, *es])
        for a, b, c in combinations(es, 3):
            model.add_clause([-a, -b, -c])
        active.append((dot, on))
        edges += [(dot, other, e) for other, e in near if other > dot]
    # The lines make one loop: the dots on it are one network. It passes a corner of every
    # cell with a clue above 0.
    w = lines.w + 1
    corners = [
        {r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1} for r, c in _clued(puzzle)
    ]
    model.add_connected([d for d, _ in active], edges, active, corners)


def _by_cells(model: Model, lines: Edges, puzzle: Loopy) -> None:
    """Each cell inside or outside the loop; a line exactly where the two sides of an edge
    differ (the border's far side is outside). The inside is one piece and so is the outside,
    and no dot has four lines (two inside cells touching at a corner alone)."""
    h, w = puzzle.height, puzzle.width
    inside = [list(model.bool_vars(w)) for _ in range(h)]

    def differ(e: Lit, a: Lit, b: Lit | None) -> None:
        """Line ``e`` is on iff cells ``a`` and ``b`` differ (``b`` None: beyond the border)."""
        if b is None:
            model.add_clause([-a] if e == OFF else [-e, a])
            if e != OFF:
                model.add_clause([e, -a])
        elif e == OFF:
            model.add_clause([-a, b])
            model.add_clause([a, -b])
        else:
            model.add_clause([-e, a, b])
            model.add_clause([-e, -a, -b])
            model.add_clause([e, -a, b])
            model.add_clause([e, a, -b])

    for y in range(h + 1):
        for x in range(w):
            above = inside[y - 1][x] if y > 0 else None
            below = inside[y][x] if y < h else None
            a, b = (above, below) if above is not None else (below, None)
            assert a is not None
            differ(lines.hl[y][x], a, b)
    for y in range(h):
        for x in range(w + 1):
            left = inside[y][x - 1] if x > 0 else None
            right = inside[y][x] if x < w else None
            a, b = (left, right) if left is not None else (right, None)
            assert a is not None
            differ(lines.vl[y][x], a, b)
    # No dot has four lines.
    for y in range(1, h):
        for x in range(1, w):
            es = [e for _, e in lines.at_dot(y, x)]
            if OFF not in es:
                model.add_clause([-e for e in es])
    # The inside is one piece: inside cells joined through sides.
    cell = [[r * w + c for c in range(w)] for r in range(h)]
    touching = [(cell[r][c], cell[r][c + 1], 0) for r in range(h) for c in range(w - 1)]
    touching += [(cell[r][c], cell[r + 1][c], 0) for r in range(h - 1) for c in range(w)]
    nodes = [cell[r][c] for r in range(h) for c in range(w)]
    # A cell with a clue above 0 is inside, or a cell beside it is.
    near = [
        {
            cell[rr][cc]
            for rr, cc in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < h and 0 <= cc < w
        }
        for r, c in _clued(puzzle)
    ]
    model.add_connected(
        nodes, touching, [(cell[r][c], inside[r][c]) for r in range(h) for c in range(w)], near
    )
    # The outside is one piece with the world beyond the border: no hole in the inside.
    world = h * w
    border = [
        (cell[r][c], world, 0)
        for r in range(h)
        for c in range(w)
        if r in (0, h - 1) or c in (0, w - 1)
    ]
    model.add_connected(
        [*nodes, world],
        touching + border,
        [(cell[r][c], -inside[r][c]) for r in range(h) for c in range(w)],
    )


Pair = tuple[Lit, Lit]
"""A corner (two lines that meet at a dot and bound one cell) as two literals: ``at least
one`` of its lines is on, ``at most one`` is."""


def _corners(model: Model, lines: Edges, puzzle: Loopy) -> tuple[Lit, Lit]:
    """Redundant clauses that let unit propagation reason as a player does on corners (Simon
    Tatham's "dlines"): a literal for "at least one" and one for "at most one" of every two
    lines that meet at a dot, tied to the cells' clues and to the dots' no-line-or-two rule, so
    that a fact about a corner passes along a diagonal of cells (3-2-2-3). The rules come in
    Tatham's two levels, each behind a switch that holds (``grade`` turns them on in turn):
    Normal (what a dot says of a corner, and a corner of a cell's lines) and Tricky (what a
    cell's clue says of a corner, and a corner of the dot's other corner); the switches."""
    true = model.bool_var()
    model.add_clause([true])
    normal, tricky = model.bool_var(), model.bool_var()
    model.add_clause([normal])
    model.add_clause([tricky])
    pairs: dict[frozenset[Lit], Pair] = {}

    def pair(a: Lit, b: Lit) -> Pair:
        """The literals of the corner of lines ``a`` and ``b`` (``OFF`` ones allowed)."""
        if a == OFF and b == OFF:
            return -true, true
        if OFF in (a, b):
            return (a if b == OFF else b), true
        key = frozenset((a, b))
        if key not in pairs:
            least, most = model.bool_var(), model.bool_var()
            model.add_clause([-least, a, b])
            model.add_clause([least, -a])
            model.add_clause([least, -b])
            model.add_clause([-most, -a, -b])
            model.add_clause([most, a])
            model.add_clause([most, b])
            pairs[key] = (least, most)
        return pairs[key]

    # The states of a corner, each with the number of its lines on it allows.
    def states(p: Pair) -> list[tuple[Lit, range]]:
        least, most = p
        return [
            (least, range(1, 3)),
            (-least, range(0, 1)),
            (most, range(0, 2)),
            (-most, range(2, 3)),
        ]

    def implied(condition: Sequence[Lit], p: Pair, low: int, high: int) -> None:
        """Clauses: under ``condition``, the corner ``p`` holds between ``low`` and ``high``
        lines; no clause when that says nothing. A corner fixed whole fixes lines (Normal);
        one fact of a corner whose lines stay open is Tricky."""
        if low > high:
            model.add_clause([-normal, *(-c for c in condition)])
            return
        for lit, allowed in states(p):
            if allowed.start <= low and high < allowed.stop:
                switch = normal if lit in (-p[0], -p[1]) else tricky
                model.add_clause([-switch, *(-c for c in condition), lit])

    # A cell's clue splits between two opposite corners.
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue is None:
                continue
            top, right, bottom, left = lines.sides(r, c)
            for p, q in (
                (pair(top, right), pair(bottom, left)),
                (pair(right, bottom), pair(left, top)),
                (pair(bottom, left), pair(top, right)),
                (pair(left, top), pair(right, bottom)),
            ):
                implied([], p, max(0, clue - 2), min(2, clue))
                for lit, allowed in states(q):
                    implied([lit], p, max(0, clue - allowed.stop + 1), min(2, clue - allowed.start))
    # Tatham's Easy refinement: a line into a corner of a 3 (or of a 2 with a side off) from
    # outside leaves that corner one line at most, so the 3's other two sides are on (the 2's
    # other side, if one is off).
    ends = _corner_dots(lines)
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue not in (2, 3):
                continue
            sides = lines.sides(r, c)
            for j in range(4):
                a, b = sides[j], sides[(j + 1) % 4]
                rest = [e for e in (sides[(j + 2) % 4], sides[(j + 3) % 4]) if e != OFF]
                for x in ends[(r, c, j)]:
                    if x == OFF or a == OFF or b == OFF:
                        continue
                    if clue == 3:
                        for e in rest:
                            model.add_clause([-x, e])
                    else:
                        model.add_clause([-x, *rest])
    # A dot has no line or two: what a corner there says of its other lines, and the reverse.
    for y in range(lines.h + 1):
        for x in range(lines.w + 1):
            around = _around(lines, y, x)
            n = len(around)
            if n < 2:
                continue
            corners = [(around[j], around[(j + 1) % n]) for j in range(n if n > 2 else 1)]
            for a, b in corners:
                p = pair(a, b)
                rest = [e for e in around if e not in (a, b) and e != OFF]
                least, most = p
                for e in rest:
                    others = [f for f in rest if f != e]
                    model.add_clause([-normal, -e, most])  # a line on here: at most one more
                    model.add_clause([-normal, -e, *others, least])  # exactly one, if only here
                model.add_clause([-normal, -most, *rest, -least])  # nothing else: none or both
                model.add_clause([-normal, -least, *rest, -most])
                if len(rest) == 1:
                    model.add_clause([-tricky, -least, -most, rest[0]])
                elif len(rest) == 2:
                    q = pair(rest[0], rest[1])
                    model.add_clause([-tricky, -least, q[1]])  # one here: at most one there
                    model.add_clause([-tricky, -least, -most, q[0]])  # exactly one: and there
    return normal, tricky


def _corner_dots(lines: Edges) -> dict[tuple[int, int, int], list[Lit]]:
    """For each corner of each cell (r, c, j: between its sides j and j + 1, sides in the order
    top, right, bottom, left), the lines at that corner's dot that are not the cell's sides."""
    found = {}
    for r in range(lines.h):
        for c in range(lines.w):
            sides = lines.sides(r, c)
            for j, (y, x) in enumerate(((r, c + 1), (r + 1, c + 1), (r + 1, c), (r, c))):
                found[(r, c, j)] = [e for e in _around(lines, y, x) if e not in sides]
    return found


def _around(lines: Edges, y: int, x: int) -> list[Lit]:
    """The lines at dot (x, y) that the grid has, in turn around it: up, right, down, left."""
    found = []
    if y > 0:
        found.append(lines.vl[y - 1][x])
    if x < lines.w:
        found.append(lines.hl[y][x])
    if y < lines.h:
        found.append(lines.vl[y][x])
    if x > 0:
        found.append(lines.hl[y][x - 1])
    return found


def _closing(
    lines: Edges, puzzle: Loopy
) -> Callable[[Callable[[Lit], bool]], list[tuple[Lit, ...]]]:
    """The player's loop rule as clauses written on demand: a line that would close the lines
    drawn so far into a loop is off, when that loop leaves out a line drawn elsewhere or gets a
    clue wrong (Tatham's Easy level uses it; the one-network cuts see it only once closed)."""
    w = lines.w + 1
    edges = [
        (y * w + x, y * w + x + 1, e) for y, row in enumerate(lines.hl) for x, e in enumerate(row)
    ] + [
        ((y * w + x), (y + 1) * w + x, e)
        for y, row in enumerate(lines.vl)
        for x, e in enumerate(row)
    ]
    edges = [(u, v, e) for u, v, e in edges if e != OFF]
    clued = [
        (lines.sides(r, c), clue)
        for r, row in enumerate(puzzle.rows)
        for c, clue in enumerate(row)
        if clue is not None
    ]

    def hints(certain: Callable[[Lit], bool]) -> list[tuple[Lit, ...]]:
        """The clauses that keep each line open now from closing a loop too early."""
        root, pieces = drawn_pieces(edges, certain)
        drawn = [(u, v, e) for u, v, e in edges if certain(e)]
        cuts: list[tuple[Lit, ...]] = []
        for u, v, e in edges:
            if certain(e) or certain(-e):
                continue
            piece = root(u)
            if piece != root(v):
                continue
            loop = {*pieces[piece], e}
            elsewhere = next((f for _, _, f in drawn if f not in loop), None)
            if elsewhere is not None:
                cuts.append((-e, *(-f for f in pieces[piece]), -elsewhere))
            elif any(sum(s in loop for s in sides) != clue for sides, clue in clued):
                cuts.append((-e, *(-f for f in pieces[piece])))
        return cuts

    return hints
