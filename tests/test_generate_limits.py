"""gridsat generate under a time limit (the puzzles made by then kept, exit 4), with progress
for slow puzzles, and the same puzzles for a seed as before."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from conftest import gridsat
from gridsat import generator as generate_module
from gridsat.cli import main
from gridsat.generator import ProgressLines
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


def test_a_run_past_its_time_limit_keeps_the_puzzles_made(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    real = generate_module.generate
    calls = tmp_path / "calls"  # each puzzle is made in a child process: they count here

    def two_then_stall(*args: Any, **kwargs: Any) -> Any:
        with calls.open("a") as f:
            f.write("call\n")
        if len(calls.read_text().splitlines()) > 2:
            threading.Event().wait()  # never set: only the time limit ends this one
        return real(*args, **kwargs)

    monkeypatch.setattr(generate_module, "generate", two_then_stall)
    code = main(["generate", "signpost", "--size", "4x4", "--seed", "3", "--count", "5",
                 "--json", "--time-limit", "2"])  # fmt: skip
    assert code == 4
    out, err = capsys.readouterr()
    assert err.splitlines()[-1] == (
        "gridsat: error: time limit of 2 s reached after 2 of 5 puzzles (the 2 made are kept)"
    )
    genre = get_genre("signpost")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [r["name"] for r in lines] == ["signpost-4x4-seed3-1", "signpost-4x4-seed3-2"]
    for record in lines:  # each one kept is whole: unique, and its answer keeps the rules
        puzzle = genre.parse(record["puzzle"])
        outcome = solve(genre, puzzle, get_backend("cpsat:1"), limit=2)
        assert outcome.status == "unique"
        assert genre.check(puzzle, outcome.solutions[0]) == []
        assert genre.to_json(puzzle, outcome.solutions[0]) == record["solution"]


def test_progress_lines_after_two_seconds_then_every_few() -> None:
    now = [0.0]
    log = io.StringIO()
    show = ProgressLines(log, "signpost-15x15-seed1-1", clock=lambda: now[0])
    for t, tried in [(0.5, 10), (1.9, 20), (2.1, 30), (4.0, 40), (5.2, 50), (6.0, 60), (8.3, 70)]:
        now[0] = t
        show(tried, 223)
    assert log.getvalue().splitlines() == [
        "signpost-15x15-seed1-1: 30/223 givens tried (2 s)",
        "signpost-15x15-seed1-1: 50/223 givens tried (5 s)",
        "signpost-15x15-seed1-1: 70/223 givens tried (8 s)",
    ]


def test_progress_lines_say_the_attempt_when_a_band_was_asked() -> None:
    now = [0.0]
    log = io.StringIO()
    show = ProgressLines(log, "magic-4-seed1-1", clock=lambda: now[0])
    now[0] = 3.0
    show.heard((2, 16, 3, 20))  # (as a process making the puzzle sends it)
    assert log.getvalue() == "magic-4-seed1-1: attempt 3 of 20, 2/16 givens tried (3 s)\n"


def test_each_puzzle_of_a_count_is_the_next_the_seed_gives() -> None:
    three = gridsat("generate", "hidato", "--size", "4x4", "--seed", "5", "--count", "3")
    one = gridsat("generate", "hidato", "--size", "4x4", "--seed", "5")
    assert three.returncode == one.returncode == 0
    puzzles = three.stdout.split("\n\n")
    assert len(set(puzzles)) == 3  # made in a child process, each from where the last left off
    assert puzzles[0] == one.stdout.rstrip("\n")


@pytest.mark.slow
def test_a_slow_size_shows_progress_and_stops_at_its_limit() -> None:
    run = gridsat("generate", "signpost", "--size", "40x40", "--seed", "1", "--time-limit", "6")
    assert run.returncode == 4 and run.stdout == ""
    lines = run.stderr.splitlines()
    assert any(" givens tried (" in line for line in lines[:-1])
    assert lines[-1].endswith("reached after 0 of 1 puzzles (none was made)")


@pytest.mark.parametrize(
    ("genre", "size", "more"),
    [("signpost", "40x40", ["--givens", "0.3"]), ("hidato", "40x40", []), ("numbrix", "32x32", [])],
)
def test_a_size_too_large_to_generate_names_the_largest(
    genre: str, size: str, more: list[str]
) -> None:
    # The model of a board with few numbers shown passes its size limit: the generator's limit,
    # said so, not a request to give more numbers.
    done = gridsat("generate", genre, "--size", size, "--seed", "1", *more)
    assert done.returncode == 2 and done.stdout == ""
    said = f"gridsat: error: a {size} {genre} is too large to generate"
    assert done.stderr.startswith(said) and "the largest square is 31x31" in done.stderr
    assert "give more numbers" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_the_library_refuses_a_size_too_large_to_generate_as_bad_input() -> None:
    import gridsat as api

    with pytest.raises(api.PuzzleError, match="a 40x40 hidato is too large to generate"):
        api.generate("hidato", "40x40", seed=1)
