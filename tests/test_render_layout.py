"""Pictures' layout: the board's frame inside the image with a margin, and the titles of a
two-solution picture in one size."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA
from gridsat.pictures import CELL_INCHES, MARGIN, render
from gridsat.pipeline import solve
from gridsat.registry import Genre, all_genres, get_genre
from gridsat.solvers import get_backend

pytest.importorskip("matplotlib")

SVG = "{http://www.w3.org/2000/svg}"
BOARDS = list(all_genres())


def solved(genre: Genre) -> tuple[Any, list[Any]]:
    """The genre's registry example and its solutions (up to two)."""
    puzzle = genre.parse(genre.example)
    return puzzle, solve(genre, puzzle, get_backend("sat:glucose4"), limit=2).solutions


@pytest.mark.parametrize("genre", BOARDS, ids=lambda g: g.name)
def test_the_frame_stands_inside_the_picture_with_a_margin(genre: Genre, tmp_path: Path) -> None:
    """Every cell's square, its stroke included, lies at least most of a margin from the edge."""
    puzzle, solutions = solved(genre)
    path = tmp_path / "solution.svg"
    render(genre, puzzle, solutions[:1], str(path), ["solution"])
    root = ET.parse(path).getroot()
    width, height = (float(root.get(k, "0").removesuffix("pt")) for k in ("width", "height"))
    xs, ys = [], []
    for element in root.iter(f"{SVG}g"):
        if not element.get("id", "").startswith("cell-"):
            continue
        for shape in element.iter(f"{SVG}path"):
            assert "clip-path" not in shape.attrib  # the frame's outer half is not cut off
            numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", shape.get("d", ""))]
            xs += numbers[0::2]
            ys += numbers[1::2]
    cell = CELL_INCHES * 72  # points a cell, on these small boards
    assert xs and min(xs) >= 0.9 * MARGIN * cell and max(xs) <= width - 0.9 * MARGIN * cell
    assert min(ys) >= 0.9 * MARGIN * cell and max(ys) <= height - 0.9 * MARGIN * cell


def test_both_titles_of_two_solutions_have_one_size(tmp_path: Path) -> None:
    genre = get_genre("signpost")
    puzzle = genre.parse((DATA / "signpost" / "seed-fewer-givens.txt").read_text())
    two = solve(genre, puzzle, get_backend("sat:glucose4"), limit=2).solutions
    path = tmp_path / "two.svg"
    titles = ["solution 1", "solution 2 (differences shaded)"]
    render(genre, puzzle, two, str(path), titles)
    sizes = {
        text.text: re.search(r"font-size: ([\d.]+)px", text.get("style", ""))
        for text in ET.parse(path).iter(f"{SVG}text")
        if text.text in titles
    }
    assert set(sizes) == set(titles)
    found = {float(match[1]) for match in sizes.values() if match}
    assert len(found) == 1 and min(found) >= 4.0
