"""Light Up (Akari), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer

WHITE = "."
BLACK = "#"
LIGHT = "L"
CLUES = "01234"
"""A board cell is white, black, or black with a clue: the number of lights next to it."""

Board = tuple[str, ...]
"""A solution: a string a row, ``L`` a light, ``.`` a lit white cell without one, ``#`` a black
cell (with or without a clue), exactly as Simon Tatham's corpus writes it."""

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass(frozen=True, slots=True)
class LightUp(Rows):
    """A board of white and black cells, a string a row: ``.`` white, ``#`` black, ``0``-``4``
    black with a clue. ``marks`` are a setter's givens on white cells: True, a light stands
    there; False, none does. ``tatham`` says the puzzle was read from (and prints as) a game ID;
    it is how the puzzle is written, not what it is, so it takes no part in equality."""

    rows: tuple[str, ...]
    marks: Mapping[Cell, bool] = field(default_factory=dict)
    tatham: bool = field(default=False, compare=False)

    def is_white(self, r: int, c: int) -> bool:
        return self.rows[r][c] == WHITE

    def clues(self) -> dict[Cell, int]:
        """The numbered black cells and their numbers."""
        return {
            (r, c): int(ch)
            for r, row in enumerate(self.rows)
            for c, ch in enumerate(row)
            if ch in CLUES
        }

    def neighbours(self, r: int, c: int) -> Iterator[Cell]:
        """The cells orthogonally next to (r, c), on the board."""
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.height and 0 <= cc < self.width:
                yield rr, cc


