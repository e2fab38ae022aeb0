"""Map (four-colouring), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name

COLOURS = 4
Board = tuple[str, ...]
"""A solution: a string a row, each cell the digit of its region's colour, 0 to 3 (the corpus's
form)."""
Given = tuple[Cell, int]
"""A region's colour shown: ``(first cell of the region in reading order, colour)``."""

MOST_CELLS = 10_000


@dataclass(frozen=True, slots=True)
class Map(Rows):
    """A board cut into regions: ``rows`` holds each cell's region, numbered 0, 1, ... in the
    reading order of each region's first cell; ``colours`` the colour shown for each region
    (0 to 3), None where none is. ``tatham`` says it was read from (and prints as) a game ID."""

    rows: tuple[tuple[int, ...], ...]
    colours: tuple[int | None, ...]
    tatham: bool = field(default=False, compare=False)

    @property
    def regions(self) -> int:
        return len(self.colours)

    def firsts(self) -> list[Cell]:
        """The first cell of each region, in reading order."""
        found: dict[int, Cell] = {}
        for r, row in enumerate(self.rows):
            for c, k in enumerate(row):
                found.setdefault(k, (r, c))
        return [found[k] for k in range(self.regions)]

    def borders(self) -> set[tuple[int, int]]:
        """Each pair of regions that share a cell side, as (lower number, higher)."""
        found = set()
        h, w = self.height, self.width
        for r in range(h):
            for c in range(w):
                for rr, cc in ((r + 1, c), (r, c + 1)):
                    if rr < h and cc < w and self.rows[r][c] != self.rows[rr][cc]:
                        a, b = self.rows[r][c], self.rows[rr][cc]
                        found.add((min(a, b), max(a, b)))
        return found


def numbered(rows: Iterable[Iterable[Any]]) -> tuple[tuple[int, ...], ...]:
    """Regions of equal labels joined across cell sides, numbered in reading order of their
    first cells (two separate areas of one label are two regions)."""
    grid = [list(row) for row in rows]
    h, w = len(grid), len(grid[0]) if grid else 0
    out = [[-1] * w for _ in range(h)]
    count = 0
    for r in range(h):
        for c in range(w):
            if out[r][c] >= 0:
                continue
            out[r][c] = count
            todo = [(r, c)]
            while todo:
                y, x = todo.pop()
                for yy, xx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    inside = 0 <= yy < h and 0 <= xx < w
                    if inside and out[yy][xx] < 0 and grid[yy][xx] == grid[y][x]:
                        out[yy][xx] = count
                        todo.append((yy, xx))
            count += 1
    return tuple(tuple(row) for row in out)


