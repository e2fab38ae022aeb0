"""`gridsat diagnose` on every genre of the registry: each genre's example, its bundled data, a
puzzle with several solutions and one with none, as text, as JSON and drawn; and under time
limits small enough to stop it anywhere. The output is always well formed: the documented exit
codes, JSON that parses, free and forced cells that are the places of the board."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, gridsat
from gridsat import cli
from gridsat.pipeline import solve
from gridsat.registry import Genre, all_genres
from gridsat.solvers import get_backend

pytest.importorskip("matplotlib")

KINDS = ("multiple", "unsolvable")
"""Every genre's data has a puzzle named for each of these outcomes (``multiple.txt``,
``grizzly-multiple.txt``, ``unsolvable.txt``...): several solutions, and none."""


def kind(path: Path) -> str | None:
    """The outcome a bundled puzzle's name promises, if any."""
    return next((k for k in KINDS if k in path.stem.split("-")), None)


CORPUS_CELLS = 64
"""Corpora: the first board of each size up to this many cells (a 10x10 Signpost's diagnosis
takes minutes: it proves each of its givens needed)."""

SLOW = {
    "magic/seed.txt",
    "magic/seed-printed.txt",
    "magic/published-boxes.txt",  # the published layouts: other files' boards, in other forms
    "sudoku/published-sections.txt",
    "sudoku/published-ampl.txt",
    "hidato/published-boxes.txt",
    "numbrix/published-ampl.txt",
    "hidato/seed.txt",
    "numbrix/rosetta-1.txt",
    "zebra/zebra.txt",
    "zebra/zebra-clues.txt",
    "signpost/seed-fewer-givens.txt",
    "signpost/multiple.txt",
    "bridges/generated-40x40.txt",
    "net/wrapping-25x25.txt",  # (wrapping is diagnosed on net/wrapping-5x5.txt)
    "sudoku/12x12.txt",
    "sudoku/16x16-hex.txt",
    "sudoku/16x16-letters.txt",
    "sudoku/16x16-numbers.txt",
    "sudoku/25x25.txt",
    "sudoku/col-02-08-071.txt",
    "sudoku/easter-monster.txt",
    "sudoku/golden-nugget.txt",
    "sudoku/tarek-052.txt",
    "dominosa-tatham.jsonl:1",  # (a diagnosis that proves each of 56 dominoes needed: 2 s)
    "fillomino/plain.txt",  # (its givens proved needed one by one: 2 s; the corpus's is quicker)
}
"""Bundled puzzles whose diagnosis (or picture) takes a second or more, or that another case
already covers: run under the ``slow`` mark."""


