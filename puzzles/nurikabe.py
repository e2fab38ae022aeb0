"""Nurikabe, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, board_windows, cell_name, grid_answer, near
from .shading import DARK, LIGHT, dark_board_problems, groups, neighbours, wall_problems

Board = tuple[str, ...]
"""A solution: a string a row, ``#`` a shaded cell (the sea), ``.`` an unshaded one."""

UNKNOWN = -1
"""A clue whose number is not told (``?``): its island holds it and no other number."""
MARK = -2
"""A cell a setter gives shaded (in ``rows``, where a clue stands elsewhere)."""


@dataclass(frozen=True, slots=True)
class Nurikabe(Rows):
    """A board, a tuple a row: a number 1 or more, ``UNKNOWN`` a clue without its number, None
    a cell without a clue, ``MARK`` a cell a setter gives shaded."""

    rows: tuple[tuple[int | None, ...], ...]

    def clues(self) -> dict[Cell, int]:
        """The clue cells and their numbers (``UNKNOWN`` for a ``?``)."""
        return {
            (r, c): v
            for r, row in enumerate(self.rows)
            for c, v in enumerate(row)
            if v is not None and v != MARK
        }

    def marks(self) -> list[Cell]:
        """The cells given shaded."""
        return [(r, c) for r, row in enumerate(self.rows) for c, v in enumerate(row) if v == MARK]


