"""gridsat bench: folders and JSON-lines files, results kept as they finish, resume, plots."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, gridsat
from gridsat import benchmark as bench
from gridsat.registry import get_genre


def small_corpus(tmp_path: Path, n: int = 4) -> Path:
    lines = (DATA / "signpost" / "corpus.jsonl").read_text().splitlines()[:n]
    path = tmp_path / "small.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_folder_and_a_jsonl_file_with_results_and_summary(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run = gridsat(
        "bench",
        "hidato",
        str(DATA / "numbrix"),
        str(small_corpus(tmp_path)),
        "--backends",
        "sat:glucose4",
        "--out",
        str(out),
    )
    assert run.returncode == 1 and "FAILED" in run.stderr  # Signpost IDs are no Hidato boards
    assert {json.loads(x)["status"] for x in out.read_text().splitlines()} >= {"bad-input"}
    # The bundled folder with its corpus cut to four puzzles (all 92 took a minute).
    folder = tmp_path / "signpost"
    shutil.copytree(DATA / "signpost", folder, ignore=shutil.ignore_patterns("corpus.jsonl"))
    rows = (DATA / "signpost" / "corpus.jsonl").read_text().splitlines()[4:8]
    (folder / "corpus.jsonl").write_text("\n".join(rows) + "\n")
    run = gridsat(
        "bench",
        "signpost",
        str(small_corpus(tmp_path)),
        str(folder),
        "--backends",
        "sat:glucose4,cpsat:1",
        "--out",
        str(out),
    )
    assert run.returncode == 0, run.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    # 4 corpus lines + the folder's seed files and corpus: each on 2 backends x 2 encodings
    assert all(r["ok"] for r in records)
    # "no solution" is an answer, not a failure (the folder bundles an unsolvable puzzle)
    assert {r["status"] for r in records if r["puzzle"].endswith("unsolvable.txt")} == {
        "unsolvable"
    }
    assert {r["backend"] for r in records} == {"sat:glucose4", "cpsat:1"}
    assert any(r["puzzle"].endswith("seed.txt") for r in records)
    assert "median" in run.stdout and "sat:glucose4" in run.stdout
    assert "[" in run.stderr and "left" in run.stderr  # progress, as plain lines off a terminal


def test_a_wrong_known_answer_is_reported_as_failed(tmp_path: Path) -> None:
    row = json.loads((DATA / "signpost" / "corpus.jsonl").read_text().splitlines()[0])
    row["solution"][0][0], row["solution"][0][1] = row["solution"][0][1], row["solution"][0][0]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(row) + "\n")
    run = gridsat("bench", "signpost", str(bad), "--encodings", "position")
    assert run.returncode == 1 and "FAILED" in run.stderr


def test_resume_runs_only_what_is_missing(tmp_path: Path) -> None:
    corpus = small_corpus(tmp_path)
    out = tmp_path / "results.jsonl"
    full = gridsat("bench", "signpost", str(corpus), "--encodings", "position", "--out", str(out))
    assert full.returncode == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 4
    # An interrupted run: two results kept, the third cut off mid-line.
    out.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:20])
    again = gridsat(
        "bench", "signpost", str(corpus), "--encodings", "position", "--out", str(out), "--resume"
    )
    assert again.returncode == 0, again.stderr
    records = [json.loads(x) for x in out.read_text().splitlines() if x.endswith("}")]
    assert sorted(r["puzzle"] for r in records) == sorted(json.loads(x)["puzzle"] for x in lines)
    assert "[2/2]" in again.stderr  # only the two missing ones ran


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plots_are_written(tmp_path: Path, suffix: str, magic: bytes) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / f"times{suffix}"
    run = gridsat("bench", "signpost", str(small_corpus(tmp_path, 2)), "--plot", str(picture))
    assert run.returncode == 0, run.stderr
    assert picture.read_bytes().startswith(magic)
    if suffix == ".svg":
        assert b"<svg" in picture.read_bytes()[:2000]


def test_bad_arguments_are_usage_errors(tmp_path: Path) -> None:
    assert "no such file or folder" in gridsat("bench", "signpost", "nowhere").stderr
    assert (
        "--resume needs --out"
        in gridsat("bench", "signpost", str(DATA / "signpost"), "--resume").stderr
    )
    assert (
        "must end in .png or .svg"
        in gridsat("bench", "signpost", str(DATA / "signpost"), "--plot", "x.gif").stderr
    )


def test_jobs_run_in_parallel_processes_with_the_same_results(tmp_path: Path) -> None:
    corpus = small_corpus(tmp_path)
    out = tmp_path / "parallel.jsonl"
    run = gridsat("bench", "signpost", str(corpus), "--jobs", "2", "--out", str(out))
    assert run.returncode == 0, run.stderr
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(records) == 8 and all(r["ok"] and r["status"] == "unique" for r in records)


def test_a_run_past_its_time_limit_has_only_the_phases_it_reached(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n".join("[" + ", ".join("_" * 25) + "]" for _ in range(25)))
    out = tmp_path / "results.jsonl"
    solved = DATA / "numbrix" / "rosetta-1.txt"
    run = gridsat("bench", "numbrix", str(empty), str(solved), "--backends", "cpsat:1",
                  "--encodings", "circuit", "--time-limit", "1", "--out", str(out))  # fmt: skip
    assert run.returncode == 0, run.stderr  # a limit reached: a result, not a failure
    records = {Path(r["puzzle"]).name: r for r in map(json.loads, out.read_text().splitlines())}
    stopped = records["empty.txt"]
    assert stopped["status"] == "timeout" and stopped["ok"]
    assert "unique" not in stopped["times"]  # no first solution: the uniqueness phase never ran
    assert stopped["total"] == pytest.approx(sum(stopped["times"].values()), abs=1e-5)
    assert records["rosetta-1.txt"]["status"] == "unique"
    # The summary counts it as past the limit, not as a measured time.
    row = run.stdout.splitlines()[1].split()
    assert row[:8] == ["cpsat:1", "circuit", "2", "1", "0", "0", "1", "0"]
    assert row[-1] == ">limit"
    assert run.stdout.splitlines()[-1] == (
        "stopped by a limit (a result, not a failure): 1 past the time limit"
    )


def test_with_jobs_each_result_is_written_as_it_finishes(tmp_path: Path) -> None:
    slow = "\n".join("[" + ", ".join("_" * 8) + "]" for _ in range(8))  # past any short limit
    fast = "[[2, 7, _], [_, _, _], [_, _, _]]"
    rows = [{"name": "slow", "puzzle": slow}]
    rows += [{"name": f"fast-{i}", "puzzle": fast} for i in range(4)]
    rows.append({"name": "fast-0", "puzzle": fast})  # the same name again: run once
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "results.jsonl"
    run = gridsat("bench", "magic", str(corpus), "--backends", "sat:cadical195", "--encodings",
                  "integer", "--jobs", "2", "--time-limit", "2", "--out", str(out))  # fmt: skip
    assert run.returncode == 0, run.stderr  # the slow one reached the limit: a result
    records = [json.loads(line) for line in out.read_text().splitlines()]
    # Submitted first, it finished last: the fast ones were not held back behind it.
    assert [r["puzzle"] for r in records][-1] == "slow" and records[-1]["status"] == "timeout"
    assert sorted(r["puzzle"] for r in records[:-1]) == [f"fast-{i}" for i in range(4)]
    assert all(r["status"] == "unique" for r in records[:-1])


def test_resume_with_other_backends_summarises_only_the_ones_asked(tmp_path: Path) -> None:
    corpus = small_corpus(tmp_path, 2)
    out = tmp_path / "results.jsonl"
    common = ("bench", "signpost", str(corpus), "--encodings", "position", "--out", str(out))
    assert gridsat(*common, "--backends", "cpsat:1").returncode == 0
    again = gridsat(*common, "--backends", "sat:glucose4", "--resume")
    assert again.returncode == 0, again.stderr
    assert [r.split()[:3] for r in again.stdout.splitlines()[1:]] == [
        ["sat:glucose4", "position", "2"]
    ]
    assert len(out.read_text().splitlines()) == 4  # the file keeps both
    both = gridsat(*common, "--backends", "cpsat:1,sat:glucose4", "--resume")
    assert both.returncode == 0 and len(both.stdout.splitlines()) == 3  # nothing left to run


def test_off_a_terminal_progress_is_a_line_every_few_seconds_and_the_last() -> None:
    log = io.StringIO()
    show = bench.progress_printer(log, every=5.0)
    for done, elapsed in [(1, 0.1), (2, 1.0), (3, 5.2), (4, 6.0), (5, 10.3), (6, 10.4)]:
        show(done, 6, elapsed)
    assert [line.split()[0] for line in log.getvalue().splitlines()] == ["[3/6]", "[5/6]", "[6/6]"]


def test_a_timeout_is_a_result_but_a_wrong_answer_still_fails(tmp_path: Path) -> None:
    slow = "\n".join("[" + ", ".join("_" * 12) + "]" for _ in range(12))  # past 0.05 s
    wrong = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]  # not the answer of the magic square below
    rows = [{"name": "slow", "puzzle": slow}]
    rows.append({"name": "wrong", "puzzle": "[[2, 7, _], [_, _, _], [_, _, _]]", "solution": wrong})
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows[:1]))
    run = gridsat("bench", "magic", str(corpus), "-b", "cpsat:1", "-e", "integer", "-t", "0.05")
    assert run.returncode == 0, run.stderr
    assert "FAILED" not in run.stderr and "1 past the time limit" in run.stdout
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows[1:]))
    run = gridsat("bench", "magic", str(corpus), "-b", "cpsat:1", "-e", "integer")
    assert run.returncode == 1 and "FAILED: wrong" in run.stderr


def test_results_written_before_count_a_timeout_as_no_failure() -> None:
    older = {"puzzle": "p", "backend": "cpsat:1", "encoding": "integer", "status": "timeout",
             "ok": False}  # fmt: skip
    assert not bench.failed(older)
    assert bench.failed({**older, "status": "unique"})
    assert bench.summary([older]).splitlines()[1].split()[6:8] == ["1", "0"]


def test_bench_checks_a_files_own_solution(tmp_path: Path) -> None:
    text = (DATA / "sudoku" / "published-sections.txt").read_text()
    (tmp_path / "right.txt").write_text(text)
    (tmp_path / "wrong.txt").write_text(text.replace("\n751846239\n", "\n751846293\n"))
    run = gridsat("bench", "sudoku", str(tmp_path), "-e", "onehot")
    assert run.returncode == 1, run.stderr
    failed = [line for line in run.stderr.splitlines() if line.startswith("FAILED")]
    backend = get_genre("sudoku").default_backend
    assert failed == [f"FAILED: {tmp_path / 'wrong.txt'} on {backend}/onehot: its solution "
                      "breaks the rules: r1c8 should be the given 3 (and 3 more)"]  # fmt: skip
    out = tmp_path / "out.jsonl"
    gridsat("bench", "sudoku", str(tmp_path / "wrong.txt"), "-e", "onehot", "--out", str(out))
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["status"], r["ok"]) for r in records] == [("bad-input", False)]
    (tmp_path / "bad.txt").write_text(text.replace("\n751846239\n", "\n7518462x9\n"))
    run = gridsat("bench", "sudoku", str(tmp_path), "-e", "onehot")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == (
        f"gridsat: error: {tmp_path / 'bad.txt'}: the [Solution] section: row 1, column 8: 'x' "
        "is not a digit (its other rows are a digit a cell)\n"
    )


@pytest.mark.parametrize(
    ("make", "args", "message"),
    [
        (lambda d: (d / "empty.jsonl").write_text(""), ["empty.jsonl"], "no puzzles in "),
        (lambda d: (d / "none").mkdir(), ["none"], "no puzzles in "),
        (lambda d: (d / "bin.txt").write_bytes(b"\xff\xfe\x00"), ["bin.txt"],
         "bin.txt is not UTF-8 text (byte 0)"),
        (lambda d: (d / "out").mkdir(), ["x.txt", "--out", "out"], "cannot write --out "),
        (lambda d: (d / "old.jsonl").write_text('{"puzzle": 1}\n'),
         ["x.txt", "--out", "old.jsonl", "--resume"], "old.jsonl:1: not a result of gridsat bench"),
    ],
)  # fmt: skip
def test_bench_bad_paths_are_one_line(
    tmp_path: Path, make: Any, args: list[str], message: str
) -> None:
    make(tmp_path)
    (tmp_path / "x.txt").write_text((DATA / "sudoku" / "x.txt").read_text())
    run = gridsat("bench", "sudoku", *args, cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("gridsat: error: ") and run.stderr.count("\n") == 1, run.stderr
    assert message in run.stderr


CELLS = {"signpost": 25, "hidato": 16, "numbrix": 16, "magic": 9, "loop": 4, "sudoku": 81,
         "towers": 16, "keen": 16, "unruly": 36, "bridges": 49, "loopy": 16, "net": 9,
         "lightup": 49, "tents": 20, "magnets": 9, "pattern": 25}  # fmt: skip
"""Each genre's example's cell count: its board's width times height (Tents' 5x4)."""


@pytest.mark.parametrize("name", sorted(CELLS))
def test_every_genre_counts_its_examples_cells(name: str) -> None:
    genre = get_genre(name)
    assert genre.cell_count(genre.parse(genre.example)) == CELLS[name]


def test_a_logic_grid_counts_a_place_per_category_and_position() -> None:
    genre = get_genre("zebra")
    puzzle = genre.parse((DATA / "zebra" / "baron.txt").read_text())
    assert genre.cell_count(puzzle) == len(puzzle.rows) * puzzle.size == 20


@pytest.mark.parametrize(
    ("name", "text", "status", "cells"),
    [
        ("lightup", (DATA / "lightup" / "plain.txt").read_text(), "unique", 100),  # strings
        ("lightup", (DATA / "lightup" / "unsolvable.txt").read_text(), "unsolvable", 9),
        ("loopy", get_genre("loopy").example, "unique", 16),  # {"h": ..., "v": ...}
    ],
)
def test_every_record_gives_the_puzzles_cells(
    name: str, text: str, status: str, cells: int
) -> None:
    genre = get_genre(name)
    record = bench.run_one(name, bench.Item("p", text), "sat:cadical195",
                           genre.default_encoding, None)  # fmt: skip
    assert (record["status"], record["cells"]) == (status, cells)


def test_a_run_stopped_by_its_time_limit_has_its_cells(tmp_path: Path) -> None:
    slow = "\n".join("[" + ", ".join("_" * 12) + "]" for _ in range(12))  # past 0.05 s
    record = bench.run_one("magic", bench.Item("slow", slow), "cpsat:1", "integer", 0.05)
    assert (record["status"], record["cells"]) == ("timeout", 144)


def test_a_file_over_the_input_limit_or_empty_is_bad_input_for_that_file(tmp_path: Path) -> None:
    # A .txt puzzle file over solve's 10 MB limit was read whole; like an empty one, it is a
    # failed puzzle (bad input, named), and the others still run.
    from gridsat.inputs import MAX_INPUT_BYTES

    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "x.txt").write_text((DATA / "sudoku" / "x.txt").read_text())
    (folder / "empty.txt").write_text("")
    with open(folder / "big.txt", "wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)
    big = next(i for i in bench.items([str(folder)]) if i.name.endswith("big.txt"))
    assert big.text == ""  # not read
    out = tmp_path / "out.jsonl"
    run = gridsat("bench", "sudoku", str(folder), "-e", "sums", "--out", str(out))
    assert run.returncode == 1, run.stderr
    records = {Path(r["puzzle"]).name: r for r in map(json.loads, out.read_text().splitlines())}
    assert records["x.txt"]["status"] == "unique" and records["x.txt"]["ok"]
    for name in ("big.txt", "empty.txt"):
        assert records[name]["status"] == "bad-input" and not records[name]["ok"]
    limit = f"big.txt is {MAX_INPUT_BYTES + 1} bytes; the limit is {MAX_INPUT_BYTES}"
    assert limit in records["big.txt"]["error"]
    assert f"FAILED: {folder / 'big.txt'} on" in run.stderr and limit in run.stderr
    assert f"FAILED: {folder / 'empty.txt'} on" in run.stderr


@pytest.mark.parametrize(
    ("content", "said"),
    [(b"{bad", "is not JSON (Expecting property name"), (b"\xff", "is not UTF-8 text (byte 0)")],
)
def test_a_known_answer_file_that_cannot_be_read_is_named(
    tmp_path: Path, content: bytes, said: str
) -> None:
    # It said only the JSON error ("Expecting property name ...: line 1 column 2"), no file.
    (tmp_path / "x.txt").write_text((DATA / "sudoku" / "x.txt").read_text())
    answer = tmp_path / "x.solution.json"
    answer.write_bytes(content)
    run = gridsat("bench", "sudoku", str(tmp_path), "-e", "sums")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == f"gridsat: error: {answer} {said}" + run.stderr.partition(said)[2]
    assert run.stderr.count("\n") == 1
