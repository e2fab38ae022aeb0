"""Logic grids in English, the houses layout: hand-written puzzles whose answers were worked out
before the reader read them, made puzzles read back, and the errors that name a clue."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from conftest import DATA, gridsat
from gridsat.generator import generate
from gridsat.parsers import ParseError
from gridsat.parsers.english import forms, plural, singulars, words
from gridsat.parsers.houses import HOUSES_WORDS, characteristic
from gridsat.parsers.zebra import json_extras, parse
from gridsat.pipeline import solve
from gridsat.puzzles.zebra import Zebra, check
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

ZEBRA = get_genre("zebra")
ENGLISH = DATA / "zebra" / "english"
PUZZLES = sorted(ENGLISH.glob("*.txt"))
HEAD = (
    "There are 3 houses, numbered 1 to 3 from left to right, as seen from across the street.\n"
    " - Each person has a unique name: `Arnold`, `Eric`, `Fred`\n"
    " - Each mother is accompanied by their child: `Bella`, `Fred`, `Tim`\n"
    " - The people keep unique animals: `cat`, `dog`, `horse`\n"
    "## Clues:\n"
)


def test_the_corpus_has_twenty_puzzles_from_two_by_two_to_seven_by_seven() -> None:
    shapes = set()
    for path in PUZZLES:
        rows = json.loads(path.with_name(path.stem + ".answer.json").read_text())["rows"]
        shapes.add((len(rows), len(rows[0]) - 1))
    assert len(PUZZLES) >= 20
    assert (2, 2) in shapes and (7, 7) in shapes


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
@pytest.mark.parametrize("backend", ["sat:cadical195", "cpsat"])
def test_hand_written_puzzle_has_its_answer(path: Path, backend: str) -> None:
    expected = json.loads(path.with_name(path.stem + ".answer.json").read_text())
    puzzle = parse(path.read_text())
    outcome = solve(ZEBRA, puzzle, get_backend(backend), limit=2)
    assert outcome.status is Status.UNIQUE
    solution = outcome.solutions[0]
    assert check(puzzle, solution) == []
    extras = json_extras(puzzle, solution)
    assert extras["grid"]["rows"] == expected["rows"]
    assert extras.get("answer") == expected.get("answer")
    # every clue keeps its text and line, and is needed or at least true of the answer
    assert all(c.source and c.line for c in puzzle.clues)


def test_a_name_alone_is_the_person_and_after_child_is_the_child() -> None:
    puzzle = parse(HEAD + "1. Fred is in the second house.\n2. The person whose child is "
                   "named Fred is in the third house.\n")  # fmt: skip
    assert [c.symbols for c in puzzle.clues] == [
        ("name:Fred", "house:2"),
        ("child:Fred", "house:3"),
    ]


def test_the_longest_value_wins_and_plurals_and_case_are_read() -> None:
    text = (
        "There are 2 houses.\n - People have unique heights: `tall`, `very tall`\n"
        " - The people keep unique animals: `mouse`, `horse`\n"
        "1. The VERY TALL person keeps mice.\n2. The person who keeps horses is tall.\n"
        "3. The person who keeps horses is in the first house.\n"
    )
    puzzle = parse(text)
    assert [c.symbols for c in puzzle.clues] == [
        ("height:very tall", "animal:mouse"),
        ("animal:horse", "height:tall"),
        ("animal:horse", "house:1"),
    ]


@pytest.mark.parametrize(
    ("clue", "words"),
    [
        ("Eric is the person who hates cats.", "'hates'"),
        ("Eric is in the ninth house.", "'ninth' is not a house"),
        ("Eric and Arnold are cousins.", "'cousins'"),
        ("Eric is on the left of Arnold.", "'left of' may mean directly left or somewhere"),
    ],
)
def test_an_unreadable_clue_is_one_line_naming_it(clue: str, words: str) -> None:
    run = gridsat("solve", "zebra", stdin=HEAD + "1. Arnold is in the first house.\n2. " + clue)
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gridsat: error: clue 2 (line 7)")
    assert clue in lines[0] and words in lines[0]


def test_a_value_of_two_characteristics_in_a_phrase_of_neither_reads_both_ways() -> None:
    # Bella is a mother's name and a child's, and "fan" is the words of neither: both are read
    text = HEAD.replace("`Arnold`", "`Bella`") + "1. The Bella fan is in the second house.\n"
    mothers = " - The mothers' names are unique: `Bella`, `Holly`, `Kim`\n"
    text = text.replace("## Clues:", mothers + "## Clues:")
    (clue,) = parse(text).clues
    assert clue.kind == "?"
    assert [[c.symbols for c in way] for way in clue.readings] == [
        [("child:Bella", "house:2")],
        [("mother:Bella", "house:2")],
    ]
    read = parse(text.replace("The Bella fan", "The person whose child is Bella"))
    assert read.clues[0].symbols == ("child:Bella", "house:2")
    alone = parse(text.replace("The Bella fan", "Bella"))
    assert alone.clues[0].symbols == ("name:Bella", "house:2")


TWO_WAYS = (
    "There are 2 houses.\n - The people keep unique animals: `fish`, `cat`\n"
    " - Everyone has a favorite food: `fish and chips`, `chips and salsa`\n"
    " - Everyone has a favorite sauce: `salsa`, `mayo`\n"
    "1. The cat lover is in the first house.\n"
    "2. Fish and chips and salsa are next to each other.\n"
)


def test_a_clue_that_reads_two_ways_is_kept_both_ways() -> None:
    (clue,) = [c for c in parse(TWO_WAYS).clues if c.kind == "?"]
    assert {tuple(c.symbols for c in way) for way in clue.readings} == {
        (("food:fish and chips", "sauce:salsa"),),
        (("animal:fish", "food:chips and salsa"),),
    }
    clear = TWO_WAYS.replace("Fish and chips and salsa", "The fish and chips lover and salsa")
    assert parse(clear).clues[1].symbols == ("food:fish and chips", "sauce:salsa")


def test_two_readings_with_different_answers_are_an_error_naming_both() -> None:
    # Each reading alone makes the grid unique, and the two grids differ: no guess is made.
    text = TWO_WAYS + "3. The mayo lover is in the first house.\n"
    run = gridsat("solve", "zebra", stdin=text)
    assert run.returncode == 2 and run.stdout == "", run.stdout
    (line,) = run.stderr.splitlines()
    assert "'Fish and chips and salsa are next to each other.' reads 2 ways" in line
    assert '"fish and chips" is next to salsa' in line
    assert 'fish is next to "chips and salsa"' in line and "the answers differ" in line


def test_two_readings_with_the_same_answer_go_on_and_say_so() -> None:
    # The question's answer is the cat lover's house whichever way clue 2 reads.
    text = TWO_WAYS + "Which house does the cat lover live in?\n"
    run = gridsat("solve", "zebra", stdin=text)
    assert run.returncode == 0, run.stderr
    assert "reads 2 ways" in run.stdout and "the answer is the same either way" in run.stdout
    assert "answer: 1 (every solution gives it)" in run.stdout


def test_an_unreadable_question_is_an_error() -> None:
    with pytest.raises(ParseError, match="cannot read the question 'Why is Eric sad\\?'"):
        parse(HEAD + "1. Eric is in the first house.\nWhy is Eric sad?\n")


def test_explain_json_grid_and_answer_on_the_command_line() -> None:
    path = ENGLISH / "05-mothers-and-children.txt"
    run = gridsat("solve", "zebra", str(path), "--unique", "--explain")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("clue 1 (line 7): The person whose mother's name is Holly")
    assert lines[0].endswith("=>  mother:Holly is Fred")
    assert "What is the name of the person whose child is named Bella? Arnold" in run.stdout
    out = json.loads(gridsat("solve", "zebra", str(path), "--json", "--explain").stdout)
    assert out["grid"]["header"] == ["House", "Name", "Mother", "Child"]
    assert out["grid"]["rows"][0] == ["1", "Eric", "Kailyn", "Holly"]
    assert out["answer"] == "Arnold" and len(out["readings"]) == 7


def test_explain_with_all_json_keeps_the_readings_in_the_summary() -> None:
    path = ENGLISH / "05-mothers-and-children.txt"
    run = gridsat("solve", "zebra", str(path), "--all", "--json", "--explain")
    assert run.returncode == 0, run.stderr
    *found, summary = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["index"] for line in found] == [1]
    assert summary["status"] == "unique" and len(summary["readings"]) == 7
    assert summary["readings"][0].endswith("=>  mother:Holly is Fred")


def test_explain_reads_every_zebra_input_and_no_other_genre() -> None:
    run = gridsat("solve", "zebra", str(DATA / "zebra" / "zebra.txt"), "--explain")
    assert (
        run.returncode == 0 and "clue 1 (line 9): = english red  =>  english is red" in run.stdout
    )
    other = gridsat("solve", "magic", "[[_, _, _], [_, _, _], [_, _, _]]", "--explain")
    assert other.returncode == 2
    assert other.stderr == (
        "gridsat: error: magic has no clues to explain (--explain is for logic grids)\n"
    )


def test_time_limit_and_bad_style_paths() -> None:
    path = ENGLISH / "15-six-by-six.txt"
    run = gridsat("solve", "zebra", str(path), "--json", "--time-limit", "30", "--explain")
    assert run.returncode == 0 and json.loads(run.stdout)["status"] == "solved"
    bad = gridsat("generate", "zebra", "--style", "baroque", "--size", "4x4")
    assert bad.returncode == 2
    assert bad.stderr == "gridsat: error: zebra has no style 'baroque' (styles: houses, baron)\n"
    none = gridsat("generate", "magic", "--style", "houses", "--size", "3")
    assert none.returncode == 2 and "magic has no style 'houses'" in none.stderr
    big = gridsat("generate", "zebra", "--style", "houses", "--size", "13x3")
    assert big.returncode == 2 and "2 to 12 houses" in big.stderr


def test_generate_houses_round_trip_on_the_command_line() -> None:
    made = gridsat("generate", "zebra", "--style", "houses", "--size", "4x3", "--seed", "7",
                   "--json", "--time-limit", "60")  # fmt: skip
    assert made.returncode == 0, made.stderr
    record = json.loads(made.stdout)
    assert record["puzzle"].startswith("There are 4 houses")
    run = gridsat("solve", "zebra", "--unique", "--json", stdin=record["puzzle"])
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["solution"] == record["solution"]


@pytest.mark.parametrize("seed", range(30))
def test_made_houses_puzzles_read_back_with_the_same_unique_answer(seed: int) -> None:
    size = [(2, 2), (3, 3), (4, 3), (4, 4), (5, 3)][seed % 5]
    backend = get_backend(ZEBRA.default_backend)
    made = generate(ZEBRA, size, random.Random(seed), backend, style="houses")
    text = ZEBRA.format_puzzle(made.puzzle)
    read = parse(text)
    outcome = solve(ZEBRA, read, backend, limit=2)
    assert outcome.status is Status.UNIQUE
    assert check(read, outcome.solutions[0]) == []
    assert json_extras(read, outcome.solutions[0]) == json_extras(made.puzzle, made.solution)
    assert len(read.clues) == len(made.puzzle.clues) and read.question is not None


def test_made_characteristics_have_distinct_names_and_readable_phrases() -> None:
    names = [characteristic(bullet)[0] for bullet, _, _ in HOUSES_WORDS]
    assert len(set(names)) == len(names)
    # no value is written like another's, in the singular or the plural ("blues", "blue")
    seen: dict[tuple[str, ...], str] = {}
    for bullet, values, _ in HOUSES_WORDS:
        for value in values:
            for form in forms(words(value)):
                assert seen.setdefault(form, bullet) == bullet, (form, bullet)


def test_plurals_and_their_singulars() -> None:
    assert [plural(w) for w in ("horse", "box", "lily", "child", "fish")] == [
        "horses", "boxes", "lilies", "children", "fish",
    ]  # fmt: skip
    assert {"lily"} <= singulars("lilies") and {"smoothie"} <= singulars("smoothies")
    assert {"iris"} <= singulars("irises") and {"mouse"} <= singulars("mice")


def test_grizzly_and_clue_language_keep_their_readers() -> None:
    assert isinstance(parse("colour: red blue\npet: cat dog\nred is cat"), Zebra)
    assert parse("1 2\na b\n%%\n= a 1").clues[0].kind == "="


def test_apart_clue_matches_brute_force_and_grizzly_refuses_it() -> None:
    from itertools import permutations

    text = "colour: red green blue yellow\npet: cat dog fish bird\nred is 2 away from cat\n"
    text += "cat is at 4\ndog is 2 away from fish\nred is bird"
    puzzle = parse(text)
    assert puzzle.clues[0].kind == "D" and puzzle.clues[0].amount == 2
    brute = {
        (puzzle.rows[0], a, b)
        for a in permutations(puzzle.rows[1])
        for b in permutations(puzzle.rows[2])
        if not check(puzzle, (puzzle.rows[0], a, b))
    }
    outcome = solve(ZEBRA, puzzle, get_backend("sat:cadical195"), limit=50)
    assert set(outcome.solutions) == brute and len(brute) == 12
    with pytest.raises(ParseError, match="unknown clue type 'D'"):
        parse("1 2 3\na b c\n%%\nD a b")


def test_mutated_houses_puzzles_are_read_or_refused_in_one_line() -> None:
    rng = random.Random(5)
    source = (ENGLISH / "05-mothers-and-children.txt").read_text()
    for _ in range(300):
        words = source.split(" ")
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(words))
            choice = rng.random()
            if choice < 0.3:
                del words[i]
            elif choice < 0.6:
                words.insert(i, rng.choice(words))
            else:
                words[i] = words[i][::-1] if choice < 0.8 else words[i].upper() + "s"
        try:
            parse(" ".join(words))
        except ParseError as e:
            assert "\n" not in str(e)


def test_zebralogic_phrases_with_in_and_a_bouquet() -> None:
    text = (
        "There are 2 houses, numbered 1 to 2 from left to right.\n"
        " - Each person has a unique birthday month: `april`, `may`\n"
        " - Everyone has a different favorite flower: `lilies`, `roses`\n"
        "## Clues:\n1. The person whose birthday is in April is in the second house.\n"
        "2. The person who loves a bouquet of lilies is the person whose birthday is in May.\n"
    )
    puzzle = parse(text)
    assert [c.symbols for c in puzzle.clues] == [
        ("birthday-month:april", "house:2"),
        ("flower:lilies", "birthday-month:may"),
    ]


def test_diagnose_shows_an_unsettled_answer_as_a_question_mark() -> None:
    text = (ENGLISH / "17-robin-the-name-and-the-bird.txt").read_text()
    loose = text.replace("2. The person who keeps robins is Max.\n", "")
    run = gridsat("diagnose", "zebra", stdin=loose)
    assert run.returncode == 3, run.stderr
    assert "In which house does the person who keeps robins live? ?" in run.stdout
