"""What solve and compare do past a plain run is the library's: a file's own solution checked,
the clues explained, the givens that contradict, each solution as it is found."""

from __future__ import annotations

from pathlib import Path

import pytest

import gridsat
from conftest import DATA
from gridsat import Status

PUBLISHED = DATA / "numbrix" / "published-ampl.txt"
"""A Numbrix board as published, with its [Solution] section."""


def test_a_file_solution_is_checked_by_solve_and_compare() -> None:
    puzzle = gridsat.read("numbrix", PUBLISHED)
    assert puzzle.given is not None
    result = gridsat.solve(puzzle, unique=True)
    assert result.file_differences == [] and result.differ_message() is None
    assert result.to_json()["file_solution"] == "matches"
    assert str(result).endswith("matches the solution in the file")
    compared = gridsat.compare(puzzle, ["sat:cadical195"], "all", repeat=1)
    assert compared.agree and compared.file_solution == "matches"


def test_a_file_solution_that_breaks_the_rules_is_bad_input(tmp_path: Path) -> None:
    text = PUBLISHED.read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace(" 9  27 26 23 22  9  8  7  6  5", " 9  27 26 23 22  9  8  7  5  6"))
    with pytest.raises(gridsat.PuzzleError, match=r"^the \[Solution\] section breaks the rules"):
        gridsat.read("numbrix", bad)


def test_no_solution_comes_with_the_givens_that_contradict_and_the_readings() -> None:
    puzzle = gridsat.read("zebra", "colour: red green\npet: cat dog\nred is dog\nred is cat\n")
    result = gridsat.solve(puzzle, explain=True)
    assert result.status is Status.UNSOLVABLE
    assert result.core == ["line 3: red is dog", "line 4: red is cat"]
    assert result.readings == gridsat.explain(puzzle) and len(result.readings) == 2
    assert result.to_json()["core"] == result.core
    with pytest.raises(gridsat.PuzzleError, match="no clues to explain"):
        gridsat.explain(gridsat.read("signpost", DATA / "signpost" / "seed.txt"))


@pytest.mark.parametrize("isolate", [False, True])
def test_each_solution_is_heard_as_it_is_found(isolate: bool) -> None:
    puzzle = gridsat.read("signpost", DATA / "signpost" / "multiple.txt")
    heard: list[gridsat.Solution] = []
    result = gridsat.solve(puzzle, each=heard.append, isolate=isolate)
    assert [s.value for s in heard] == [s.value for s in result.solutions]
    assert len(heard) == 2 and result.outcome.count_exact
    assert "solution" not in result.to_json()  # (each had its own)
    assert str(result).endswith("2 solutions, all of them")
