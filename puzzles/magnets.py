"""Magnets, in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, cell_name, grid_answer

PLUS, MINUS, BLANK, HOLE = "+", "-", ".", "#"
"""The solution's cells: a + end, a - end, a neutral cell, a lone cell (``*``) of no domino."""
PARTNER = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0)}
"""Where the other half of a domino lies, from each half: ``L``/``R`` the left/right half of a
horizontal domino, ``T``/``B`` the top/bottom half of a vertical one."""

Solution = tuple[str, ...]
"""A row a string of ``+``, ``-``, ``.``, ``#`` (the corpus form)."""
Counts = tuple[int | None, ...]
"""A count per row or column, None where the puzzle gives none."""
Clue = tuple[str, str, int]
"""A count's place: the sign (``+`` or ``-``), ``row`` or ``column``, and its index."""
Given = tuple[Clue, int]


@dataclass(frozen=True, slots=True)
class Magnets:
    """A board tiled by dominoes (a row a string of ``L R T B``, ``*`` a lone cell), and the
    ``+`` and ``-`` counts of each row and column (None: not given). ``tatham`` remembers that
    it was read from a game ID, so it prints back as one."""

    layout: tuple[str, ...]
    plus_rows: Counts
    minus_rows: Counts
    plus_columns: Counts
    minus_columns: Counts
    tatham: bool = field(default=False, compare=False)

    @property
    def width(self) -> int:
        return len(self.plus_columns)

    @property
    def height(self) -> int:
        return len(self.plus_rows)

    def dominoes(self) -> list[tuple[Cell, Cell]]:
        """Each domino's two cells, in reading order of its first cell."""
        return [
            ((r, c), (r + PARTNER[ch][0], c + PARTNER[ch][1]))
            for r, row in enumerate(self.layout)
            for c, ch in enumerate(row)
            if ch in "LT"
        ]

    def clues(self) -> list[Given]:
        """Every count given, with its place."""
        found: list[Given] = []
        for sign, rows, columns in (
            (PLUS, self.plus_rows, self.plus_columns),
            (MINUS, self.minus_rows, self.minus_columns),
        ):
            found += [((sign, "row", r), n) for r, n in enumerate(rows) if n is not None]
            found += [((sign, "column", c), n) for c, n in enumerate(columns) if n is not None]
        return found


def clue_name(clue: Clue) -> str:
    """A count's place in words: ``the + count of row 3``."""
    sign, line, index = clue
    return f"the {sign} count of {line} {index + 1}"


# -- the rules ------------------------------------------------------------------------------------


def check(puzzle: Magnets, solution: Sequence[str]) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            name = cell_name(puzzle, (r, c))
            # A cell is a + end, a - end or neutral; a lone cell (of no domino) is marked #.
            if ch not in (PLUS, MINUS, BLANK, HOLE):
                problems.append(f"{name} holds {ch!r}, not +, -, . or #")
            elif (ch == HOLE) != (puzzle.layout[r][c] == "*"):
                problems.append(f"{name} is {'' if ch == HOLE else 'not '}marked # as a lone cell")
    # Each domino is a magnet, one + end and one - end, or neutral, both ends blank.
    for a, b in puzzle.dominoes():
        ends = solution[a[0]][a[1]] + solution[b[0]][b[1]]
        if ends not in ("+-", "-+", ".."):
            problems.append(
                f"the domino {cell_name(puzzle, a)}-{cell_name(puzzle, b)} is {ends!r}, neither "
                "a magnet (+ and -) nor neutral"
            )
    # Two cells side by side never carry the same sign.
    for r in range(h):
        for c in range(w):
            ch = solution[r][c]
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < h and c2 < w and ch in (PLUS, MINUS) and solution[r2][c2] == ch:
                    problems.append(
                        f"{cell_name(puzzle, (r, c))} and {cell_name(puzzle, (r2, c2))} are "
                        f"both {ch}"
                    )
    # The counts hold where they are given.
    for (sign, line, i), want in puzzle.clues():
        cells = solution[i] if line == "row" else "".join(row[i] for row in solution)
        have = cells.count(sign)
        if have != want:
            problems.append(f"{line} {i + 1} has {have} {sign}, not {want}")
    return problems


# -- givens, for setters: the counts --------------------------------------------------------------


def keep(puzzle: Magnets, givens: Iterable[Given]) -> Magnets:
    """The same board showing only these counts."""
    shown = dict(givens)

    def counts(sign: str, line: str, n: int) -> Counts:
        return tuple(shown.get((sign, line, i)) for i in range(n))

    h, w = puzzle.height, puzzle.width
    return replace(
        puzzle,
        plus_rows=counts(PLUS, "row", h),
        minus_rows=counts(MINUS, "row", h),
        plus_columns=counts(PLUS, "column", w),
        minus_columns=counts(MINUS, "column", w),
    )


def _at(puzzle: Magnets, solution: Solution, place: Cell) -> Given:
    """A count that pins down a cell: the first of its row's and column's not given yet."""
    r, c = place
    shown = dict(puzzle.clues())
    options: list[Clue] = [(PLUS, "row", r), (MINUS, "row", r), (PLUS, "column", c)]
    options.append((MINUS, "column", c))
    clue = next((o for o in options if o not in shown), options[0])
    sign, line, i = clue
    cells = solution[i] if line == "row" else "".join(row[i] for row in solution)
    return (clue, cells.count(sign))


GIVENS: Givens[Magnets, Solution, Given] = Givens(
    of=lambda puzzle: sorted(puzzle.clues()),
    keep=keep,
    at=_at,
    describe=lambda puzzle, given: f"{clue_name(given[0])} = {given[1]}",
)
answer = grid_answer
place_name = cell_name


