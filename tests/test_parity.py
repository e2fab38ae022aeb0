"""The command line is the library's front end: on every genre's bundled example, each command's
``--json`` is what the library call it makes gives as ``to_json()`` (timings aside, which no two
runs share). A command joins the table below with one entry."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import gridsat
from gridsat import cli
from gridsat.arguments import ALL_LIMIT
from gridsat.contract import About

TIMING = {"times", "total", "seconds"}
"""The fields that hold how long something took: left out of the comparison."""


@dataclass(frozen=True)
class Case:
    """A command's arguments, and the library call it stands for (both given the genre, its
    example, and a folder the test may write in)."""

    argv: Callable[[About, Path], list[str]]
    library: Callable[[About, Path], Any]
    lines: bool = False  # its --json prints JSON lines: the last is the object


def folder(about: About, tmp: Path) -> str:
    """A folder of one puzzle, the genre's example, for bench."""
    (tmp / "example.txt").write_text(about.reading.example + "\n", encoding="utf-8")
    return str(tmp)


CASES: dict[str, Case] = {
    "solve": Case(
        lambda g, _: ["solve", g.name, g.reading.example, "--json"],
        lambda g, _: gridsat.solve(gridsat.read(g.name, g.reading.example)),
    ),
    "solve --count 3": Case(
        lambda g, _: ["solve", g.name, g.reading.example, "--count", "3", "--json"],
        lambda g, _: gridsat.solve(gridsat.read(g.name, g.reading.example), count=3),
    ),
    "solve --all": Case(
        lambda g, _: ["solve", g.name, g.reading.example, "--all", "--json"],
        lambda g, _: gridsat.solve(
            gridsat.read(g.name, g.reading.example), count=ALL_LIMIT, each=id
        ),
        lines=True,
    ),
    "compare": Case(
        lambda g, _: [
            *("compare", g.name, g.reading.example, "--repeat", "1", "--json"),
            *("-b", g.solving.default_backend, "-e", g.solving.default_encoding),
        ],
        lambda g, _: gridsat.compare(
            gridsat.read(g.name, g.reading.example),
            [g.solving.default_backend],
            [g.solving.default_encoding],
            repeat=1,
        ),
    ),
    "bench": Case(
        lambda g, tmp: [
            "bench",
            g.name,
            folder(g, tmp),
            "-e",
            g.solving.default_encoding,
            "--json",
        ],
        lambda g, tmp: gridsat.bench(
            g.name, [folder(g, tmp)], encodings=[g.solving.default_encoding]
        ),
    ),
}
"""Each command, as the command line runs it and as the library does."""


def untimed(value: Any) -> Any:
    """``value`` without its timing fields, at any depth; a list of results in a fixed order."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


@pytest.mark.parametrize("command", list(CASES))
@pytest.mark.parametrize("about", gridsat.genres(), ids=lambda g: g.name)
def test_the_command_prints_the_library_result(
    command: str, about: About, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = CASES[command]
    code = cli.main(case.argv(about, tmp_path))
    printed = capsys.readouterr()
    assert code in (0, 1, 3), printed.err
    lines = printed.out.splitlines()
    shown = json.loads(lines[-1] if case.lines else printed.out)
    assert untimed(shown) == untimed(case.library(about, tmp_path).to_json())
