"""Shared line rules on boards of cells: one loop (or one path between two ends) drawn through
cell centres, from cell to side-by-side cell, and a forest of diagonals (no loop among lines
that run corner to corner across cells).

A line through cells is a literal per pair of side-by-side cells ("the line joins them"); the
genres (Masyu, Tracks) say which cells it must visit and how it bends, and ask here that the
lines make a single loop, or a single path whose ends leave the board. Three ways to say so:

- ``edges``: every cell has no line or two (an end one), and the cells on lines are one
  network (``models/graph.py``'s lazy connectivity cuts);
- ``circuit``: the line walked one way, an arc per direction, as a circuit that skips the
  cells off it (CP-SAT's circuit constraint; subtour cuts on SAT); a path is closed through a
  node of its own beyond the board;
- ``faces`` (loops only): each square between four cell centres is inside the loop or outside
  it, a line is where two squares beside it differ; the inside is one piece and the outside
  too, and no cell has four lines.

The forest of diagonals (Slant) is said through its dual: the diagonals of the cells hold no
loop exactly when every corner is joined to the board's edge by diagonals (a loop would wall
in the corners inside it; a corner cut off is walled in by a loop), one network per colour of
the corners' checkerboard, each with the board's edge as one more node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from .graph import add_connected_by_levels, drawn_pieces
from .model import Assignment, Lit, Model

RIGHT, UP, LEFT, DOWN = 1, 2, 4, 8
"""A cell's lines as bits (Net's, and the corpus's direction masks)."""

LINE_ENCODINGS = ("edges", "circuit", "faces")
PATH_ENCODINGS = ("edges", "circuit")
FOREST_ENCODINGS = ("networks", "levels")

Cell = tuple[int, int]


class CellLines:
    """The lines that may join side-by-side cells of a ``width`` x ``height`` board: a literal
    each, and one literal that is always false for a line that cannot be drawn (off the board,
    or ruled out by the caller's ``off``), so rules can be written the same everywhere."""

    def __init__(
        self, model: Model, width: int, height: int, off: Callable[[Cell, Cell], bool] | None = None
    ) -> None:
        self.model, self.width, self.height = model, width, height
        self.true = model.bool_var()
        model.add_clause([self.true])
        self.false = -self.true
        ruled = off or (lambda a, b: False)
        self.across: list[list[Lit]] = [
            [
                self.false if ruled((r, c), (r, c + 1)) else model.bool_var()
                for c in range(width - 1)
            ]
            for r in range(height)
        ]
        self.down: list[list[Lit]] = [
            [self.false if ruled((r, c), (r + 1, c)) else model.bool_var() for c in range(width)]
            for r in range(height - 1)
        ]

    def line(self, r: int, c: int, bit: int) -> Lit:
        """The line from cell (r, c) in direction ``bit`` (false off the board)."""
        if bit == RIGHT:
            ok = 0 <= r < self.height and 0 <= c < self.width - 1
            return self.across[r][c] if ok else self.false
        if bit == LEFT:
            ok = 0 <= r < self.height and 1 <= c < self.width
            return self.across[r][c - 1] if ok else self.false
        if bit == DOWN:
            ok = 0 <= r < self.height - 1 and 0 <= c < self.width
            return self.down[r][c] if ok else self.false
        ok = 1 <= r < self.height and 0 <= c < self.width
        return self.down[r - 1][c] if ok else self.false

    def around(self, r: int, c: int) -> list[tuple[int, Cell, Lit]]:
        """The lines that may be drawn from cell (r, c): (bit, the cell across, literal)."""
        steps = ((RIGHT, (r, c + 1)), (UP, (r - 1, c)), (LEFT, (r, c - 1)), (DOWN, (r + 1, c)))
        return [
            (bit, far, lit) for bit, far in steps if (lit := self.line(r, c, bit)) != self.false
        ]

    def all(self) -> list[Lit]:
        """Every line that may be drawn."""
        return [e for row in self.across + self.down for e in row if e != self.false]

    def edges(self) -> list[tuple[int, int, Lit]]:
        """Every line that may be drawn as (cell, cell, literal), cell (r, c) numbered
        r * width + c: the board as a graph, for the rules of connection."""
        w = self.width
        return [
            (r * w + c, r * w + c + 1, e)
            for r, row in enumerate(self.across)
            for c, e in enumerate(row)
            if e != self.false
        ] + [
            (r * w + c, (r + 1) * w + c, e)
            for r, row in enumerate(self.down)
            for c, e in enumerate(row)
            if e != self.false
        ]

    def clause(self, lits: Iterable[Lit]) -> None:
        """At least one of ``lits``: none when one is always true, the false ones left out."""
        kept = [lit for lit in lits if lit != self.false]
        if self.true not in kept:
            self.model.add_clause(kept)

    def masks(self, value: Assignment, stubs: dict[Cell, int] | None = None) -> list[str]:
        """Each cell's lines as a direction mask, a hex digit a cell, a string a row (the
        corpus's form); ``stubs`` adds the bits of lines that leave the board."""
        out = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                mask = (stubs or {}).get((r, c), 0)
                for bit, _, lit in self.around(r, c):
                    if value(lit):
                        mask |= bit
                row.append(format(mask, "x"))
            out.append("".join(row))
        return out


