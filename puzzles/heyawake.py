"""Heyawake, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, board_windows, cell_name, grid_answer, near
from .rooms import RoomMap, numbered, rectangles, room_cells
from .shading import SHADED, UNSHADED, board_problems, neighbours, shading_problems

Board = tuple[str, ...]
"""A solution: a string a row, ``1`` a shaded cell, ``0`` an unshaded one."""


@dataclass(frozen=True, slots=True)
class Heyawake(Rows):
    """A board split into rooms: ``rows`` a room number a cell (rooms numbered by their first
    cells in reading order), ``numbers`` a room's number of shaded cells, None where the room
    shows none, in the rooms' order; ``held``, cells held shaded (True) or unshaded, which
    no puzzle people play has: the maker holds the cells outside a window to its planted
    answer while it looks for another answer inside."""

    rows: RoomMap
    numbers: tuple[int | None, ...]
    held: tuple[tuple[Cell, bool], ...] = field(default=(), repr=False)

    def rooms(self) -> list[list[Cell]]:
        """Each room's cells, in reading order."""
        return room_cells(self.rows)


def long_runs(
    puzzle: Heyawake, solution: Board, rows: Iterable[int] = (), columns: Iterable[int] = ()
) -> list[tuple[Cell, Cell]]:
    """The runs of unshaded cells in a row or column that cross two room borders or more,
    each as its first and last cell: in every row and column, or in those named."""
    found = []
    rooms = puzzle.rows
    h, w = puzzle.height, puzzle.width
    rows, columns = list(rows), list(columns)
    if not rows and not columns:
        rows, columns = list(range(h)), list(range(w))
    lines = [[(r, c) for c in range(w)] for r in rows]
    lines += [[(r, c) for r in range(h)] for c in columns]
    for line in lines:
        start = 0
        while start < len(line):
            if solution[line[start][0]][line[start][1]] == SHADED:
                start += 1
                continue
            end = start
            while end + 1 < len(line) and solution[line[end + 1][0]][line[end + 1][1]] != SHADED:
                end += 1
            crossed = sum(
                rooms[a[0]][a[1]] != rooms[b[0]][b[1]]
                for a, b in zip(line[start:end], line[start + 1 : end + 1], strict=True)
            )
            if crossed >= 2:
                found.append((line[start], line[end]))
            start = end + 1
    return found


