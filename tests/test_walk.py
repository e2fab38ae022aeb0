"""Paths found by walking every command over every genre: the odd sizes, inputs and options a
user may give, each answered as the rest of the tool answers (no internal error)."""

from __future__ import annotations

import json

import pytest

from gridsat.cli import main
from gridsat.genres import get_genre


@pytest.mark.parametrize("name", ["hidato", "numbrix"])
def test_generate_a_one_cell_number_board(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A single cell has one path, 1 there: no backbite move to make from it.
    assert main(["generate", name, "--size", "1x1", "--seed", "1", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    genre = get_genre(name)
    assert record["solution"] == [[1]]
    assert genre.check(genre.parse(record["puzzle"]), tuple(map(tuple, record["solution"]))) == []


@pytest.mark.parametrize("size", ["0x0", "0", "3x0"])
def test_generate_a_size_with_no_cells_says_so(
    size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "hidato", "--size", size]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"gridsat: error: bad size '{size}': a side is 1 or more; hidato takes WxH"]
