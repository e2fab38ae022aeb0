"""Bridges (Hashiwokakero), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Option, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer

Board = tuple[tuple[int, ...], ...]
"""Rows of cells. In a puzzle: an island's number, or 0 for water. In a solution: the bridges
over each cell, ``n`` for n horizontal bridges, ``-n`` for n vertical ones, 0 for none (an
island's cell holds 0: bridges end at islands)."""

Islands = tuple[tuple[bool, ...], ...]
"""Where islands stand, row by row."""

MOST = 4
"""The most bridges one pair of islands can have (Simon Tatham's collection allows 1..4)."""
BIGGEST = 4 * MOST
"""An island's largest possible number: the most bridges in each of four directions."""


@dataclass(frozen=True, slots=True)
class Link:
    """Where bridges could run: two islands in one row or column with only water between."""

    a: Cell  # the left or upper island
    b: Cell  # the right or lower island
    between: tuple[Cell, ...]  # the water cells the bridges pass over
    horizontal: bool


@dataclass(frozen=True, slots=True)
class Bridges(Rows):
    """A board of islands and water; at most ``most`` bridges join a pair; with ``no_loops``
    no bridges may close a cycle (Tatham's ``L``)."""

    rows: Board
    most: int = 2
    no_loops: bool = False
    fixed: Mapping[Cell, int] = field(default_factory=dict)
    """Water cells whose bridges are given as a solution has them (a setter's clue)."""
    game_id: bool = field(default=False, compare=False)
    """Read from a game ID: printed back as one."""

    def islands(self) -> list[Cell]:
        """The islands, in reading order."""
        return [(r, c) for r, row in enumerate(self.rows) for c, n in enumerate(row) if n]


def links(puzzle: Bridges) -> list[Link]:
    """Every place bridges could run: from each island right and down to the next island, when
    water lies between (islands side by side leave no room for a bridge), in reading order of
    their first island, the link to the right first."""
    found = []
    rows, h, w = puzzle.rows, puzzle.height, puzzle.width
    for r, c in puzzle.islands():
        for dr, dc in ((0, 1), (1, 0)):
            between = []
            rr, cc = r + dr, c + dc
            while rr < h and cc < w and not rows[rr][cc]:
                between.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if rr < h and cc < w and between:
                found.append(Link((r, c), (rr, cc), tuple(between), dc == 1))
    return found


def check(puzzle: Bridges, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w, rows = puzzle.height, puzzle.width, puzzle.rows
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    # (That bridges never cross is in the board's shape: a cell holds horizontal bridges or
    # vertical ones, never both.)
    for r in range(h):
        for c in range(w):
            v, name = solution[r][c], cell_name(puzzle, (r, c))
            # A bridge never passes over an island.
            if rows[r][c]:
                if v:
                    problems.append(f"a bridge passes over the island at {name}")
                continue
            # At most M bridges join a pair of islands.
            if abs(v) > puzzle.most:
                problems.append(f"{name} has {abs(v)} bridges; at most {puzzle.most} join a pair")
            # A given cell holds the bridges it was given.
            if (r, c) in puzzle.fixed and puzzle.fixed[r, c] != v:
                problems.append(f"{name} is given as {describe_cell(puzzle.fixed[r, c])}")
            # Bridges run straight, horizontally or vertically, from island to island: each
            # neighbour along a bridge is an island or carries the same bridges on.
            if v:
                dr, dc = (0, 1) if v > 0 else (1, 0)
                for rr, cc in ((r - dr, c - dc), (r + dr, c + dc)):
                    if not (0 <= rr < h and 0 <= cc < w):
                        problems.append(f"the bridge at {name} runs off the board")
                    elif not rows[rr][cc] and solution[rr][cc] != v:
                        problems.append(
                            f"the bridge at {name} does not run on into "
                            f"{cell_name(puzzle, (rr, cc))}"
                        )
    if problems:
        return problems
    # Each island has as many bridge ends as its number.
    islands = puzzle.islands()
    for r, c in islands:
        ends = 0
        for rr, cc, sign in ((r, c - 1, 1), (r, c + 1, 1), (r - 1, c, -1), (r + 1, c, -1)):
            if 0 <= rr < h and 0 <= cc < w and solution[rr][cc] * sign > 0:
                ends += abs(solution[rr][cc])
        if ends != rows[r][c]:
            problems.append(
                f"the island at {cell_name(puzzle, (r, c))} has {ends} bridges, not {rows[r][c]}"
            )
    if problems:
        return problems
    # All islands form one connected group (and with no loops, one with no cycle).
    parent = {cell: cell for cell in islands}

    def root(cell: Cell) -> Cell:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    joined = 0
    for r, c in islands:
        for dr, dc, sign in ((0, 1, 1), (1, 0, -1)):
            rr, cc = r + dr, c + dc
            if not (rr < h and cc < w and solution[rr][cc] * sign > 0):
                continue
            while not rows[rr][cc]:
                rr, cc = rr + dr, cc + dc
            joined += 1
            parent[root((r, c))] = root((rr, cc))
    groups = len({root(cell) for cell in islands})
    if groups > 1:
        problems.append(f"the islands form {groups} groups, not one")
    elif puzzle.no_loops and joined >= len(islands):
        problems.append("the bridges close a loop, and loops are not allowed")
    return problems


def describe_cell(value: int) -> str:
    """A cell's bridges in words: ``a double horizontal bridge``, ``no bridge``."""
    if not value:
        return "no bridge"
    count = {1: "a single", 2: "a double", 3: "a triple", 4: "a quadruple"}.get(abs(value))
    way = "horizontal" if value > 0 else "vertical"
    return f"{count or abs(value)} {way} bridge"


# -- givens, for setters: the islands stay; a water cell's bridges are the clue one can add -----

Given = tuple[Cell, int]
"""A water cell given as a solution has it: ((row, column), bridges over it)."""


def givens(puzzle: Bridges) -> list[Given]:
    """The given water cells."""
    return sorted(puzzle.fixed.items())


def with_givens(puzzle: Bridges, shown: Iterable[Given]) -> Bridges:
    """The same board with exactly these water cells given."""
    return replace(puzzle, fixed=dict(shown), game_id=False)


def given_at(puzzle: Bridges, solution: Board, place: Cell) -> Given:
    """The bridges over ``place`` as the solution has them."""
    r, c = place
    return ((r, c), solution[r][c])


def describe(puzzle: Bridges, given: Given) -> str:
    place, value = given
    return f"{describe_cell(value)} at {cell_name(puzzle, place)}"


GIVENS = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


def random_layout(
    width: int, height: int, rng: random.Random, most: int = 2
) -> tuple[Board, Islands]:
    """A solved board, grown as the collection grows its own: from a random island, a new island
    two or more cells away along a row or column, over water no bridge crosses, joined by 1..M
    bridges; until about a quarter of the cells are islands or no new island fits. Islands never
    touch side by side. Returns the solution's board and where the islands stand."""
    grid = [[0] * width for _ in range(height)]
    island = [[False] * width for _ in range(height)]
    start = (rng.randrange(height), rng.randrange(width))
    island[start[0]][start[1]] = True
    placed = [start]
    goal = max(2, width * height // 4)
    misses = 0
    while len(placed) < goal and misses < 60:
        r, c = rng.choice(placed)
        dr, dc = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
        free = []  # the cells the new island may stand on, nearest first
        rr, cc = r + dr, c + dc
        while 0 <= rr < height and 0 <= cc < width and not island[rr][cc] and not grid[rr][cc]:
            free.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if 0 <= rr < height and 0 <= cc < width and island[rr][cc]:
            free = free[:-1]  # not side by side with the island the line meets
        spots = [
            (rr, cc)
            for rr, cc in free[1:]
            if not any(
                0 <= rr + er < height and 0 <= cc + ec < width and island[rr + er][cc + ec]
                for er, ec in ((0, 1), (0, -1), (1, 0), (-1, 0))
            )
        ]
        if not spots:
            misses += 1
            continue
        misses = 0
        end = rng.choice(spots)
        island[end[0]][end[1]] = True
        placed.append(end)
        n = rng.randint(1, most)
        rr, cc = r + dr, c + dc
        while (rr, cc) != end:
            grid[rr][cc] = n if dc else -n
            rr, cc = rr + dr, cc + dc
    return tuple(tuple(row) for row in grid), tuple(tuple(row) for row in island)


def numbers(solution: Board, island: Islands) -> Board:
    """Each island's number: the bridge ends that meet it in ``solution``."""
    h, w = len(solution), len(solution[0])
    rows = [[0] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if island[r][c]:
                for rr, cc, sign in ((r, c - 1, 1), (r, c + 1, 1), (r - 1, c, -1), (r + 1, c, -1)):
                    if 0 <= rr < h and 0 <= cc < w and solution[rr][cc] * sign > 0:
                        rows[r][c] += abs(solution[rr][cc])
    return tuple(tuple(row) for row in rows)


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random solved board shown whole: the first cell of every place bridges could run is
    given; the generator takes away all the givens it can."""
    width, height = size
    if width < 3 or height < 3:
        raise GenerateError("a Bridges board needs at least 3x3 cells")
    # Like the collection, prefer a layout with islands on all four sides; two islands at least.
    found = None
    for _ in range(50):
        solution, island = random_layout(width, height, rng)
        sides = (island[0], island[-1], [row[0] for row in island], [row[-1] for row in island])
        if sum(map(sum, island)) > 1:
            found = solution, island
            if all(any(side) for side in sides):
                break
    if found is None:
        raise GenerateError(f"no two islands fit on a {width}x{height} board")
    solution, island = found
    puzzle = Bridges(numbers(solution, island))
    fixed = {}
    for link in links(puzzle):
        r, c = link.between[0]
        fixed[r, c] = solution[r][c]
    return replace(puzzle, fixed=fixed), solution, []


GENRE = About(
    name="bridges",
    aliases=("hashi", "hashiwokakero"),
    summary="join the islands by bridges, as many as each island's number, all in one group "
    "(Simon Tatham's Bridges)",
    reading=Reading(
        input_format="a game ID WxHmM[L]:desc as the collection prints it (1-9, A-G islands, a-z "
        "runs of water), or rows of 1-9/A-G for islands and . for water, after optional lines "
        "'max M' and 'no loops'; - = | \" are given bridges, x a cell given without one",
        example="7x7m2:2a3a5a4a2a1i4b1a2j3d43a2d",
        options=(
            Option(
                "max_bridges",
                "--max-bridges",
                "bridges: at most M bridges join a pair of islands (1..4; default 2, or the ID's)",
                int,
                "M",
            ),
            Option(
                "no_loops", "--no-loops", "bridges: no bridges may close a loop (Tatham's L)", None
            ),
        ),
        output_formats=("grid", "tatham"),
        urls=("hashi", "hashikake", "bridges"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="cuts",
    ),
    making=Making(
        size="7x7",
        small="7x7",
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 40 puzzles made at
        # its own size (7x7; 1.02, 1.03 and 1.06; benchmarks/bench_bands.py) part the bands.
        bands=(
            ("easy", 0, 1.02),
            ("medium", 1.02, 1.033),
            ("hard", 1.033, 1.06),
            ("extreme", 1.06, 4),
        ),
    ),
)
