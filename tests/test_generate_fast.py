"""Fast generation and generation at a difficulty: the removal tests on one solver session agree
with fresh solves, and every puzzle made is unique (a fresh solve by another solver), accepted
by the genre's checker, reproducible by its seed, and graded within the band asked for."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gridsat.cli import main
from gridsat.generator import NotIncremental, Removals, generate, size_of
from gridsat.grading import bands, grade
from gridsat.pipeline import solve
from gridsat.registry import Genre, get_genre
from gridsat.solvers import Status, get_backend

SESSION_GENRES = {"sudoku": "4", "unruly": "6x6", "keen": "4", "pattern": "5x5", "loop": "4x4"}
"""Genres whose givens are values at places, at small sizes: their removals run on a session."""


def full_puzzle(genre: Genre[Any, Any], size: str, seed: int) -> tuple[Any, Any, list[Any]]:
    """A random solution shown whole, as the generator starts from, and the givens kept always."""
    backend = get_backend(genre.default_backend)
    full, solution, keep = genre.make(
        size_of(genre, size),
        random.Random(seed),
        lambda p, n: solve(genre, p, backend, limit=n).solutions,
    )
    return full, solution, list(keep)


def fresh_status(genre: Genre[Any, Any], puzzle: Any) -> Status:
    """Unique or not, by a fresh build on another solver, without a budget."""
    return solve(genre, puzzle, get_backend("sat:glucose4"), limit=2).status


@pytest.mark.parametrize("name", sorted(SESSION_GENRES))
def test_the_session_agrees_with_fresh_solves_on_random_removals(name: str) -> None:
    genre = get_genre(name)
    rules = genre.givens
    for seed in (1, 2):
        full, solution, keep = full_puzzle(genre, SESSION_GENRES[name], seed)
        order = [g for g in rules.of(full) if g not in keep]
        with Removals(genre, full, solution, keep, order, get_backend(genre.default_backend),
                      100_000) as trials:  # fmt: skip
            rng = random.Random(seed)
            compared = 0
            for _ in range(12):
                # A random set of givens with one solution (a removal test's premise)...
                kept = list(rules.of(full))
                for given in rng.sample(order, rng.randrange(len(order) + 1)):
                    smaller = [g for g in kept if g != given]
                    if fresh_status(genre, rules.keep(full, smaller)) == Status.UNIQUE:
                        kept = smaller
                # ... and each of its givens taken away: the session's verdict is a fresh one's.
                for given in [g for g in kept if g in order]:
                    without = rules.keep(full, [g for g in kept if g != given])
                    assert trials.trial(kept, given) == fresh_status(genre, without), (seed, given)
                    compared += 1
            assert compared > 0


def test_givens_that_are_not_values_at_places_keep_the_fresh_path() -> None:
    genre = get_genre("towers")  # its givens include the clues around the board
    full, solution, keep = full_puzzle(genre, "4", 1)
    order = [g for g in genre.givens.of(full) if g not in keep]
    with pytest.raises(NotIncremental):
        Removals(genre, full, solution, keep, order, get_backend(genre.default_backend), 300)


def test_a_backend_without_assumptions_keeps_the_fresh_path() -> None:
    genre = get_genre("sudoku")
    full, solution, keep = full_puzzle(genre, "4", 1)
    order = [g for g in genre.givens.of(full) if g not in keep]
    with pytest.raises(NotIncremental):
        Removals(genre, full, solution, keep, order, get_backend("cpsat:1"), 300)


@pytest.mark.parametrize(
    ("name", "size"),
    [("sudoku", "9"), ("unruly", "8x8"), ("keen", "4"), ("signpost", "5x5"), ("loop", "5x5")],
)
def test_generated_puzzles_are_unique_checked_and_repeatable(name: str, size: str) -> None:
    genre = get_genre(name)
    made = generate(genre, size_of(genre, size), random.Random(7))
    assert fresh_status(genre, made.puzzle) == Status.UNIQUE
    assert solve(genre, made.puzzle, get_backend("sat:glucose4"), limit=1).solutions == [
        made.solution
    ]
    assert genre.check(made.puzzle, made.solution) == []
    assert made.givens < made.of
    again = generate(genre, size_of(genre, size), random.Random(7))
    assert genre.format_puzzle(again.puzzle) == genre.format_puzzle(made.puzzle)
    assert made.grade is not None
    assert made.grade == grade(genre, made.puzzle, 1)  # settled up to propagation alone


@pytest.mark.parametrize(("name", "size", "band"), [("sudoku", "9", "easy"),
                                                    ("sudoku", "9", "medium"),
                                                    ("unruly", "6x6", "medium")])  # fmt: skip
def test_generate_at_a_difficulty_lands_in_its_band(name: str, size: str, band: str) -> None:
    genre = get_genre(name)
    levels = tuple(bands(genre)[band])
    for seed in (1, 2) if size != "9" else (1,):
        made = generate(genre, size_of(genre, size), random.Random(seed), levels=levels)
        assert grade(genre, made.puzzle).level in levels
        assert fresh_status(genre, made.puzzle) == Status.UNIQUE
        assert genre.check(made.puzzle, made.solution) == []


def test_generate_difficulty_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "unruly", "--size", "6x6", "--seed", "3", "--difficulty", "medium"]
    assert main([*args, "--json"]) == 0
    out, err = capsys.readouterr()
    record = json.loads(out)
    genre = get_genre("unruly")
    puzzle = genre.parse(record["puzzle"])
    level = grade(genre, puzzle).level
    assert level in bands(genre)["medium"]
    assert record["grade"]["level"] == level
    assert f"grade {level} (" in err
    assert main(args) == 0  # the same seed, the same puzzle
    assert capsys.readouterr().out.strip() == record["puzzle"].strip()


def test_a_band_out_of_reach_is_one_line_and_exit_4(capsys: pytest.CaptureFixture[str]) -> None:
    # A 4x4 Sudoku is never as hard as Tatham's Unreasonable ones.
    code = main(["generate", "sudoku", "--size", "4", "--seed", "1", "--difficulty", "extreme"])
    assert code == 4
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == (
        "gridsat: error: no sudoku of size 4x4 graded 2/3/4 (score 1.41 up to 4) in 20 "
        "attempts (--difficulty extreme)"
    )


def test_a_bad_difficulty_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["generate", "sudoku", "--size", "4", "--difficulty", "fiendish"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'fiendish'" in err
    assert "Traceback" not in err


def test_a_difficulty_past_the_time_limit_is_exit_4(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["generate", "sudoku", "--size", "16", "--seed", "1", "--difficulty", "extreme",
                 "--time-limit", "0.5"])  # fmt: skip
    assert code == 4
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("gridsat: error: time limit of 0.5 s reached after 0 of 1 puzzles")


def test_a_genre_not_graded_when_made_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # Magic boards' grade (on their SAT encoding) took 20 times the making of a 3x3 board.
    assert not get_genre("magic").about.making.graded
    made = generate(get_genre("magic"), (3, 3), random.Random(1))
    assert made.grade is None and not made.propagation
    assert main(["generate", "magic", "--size", "3", "--seed", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["grade"] is None and "not graded" in err
    banded = generate(get_genre("sudoku"), (4, 4), random.Random(1))
    assert banded.grade is not None  # the others are graded as they are made


def test_generate_out_where_no_folder_can_be_is_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("a file, not a folder")
    code = main(["generate", "sudoku", "--size", "4", "--seed", "1", "--out", str(taken)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == f"gridsat: error: --out {taken}: cannot make the folder: File exists\n"


def test_generate_json_and_out_together_is_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    # --out took the puzzles and --json printed nothing: one of the two asked was ignored.
    folder = tmp_path / "made"
    code = main(
        ["generate", "sudoku", "--size", "4", "--seed", "1", "--json", "--out", str(folder)]
    )
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and not folder.exists()
    assert (
        err
        == "gridsat: error: --json and --out: choose one (JSON lines here, or files in a folder)\n"
    )
