"""gridsat compare: every backend agrees on every genre's example; a broken backend is caught."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gridsat.compare import compare
from gridsat.genres import all_genres, get_genre
from gridsat.models.model import Model
from gridsat.solvers import Backend, Result, Session, Status, get_backend

FAST = ["cpsat:1", "sat:cadical195", "sat:glucose4", "sat:kissat404", "sat:minisat22"]


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

    def open(self, model: Model) -> Session:
        class Nothing(Session):
            def solve(self, time_limit: float | None = None) -> Result:
                return Result(Status.UNSAT)

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


def gridsat(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gridsat", *args], capture_output=True, text=True, timeout=120
    )


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
