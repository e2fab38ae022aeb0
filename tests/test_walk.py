"""Paths found by walking every command over every genre: the odd sizes, inputs and options a
user may give, each answered as the rest of the tool answers (no internal error)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, gridsat
from gridsat.cli import main
from gridsat.registry import get_genre


@pytest.mark.parametrize("name", ["hidato", "numbrix"])
def test_generate_a_one_cell_number_board(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A single cell has one path, 1 there: no backbite move to make from it.
    assert main(["generate", name, "--size", "1x1", "--seed", "1", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    genre = get_genre(name)
    assert record["solution"] == [[1]]
    assert genre.check(genre.parse(record["puzzle"]), tuple(map(tuple, record["solution"]))) == []


@pytest.mark.parametrize("size", ["0x0", "0", "3x0"])
def test_generate_a_size_with_no_cells_says_so(
    size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "hidato", "--size", size]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"gridsat: error: bad size '{size}': a side is 1 or more; hidato takes WxH"]


def test_bench_starts_no_more_workers_than_it_has_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    # A forked pool starts every worker at once: --jobs 64 on two runs forked 64 processes.
    from concurrent.futures import ProcessPoolExecutor

    from gridsat import benchmark as bench

    sizes: list[int] = []

    class Counted(ProcessPoolExecutor):
        def __init__(self, max_workers: int, **options: Any) -> None:
            sizes.append(max_workers)
            super().__init__(max_workers, **options)

    monkeypatch.setattr(bench, "ProcessPoolExecutor", Counted)
    genre = get_genre("signpost")
    puzzles = list(bench.items([str(DATA / "signpost" / "seed.txt")]))
    records = bench.run(genre, puzzles, ["sat:cadical195"], ["position", "circuit"], None, set(),
                        jobs=64)  # fmt: skip
    assert sizes == [2]
    assert sorted(r["encoding"] for r in records) == ["circuit", "position"]
    assert all(r["ok"] and r["status"] == "unique" for r in records)


def test_an_option_value_that_begins_with_a_dash_is_shown_how_to_write(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = "[[_, _, _], [_, _, _], [_, _, _]]"
    with pytest.raises(SystemExit) as stopped:
        main(["solve", "magic", board, "--range", "-4..4"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines() == [
        "gridsat: error: argument --range: expected one argument (one that begins with - is "
        "written --range=VALUE; see gridsat solve --help)"
    ]
    assert main(["solve", "magic", board, "--range=-4..4", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    genre = get_genre("magic")
    puzzle = genre.parse(board, values="-4..4")
    assert genre.check(puzzle, tuple(map(tuple, record["solution"]))) == []


def test_cycles_of_part_of_a_permutation_leave_out_its_open_chains() -> None:
    from gridsat.models.graph import cycles

    assert sorted(map(sorted, cycles({1: 2, 2: 1, 3: 4, 4: 5, 6: 7, 7: 6}))) == [[1, 2], [6, 7]]
    assert sorted(map(sorted, cycles({0: 1, 1: 2, 2: 0, 3: 3}))) == [[0, 1, 2], [3]]
    assert cycles({5: 6, 6: 7}) == []


@pytest.mark.parametrize("name", ["signpost", "numbrix"])
def test_grade_on_the_circuit_encoding(name: str) -> None:
    # The grader's certain arcs are part of a circuit: its subtour cuts met open chains (KeyError).
    import gridsat

    about = next(a for a in gridsat.genres() if a.name == name)
    puzzle = gridsat.read(name, about.reading.example)
    graded = gridsat.grade(puzzle, encoding="circuit")
    assert graded.status is gridsat.Status.UNIQUE
    assert graded.level in (1, 2, 3, 4)


@pytest.mark.parametrize("value", ["123", '["5x5:1cceefcfggeeccghcac3e12hch10ah25a"]', "true"])
def test_bench_a_puzzle_line_whose_puzzle_is_not_text_is_bad_input(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"puzzle": "4x4:1eee11gechacaegbch16a"}\n{"puzzle": ' + value + "}\n")
    assert main(["bench", "signpost", str(corpus)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"gridsat: error: {corpus}:2: the puzzle is not text (a JSON string)"
    ]


class _Swelling:
    """Small, but 256 MB once pickled: the child's answer itself finds no room to be sent."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (bytes, (b"x" * 2**28,))


