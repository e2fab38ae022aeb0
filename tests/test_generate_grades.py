"""The grade ``generate`` prints is the grade ``grade`` gives the puzzle it printed: the same
level and score, in every genre (a layout that lists values in another order, or says a clue
the other way round, once made them differ)."""

from __future__ import annotations

import pytest

import gridsat
from gridsat.registry import BUILTIN, get_genre


@pytest.mark.parametrize("name", BUILTIN)
def test_the_grade_generate_prints_is_the_grade_of_what_it_printed(name: str) -> None:
    genre = get_genre(name)
    made = gridsat.generate(name, genre.about.making.small, seed=1, difficulty="easy")
    assert made.grade is not None
    again = gridsat.grade(gridsat.read(name, str(made.puzzle)))
    assert (again.level, again.score) == (made.grade.level, made.grade.score)


@pytest.mark.parametrize("style", ["houses", "baron"])
def test_a_logic_grid_written_in_a_style_grades_as_generate_said(style: str) -> None:
    made = gridsat.generate("zebra", "4x4", seed=1, difficulty="medium", style=style)
    assert made.grade is not None
    again = gridsat.grade(gridsat.read("zebra", str(made.puzzle)))
    assert (again.level, again.score) == (made.grade.level, made.grade.score)


EVERY_BAND = ("sudoku", "towers", "keen", "hidato", "numbrix", "magic", "zebra", "bridges",
              "loopy", "magnets", "signpost", "loop", "net", "pattern", "kurodoko",
              "mosaic")  # fmt: skip
"""The genres that reach every band at their own size (docs/setters.md, difficulty bands)."""


@pytest.mark.parametrize(
    ("name", "band"),
    [
        pytest.param(name, band, marks=() if name in ("sudoku", "hidato") else pytest.mark.slow)
        for name in EVERY_BAND
        for band in ("easy", "medium", "hard", "extreme")
    ],
)
def test_each_band_is_made_and_grade_confirms_it(name: str, band: str) -> None:
    from gridsat.grading import bands

    made = gridsat.generate(name, seed=1, difficulty=band)
    assert made.grade is not None
    again = gridsat.grade(gridsat.read(name, str(made.puzzle)))
    assert again.score == made.grade.score
    assert bands(get_genre(name))[band].holds(again.score)


def test_a_grade_names_its_band_and_the_level_people_know() -> None:
    from conftest import DATA
    from conftest import gridsat as run

    graded = gridsat.grade(gridsat.read("sudoku", DATA / "sudoku" / "easter-monster.txt"))
    data = graded.to_json()
    assert (data["band"], data["known_level"]) == ("extreme", "Unreasonable")
    assert "band: extreme (Tatham's Unreasonable)" in str(graded).splitlines()
    made = run("generate", "sudoku", "--seed", "1", "--difficulty", "hard")
    assert made.returncode == 0 and made.stderr.rstrip().endswith(", hard (Tatham's Extreme)")
    # a genre with no levels of people's names only its band
    hidato = gridsat.grade(gridsat.read("hidato", DATA / "hidato" / "rosetta.txt"))
    assert hidato.to_json()["known_level"] is None and "band: " in str(hidato)