REPAIRS = 200
"""``make`` changes at most this many dominoes to rule out other solutions of its board."""


def make(
    size: tuple[int, int], rng: random.Random, solutions: Any
) -> tuple[Magnets, Solution, list[Any]]:
    """A random board with every count shown: dominoes laid at random (a lone cell where none
    fits), then each made a magnet one way or the other where its neighbours allow, or neutral
    (as the collection lays them: mostly magnets). Counts alone often leave a large board
    several solutions: while ``solutions`` finds another, a domino where the two differ is
    changed in each place where they differ (a magnet made neutral or turned round, a neutral
    one made a magnet)."""
    w, h = size
    if w * h < 2:
        raise GenerateError("a Magnets board needs at least two cells")
    layout = [["*"] * w for _ in range(h)]
    for r in range(h):
        for c in range(w):
            if layout[r][c] != "*":
                continue  # the bottom half of a domino laid from above
            across = c + 1 < w and layout[r][c + 1] == "*"
            down = r + 1 < h
            if across and (not down or rng.random() < 0.5):
                layout[r][c], layout[r][c + 1] = "L", "R"
            elif down:
                layout[r][c], layout[r + 1][c] = "T", "B"
    rows = tuple("".join(row) for row in layout)
    board = [[HOLE if ch == "*" else BLANK for ch in row] for row in rows]
    dominoes = Magnets(rows, (None,) * h, (None,) * h, (None,) * w, (None,) * w).dominoes()
    for a, b in rng.sample(dominoes, len(dominoes)):
        if rng.random() >= 0.2:
            _recolour(board, a, b, rng)
    whole, solution = _shown(rows, board)
    for _ in range(REPAIRS if solutions else 0):
        other = next((s for s in solutions(whole, 2) if s != solution), None)
        if other is None:
            break
        differ = [d for d in dominoes if any(other[r][c] != solution[r][c] for r, c in d)]
        rng.shuffle(differ)
        # One change in each place where the solutions differ (they differ in many places at
        # once on a large board): none next to a domino changed already.
        near: set[Cell] = set()
        for a, b in differ:
            if a not in near and b not in near and _recolour(board, a, b, rng):
                near |= {
                    (r + dr, c + dc) for r, c in (a, b) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                }
        if not near:
            break
        whole, solution = _shown(rows, board)
    return whole, solution, []


def _shown(rows: tuple[str, ...], board: list[list[str]]) -> tuple[Magnets, Solution]:
    """The board's puzzle, every count shown, and its solution."""
    solution = tuple("".join(row) for row in board)
    w = len(rows[0])
    whole = Magnets(
        rows,
        tuple(row.count(PLUS) for row in solution),
        tuple(row.count(MINUS) for row in solution),
        tuple(sum(row[c] == PLUS for row in solution) for c in range(w)),
        tuple(sum(row[c] == MINUS for row in solution) for c in range(w)),
        tatham=True,
    )
    return whole, solution


def _recolour(board: list[list[str]], a: Cell, b: Cell, rng: random.Random) -> bool:
    """Make the domino a-b a magnet, one way or the other, where its neighbours allow, or (a
    magnet already) neutral or turned round, at random; whether it changed."""
    h, w = len(board), len(board[0])
    was = board[a[0]][a[1]], board[b[0]][b[1]]
    board[a[0]][a[1]] = board[b[0]][b[1]] = BLANK
    ways = [(x, y) for x, y in ((PLUS, MINUS), (MINUS, PLUS)) if (x, y) != was]
    rng.shuffle(ways)
    if was != (BLANK, BLANK) and rng.random() < 0.5:
        ways = []  # the magnet made neutral
    for x, y in ways:
        if _free(board, a, x, h, w) and _free(board, b, y, h, w):
            board[a[0]][a[1]], board[b[0]][b[1]] = x, y
            break
    return (board[a[0]][a[1]], board[b[0]][b[1]]) != was


def _free(board: list[list[str]], cell: Cell, sign: str, h: int, w: int) -> bool:
    """No side neighbour of ``cell`` carries ``sign`` already."""
    r, c = cell
    return not any(
        0 <= r + dr < h and 0 <= c + dc < w and board[r + dr][c + dc] == sign
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
    )


GENRE = About(
    name="magnets",
    summary="make each domino a magnet (+ and -) or neutral; like signs never touch; rows and "
    "columns count their + and -",
    reading=Reading(
        input_format="Simon Tatham's Magnets game ID (WxH:+cols,+rows,-cols,-rows,layout), or a "
        "line `+` and a line `-` of column counts, then rows of two counts (+, -) and L R T B *",
        example="3x3:201,102,120,111,LRTT*BBLR",
        output_formats=("grid", "tatham"),
        urls=("magnets",),
    ),
    solving=Solving(
        default_backend="sat:minicard",
        default_encoding="domino",
        # The proof of uniqueness in one CP-SAT search (its own enumeration, two solutions)
        # rather than two presolved solves: 1.5-1.6x faster on the corpus (docs/genres/placement.md)
        params=(("cpsat", "enumerate_all_solutions", "true"),),
    ),
    making=Making(
        size="6x5",
        small="4x4",
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 40 puzzles made at
        # its own size (6x5; 1.19, 1.37 and 1.62; benchmarks/bench_bands.py) part the bands.
        bands=(
            ("easy", 0, 1.19),
            ("medium", 1.19, 1.37),
            ("hard", 1.37, 1.62),
            ("extreme", 1.62, 4),
        ),
    ),
)