def test_an_answer_past_the_memory_limit_is_out_of_memory_not_a_crash() -> None:
    import re

    from gridsat.isolation import Crashed, can_isolate, run_isolated
    from gridsat.pipeline import OutOfMemory, child_failure

    if not can_isolate():
        pytest.skip("no fork here")
    status = Path("/proc/self/status").read_text()
    size = int(re.search(r"VmSize:\s+(\d+) kB", status).group(1)) * 1024  # type: ignore[union-attr]
    limit = size + 2**26
    with pytest.raises(Crashed) as crashed:
        run_isolated(lambda send: _Swelling(), 30, None, limit)
    assert "out of memory" in str(crashed.value)
    assert isinstance(child_failure(crashed.value, limit), OutOfMemory)
    thread = child_failure(RuntimeError("can't start new thread"), limit)
    assert isinstance(thread, OutOfMemory)


@pytest.mark.parametrize(
    ("param", "words"),
    [
        ("num_workers=-3", "parameter 'num_workers' should be in [0,10000]"),
        ("max_time_in_seconds=-1", "max_time_in_seconds must be non-negative"),
    ],
)
def test_a_cpsat_parameter_value_cpsat_refuses_is_bad_input(
    param: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # CP-SAT checks a value's range only when it solves: it was MODEL_INVALID, exit 70.
    args = ["solve", "signpost", "4x4:1eee11gechacaegbch16a", "-b", "cpsat:1", "--param", param]
    assert main(args) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"gridsat: error: --param {param}: CP-SAT refuses it: ")
    assert words in err[0]


def test_loop_a_size_line_that_is_not_numbers_says_which_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # It said "unknown tile '2x2' at row 1, column 1 (... a number 0..1000000000)".
    assert main(["solve", "loop", "2x2\n3 6 3\n9 12 3"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "gridsat: error: line 1: '2x2' is not a number (the lines above rows of numbers give the "
        "rows, the columns and a mode, each a number)"
    ]
    assert main(["solve", "loop", "2\n3\n3 6 0\n9 12 0", "--format", "mask"]) == 0
    assert capsys.readouterr().out.split() == ["6", "12", "0", "3", "9", "0"]


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ("sum x", "line 1, column 1: sum wants a whole number, e.g. sum 85"),
        ("range 1..9 sum", "line 1, column 12: sum wants a whole number, e.g. sum 85"),
        ("range a", "line 1, column 1: range wants LO..HI, e.g. range 5..29"),
    ],
)
def test_magic_a_setting_with_a_bad_value_is_named(
    first: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The line was read as the board's first row: "unknown token 'sum' at row 1, column 1".
    assert main(["solve", "magic", f"{first}\n_ _ _\n_ _ _\n_ _ _"]) == 2
    assert capsys.readouterr().err.splitlines() == [f"gridsat: error: {message}"]


def test_a_file_with_no_size_is_read_no_further_than_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A device or a pipe says it holds 0 bytes: /dev/zero was read until memory ran out.
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert main(["solve", "signpost", "/dev/zero"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "gridsat: error: /dev/zero is over 10485760 bytes"
    ]


def test_bench_a_path_that_is_a_device_is_named_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    # It said "no such file or folder: /dev/zero".
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert main(["bench", "signpost", "/dev/zero"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "gridsat: error: /dev/zero is neither a file nor a folder (a pipe or a device)"
    ]


@pytest.mark.parametrize("command", ["diagnose", "grade"])
def test_diagnose_and_grade_refuse_a_file_whose_solution_breaks_the_rules(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # solve, compare and bench refused it; diagnose and grade went on as if it were not there.
    text = (DATA / "numbrix" / "published-ampl.txt").read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace(" 9  27 26 23 22  9  8  7  6  5", " 9  27 26 23 22  9  8  7  5  6"))
    assert main([command, "numbrix", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("gridsat: error: the [Solution] section breaks the rules: ")
    assert captured.err.count("\n") == 1
    good = tmp_path / "good.txt"
    good.write_text(text)
    assert main([command, "numbrix", str(good)]) == 0


@pytest.mark.parametrize(
    ("genre", "path"),
    [("signpost", "data/signpost/corpus.jsonl"), ("towers", "data/towers/tatham.jsonl"),
     ("hidato", "benchmarks/boards/hidato-30x30-30.jsonl")],
)  # fmt: skip
def test_a_json_lines_file_of_puzzles_given_to_solve_is_named_as_bench_input(
    genre: str, path: str
) -> None:
    # It was parsed as one puzzle's text: "bad size '{"genre"'", or for Hidato "the board has
    # over 10000 cells", which said nothing of what the file is.
    for command in ("solve", "diagnose"):
        done = gridsat(command, genre, path)
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        assert "JSON-lines file of" in lines[0] and f"gridsat bench {genre} {path}" in lines[0]
