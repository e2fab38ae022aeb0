"""Logic grids as people write them: matching puzzles with no order (the first category is the
key), values of several words, articles and full stops; clues reported as written, with their
line; differences named in words; pictures with the clues; generated grids with real names.
Every solution is checked by brute force over the rules (``check``), not by the model."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from test_zebra import brute_force

from conftest import DATA, gridsat
from gridsat import cli
from gridsat.generator import generate, size_of
from gridsat.parsers import ParseError
from gridsat.parsers.zebra import format_puzzle, format_solution, parse, to_json
from gridsat.pipeline import solve
from gridsat.puzzles.vocabulary import ZEBRA_WORDS, zebra_categories
from gridsat.puzzles.zebra import Clue, check, clue_text, describe, given_at, with_givens
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

ROOT = Path(__file__).resolve().parent.parent
ZEBRA = get_genre("zebra")
SVG = "{http://www.w3.org/2000/svg}"

MATCHING = """\
# Three friends, their ages and their pets.
name: ann bob cy
age: 20 30 40
pet: cat dog fish
ann is not 20
bob is 40
the cat is 30.
ann is not dog
bob is not fish
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# -- no order category: the first category is the key --------------------------------------


def test_a_matching_puzzle_without_an_order_is_unique() -> None:
    puzzle = parse(MATCHING)
    assert puzzle.positions == "key" and puzzle.names == ("name", "age", "pet")
    found = brute_force(puzzle)  # the rules alone: every arrangement the checker accepts
    assert len(found) == 1
    (answer,) = found
    assert to_json(puzzle, answer) == [
        {"name": "ann", "age": "30", "pet": "cat"},
        {"name": "bob", "age": "40", "pet": "dog"},
        {"name": "cy", "age": "20", "pet": "fish"},
    ]
    outcome = solve(ZEBRA, puzzle, get_backend("sat:cadical195"), limit=2)
    assert outcome.status == "unique" and outcome.solutions[0] == answer
    run = gridsat("solve", "zebra", "--unique", stdin=MATCHING)
    assert run.returncode == 0 and run.stdout.splitlines()[:2] == [
        "name  age  pet",
        "ann   30   cat",
    ]


def test_with_an_order_category_positions_still_count() -> None:
    ordered = parse("order house: 1 2 3\n" + MATCHING)
    assert ordered.positions == "given" and ordered.names[0] == "house"
    found = brute_force(ordered)
    assert len(found) == 6  # the one matching, in any order of the houses
    outcome = solve(ZEBRA, ordered, get_backend("cpsat"), limit=10)
    assert outcome.count_exact and set(outcome.solutions) == found
    assert gridsat("solve", "zebra", "--unique", stdin="order house: 1 2 3\n" + MATCHING
                   ).returncode == 3  # fmt: skip


@pytest.mark.parametrize(
    "clue",
    [
        "ann is at 1",
        "ann is not at 3",
        "cy is left of bob",
        "ann is just right of cy",
        "cy is next to ann",
        "ann is not next to bob",
        "different: ann, 2",
        "ann is 1 more than cy in position",
    ],
)
def test_a_clue_about_positions_keeps_the_positions(clue: str) -> None:
    puzzle = parse(MATCHING + clue + "\n")
    assert puzzle.positions == "implicit" and puzzle.names[0] == "position"
    found = brute_force(puzzle)
    outcome = solve(ZEBRA, puzzle, get_backend("sat:glucose4"), limit=100)
    assert outcome.count_exact and set(outcome.solutions) == found
    assert all(not check(puzzle, s) for s in outcome.solutions)


def test_taking_clues_away_is_reading_the_text_without_them() -> None:
    text = MATCHING + "ann is at 2\n"
    puzzle = parse(text)
    assert puzzle.positions == "implicit"
    fewer = with_givens(puzzle, puzzle.clues[:-1])
    assert fewer == parse(MATCHING) and fewer.positions == "key"
    again = with_givens(fewer, [*fewer.clues, Clue("<", ("name:cy", "name:bob"))])
    assert again == parse(MATCHING + "cy is left of bob\n")
    numeric = parse("name: ann bob\nage: 1 2\nyear: 5 6\nann is more than bob in year\n")
    assert numeric.positions == "key" and numeric.clues[0].row == 2
    assert (
        with_givens(numeric, [*numeric.clues, Clue("A", ("name:ann", "year:5"))]).clues[0].row == 3
    )


