"""Signpost made Simon Tatham's way: givens added until unit propagation solves the puzzle, then
those it does without dropped. Each puzzle made is unique (a fresh solve by another solver),
accepted by the checker written from the rules, reproducible by its seed, and in its band."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from gridsat.cli import main
from gridsat.generator import Additions, generate, size_of
from gridsat.grading import bands, grade
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

GENRE = get_genre("signpost")
OTHER = get_backend("sat:glucose4")  # not the generator's solver
TINY = "4x3:3c9d1f4f6e2h5g11f7c8a12a10a"
"""A 4x3 board shown whole: 3 9 1 4 / 6 2 5 11 / 7 8 12 10. Showing only 1 and 12, it has two
solutions."""


@pytest.mark.parametrize("engine", ["pruning", "propagation"])
def test_the_adding_loop_on_a_tiny_board_step_by_step(engine: str) -> None:
    # Signpost's model tells what its pruning fixes; without that, a solver's unit propagation
    # on the model decides each step, and takes the same steps here.
    genre = GENRE if engine == "pruning" else dataclasses.replace(GENRE, settling=None)
    assert (genre.settling is None) == (engine == "propagation")
    full = GENRE.parse(TINY)
    solution = ((3, 9, 1, 4), (6, 2, 5, 11), (7, 8, 12, 10))
    assert GENRE.check(full, solution) == []
    keep = [((0, 2), 1), ((2, 2), 12)]
    bare = GENRE.givens.keep(full, keep)
    assert len(solve(GENRE, bare, OTHER, limit=10).solutions) == 2
    order = [g for g in GENRE.givens.of(full) if g not in keep]  # row by row
    adding = Additions(genre, full, solution, keep, order)
    added = adding.run()
    # 3, the first place propagation leaves open, is added; 9, the next still open, after it;
    # then 3 is dropped, since propagation fixes every number from 1, 9 and 12 alone.
    assert adding.steps == [("add", ((0, 0), 3)), ("add", ((0, 1), 9)), ("drop", ((0, 0), 3))]
    assert added == [((0, 1), 9)]
    # One propagation from 1 and 12, one per given added, one to try dropping 3 (9, the last
    # added, is needed: the others left its place open).
    assert adding.calls == 4
    puzzle = GENRE.givens.keep(full, [*keep, *added])
    assert solve(GENRE, puzzle, OTHER, limit=2).solutions == [solution]
    assert GENRE.check(puzzle, solution) == []
    assert grade(GENRE, puzzle).level == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_signposts_are_unique_checked_and_repeatable(seed: int) -> None:
    size = size_of(GENRE, "10x10")
    made = generate(GENRE, size, random.Random(seed))
    assert solve(GENRE, made.puzzle, OTHER, limit=2).solutions == [made.solution]
    assert GENRE.check(made.puzzle, made.solution) == []
    again = generate(GENRE, size, random.Random(seed))
    assert GENRE.format_puzzle(again.puzzle) == GENRE.format_puzzle(made.puzzle)
    # Made by adding givens until propagation solves it: an easy puzzle, by its grade, with
    # no given that propagation does without, and still far fewer than the whole board.
    assert made.grade is not None and made.grade.level == 1
    assert grade(GENRE, made.puzzle).level == 1
    assert made.unproved == []
    assert made.givens < made.of / 3


@pytest.mark.parametrize(("size", "band", "seed"), [("10x10", "easy", 4), ("6x6", "medium", 1)])
def test_generated_signposts_land_in_their_band(size: str, band: str, seed: int) -> None:
    levels = tuple(bands(GENRE)[band])
    made = generate(GENRE, size_of(GENRE, size), random.Random(seed), levels=levels)
    assert grade(GENRE, made.puzzle).level in levels
    assert solve(GENRE, made.puzzle, OTHER, limit=2).solutions == [made.solution]
    assert GENRE.check(made.puzzle, made.solution) == []


def test_generate_signpost_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "signpost", "--size", "8x8", "--seed", "5"]
    assert main([*args, "--json"]) == 0
    out, err = capsys.readouterr()
    record = json.loads(out)
    puzzle = GENRE.parse(record["puzzle"])
    outcome = solve(GENRE, puzzle, OTHER, limit=2)
    assert outcome.status == Status.UNIQUE
    assert GENRE.check(puzzle, outcome.solutions[0]) == []
    assert record["grade"]["level"] == 1 and "grade 1 (propagation)" in err
    assert main(args) == 0  # the same seed, the same puzzle
    assert capsys.readouterr().out.strip() == record["puzzle"].strip()


def test_an_extreme_signpost_is_made_and_said_so(capsys: pytest.CaptureFixture[str]) -> None:
    # (Signpost's bands are the quartiles of its made puzzles' scores: extreme is reached)
    code = main(["generate", "signpost", "--size", "4x4", "--seed", "1", "--difficulty", "extreme"])
    assert code == 0
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(", extreme")


def test_a_signpost_past_the_time_limit_is_exit_4(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["generate", "signpost", "--size", "30x30", "--seed", "1", "--time-limit", "0.5"])
    assert code == 4
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("gridsat: error: time limit of 0.5 s reached")