def add_single_line(
    lines: CellLines,
    encoding: str = "edges",
    must: Iterable[Cell] = (),
    ends: Iterable[Cell] = (),
) -> dict[Cell, Lit]:
    """The drawn lines make one loop, or with two ``ends`` (cells whose line leaves the board,
    each with one line on it) one path between them; every cell of ``must`` is on it. Returns
    each cell's literal "the line passes here" (``lines.true`` for the cells that must)."""
    model = lines.model
    forced = set(must)
    tips = list(dict.fromkeys(ends))
    if tips and len(tips) != 2:
        raise ValueError("a path has two ends")
    if tips and encoding == "faces":
        raise ValueError("the faces encoding draws loops only")
    forced |= set(tips)
    cells = [(r, c) for r in range(lines.height) for c in range(lines.width)]
    on: dict[Cell, Lit] = {}
    for cell in cells:
        near = [lit for _, _, lit in lines.around(*cell)]
        if cell in forced:
            on[cell] = lines.true
        elif near:
            on[cell] = model.bool_var()
        else:
            on[cell] = lines.false
    if not forced:  # there is a loop: some line is drawn
        model.add_clause(lines.all())
    if encoding == "faces":
        _loop_by_faces(lines, on)
        return on
    for cell in cells:
        near = [lit for _, _, lit in lines.around(*cell)]
        _degree(lines, near, on[cell], 1 if cell in tips else 2)
    if encoding == "circuit":
        _by_circuit(lines, on, tips)
    elif encoding == "edges":
        _by_network(lines, on)
    else:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(LINE_ENCODINGS)})")
    return on


def _degree(lines: CellLines, near: Sequence[Lit], here: Lit, k: int) -> None:
    """The cell has ``k`` of the lines ``near`` when ``here`` holds, and none otherwise."""
    model = lines.model
    if here == lines.false:
        for e in near:
            model.add_clause([-e])
        return
    for e in near:
        lines.clause([-e, here])  # a line passes the cell
    # On the line, k of its lines at least: no n-k+1 of them all off (so that a cell left with
    # only k lines that may be drawn draws them, by propagation alone).
    size = len(near) - k + 1
    for group in combinations(near, size) if size > 0 else [()]:
        lines.clause([-here, *group])
    if k == 2:
        for e in near:  # no line ends here
            lines.clause([-e, *[f for f in near if f != e]])
    else:
        for a, b in combinations(near, 2):
            model.add_clause([-a, -b])
    for group in combinations(near, k + 1):
        model.add_clause([-e for e in group])