def test_a_bare_number_is_a_value_before_it_is_a_position() -> None:
    puzzle = parse("name: ann bob cy\nage: 1 2 3\nann is 2\nbob is 3\n")
    assert puzzle.positions == "key" and len(brute_force(puzzle)) == 1
    assert puzzle.clues[0].symbols == ("name:ann", "age:2")


# -- values of several words, articles, full stops ---------------------------------------------

ZEBRA_WORDS_TEXT = """\
order house: 1 2 3 4 5
colour: red, green, ivory, yellow, blue
nationality: Englishman Spaniard Ukrainian Norwegian Japanese
drink: coffee tea milk "orange juice" water
smoke: Old Gold, Kools, Chesterfield, Lucky Strike, Parliament
pet: dog snails fox horse zebra

The Englishman is red.
the Spaniard is a dog.
coffee is green.
the Ukrainian is tea.
green is just right of ivory.
Old Gold is snails.
Kools is yellow.
milk is at 3.
the Norwegian is at 1.
Chesterfield is next to the fox.
Kools is next to the horse.
"Lucky Strike" is orange juice.
the Japanese is Parliament.
the Norwegian is next to blue.
"""


def test_values_of_several_words_and_plain_english_clues() -> None:
    puzzle = parse(ZEBRA_WORDS_TEXT)
    assert "smoke:Lucky Strike" in puzzle.rows[4] and "drink:orange juice" in puzzle.rows[3]
    outcome = solve(ZEBRA, puzzle, get_backend("sat:cadical195"), limit=2)
    assert outcome.status == "unique" and not check(puzzle, outcome.solutions[0])
    expected = json.loads((DATA / "zebra" / "zebra-clues.solution.json").read_text())
    got = to_json(puzzle, outcome.solutions[0])
    assert [row["pet"] for row in got] == [row["pet"] for row in expected]
    assert got[0]["drink"] == "water" and got[3]["smoke"] == "Lucky Strike"
    assert parse(format_puzzle(puzzle)) == puzzle  # multi-word values written back, quoted


def test_pall_mall_is_a_value_not_two() -> None:
    text = 'order house: 1 2 3\nbrand: "Pall Mall" Kools Dunhill\npet: cat dog bird\n'
    puzzle = parse(text + "pall mall is at 2\nbrand:Kools is cat\nthe dog is Pall Mall.\n")
    assert puzzle.rows[1] == ("brand:Pall Mall", "brand:Kools", "brand:Dunhill")
    assert puzzle.clues[0].symbols == ("brand:Pall Mall", "house:2")
    assert puzzle.clues[2].symbols == ("pet:dog", "brand:Pall Mall")
    commas = parse("order house: 1 2 3\nbrand: Pall Mall, Kools, Dunhill\npet: cat dog bird\n")
    assert commas.rows == puzzle.rows


@pytest.mark.parametrize(
    "text, message",
    [
        ("colour: red green\npet: cat dog\nthe dog is rad.", "line 3: unknown word 'rad'"),
        ("colour: red green\npet: cat dog\nan owl is red", "line 3: unknown word 'owl'"),
        ('colour: red "dark green\npet: cat dog', 'line 1: a quote (") is not closed'),
        ("colour: red, , green\npet: cat dog", "line 1: an empty value between commas"),
        ("colour: red, Red\npet: cat dog", "line 1: category 'colour' names a value twice"),
        ("colour: red blue\ncolour: x y", "line 2: category 'colour' is named on line 1"),
        ("position: a b\npet: cat dog", "line 1: `position` names the positions 1..N"),
        (
            'brand: "Pall Mall" Kools\npet: cat dog\nPall Mal is cat',
            "line 3: cannot read 'Pall Mal is cat': unknown word 'pall'",
        ),
    ],
)
def test_errors_still_name_the_line_and_the_word(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)


# -- clues reported as written ---------------------------------------------------------------


def test_clues_keep_their_line_in_both_formats() -> None:
    words = parse(MATCHING)
    assert describe(words, words.clues[2]) == "line 7: the cat is 30."
    grizzly = parse((DATA / "zebra" / "zebra.txt").read_text())
    assert describe(grizzly, grizzly.clues[0]) == "line 9: = english red (reads: english is red)"
    assert describe(grizzly, grizzly.clues[4]) == (
        "line 13: 1 ivory green (reads: ivory is just left of green)"
    )