def check(puzzle: LightUp, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    lights = []
    for r, row in enumerate(puzzle.rows):
        for c, cell in enumerate(row):
            ch = solution[r][c]
            white = cell == WHITE
            # Black cells stay black; lights go on white cells only.
            if white and ch not in (LIGHT, WHITE):
                problems.append(f"{cell_name(puzzle, (r, c))} is white, but holds {ch!r}")
            elif not white and ch != BLACK:
                problems.append(f"{cell_name(puzzle, (r, c))} is black, but holds {ch!r}")
            if ch == LIGHT and white:
                lights.append((r, c))
    if problems:
        return problems
    # A setter's marks stay: a light where one is given, none where none is.
    for (r, c), light in sorted(puzzle.marks.items()):
        if (solution[r][c] == LIGHT) != light:
            given = "a light" if light else "no light"
            problems.append(f"{cell_name(puzzle, (r, c))} is given {given}")
    rows = puzzle.rows
    lit = set(lights)
    for r, c in lights:
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            while 0 <= rr < h and 0 <= cc < w and rows[rr][cc] == WHITE:
                lit.add((rr, cc))
                # No two lights see each other.
                if solution[rr][cc] == LIGHT and (r, c) < (rr, cc):
                    problems.append(
                        f"the lights at {cell_name(puzzle, (r, c))} and "
                        f"{cell_name(puzzle, (rr, cc))} see each other"
                    )
                rr, cc = rr + dr, cc + dc
    # Every white cell is lit.
    for r in range(h):
        for c in range(w):
            if rows[r][c] == WHITE and (r, c) not in lit:
                problems.append(f"{cell_name(puzzle, (r, c))} is not lit")
    # Each numbered black cell has exactly that many lights next to it.
    for (r, c), n in sorted(puzzle.clues().items()):
        found = sum(solution[rr][cc] == LIGHT for rr, cc in puzzle.neighbours(r, c))
        if found != n:
            problems.append(
                f"{cell_name(puzzle, (r, c))} shows {n}, but has {found} lights next to it"
            )
    return problems


# -- givens, for setters: the clues shown on black cells, and lights (or none) fixed on white ----

Given = tuple[Cell, int | bool]
"""A clue ``((row, column), number)`` on a black cell, or a mark ``((row, column), True)`` (a
light stands here) or ``False`` (no light does) on a white cell."""


def givens(puzzle: LightUp) -> list[Given]:
    """The clues and the marks, cell by cell."""
    found: list[Given] = list(puzzle.clues().items())
    found += list(puzzle.marks.items())
    return sorted(found, key=lambda g: g[0])


def with_givens(puzzle: LightUp, shown: Iterable[Given]) -> LightUp:
    """The same board showing exactly these clues and marks (a black cell whose clue is not
    shown is plain black)."""
    clues: dict[Cell, int] = {}
    marks: dict[Cell, bool] = {}
    for (r, c), value in shown:
        if isinstance(value, bool):
            marks[(r, c)] = value
        else:
            clues[(r, c)] = value
    rows = tuple(
        "".join(
            WHITE if ch == WHITE else str(clues[(r, c)]) if (r, c) in clues else BLACK
            for c, ch in enumerate(row)
        )
        for r, row in enumerate(puzzle.rows)
    )
    return replace(puzzle, rows=rows, marks=marks)


def given_at(puzzle: LightUp, solution: Board, place: Cell) -> Given:
    """What the solution holds at ``place``, as a given: its clue on a black cell, a light or
    no light on a white one."""
    r, c = place
    if not puzzle.is_white(r, c):
        return (place, sum(solution[rr][cc] == LIGHT for rr, cc in puzzle.neighbours(r, c)))
    return (place, solution[r][c] == LIGHT)


def describe(puzzle: LightUp, given: Given) -> str:
    place, value = given
    if isinstance(value, bool):
        return f"{'a light' if value else 'no light'} at {cell_name(puzzle, place)}"
    return f"the clue {value} at {cell_name(puzzle, place)}"


GIVENS: Givens[LightUp, Board, Given] = Givens(givens, with_givens, given_at, describe)
answer = grid_answer
place_name = cell_name


# -- random puzzles, shown whole -----------------------------------------------------------------


def random_board(
    width: int, height: int, rng: random.Random, black: float = 0.2
) -> list[list[str]]:
    """Black cells at random, in pairs symmetric under a half turn (as the collection's boards)."""
    board = [[WHITE] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            if (r, c) <= (height - 1 - r, width - 1 - c) and rng.random() < black:
                board[r][c] = board[height - 1 - r][width - 1 - c] = BLACK
    return board


def place_lights(board: list[list[str]], rng: random.Random) -> None:
    """Lights on the white cells no light lights yet, in random order: afterwards every white
    cell is lit, and no two lights see each other."""
    h, w = len(board), len(board[0])
    lit: set[Cell] = set()

    def shine(r: int, c: int) -> None:
        lit.add((r, c))
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            while 0 <= rr < h and 0 <= cc < w and board[rr][cc] != BLACK:
                lit.add((rr, cc))
                rr, cc = rr + dr, cc + dc

    for r in range(h):
        for c in range(w):
            if board[r][c] == LIGHT:
                shine(r, c)
    cells = [(r, c) for r in range(h) for c in range(w) if board[r][c] == WHITE]
    rng.shuffle(cells)
    for r, c in cells:
        if (r, c) not in lit:
            board[r][c] = LIGHT
            shine(r, c)


def _numbered(board: list[list[str]]) -> LightUp:
    """The puzzle of a solved board: every black cell shows its lights, no light is shown."""
    h, w = len(board), len(board[0])
    rows = []
    for r in range(h):
        row = []
        for c in range(w):
            if board[r][c] == BLACK:
                near = sum(
                    board[rr][cc] == LIGHT
                    for rr, cc in ((r + dr, c + dc) for dr, dc in STEPS)
                    if 0 <= rr < h and 0 <= cc < w
                )
                row.append(str(near))
            else:
                row.append(WHITE)
        rows.append("".join(row))
    return LightUp(tuple(rows), tatham=True)


def _solution(board: list[list[str]]) -> Board:
    return tuple("".join(row) for row in board)


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random board and lights, every black cell showing its clue. While the solver finds
    another solution, a white cell that is dark in ours and a light in that one turns black,
    and lights go on the cells that this leaves unlit (as the collection's generator adds black
    cells until its solver is satisfied): the puzzle shown whole has one solution."""
    width, height = size
    if width < 2 or height < 2:
        raise GenerateError(f"a Light Up board is at least 2x2, not {width}x{height}")
    board = random_board(width, height, rng)
    place_lights(board, rng)
    while True:
        puzzle = _numbered(board)
        ours = _solution(board)
        others = [s for s in solutions(puzzle, 2) if s != ours]
        if not others:
            return puzzle, ours, []
        # Some cell is dark in ours and a light in the other (else a light only ours has
        # would be seen by a light they share).
        dark = [
            (r, c)
            for r in range(height)
            for c in range(width)
            if ours[r][c] == WHITE and others[0][r][c] == LIGHT
        ]
        r, c = rng.choice(dark)
        board[r][c] = BLACK
        place_lights(board, rng)


GENRE = About(
    name="lightup",
    aliases=("akari", "light-up"),
    summary="place lights so every white cell is lit, no two lights see each other, and each "
    "number counts the lights next to it",
    reading=Reading(
        input_format="Simon Tatham's game ID (7x7:dBf0bB2q12b1f1d), or rows of . white, # or X "
        "black, 0-4 numbered black (L a given light, + a white cell given no light)",
        example="7x7:dBf0bB2q12b1f1d",
        output_formats=("grid", "tatham"),
        urls=("akari", "lightup", "bijutsukan"),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="segments",
    ),
    making=Making(
        size="7x7",
        small="7x7",
        largest=10_000,
    ),
    grading=Grading(
        # Tatham's difficulties 0, 1 and 2 score 0, 1.05 and 1.25 (medians,
        # benchmarks/bench_grade.py): the bands part between them, and past 2.
        bands=(
            ("easy", 0, 0.52),
            ("medium", 0.52, 1.15),
            ("hard", 1.15, 1.4),
            ("extreme", 1.4, 4),
        ),
        # Tatham's own levels, each from half way to the levels beside it (as the bands).
        levels_of="Tatham's",
        levels=(("Easy", 0, 0.52), ("Tricky", 0.52, 1.15), ("Hard", 1.15, 4)),
    ),
)