def puzzles() -> Iterator[Any]:
    """(genre, name, text) for every genre's example, bundled data, and the cases above."""
    for genre in all_genres():
        yield pytest.param(genre, "example", genre.example, id=f"{genre.name}-example")
        folder = DATA / genre.data
        for path in sorted(folder.glob("*.txt")):
            name = f"{genre.data}/{path.name}"
            marks = [pytest.mark.slow] if name in SLOW else []
            yield pytest.param(genre, kind(path) or name, path.read_text(), id=name, marks=marks)
        for path in sorted(folder.glob("*.jsonl")):
            sizes = set()
            for number, line in enumerate(path.read_text().splitlines(), 1):
                row = json.loads(line)
                board = row["solution"]
                if isinstance(board, dict):  # its text (Bridges), else its first grid
                    board = board.get("text") or next(iter(board.values()))
                shape = (row.get("params"), len(board), len(board[0]))
                if shape in sizes or shape[1] * shape[2] > CORPUS_CELLS:
                    continue
                sizes.add(shape)
                name = f"{path.name}:{number}"
                marks = [pytest.mark.slow] if number > 1 or f"{genre.name}-{name}" in SLOW else []
                text = row.get("puzzle") or row["id"]
                yield pytest.param(genre, name, text, id=f"{genre.name}-{name}", marks=marks)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``gridsat ARGS`` in this process: exit code, stdout, stderr."""
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def places(genre: Genre, text: str) -> set[str]:
    """Every place of the puzzle's solutions, named as the genre names them (``r2c3`` on
    boards, ``colour at house 2`` in logic grids), from a solution found here."""
    puzzle = genre.parse(text)
    found = solve(genre, puzzle, get_backend(genre.default_backend)).solutions[0]
    return {genre.place_name(puzzle, place) for place in genre.answer(found)}


@pytest.mark.parametrize("genre", all_genres(), ids=lambda g: g.name)
def test_every_genre_has_a_puzzle_with_several_solutions_and_one_with_none(genre: Genre) -> None:
    found = {kind(p) for p in (DATA / genre.data).glob("*.txt")}
    assert set(KINDS) <= found


@pytest.mark.parametrize(("genre", "name", "text"), list(puzzles()))
def test_diagnose_prints_well_formed_answers(
    genre: Genre, name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(text, encoding="utf-8")
    picture = tmp_path / "diagnosis.svg"
    # Drawn for the example and the puzzles of several solutions and of none (the free cells
    # marked, or none): the other bundled puzzles draw as the example does.
    drawn = name in ("example", *KINDS)
    render = ["--render", str(picture)] if drawn else []
    code, out, err = run(capsys, "diagnose", genre.name, str(puzzle), "--json", *render)
    assert err == "" and code in (0, 1, 3), err
    data = json.loads(out)
    status = data["status"]
    assert code == {"unique": 0, "unsolvable": 1, "multiple": 3}[status]
    if name in ("multiple", "unsolvable"):
        assert status == name
    if drawn:
        root = ET.parse(picture).getroot()  # well-formed XML
        assert root.tag.endswith("svg")
    if status == "unsolvable":
        assert data["solution"] is None and data["free"] == data["forced"] == []
    else:
        free, forced = set(data["free"]), set(data["forced"])
        assert len(free) == len(data["free"]) and not free & forced
        assert free | forced == places(genre, text)
        assert bool(free) == (status == "multiple")
        if status == "multiple":
            assert data["suggestion"]
    code_text, text_out, text_err = run(capsys, "diagnose", genre.name, str(puzzle))
    assert code_text == code and text_err == "" and text_out.strip()
    if status == "multiple":
        assert f"{len(data['free'])} of " in text_out and "?" in text_out
    elif status == "unique":
        assert "unique solution" in text_out
    else:
        assert text_out.startswith("no solution")
        assert ("even without any givens" in text_out) == (not data["core"])


def limited(genre: Genre) -> Path:
    """The genre's largest bundled puzzle with a solution: its diagnosis takes long enough to
    be stopped in any of its phases."""
    solved = [p for p in (DATA / genre.data).glob("*.txt") if kind(p) is None]
    return max(solved, key=lambda p: (p.stat().st_size, p.name))


@pytest.mark.parametrize("genre", all_genres(), ids=lambda g: g.name)
def test_a_time_limit_stops_diagnose_with_one_line_and_exit_4(
    genre: Genre, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = set()
    # (1 ms is raced by a child that finishes first on a busy machine: asked three times)
    tries = (("0.001", []),) * 3 + (("0.05", ["--json"]), ("0.3", []))
    for seconds, form in tries:
        code, out, err = run(capsys, "diagnose", genre.name, str(limited(genre)),
                             "--time-limit", seconds, *form)  # fmt: skip
        assert code in (0, 1, 3, 4), err
        codes.add(code)
        if code == 4:  # with --json, still an object: its status says the limit came first
            assert json.loads(out)["status"] == "timeout" if form else out == ""
            assert err.count("\n") == 1 and err.startswith("gridsat: error: "), err
            assert f"within {float(seconds):g} s" in err
        else:
            assert err == ""
            if form:
                json.loads(out)
    assert 4 in codes  # the smallest limit stops it


@pytest.mark.slow
@pytest.mark.parametrize("seconds", ["0.3", "1", "3"])
@pytest.mark.parametrize("genre", all_genres(), ids=lambda g: g.name)
def test_longer_time_limits_stop_the_later_phases(
    genre: Genre, seconds: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "out.svg"
    code, out, err = run(capsys, "diagnose", genre.name, str(limited(genre)),
                         "--time-limit", seconds, "--json", "--render", str(picture))  # fmt: skip
    assert code in (0, 1, 3, 4), err
    if code == 4:  # with --json, still one object: its status says the limit came first
        assert json.loads(out)["status"] == "timeout"
        assert err.count("\n") == 1 and err.startswith("gridsat: error: ")
        assert not picture.exists()
    else:
        json.loads(out)
        ET.parse(picture)


def test_diagnose_json_past_its_time_limit_is_still_an_object() -> None:
    empty = "\n".join(" ".join("_" * 12) for _ in range(12))  # no diagnosis in 0.2 s
    done = gridsat("diagnose", "magic", "-", "--json", "-t", "0.2", stdin=empty)
    assert done.returncode == 4
    said = "the diagnosis did not finish within 0.2 s"
    assert json.loads(done.stdout) == {
        "genre": "magic",
        "backend": "cpsat:1",
        "status": "timeout",
        "error": said,
    }
    assert done.stderr == f"gridsat: error: {said}\n"
