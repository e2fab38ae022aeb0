"""LITS, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..contract import About, GenerateError, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer
from .roomshading import MARKS, Labels, canonical, grow_rooms, mark_problems, room_cells, room_name
from .shading import DARK, LIGHT, dark_board_problems, groups, neighbours, wall_problems

Board = tuple[str, ...]
"""A solution: a string a row, ``#`` a shaded cell, ``.`` an unshaded one."""


@dataclass(frozen=True, slots=True)
class Lits:
    """The rooms (each cell's room, numbered in reading order of the rooms' first cells) and a
    setter's marks: True, the cell is given shaded; False, given unshaded."""

    rooms: Labels
    marks: Mapping[Cell, bool] = field(default_factory=dict)

    @property
    def width(self) -> int:
        return len(self.rooms[0])

    @property
    def height(self) -> int:
        return len(self.rooms)


def _normal(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells moved to touch row 0 and column 0, sorted: one form for each placement."""
    found = list(cells)
    top = min(r for r, _ in found)
    left = min(c for _, c in found)
    return tuple(sorted((r - top, c - left) for r, c in found))


def _turns(cells: Iterable[Cell]) -> set[tuple[Cell, ...]]:
    """The shape turned and mirrored every way (eight at most)."""
    forms = set()
    found = list(cells)
    for _ in range(4):
        found = [(c, -r) for r, c in found]
        forms.add(_normal(found))
        forms.add(_normal((r, -c) for r, c in found))
    return forms


NAMES = {
    form: name
    for name, cells in (
        ("L", ((0, 0), (1, 0), (2, 0), (2, 1))),
        ("I", ((0, 0), (1, 0), (2, 0), (3, 0))),
        ("T", ((0, 0), (0, 1), (0, 2), (1, 1))),
        ("S", ((0, 1), (0, 2), (1, 0), (1, 1))),
        ("O", ((0, 0), (0, 1), (1, 0), (1, 1))),
    )
    for form in _turns(cells)
}
"""Each tetromino, in every placement's normal form, to its name."""


def shape(cells: Iterable[Cell]) -> str:
    """The tetromino's name (L, I, T, S or O), turned and mirrored as it may be; ``?`` for cells
    that are no tetromino."""
    found = set(cells)
    if len(found) != 4:
        return "?"
    return NAMES.get(_normal(found), "?")


def check(puzzle: Lits, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    problems = dark_board_problems(puzzle, w, h, solution)
    if problems:
        return problems
    problems = mark_problems(puzzle, solution)
    shapes: dict[Cell, str] = {}
    rooms = room_cells(puzzle.rooms)
    # Each room shades four cells joined: a tetromino.
    for cells in rooms:
        dark = [cell for cell in cells if solution[cell[0]][cell[1]] == DARK]
        name = shape(dark) if len(dark) == 4 else "?"
        if len(dark) != 4:
            problems.append(f"{room_name(puzzle, cells)} has {len(dark)} shaded cells, not 4")
        elif name == "?":
            problems.append(f"{room_name(puzzle, cells)}: its shaded cells are not joined")
        for cell in dark:
            shapes[cell] = name
    # No two tetrominoes of one shape touch along an edge (each pair of rooms said once).
    told: set[tuple[int, int]] = set()
    for (r, c), name in sorted(shapes.items()):
        for y, x in ((r, c + 1), (r + 1, c)):
            if shapes.get((y, x)) != name or name not in "LITS":
                continue
            a, b = sorted((puzzle.rooms[r][c], puzzle.rooms[y][x]))
            if a != b and (a, b) not in told:
                told.add((a, b))
                problems.append(
                    f"two {name}s touch at {cell_name(puzzle, (r, c))} and "
                    f"{cell_name(puzzle, (y, x))}"
                )
    # The shaded cells are one group, and no 2x2 square is all shaded.
    problems += wall_problems(puzzle, solution)
    return problems


GIVENS = MARKS
answer = grid_answer
place_name = cell_name


# -- random puzzles -------------------------------------------------------------------------------


def _tetrominoes(width: int, height: int, start: Cell) -> list[list[Cell]]:
    """Every tetromino on the board that holds ``start``."""
    found: set[frozenset[Cell]] = set()

    def grow(cells: frozenset[Cell]) -> None:
        if len(cells) == 4:
            found.add(cells)
            return
        for r, c in cells:
            for near in neighbours(width, height, r, c):
                if near not in cells:
                    grow(cells | {near})

    grow(frozenset([start]))
    return [sorted(t) for t in found if shape(t) != "O"]


def random_tetrominoes(width: int, height: int, rng: random.Random) -> list[list[Cell]]:
    """Tetrominoes at random, each touching exactly one placed before it (so the shaded cells
    are one group), of another shape than that one, no 2x2 square shaded, until no more fit."""
    shaded: dict[Cell, int] = {}
    pieces: list[list[Cell]] = []
    names: list[str] = []
    start = (rng.randrange(height), rng.randrange(width))
    for _ in range(width * height):
        around = _frontier(width, height, shaded) if pieces else [start]
        rng.shuffle(around)
        placed = False
        for cell in around[:12]:
            options = _tetrominoes(width, height, cell)
            rng.shuffle(options)
            for piece in options:
                if not _fits(width, height, piece, shaded, names):
                    continue
                for p in piece:
                    shaded[p] = len(pieces)
                pieces.append(piece)
                names.append(shape(piece))
                placed = True
                break
            if placed:
                break
        if not placed:
            break
    return pieces


def _frontier(width: int, height: int, shaded: dict[Cell, int]) -> list[Cell]:
    """The unshaded cells beside the shaded ones."""
    return sorted(
        {near for cell in shaded for near in neighbours(width, height, *cell)} - shaded.keys()
    )


def _fits(
    width: int, height: int, piece: list[Cell], shaded: dict[Cell, int], names: list[str]
) -> bool:
    """Whether a new piece may join: on no shaded cell, touching exactly one piece (of another
    shape) when any is placed, and no 2x2 square shaded."""
    if any(p in shaded for p in piece):
        return False
    touched = {shaded[n] for p in piece for n in neighbours(width, height, *p) if n in shaded}
    if names and (len(touched) != 1 or names[next(iter(touched))] == shape(piece)):
        return False
    every = set(shaded) | set(piece)
    for r, c in piece:
        for y in (r - 1, r):
            for x in (c - 1, c):
                if all((yy, xx) in every for yy in (y, y + 1) for xx in (x, x + 1)):
                    return False
    return True


def _moved(rooms: Labels, cell: Cell, room: int) -> Labels | None:
    """The rooms with ``cell`` moved into ``room``; None when its own room would fall apart."""
    height, width = len(rooms), len(rooms[0])
    r, c = cell
    mine = rooms[r][c]
    grid = [list(row) for row in rooms]
    grid[r][c] = room
    if len(groups(width, height, lambda y, x: grid[y][x] == mine)) != 1:
        return None
    return canonical(grid)


def settle(rooms: Labels, ours: Board, solutions: Any, rng: random.Random) -> Lits:
    """A puzzle whose only solution is ``ours``. Every cell ours leaves unshaded starts given
    unshaded (so ours is the only solution); one at a time, in random order, a cell loses its
    mark, staying in its room or moving to a room beside it, whichever keeps ours the only
    solution; failing that, with a cell that another solution shades and ours does not moved to
    a room beside it too (moving an unshaded cell keeps every room's tetromino). The cells that
    cannot lose their mark so, after a second pass, keep it."""
    height, width = len(rooms), len(rooms[0])
    light = [(r, c) for r in range(height) for c in range(width) if ours[r][c] == LIGHT]
    rng.shuffle(light)
    marks = dict.fromkeys(light, False)

    def only(option: Labels) -> Board | None:
        """Another solution of the rooms, or None when ours is the only one."""
        found = [s for s in solutions(Lits(option, dict(marks)), 2) if s != ours]
        return found[0] if found else None

    def beside(option: Labels, cell: Cell) -> list[Labels]:
        """The rooms with ``cell`` in its own room or moved to each room beside it."""
        r, c = cell
        near = sorted({option[y][x] for y, x in neighbours(width, height, r, c)} - {option[r][c]})
        rng.shuffle(near)
        moves = (_moved(option, cell, k) for k in near)
        return [m for m in moves if m is not None]

    for _ in range(2):
        for cell in [cell for cell in light if cell in marks]:
            del marks[cell]
            settled = None
            for option in [rooms, *beside(rooms, cell)]:
                other = only(option)
                if other is None:
                    settled = option
                    break
                spare = [s for s in light if s not in marks and s != cell
                         and other[s[0]][s[1]] == DARK]  # fmt: skip
                for s in rng.sample(spare, min(3, len(spare))):
                    settled = next((m for m in beside(option, s)[:2] if only(m) is None), None)
                    if settled is not None:
                        break
                if settled is not None:
                    break
            if settled is None:
                marks[cell] = False
            else:
                rooms = settled
        if not marks:
            break
    return Lits(rooms, marks)


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Random tetrominoes, each joined to one before it and of another shape, a room grown round
    each; then ``settle`` finds rooms for the unshaded cells that leave ours the only solution.
    A board where some cells keep their marks is drawn again; when none settles without, the one
    with the fewest marks is the puzzle, its marks given (a region map shows them; a URL cannot).
    Boards past 7x7 are made by ``make_large``, which needs no marks."""
    width, height = size
    if width * height < 4 or min(width, height) < 1:
        raise GenerateError(f"a LITS board has four cells at least, not {width}x{height}")
    if width * height > LARGE and min(width, height) >= 4:
        return make_large(size, rng, solutions)
    best: tuple[Lits, Board] | None = None
    for _ in range(100 if min(width, height) >= 5 else 10):
        pieces = random_tetrominoes(width, height, rng)
        if not pieces:
            continue
        cells = {cell for piece in pieces for cell in piece}
        ours = tuple(
            "".join(DARK if (r, c) in cells else LIGHT for c in range(width)) for r in range(height)
        )
        puzzle = settle(grow_rooms(width, height, pieces, rng), ours, solutions, rng)
        if not puzzle.marks:
            return puzzle, ours, []
        if best is None or len(puzzle.marks) < len(best[0].marks):
            best = (puzzle, ours)
    if best is None:
        raise GenerateError(f"no tetromino fits a {width}x{height} LITS board without a 2x2 square")
    return best[0], best[1], []


LARGE = 49
"""Boards of more cells than this are made by ``make_large`` (``settle`` seldom frees every
cell of its mark past 7x7: a cell boxed in by one room lets another tetromino in it)."""

_FORMS = sorted({
    tuple((r - ar, c - ac) for r, c in form)
    for form, name in NAMES.items() if name != "O"
    for ar, ac in form
})  # fmt: skip
"""Each tetromino but the square, placed every way, as offsets from each of its cells."""


def _placed(width: int, height: int, cell: Cell) -> list[frozenset[Cell]]:
    """Every tetromino but the square on the board that holds ``cell``."""
    r, c = cell
    found = []
    for form in _FORMS:
        cells = [(r + dr, c + dc) for dr, dc in form]
        if all(0 <= y < height and 0 <= x < width for y, x in cells):
            found.append(frozenset(cells))
    return found


def _square_free(piece: frozenset[Cell], shaded: Any) -> bool:
    """Whether ``piece`` shaded beside ``shaded`` leaves no 2x2 square all shaded."""
    for r, c in piece:
        for y in (r - 1, r):
            for x in (c - 1, c):
                square = ((y, x), (y + 1, x), (y, x + 1), (y + 1, x + 1))
                if all(q in piece or q in shaded for q in square):
                    return False
    return True


def plant(width: int, height: int, rng: random.Random) -> list[frozenset[Cell]]:
    """Tetrominoes at random, each touching at least one placed before it and none of its own
    shape, no 2x2 square shaded, until none fits beside the shaded cells (a cell where none
    fits never takes one later: the shading only grows)."""
    owner: dict[Cell, int] = {}
    names: list[str] = []
    pieces: list[frozenset[Cell]] = []
    dead: set[Cell] = set()
    around = [(rng.randrange(height), rng.randrange(width))]
    while around:
        rng.shuffle(around)
        placed = False
        for cell in around:
            options = _placed(width, height, cell)
            rng.shuffle(options)
            for piece in options:
                name = shape(piece)
                touched = {owner[n] for p in piece for n in neighbours(width, height, *p)
                           if n in owner}  # fmt: skip
                if (
                    any(p in owner for p in piece)
                    or (pieces and not touched)
                    or any(names[k] == name for k in touched)
                    or not _square_free(piece, owner)
                ):
                    continue
                owner.update(dict.fromkeys(piece, len(pieces)))
                pieces.append(piece)
                names.append(name)
                placed = True
                break
            if placed:
                break
            dead.add(cell)
        near = {n for cell in owner for n in neighbours(width, height, *cell)}
        around = sorted(near - owner.keys() - dead)
    return pieces


REACH = 400
"""On boards of more cells than this, ``PlantedRooms.settle`` frees a cell its own room boxes in
by moving an unshaded cell beside it (smaller boards settle without, and are made as before)."""


class PlantedRooms:
    """A planted shading (a tetromino a room) and the rooms round it, with the tetrominoes
    another answer could shade in one room while every other room keeps its own."""

    def __init__(self, width: int, height: int, pieces: list[frozenset[Cell]], rng: random.Random):
        self.width, self.height, self.rng = width, height, rng
        self.pieces = list(pieces)
        self.names = [shape(p) for p in pieces]
        self.owner = {q: k for k, p in enumerate(pieces) for q in p}
        self.label = dict(self.owner)
        self.members = [set(p) for p in pieces]
        self.pinned: set[Cell] = set()
        self._near: dict[Cell, list[Cell]] = {}
        self.reach = width * height > REACH

    def near(self, cell: Cell) -> list[Cell]:
        """The cells beside ``cell`` (worked out once a cell: the loops ask often)."""
        found = self._near.get(cell)
        if found is None:
            found = self._near[cell] = list(neighbours(self.width, self.height, *cell))
        return found

    def _joined(self, cells: set[Cell], start: Cell) -> set[Cell]:
        """The cells of ``cells`` joined to ``start``."""
        seen, todo = {start}, [start]
        while todo:
            for n in self.near(todo.pop()):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def placed(self, cell: Cell) -> list[frozenset[Cell]]:
        """The pieces a room may shade that hold ``cell``."""
        return _placed(self.width, self.height, cell)

    def puzzle(self) -> Any:
        """The puzzle of these rooms."""
        return Lits(self.rooms())

    def valid(self, piece: frozenset[Cell], k: int) -> bool:
        """Whether room ``k`` shading ``piece`` instead of its own keeps every rule."""
        name = shape(piece)
        outside = {q for q, j in self.owner.items() if j != k}
        if not _square_free(piece, outside):
            return False
        touched = {self.owner[m] for q in piece for m in self.near(q)
                   if m in self.owner and self.owner[m] != k}  # fmt: skip
        if any(self.names[j] == name for j in touched) or (len(self.pieces) > 1 and not touched):
            return False
        every = outside | piece
        return len(self._joined(every, next(iter(piece)))) == len(every)

    def others(self, k: int, room: set[Cell] | None = None) -> list[frozenset[Cell]]:
        """The tetrominoes room ``k`` (or ``room``, as its cells) could shade instead."""
        cells = self.members[k] if room is None else room
        found = {t for q in cells for t in self.placed(q) if t <= cells and t != self.pieces[k]}
        return [t for t in sorted(found, key=sorted) if self.valid(t, k)]

    def branch(self, k: int, cell: Cell) -> set[Cell]:
        """The cells that leave room ``k`` with its unshaded ``cell``: it and what hangs on it."""
        rest = self.members[k] - {cell}
        return self.members[k] - self._joined(rest, min(self.pieces[k]))

    def move(self, k: int, j: int, cells: set[Cell]) -> None:
        self.members[k] -= cells
        self.members[j] |= cells
        self.label.update(dict.fromkeys(cells, j))

    def grow(self) -> None:
        """Each unshaded cell, in random order, into the room beside it where it lets in the
        fewest other tetrominoes."""
        todo = {(r, c) for r in range(self.height) for c in range(self.width)} - self.owner.keys()
        while todo:
            front = sorted(c for c in todo if any(n in self.label for n in self.near(c)))
            cell = self.rng.choice(front)
            rooms = sorted({self.label[n] for n in self.near(cell) if n in self.label})
            self.rng.shuffle(rooms)
            best = min(
                rooms,
                key=lambda k: sum(cell in t for t in self.others(k, self.members[k] | {cell})),
            )
            self.members[best].add(cell)
            self.label[cell] = best
            todo.discard(cell)

    def improve(self, steps: int) -> int:
        """Unshaded cells moved between rooms while the rooms' other tetrominoes do not grow
        in number (now and then the planted one swapped for another, to leave a dead end);
        the number left."""
        score = [len(self.others(k)) for k in range(len(self.pieces))]
        for _ in range(steps):
            open_ = [k for k, s in enumerate(score) if s]
            if not open_:
                return 0
            k = self.rng.choice(open_)
            other = self.rng.choice(self.others(k))
            light = sorted(q for q in self.members[k] if q not in self.owner)
            inside = [q for q in light if q in other]
            rest = [q for q in light if q not in other]
            self.rng.shuffle(inside)
            self.rng.shuffle(rest)
            best: tuple[int, set[Cell], int, int, int] | None = None
            for q in inside + rest[:4]:
                part = self.branch(k, q)
                if part & self.pinned:
                    continue
                left = len(self.others(k, self.members[k] - part))
                for j in sorted({self.label[n] for n in self.near(q)} - {k}):
                    there = len(self.others(j, self.members[j] | part))
                    change = left + there - score[k] - score[j]
                    if best is None or change < best[0]:
                        best = (change, part, j, left, there)
            draw = self.rng.random()
            if best is not None and (best[0] < 0 or (best[0] == 0 and draw < 0.7) or draw < 0.05):
                _, part, j, score[k], score[j] = best
                self.move(k, j, part)
            elif draw < 0.1:
                self.swap(k, other)
                score = [len(self.others(k)) for k in range(len(self.pieces))]
        return sum(score)

    def swap(self, k: int, piece: frozenset[Cell]) -> None:
        """Room ``k`` shades ``piece`` in the planted shading."""
        for q in self.pieces[k]:
            del self.owner[q]
        self.pieces[k], self.names[k] = piece, shape(piece)
        self.owner.update(dict.fromkeys(piece, k))

    def ours(self) -> Board:
        return tuple(
            "".join(DARK if (r, c) in self.owner else LIGHT for c in range(self.width))
            for r in range(self.height)
        )

    def rooms(self) -> Labels:
        return canonical([[self.label[(r, c)] for c in range(self.width)]
                          for r in range(self.height)])  # fmt: skip

    def settle(self, solutions: Any, steps: int) -> bool:
        """Whether the rooms settle to one answer: while the solver finds another, in each
        room where the two differ a cell ours leaves unshaded and the other shades moves (with
        what hangs on it) to a room beside it, and stays there; when no cell can move, the
        other answer becomes ours."""
        for _ in range(30 + len(self.pieces)):
            ours = self.ours()
            found = [s for s in solutions(self.puzzle(), 2) if s != ours]
            if not found:
                return True
            other = found[0]
            cells = [(r, c) for r in range(self.height) for c in range(self.width)
                     if other[r][c] == DARK and ours[r][c] == LIGHT]  # fmt: skip
            self.rng.shuffle(cells)
            done: set[int] = set()
            for q in cells:
                k = self.label[q]
                if k in done:
                    continue
                rooms = sorted({self.label[n] for n in self.near(q)} - {k})
                if not rooms and self.reach:
                    # (boxed in by its own room: an unshaded cell beside it that can leave
                    # takes it along, or at least opens a way out for the next round)
                    for n in self.near(q):
                        if self.label[n] == k and n not in self.owner:
                            rooms = sorted({self.label[m] for m in self.near(n)} - {k})
                            if rooms:
                                q = n
                                break
                if not rooms:
                    continue
                part = self.branch(k, q)
                j = min(rooms, key=lambda j: len(self.others(j, self.members[j] | part)))
                self.move(k, j, part)
                self.pinned |= part
                done |= {k, j}
            if not done:
                for k in range(len(self.pieces)):
                    mine = frozenset(q for q in self.members[k] if other[q[0]][q[1]] == DARK)
                    if mine != self.pieces[k]:
                        self.swap(k, mine)
            self.improve(steps)
        return False


def make_large(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A board without marks: tetrominoes planted (``plant``), each unshaded cell put in the
    room beside it that lets in the fewest other tetrominoes, cells moved between rooms until
    no room alone can shade another one (``PlantedRooms.improve``, no solver needed), then the
    solver's other answers settled one by one (``PlantedRooms.settle``)."""
    width, height = size
    for _ in range(10):
        pieces = plant(width, height, rng)
        if not pieces:
            continue
        rooms = PlantedRooms(width, height, pieces, rng)
        rooms.grow()
        rooms.improve(15 * len(pieces))
        if rooms.settle(solutions, len(pieces)):
            return Lits(rooms.rooms()), rooms.ours(), []
    raise GenerateError(f"no {width}x{height} LITS with one solution was found")


def from_keys(keys: list[list[str]], marks: Mapping[Cell, bool] | None = None) -> Lits:
    """The board whose rooms a grid of letters draws."""
    return Lits(canonical(keys), dict(marks or {}))


GENRE = About(
    name="lits",
    summary="shade four joined cells (a tetromino) in each room so that all shaded cells are one "
    "group, no 2x2 square is all shaded, and no two tetrominoes of one shape (L, I, T, S, turned "
    "or mirrored) touch along an edge",
    reading=Reading(
        input_format="a region map: rows of letters, a room each letter's group of cells (a "
        "letter followed by # is given shaded, by + given unshaded); or a puzz.link URL",
        example="AABB\nAABC\nABBC\nCCCC",
        output_formats=("grid",),
        urls=("lits",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="pairs",
    ),
    making=Making(size="6x6", small="4x4", largest=2_500),
    grading=Grading(
        # No levels of people's to follow. Of 19 made 6x6 boards (generate seeds 1 to 19, and
        # seeds 1000 on), 11 fall to probing (1.16 to 1.80), 3 to lookahead (2.17 to 2.29) and
        # 5 need search (3.03 to 3.25); the bands split them in about four equal parts.
        bands=(
            ("easy", 0, 1.45),
            ("medium", 1.45, 1.9),
            ("hard", 1.9, 3.05),
            ("extreme", 3.05, 5),
        ),
    ),
)
