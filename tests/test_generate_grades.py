"""The grade ``generate`` prints is the grade ``grade`` gives the puzzle it printed: the same
level and score, in every genre (a layout that lists values in another order, or says a clue
the other way round, once made them differ)."""

from __future__ import annotations

import re
from typing import Any

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


EVERY_BAND = ("sudoku", "towers", "keen", "unruly", "lightup", "hidato", "numbrix", "magic",
              "zebra", "bridges", "loopy", "magnets", "signpost", "loop", "net", "pattern",
              "futoshiki", "undead", "masyu", "tracks", "slant",
              "kurodoko", "mosaic",
              "heyawake", "starbattle", "yajilin", "numberlink",
              "tapa",
              "tents",
              "map", "galaxies", "hitori", "shikaku", "fillomino", "dominosa", "palisade",
              "kakuro", "nurikabe", "norinori", "lits")  # fmt: skip
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
    # (Solo's hard band spans two of his levels: the grade names the one it falls in)
    assert made.returncode == 0
    assert re.search(r", hard \(Tatham's (Advanced|Extreme)\)$", made.stderr.rstrip())
    # a genre with no levels of people's names only its band
    hidato = gridsat.grade(gridsat.read("hidato", DATA / "hidato" / "rosetta.txt"))
    assert hidato.to_json()["known_level"] is None and "band: " in str(hidato)


def test_an_attempt_past_its_grading_effort_is_given_up() -> None:
    """A genre may bound the propagations of each attempt's grade: past them the attempt is
    given up, as one whose board made no puzzle, and the next is tried."""
    import random
    from dataclasses import replace

    from gridsat.contract import GenerateError
    from gridsat.generator import generate
    from gridsat.grading import bands

    genre = get_genre("nurikabe")
    grading = genre.about.grading._replace(effort=1)
    tight = replace(genre, about=genre.about._replace(grading=grading))
    # every attempt's grade needs more than one propagation: none is kept, and it says why
    with pytest.raises(GenerateError, match="took past 1 propagations"):
        generate(tight, (6, 6), random.Random(1), levels=bands(genre)["easy"], starts=2)


def test_a_puzzle_too_easy_for_its_band_climbs_toward_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Removal alone leaves Light Up's seed 1 below the extreme band in every attempt; the
    climb (a given shown again, the others taken away anew) reaches it, unique and as graded."""
    from gridsat import generator
    from gridsat.grading import bands

    extreme = bands(get_genre("lightup"))["extreme"]
    monkeypatch.setattr(generator, "CLIMB_STEPS", 0)
    with pytest.raises(TimeoutError, match=r"graded .* in 20 attempts"):
        gridsat.generate("lightup", seed=1, difficulty="extreme")
    monkeypatch.undo()
    made = gridsat.generate("lightup", seed=1, difficulty="extreme")
    assert made.grade is not None and extreme.holds(made.grade.score)
    again = gridsat.grade(gridsat.read("lightup", str(made.puzzle)))
    assert again.score == made.grade.score
    assert gridsat.solve(made.puzzle, unique=True).status.value == "unique"


def test_a_board_that_makes_no_puzzle_costs_one_attempt_not_the_search() -> None:
    import dataclasses
    import random

    from gridsat.contract import GenerateError
    from gridsat.generator import generate
    from gridsat.grading import bands

    genre = get_genre("lightup")
    calls = []

    def flaky(size: Any, rng: Any, solutions: Any) -> Any:
        calls.append(size)
        if len(calls) % 2:  # every other board makes no puzzle
            raise GenerateError("no 5x5 Light Up with one solution was found")
        assert genre.make is not None
        return genre.make(size, rng, solutions)

    made = generate(
        dataclasses.replace(genre, make=flaky), (5, 5), random.Random(1),
        levels=bands(genre)["easy"],
    )  # fmt: skip
    assert made.grade is not None and bands(genre)["easy"].holds(made.grade.score)
    assert len(calls) >= 2

    def never(size: Any, rng: Any, solutions: Any) -> Any:
        raise GenerateError("no 5x5 Light Up with one solution was found")

    with pytest.raises(GenerateError, match="one solution was found"):
        generate(dataclasses.replace(genre, make=never), (5, 5), random.Random(1),
                 levels=bands(genre)["easy"])  # fmt: skip


def test_a_small_fillomino_is_made_in_its_medium_band_and_grades_so() -> None:
    """Fillomino's medium band is the puzzles that need a probe; a 5x5 reaches it in a moment."""
    from gridsat.grading import bands

    made = gridsat.generate("fillomino", size="5x5", seed=1, difficulty="medium")
    again = gridsat.grade(gridsat.read("fillomino", str(made.puzzle)))
    assert made.grade is not None and again.score == made.grade.score
    assert again.level == 2 and bands(get_genre("fillomino"))["medium"].holds(again.score)
    assert gridsat.solve(made.puzzle, unique=True).status.value == "unique"