def check(puzzle: Heyawake, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    shape = board_problems(puzzle, puzzle.width, puzzle.height, solution)
    if shape:
        return shape
    problems = []
    # A room's number is how many of its cells are shaded.
    for cells, n in zip(puzzle.rooms(), puzzle.numbers, strict=True):
        found = sum(solution[r][c] == SHADED for r, c in cells)
        if n is not None and found != n:
            problems.append(
                f"the room at {cell_name(puzzle, cells[0])} shows {n}, but {found} of its cells "
                f"{'is' if found == 1 else 'are'} shaded"
            )
    problems += [
        f"{cell_name(puzzle, (r, c))} is held {'' if shaded else 'un'}shaded"
        for (r, c), shaded in puzzle.held
        if (solution[r][c] == SHADED) != shaded
    ]
    # No line of unshaded cells runs through three rooms.
    for first, last in long_runs(puzzle, solution):
        problems.append(
            f"the unshaded cells from {cell_name(puzzle, first)} to {cell_name(puzzle, last)} "
            "cross two room borders"
        )
    # No two shaded cells share an edge; the unshaded cells are one group.
    return problems + shading_problems(puzzle, solution)


# -- givens, for setters: the rooms' numbers ------------------------------------------------------

Given = tuple[Cell, int]
"""A room's number, at the room's first cell: ((row, column), number)."""


def givens(puzzle: Heyawake) -> list[Given]:
    rooms = puzzle.rooms()
    return [(rooms[k][0], n) for k, n in enumerate(puzzle.numbers) if n is not None]


def with_givens(puzzle: Heyawake, shown: Iterable[Given]) -> Heyawake:
    numbers: list[int | None] = [None] * len(puzzle.numbers)
    for (r, c), n in shown:
        numbers[puzzle.rows[r][c]] = n
    return replace(puzzle, numbers=tuple(numbers))


def given_at(puzzle: Heyawake, solution: Board, place: Cell) -> Given:
    """The number of the room that holds ``place``, as the solution shades it."""
    r, c = place
    cells = puzzle.rooms()[puzzle.rows[r][c]]
    return (cells[0], sum(solution[y][x] == SHADED for y, x in cells))


def describe(puzzle: Heyawake, given: Given) -> str:
    place, n = given
    return f"{n} in the room at {cell_name(puzzle, place)}"


GIVENS: Givens[Heyawake, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole -------------------------------------------------------------------

SIDES = (1, 2, 2, 3, 3, 3, 4)
"""The sides a made room's rectangle is drawn from (Nikoli's rooms are mostly 2 to 4 a side)."""


def counts(puzzle: Heyawake, solution: Board) -> tuple[int, ...]:
    """How many cells of each room the solution shades."""
    return tuple(sum(solution[r][c] == SHADED for r, c in cells) for cells in puzzle.rooms())


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random map of rectangular rooms, a shading the solver finds for random numbers in some
    of them, and every room numbered as that shading says. While another shading answers too,
    a room holding a cell where the two differ is cut in two (when the first shading still
    keeps every rule), which numbers it more closely."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Heyawake board is at least 2x2, not {width}x{height}")
    if width * height > PLANTED:
        return _planted(size, rng, partial(solutions, on=PLANTED_BACKEND))
    for _ in range(50):
        rooms = rectangles(width, height, rng, SIDES)
        cells = room_cells(rooms)
        targets = [rng.randint(len(c) // 3, (len(c) + 1) // 2) if rng.random() < 0.6 else None
                   for c in cells]  # fmt: skip
        found = solutions(Heyawake(rooms, tuple(targets)), 1)
        while not found and any(t is not None for t in targets):
            # (numbers no shading meets: half of them dropped, until one does)
            held = [k for k, t in enumerate(targets) if t is not None]
            for k in rng.sample(held, (len(held) + 1) // 2):
                targets[k] = None
            found = solutions(Heyawake(rooms, tuple(targets)), 1)
        if not found:
            continue
        ours = found[0]
        puzzle = Heyawake(rooms, counts(Heyawake(rooms, tuple(targets)), ours))
        for _ in range(width * height):
            others = [s for s in solutions(puzzle, 5) if s != ours]
            if not others:
                return puzzle, ours, []
            cut = False
            for other in others:  # each one ruled out in turn, unless a cut did already
                split = None if check(puzzle, other) else _split(puzzle, ours, other, rng)
                if split is not None:
                    puzzle, cut = split, True
            if not cut:
                break
    raise GenerateError(f"no {width}x{height} Heyawake with one solution was found")


PLANTED_SIDES = (2, 2, 3, 3, 3, 4)
"""The sides of a planted board's rooms: with rooms one cell wide a planted shading seldom
settles."""

PLANTED = 256
"""Past this many cells (the most the first way made) the answer is planted first: the
solver's answer to random numbers does not come within minutes at Nikoli's 36x20."""
PLANTED_BACKEND = "sat:cadical195"
"""What the planted way solves on: MiniCard's whole-board checks took ten times as long at
36x20 (seed 3: 119 s of CPU against 12), and no seed made these boards before it."""


def _plant(rooms: RoomMap, rng: random.Random) -> list[list[str]] | None:
    """A shading that keeps the rules in ``rooms``: a cell shaded in a line of unshaded cells
    that crosses two borders (none beside another, the unshaded one group) until none does,
    then random cells more. Where a line's cells cannot be shaded, a shaded cell near it is
    unshaded; None when that does not settle."""
    h, w = len(rooms), len(rooms[0])
    grid = [[UNSHADED] * w for _ in range(h)]

    def can_shade(r: int, c: int) -> bool:
        if grid[r][c] == SHADED:
            return False
        near = list(neighbours(w, h, r, c))
        if any(grid[y][x] == SHADED for y, x in near):
            return False
        grid[r][c] = SHADED
        # (the unshaded neighbours still meet, found by a search from one of them)
        start, seen, todo = near[0], {near[0]}, [near[0]]
        while todo and not all(n in seen for n in near):
            y, x = todo.pop()
            for nxt in neighbours(w, h, y, x):
                if nxt not in seen and grid[nxt[0]][nxt[1]] == UNSHADED:
                    seen.add(nxt)
                    todo.append(nxt)
        grid[r][c] = UNSHADED
        return all(n in seen for n in near) and start is not None

    bare = Heyawake(rooms, ())
    for _ in range(w * h // 4):
        runs = long_runs(bare, tuple("".join(row) for row in grid))
        if not runs:
            # (more shading never lengthens a line of unshaded cells)
            cells = [(r, c) for r in range(h) for c in range(w)]
            rng.shuffle(cells)
            for r, c in cells[: len(cells) // 4]:
                if can_shade(r, c):
                    grid[r][c] = SHADED
            return grid
        for (r0, c0), (r1, c1) in runs:
            line = [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
            if any(grid[r][c] == SHADED for r, c in line):
                continue  # (cut already this round)
            borders = [k for k in range(len(line) - 1) if rooms[line[k][0]][line[k][1]]
                       != rooms[line[k + 1][0]][line[k + 1][1]]]  # fmt: skip
            # (first the cells between its first two borders: each side then crosses fewer)
            inside = line[borders[0] + 1 : borders[1] + 1]
            rng.shuffle(inside)
            for r, c in inside + [cell for cell in line if cell not in inside]:
                if can_shade(r, c):
                    grid[r][c] = SHADED
                    break
            else:
                # (no cell of it can be shaded: a shaded cell near it is let go instead)
                ring = {n for r, c in inside for n in neighbours(w, h, r, c)}
                ring |= {n for r, c in ring for n in neighbours(w, h, r, c)}
                near = sorted(n for n in ring if grid[n[0]][n[1]] == SHADED)
                if not near:
                    return None
                y, x = rng.choice(near)
                grid[y][x] = UNSHADED
                for r, c in inside:
                    if can_shade(r, c):
                        grid[r][c] = SHADED
                        break
    return None


def _planted(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Rooms of random rectangles and a shading planted in them (see ``_plant``), every room
    numbered from it; while another shading answers too, a room where the two differ is cut
    in two (``_split``), the other shading looked for a window at a time first (``_other``),
    the whole board only when no window has one. Then the numbers are taken away in random
    order, each while no other shading differs within ``MARGIN`` cells round its room, and
    shown again where a second answer of the whole board differs, until it has none. Every
    number left is kept: ``generate`` takes none away after (its whole-board proof a number
    would cost seconds at this size)."""
    width, height = size
    windows = board_windows(width, height, WINDOW)
    for _ in range(50):
        rooms = rectangles(width, height, rng, PLANTED_SIDES)
        grid = _plant(rooms, rng)
        if grid is None:
            continue
        ours = tuple("".join(row) for row in grid)
        puzzle = Heyawake(rooms, counts(Heyawake(rooms, ()), ours))
        dirty = set(range(len(windows)))
        rounds = 0
        turned: set[Cell] = set()  # (cells ours turned: they turn no more, else they go round)
        while True:
            other = _other(puzzle, ours, [windows[k] for k in sorted(dirty)], solutions)
            dirty.clear()
            if other is None:
                others = [s for s in solutions(puzzle, 2) if s != ours]
                if not others:
                    shown = _fewer(puzzle, ours, rng, solutions)
                    return shown, ours, givens(shown)
                other = others[0]
            split = _split(puzzle, ours, other, rng)
            if split is not None:
                before = {frozenset(cells) for cells in puzzle.rooms()}
                changed = {cell for cells in split.rooms() if frozenset(cells) not in before
                           for cell in cells}  # fmt: skip
                puzzle = split
            elif (shaded := _cut_and_shade(puzzle, ours, other, rng)) is not None:
                # (a cut that ours keeps with a cell more shaded on each line it lengthens)
                split, board = shaded
                before = {frozenset(cells) for cells in puzzle.rooms()}
                changed = {cell for cells in split.rooms() if frozenset(cells) not in before
                           for cell in cells}  # fmt: skip
                puzzle, ours = split, board
            else:
                # (no cut keeps ours an answer: ours changes at a cell where the two differ)
                flipped = _flip(puzzle, ours, other, rng, turned)
                if flipped is not None:
                    ours, changed = flipped, {_differ(ours, flipped)}
                    turned |= changed
                    puzzle = replace(puzzle, numbers=counts(puzzle, ours))
                elif (shaded := _reshade(puzzle, ours, other, rng, solutions)) is not None:
                    # (a cut between two cells where they differ, ours shaded anew round it)
                    split, board = shaded
                    changed = {(r, c) for r in range(height) for c in range(width)
                               if (split.rows[r][c], board[r][c])
                               != (puzzle.rows[r][c], ours[r][c])}  # fmt: skip
                    puzzle, ours = split, board
                else:
                    break
            rounds += 1
            if rounds > len(puzzle.numbers):
                break  # (changes that go round and round: another map)
            dirty.update(k for k, box in enumerate(windows) if near(box, changed))
    raise GenerateError(f"no {width}x{height} Heyawake with one solution was found")


def _cut_and_shade(
    puzzle: Heyawake, ours: Board, other: Board, rng: random.Random
) -> tuple[Heyawake, Board] | None:
    """The puzzle with a room that holds a cell where the two differ cut in two across the
    line between two such cells, and ours with a cell shaded in each line of unshaded cells
    the cut makes cross two borders (none beside a shaded one, the unshaded cells one group),
    every room numbered from it; None when no such cut and shading are found."""
    h, w = puzzle.height, puzzle.width
    for rooms, across in _cuts(puzzle, ours, other, rng):
        bare = Heyawake(rooms, ())
        grid = [list(row) for row in ours]
        for (r0, c0), (r1, c1) in long_runs(bare, ours, *across):
            line = [(y, x) for y in range(r0, r1 + 1) for x in range(c0, c1 + 1)]
            rng.shuffle(line)
            for y, x in line:
                if any(grid[yy][xx] == SHADED for yy, xx in neighbours(w, h, y, x)):
                    continue
                grid[y][x] = SHADED
                if not shading_problems(bare, tuple("".join(row) for row in grid)):
                    break
                grid[y][x] = UNSHADED
            else:
                break
        else:
            board = tuple("".join(row) for row in grid)
            if not long_runs(bare, board):
                return replace(bare, numbers=counts(bare, board)), board
    return None


RESHADE = 2
"""How many cells round a cut room the solver shades anew (the cells past them held to ours),
then twice as many."""


def _reshade(
    puzzle: Heyawake, ours: Board, other: Board, rng: random.Random, solutions: Any
) -> tuple[Heyawake, Board] | None:
    """The puzzle with a room cut in two between two cells where the two answers differ (so
    the halves count them apart), and ours shaded anew by the solver within ``RESHADE`` cells
    of that room where no cell of ours keeps the rules with the cut: every room numbered from
    the new shading; None when no such cut has a shading."""
    h, w = puzzle.height, puzzle.width
    differ = [(r, c) for r in range(h) for c in range(w) if ours[r][c] != other[r][c]]
    rooms = puzzle.rooms()
    cuts = []
    for room in sorted({puzzle.rows[r][c] for r, c in differ}):
        inside = [(r, c) for r, c in differ if puzzle.rows[r][c] == room]
        ys, xs = sorted({y for y, _ in rooms[room]}), sorted({x for _, x in rooms[room]})
        cuts += [
            (room, "row", y)
            for y in ys[1:]
            if min(r for r, _ in inside) < y <= max(r for r, _ in inside)
        ]
        cuts += [
            (room, "col", x)
            for x in xs[1:]
            if min(c for _, c in inside) < x <= max(c for _, c in inside)
        ]
    rng.shuffle(cuts)
    for room, way, at in cuts:
        labels = [
            [
                (v, (y if way == "row" else x) >= at) if v == room else (v, False)
                for x, v in enumerate(row)
            ]
            for y, row in enumerate(puzzle.rows)
        ]
        bare = Heyawake(numbered(labels)[0], ())
        ys, xs = [r for r, _ in rooms[room]], [c for _, c in rooms[room]]
        free = replace(bare, numbers=tuple(None for _ in bare.rooms()))
        for margin in (RESHADE, 2 * RESHADE):  # (twice as far where the near cells cannot)
            box = (
                max(0, min(ys) - margin),
                max(0, min(xs) - margin),
                min(h, max(ys) + margin + 1),
                min(w, max(xs) + margin + 1),
            )
            found = solutions(_held(free, ours, box), 1)
            if found:
                board = found[0]
                return replace(bare, numbers=counts(bare, board)), board
    return None


def _differ(ours: Board, theirs: Board) -> Cell:
    """The first cell where two boards differ."""
    return next(
        (r, c) for r, row in enumerate(ours) for c, v in enumerate(row) if theirs[r][c] != v
    )


def _flip(
    puzzle: Heyawake, ours: Board, other: Board, rng: random.Random, turned: set[Cell]
) -> Board | None:
    """Ours with one cell where the two differ (else one near them, and none of ``turned``)
    turned: shaded when none beside it is and the unshaded cells stay one group, unshaded when
    no line of unshaded cells then crosses two borders; None when no such cell turns."""
    h, w = puzzle.height, puzzle.width
    differ = [(r, c) for r in range(h) for c in range(w) if ours[r][c] != other[r][c]]
    rng.shuffle(differ)
    # (then the cells near them: where none of them turns, a change beside them parts the two)
    ring = {(y, x) for r, c in differ for y in range(r - 2, r + 3) for x in range(c - 2, c + 3)}
    near = sorted(cell for cell in ring - set(differ) if 0 <= cell[0] < h and 0 <= cell[1] < w)
    rng.shuffle(near)
    for r, c in [cell for cell in differ + near if cell not in turned]:
        grid = [list(row) for row in ours]
        if grid[r][c] == SHADED:
            grid[r][c] = UNSHADED
            board = tuple("".join(row) for row in grid)
            if not long_runs(puzzle, board, [r], [c]):
                return board
        elif all(grid[y][x] != SHADED for y, x in neighbours(w, h, r, c)):
            grid[r][c] = SHADED
            board = tuple("".join(row) for row in grid)
            if not shading_problems(puzzle, board):
                return board
    return None


WINDOW = 8
"""The side of the windows a second answer is looked for in first, which overlap by half."""
MARGIN = 3
"""A number is taken away while no other answer differs within this many cells round its
room (the cells past them held to the planted answer)."""


def _held(puzzle: Heyawake, ours: Board, box: tuple[int, int, int, int]) -> Heyawake:
    """The puzzle with every cell outside ``box`` held as ``ours`` shades it."""
    top, left, bottom, right = box
    held = tuple(
        ((r, c), ours[r][c] == SHADED)
        for r in range(puzzle.height)
        for c in range(puzzle.width)
        if not (top <= r < bottom and left <= c < right)
    )
    return replace(puzzle, held=held)


def _other(
    puzzle: Heyawake, ours: Board, boxes: list[tuple[int, int, int, int]], solutions: Any
) -> Board | None:
    """Another answer that differs from ``ours`` inside one of ``boxes`` alone (the cells
    outside it held to ours: a board the solver settles at once); None when none has one."""
    for box in boxes:
        others: list[Board] = [s for s in solutions(_held(puzzle, ours, box), 2) if s != ours]
        if others:
            return others[0]
    return None


def _fewer(puzzle: Heyawake, ours: Board, rng: random.Random, solutions: Any) -> Heyawake:
    """``puzzle`` (every room numbered, ``ours`` its only answer) with numbers taken away: each
    in random order while no other answer differs within ``MARGIN`` of its room; then, while
    the whole board has another answer, a number shown again in a room whose count it changes."""
    numbers = list(puzzle.numbers)
    rooms = puzzle.rooms()
    order = list(range(len(numbers)))
    rng.shuffle(order)
    for k in order:
        n, numbers[k] = numbers[k], None
        ys, xs = [r for r, _ in rooms[k]], [c for _, c in rooms[k]]
        box = (min(ys) - MARGIN, min(xs) - MARGIN, max(ys) + MARGIN + 1, max(xs) + MARGIN + 1)
        trial = replace(puzzle, numbers=tuple(numbers))
        if _other(trial, ours, [box], solutions) is not None:
            numbers[k] = n
    full = counts(puzzle, ours)
    while True:
        made = replace(puzzle, numbers=tuple(numbers))
        others = [s for s in solutions(made, 2) if s != ours]
        if not others:
            return made
        theirs = counts(puzzle, others[0])
        differ = [k for k, n in enumerate(numbers) if n is None and theirs[k] != full[k]]
        k = rng.choice(differ)
        numbers[k] = full[k]


def _split(puzzle: Heyawake, ours: Board, other: Board, rng: random.Random) -> Heyawake | None:
    """The puzzle with a room that holds a cell where the two shadings differ cut in two
    across a random line, every room numbered from ours (which must still keep the rules);
    None when no such cut keeps them."""
    for rooms, across in _cuts(puzzle, ours, other, rng):
        bare = Heyawake(rooms, tuple(None for _ in room_cells(rooms)))
        # Ours keeps every rule but perhaps this one, across the new border alone.
        if not long_runs(bare, ours, *across):
            return replace(bare, numbers=counts(bare, ours))
    return None


def _cuts(
    puzzle: Heyawake, ours: Board, other: Board, rng: random.Random
) -> Iterator[tuple[RoomMap, tuple[Iterable[int], Iterable[int]]]]:
    """Each way, in random order, to cut in two a room that holds a cell where the two
    shadings differ, straight across it: the rooms after the cut, and the rows and columns
    (as ``long_runs`` takes them) whose lines the new border crosses."""
    h, w = puzzle.height, puzzle.width
    differ = [(r, c) for r in range(h) for c in range(w) if ours[r][c] != other[r][c]]
    rng.shuffle(differ)
    for r, c in differ:
        room = puzzle.rows[r][c]
        cells = puzzle.rooms()[room]
        ys, xs = sorted({y for y, _ in cells}), sorted({x for _, x in cells})
        cuts = [("row", y) for y in ys[1:]] + [("col", x) for x in xs[1:]]
        rng.shuffle(cuts)
        for way, at in cuts:
            labels = [
                [
                    (v, (y if way == "row" else x) >= at) if v == room else (v, False)
                    for x, v in enumerate(row)
                ]
                for y, row in enumerate(puzzle.rows)
            ]
            across: tuple[Iterable[int], Iterable[int]] = {"row": ((), xs), "col": (ys, ())}[way]
            yield numbered(labels)[0], across


GENRE = About(
    name="heyawake",
    summary="shade cells so that no two shaded cells share an edge, the unshaded cells are one "
    "group, a room's number counts its shaded cells, and no line of unshaded cells crosses two "
    "room borders",
    reading=Reading(
        input_format="a map of rooms, a letter a cell (AABB; names separated by spaces when "
        "longer), then a line per numbered room (A=2), or a puzz.link URL",
        example="ABBCCD\nABBCCD\nABBCCD\nEEEEED\nFFFGGD\nFFFGGH\n\nA=2, B=2, C=2, D=2",
        output_formats=("grid",),
        urls=("heyawake", "heyawacky"),
    ),
    solving=Solving(
        # MiniCard's native cardinality beats CaDiCaL's counters by 10 to 20% on the room
        # numbers (benchmarks/bench_rooms.py heyawake: 2.0 ms at 10x10, 20 ms at 20x20); the
        # levels write a hundred times more (118 ms at 10x10). But on Janko's 787 published
        # boards MiniCard ran past 15 s on two (21x21 and 31x45: a million conflicts and more)
        # where CaDiCaL's worst is 321 ms, at medians 3 to 17 ms against 3 to 14 up to 30 a
        # side: CaDiCaL, for no board left behind.
        default_backend="sat:cadical195",
        default_encoding="cuts",
    ),
    making=Making(
        size="10x10",
        small="6x6",
        # 40x40: past 256 cells the answer is planted first (seeds 1-3 at 40x40: 46 to 56 s of CPU)
        largest=1_600,
        backend="sat:minicard",  # (the puzzles a seed makes, as before CaDiCaL's default)
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 30 puzzles made at
        # 10x10 (1.68, 1.87, 2.39; every one needs probing, a third of them lookahead) part
        # the bands.
        bands=(
            ("easy", 0, 1.65),
            ("medium", 1.65, 1.9),
            ("hard", 1.9, 2.4),
            ("extreme", 2.4, 4),
        ),
    ),
)
