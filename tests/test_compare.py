"""gridsat compare: every backend agrees on every genre's example; a broken backend is caught."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import gridsat
from gridsat.cli import main
from gridsat.comparison import compare
from gridsat.models.model import Model
from gridsat.parsers import sudoku as sudoku_parser
from gridsat.registry import all_genres, get_genre
from gridsat.solvers import Backend, Result, Session, Status, get_backend

FAST = ["cpsat:1", "sat:cadical195", "sat:minicard", "sat:kissat404", "sat:minisat22"]


@pytest.mark.parametrize("genre", all_genres(), ids=lambda g: g.name)
def test_backends_agree_on_every_genres_example(genre: Any) -> None:
    puzzle = genre.parse(genre.example)
    runs, problems = compare(
        genre, puzzle, [get_backend(b) for b in FAST], list(genre.encodings), repeat=1
    )
    assert problems == []
    assert len(runs) == len(FAST) * len(genre.encodings)
    assert {r.status for r in runs} == {"unique"}
    assert runs == sorted(runs, key=lambda r: r.total)


class NeverSolves(Backend):
    """A test double: a backend that claims every model has no solution."""

    name = "broken"
    family = "test"

    def unavailable(self) -> str | None:
        return None

    def open(self, model: Model, params: Any = None) -> Session:
        class Nothing(Session):
            def solve(self, time_limit: float | None = None) -> Result:
                return Result(Status.UNSOLVABLE)

            def exclude(self, assignment: Any) -> None:
                pass

        return Nothing()


class Missing(NeverSolves):
    name = "missing"

    def unavailable(self) -> str | None:
        return "not installed"


def test_a_broken_backend_is_a_disagreement_and_a_missing_one_is_listed() -> None:
    genre = get_genre("signpost")
    puzzle = genre.parse(genre.example)
    runs, problems = compare(
        genre,
        puzzle,
        [get_backend("sat:glucose4"), NeverSolves(), Missing()],
        ["position"],
        repeat=1,
    )
    assert problems and "broken/position unsolvable" in problems[0]
    missing = next(r for r in runs if r.backend == "missing")
    assert (missing.status, missing.error) == ("unavailable", "not installed")


def test_cli_compare_json_and_table() -> None:
    genre = get_genre("hidato")
    run = gridsat(
        "compare",
        "hidato",
        genre.example,
        "--backends",
        "cpsat,sat:glucose4",
        "--repeat",
        "2",
        "--json",
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["agree"] is True and out["genre"] == "hidato"
    assert {(r["backend"], r["encoding"]) for r in out["results"]} == {
        (b, e) for b in ("cpsat", "sat:glucose4") for e in ("position", "circuit")
    }
    for r in out["results"]:  # each run reads the puzzle again, then builds, solves, proves
        assert list(r["times"]) == ["parse", "build", "solve", "unique"]
        assert all(isinstance(t, float) and t >= 0 for t in r["times"].values())
    table = gridsat(
        "compare", "hidato", genre.example, "--backends", "sat:glucose4", "--repeat", "1"
    )
    assert table.returncode == 0 and "ratio" in table.stdout and "unique" in table.stdout


def test_compare_plot_is_a_picture(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "phases.svg"
    genre = get_genre("magic")
    run = gridsat(
        "compare",
        "magic",
        genre.example,
        "--backends",
        "cpsat:1,sat:glucose4",
        "--repeat",
        "1",
        "--plot",
        str(picture),
    )
    assert run.returncode == 0, run.stderr
    assert b"<svg" in picture.read_bytes()[:2000]


def on_a_terminal(*args: str) -> tuple[int, str, str]:
    """gridsat with its stderr on a pseudo-terminal: exit code, stdout and what the terminal
    showed."""
    import os
    import pty

    main_fd, term = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gridsat", *args], stdout=subprocess.PIPE, stderr=term, text=True
    )
    os.close(term)
    shown = b""
    while True:
        try:
            chunk = os.read(main_fd, 4096)
        except OSError:  # the terminal closed: the program ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(main_fd)
    out, _ = proc.communicate(timeout=120)
    return proc.returncode, out, shown.decode().replace("\r\n", "\n")


def test_progress_on_a_terminal_a_line_per_backend_and_encoding() -> None:
    genre = get_genre("hidato")
    args = ("compare", "hidato", genre.example, "--backends", "cpsat:1,sat:glucose4",
            "--repeat", "1")  # fmt: skip
    code, out, shown = on_a_terminal(*args)
    assert code == 0 and "ratio" in out
    lines = shown.splitlines()
    assert len(lines) == 4
    for i, line in enumerate(lines, 1):
        head, _, took = line.partition(": unique in ")
        assert head.startswith(f"[{i}/4] ") and took.endswith((" ms", " s")), line
    assert {line.split()[1] for line in lines} == {
        f"{b}/{e}:" for b in ("cpsat:1", "sat:glucose4") for e in ("position", "circuit")
    }
    quiet = gridsat(*args)  # off a terminal, stderr stays empty
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_every_run_has_a_time_limit_of_60_s_unless_told() -> None:
    from gridsat.arguments import parser as _parser

    assert _parser().parse_args(["compare", "magic", "x"]).time_limit == 60
    assert _parser().parse_args(["compare", "magic", "x", "-t", "2.5"]).time_limit == 2.5
    assert _parser().parse_args(["bench", "magic", "x"]).time_limit is None  # bench: as asked
    genre = get_genre("magic")
    run = gridsat("compare", "magic", genre.example, "--backends", "cpsat:1", "--json")
    assert run.returncode == 0 and json.loads(run.stdout)["time_limit"] == 60
    assert "60 by default" in gridsat("compare", "--help").stdout


def test_compare_and_bench_take_b_and_e_as_solve_does() -> None:
    from gridsat.arguments import parser as _parser

    for command in (["compare", "signpost", "x"], ["bench", "signpost", "x"]):
        args = _parser().parse_args([*command, "-b", "cpsat:1,sat:glucose4", "-e", "circuit"])
        assert (args.backends, args.encodings) == ("cpsat:1,sat:glucose4", "circuit")
    run = gridsat("compare", "signpost", get_genre("signpost").example, "-b", "sat:glucose4",
                  "-e", "circuit", "--repeat", "1", "--json")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert [(r["backend"], r["encoding"]) for r in json.loads(run.stdout)["results"]] == [
        ("sat:glucose4", "circuit")
    ]


def test_compare_checks_the_files_own_solution(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    published = Path(__file__).parent.parent / "data" / "sudoku" / "published-sections.txt"
    text = published.read_text()
    one = ("-b", "sat:glucose4,cpsat:1", "-e", "onehot", "--repeat", "1")
    right = gridsat("compare", "sudoku", str(published), *one)
    assert right.returncode == 0, right.stderr
    assert "matches the solution in the file" in right.stdout
    wrong = tmp_path / "wrong.txt"  # two digits of the file's solution swapped
    wrong.write_text(text.replace("\n751846239\n", "\n751846293\n"))
    found = gridsat("compare", "sudoku", str(wrong), *one, "--json")
    assert (found.returncode, found.stdout) == (2, ""), found.stderr  # the file is wrong
    assert found.stderr == (
        "gridsat: error: the [Solution] section breaks the rules: r1c8 should be the given 3 "
        "(and 3 more)\n"
    )
    # A genre that reads no solution back compares the file's cell by cell: a difference is
    # a disagreement (a bug in a model or a solver, unless the file is wrong).
    monkeypatch.delattr(sudoku_parser, "from_json")
    assert main(["compare", "sudoku", str(wrong), *one, "--json"]) == 70
    data = json.loads(capfd.readouterr().out)
    assert data["file_solution"] == "differs" and not data["agree"]
    assert data["disagreements"][0].endswith(
        "the answer differs from the solution in the file at r1c8 (file 9, found 3), "
        "r1c9 (file 3, found 9)"
    )
    assert main(["compare", "sudoku", str(wrong), *one]) == 70
    assert "unless the file is wrong" in capfd.readouterr().out
