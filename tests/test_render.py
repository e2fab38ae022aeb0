"""Pictures: every genre draws its puzzle and its solution as SVG and PNG; the SVG is XML with
one element per cell (per tile), and its content matches a golden summary; PNG sizes follow
the documented scale; two solutions come side by side with their differences shaded."""

from __future__ import annotations

import json
import os
import random
import re
import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from conftest import gridsat
from gridsat import cli
from gridsat.pictures import (
    CELL_INCHES,
    MARGIN,
    MAX_PIXELS,
    RenderError,
    check_target,
    render,
)
from gridsat.pipeline import solve
from gridsat.puzzles.loop import Loop, random_layout, scramble
from gridsat.registry import Genre, all_genres, get_genre
from gridsat.solvers import get_backend

pytest.importorskip("matplotlib")

GOLDEN = Path(__file__).resolve().parent / "golden" / "render"
GENRES = [g for g in all_genres() if g.picture]
SVG = "{http://www.w3.org/2000/svg}"
OURS = re.compile(r"^(s\d-)?(cell|number|arrow|tile|value|sum|match|pair|fixed|clue)-")


def solved(genre: Genre) -> tuple[Any, list[Any]]:
    """The genre's registry example and its solutions (up to two)."""
    puzzle = genre.parse(genre.example)
    outcome = solve(genre, puzzle, get_backend("sat:glucose4"), limit=2)
    return puzzle, outcome.solutions


def elements(path: Path) -> dict[str, ET.Element]:
    """The SVG's elements that carry our ids (cells, tiles, numbers, ...), by id."""
    tree = ET.parse(path)  # raises when the file is not well-formed XML
    return {e.get("id", ""): e for e in tree.iter() if OURS.match(e.get("id", ""))}


def summary(path: Path) -> list[str]:
    """What a picture shows, independent of coordinates and matplotlib's version: each of
    our elements with its text, its weight and its fill."""
    found = []
    for gid, element in sorted(elements(path).items()):
        text = "".join(t.text or "" for t in element.iter(f"{SVG}text")).strip()
        styles = " ".join(e.get("style", "") for e in element.iter())
        fill = re.search(r"fill: (#[0-9a-f]{6})", styles) or re.search(
            r"stroke: (#[0-9a-f]{6})", styles
        )
        bold = "bold" if "font-weight: 700" in styles else ""
        found.append(" ".join(x for x in (gid, text, bold, fill[1] if fill else "") if x))
    return found


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def expected_places(genre: Genre[Any, Any], solution: Any) -> set[str]:
    """One element per place of the answer that holds something (holes and empty tiles are not
    drawn), named ``cell-R-C`` or ``tile-R-C`` after the place."""
    return {f"{r}-{c}" for (r, c), value in genre.answer(solution).items() if value}


@pytest.mark.parametrize("genre", GENRES, ids=lambda g: g.name)
@pytest.mark.parametrize("ext", ["svg", "png"])
def test_every_genre_draws_puzzle_and_solution(genre: Genre, ext: str, tmp_path: Path) -> None:
    puzzle, solutions = solved(genre)
    for name, shown in (("puzzle", []), ("solution", solutions[:1])):
        path = tmp_path / f"{name}.{ext}"
        render(genre, puzzle, shown, str(path), [name])
        assert path.stat().st_size > 0
        if ext == "png":
            assert max(png_size(path)) <= MAX_PIXELS
            continue
        found = elements(path)
        want = expected_places(genre, solutions[0])
        drawn = {i.split("-", 1)[1] for i in found if i.startswith(("cell-", "tile-"))}
        assert want <= drawn, sorted(want - drawn)[:5]
        tiles = {i.split("-", 1)[1] for i in found if i.startswith("tile-")}
        assert tiles <= want  # a tile drawn for each place that holds one, no more