def test_diagnose_reports_the_clues_as_written() -> None:
    text = MATCHING + "cy is not cat   # said twice\n"
    result = gridsat("diagnose", "zebra", "--json", stdin=text)
    assert result.returncode == 0
    data = json.loads(result.stdout)
    puzzle = parse(text)
    spare = {  # by brute force: the clues without which the answer stays the only one
        f"line {c.line}: {c.source}"
        for c in puzzle.clues
        if len(brute_force(with_givens(puzzle, [x for x in puzzle.clues if x != c]))) == 1
    }
    assert set(data["redundant"]) == spare and "line 10: cy is not cat" in spare
    core = gridsat("diagnose", "zebra", stdin=MATCHING + "ann is 20\n")
    assert core.returncode == 1
    assert "line 5: ann is not 20, line 10: ann is 20" in core.stdout


def test_made_clues_read_as_the_clue_language() -> None:
    puzzle = parse(MATCHING)
    (answer,) = brute_force(puzzle)
    assert describe(puzzle, given_at(puzzle, answer, (2, 1))) == "bob is dog"  # the key first
    assert clue_text(puzzle, Clue("=", ("pet:dog", "name:bob"))) == "dog is bob"
    ordered = parse("order house: a b c\ncolour: red green blue\nred is at b\n")
    assert describe(ordered, Clue("=", ("colour:red", "house:c"))) == "red is at c"
    numbered = parse("order year: 1 3 5\ncolour: red green blue\nred is at 2\n")
    made = Clue("=", ("colour:red", "year:3"))
    assert describe(numbered, made) == "red is at year:3"
    assert parse("order year: 1 3 5\ncolour: red green blue\nred is at year:3\n").clues == (made,)


@pytest.mark.parametrize("order", ["", "order house: 1 3 5\n", "order house: a, b c, d\n"])
@pytest.mark.parametrize("seed", range(3))
def test_every_clue_written_reads_back_as_itself(order: str, seed: int) -> None:
    rng = random.Random(seed)
    head = order + 'name: ann bob "cy d"\nage: 1 2 3\ncolour: red, dark blue, 3\n'
    puzzle = parse(head)
    symbols = [s for row in puzzle.rows for s in row]
    for _ in range(30):
        kind = rng.choice(["=", "!", "<", ">", "A", "1", "N", "|", "p", "+", "more"])
        count = {"|": 3, "p": 4}.get(kind, 2)
        amount = rng.randint(-2, 2) if kind == "+" else 0
        row = puzzle.names.index("age") if kind in ("+", "more") else 0
        clue = Clue(kind, tuple(rng.sample(symbols, count)), amount, row)
        one = with_givens(puzzle, [clue])
        assert parse(format_puzzle(one)).clues == one.clues, format_puzzle(one)


# -- differences in words ----------------------------------------------------------------------


def test_differences_name_the_category_and_the_position() -> None:
    def differences(first: Any, second: Any) -> list[str]:
        return get_genre("zebra").differences(puzzle, first, second)

    puzzle = ordered = parse("order house: 1 2 3\ncolour: red green blue\nred is at 1\n")
    first, second = sorted(brute_force(ordered))
    assert differences(first, second) == ["colour at house 2", "colour at house 3"]
    puzzle = implicit = parse(
        "colour: red green blue\npet: cat dog fish\nred is at 1\nred is cat\n"
    )
    first, second, *_ = sorted(brute_force(implicit))
    assert set(differences(first, second)) <= {
        f"{c} at position {p}" for c in ("colour", "pet") for p in (2, 3)
    }
    puzzle = grizzly = parse("1 2 3\na b c\n%%\n= a 1\n")
    first, second = sorted(brute_force(grizzly))
    assert differences(first, second) == ["row1 at position 2", "row1 at position 3"]


def test_solve_and_diagnose_say_the_differences_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = "order house: 1 2 3\ncolour: red green blue\nred is at 1\n"
    code, out, _ = run(capsys, "solve", "zebra", text, "--unique")
    assert code == 3 and "differ in 2 cells: colour at house 2, colour at house 3" in out
    code, out, _ = run(capsys, "solve", "zebra", text, "--json", "--unique")
    assert json.loads(out)["differences"] == ["colour at house 2", "colour at house 3"]
    code, out, _ = run(capsys, "diagnose", "zebra", text, "--json")
    data = json.loads(out)
    assert code == 3 and data["free"] == ["colour at house 2", "colour at house 3"]
    assert data["forced"] == ["house 1", "house 2", "house 3", "colour at house 1"]
    code, out, _ = run(capsys, "diagnose", "zebra", text)
    assert out.splitlines()[:4] == ["house  colour", "1      red", "2      ?", "3      ?"]


