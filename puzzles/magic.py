"""Magic number boards, in the player's words, and a checker from their rules alone."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..contract import About, GenerateError, Givens, Grading, Making, Option, Reading, Solving
from .grid import NumberGiven, cell_name, grid_answer, number_givens, rows_and_columns

Board = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Magic:
    """An ``order`` x ``order`` board to fill with numbers from ``low`` to ``high`` so that every
    row, every column and (with ``diagonals``) both main diagonals sum to the same total:
    ``target`` when it is set, else whatever total works. With ``distinct`` no number repeats."""

    order: int
    low: int
    high: int
    givens: Mapping[tuple[int, int], int] = field(default_factory=dict)
    target: int | None = None
    diagonals: bool = True
    distinct: bool = True

    def lines(self) -> list[tuple[str, list[tuple[int, int]]]]:
        """Every line that must reach the total, named as a player names it."""
        n = self.order
        found = rows_and_columns(n)
        if self.diagonals:
            found.append(("the main diagonal", [(i, i) for i in range(n)]))
            found.append(("the anti-diagonal", [(i, n - 1 - i) for i in range(n)]))
        return found


def check(puzzle: Magic, solution: Board) -> list[str]:
    """What breaks the rules in ``solution``; empty when it answers ``puzzle``."""
    n = puzzle.order
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution is not a {n}x{n} board"]
    problems = []
    seen: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(solution):
        for c, v in enumerate(row):
            # Every number lies in the range.
            if not puzzle.low <= v <= puzzle.high:
                problems.append(f"r{r + 1}c{c + 1} holds {v}, outside {puzzle.low}..{puzzle.high}")
            # No number twice, unless repeats are allowed.
            if puzzle.distinct and v in seen:
                problems.append(
                    f"{v} stands twice, at r{seen[v][0] + 1}c{seen[v][1] + 1} and r{r + 1}c{c + 1}"
                )
            seen.setdefault(v, (r, c))
    # The givens stay.
    for (r, c), v in puzzle.givens.items():
        if solution[r][c] != v:
            problems.append(f"r{r + 1}c{c + 1} must hold {v}, not {solution[r][c]}")
    # Every row, column and diagonal has the same total (the target, when there is one).
    n_rows = [sum(row) for row in solution]
    n_cols = [sum(solution[r][c] for r in range(n)) for c in range(n)]
    totals = [("row", i, t) for i, t in enumerate(n_rows)]
    totals += [("column", i, t) for i, t in enumerate(n_cols)]
    if puzzle.diagonals:
        totals.append(("main diagonal", 0, sum(solution[i][i] for i in range(n))))
        totals.append(("anti-diagonal", 0, sum(solution[i][n - 1 - i] for i in range(n))))
    want = puzzle.target if puzzle.target is not None else n_rows[0]
    for kind, i, total in totals:
        if total != want:
            name = f"{kind} {i + 1}" if kind in ("row", "column") else f"the {kind}"
            problems.append(f"{name} sums to {total}, not {want}")
    return problems


# -- givens, for setters: the numbers shown, which can be taken away or added -------------------

GIVENS: Givens[Magic, Board, NumberGiven] = number_givens(
    shown=lambda p: p.givens, keep=lambda p, shown: replace(p, givens=shown)
)
answer = grid_answer


def cells(puzzle: Magic) -> int:
    """How many cells the board has (``bench``'s measure of a puzzle's size)."""
    return puzzle.order**2


place_name = cell_name


def make(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random magic square: a few numbers placed at random, the rest left to the solver."""
    n = size[0]
    if size[0] != size[1]:
        raise GenerateError(f"a magic board is square, not {size[0]}x{size[1]}")
    if n < 3:
        raise GenerateError("magic squares start at order 3")
    for _ in range(50):
        givens = {}
        for _ in range(max(1, n // 2)):
            givens[rng.randrange(n), rng.randrange(n)] = rng.randint(1, n * n)
        if len(set(givens.values())) < len(givens):
            continue
        total = n * (n * n + 1) // 2  # (1..n^2 shared equally by n rows: as the reader says)
        found = solutions(Magic(n, 1, n * n, givens, total), 1)
        if found:
            board = found[0]
            full = Magic(
                n, 1, n * n, {(r, c): board[r][c] for r in range(n) for c in range(n)}, total
            )
            return full, board, []
    raise GenerateError(f"no magic square of order {n} found")


GENRE = About(
    name="magic",
    aliases=("magic-square",),
    summary="fill the board so every row, column and diagonal has the same sum",
    reading=Reading(
        input_format="a number board (as hidato, no holes); a first line such as "
        "`range 5..29 sum 85 no-diagonals repeat` or --range/--sum/--no-diagonals/--repeat",
        example="[[2, 7, _], [_, _, _], [_, _, _]]",
        options=(
            Option("blank", "--blank", "number boards: the token for a blank", metavar="TOKEN"),
            Option(
                "values",
                "--range",
                "magic boards: the numbers allowed (default 1..n^2)",
                str,
                "LO..HI",
            ),
            Option(
                "total",
                "--sum",
                "magic boards: the line total (default: found by the solver, or "
                "the range's total / n when the range has n^2 distinct numbers)",
                int,
                "S",
            ),
            Option(
                "no_diagonals",
                "--no-diagonals",
                "magic boards: only rows and columns must sum",
                None,
            ),
            Option(
                "repeat",
                "--repeat",
                "magic boards: numbers may repeat (or `repeat` on the settings line; compare "
                "takes --allow-repeats alone, its --repeat being its runs)",
                None,
                also=("--allow-repeats",),
            ),
        ),
    ),
    solving=Solving(
        default_backend="cpsat:1",
        default_encoding="integer",
        # Line sums over a permutation: CP-SAT's presolve, probing and LP relaxation cost more than
        # they save here, and its saved phases lead it astray (the seed board 140 -> 43 ms CPU, an
        # empty order 10 from over 10 s to 1.3 s).
        params=(
            ("cpsat", "cp_model_presolve", "false"),
            ("cpsat", "cp_model_probing_level", "0"),
            ("cpsat", "linearization_level", "0"),
            ("cpsat", "use_phase_saving", "false"),
        ),
    ),
    making=Making(
        size="3",
        sizes="N (or NxN)",
        small="3",
        # The grade runs on the SAT encoding, whose weighted sums take a second to build even for
        # 3x3: twenty times the making of the puzzle. Graded only when a band is asked for.
        graded=False,
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 40 puzzles made at
        # its own size (3; 1.81, 1.89 and 1.93; benchmarks/bench_bands.py) part the bands.
        bands=(
            ("easy", 0, 1.81),
            ("medium", 1.81, 1.89),
            ("hard", 1.89, 1.925),
            ("extreme", 1.925, 4),
        ),
    ),
)
