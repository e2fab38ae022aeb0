"""The pipeline's guarantees: every printed solution passed the checker; limits hold."""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

import pytest

from conftest import DATA
from gridsat import cli
from gridsat.genres import Genre, get_genre
from gridsat.models.model import Built
from gridsat.pipeline import CheckFailed, solve
from gridsat.solvers import get_backend

SIGNPOST = get_genre("signpost")
SEED_TEXT = (DATA / "signpost" / "seed.txt").read_text()


def broken_decoder(genre: Genre) -> Genre:
    """The genre with a decoder that swaps the first two numbers of every answer."""

    def build(puzzle: Any, encoding: str, prune: bool = True) -> Built[Any]:
        built = genre.build(puzzle, encoding, prune=prune)

        def decode(assignment: Any) -> Any:
            rows = [list(r) for r in built.decode(assignment)]
            rows[0][0], rows[0][1] = rows[0][1], rows[0][0]
            return tuple(tuple(r) for r in rows)

        return Built(built.model, decode)

    return dataclasses.replace(genre, build=build)


def test_a_wrong_decoder_is_caught_by_the_checker() -> None:
    bad = broken_decoder(SIGNPOST)
    with pytest.raises(CheckFailed, match="breaks the rules"):
        solve(bad, bad.parse(SEED_TEXT), get_backend("sat:cadical195"))


def test_a_wrong_decoder_exits_70(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    monkeypatch.setattr("gridsat.genres.get_genre", lambda name: broken_decoder(SIGNPOST))
    assert cli.main(["solve", "signpost", SEED_TEXT]) == cli.EXIT_INTERNAL
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "internal error" in captured.err and "report" in captured.err


def test_a_decoder_that_merges_solutions_is_caught() -> None:
    """Two solutions distinct on the answer variables must print differently."""

    def build(puzzle: Any, encoding: str, prune: bool = True) -> Built[Any]:
        built = SIGNPOST.build(puzzle, encoding, prune=prune)
        first: list[Any] = []

        def decode(assignment: Any) -> Any:
            first.append(built.decode(assignment))
            return first[0]

        return Built(built.model, decode)

    fewer = SIGNPOST.parse((DATA / "signpost" / "seed-fewer-givens.txt").read_text())
    with pytest.raises(CheckFailed, match="same signpost solution twice"):
        solve(
            dataclasses.replace(SIGNPOST, build=build), fewer, get_backend("sat:glucose4"), limit=2
        )


@pytest.mark.parametrize("backend", ["cpsat", "cpsat:1"])
def test_time_limit_stops_a_hard_run(backend: str, capsys: Any) -> None:
    """Unpruned, CP-SAT needs over a second for the largest corpus board's circuit model."""
    rows = (DATA / "signpost" / "corpus.jsonl").read_text().splitlines()
    big = json.loads(rows[-1])["id"]
    start = time.monotonic()
    code = cli.main(
        [
            "solve",
            "signpost",
            big,
            "--no-prune",
            "-e",
            "circuit",
            "-b",
            backend,
            "--time-limit",
            "0.5",
            "--json",
        ]
    )
    elapsed = time.monotonic() - start
    out = json.loads(capsys.readouterr().out)
    assert elapsed < 2.5
    if out["status"] == "timeout":
        assert code == cli.EXIT_TIMEOUT
    else:  # a fast machine may finish: then the answer must be the right one
        assert code == 0 and out["solution"] == json.loads(rows[-1])["solution"]