def test_the_masked_table_of_a_clue_language_puzzle_prints() -> None:
    """``?`` in a free cell is shown as it is (it has no ``category:`` inside)."""
    puzzle = parse("colour: red green blue\npet: cat dog fish\nred is dog\n")
    masked = (puzzle.rows[0], ("pet:dog", "?", "?"))
    assert format_solution(puzzle, masked).splitlines()[2] == "green   ?"
    result = gridsat("diagnose", "zebra", stdin="colour: red green blue\npet: cat dog fish\n"
                     "red is dog\n")  # fmt: skip
    assert (
        result.returncode == 3 and result.stderr == "" and "2 of 6 cells are free" in result.stdout
    )


# -- pictures ----------------------------------------------------------------------------------


def texts(path: Path) -> dict[str, tuple[str, float, float]]:
    """Our text elements by id: the text and where it stands."""
    found = {}
    for group in ET.parse(path).iter(f"{SVG}g"):
        gid = group.get("id", "")
        for text in group.iter(f"{SVG}text"):
            found[gid] = (
                (text.text or "").strip(),
                float(text.get("x", 0)),
                float(text.get("y", 0)),
            )
    return found


def test_an_unsolved_picture_shows_the_clues_the_categories_and_the_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "puzzle.svg"
    source = DATA / "zebra" / "zebra-clues.txt"
    code, _, err = run(capsys, "render", "zebra", str(source), str(path))
    assert code == 0, err
    found = texts(path)
    puzzle = parse(source.read_text())
    assert [found[f"category-{r}"][0] for r in range(6)] == list(puzzle.names)
    assert [found[f"value-0-{p}"][0] for p in range(5)] == ["1", "2", "3", "4", "5"]
    assert "value-1-0" not in found  # nothing solved yet
    assert [found[f"clue-{i}"][0] for i in (1, 9)] == [
        "1. english is red",
        "9. norwegian is at 1",
    ]
    assert len([k for k in found if k.startswith("clue-")]) == len(puzzle.clues)
    # As the text prints it: a column per category, a line per position.
    solved = tmp_path / "solved.svg"
    assert run(capsys, "solve", "zebra", str(source), "--render", str(solved))[0] == 0
    values = texts(solved)
    assert values["value-1-0"][1] > values["value-0-0"][1]  # the next category: to the right
    assert values["value-0-1"][2] > values["value-0-0"][2]  # the next position: below
    assert values["value-1-0"][2] == pytest.approx(values["value-0-0"][2], abs=1)


# -- generated grids ---------------------------------------------------------------------------


def test_generated_grids_have_names_read_back_and_repeat() -> None:
    first = gridsat("generate", "zebra", "--size", "4x5", "--seed", "3")
    second = gridsat("generate", "zebra", "--size", "4x5", "--seed", "3")
    assert first.returncode == 0 and first.stdout == second.stdout
    assert first.stdout.startswith("order house: 1 2 3 4 5\n")
    assert not re.search(r"c\d+v\d+", first.stdout)
    vocabulary = {w for _, words in ZEBRA_WORDS for w in words}
    puzzle = parse(first.stdout)
    assert len(puzzle.rows) == 4
    assert all(s.split(":", 1)[1] in vocabulary for row in puzzle.rows[1:] for s in row)
    solved = gridsat("solve", "zebra", "--unique", "--json", stdin=first.stdout)
    assert solved.returncode == 0
    answer = json.loads(solved.stdout)["solution"]
    assert set(answer[0]) == set(puzzle.names)


def test_generate_uses_the_vocabulary_then_numbered_names() -> None:
    rng = random.Random(1)
    cats = zebra_categories(len(ZEBRA_WORDS) + 3, 4, rng)
    names = [name for name, _ in cats]
    assert names[0] == "house" and len(set(names)) == len(names)
    assert names[-2:] == [f"trait{len(ZEBRA_WORDS) + 2}", f"trait{len(ZEBRA_WORDS) + 3}"]
    values = [v for _, vs in cats[1:] for v in vs]
    assert len(set(values)) == len(values)
    wide = zebra_categories(3, 13, random.Random(1))
    assert wide[1][1][12] == f"{wide[1][0]}-13"
    assert all(len(vs) == 13 for _, vs in wide)


def test_a_generated_grid_is_the_puzzle_it_prints() -> None:
    made = generate(ZEBRA, size_of(ZEBRA, "3x4"), random.Random(5))
    text = format_puzzle(made.puzzle)
    again = parse(text)
    assert again.clues == made.puzzle.clues and again.rows == made.puzzle.rows
    assert not check(again, made.solution)
    assert brute_force(again) == {made.solution}
