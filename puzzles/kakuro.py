"""Kakuro (Cross Sums), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, NumberGiven, Rows, cell_name, grid_answer, number_givens
from .sums import cage_sets

Clue = tuple[int | None, int | None]
"""A black cell: the sum of the run below it and the sum of the run right of it (None: no sum
shown, where no run starts or the setter gives none)."""
Square = int | Clue
"""A cell: a black one as its ``Clue``, a white one as 0 (empty) or the digit it is given."""
Board = tuple[str, ...]
"""A solution: a string a row, ``#`` a black cell and a digit ``1``-``9`` each white cell."""

BLACK = "#"
MOST = 45
"""The largest sum: 1 + 2 + ... + 9."""


@dataclass(frozen=True, slots=True)
class Kakuro(Rows):
    """A board, a tuple a row: each black cell its (down, across) sums, each white cell 0 or a
    digit given. The top row and the left column of a published board are black: they hold the
    sums of the runs that start at the board's edge."""

    rows: tuple[tuple[Square, ...], ...]

    def digits(self) -> dict[Cell, int]:
        """The white cells given a digit."""
        return {
            (r, c): v
            for r, row in enumerate(self.rows)
            for c, v in enumerate(row)
            if isinstance(v, int) and v
        }


def is_black(square: Square) -> bool:
    return isinstance(square, tuple)


class Run(NamedTuple):
    """A run: white cells side by side, across or down, between black cells or the board's edge;
    its sum (None when none is shown) and where the sum stands (None at the board's edge)."""

    across: bool
    total: int | None
    clue: Cell | None
    cells: tuple[Cell, ...]


def runs(puzzle: Kakuro) -> list[Run]:
    """Every run of the board, across ones first, each in reading order."""
    h, w = puzzle.height, puzzle.width
    rows = puzzle.rows
    black = [[isinstance(v, tuple) for v in row] for row in rows]
    found = []
    for across in (True, False):
        outer, inner = (h, w) if across else (w, h)
        for a in range(outer):
            line = black[a] if across else [black[b][a] for b in range(h)]
            b = 0
            while b < inner:
                if line[b]:
                    b += 1
                    continue
                start = b
                while b < inner and not line[b]:
                    b += 1
                if across:
                    cells = tuple([(a, k) for k in range(start, b)])
                else:
                    cells = tuple([(k, a) for k in range(start, b)])
                clue: Cell | None = None
                total = None
                if start > 0:
                    clue = (a, start - 1) if across else (start - 1, a)
                    square = rows[clue[0]][clue[1]]
                    assert isinstance(square, tuple)
                    total = square[1] if across else square[0]
                found.append(Run(across, total, clue, cells))
    return found


def run_name(puzzle: Kakuro, run: Run) -> str:
    """A run in the player's words: ``the run across from r2c1 (sum 10)``."""
    way = "across" if run.across else "down"
    start = cell_name(puzzle, run.clue if run.clue is not None else run.cells[0])
    said = f" (sum {run.total})" if run.total is not None else ""
    return f"the run {way} from {start}{said}"


