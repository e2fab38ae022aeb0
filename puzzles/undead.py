"""Undead (a haunted mirror maze), in the player's words, and a checker from its rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Reading, Solving
from .grid import Cell, Rows, cell_name, grid_answer

EMPTY = "."
BACK = "\\"
"""A mirror ``\\``: a line of sight going down turns right, going up turns left."""
FORWARD = "/"
"""A mirror ``/``: a line of sight going down turns left, going up turns right."""
MIRRORS = BACK + FORWARD
MONSTERS = "GVZ"
"""A ghost (seen only in a mirror), a vampire (seen only directly), a zombie (seen always)."""

Board = tuple[str, ...]
"""A solution: a string a row, ``G``, ``V`` or ``Z`` in every cell without a mirror, and the
mirrors ``\\`` and ``/`` as they stand, exactly as the corpus writes it."""
Clue = int | None
"""A count of monsters seen, or None where the board shows none."""
Given = tuple[Cell, Any]
"""A monster shown in a cell, ``((row, column), "G")``; ``keep`` also takes a clue at its place
outside the board, ``((row, column), count)`` (row -1 above, row H below, column -1 left,
column W right)."""
Visit = tuple[Cell, bool]
"""A cell a line of sight passes, and whether it has met a mirror by then."""

MOST_CELLS = 2_500
"""The largest board read (Tatham's own stop at 54 cells; larger ones are gridsat's)."""


@dataclass(frozen=True, slots=True)
class Undead(Rows):
    """A board of empty cells and mirrors, a string a row (``.`` empty, ``\\`` and ``/``
    mirrors, ``G``/``V``/``Z`` a monster shown); how many ghosts, vampires and zombies there
    are; and the clues round the board, each side in its own reading order (top and bottom left
    to right, left and right top to bottom). ``tatham`` says it was read from a game ID."""

    rows: tuple[str, ...]
    ghosts: int
    vampires: int
    zombies: int
    top: tuple[Clue, ...]
    bottom: tuple[Clue, ...]
    left: tuple[Clue, ...]
    right: tuple[Clue, ...]
    tatham: bool = field(default=False, compare=False)

    def totals(self) -> dict[str, int]:
        return {"G": self.ghosts, "V": self.vampires, "Z": self.zombies}

    def clues(self) -> Iterator[tuple[Cell, int, str, list[Visit]]]:
        """Every clue shown: its place outside the board, its count, where it stands in
        words, and the cells its line of sight passes."""
        for place, name, start, step in self.entries():
            clue = self.clue_at(place)
            if clue is not None:
                yield place, clue, name, sight(self, start, step)

    def entries(self) -> Iterator[tuple[Cell, str, Cell, Cell]]:
        """Every clue place: where it stands, in words, the first cell looked at and the
        direction of looking."""
        h, w = self.height, self.width
        for c in range(w):
            yield (-1, c), f"above column {c + 1}", (0, c), (1, 0)
        for c in range(w):
            yield (h, c), f"below column {c + 1}", (h - 1, c), (-1, 0)
        for r in range(h):
            yield (r, -1), f"left of row {r + 1}", (r, 0), (0, 1)
        for r in range(h):
            yield (r, w), f"right of row {r + 1}", (r, w - 1), (0, -1)

    def clue_at(self, place: Cell) -> Clue:
        r, c = place
        if r == -1:
            return self.top[c]
        if r == self.height:
            return self.bottom[c]
        return self.left[r] if c == -1 else self.right[r]

    def shown(self) -> dict[Cell, str]:
        """The monsters shown in cells."""
        return {
            (r, c): ch
            for r, row in enumerate(self.rows)
            for c, ch in enumerate(row)
            if ch in MONSTERS
        }


def turn(mirror: str, step: Cell) -> Cell:
    """The direction a line of sight leaves a mirror in."""
    dr, dc = step
    return (dc, dr) if mirror == BACK else (-dc, -dr)


def sight(puzzle: Undead, start: Cell, step: Cell) -> list[Visit]:
    """The cells a line of sight passes from ``start`` looking along ``step``, bouncing off the
    mirrors until it leaves the board, each with whether it has met a mirror by then (a cell
    passed twice is listed twice)."""
    (r, c), seen, mirrored = start, [], False
    while 0 <= r < puzzle.height and 0 <= c < puzzle.width:
        ch = puzzle.rows[r][c]
        if ch in MIRRORS:
            step, mirrored = turn(ch, step), True
        else:
            seen.append(((r, c), mirrored))
        r, c = r + step[0], c + step[1]
    return seen


def visible(monster: str, mirrored: bool) -> bool:
    """Whether a monster is seen: a zombie always, a vampire only before the first mirror, a
    ghost only in a mirror."""
    return monster == "Z" or (monster == "V" and not mirrored) or (monster == "G" and mirrored)


def check(puzzle: Undead, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    h, w = puzzle.height, puzzle.width
    if len(solution) != h or any(len(row) != w for row in solution):
        return [f"the solution is not a {w}x{h} board"]
    problems = []
    # Mirrors stay; every other cell holds a ghost, a vampire or a zombie (the one shown there).
    for r in range(h):
        for c in range(w):
            ch, got = puzzle.rows[r][c], solution[r][c]
            if ch in MIRRORS and got != ch:
                problems.append(f"{cell_name(puzzle, (r, c))} is a mirror {ch}, not {got!r}")
            elif ch not in MIRRORS and got not in MONSTERS:
                problems.append(f"{cell_name(puzzle, (r, c))} holds {got!r}, not a monster")
            elif ch in MONSTERS and got != ch:
                problems.append(f"{cell_name(puzzle, (r, c))} must hold the given {ch}, not {got}")
    if problems:
        return problems
    # As many of each monster as the totals say.
    words = {"G": "ghosts", "V": "vampires", "Z": "zombies"}
    for monster, total in puzzle.totals().items():
        found = sum(row.count(monster) for row in solution)
        if found != total:
            problems.append(f"there are {found} {words[monster]}, not {total}")
    # Each clue counts the monsters seen along its line of sight.
    for _, clue, name, visits in puzzle.clues():
        count = sum(visible(solution[r][c], mirrored) for (r, c), mirrored in visits)
        if count != clue:
            problems.append(f"the clue {clue} {name} sees {count}")
    return problems


# -- givens, for setters: the clues, and monsters shown ------------------------------------------


def _givens(puzzle: Undead) -> list[Given]:
    """The monsters shown (every clue stays, as in the collection, where all are shown)."""
    return sorted(puzzle.shown().items())


def keep(puzzle: Undead, givens: Iterable[Given]) -> Undead:
    """The same board showing only these monsters (and clues: those given, where a clue is
    one, else the puzzle's own)."""
    shown = dict(givens)
    h, w = puzzle.height, puzzle.width
    rows = tuple(
        "".join(ch if ch in MIRRORS else shown.get((r, c), EMPTY) for c, ch in enumerate(row))
        for r, row in enumerate(puzzle.rows)
    )
    return replace(
        puzzle,
        rows=rows,
        top=tuple(shown.get((-1, c), puzzle.top[c]) for c in range(w)),
        bottom=tuple(shown.get((h, c), puzzle.bottom[c]) for c in range(w)),
        left=tuple(shown.get((r, -1), puzzle.left[r]) for r in range(h)),
        right=tuple(shown.get((r, w), puzzle.right[r]) for r in range(h)),
    )


def _describe(puzzle: Undead, given: Given) -> str:
    (r, c), value = given
    if isinstance(value, str):
        names = {"G": "a ghost", "V": "a vampire", "Z": "a zombie"}
        return f"{names[value]} at {cell_name(puzzle, (r, c))}"
    name = next(words for place, words, _, _ in puzzle.entries() if place == (r, c))
    return f"the clue {value} {name}"


def _at(puzzle: Undead, solution: Board, place: Cell) -> Given:
    return (place, solution[place[0]][place[1]])


GIVENS: Givens[Undead, Board, Given] = Givens(
    of=_givens,
    keep=keep,
    at=_at,
    describe=_describe,
)


def answer(solution: Board) -> dict[Cell, Any]:
    """The monster in each cell (mirrors are the puzzle's, not the answer's)."""
    return {place: v for place, v in grid_answer(solution).items() if v in MONSTERS}


place_name = cell_name


def with_clues(rows: Board) -> Undead:
    """The puzzle a solved board makes: its mirrors, its totals and every clue."""
    bare = tuple("".join(EMPTY if ch in MONSTERS else ch for ch in row) for row in rows)
    h, w = len(rows), len(rows[0])
    shell = Undead(bare, 0, 0, 0, (None,) * w, (None,) * w, (None,) * h, (None,) * h)
    counts = {}
    for place, _, start, step in shell.entries():
        seen = sight(shell, start, step)
        counts[place] = sum(visible(rows[r][c], m) for (r, c), m in seen)
    return Undead(
        bare,
        sum(row.count("G") for row in rows),
        sum(row.count("V") for row in rows),
        sum(row.count("Z") for row in rows),
        tuple(counts[(-1, c)] for c in range(w)),
        tuple(counts[(h, c)] for c in range(w)),
        tuple(counts[(r, -1)] for r in range(h)),
        tuple(counts[(r, w)] for r in range(h)),
    )


MIRROR_SHARE = 0.37
"""The share of cells with a mirror, about the collection's (0.25 to 0.52 in its boards)."""
TRIES = 20
"""Random boards tried for one that its clues alone settle."""


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """Mirrors on about a third of the cells, as the collection's boards have, a random monster
    in every other cell, and every clue shown and every monster, which the generator takes away
    while the puzzle stays unique (the clues all stay, as in the collection). Up to ``TRIES``
    boards are drawn for one whose clues alone settle it, as the collection's always do (most
    small boards are found so; on large ones some monsters stay shown where they must)."""
    w, h = size
    if w * h > MOST_CELLS:
        raise GenerateError(f"an Undead board has at most {MOST_CELLS} cells")
    if w * h > LOCAL:
        return _made_in_parts(size, rng, solutions)
    for _ in range(TRIES):
        board = _random_board(w, h, rng)
        puzzle = with_clues(board)
        if len(solutions(puzzle, 2)) == 1:
            break
    shown = keep(puzzle, answer(board).items())
    return replace(shown, tatham=True), board, []


def _random_board(w: int, h: int, rng: random.Random) -> Board:
    """Each cell a random mirror (one in ``MIRROR_SHARE``) or a random monster."""
    return tuple(
        "".join(
            rng.choice(MIRRORS) if rng.random() < MIRROR_SHARE else rng.choice(MONSTERS)
            for _ in range(w)
        )
        for _ in range(h)
    )


LOCAL = 400
"""Boards of more cells than this are made a part at a time (``_made_in_parts``): there the
clues alone seldom settle a random board, and the solver, asked for a second solution of a
board that shows few monsters, may take minutes (a 40x40 showing none: 17 s)."""
WINDOW = 3
"""A monster is taken away only while the board is still unique with every monster outside
the window this many rows and columns round it shown: a small search, whatever the board's
size."""


def _made_in_parts(
    size: tuple[int, int], rng: random.Random, solutions: Any
) -> tuple[Undead, Board, list[Given]]:
    """A large board made a part at a time: a random board, every clue and every monster
    shown; the monsters taken away in random order, each while the board stays unique with the
    monsters outside the window round it shown (``WINDOW``). A second solution of the whole
    board then shows a monster again where it differs, until the solver finds none. Every
    monster left is kept: no given is taken away after."""
    w, h = size
    board = _random_board(w, h, rng)
    puzzle = with_clues(board)
    whole = answer(board)
    shown = dict(whole)
    order = list(whole)
    rng.shuffle(order)
    for r, c in order:
        del shown[(r, c)]
        near = {
            p: v
            for p, v in whole.items()
            if abs(p[0] - r) > WINDOW or abs(p[1] - c) > WINDOW or p in shown
        }
        if len(solutions(keep(puzzle, near.items()), 2)) != 1:
            shown[(r, c)] = whole[(r, c)]
    while True:
        made = keep(puzzle, shown.items())
        others = [s for s in solutions(made, 2) if s != board]
        if not others:
            return replace(made, tatham=True), board, sorted(shown.items())
        differ = [p for p in whole if p not in shown and others[0][p[0]][p[1]] != whole[p]]
        cell = rng.choice(differ)
        shown[cell] = whole[cell]


GENRE = About(
    name="undead",
    aliases=("haunted-mirror-maze",),
    summary="put a ghost, vampire or zombie in every cell without a mirror, with the totals "
    "given; each clue counts the monsters seen along its line of sight (vampires only "
    "directly, ghosts only in a mirror, zombies always)",
    reading=Reading(
        input_format="Simon Tatham's game ID (4x4:2,7,3,dRaLaRfL,0,4,...), or his game's text: "
        "a line 'G: 2 V: 7 Z: 3', then the board with its clues round it (. a cell, \\ and / "
        "mirrors, G V Z a monster shown, . no clue)",
        example="4x4:2,7,3,dRaLaRfL,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1,3",
        output_formats=("grid", "tatham"),
    ),
    solving=Solving(
        # The fastest on the corpus (benchmarks/bench_tatham2.py).
        default_backend="sat:minicard",
        default_encoding="seen",
    ),
    making=Making(
        size="5x5",
        small="4x4",
        largest=MOST_CELLS,
        # An attempt takes a tenth of a second at 5x5; one in six made scores extreme.
        attempts=60,
    ),
    grading=Grading(
        encoding="paths",
        # Graded on ``paths`` (each line of sight read whole, the totals as most counts, as his
        # solver reads them) without the pruning, propagation's waves scoring the puzzles it
        # finishes: his levels Easy, Normal and Tricky score 0.43, 0.78 and 1.53 (medians
        # over the corpus, benchmarks/bench_grade.py on ../shared/corpus/tatham2); the bands
        # part between his levels where they meet (Easy at most 0.51, Normal from 0.53; the
        # fewest puzzles put on the wrong side of 1.17), extreme past what his Tricky puzzles
        # reach.
        prune=False,
        waves=True,
        bands=(
            ("easy", 0, 0.52),
            ("medium", 0.52, 1.17),
            ("hard", 1.17, 1.8),
            ("extreme", 1.8, 4),
        ),
        # Tatham's own levels, as the bands.
        levels_of="Tatham's",
        levels=(("Easy", 0, 0.52), ("Normal", 0.52, 1.17), ("Tricky", 1.17, 4)),
    ),
)
