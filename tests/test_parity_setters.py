"""The setters' commands are the library's calls: for every genre's bundled example, what
``diagnose``, ``grade`` and ``generate`` print with ``--json`` is the library result's
``to_json()`` (timing fields aside); ``render``, ``convert``, ``genres`` and ``backends`` too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import gridsat
from gridsat import cli, views

GENRES = {g.name: g for g in gridsat.genres()}
TIMING = {"seconds"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``gridsat ARGV`` in this process: the exit code, stdout and stderr."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def untimed(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON object without the fields that measure time."""
    return {k: v for k, v in data.items() if k not in TIMING}


@pytest.mark.parametrize("name", sorted(GENRES))
def test_diagnose_json_is_the_library_diagnosis(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    example = GENRES[name].reading.example
    code, out, _ = run(capsys, "diagnose", name, example, "--json")
    found = gridsat.diagnose(gridsat.read(name, example))
    assert untimed(json.loads(out)) == untimed(json.loads(json.dumps(found.to_json())))
    assert code == {"unique": 0, "multiple": 3, "unsolvable": 1}[found.status]


@pytest.mark.parametrize("name", sorted(GENRES))
def test_grade_json_is_the_library_grade(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    example = GENRES[name].reading.example
    code, out, _ = run(capsys, "grade", name, example, "--json")
    graded = gridsat.grade(gridsat.read(name, example))
    assert json.loads(out) == json.loads(json.dumps(graded.to_json()))
    assert (code == 0) == (graded.status is gridsat.Status.UNIQUE)


@pytest.mark.parametrize("name", sorted(GENRES))
def test_generate_json_is_the_library_puzzle(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    small = GENRES[name].making.small
    code, out, err = run(capsys, "generate", name, "--size", small, "--seed", "1", "--json")
    made = gridsat.generate(name, small, seed=1)
    assert code == 0
    assert json.loads(out) == json.loads(json.dumps(made.to_json()))
    assert err == made.remark + "\n"


def test_generate_count_is_the_library_generation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "generate", "sudoku", "--size", "4", "--seed", "7", "--count", "3",
                       "--json")  # fmt: skip
    run_ = gridsat.generate("sudoku", "4", seed=7, count=3)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and lines == json.loads(json.dumps(run_.to_json()))
    assert run_.status is gridsat.Status.SOLVED and run_.error is None
    assert [m.name for m in run_.made] == [f"sudoku-4-seed7-{i}" for i in (1, 2, 3)]
    # The first of a run is the one puzzle of its seed; the text view is generate's.
    assert run_.made[0].to_json() == gridsat.generate("sudoku", "4", seed=7).to_json()
    code, out, _ = run(capsys, "generate", "sudoku", "--size", "4", "--seed", "7", "--count", "3")
    assert out == str(run_) + "\n"


def test_generate_progress_hears_the_remarks() -> None:
    heard: list[str] = []
    made = gridsat.generate("magic", 3, seed=2, progress=heard.append)
    assert "".join(heard) == made.remark + "\n"
    assert made.name == "magic-3-seed2-1"


def test_generate_checks_style_and_difficulty_as_the_command_line() -> None:
    with pytest.raises(gridsat.PuzzleError, match=r"^sudoku has no style 'baron' \(styles: none"):
        gridsat.generate("sudoku", "4", style="baron")
    with pytest.raises(gridsat.PuzzleError, match="difficulty 'trivial': choose from easy, "):
        gridsat.generate("sudoku", "4", difficulty="trivial")
    with pytest.raises(gridsat.PuzzleError, match="count 0: a whole number >= 1"):
        gridsat.generate("sudoku", "4", count=0)


def test_generate_difficulty_asked_is_graded_so() -> None:
    made = gridsat.generate("sudoku", "4", seed=3, difficulty="easy")
    assert made.grade is not None and made.grade.level in (1, 2)
    assert made.to_json()["grade"]["level"] == made.grade.level


def test_diagnose_and_grade_refuse_a_wrong_file_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = Path("data/sudoku/published-sections.txt").read_text()
    wrong = text.replace("751846239", "751846293")
    said = "the [Solution] section breaks the rules: "
    with pytest.raises(gridsat.PuzzleError, match=r"^the \[Solution\] section breaks the rules"):
        gridsat.read("sudoku", wrong)  # (what diagnose and grade are given: refused first)
    for command in ("grade", "diagnose"):
        code, _, err = run(capsys, command, "sudoku", wrong)
        assert code == 2 and err.startswith(f"gridsat: error: {said}")
    assert gridsat.grade(gridsat.read("sudoku", text)).status is gridsat.Status.UNIQUE


def test_render_draws_the_puzzle_and_a_diagnosis(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    puzzle = gridsat.read("sudoku", GENRES["sudoku"].reading.example)
    gridsat.render(puzzle, tmp_path / "p.svg")
    gridsat.render(puzzle, tmp_path / "s.svg", gridsat.solve(puzzle).solution)
    gridsat.diagnose(puzzle).render(tmp_path / "d.svg")
    for name in ("p", "s", "d"):
        assert "<svg" in (tmp_path / f"{name}.svg").read_text()
    assert (tmp_path / "p.svg").read_text() != (tmp_path / "s.svg").read_text()
    with pytest.raises(gridsat.PuzzleError, match="there is no folder"):
        gridsat.render(puzzle, tmp_path / "none" / "p.svg")


@pytest.mark.parametrize("name", sorted(GENRES))
def test_convert_writes_what_reads_back(name: str) -> None:
    from gridsat.conversion import formats

    puzzle = gridsat.read(name, GENRES[name].reading.example)
    choices = list(formats(puzzle.genre))
    assert choices[0] == "text"
    assert gridsat.read(name, gridsat.convert(puzzle, "text")) == puzzle
    assert gridsat.convert(puzzle, "plain") == gridsat.convert(puzzle, "text")  # (its old name)
    for form in ("tatham", "url"):  # a game ID, a URL: read back, written the same again
        if form in choices:
            written = gridsat.convert(puzzle, form)
            assert gridsat.convert(gridsat.read(name, written), form) == written
    with pytest.raises(gridsat.PuzzleError) as refused:
        gridsat.convert(puzzle, "nope")
    assert str(refused.value) == (f"{name} has no format 'nope' (choose from "
                                  f"{', '.join(choices)})")  # fmt: skip


def test_convert_between_zebra_layouts() -> None:
    made = gridsat.generate("zebra", "3x3", seed=1, style="houses")
    houses = gridsat.read("zebra", str(made.puzzle))
    plain = gridsat.read("zebra", gridsat.convert(houses, "plain"))
    assert gridsat.solve(plain).solution.to_json() == made.solution.to_json()  # type: ignore[union-attr]
    again = gridsat.read("zebra", gridsat.convert(houses, "houses"))  # (its phrasing may vary)
    assert gridsat.convert(again, "plain") == gridsat.convert(houses, "plain")
    # its words are not the houses'
    example = gridsat.read("zebra", GENRES["zebra"].reading.example)
    with pytest.raises(gridsat.PuzzleError, match="not written as houses: its words do not fit"):
        gridsat.convert(example, "houses")


def test_genres_and_backends_are_the_library_lists(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "genres", "--json")
    assert json.loads(out) == views.genre_rows(gridsat.genres())
    _, out, _ = run(capsys, "backends", "--json")
    assert json.loads(out) == gridsat.backends()
    assert {"cpsat", "sat:cadical195"} <= {b["name"] for b in gridsat.backends()}


def test_a_generation_iterated_again_goes_on_where_it_stopped() -> None:
    run = gridsat.generate("sudoku", "4", seed=1, count=3)
    first = next(iter(run))  # a loop that stopped after one puzzle
    again = list(run)  # the same run goes on: each puzzle once, the first one kept
    assert [m.name for m in again] == [f"sudoku-4-seed1-{i}" for i in (1, 2, 3)]
    assert again[0] is first and run.status is gridsat.Status.SOLVED
    assert [str(m) for m in run] == [str(m) for m in again]
