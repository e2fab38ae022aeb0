"""The library's arguments: a wrongly typed one is a TypeError that names it, a bad value a
PuzzleError, each raised before any work, never an error from deep inside."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable
from typing import Any

import pytest

import gridsat

SIGNPOST = "5x5:1cceefcfggeeccghcac3e12hch10ah25a"
HIDATO = "[[_, 16, _, _], [_, _, _, _], [_, _, _, _], [10, 6, _, _]]"


@pytest.fixture(scope="module")
def puzzle() -> gridsat.Puzzle:
    return gridsat.read("signpost", SIGNPOST)


TYPED: list[tuple[str, str, Callable[[gridsat.Puzzle], Any]]] = [
    ("read genre int", "genre", lambda p: gridsat.read(5, SIGNPOST)),  # type: ignore[arg-type]
    ("read genre None", "genre", lambda p: gridsat.read(None, SIGNPOST)),  # type: ignore[arg-type]
    ("read text int", "text", lambda p: gridsat.read("signpost", 5)),  # type: ignore[arg-type]
    ("read text bytes", "text", lambda p: gridsat.read("signpost", SIGNPOST.encode())),  # type: ignore[arg-type]
    ("solve backend", "backend", lambda p: gridsat.solve(p, backend=5)),  # type: ignore[arg-type]
    ("solve encoding", "encoding", lambda p: gridsat.solve(p, encoding=5)),  # type: ignore[arg-type]
    ("solve time_limit str", "time_limit", lambda p: gridsat.solve(p, time_limit="1")),  # type: ignore[arg-type]
    ("solve time_limit bool", "time_limit", lambda p: gridsat.solve(p, time_limit=True)),
    ("solve memory_limit", "memory_limit",
     lambda p: gridsat.solve(p, memory_limit="1", isolate=True)),  # type: ignore[arg-type]
    ("solve params", "params", lambda p: gridsat.solve(p, params=["a=b"])),  # type: ignore[arg-type]
    ("count limit str", "limit", lambda p: gridsat.count(p, "5")),  # type: ignore[arg-type]
    ("count limit float", "limit", lambda p: gridsat.count(p, 2.5)),  # type: ignore[arg-type]
    ("count limit bool", "limit", lambda p: gridsat.count(p, True)),
    ("solutions limit", "limit", lambda p: next(gridsat.solutions(p, limit=2.5))),  # type: ignore[arg-type]
    ("compare repeat", "repeat", lambda p: gridsat.compare(p, repeat="2")),  # type: ignore[arg-type]
    ("compare backends", "backends", lambda p: gridsat.compare(p, backends=5)),  # type: ignore[arg-type]
    ("compare backend in list", "backends", lambda p: gridsat.compare(p, backends=[5])),  # type: ignore[list-item]
    ("compare encodings", "encodings", lambda p: gridsat.compare(p, encodings=5)),  # type: ignore[arg-type]
    ("compare memory_limit", "memory_limit",
     lambda p: gridsat.compare(p, memory_limit="5")),  # type: ignore[arg-type]
    ("diagnose backend", "backend", lambda p: gridsat.diagnose(p, backend=3)),  # type: ignore[arg-type]
    ("diagnose time_limit", "time_limit",
     lambda p: gridsat.diagnose(p, time_limit="1", isolate=True)),  # type: ignore[arg-type]
    ("generate genre", "genre", lambda p: gridsat.generate(3, "4x4")),  # type: ignore[arg-type]
    ("generate size", "size", lambda p: gridsat.generate("signpost", 4.0)),  # type: ignore[arg-type]
    ("generate seed", "seed", lambda p: gridsat.generate("signpost", "4x4", seed="1")),  # type: ignore[arg-type]
    ("generate givens", "givens", lambda p: gridsat.generate("hidato", "4x4", givens="0.5")),  # type: ignore[arg-type]
    ("generate backend", "backend", lambda p: gridsat.generate("hidato", "4x4", backend=3)),  # type: ignore[arg-type]
    ("grade time_limit", "time_limit", lambda p: gridsat.grade(p, time_limit="1")),  # type: ignore[arg-type]
    ("grade encoding", "encoding", lambda p: gridsat.grade(p, encoding=3)),
    ("check None", "solution", lambda p: p.check(None)),
    ("render path", "path", lambda p: gridsat.solve(p).render(3)),  # type: ignore[arg-type]
]  # fmt: skip


@pytest.mark.parametrize(("label", "argument", "call"), TYPED, ids=[t[0] for t in TYPED])
def test_a_wrongly_typed_argument_is_a_type_error_naming_it(
    puzzle: gridsat.Puzzle, label: str, argument: str, call: Callable[[gridsat.Puzzle], Any]
) -> None:
    with pytest.raises(TypeError, match=rf"^{argument} must be ") as raised:
        call(puzzle)
    assert not isinstance(raised.value, gridsat.PuzzleError)


def test_check_of_every_genre_refuses_a_value_it_cannot_take_apart() -> None:
    for about in gridsat.genres():
        puzzle = gridsat.read(about.name, about.reading.example)
        for value in (None, 3):
            with pytest.raises(TypeError, match=rf"^solution must be .*{about.name}"):
                puzzle.check(value)


def test_a_solution_of_another_genre_is_refused_by_check(puzzle: gridsat.Puzzle) -> None:
    other = gridsat.solve(gridsat.read("hidato", HIDATO)).solution
    assert other is not None
    with pytest.raises(gridsat.PuzzleError, match="a hidato solution, not one of this signpost"):
        puzzle.check(other)
    own = gridsat.solve(puzzle).solution
    assert own is not None and puzzle.check(own) == []


def test_compare_refuses_a_memory_limit_below_zero_before_running(
    puzzle: gridsat.Puzzle,
) -> None:
    with pytest.raises(gridsat.PuzzleError, match="memory limit -5: a number of GB > 0"):
        gridsat.compare(puzzle, backends="sat:minisat22", repeat=1, memory_limit=-5)


def test_generate_takes_a_magic_order_as_an_int_and_a_size_as_a_pair() -> None:
    by_int = gridsat.generate("magic", 3, seed=2)
    assert by_int.puzzle == gridsat.generate("magic", "3", seed=2).puzzle
    assert by_int.puzzle.check(by_int.solution) == []
    pair = gridsat.generate("signpost", (4, 3), seed=1)
    assert str(pair.puzzle).startswith("4x3:")


def test_a_picture_path_may_be_a_pathlib_path(
    puzzle: gridsat.Puzzle, tmp_path: pathlib.Path
) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "board.svg"
    gridsat.solve(puzzle).render(target)
    assert target.read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    ("genre", "text", "options", "message"),
    [
        ("magic", "3", {"total": "15"}, "magic option total must be an int (as --sum takes it)"),
        ("magic", "3", {"values": 9}, "magic option values must be a str (as --range takes it)"),
        ("magic", "3", {"no_diagonals": "no"}, "magic option no_diagonals must be a bool"),
        ("sudoku", "1234\n3412\n2143\n4321", {"blocks": 2}, "sudoku option blocks must be a str"),
        ("bridges", "2.2\n...\n2.2", {"max_bridges": "2"}, "bridges option max_bridges must be"),
    ],
)
def test_a_parser_option_of_the_wrong_type_is_a_type_error_naming_it(
    genre: str, text: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(TypeError, match=f"^{re.escape(message)}"):
        gridsat.read(genre, text, **options)


def test_parser_options_of_their_own_types_are_read() -> None:
    magic = gridsat.read("magic", "3", total=15, values="1..9", no_diagonals=True, repeat=False)
    assert gridsat.count(magic, 100) > 8  # rows and columns only: more than the 8 squares
    bridges = gridsat.read("bridges", "2.2\n...\n2.2", max_bridges=2, no_loops=None)
    result = gridsat.solve(bridges, unique=True)
    assert result.status is gridsat.Status.UNIQUE
    assert bridges.check(result.solution) == []
