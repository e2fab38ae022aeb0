"""Failed-literal probing before a SAT search: sound units, every solution kept, a deadline kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA, gridsat
from gridsat.models import hidato as hidato_model
from gridsat.models.hidato import PROBE_FROM, build
from gridsat.models.model import Model
from gridsat.parsers.hidato import parse
from gridsat.parsers.numbrix import parse as parse_numbrix
from gridsat.pipeline import solve
from gridsat.puzzles.hidato import check
from gridsat.registry import get_genre
from gridsat.solvers import get_backend
from gridsat.solvers.base import Status

HIDATO = get_genre("hidato")
ROOT = Path(__file__).resolve().parent.parent
SAT_BACKENDS = ("sat:kissat404", "sat:cadical195", "sat:minisat22")


def probed_model() -> Model:
    """1 implies 2 and 3, which exclude each other: 1 fails by propagation, 4 does not."""
    model = Model()
    a, b, c, d = model.bool_vars(4)
    model.add_clause([-a, b])
    model.add_clause([-a, c])
    model.add_clause([-b, -c])
    model.add_clause([a, d])
    model.answer = [a, b, c, d]
    model.probe = [a, d]
    return model


@pytest.mark.parametrize("backend", SAT_BACKENDS)
def test_a_literal_failing_by_propagation_becomes_a_unit(backend: str) -> None:
    with get_backend(backend).open(probed_model()) as session:
        found = session.solve()
        assert found.status is Status.SOLVED and found.assignment is not None
        assert session.received()["failed_literals"] == 1
        assert [-1] in session.clauses and [-4] not in session.clauses
        assert not found.assignment(1) and found.assignment(4)


def test_a_model_without_probes_is_not_probed() -> None:
    model = probed_model()
    model.probe = []
    with get_backend("sat:kissat404").open(model) as session:
        assert session.solve().status is Status.SOLVED
        assert "failed_literals" not in session.received()
        assert [-1] not in session.clauses


def test_a_deadline_passed_while_probing_is_a_time_limit() -> None:
    with get_backend("sat:cadical195").open(probed_model()) as session:
        assert session.solve(time_limit=0.0).status is Status.TIMEOUT
        assert session.received()["failed_literals"] == 0  # stopped before its first probe


def test_a_large_hidato_is_probed_a_small_one_and_numbrix_are_not() -> None:
    # A 30x30 with 30% shown leaves thousands of places open: its search is long.
    line = (ROOT / "benchmarks" / "boards" / "hidato-30x30-30.jsonl").read_text().splitlines()[0]
    large = build(parse(json.loads(line)["puzzle"]))
    assert len(large.model.probe) >= PROBE_FROM and large.model.probe == large.model.answer
    assert build(parse((DATA / "hidato" / "seed.txt").read_text())).model.probe == []
    line = (ROOT / "benchmarks" / "boards" / "numbrix-30x30-30.jsonl").read_text().splitlines()[0]
    numbrix = parse_numbrix(json.loads(line)["puzzle"])
    assert numbrix.moves == "orthogonal" and build(numbrix).model.probe == []


def test_hidato_probes_its_open_places_and_the_answer_checks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hidato_model, "PROBE_FROM", 0)
    puzzle = parse((DATA / "hidato" / "seed.txt").read_text())
    built = build(puzzle)
    assert built.model.probe == built.model.answer and built.model.probe
    with get_backend("sat:kissat404").open(built.model) as session:
        found = session.solve()
        assert found.assignment is not None
        assert session.received()["failed_literals"] > 0
        assert check(puzzle, built.decode(found.assignment)) == []


@pytest.mark.parametrize("backend", SAT_BACKENDS)
def test_probing_keeps_every_solution(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hidato_model, "PROBE_FROM", 0)
    # 21 numberings, and places that fail by propagation: the units found by probing are
    # false in all of them, so the count is the same with probing and without.
    puzzle = parse("[[1, _, _, _, 5], [_, _, _, _, _], [_, _, 13, _, _]]")
    counts = []
    for probe in (True, False):
        built = build(puzzle)
        if not probe:
            built.model.probe = []
        seen = set()
        with get_backend(backend).open(built.model) as session:
            while (found := session.solve()).assignment is not None:
                board = built.decode(found.assignment)
                assert check(puzzle, board) == []
                seen.add(board)
                session.exclude(found.assignment)
            if probe:
                assert session.received()["failed_literals"] > 0
        counts.append(len(seen))
    assert counts[0] == counts[1] == 21
    out = solve(HIDATO, puzzle, get_backend(backend), limit=1000)
    assert out.count_exact and len(out.solutions) == counts[0]


def stored_board(index: int) -> str:
    """One of the stored 30x30 Hidato boards with 30% shown (the speed benchmark's)."""
    lines = (ROOT / "benchmarks" / "boards" / "hidato-30x30-30.jsonl").read_text().splitlines()
    return str(json.loads(lines[index])["puzzle"])


def test_cli_json_stats_count_the_places_probing_ruled_out() -> None:
    text = stored_board(9)  # (the quickest of the ten to search)
    done = gridsat("solve", "hidato", "-", "--json", "--stats", stdin=text)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["status"] == "solved" and out["backend"] == "sat:kissat404"
    assert out["stats"]["backend"]["failed_literals"] > 0
    solution = tuple(tuple(row) for row in out["solution"])
    assert check(parse(text), solution) == []


def test_cli_time_limit_holds_while_probing_or_searching() -> None:
    done = gridsat("solve", "hidato", "-", "--json", "-t", "0.01", stdin=stored_board(7))
    assert done.returncode == 4, done.stderr
    assert json.loads(done.stdout)["status"] == "timeout"