def check(puzzle: Kakuro, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    for r, (row, said) in enumerate(zip(puzzle.rows, solution, strict=True)):
        for c, (square, ch) in enumerate(zip(row, said, strict=True)):
            if isinstance(square, tuple):  # (a black cell)
                if ch != BLACK:
                    problems.append(f"{cell_name(puzzle, (r, c))} is black, not {ch!r}")
            elif ch not in "123456789":
                problems.append(f"{cell_name(puzzle, (r, c))} holds {ch!r}, not a digit 1 to 9")
            elif square and int(ch) != square:
                problems.append(f"{cell_name(puzzle, (r, c))} is given {square}, not {ch}")
    if problems:
        return problems
    # Each run holds different digits, adding up to its sum.
    for run in runs(puzzle):
        digits = [solution[r][c] for r, c in run.cells]
        if len(set(digits)) < len(digits):
            seen: dict[str, Cell] = {}
            for cell, d in zip(run.cells, digits, strict=True):
                if d in seen:
                    problems.append(
                        f"{run_name(puzzle, run)}: {d} stands twice, at "
                        f"{cell_name(puzzle, seen[d])} and {cell_name(puzzle, cell)}"
                    )
                seen[d] = cell
        found = sum(map(int, digits))
        if run.total is not None and found != run.total:
            problems.append(f"{run_name(puzzle, run)} adds up to {found}")
    return problems


# -- givens, for setters: digits shown in white cells ---------------------------------------------


def _keep(puzzle: Kakuro, shown: dict[Cell, int]) -> Kakuro:
    rows = tuple(
        tuple(v if is_black(v) else shown.get((r, c), 0) for c, v in enumerate(row))
        for r, row in enumerate(puzzle.rows)
    )
    return replace(puzzle, rows=rows)


def _at(puzzle: Kakuro, solution: Board, place: Cell) -> NumberGiven:
    r, c = place
    ch = solution[r][c]
    return (place, int(ch) if ch.isdigit() else 0)


GIVENS: Givens[Kakuro, Board, NumberGiven] = replace(number_givens(Kakuro.digits, _keep), at=_at)
"""A Kakuro's sums are the puzzle; a setter's givens are digits shown in white cells (a
published Kakuro shows none, and a made one none: ``generate`` keeps every sum)."""
answer = grid_answer
place_name = cell_name


# -- random puzzles --------------------------------------------------------------------------------

LONGEST = 6
"""The longest run a made pattern has: a run of nine is any order of 1..9 whatever its sum
(a run of eight, of 1..9 less one), which a board's other sums can seldom pin down."""


def _segments(white: list[list[bool]], across: bool) -> Iterator[list[Cell]]:
    """The runs of white cells of a pattern, across or down."""
    h, w = len(white), len(white[0])
    outer, inner = (h, w) if across else (w, h)
    for a in range(outer):
        run: list[Cell] = []
        for b in range(inner + 1):
            cell = (a, b) if across else (b, a)
            if b < inner and white[cell[0]][cell[1]]:
                run.append(cell)
            elif run:
                yield run
                run = []


def pattern(width: int, height: int, rng: random.Random) -> list[list[bool]] | None:
    """A random black-and-white pattern symmetric under a half turn: the top row and the left
    column black, every run 2 to LONGEST cells long, the white cells one group. Cells in random
    order (with their partners) turn black where that leaves no run of one cell and the white
    cells one group, until a fifth of the board is black and no run is longer than LONGEST;
    None when a draw cannot get there."""
    white = [[r > 0 and c > 0 for c in range(width)] for r in range(height)]

    def partner(r: int, c: int) -> Cell:
        return (height - r, width - c)  # (the half turn of the board less its clue row, column)

    def sound() -> bool:
        if any(len(run) == 1 for way in (True, False) for run in _segments(white, way)):
            return False
        cells = [(r, c) for r in range(height) for c in range(width) if white[r][c]]
        if not cells:
            return False
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            r, c = todo.pop()
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < height and 0 <= cc < width and white[rr][cc] and (rr, cc) not in seen:
                    seen.add((rr, cc))
                    todo.append((rr, cc))
        return len(seen) == len(cells)

    def too_long() -> bool:
        return any(len(run) > LONGEST for way in (True, False) for run in _segments(white, way))

    if not sound():
        return None
    order = [(r, c) for r in range(1, height) for c in range(1, width)]
    rng.shuffle(order)
    target = (height - 1) * (width - 1) // 5
    black = 0
    for r, c in order:
        if black >= target and not too_long():
            break
        pair = {(r, c), partner(r, c)}
        if not all(white[y][x] for y, x in pair):
            continue
        for y, x in pair:
            white[y][x] = False
        if sound():
            black += len(pair)
        else:
            for y, x in pair:
                white[y][x] = True
    return None if too_long() else white


def fill(white: list[list[bool]], rng: random.Random) -> dict[Cell, int] | None:
    """Random digits for the white cells, different along every run (depth-first, the cell
    with fewest choices first); None when the search runs long."""
    h, w = len(white), len(white[0])
    members: dict[Cell, list[int]] = {}
    groups = [run for across in (True, False) for run in _segments(white, across)]
    for k, run in enumerate(groups):
        for cell in run:
            members.setdefault(cell, []).append(k)
    used: list[set[int]] = [set() for _ in groups]
    digits: dict[Cell, int] = {}
    budget = [50 * h * w]

    def free(cell: Cell) -> list[int]:
        taken = set().union(*(used[k] for k in members[cell]))
        return [d for d in range(1, 10) if d not in taken]

    def step() -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        open_ = [cell for cell in members if cell not in digits]
        if not open_:
            return True
        cell = min(open_, key=lambda x: (len(free(x)), rng.random()))
        choices = free(cell)
        rng.shuffle(choices)
        for d in choices:
            digits[cell] = d
            for k in members[cell]:
                used[k].add(d)
            if step():
                return True
            for k in members[cell]:
                used[k].discard(d)
            del digits[cell]
        return False

    return digits if step() else None


def _board(white: list[list[bool]], digits: dict[Cell, int]) -> tuple[Kakuro, Board]:
    """The puzzle whose sums the digits make, and its solution."""
    h, w = len(white), len(white[0])
    down: dict[Cell, int] = {}
    across: dict[Cell, int] = {}
    for way, sums in ((True, across), (False, down)):
        for run in _segments(white, way):
            r, c = run[0]
            sums[(r, c - 1) if way else (r - 1, c)] = sum(digits[cell] for cell in run)
    rows = tuple(
        tuple(0 if white[r][c] else (down.get((r, c)), across.get((r, c))) for c in range(w))
        for r in range(h)
    )
    solution = tuple(
        "".join(str(digits[(r, c)]) if white[r][c] else BLACK for c in range(w)) for r in range(h)
    )
    return Kakuro(rows), solution


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random pattern filled with random digits and given the sums they make. While the solver
    finds another solution, a cell where the two differ takes another digit its runs allow (the
    sums follow), which rules that one out: of all such changes, the one whose runs' new sums
    have the fewest digit sets that make them (a digit a cell held before last); after a while,
    a new pattern."""
    width, height = size
    if width < 3 or height < 3:
        raise GenerateError(
            f"a Kakuro board is at least 3x3 with its clue row, not {width}x{height}"
        )
    if width * height > 2_500:
        raise GenerateError(f"a Kakuro board has at most 2,500 cells, not {width}x{height}")
    for _ in range(20 + width * height // 4):
        white = pattern(width, height, rng)
        if white is None:
            continue
        digits = fill(white, rng)
        if digits is None:
            continue
        groups = [run for across in (True, False) for run in _segments(white, across)]
        member: dict[Cell, list[list[Cell]]] = {}
        for run in groups:
            for cell in run:
                member.setdefault(cell, []).append(run)

        def ways(
            cell: Cell,
            d: int,
            member: dict[Cell, list[list[Cell]]] = member,
            digits: dict[Cell, int] = digits,
        ) -> int:
            """How many digit sets make the sums of the cell's runs were it to hold ``d``."""
            count = 1
            for run in member[cell]:
                total = sum(digits[x] for x in run if x != cell) + d
                count *= len(cage_sets(total, len(run), 9))
            return count

        held: dict[Cell, set[int]] = {}
        for _ in range(40 + width * height // 2):
            puzzle, ours = _board(white, digits)
            others = [s for s in solutions(puzzle, 2) if s != ours]
            if not others:
                return puzzle, ours, []
            other = others[0]
            options = []
            for r in range(height):
                for c in range(width):
                    if ours[r][c] == other[r][c]:
                        continue
                    taken = {digits[x] for run in member[(r, c)] for x in run if x != (r, c)}
                    options += [
                        (ways((r, c), d), rng.random(), (r, c), d)
                        for d in range(1, 10)
                        if d not in taken and d != digits[(r, c)]
                    ]
            if not options:
                break
            # A digit a cell held before is tried last (the best alone may undo a change).
            fresh = [o for o in options if o[3] not in held.get(o[2], ())] or options
            _, _, cell, d = min(fresh)
            held.setdefault(cell, set()).add(digits[cell])
            digits[cell] = d
    raise GenerateError(f"no {width}x{height} Kakuro with one solution was found")


GENRE = About(
    name="kakuro",
    aliases=("cross-sums",),
    summary="write a digit 1 to 9 in each white cell so that each run across or down holds "
    "different digits adding up to the sum in the black cell before it",
    reading=Reading(
        input_format="rows of cells separated by spaces: . a white cell (or a digit 1-9 given "
        "in it), # a black cell, DOWN\\ACROSS a black cell with sums (either side empty: 10\\, "
        "\\4); or a puzz.link URL",
        example="https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3",
        output_formats=("grid",),
        urls=("kakuro",),
    ),
    solving=Solving(
        # benchmarks/bench_kakuro.py, median CPU ms with the proof of uniqueness: MiniCard on
        # the digit sets (a Boolean per set) is the fastest at every size (1.2 ms at 8x8, 4.4
        # at 16x16, 10.8 at 31x31) but 40x40, where CP-SAT's integers are level (25.9 against
        # 27.4); the table over used digits is 1.1-1.4x slower, the weighted sums 2-6x
        # (docs/genres/sums.md).
        default_backend="sat:minicard",
        default_encoding="sets",
        # On CP-SAT: integers, all-different runs and linear sums, the proof of uniqueness in
        # one search (its own enumeration of two solutions): 29 ms at 40x40 against 44 with two
        # solves and 60-110 on the digit sets (measured before the two-cell rule of
        # sums.narrow; docs/genres/sums.md)
        encodings_on=(("cpsat", "integer"),),
        params=(("cpsat", "enumerate_all_solutions", "true"),),
    ),
    making=Making(
        size="12x12",
        small="6x6",
        largest=2_500,
        attempts=60,
    ),
    grading=Grading(
        encoding="grade",  # (the digit sets' table on the lighter pruning the bands were set on)
        # Made 12x12 boards (seeds 1-24): an eighth are solved by propagation alone (0), the
        # rest by probing, scored 1.05 to 1.93 by its work; the bands part them in quarters.
        bands=(
            ("easy", 0, 1.6),
            ("medium", 1.6, 1.72),
            ("hard", 1.72, 1.81),
            ("extreme", 1.81, 4),
        ),
    ),
)
