"""The library's records are standard dataclasses: ``fields()`` and ``asdict()`` see them, frozen
ones refuse changes, and the results travel by pickle (a forked child sends its result back so,
and a caller's own process pool does the same)."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

import gridsat
from conftest import DATA
from gridsat import Status
from gridsat.contract import Option
from gridsat.models.model import Model
from gridsat.pipeline import Outcome
from gridsat.registry import get_genre

SEED = (DATA / "signpost" / "seed.txt").read_text()


def test_asdict_and_fields_see_a_solve_result() -> None:
    result = gridsat.solve(gridsat.read("signpost", SEED), unique=True)
    names = [f.name for f in dataclasses.fields(result)]
    assert names[:4] == ["puzzle", "outcome", "counting", "error"]
    assert "file_differences" in names and "contradiction" in names
    whole = dataclasses.asdict(result)
    assert whole["outcome"]["status"] == Status.UNIQUE
    assert whole["outcome"]["solutions"] == result.outcome.solutions
    assert whole["puzzle"]["data"] == dataclasses.asdict(result.puzzle)["data"]


def test_every_public_record_is_a_dataclass_with_its_fields() -> None:
    records = [getattr(gridsat, name) for name in gridsat.__all__]
    records = [r for r in records if isinstance(r, type) and dataclasses.is_dataclass(r)]
    assert {r.__name__ for r in records} >= {"Puzzle", "Result", "Solution", "Comparison"}
    for record in records:
        assert dataclasses.fields(record), record
        assert "__slots__" in vars(record), record  # (no __dict__: what it has is its fields)


def test_a_frozen_record_refuses_changes_and_replace_makes_a_new_one() -> None:
    puzzle = gridsat.read("signpost", SEED)
    with pytest.raises(dataclasses.FrozenInstanceError):
        puzzle.parse_seconds = 0.0  # type: ignore[misc]
    moved = dataclasses.replace(puzzle, parse_seconds=7.0)
    assert (moved.parse_seconds, moved.data, moved.source) == (7.0, puzzle.data, puzzle.source)
    assert moved == puzzle  # (the time it took is not what the puzzle is: left out)


def test_a_default_list_is_made_anew_for_each_record() -> None:
    one, two = Model(), Model()
    one.clauses.append((1,))
    assert two.clauses == []


def test_records_compare_and_hash_by_their_fields() -> None:
    a = Option("sum", "--sum", "the sum", int, "N")
    b = Option("sum", "--sum", "the sum", int, "N")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != a._replace(help="another")  # (a declaration is a named tuple)


def _round_trip(value: Any) -> Any:
    back = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == value
    return back


def test_results_travel_by_pickle() -> None:
    puzzle = gridsat.read("signpost", SEED)
    result = gridsat.solve(puzzle, unique=True)
    back = _round_trip(result)
    assert back.puzzle.genre == get_genre("signpost")  # (a genre travels as its name)
    assert back.status is Status.UNIQUE and str(back) == str(result)
    _round_trip(puzzle)
    _round_trip(result.solution)
    outcome = _round_trip(dataclasses.replace(result.outcome, puzzle=None))
    assert isinstance(outcome, Outcome)
    count = _round_trip(gridsat.count(puzzle, 5))
    assert (int(count), count.exact, count.status) == (1, True, Status.UNIQUE)
    board = gridsat.read("hidato", (DATA / "hidato" / "seed.txt").read_text())
    _round_trip(board.data)  # (a board made on a plain base class with slots)