def _by_network(lines: CellLines, on: dict[Cell, Lit]) -> None:
    """The cells the line passes are one network along the lines drawn."""
    w = lines.width
    nodes = [r * w + c for (r, c), lit in on.items() if lit != lines.false]
    active = [
        (r * w + c, lit) for (r, c), lit in on.items() if lit not in (lines.true, lines.false)
    ]
    lines.model.add_connected(nodes, lines.edges(), active)


def _arcs(lines: CellLines) -> list[tuple[int, int, Lit]]:
    """An arc per direction of each line (cells numbered ``r * width + c``), the line drawn
    exactly when one of its two arcs is: what a circuit walks."""
    model, w = lines.model, lines.width
    arcs: list[tuple[int, int, Lit]] = []
    for r in range(lines.height):
        for c in range(w):
            for bit, (rr, cc), e in lines.around(r, c):
                if bit not in (RIGHT, DOWN):
                    continue
                there, back = model.bool_var(), model.bool_var()
                model.add_clause([-there, e])
                model.add_clause([-back, e])
                model.add_clause([-e, there, back])
                model.add_clause([-there, -back])
                arcs += [(r * w + c, rr * w + cc, there), (rr * w + cc, r * w + c, back)]
    return arcs


def _by_circuit(lines: CellLines, on: dict[Cell, Lit], tips: list[Cell]) -> None:
    """The line walked one way: an arc per direction of each line, a line drawn exactly when
    one of its arcs is; a cell off the line skipped (its self-loop); a path closed through a
    node beyond the board, from its second end back to its first."""
    model, w = lines.model, lines.width
    arcs = _arcs(lines)
    for (r, c), lit in on.items():
        if lit == lines.false:
            continue
        if lit != lines.true:
            arcs.append((r * w + c, r * w + c, -lit))
    if tips:
        beyond = lines.height * w
        (r0, c0), (r1, c1) = tips
        arcs += [(beyond, r0 * w + c0, lines.true), (r1 * w + c1, beyond, lines.true)]
    model.add_circuit(arcs)


def _loop_by_faces(lines: CellLines, on: dict[Cell, Lit]) -> None:
    """Each square between four cell centres inside or outside; a line exactly where the
    squares on its two sides differ (beyond the board is outside); the inside one piece, the
    outside one piece with the world beyond, and no cell with four lines. A cell is on the loop
    when a line passes it."""
    model = lines.model
    h, w = lines.height - 1, lines.width - 1  # the squares: h rows of w
    inside = [list(model.bool_vars(w)) for _ in range(h)] if h > 0 and w > 0 else []

    def square(i: int, j: int) -> Lit | None:
        return inside[i][j] if 0 <= i < h and 0 <= j < w else None

    def differ(e: Lit, a: Lit | None, b: Lit | None) -> None:
        """Line ``e`` is drawn iff squares ``a`` and ``b`` differ (None: outside)."""
        if a is None:
            a, b = b, None
        if a is None:
            lines.clause([-e])
        elif b is None:
            lines.clause([-e, a])
            lines.clause([e, -a])
        else:
            lines.clause([-e, a, b])
            lines.clause([-e, -a, -b])
            lines.clause([e, -a, b])
            lines.clause([e, a, -b])

    for r, row in enumerate(lines.across):  # between (r, c) and (r, c + 1)
        for c, e in enumerate(row):
            differ(e, square(r - 1, c), square(r, c))
    for r, row in enumerate(lines.down):  # between (r, c) and (r + 1, c)
        for c, e in enumerate(row):
            differ(e, square(r, c - 1), square(r, c))
    for (r, c), here in on.items():
        near = [lit for _, _, lit in lines.around(r, c)]
        if len(near) == 4:
            model.add_clause([-e for e in near])
        for e in near:
            lines.clause([-e, here])
        lines.clause([-here, *near])
    if not inside:
        return
    nodes = [i * w + j for i in range(h) for j in range(w)]
    touching = [(i * w + j, i * w + j + 1, 0) for i in range(h) for j in range(w - 1)]
    touching += [(i * w + j, (i + 1) * w + j, 0) for i in range(h - 1) for j in range(w)]
    # A cell the loop must pass has a square inside among the four around it.
    anchors = [
        {
            i * w + j
            for i, j in ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c))
            if 0 <= i < h and 0 <= j < w
        }
        for (r, c), lit in on.items()
        if lit == lines.true
    ]
    model.add_connected(
        nodes,
        touching,
        [(i * w + j, inside[i][j]) for i in range(h) for j in range(w)],
        [a for a in anchors if a],
    )
    world = h * w
    border = [
        (i * w + j, world, 0)
        for i in range(h)
        for j in range(w)
        if i in (0, h - 1) or j in (0, w - 1)
    ]
    model.add_connected(
        [*nodes, world],
        touching + border,
        [(i * w + j, -inside[i][j]) for i in range(h) for j in range(w)],
    )