def check(puzzle: Map, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    colour: dict[int, str] = {}
    # Every cell has one of the four colours, the same as the rest of its region.
    for r in range(h):
        for c in range(w):
            ch, k = solution[r][c], puzzle.rows[r][c]
            if ch not in "0123" or len(ch) != 1:
                problems.append(f"{cell_name(puzzle, (r, c))} holds {ch!r}, not a colour 0-3")
            elif colour.setdefault(k, ch) != ch:
                problems.append(
                    f"{cell_name(puzzle, (r, c))} is coloured {ch}, but its region {colour[k]}"
                )
    if problems:
        return problems
    firsts = puzzle.firsts()
    # A colour shown stays.
    for k, given in enumerate(puzzle.colours):
        if given is not None and colour[k] != str(given):
            problems.append(
                f"the region at {cell_name(puzzle, firsts[k])} is shown {given}, not {colour[k]}"
            )
    # Regions that share a side have different colours.
    for a, b in sorted(puzzle.borders()):
        if colour[a] == colour[b]:
            problems.append(
                f"the regions at {cell_name(puzzle, firsts[a])} and "
                f"{cell_name(puzzle, firsts[b])} touch and are both {colour[a]}"
            )
    return problems


# -- givens, for setters: the colours shown ------------------------------------------------------


def _givens(puzzle: Map) -> list[Given]:
    firsts = puzzle.firsts()
    return [(firsts[k], v) for k, v in enumerate(puzzle.colours) if v is not None]


def keep(puzzle: Map, givens: Iterable[Given]) -> Map:
    """The same map showing only these colours."""
    shown = {puzzle.rows[r][c]: v for (r, c), v in givens}
    return replace(puzzle, colours=tuple(shown.get(k) for k in range(puzzle.regions)))


def _at(puzzle: Map, solution: Board, place: Cell) -> Given:
    r, c = place
    return (puzzle.firsts()[puzzle.rows[r][c]], int(solution[r][c]))


def _describe(puzzle: Map, given: Given) -> str:
    place, v = given
    return f"colour {v} for the region at {cell_name(puzzle, place)}"


GIVENS: Givens[Map, Board, Given] = Givens(_givens, keep, _at, _describe)
place_name = cell_name


def answer(solution: Board) -> dict[Cell, int]:
    """Each cell's colour, row by row."""
    return {(r, c): int(ch) for r, row in enumerate(solution) for c, ch in enumerate(row)}


# -- random maps, shown whole ---------------------------------------------------------------------


def random_regions(w: int, h: int, n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """n regions grown at random from n random cells, a cell at a time, until they cover the
    board (each region is connected), numbered in reading order."""
    owner = [[-1] * w for _ in range(h)]
    cells = rng.sample([(r, c) for r in range(h) for c in range(w)], n)
    edge: list[tuple[Cell, int]] = []
    for k, (r, c) in enumerate(cells):
        owner[r][c] = k
        edge += [((rr, cc), k) for rr, cc in _around(r, c, w, h)]
    while edge:
        (r, c), k = edge.pop(rng.randrange(len(edge)))
        if owner[r][c] >= 0:
            continue
        owner[r][c] = k
        edge += [((rr, cc), k) for rr, cc in _around(r, c, w, h) if owner[rr][cc] < 0]
    return numbered(owner)


def _around(r: int, c: int, w: int, h: int) -> list[Cell]:
    return [(y, x) for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= y < h and 0 <= x < w]  # fmt: skip


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Regions grown at random (one per ten cells, as the collection's default 20x15 map has
    30), four-coloured by the solver with colours shuffled, every colour shown."""
    w, h = size
    if w * h > MOST_CELLS:
        raise GenerateError(f"a map has at most {MOST_CELLS} cells")
    n = max(1, min(w * h, round(w * h / 10)))
    rows = random_regions(w, h, n, rng)
    bare = Map(rows, (None,) * n)
    found = solutions(bare, 1)
    if not found:
        raise GenerateError("no four-colouring found")
    shuffle = list(range(COLOURS))
    rng.shuffle(shuffle)
    firsts = bare.firsts()
    colours = tuple(shuffle[int(found[0][r][c])] for r, c in firsts)
    solution = tuple("".join(str(colours[k]) for k in row) for row in rows)
    return Map(rows, colours, tatham=True), solution, []


GENRE = About(
    name="map",
    aliases=("four-colouring", "four-coloring"),
    summary="colour every region with one of four colours so that regions sharing a side differ",
    reading=Reading(
        input_format="Simon Tatham's Map game ID (20x15n30:edges,clues), or the map as rows of "
        "region labels (a character a cell, or labels split by spaces), then lines such as "
        "A=0 giving a region its colour 0-3",
        example="7x7n5:fahbabdadbvbeafdagf,133a0",
        output_formats=("grid", "tatham"),
    ),
    solving=Solving(
        # The fastest on the corpus and on 60x50 maps (benchmarks/bench_tatham2.py).
        default_backend="sat:minicard",
        default_encoding="onehot",
    ),
    making=Making(
        size="20x15",
        small="6x5",
        largest=MOST_CELLS,
    ),
    grading=Grading(
        # Graded on the bits (the one-hot model scores his Normal, Hard and Unreasonable maps
        # alike, 1.14 to 1.20): his Easy, Normal, Hard and Unreasonable 20x15 maps score 1.24,
        # 1.40, 2.29 and 2.17 (medians, benchmarks/bench_grade.py on ../shared/corpus/tatham2),
        # the first two by probing, the others by lookahead; the bands part between them.
        encoding="binary",
        bands=(
            ("easy", 0, 1.3),
            ("medium", 1.3, 1.8),
            ("hard", 1.8, 2.25),
            ("extreme", 2.25, 4),
        ),
        # Tatham's own levels; Hard and Unreasonable score alike.
        levels_of="Tatham's",
        levels=(("Easy", 0, 1.3), ("Normal", 1.3, 1.8), ("Hard or Unreasonable", 1.8, 4)),
    ),
)
