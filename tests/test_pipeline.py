"""The pipeline's guarantees: every printed solution passed the checker; limits hold."""

from __future__ import annotations

import dataclasses
import json
import signal
from typing import Any

import pytest

from conftest import DATA
from gridsat import cli
from gridsat.models.model import Built
from gridsat.pipeline import CheckFailed, solve
from gridsat.registry import Genre, get_genre
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
    monkeypatch.setattr("gridsat.registry.get_genre", lambda name: broken_decoder(SIGNPOST))
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
    """An empty order-12 magic square: no machine finishes it, so a timeout is the only right
    answer, whatever the load. Were the limit not to hold, the run would go on for minutes:
    the alarm, a generous bound, ends the test then."""
    empty = "\n".join(" ".join("_" * 12) for _ in range(12))

    def overran(*_: Any) -> None:
        raise AssertionError("the time limit did not stop the run")

    previous = signal.signal(signal.SIGALRM, overran)
    signal.alarm(60)
    try:
        code = cli.main(["solve", "magic", empty, "-b", backend, "--time-limit", "0.5", "--json"])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    out = json.loads(capsys.readouterr().out)
    assert (code, out["status"], out["solution"]) == (cli.EXIT_TIMEOUT, "timeout", None)