# -- a forest of diagonals ------------------------------------------------------------------------


def add_forest_of_diagonals(
    model: Model, slash: Sequence[Sequence[Lit]], encoding: str = "networks"
) -> None:
    """The cells' diagonals hold no loop. ``slash[r][c]`` is true when cell (r, c) holds ``/``
    (its top-right corner to its bottom-left one), false for ``\\``. Said as every corner being
    joined to the board's edge by diagonals, for each colour of the corners' checkerboard:
    ``networks`` by lazy connectivity cuts, ``levels`` by reach levels in clauses (no cuts). The
    smallest loops (a diamond of four cells around a corner) are also ruled out by clauses."""
    if encoding not in FOREST_ENCODINGS:
        raise ValueError(
            f"unknown encoding {encoding!r} (choose from {', '.join(FOREST_ENCODINGS)})"
        )
    h, w = len(slash), len(slash[0])
    # A diamond around an inner corner: / above-left, \ above-right, / below-right... a loop.
    for y in range(1, h):
        for x in range(1, w):
            model.add_clause([-slash[y - 1][x - 1], slash[y - 1][x], -slash[y][x], slash[y][x - 1]])
    width = w + 1
    world = (h + 1) * width
    for colour in (0, 1):
        points = [
            y * width + x for y in range(h + 1) for x in range(w + 1) if (x + y) % 2 == colour
        ]
        edges: list[tuple[int, int, Lit]] = []
        for r in range(h):
            for c in range(w):
                if (r + c) % 2 == colour:  # the \ diagonal joins corners of this colour
                    edges.append((r * width + c, (r + 1) * width + c + 1, -slash[r][c]))
                else:
                    edges.append((r * width + c + 1, (r + 1) * width + c, slash[r][c]))
        edge = [p for p in points if p // width in (0, h) or p % width in (0, w)]
        if encoding == "networks":
            border = [(p, world, 0) for p in edge]
            model.add_connected([world, *points], edges + border, ())
        else:
            # The world first: every corner of this colour reached from it.
            inner = [p for p in points if p not in set(edge)]
            ends = {p: world for p in edge}
            joined = [(ends.get(u, u), ends.get(v, v), lit) for u, v, lit in edges]
            joined = [(u, v, lit) for u, v, lit in joined if u != v]
            add_connected_by_levels(model, [world, *inner], joined)


def closing_hints(
    lines: CellLines, must: Iterable[Cell] = (), path: bool = False
) -> Callable[[Callable[[Lit], bool]], list[tuple[Lit, ...]]]:
    """The player's loop rule as clauses written on demand (``Built.hints``, for grading): a
    line that would close the lines drawn so far into a loop is off, when that loop leaves out
    a line drawn elsewhere or a cell the line must pass, and always on a ``path``."""
    w = lines.width
    edges = lines.edges()
    needed = [r * w + c for r, c in must]

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
            closing = tuple(-f for f in pieces[piece])
            elsewhere = next((f for a, _, f in drawn if root(a) != piece), None)
            if path or any(root(n) != piece for n in needed):
                cuts.append((-e, *closing))
            elif elsewhere is not None:
                cuts.append((-e, *closing, -elsewhere))
        return cuts

    return hints


def forest_hints(
    slash: Sequence[Sequence[Lit]],
) -> Callable[[Callable[[Lit], bool]], list[tuple[Lit, ...]]]:
    """The player's loop rule of Slant as clauses written on demand (``Built.hints``, for
    grading): a cell whose one diagonal would join two corners the diagonals drawn already join
    takes the other one (the clause names every diagonal of that piece)."""
    h, w = len(slash), len(slash[0])

    # Each cell's two diagonals as edges between corners: the literal "this one is drawn".
    diagonals = [
        edge
        for r in range(h)
        for c in range(w)
        for edge in (
            (r * (w + 1) + c, (r + 1) * (w + 1) + c + 1, -slash[r][c]),
            (r * (w + 1) + c + 1, (r + 1) * (w + 1) + c, slash[r][c]),
        )
    ]

    def hints(certain: Callable[[Lit], bool]) -> list[tuple[Lit, ...]]:
        root, pieces = drawn_pieces(diagonals, certain)
        cuts: list[tuple[Lit, ...]] = []
        for r in range(h):
            for c in range(w):
                s = slash[r][c]
                if certain(s) or certain(-s):
                    continue
                for lit, a, b in ((-s, r * (w + 1) + c, (r + 1) * (w + 1) + c + 1),
                                  (s, r * (w + 1) + c + 1, (r + 1) * (w + 1) + c)):  # fmt: skip
                    piece = root(a)
                    if piece == root(b):
                        cuts.append((-lit, *(-f for f in pieces[piece])))
        return cuts

    return hints


# -- paths that join pairs of cells (Numberlink) --------------------------------------------------

PAIR_ENCODINGS = ("binary", "onehot", "circuit")
"""How "each path joins a pair, and no path strays" is written, the default first."""

STRAIGHT_UP_TO = 3
"""The longest run of empty cells in a row or column between two cells of one path that the
narrowed model rules out (a run of one: the opposite neighbours of an empty cell): measured on
12 slow boards of Janko's Arukone, three against one was faster on 8 (median 489 against 526
ms); runs of up to six were slower on 6 of 10."""


def add_linked_pairs(
    lines: CellLines,
    pairs: Sequence[tuple[Cell, Cell]],
    every_cell: bool = False,
    encoding: str = "binary",
    minimal: bool = False,
) -> dict[Cell, Lit]:
    """The drawn lines are paths, one joining the two cells of each pair (each of those has one
    line), sharing no cell with another; no line is drawn elsewhere (a loop of its own), and
    with ``every_cell`` every cell is on a path. Returns each cell's literal "a path passes
    here". Each cell on a path carries its pair's label, equal across every line drawn:

    - ``binary``: the label's bits (a pair's number in binary), the lines' network joined to
      the pairs' cells by lazy cuts (a stray loop is joined to none);
    - ``onehot``: a literal per pair and cell, the same cuts;
    - ``circuit``: binary labels, and the paths walked one after another as one circuit, each
      pair's second cell joined to the next pair's first beyond the board (CP-SAT's circuit
      constraint; subtour cuts on SAT).

    ``minimal`` keeps only the answers no path of which can be made shorter by a step or two
    (``_minimal_paths``): not a rule of the genre, so such a model may miss answers; every
    answer shortens to one it keeps."""
    if encoding not in PAIR_ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(PAIR_ENCODINGS)})")
    model, w = lines.model, lines.width
    ends = {cell: k for k, pair in enumerate(pairs) for cell in pair}
    on: dict[Cell, Lit] = {}
    for r in range(lines.height):
        for c in range(w):
            cell = (r, c)
            near = [lit for _, _, lit in lines.around(r, c)]
            if cell in ends:
                on[cell] = lines.true
                lines.clause(near)  # one line at least, and no two
                for a, b in combinations(near, 2):
                    model.add_clause([-a, -b])
                continue
            on[cell] = lines.true if every_cell else model.bool_var() if near else lines.false
            _degree(lines, near, on[cell], 2)
    drawn = lines.edges()
    # Labels: equal across every line drawn; a pair's cells carry its own.
    size = len(pairs) if encoding == "onehot" else max(1, (len(pairs) - 1).bit_length())
    label = {cell: list(model.bool_vars(size)) for cell in on}
    for cell, k in ends.items():
        for j, x in enumerate(label[cell]):
            on_bit = (k == j) if encoding == "onehot" else bool(k >> j & 1)
            model.add_clause([x if on_bit else -x])
    for cell, here in on.items():
        if cell in ends:
            continue
        if encoding == "onehot":
            lines.clause([-here, *label[cell]])  # (at most one follows from the lines)
        for x in label[cell]:
            lines.clause([here, -x])  # (a cell off every path carries no label)
    for u, v, e in drawn:
        bits = zip(label[(u // w, u % w)], label[(v // w, v % w)], strict=True)
        for x, y in bits:
            model.add_clause([-e, -x, y])
            model.add_clause([-e, x, -y])
    # No four lines round a square of four cells: a loop of its own, which the cuts would
    # refuse one at a time (redundant, and a tenth of a board's search where cells may stay
    # empty).
    for r in range(lines.height - 1):
        for c in range(w - 1):
            square = (lines.across[r][c], lines.across[r + 1][c], lines.down[r][c + 1],
                      lines.down[r][c])  # fmt: skip
            if lines.false not in square:
                model.add_clause([-e for e in square])
    if minimal:
        _minimal_paths(lines, on, label, encoding == "onehot")
    if encoding == "circuit":
        _pairs_by_circuit(lines, on, pairs)
    else:
        # Every cell on a path is joined to a pair's cell: a node beyond the board stands for
        # them all.
        root = lines.height * w
        nodes = [root] + [r * w + c for (r, c), lit in on.items() if lit != lines.false]
        fixed = (lines.true, lines.false)
        active = [(r * w + c, lit) for (r, c), lit in on.items() if lit not in fixed]
        model.add_connected(nodes, drawn + [(r * w + c, root, 0) for r, c in ends], active)
    return on


def _minimal_paths(
    lines: CellLines, on: dict[Cell, Lit], label: dict[Cell, list[Lit]], onehot: bool
) -> None:
    """No path could be made shorter through its own cells or a straight run of empty ones, nor
    bent round an empty cell towards the board's first rows: two side-by-side cells of one
    path are joined by a line (else the path steps across, freeing the cells between); no two
    cells of one path have a run of empty cells (up to STRAIGHT_UP_TO) alone between them in
    a row or column (the path could run straight through it); and two neighbours
    of an empty cell round a corner that are on one path are joined through the corner's
    fourth cell (else through the empty cell), that fourth cell coming after the empty one in
    reading order (else the path could swap them: as long, its empty cell one earlier).

    Each step here gives another answer with fewer cells used, or as many and the empty ones
    earlier in reading order, so steps cannot go on for ever and every answer comes to one
    where none applies; and each leaves a cell empty, so an answer that passes every cell is
    reached from itself alone."""
    model, h, w = lines.model, lines.height, lines.width
    differs: dict[tuple[Cell, Cell], list[Lit]] = {}

    def apart(a: Cell, b: Cell, unless: list[Lit]) -> None:
        """Cells ``a`` and ``b`` are not on one path, unless one of ``unless`` holds."""
        a, b = min(a, b), max(a, b)
        if onehot:
            for x, y in zip(label[a], label[b], strict=True):
                lines.clause([*unless, -x, -y])
            return
        if (a, b) not in differs:  # a literal per bit: "the labels differ in this bit"
            differs[(a, b)] = []
            for x, y in zip(label[a], label[b], strict=True):
                d = model.bool_var()
                model.add_clause([-d, x, y])
                model.add_clause([-d, -x, -y])
                differs[(a, b)].append(d)
        lines.clause([*unless, -on[a], -on[b], *differs[(a, b)]])

    def between(a: Cell, b: Cell) -> Lit:
        """The line between side-by-side cells."""
        (r, c), (rr, _) = sorted((a, b))
        return lines.across[r][c] if r == rr else lines.down[r][c]

    for r in range(h):
        for c in range(w):
            if on[(r, c)] == lines.false:
                continue
            for far in ((r, c + 1), (r + 1, c)):
                if far in on and on[far] != lines.false:
                    apart((r, c), far, [between((r, c), far)])
            here = on[(r, c)]
            if here == lines.true:
                continue
            near = [(r, c + 1), (r - 1, c), (r, c - 1), (r + 1, c)]
            for a, b in combinations([cell for cell in near if cell in on], 2):
                if on[a] == lines.false or on[b] == lines.false:
                    continue
                if a[0] == b[0] or a[1] == b[1]:  # opposite sides
                    apart(a, b, [here])
                    continue
                corner = (a[0] + b[0] - r, a[1] + b[1] - c)
                if corner < (r, c):  # (swapped, the empty cell would come earlier)
                    apart(a, b, [here])
                    continue
                for line in (between(a, corner), between(corner, b)):
                    apart(a, b, [here, line])
    for span in range(2, STRAIGHT_UP_TO + 1):
        for r in range(h):
            for c in range(w):
                for dr, dc in ((0, 1), (1, 0)):
                    far = (r + dr * (span + 1), c + dc * (span + 1))
                    if far not in on or on[far] == lines.false or on[(r, c)] == lines.false:
                        continue
                    inner = [on[(r + dr * i, c + dc * i)] for i in range(1, span + 1)]
                    if lines.true in inner:
                        continue
                    apart((r, c), far, [x for x in inner if x != lines.false])


def _pairs_by_circuit(
    lines: CellLines, on: dict[Cell, Lit], pairs: Sequence[tuple[Cell, Cell]]
) -> None:
    """The paths walked as one circuit: an arc per direction of each line, a cell off every
    path skipped, and each pair's second cell joined to the next pair's first."""
    model, w = lines.model, lines.width
    arcs = _arcs(lines)
    for (r, c), lit in on.items():
        if lit not in (lines.true, lines.false):
            arcs.append((r * w + c, r * w + c, -lit))
        elif lit == lines.false:
            arcs.append((r * w + c, r * w + c, lines.true))
    for k, (_, last) in enumerate(pairs):
        first = pairs[(k + 1) % len(pairs)][0]
        arcs.append((last[0] * w + last[1], first[0] * w + first[1], lines.true))
    model.add_circuit(arcs)


SHAPES = (RIGHT | LEFT, UP | DOWN, LEFT | UP, LEFT | DOWN, RIGHT | UP, RIGHT | DOWN, 0)
"""What a cell of a loop may hold, as its lines' bits: a straight either way, a corner of four,
or nothing."""


def add_cell_shapes(
    lines: CellLines, allowed: Callable[[Cell, int], bool]
) -> dict[Cell, dict[int, Lit]]:
    """A literal per shape each cell may hold (``SHAPES``, the ones ``allowed`` and its lines
    permit), exactly one per cell, tied to its lines both ways: a person's view of a cell,
    on which propagation alone rules out every shape a known line forbids and draws (or rules
    out) every line all the cell's shapes left agree on. Redundant with the lines' own rules."""
    model = lines.model
    shapes: dict[Cell, dict[int, Lit]] = {}
    for r in range(lines.height):
        for c in range(lines.width):
            bits = {bit: lines.line(r, c, bit) for bit in (RIGHT, UP, LEFT, DOWN)}
            fits = [
                shape
                for shape in SHAPES
                if allowed((r, c), shape) and all(bits[b] != lines.false for b in bits if shape & b)
            ]
            here = dict(zip(fits, model.bool_vars(len(fits)), strict=True))
            shapes[(r, c)] = here
            model.add_exactly_one(here.values())
            for bit, e in bits.items():
                if e == lines.false:
                    continue
                for shape, s in here.items():
                    lines.clause([-s, e if shape & bit else -e])
                lines.clause([-e, *(s for shape, s in here.items() if shape & bit)])
                lines.clause([e, *(s for shape, s in here.items() if not shape & bit)])
    return shapes