@pytest.mark.parametrize("genre", GENRES, ids=lambda g: g.name)
def test_golden_pictures(genre: Genre, tmp_path: Path) -> None:
    """The example's solution, drawn: what it shows matches the stored summary.
    GRIDSAT_UPDATE_GOLDEN=1 rewrites the summaries (look at the pictures first)."""
    puzzle, solutions = solved(genre)
    path = tmp_path / "solution.svg"
    render(genre, puzzle, solutions[:1], str(path), ["solution"])
    got = summary(path)
    golden = GOLDEN / f"{genre.name}.json"
    if os.environ.get("GRIDSAT_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(json.dumps(got, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    assert got == json.loads(golden.read_text(encoding="utf-8"))


def test_the_png_scale_is_the_documented_one(tmp_path: Path) -> None:
    genre = get_genre("hidato")
    puzzle = genre.parse(genre.example)  # 4x4
    path = tmp_path / "board.png"
    render(genre, puzzle, [], str(path), ["puzzle"])
    side = CELL_INCHES * 100  # pixels a cell at 100 dpi
    around = 2 * MARGIN  # a margin on each side
    # a row more for the title
    assert png_size(path) == (round((4 + around) * side), round((5 + around) * side))


@pytest.mark.slow
def test_a_500x500_loop_is_capped_in_pixels_and_kept_small_in_svg(tmp_path: Path) -> None:
    rng = random.Random(5)
    layout = random_layout(500, 500, rng)
    puzzle = Loop(scramble(layout, rng))
    genre = get_genre("loop")
    png, svg = tmp_path / "big.png", tmp_path / "big.svg"
    render(genre, puzzle, [layout], str(png), ["solution"])
    render(genre, puzzle, [layout], str(svg))
    assert MAX_PIXELS * 0.95 <= max(png_size(png)) <= MAX_PIXELS
    assert svg.stat().st_size < 40 * 2**20
    ET.parse(svg)


def test_two_solutions_side_by_side_with_differences_shaded(tmp_path: Path) -> None:
    path = tmp_path / "two.svg"
    result = gridsat("solve", "signpost", "data/signpost/seed-fewer-givens.txt", "--unique",
                     "--render", str(path), "--json")  # fmt: skip
    assert result.returncode == 3, result.stderr
    differences = json.loads(result.stdout)["differences"]
    found = elements(path)
    for board in ("s1", "s2"):
        numbers = [i for i in found if i.startswith(f"{board}-number-")]
        assert len(numbers) == 25
        shaded = {
            i.split("-", 1)[1]
            for i, e in found.items()
            if i.startswith(f"{board}-cell-") and "#ffd54f" in _style(e)
        }
        # rNcM counts from 1; the ids from 0
        assert shaded == {
            f"cell-{int(d[1:].split('c')[0]) - 1}-{int(d.split('c')[1]) - 1}" for d in differences
        }


def _style(element: ET.Element) -> str:
    return " ".join(e.get("style", "") for e in element.iter())


def test_render_command_and_its_errors(tmp_path: Path, capsys: Any) -> None:
    for genre in GENRES:
        path = tmp_path / f"{genre.name}.svg"
        assert cli.main(["render", genre.name, genre.example, str(path)]) == 0
        assert elements(path)
    assert cli.main(["render", "loop", "┏┓\n┗┛", str(tmp_path / "x.gif")]) == 2
    assert cli.main(["solve", "loop", "┏┓\n┗┛", "--render", str(tmp_path / "no/such/x.png")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert (
        err[0]
        == f"gridsat: error: --render {tmp_path / 'x.gif'}: the file must end in .svg or .png"
    )
    assert err[1].startswith(f"gridsat: error: cannot write {tmp_path / 'no/such/x.png'}")


def test_no_matplotlib_is_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    with pytest.raises(RenderError, match=r"pip install 'gridsat\[render\]'"):
        check_target("board.svg")


def test_an_unsolvable_puzzle_draws_the_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "none.svg"
    code = cli.main(["solve", "magic", "[[_, _], [_, _]]", "--render", str(path)])
    assert code == 1
    found = elements(path)
    assert {f"cell-{r}-{c}" for r in range(2) for c in range(2)} <= set(found)
    assert not [i for i in found if i.startswith("number-")]
    assert "no solution" in path.read_text()


def test_fixed_loop_tiles_are_drawn_fixed(tmp_path: Path) -> None:
    genre = get_genre("loop")
    puzzle = genre.parse("12* 12\n3 9")  # the top left tile fixed turned as ┓ (down, left)
    path = tmp_path / "fixed.svg"
    render(genre, puzzle, [], str(path))
    found = elements(path)
    assert "fixed-0-0" in found and "fixed-0-1" not in found


@pytest.mark.parametrize("command", ["solve", "render", "diagnose"])
def test_a_picture_onto_a_folder_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    folder = tmp_path / "board.svg"
    folder.mkdir()
    puzzle = "[[2, 7, _], [_, _, _], [_, _, _]]"
    words = [command, "magic", puzzle, str(folder)]
    if command != "render":
        words[-1:] = ["--render", str(folder)]
    code = cli.main(words)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""  # no answer first, then the error
    assert err == f"gridsat: error: cannot write {folder}: it is a folder\n"