def check(puzzle: Nurikabe, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    shape = dark_board_problems(puzzle, w, h, solution)
    if shape:
        return shape
    problems = []
    clues = puzzle.clues()
    for r, c in puzzle.marks():
        if solution[r][c] != DARK:
            problems.append(f"{cell_name(puzzle, (r, c))} is given shaded")
    # A clue's cell is never shaded.
    for r, c in sorted(clues):
        if solution[r][c] == DARK:
            problems.append(f"the clue at {cell_name(puzzle, (r, c))} is shaded")
    # Each island holds exactly one clue, and as many cells as its number.
    for island in groups(w, h, lambda r, c: solution[r][c] == LIGHT):
        held = [cell for cell in island if cell in clues]
        where = cell_name(puzzle, island[0])
        if not held:
            problems.append(f"the island at {where} holds no number")
        elif len(held) > 1:
            names = ", ".join(cell_name(puzzle, cell) for cell in held)
            problems.append(f"the island at {where} holds {len(held)} numbers ({names})")
        else:
            n = clues[held[0]]
            if n != UNKNOWN and n != len(island):
                problems.append(
                    f"the island of the {n} at {cell_name(puzzle, held[0])} has {len(island)} "
                    f"cell{'s' if len(island) != 1 else ''}"
                )
    # The sea is one group, and no 2x2 square of it.
    problems += wall_problems(puzzle, solution)
    return problems


# -- givens, for setters: the clues, and cells given shaded ---------------------------------------

Given = tuple[Cell, int | bool]
"""A clue ``((row, column), number)`` (``UNKNOWN``: a ``?``), or a mark ``((row, column),
True)``: the cell is shaded."""


def givens(puzzle: Nurikabe) -> list[Given]:
    found: list[Given] = list(puzzle.clues().items())
    found += [(cell, True) for cell in puzzle.marks()]
    return sorted(found, key=lambda g: g[0])


def with_givens(puzzle: Nurikabe, shown: Iterable[Given]) -> Nurikabe:
    cells = {place: MARK if value is True else int(value) for place, value in shown}
    rows = tuple(
        tuple(cells.get((r, c)) for c in range(puzzle.width)) for r in range(puzzle.height)
    )
    return replace(puzzle, rows=rows)


def island_of(solution: Board, place: Cell) -> list[Cell]:
    """The island (unshaded cells joined) that holds ``place``; empty on a shaded cell."""
    r, c = place
    if solution[r][c] != LIGHT:
        return []
    h, w = len(solution), len(solution[0])
    return next(g for g in groups(w, h, lambda y, x: solution[y][x] == LIGHT) if place in g)


def given_at(puzzle: Nurikabe, solution: Board, place: Cell) -> Given:
    """What the solution holds at ``place``, as a given: the size of its island as a clue, a
    mark when shaded."""
    r, c = place
    if solution[r][c] == DARK:
        return (place, True)
    return (place, len(island_of(solution, place)))


def describe(puzzle: Nurikabe, given: Given) -> str:
    place, value = given
    if value is True:
        return f"{cell_name(puzzle, place)} shaded"
    shown = "?" if value == UNKNOWN else str(value)
    return f"the clue {shown} at {cell_name(puzzle, place)}"


GIVENS: Givens[Nurikabe, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles -------------------------------------------------------------------------------


def _sea_joined(sea: list[list[bool]], width: int, height: int) -> bool:
    return len(groups(width, height, lambda r, c: sea[r][c])) <= 1


def random_islands(
    width: int, height: int, rng: random.Random, most: int, grow: float = 0.7, spill: int = 0
) -> list[list[bool]]:
    """A random sea (True) with islands of at most ``most`` cells: from a board all sea, a cell
    of a random 2x2 pool is made land while the sea stays one group and its island stays small
    enough, until no pool is left; then a few more cells at random, as the same rules allow. A
    pool no cell of which can turn so may make an island up to ``spill`` cells larger."""
    for _ in range(200):
        sea = [[True] * width for _ in range(height)]
        stuck = False
        while True:
            pools = [
                (r, c)
                for r in range(height - 1)
                for c in range(width - 1)
                if all(sea[rr][cc] for rr in (r, r + 1) for cc in (c, c + 1))
            ]
            if not pools:
                break
            r, c = rng.choice(pools)
            square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            rng.shuffle(square)
            if rng.random() < grow:  # land beside land first: islands grow rather than start
                square.sort(
                    key=lambda cell: all(sea[y][x] for y, x in neighbours(width, height, *cell))
                )
            if not any(_try_land(sea, rr, cc, most) for rr, cc in square) and not any(
                _try_land(sea, rr, cc, most + spill) for rr, cc in square if spill
            ):
                stuck = True
                break
        if stuck:
            continue
        cells = [(r, c) for r in range(height) for c in range(width)]
        rng.shuffle(cells)
        for r, c in cells[: len(cells) // 10]:
            _try_land(sea, r, c, most)
        if any(any(row) for row in sea) and any(not s for row in sea for s in row):
            return sea
    raise GenerateError(f"no {width}x{height} Nurikabe sea was found")


def _try_land(sea: list[list[bool]], r: int, c: int, most: int) -> bool:
    """Turn (r, c) to land when its island stays within ``most`` cells and the sea one group."""
    height, width = len(sea), len(sea[0])
    if not sea[r][c]:
        return False
    sea[r][c] = False
    if _island_within(sea, r, c, most) and (
        _ring_joined(sea, r, c) or _sea_joined(sea, width, height)
    ):
        return True
    sea[r][c] = True
    return False


def _island_within(sea: list[list[bool]], r: int, c: int, most: int) -> bool:
    """Whether the land holding (r, c) has ``most`` cells at most (a search that stops past)."""
    height, width = len(sea), len(sea[0])
    seen, todo = {(r, c)}, [(r, c)]
    while todo:
        y, x = todo.pop()
        for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
            if 0 <= yy < height and 0 <= xx < width and not sea[yy][xx] and (yy, xx) not in seen:
                seen.add((yy, xx))
                if len(seen) > most:
                    return False
                todo.append((yy, xx))
    return True


_RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def _ring_joined(sea: list[list[bool]], r: int, c: int) -> bool:
    """Whether the sea cells beside (r, c) (land now) are joined through the eight cells round
    it: then a sea that was one group still is (a quick test before the whole board's)."""
    height, width = len(sea), len(sea[0])
    ring = [
        0 <= r + dy < height and 0 <= c + dx < width and sea[r + dy][c + dx] for dy, dx in _RING
    ]
    # One run of sea cells round the ring (each cell of it touches the next) joins them all.
    return all(ring) or sum(1 for i in range(8) if ring[i] and not ring[i - 1]) == 1


def _board(sea: list[list[bool]]) -> Board:
    return tuple("".join(DARK if s else LIGHT for s in row) for row in sea)


def _land(board: Board) -> Any:
    """Whether a cell of ``board`` is land, as ``groups`` asks."""
    return lambda r, c: board[r][c] == LIGHT


def _valid_sea(sea: list[list[bool]], width: int, height: int, r: int, c: int) -> bool:
    """Whether the sea stays one group without a pool once (r, c) turns to sea."""
    for y in (r - 1, r):
        for x in (c - 1, c):
            square = [(yy, xx) for yy in (y, y + 1) for xx in (x, x + 1)]
            if (
                0 <= y < height - 1
                and 0 <= x < width - 1
                and all(sea[yy][xx] or (yy, xx) == (r, c) for yy, xx in square)
            ):
                return False
    return any(sea[y][x] for y, x in neighbours(width, height, r, c))


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random sea and its islands, each island's number on a random cell of it. While the
    solver finds another solution, ours changes where they differ: a cell land in ours and sea
    in that one takes its island's number, or turns to sea; a cell sea in ours and land in that
    one turns to land (joining the one island beside it, or an island of its own), each as the
    rules allow, so that ours stays a solution and that one no longer is; a board that does not
    settle so is drawn again. Every number is needed (an island without one breaks the rules),
    so the puzzle is made whole: no given is taken away. A board past ``LOCAL`` cells keeps its
    islands to 4 cells, looks for the second solution a window at a time first (the whole board
    only when no window has one), and changes one cell a round, turning land to sea first; a
    number never moves back onto a cell it left, nor a cell turns twice (else islands wander
    and never settle)."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Nurikabe board is at least 2x2, not {width}x{height}")
    local = width * height > LOCAL
    most = max(3, min(4 if local else 9, (width * height) // 8))
    windows = board_windows(width, height, WINDOW)
    for _ in range(30):
        dirty = set(range(len(windows)))
        left: set[Cell] = set()  # (cells a number left: it comes back to none of them)
        turned: set[Cell] = set()  # (cells turned to land or sea: they turn no more)
        sea = random_islands(width, height, rng, most, 0.0 if local else 0.7, int(local))
        ours = _board(sea)
        clues = {rng.choice(island) for island in groups(width, height, _land(ours))}
        for _ in range((60 if local else 6) * len(clues) + 20):
            ours = _board(sea)
            islands = groups(width, height, _land(ours))
            shown = {}
            for island in islands:
                held = [cell for cell in island if cell in clues]
                shown[held[0]] = len(island)
            rows = tuple(tuple(shown.get((r, c)) for c in range(width)) for r in range(height))
            puzzle = Nurikabe(rows)
            other = _local_other(puzzle, ours, dirty, solutions) if local else None
            if other is None:
                found = solutions(puzzle, 2)
                if not found:
                    break  # (never so: a change keeps ours a solution)
                others = [s for s in found if s != ours]
                if not others:
                    return puzzle, ours, list(shown.items())
                other = others[0]
            moves = []
            for r in range(height):
                for c in range(width):
                    if ours[r][c] == LIGHT and other[r][c] == DARK:
                        moves.append(("clue", (r, c)))
                        if (r, c) not in clues and _valid_sea(sea, width, height, r, c):
                            moves.append(("sea", (r, c)))
                    elif ours[r][c] == DARK and other[r][c] == LIGHT:
                        moves.append(("land", (r, c)))
            rng.shuffle(moves)
            if local:  # (islands that shrink settle; a number moved back and forth does not)
                moves = [
                    move for move in moves if move[1] not in (left if move[0] == "clue" else turned)
                ]
                moves.sort(key=lambda move: ("sea", "clue", "land").index(move[0]))
            before = set(clues)
            # Several changes at once on a large board: each iteration costs a solve.
            made, wanted = 0, 1 if local else 1 + len(moves) // 6
            for kind, (r, c) in moves:
                made += _move(sea, clues, kind, r, c, width, height, most)
                if made >= wanted:
                    break
            if not made:
                break
            if local:
                after = _board(sea)
                changed = {(r, c) for r in range(height) for c in range(width)
                           if after[r][c] != ours[r][c] or after[r][c] != other[r][c]}  # fmt: skip
                changed |= before ^ clues
                left |= before - clues
                turned |= {
                    (r, c) for r in range(height) for c in range(width) if after[r][c] != ours[r][c]
                }
                dirty.update(k for k, box in enumerate(windows) if near(box, changed))
    raise GenerateError(f"no {width}x{height} Nurikabe with one solution was found")


LOCAL = 400
"""Boards of more cells than this are settled a window at a time first (``_local_other``)."""
WINDOW = 8
"""The side of those windows, which overlap by half."""


def _local_other(puzzle: Nurikabe, ours: Board, dirty: set[int], solutions: Any) -> Board | None:
    """Another solution that differs from ``ours`` inside one window alone, found with every
    shaded cell of ours outside the window given shaded (a board the solver settles at once);
    None when no window waiting in ``dirty`` has one (each one tried leaves it)."""
    width, height = puzzle.width, puzzle.height
    windows = board_windows(width, height, WINDOW)
    while dirty:
        k = min(dirty)
        dirty.discard(k)
        top, left, bottom, right = windows[k]
        rows = tuple(
            tuple(
                MARK
                if v is None
                and ours[r][c] == DARK
                and not (top <= r < bottom and left <= c < right)
                else v
                for c, v in enumerate(row)
            )
            for r, row in enumerate(puzzle.rows)
        )
        others: list[Board] = [s for s in solutions(Nurikabe(rows), 2) if s != ours]
        if others:
            return others[0]
    return None


def _move(
    sea: list[list[bool]], clues: set[Cell], kind: str, r: int, c: int, w: int, h: int, most: int
) -> bool:
    """One change of ``make``'s, made when the rules allow it: ``clue`` moves the number of the
    island at (r, c) onto it; ``sea`` turns (r, c) to sea, its island staying one group; ``land``
    turns it to land, joining at most one island and the sea staying one group."""
    board = _board(sea)
    if kind == "clue":
        island = island_of(board, (r, c))
        if not island:
            return False
        clues.difference_update(island)
        clues.add((r, c))
        return True
    if kind == "sea":
        if (r, c) in clues or sea[r][c] or not _valid_sea(sea, w, h, r, c):
            return False
        island = island_of(board, (r, c))
        sea[r][c] = True
        rest = [cell for cell in island if cell != (r, c)]
        apart = groups(w, h, lambda y, x: not sea[y][x] and (y, x) in rest)
        if len(apart) == 1:
            return True
        sea[r][c] = False
        return False
    if not sea[r][c]:
        return False
    beside = {cell for y, x in neighbours(w, h, r, c) if not sea[y][x]
              for cell in island_of(board, (y, x))}  # fmt: skip
    if len(beside & clues) > 1 or len(beside) + 1 > most:
        return False
    sea[r][c] = False
    if not _sea_joined(sea, w, h):
        sea[r][c] = True
        return False
    if not beside:
        clues.add((r, c))
    return True


GENRE = About(
    name="nurikabe",
    summary="shade cells so that each island of unshaded cells holds exactly one number, its "
    "size; the shaded cells are one group, and no 2x2 square is all shaded",
    reading=Reading(
        input_format="rows of cells: . (or -) blank, a number a clue, ? a clue whose number is "
        "not told, # a cell given shaded (separated by spaces when one passes 9); or a puzz.link "
        "URL",
        example=".5...\n..2..\n.....\n..1..\n...3.",
        output_formats=("grid",),
        urls=("nurikabe",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="depths",
    ),
    making=Making(
        size="10x10",
        small="5x5",
        largest=2_500,
    ),
    grading=Grading(
        # No levels of people's to follow. Made 10x10 boards (every island numbered, none taken
        # away) all need probing or more: 13 of them scored 1.9 to 3.6 on the default
        # encoding (benchmarks/make_blocks_boards.py, then grade), and the bands split them in
        # about four equal parts.
        # A made 10x10's full grade takes 500 to 36,000 propagations (30 boards, median 2,500);
        # a few boards take past 100,000 (a minute): an attempt is given up past 50,000.
        effort=50_000,
        bands=(
            ("easy", 0, 2.3),
            ("medium", 2.3, 2.6),
            ("hard", 2.6, 2.75),
            ("extreme", 2.75, 4),
        ),
    ),
)
