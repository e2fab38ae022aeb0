"""A genre that lives only in the tests (tests/plugins/latin.py: Latin squares), registered
through the public path (GRIDSAT_GENRES), runs through every command with no other file of
gridsat touched: the proof that shared code asks the genre and never its name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
UNIQUE = "1..\n.2.\n..."
TWO = "1..\n...\n..."  # the rest of the first row goes either way


def gridsat(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join(filter(None, [str(HERE / "plugins"), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "GRIDSAT_GENRES": "latin", "PYTHONPATH": path}
    return subprocess.run(
        [sys.executable, "-m", "gridsat", *args],
        input=stdin, capture_output=True, text=True, timeout=120, cwd=ROOT, env=env,
    )  # fmt: skip


def latin(rows: list[list[int]], puzzle: str) -> bool:
    """Written from the rules here, not taken from the genre: 1..N once in every row and
    column, and every number the puzzle shows kept."""
    n = len(rows)
    numbers = list(range(1, n + 1))
    shown = [line.strip() for line in puzzle.strip().splitlines()]
    return (
        all(sorted(row) == numbers for row in rows)
        and all(sorted(row[c] for row in rows) == numbers for c in range(n))
        and all(
            ch == "." or int(ch) == rows[r][c] for r, line in enumerate(shown)
            for c, ch in enumerate(line)
        )
    )  # fmt: skip


def board(text: str) -> list[list[int]]:
    return [[int(v) for v in line.split()] for line in text.strip().splitlines()]


def test_listed_with_the_built_in_genres_only_when_registered() -> None:
    names = [g["name"] for g in json.loads(gridsat("genres", "--json").stdout)]
    assert names[-1] == "latin" and "signpost" in names
    plain = subprocess.run(
        [sys.executable, "-m", "gridsat", "genres", "--json"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert "latin" not in [g["name"] for g in json.loads(plain.stdout)]


def test_solve_unique_and_json() -> None:
    run = gridsat("solve", "latin-square", UNIQUE, "--unique")
    assert run.returncode == 0, run.stderr
    rows = board(run.stdout.split("unique solution")[0])
    assert latin(rows, UNIQUE) and run.stdout.strip().endswith("unique solution")
    data = json.loads(gridsat("solve", "latin", UNIQUE, "--json").stdout)
    assert data["genre"] == "latin" and data["status"] == "solved"
    assert latin(data["solution"], UNIQUE)


def test_not_unique_names_the_differing_cells() -> None:
    run = gridsat("solve", "latin", TWO, "--unique", "--json")
    assert run.returncode == 3
    data = json.loads(run.stdout)
    first, second = data["solution"], data["second_solution"]
    assert latin(first, TWO) and latin(second, TWO) and first != second
    named = {f"r{r + 1}c{c + 1}" for r in range(3) for c in range(3) if first[r][c] != second[r][c]}
    assert set(data["differences"]) == named


def test_count_finds_every_solution() -> None:
    run = gridsat("solve", "latin", "...\n...\n...", "--count", "100")
    assert run.returncode == 0 and run.stdout.strip().endswith("12 solutions")  # 3x3: 12


def test_compare_runs_every_backend_and_agrees() -> None:
    run = gridsat("compare", "latin", UNIQUE, "-b", "sat:cadical195,cpsat:1", "--repeat", "1",
                  "--json")  # fmt: skip
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["agree"] and {r["status"] for r in data["results"]} == {"unique"}


def test_generate_then_bench_and_solve_back(tmp_path: Path) -> None:
    made = gridsat("generate", "latin", "--size", "4", "--seed", "3")
    assert made.returncode == 0, made.stderr
    solved = gridsat("solve", "latin", "--unique", stdin=made.stdout)
    assert solved.returncode == 0 and "unique solution" in solved.stdout
    assert latin(board(solved.stdout.split("unique solution")[0]), made.stdout)
    folder = tmp_path / "made"
    assert (
        gridsat("generate", "latin", "--size", "4", "--count", "2", "--out", str(folder)).returncode
        == 0
    )
    out = tmp_path / "results.jsonl"
    run = gridsat("bench", "latin", str(folder), "--out", str(out))
    assert run.returncode == 0, run.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2 and all(r["ok"] and r["status"] == "unique" for r in records)


def test_diagnose_finds_free_cells_and_a_given_that_fixes_them() -> None:
    run = gridsat("diagnose", "latin", TWO, "--json")
    assert run.returncode == 3, run.stderr
    data: dict[str, Any] = json.loads(run.stdout)
    assert data["status"] == "multiple" and data["free"] and data["suggestion"]
    fixed = [line for line in TWO.splitlines()]
    # The suggestion ("N at rRcC") added to the puzzle makes it unique.
    number, _, cell = data["suggestion"][0].split()
    r, c = int(cell[1]) - 1, int(cell[3]) - 1
    fixed[r] = fixed[r][:c] + number + fixed[r][c + 1 :]
    assert gridsat("solve", "latin", "\n".join(fixed), "--unique").returncode == 0


def test_render_draws_every_cell(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "latin.svg"
    run = gridsat("solve", "latin", UNIQUE, "--render", str(picture))
    assert run.returncode == 0, run.stderr
    svg = picture.read_text()
    assert all(f'id="cell-{r}-{c}"' in svg for r in range(3) for c in range(3))
    assert gridsat("render", "latin", UNIQUE, str(tmp_path / "p.png")).returncode == 0
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
