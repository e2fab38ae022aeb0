"""Yajilin, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Box, Cell, Rows, board_windows, cell_name, grid_answer, near
from .loopy import RING
from .masyu import DOWN, line_problems

Clue = tuple[str, int | None]
"""A clue cell: its arrow (``^`` up, ``v`` down, ``<`` left, ``>`` right, ``""`` none) and how
many shaded cells lie that way (None: not told)."""

ARROWS = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
SHADED = "#"
CLUE = "."
"""A solution: a string a row, a character a cell: ``#`` shaded, ``.`` a clue cell, and a hex
digit for a cell on the loop, its lines as bits (1 right, 2 up, 4 left, 8 down: Masyu's
masks)."""

Board = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Yajilin(Rows):
    """A board of cells, a tuple a row: None an empty cell, else a clue ``(arrow, count)``.
    ``outside``: every shaded cell lies outside the loop (puzz.link's ``o`` flag). ``grey`` says
    the clues are drawn on grey (puzz.link's ``b`` flag): how it is shown, not what it is.
    ``marks`` are a setter's givens, in reading order: True, the cell is shaded; False, the
    loop passes it."""

    rows: tuple[tuple[Clue | None, ...], ...]
    outside: bool = False
    marks: tuple[tuple[Cell, bool], ...] = ()
    grey: bool = field(default=False, compare=False)

    def clues(self) -> dict[Cell, Clue]:
        """The clue cells and their clues."""
        return {
            (r, c): clue
            for r, row in enumerate(self.rows)
            for c, clue in enumerate(row)
            if clue is not None
        }


def ahead(puzzle: Rows, cell: Cell, arrow: str) -> list[Cell]:
    """The cells from ``cell`` to the board's edge the way ``arrow`` points (not ``cell``)."""
    dr, dc = ARROWS[arrow]
    r, c = cell[0] + dr, cell[1] + dc
    found = []
    while 0 <= r < puzzle.height and 0 <= c < puzzle.width:
        found.append((r, c))
        r, c = r + dr, c + dc
    return found


def inside_cells(masks: Sequence[Sequence[int]]) -> set[Cell]:
    """The cells off the loop that it encloses: a ray from a cell's centre to the left, just
    below the centre, crosses the lines running down from the cells it passes an odd number of
    times (a cell off the loop is on the same side as the point just below its centre)."""
    found = set()
    for r, row in enumerate(masks):
        odd = False
        for c, m in enumerate(row):
            if not m and odd:
                found.add((r, c))
            if m & DOWN:
                odd = not odd
    return found


def check(puzzle: Yajilin, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    clues = puzzle.clues()
    problems = []
    masks = [[0] * w for _ in range(h)]
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            name = cell_name(puzzle, (r, c))
            if (r, c) in clues:
                if ch != CLUE:
                    problems.append(f"{name} is a clue, not {ch!r} (a clue cell is written .)")
            elif ch == SHADED:
                continue
            elif ch in "123456789abcdef":
                masks[r][c] = int(ch, 16)
            elif ch in ".0":
                problems.append(f"{name} is neither shaded nor on the loop")
            else:
                problems.append(f"{name} holds {ch!r}, not # or a hex digit")
    if problems:
        return problems
    # A setter's marks stay.
    for (r, c), shaded in puzzle.marks:
        if (solution[r][c] == SHADED) != shaded:
            problems.append(
                f"{cell_name(puzzle, (r, c))} is given {'shaded' if shaded else 'on the loop'}"
            )
    # No two shaded cells share an edge.
    for r in range(h):
        for c in range(w):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < h and cc < w and solution[r][c] == SHADED == solution[rr][cc]:
                    problems.append(
                        f"the shaded cells {cell_name(puzzle, (r, c))} and "
                        f"{cell_name(puzzle, (rr, cc))} share an edge"
                    )
    # The arrows count the shaded cells they point at.
    for cell, (arrow, count) in sorted(clues.items()):
        if arrow and count is not None:
            found = sum(solution[r][c] == SHADED for r, c in ahead(puzzle, cell, arrow))
            if found != count:
                problems.append(
                    f"the clue at {cell_name(puzzle, cell)} says {count} shaded {arrow}, but "
                    f"{found} are"
                )
    # Every other cell is on one loop.
    problems += line_problems(puzzle, masks)
    if puzzle.outside and not problems:
        for cell in sorted(inside_cells(masks)):
            if solution[cell[0]][cell[1]] == SHADED:
                problems.append(f"the shaded cell {cell_name(puzzle, cell)} is inside the loop")
    return problems


# -- givens, for setters: the clues' counts -------------------------------------------------------

Given = tuple[Cell, Clue | bool | None]
"""A clue ``((row, column), (arrow, count))``; a mark ``((row, column), True)``: the cell is
shaded, ``False``: the loop passes it; None: no clue there."""


def givens(puzzle: Yajilin) -> list[Given]:
    """The clues that tell a count, then the marks, in reading order."""
    clues = sorted((cell, clue) for cell, clue in puzzle.clues().items() if clue[1] is not None)
    return [*clues, *puzzle.marks]


def with_givens(puzzle: Yajilin, shown: Iterable[Given]) -> Yajilin:
    """The same board showing exactly these clues and marks: a clue cell not shown is a clue
    cell that tells nothing (no arrow, no count)."""
    shown = list(shown)
    told = {cell: clue for cell, clue in shown if isinstance(clue, tuple)}
    marks = tuple(sorted((cell, mark) for cell, mark in shown if isinstance(mark, bool)))
    blank: Clue = ("", None)
    rows = tuple(
        tuple(told.get((r, c), None if clue is None else blank) for c, clue in enumerate(row))
        for r, row in enumerate(puzzle.rows)
    )
    return replace(puzzle, rows=rows, marks=marks)


def given_at(puzzle: Yajilin, solution: Board, place: Cell) -> Given:
    """The clue the solution gives at a clue cell: its own arrow (the one toward the most
    shaded cells, for a cell with none) and the count; at any other cell, a mark: shaded or
    not."""
    clue = puzzle.clues().get(place)
    if clue is None:
        return (place, solution[place[0]][place[1]] == SHADED)

    def count(arrow: str) -> int:
        return sum(solution[r][c] == SHADED for r, c in ahead(puzzle, place, arrow))

    arrow = clue[0] or max((a for a in ARROWS if ahead(puzzle, place, a)), key=count, default="")
    return (place, (arrow, count(arrow)) if arrow else ("", None))


def describe(puzzle: Yajilin, given: Given) -> str:
    place, clue = given
    if clue is None:
        return f"no clue at {cell_name(puzzle, place)}"
    if isinstance(clue, bool):
        return f"{cell_name(puzzle, place)} {'shaded' if clue else 'on the loop'}"
    arrow, count = clue
    return f"{'?' if count is None else count}{arrow} at {cell_name(puzzle, place)}"


GIVENS: Givens[Yajilin, Board, Given] = Givens(givens, with_givens, given_at, describe)
place_name = cell_name


def answer(solution: Board) -> dict[Cell, Any]:
    """The solution cell by cell: shaded, a clue, or its lines."""
    return grid_answer(solution)


# -- random puzzles ------------------------------------------------------------------------------


def thin_region(
    width: int, height: int, rng: random.Random, share: float = 1.0
) -> list[list[bool]]:
    """A random region of the squares between cell centres whose border is one loop, grown
    square by square as Loopy's regions are, with no 2x2 block of squares inside (so the loop
    passes every cell inside it): the cells off the loop are all outside it. It grows until
    about ``share`` of the squares are inside, or no square can join."""
    inside = [[False] * width for _ in range(height)]

    def may_add(r: int, c: int) -> bool:
        return _may_join(inside, width, height, r, c)

    r, c = rng.randrange(height), rng.randrange(width)
    inside[r][c] = True
    frontier = {(r + dr, c + dc) for dr, dc in RING[::2]}
    size, goal = 1, max(1, int(width * height * share))
    while frontier and size < goal:
        cell = rng.choice(sorted(frontier))
        frontier.discard(cell)
        r, c = cell
        if not (0 <= r < height and 0 <= c < width) or inside[r][c] or not may_add(r, c):
            continue
        inside[r][c] = True
        size += 1
        frontier.update((r + dr, c + dc) for dr, dc in RING)
    return inside


def _may_join(inside: list[list[bool]], width: int, height: int, r: int, c: int) -> bool:
    """Whether square (r, c), outside the region, may join it with its border still one loop
    that passes every cell inside: the squares round it inside are one run, touching it
    along a side, and none makes a 2x2 block or meets the region at a corner alone."""

    def at(y: int, x: int) -> bool:
        return 0 <= y < height and 0 <= x < width and inside[y][x]

    ring = [at(r + dr, c + dc) for dr, dc in RING]
    for i in (1, 3, 5, 7):
        if ring[i] and not ring[i - 1] and not ring[(i + 1) % 8]:
            return False
        if ring[i] and ring[i - 1] and ring[(i + 1) % 8]:
            return False  # (a 2x2 block)
    return sum(1 for i in range(8) if ring[i] and not ring[i - 1]) == 1


def spread_region(width: int, height: int, rng: random.Random, share: float) -> list[list[bool]]:
    """A thin region grown over the whole board (``thin_region``), then squares taken away
    from it in random order, each where it could join again (so the border stays one loop),
    until about ``share`` of the squares are inside: the cells off its loop are spread over the
    board, not left in one place where the growth stopped."""
    inside = thin_region(width, height, rng)
    squares = [(r, c) for r in range(height) for c in range(width) if inside[r][c]]
    rng.shuffle(squares)
    size, goal = len(squares), max(1, int(width * height * share))
    for _ in range(3):
        for r, c in squares:
            if size <= goal:
                return inside
            if not inside[r][c]:
                continue
            inside[r][c] = False
            if size > 1 and _may_join(inside, width, height, r, c):
                size -= 1
            else:
                inside[r][c] = True
    return inside


def _clues_for(
    size: tuple[int, int], solution: Board, cells: Iterable[Cell], rng: random.Random
) -> dict[Cell, Clue]:
    """A clue for each of ``cells``: an arrow toward at least one cell, the count it sees."""
    width, height = size
    board = Yajilin(tuple(tuple(None for _ in range(width)) for _ in range(height)))
    found: dict[Cell, Clue] = {}
    for cell in cells:
        arrows = [a for a in ARROWS if ahead(board, cell, a)]
        weights = [
            1 + sum(solution[r][c] == SHADED for r, c in ahead(board, cell, a)) for a in arrows
        ]
        arrow = rng.choices(arrows, weights)[0]
        found[cell] = (arrow, sum(solution[r][c] == SHADED for r, c in ahead(board, cell, arrow)))
    return found


def _board(width: int, height: int, clues: dict[Cell, Clue]) -> Yajilin:
    return Yajilin(tuple(tuple(clues.get((r, c)) for c in range(width)) for r in range(height)))


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random loop (the border of a thin random region), a random shading of the cells off
    it with no two shaded cells side by side, and a clue with a random arrow on each cell left.
    While the solver finds another solution, each clue whose arrow can tell the two apart
    turns that way (once), else a shaded cell of ours becomes a clue that does, else (the loops
    differ where the shading does not) a cell where they part becomes a clue and the solver
    draws a new solution around the clue cells: a few rounds, and the clues allow one
    solution alone. A board past ``LOCAL`` cells is made a window at a time
    (``_made_in_parts``)."""
    from .masyu import loop_masks

    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Yajilin board is at least 2x2, not {width}x{height}")
    if width * height > LOCAL:
        return _made_in_parts(size, rng, solutions)
    for _ in range(50):
        masks = loop_masks(thin_region(width - 1, height - 1, rng, rng.uniform(0.4, 0.6)))
        off = [(r, c) for r in range(height) for c in range(width) if not masks[r][c]]
        rng.shuffle(off)
        shaded: set[Cell] = set()
        for r, c in off:
            near = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
            if not near & shaded and rng.random() < 0.9:
                shaded.add((r, c))
        ours = tuple(
            "".join(
                SHADED if (r, c) in shaded else format(masks[r][c], "x") if masks[r][c] else CLUE
                for c in range(width)
            )
            for r in range(height)
        )
        clues = _clues_for(size, ours, [cell for cell in off if cell not in shaded], rng)
        if not clues:
            continue
        kept: set[Cell] = set()
        for _ in range(4 * width * height):
            puzzle = _board(width, height, clues)
            others = [s for s in solutions(puzzle, 2) if s != ours]
            if not others:
                return puzzle, ours, []
            other = others[0]
            telling = _telling(puzzle, ours, other, [c for c in sorted(clues) if c not in kept])
            if telling:
                for cell, told in telling:  # (each clue that can tell them apart turns so)
                    clues[cell] = told
                    kept.add(cell)  # (and turns no more: turning back would let that one in)
                continue
            # A shaded cell of ours becomes a clue whose arrow tells the two apart.
            turned = _telling(puzzle, ours, other, _shaded(ours))
            if turned:
                cell, clue = rng.choice(turned)
                ours = _as_clue(ours, cell)
            else:
                # The loops differ where the shading does not: a cell where they part becomes
                # a clue, and the solver draws our loop anew around the clue cells.
                parted = [
                    (r, c) for r in range(height) for c in range(width) if ours[r][c] != other[r][c]
                ]
                rng.shuffle(parted)
                for cell in parted[:4]:
                    walls: dict[Cell, Clue] = {at: ("", None) for at in [*clues, cell]}
                    found = solutions(_board(width, height, walls), 1)
                    if found:
                        ours = found[0]
                        break
                else:
                    break
                clue = _clues_for(size, ours, [cell], rng)[cell]
            clues = {
                at: (arrow, sum(ours[r][c] == SHADED for r, c in ahead(puzzle, at, arrow)))
                for at, (arrow, _) in clues.items()
            }
            clues[cell] = clue
            kept.add(cell)
    raise GenerateError(f"no {width}x{height} Yajilin with one solution was found")


def _telling(
    puzzle: Rows, ours: Board, other: Board, cells: Iterable[Cell]
) -> list[tuple[Cell, Clue]]:
    """Each clue a cell of ``cells`` could hold that tells the two boards apart: an arrow,
    and ours's count of shaded cells ahead of it where the other's differs."""
    return [
        (cell, (arrow, n))
        for cell in cells
        for arrow in ARROWS
        if (n := sum(ours[r][c] == SHADED for r, c in ahead(puzzle, cell, arrow)))
        != sum(other[r][c] == SHADED for r, c in ahead(puzzle, cell, arrow))
    ]


def _shaded(board: Board) -> list[Cell]:
    """The board's shaded cells, in reading order."""
    return [(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == SHADED]


def _as_clue(board: Board, cell: Cell) -> Board:
    """The board with ``cell`` a clue cell."""
    return tuple(
        "".join(CLUE if (r, c) == cell else ch for c, ch in enumerate(row))
        for r, row in enumerate(board)
    )


LOCAL = 400
"""Boards of more cells than this are made a window at a time (``_made_in_parts``): on the
whole board each round of the small boards' way costs a solve of every cell, and there are
rounds in proportion to the cells."""
WINDOW = 10
"""The side of the windows a large board is settled in, which overlap by half."""
SHARE = (0.41, 0.44)
"""The share of the board a large board's loop encloses (``spread_region``): about a sixth of
the cells are left off it, to be shaded or hold clues (a small board's way, a region grown to
half, passes nearly every cell of a large board, with a clue on one cell in a hundred and many
solutions to settle; or, grown to less, leaves a part of the board all off the loop)."""
REACH = 4
"""A clue cell is taken away while no other solution differs from ours within this many rows
and columns round it (``_fewer_clues``)."""


def _pinned(
    width: int, height: int, clues: dict[Cell, Clue], ours: Board, box: Box | None
) -> Yajilin:
    """The board showing ``clues``, every other cell outside ``box`` given as it is in ours
    (shaded, or on the loop). The loop is still one loop over the whole board, so a solution
    of it is a solution of the board without those marks: a real second answer, found where
    the rest is settled at once."""
    marks: tuple[tuple[Cell, bool], ...] = ()
    if box is not None:
        top, left, bottom, right = box
        marks = tuple(
            ((r, c), ours[r][c] == SHADED)
            for r in range(height)
            for c in range(width)
            if (r, c) not in clues and not (top <= r < bottom and left <= c < right)
        )
    rows = tuple(tuple(clues.get((r, c)) for c in range(width)) for r in range(height))
    return Yajilin(rows, marks=marks)


def _made_in_parts(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A large board made a window at a time: a random loop and shading, the loop grown round
    the cells the shading left idle (``_grown``), a clue with a random arrow on each cell left,
    as on a small board. While a window holds another solution that differs from ours inside
    it alone (the rest given as ours is), or else the whole board does, ours and the clues
    change as on a small board (a loop drawn anew is drawn within the window where the two
    differ). Then clue cells are taken away where the loop can take them in
    (``_fewer_clues``), and the board is settled again. Every clue shows its arrow and count,
    as Nikoli's do: a count is not taken away."""
    from .masyu import loop_masks

    width, height = size
    windows = board_windows(width, height, WINDOW)
    for _ in range(20):
        inside = spread_region(width - 1, height - 1, rng, rng.uniform(*SHARE))
        masks = loop_masks(inside)
        off = [(r, c) for r in range(height) for c in range(width) if not masks[r][c]]
        rng.shuffle(off)
        shaded: set[Cell] = set()
        for r, c in off:
            near = {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
            if not near & shaded and rng.random() < 0.9:
                shaded.add((r, c))
        masks = loop_masks(_grown(inside, shaded, rng))
        off = [(r, c) for r in range(height) for c in range(width) if not masks[r][c]]
        rng.shuffle(off)
        for r, c in off:  # (a cell the loop could not reach is shaded where it may be)
            if not {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & shaded:
                shaded.add((r, c))
        ours = tuple(
            "".join(
                SHADED if (r, c) in shaded else format(masks[r][c], "x") if masks[r][c] else CLUE
                for c in range(width)
            )
            for r in range(height)
        )
        clues = _clues_for(size, ours, [cell for cell in off if cell not in shaded], rng)
        settled = _settle(size, ours, clues, windows, rng, solutions)
        if settled is None:
            continue
        ours, clues = settled
        ours, clues = _fewer_clues(size, ours, clues, rng, solutions)
        settled = _settle(size, ours, clues, windows, rng, solutions)
        if settled is None:
            continue
        ours, clues = settled
        puzzle = _board(width, height, clues)
        return puzzle, ours, givens(puzzle)
    raise GenerateError(f"no {width}x{height} Yajilin with one solution was found")


def _grown(inside: list[list[bool]], shaded: set[Cell], rng: random.Random) -> list[list[bool]]:
    """The region grown square by square, in random order, into every square it may join
    (``_may_join``) with no shaded cell at a corner: the loop, its border, bends round the
    cells left idle by the shading, so that few are left to hold clues."""
    height, width = len(inside), len(inside[0])
    squares = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(squares)
    grew = True
    while grew:
        grew = False
        for r, c in squares:
            if inside[r][c] or {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} & shaded:
                continue
            if _may_join(inside, width, height, r, c):
                inside[r][c] = True
                grew = True
    return inside


def _fewer_clues(
    size: tuple[int, int],
    ours: Board,
    clues: dict[Cell, Clue],
    rng: random.Random,
    solutions: Any,
) -> tuple[Board, dict[Cell, Clue]]:
    """Ours and the clues with clue cells taken away in random order: each where ours, drawn
    anew within ``REACH`` of it through or round the cell, leaves no other solution that
    differs from it there (the counts that see the change follow it)."""
    width, height = size
    blank = _board(width, height, {})
    order = sorted(clues)
    rng.shuffle(order)
    for cell in order:
        box = _round(width, height, cell)
        rest = {at: clue for at, clue in clues.items() if at != cell}
        walls: dict[Cell, Clue] = {at: ("", None) for at in rest}
        drawn = solutions(_pinned(width, height, walls, ours, box), 1)
        if not drawn:
            continue
        now = drawn[0]
        told = {
            at: (arrow, sum(now[r][c] == SHADED for r, c in ahead(blank, at, arrow)))
            for at, (arrow, _) in rest.items()
        }
        if any(s != now for s in solutions(_pinned(width, height, told, now, box), 2)):
            continue
        ours, clues = now, told
    return ours, clues


def _settle(
    size: tuple[int, int],
    ours: Board,
    clues: dict[Cell, Clue],
    windows: list[Box],
    rng: random.Random,
    solutions: Any,
) -> tuple[Board, dict[Cell, Clue]] | None:
    """Ours and the clues, changed until the clues, all shown, allow ours alone (windows
    first, ``_made_in_parts``); None when a board does not settle."""
    width, height = size
    blank = _board(width, height, {})
    dirty = set(range(len(windows)))
    kept: set[Cell] = set()
    for _ in range(2 * width * height):
        other, box = None, None
        while dirty and other is None:
            k = min(dirty)
            dirty.discard(k)
            box = windows[k]
            found = solutions(_pinned(width, height, clues, ours, box), 2)
            other = next((s for s in found if s != ours), None)
        if other is None:
            box = None
            found = solutions(_pinned(width, height, clues, ours, None), 2)
            other = next((s for s in found if s != ours), None)
            if other is None:
                return ours, clues
        before = ours
        changed: set[Cell] = set()
        telling = _telling(blank, ours, other, [c for c in sorted(clues) if c not in kept])
        if telling:
            for cell, told in telling:  # (each clue that can tell them apart turns so)
                clues[cell] = told
                kept.add(cell)  # (and turns no more: turning back would let that one in)
                changed.add(cell)
        else:
            turned = _telling(blank, ours, other, _shaded(ours))
            if turned:
                cell, clue = rng.choice(turned)
                ours = _as_clue(ours, cell)
            else:
                # The loops differ where the shading does not: a cell where they part becomes
                # a clue, and ours is drawn anew round the clue cells, within ``REACH`` of it
                # (the rest as ours is), else within a window round all the cells where they
                # part.
                parted = [
                    (r, c) for r in range(height) for c in range(width) if ours[r][c] != other[r][c]
                ]
                if box is not None:  # (the marks pin the shading, not the lines: the loops may
                    # part outside the window too; ours is drawn anew inside it alone)
                    top, left, bottom, right = box
                    parted = [
                        (r, c) for r, c in parted if top <= r < bottom and left <= c < right
                    ] or parted
                rows = [r for r, _ in parted]
                cols = [c for _, c in parted]
                around = (
                    max(0, min(rows) - 2),
                    max(0, min(cols) - 2),
                    min(height, max(rows) + 3),
                    min(width, max(cols) + 3),
                )
                rng.shuffle(parted)
                tries = [(cell, _round(width, height, cell)) for cell in parted[:4]]
                tries += [(cell, around) for cell in parted[:4]]
                for cell, within in tries:
                    walls: dict[Cell, Clue] = {at: ("", None) for at in [*clues, cell]}
                    drawn = solutions(_pinned(width, height, walls, ours, within), 1)
                    if drawn:
                        ours = drawn[0]
                        break
                else:
                    return None
                clue = _clues_for(size, ours, [cell], rng)[cell]
            for at, (arrow, was) in clues.items():
                now = sum(ours[r][c] == SHADED for r, c in ahead(blank, at, arrow))
                if now != was:
                    clues[at] = (arrow, now)
                    changed.add(at)
            clues[cell] = clue
            kept.add(cell)
            changed.add(cell)
        changed |= {
            (r, c)
            for r in range(height)
            for c in range(width)
            if ours[r][c] != before[r][c] or ours[r][c] != other[r][c]
        }
        dirty.update(k for k, w in enumerate(windows) if near(w, changed))
    return None


def _round(width: int, height: int, cell: Cell) -> Box:
    """The window ``REACH`` rows and columns round a cell."""
    r, c = cell
    return (
        max(0, r - REACH),
        max(0, c - REACH),
        min(height, r + REACH + 1),
        min(width, c + REACH + 1),
    )


GENRE = About(
    name="yajilin",
    aliases=("yajirin",),
    summary="shade some cells, no two sharing an edge, so that each arrow's number counts the "
    "shaded cells it points at, and draw one loop through the centres of all the other cells "
    "but the clues",
    reading=Reading(
        input_format="a puzz.link URL, or rows of cells: . empty, a clue as its count and arrow "
        "(2> 1v 0< 3^, ? a count not told, ? alone a clue cell that tells nothing), # a cell "
        "given shaded, + given on the loop; an optional first line 'outside': the shaded cells "
        "lie outside the loop",
        example=". . . . .\n. . . . .\n. . . 2< .\n. . . . .\n. . . . 0^",
        output_formats=("grid", "masks"),
        urls=("yajilin", "yajirin"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="edges",
    ),
    making=Making(
        size="8x8",
        small="5x5",
        largest=1_600,
    ),
    grading=Grading(
        # Made 8x8 boards with every given they can lose taken away score 1.05 to 1.66
        # (median 1.23 over 12, benchmarks: docs/genres/links.md), all by probing: hard and
        # extreme; generate keeps givens for easy (propagation alone) and medium.
        bands=(
            ("easy", 0, 0.5),
            ("medium", 0.5, 1.03),
            ("hard", 1.03, 1.1),
            ("extreme", 1.1, 4),
        ),
    ),
)
