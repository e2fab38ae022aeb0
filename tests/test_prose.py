"""The English reader (parsers/prose.py, its grammar in parsers/relations.py): layouts in other
words, each puzzle's answer worked out here by brute force from the clues as a person reads
them (not by the reader or the model); the misreadings it must refuse; and made puzzles whose
clues are reworded and reordered, which must come out the same."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable

import pytest

from conftest import gridsat
from gridsat.generator import generate
from gridsat.parsers import ParseError
from gridsat.parsers.zebra import answer_of, json_extras, parse
from gridsat.pipeline import answers, solve
from gridsat.puzzles.zebra import Zebra, check
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

ZEBRA = get_genre("zebra")
BACKEND = get_backend("sat:cadical195")

Place = dict[str, int]  # each value's position, 1..n


def brute_force(categories: list[list[str]], rules: list[Callable[[Place], bool]]) -> list[Place]:
    """Every way to place the values (each category a permutation of 1..n) that keeps every
    rule: the answers, found without the reader or a solver (a category at a time, a rule
    judged as soon as the values it names are placed)."""
    n = len(categories[0])
    found: list[Place] = []

    def holds(at: Place) -> bool:
        for rule in rules:
            try:
                if not rule(at):
                    return False
            except KeyError:  # a value not placed yet: judged later
                continue
        return True

    def place(k: int, at: Place) -> None:
        if k == len(categories):
            found.append(dict(at))
            return
        for order in itertools.permutations(range(1, n + 1)):
            trial = {**at, **dict(zip(categories[k], order, strict=True))}
            if holds(trial):
                place(k + 1, trial)

    place(0, {})
    return found


def _grid_places(puzzle: Zebra, grid: tuple[tuple[str, ...], ...]) -> Place:
    """A solved grid as each value's position (1..n), by the value's own name."""
    return {s.split(":", 1)[1]: p + 1 for row in grid[1:] for p, s in enumerate(row)}


# -- layouts in other words ---------------------------------------------------------------------

INLINE = """5 people live in a row of 5 houses, numbered 1 to 5 from left to right. Each person
has a different name, a different drink and a different pet. The possible values are: names: Bram,
Cleo, Dov, Esme, Fitz; drinks: cider, cocoa, coffee, kefir, water; pets: crow, dog, goat, hare,
newt.

Clues:
1. Bram does not live next to the cocoa drinker.
2. The dog owner does not live in house 1.
3. Cleo lives in the middle house.
4. The water drinker lives at one of the ends.
5. Esme lives directly left of the kefir drinker.
6. Fitz owns the goat.
7. The newt owner is somewhere in between Dov and the crow owner, in that order.
8. There are two houses between the cider drinker and the goat owner.
9. Dov drinks coffee.
10. Bram lives in house 5.
11. The hare owner lives next to the water drinker.
12. Esme owns the dog.
13. The crow owner drinks kefir.

Who owns the hare?
What does Cleo drink?"""

INLINE_RULES: list[Callable[[Place], bool]] = [
    lambda a: abs(a["Bram"] - a["cocoa"]) != 1,
    lambda a: a["dog"] != 1,
    lambda a: a["Cleo"] == 3,
    lambda a: a["water"] in (1, 5),
    lambda a: a["Esme"] + 1 == a["kefir"],
    lambda a: a["Fitz"] == a["goat"],
    lambda a: a["Dov"] < a["newt"] < a["crow"],
    lambda a: abs(a["cider"] - a["goat"]) == 3,
    lambda a: a["Dov"] == a["coffee"],
    lambda a: a["Bram"] == 5,
    lambda a: abs(a["hare"] - a["water"]) == 1,
    lambda a: a["Esme"] == a["dog"],
    lambda a: a["crow"] == a["kefir"],
]
INLINE_CATEGORIES = [
    ["Bram", "Cleo", "Dov", "Esme", "Fitz"],
    ["cider", "cocoa", "coffee", "kefir", "water"],
    ["crow", "dog", "goat", "hare", "newt"],
]

POSITIONS = """There are 4 people next to each other in a row in positions 1, 2, 3, 4 who have the
following characteristics.
Everyone supports a different team: Owls, Bears, Lions, Hawks.
Everyone plays a different instrument: harp, oboe, flute, drums.
Using the clues provided below, answer the question at the end.
Some of the clues provided might be irrelevant to the puzzle.
Clue 1: The person who supports the Owls is at one of the ends.
Clue 2: The harp player is somewhere in between the person who supports the Bears and the
flute player in that order.
Clue 3: The drums player is immediately to the left of the person who supports the
Lions.
Clue 4: The person who supports the Hawks is the oboe player.
Clue 5: The person at the 4th position is the flute player.
Clue 6: The drums player is at one of the ends.
Question: What position is the harp player at?"""

POSITIONS_RULES: list[Callable[[Place], bool]] = [
    lambda a: a["Owls"] in (1, 4),
    lambda a: a["Bears"] < a["harp"] < a["flute"],
    lambda a: a["drums"] + 1 == a["Lions"],
    lambda a: a["Hawks"] == a["oboe"],
    lambda a: a["flute"] == 4,
    lambda a: a["drums"] in (1, 4),
]
POSITIONS_CATEGORIES = [["Owls", "Bears", "Lions", "Hawks"], ["harp", "oboe", "flute", "drums"]]

SENTENCES = """Q: There are 3 houses next to each other, numbered 1 on the left and 3 on the right.
There is one person living in each house. The people in these houses have different
characteristics:
 - Each person has a different pet: one keeps a parrot, one keeps a rabbit and one keeps a tortoise
 - Each person ate something different for lunch: one had soup, one ate pasta and one ate salad
 - Everyone likes a different kind of book: one is a poetry reader, one is a crime novel fan
   and one is a travel book lover

Clue(s):
1. The parrot owner lives directly left of the person who had soup.
2. The crime novel fan does not live in the second house.
3. The person who ate salad lives in the third house.
4. The travel book lover and the rabbit owner live directly next to each other.
5. The poetry reader lives in the second house.
6. The tortoise owner does not live in the first house.

What is the number of the house where the person who ate pasta lives?
  choice: 1
  choice: 2
  choice: 3
A:"""

SENTENCES_RULES: list[Callable[[Place], bool]] = [
    lambda a: a["parrot"] + 1 == a["soup"],
    lambda a: a["crime novel fan"] != 2,
    lambda a: a["salad"] == 3,
    lambda a: abs(a["travel book lover"] - a["rabbit"]) == 1,
    lambda a: a["poetry reader"] == 2,
    lambda a: a["tortoise"] != 1,
]
SENTENCES_CATEGORIES = [
    ["parrot", "rabbit", "tortoise"],
    ["soup", "pasta", "salad"],
    ["poetry reader", "crime novel fan", "travel book lover"],
]


@pytest.mark.parametrize(
    ("text", "categories", "rules", "asked"),
    [
        (INLINE, INLINE_CATEGORIES, INLINE_RULES, [("hare", 0), ("Cleo", 1)]),
        (POSITIONS, POSITIONS_CATEGORIES, POSITIONS_RULES, [("harp", None)]),
        (SENTENCES, SENTENCES_CATEGORIES, SENTENCES_RULES, [("pasta", None)]),
    ],
    ids=["inline-lists-two-questions", "positions-clue-n", "bullet-sentences-choices"],
)
def test_other_layouts_come_out_as_a_person_reads_them(
    text: str,
    categories: list[list[str]],
    rules: list[Callable[[Place], bool]],
    asked: list[tuple[str, int | None]],
) -> None:
    people = brute_force(categories, rules)
    puzzle = parse(text)
    outcome = solve(ZEBRA, puzzle, BACKEND, limit=len(people) + 1)
    assert len(outcome.solutions) == len(people)
    assert {tuple(sorted(_grid_places(puzzle, g).items())) for g in outcome.solutions} == {
        tuple(sorted(p.items())) for p in people
    }
    for grid in outcome.solutions:
        assert check(puzzle, grid) == []
    # each question's answer: what every solution a person finds gives
    proved = answers(ZEBRA, puzzle, BACKEND)
    for (subject, row), question, (possible, whole) in zip(
        asked, puzzle.questions, proved, strict=True
    ):
        expected = set()
        for place in people:
            if row is None:  # where the subject stands
                expected.add(str(place[subject]))
            else:  # the value of category ``row`` beside the subject
                expected |= {v for v in categories[row] if place[v] == place[subject]}
        assert whole and set(possible) == expected, question.text
    assert len(puzzle.clues) >= len(rules)


def test_sentences_that_name_no_value_are_set_aside_and_said() -> None:
    puzzle = parse(POSITIONS)
    lines = [text for _, text in puzzle.notes]
    assert "Using the clues provided below, answer the question at the end." in lines
    run = gridsat("solve", "zebra", stdin=POSITIONS)
    assert run.returncode == 0, run.stderr
    assert "gridsat: note: line 5: not a clue (it names no value)" in run.stderr
    (place,) = brute_force(POSITIONS_CATEGORIES, POSITIONS_RULES)
    assert f"answer: {place['harp']} (every solution gives it)" in run.stdout


def test_an_answer_the_clues_do_not_settle_is_said_with_the_answers_left() -> None:
    loose = POSITIONS.replace(
        "Clue 3: The drums player is immediately to the left of the person who supports the\n"
        "Lions.\n",
        "",
    )
    assert "Clue 3" not in loose
    run = gridsat("solve", "zebra", "--json", stdin=loose)
    assert run.returncode == 3, run.stderr
    data = json.loads(run.stdout)
    people = brute_force(POSITIONS_CATEGORIES, [r for i, r in enumerate(POSITIONS_RULES) if i != 2])
    assert data["answer"] is None
    assert set(data["possible_answers"]) == {str(p["harp"]) for p in people}


# -- misreadings refused ------------------------------------------------------------------------

HEAD = (
    "There are 3 houses, numbered 1 to 3 from left to right.\n"
    " - Each person has a unique name: `Arnold`, `Eric`, `Peter`\n"
    " - The people keep unique animals: `cat`, `dog`, `horse`\n"
    "## Clues:\n1. "
)


@pytest.mark.parametrize(
    ("clue", "named"),
    [
        # a quantity or comparison it cannot place is never dropped
        ("Arnold finished 1000 votes behind Eric.", "votes"),
        ("Arnold is 2 houses taller than the cat lover.", "no ordered category fits"),
        # a word between a value and the relation is not skipped
        ("Arnold frequently is directly left of the cat lover.", "frequently"),
        ("Arnold is the person who hates cats.", "hates"),
        # a negation with no form of its own
        ("Arnold is not directly left of the cat lover.", "no clue form"),
        ("It is not the case that Arnold keeps a dog.", "'case'"),
        ("Arnold never keeps a dog except on Sundays.", "sundays"),
        # a side that may be near or far
        ("Arnold is to the left of Eric.", "may mean directly left or somewhere"),
        # a place past the positions
        ("Arnold is in the fifth house.", "'fifth' is not a house (1 to 3)"),
    ],
)
def test_a_misreading_is_refused_naming_the_clue_and_the_words(clue: str, named: str) -> None:
    with pytest.raises(ParseError) as refused:
        parse(HEAD + clue + "\n")
    message = str(refused.value)
    assert "\n" not in message and message.startswith("clue 1 (line 5)")
    assert clue in message and named in message.lower()


# -- reworded and reordered ---------------------------------------------------------------------

REWORDINGS: list[tuple[str, list[str]]] = [
    (r"(.+) is directly left of (.+)\.", [r"\1 is immediately to the left of \2.",
                                          r"\1 lives directly to the left of \2.",
                                          r"\2 is directly right of \1."]),
    (r"(.+) is somewhere to the left of (.+)\.", [r"\1 lives somewhere to the left of \2.",
                                                  r"\2 is somewhere to the right of \1."]),
    (r"(.+) is somewhere to the right of (.+)\.", [r"\2 is somewhere to the left of \1."]),
    (r"(.+) and (.+) are next to each other\.", [r"\1 is next to \2.", r"\2 lives beside \1.",
                                                 r"\2 and \1 live directly next to each other."]),
    (r"(.+) is next to (.+)\.", [r"\1 and \2 are next to each other.", r"\1 is beside \2."]),
    (r"There is one house between (.+) and (.+)\.", [r"There is one house between \2 and \1."]),
    (r"(.+) is not in the (\w+) house\.", [r"\1 does not live in the \2 house."]),
    (r"(.+) is in the (\w+) house\.", [r"\1 lives in the \2 house."]),
    (r"(.+) is not (.+)\.", [r"\2 is not \1."]),
]  # fmt: skip
"""Ways to say a made clue otherwise: the same meaning in other words."""


def reworded(text: str, rng: random.Random) -> str:
    """A houses puzzle with its clues said otherwise and in another order, numbered anew."""
    lines = text.split("\n")
    numbered = [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]
    clues = [re.sub(r"^\d+\. ", "", lines[i]) for i in numbered]
    said = []
    for clue in clues:
        for pattern, others in REWORDINGS:
            match = re.fullmatch(pattern, clue)
            if match:
                other = match.expand(rng.choice(others))
                clue = other[0].upper() + other[1:]
                break
        said.append(clue)
    rng.shuffle(said)
    head, tail = lines[: numbered[0]], lines[numbered[-1] + 1 :]
    return "\n".join([*head, *(f"{k}. {c}" for k, c in enumerate(said, 1)), *tail])


@pytest.mark.parametrize("seed", range(12))
def test_made_puzzles_reworded_and_reordered_come_out_the_same(seed: int) -> None:
    size = [(3, 3), (4, 3), (4, 4), (5, 3)][seed % 4]
    made = generate(ZEBRA, size, random.Random(seed), BACKEND, style="houses")
    text = reworded(ZEBRA.format_puzzle(made.puzzle), random.Random(seed))
    read = parse(text)
    outcome = solve(ZEBRA, read, BACKEND, limit=2)
    assert outcome.status is Status.UNIQUE, text
    assert (
        json_extras(read, outcome.solutions[0])["grid"]
        == json_extras(made.puzzle, made.solution)["grid"]
    )
    assert answer_of(read, outcome.solutions[0]) == answer_of(made.puzzle, made.solution)


# -- a puzzle that lists no values --------------------------------------------------------------

LIFE_1962 = """1. There are five houses.
2. The Englishman lives in the red house.
3. The Spaniard owns the dog.
4. Coffee is drunk in the green house.
5. The Ukrainian drinks tea.
6. The green house is immediately to the right of the ivory house.
7. The Old Gold smoker owns snails.
8. Kools are smoked in the yellow house.
9. Milk is drunk in the middle house.
10. The Norwegian lives in the first house.
11. The man who smokes Chesterfields lives in the house next to the man with the fox.
12. Kools are smoked in the house next to the house where the horse is kept.
13. The Lucky Strike smoker drinks orange juice.
14. The Japanese smokes Parliaments.
15. The Norwegian lives next to the blue house.

Now, who drinks water? Who owns the zebra?

In the interest of clarity, it must be added that each of the five houses is painted a
different color, and their inhabitants are of different national extractions, own different
pets, drink different beverages and smoke different brands of American cigarettes."""
"""The Zebra puzzle as Life International printed it (December 17, 1962)."""


def test_the_1962_zebra_puzzle_as_printed_is_answered() -> None:
    # Its values are named only in the clues and the questions; its categories in a sentence.
    puzzle = parse(LIFE_1962)
    assert [len(row) for row in puzzle.rows] == [5] * 6
    assert {v.split(":", 1)[1] for v in puzzle.rows[3]} >= {"dog", "snails", "fox", "horse"}
    run = gridsat("solve", "zebra", "--unique", stdin=LIFE_1962)
    assert run.returncode == 0, run.stderr
    assert "Who drinks water? Norwegian" in run.stdout
    assert "Who owns the zebra? Japanese" in run.stdout
    assert "answer: Japanese (every solution gives it)" in run.stdout


def test_a_puzzle_whose_values_cannot_all_be_found_is_refused_naming_what_was() -> None:
    short = LIFE_1962.replace("5. The Ukrainian drinks tea.\n", "")
    with pytest.raises(ParseError, match=r"the clues name 4 values of [a-z ]+, not 5 \("):
        parse(short)


# -- the puzzle's own words for a category ------------------------------------------------------

ACCELERATORS = """Four new particle accelerators will open over the next four years. Match each
year to its accelerator, its lead scientist and the crowd at its opening.

years : 2016, 2017, 2018, 2019.
names : Bale-Hahn SSC, Egert Facility, ISON-X42, Tevatron LHC.
scientists : Dr. Farley, Dr. Peters, Dr. Quinn, Dr. Weber.
attendees : 110, 125, 140, 155.

Clues:
1. The facility scheduled to go online in 2017 is either the Egert Facility or the project
headed by Dr. Quinn.
2. The facility scheduled to go online in 2019 isn't the project headed by Dr. Weber.
3. The accelerator Dr. Farley designed will have 155 attendees.
4. The Tevatron LHC will have 110 attendees.
5. Neither the project headed by Dr. Peters nor the ISON-X42 is the facility scheduled to go
online in 2016.
6. The Egert Facility is headed by Dr. Weber.
7. The facility scheduled to go online in 2018 will have 155 attendees.
8. The Bale-Hahn SSC will have 140 attendees.
9. The project headed by Dr. Quinn is the Bale-Hahn SSC.
10. The facility scheduled to go online in 2016 isn't the Egert Facility.
"""
ACCELERATOR_CATEGORIES = [
    ["2016", "2017", "2018", "2019"],
    ["Bale-Hahn SSC", "Egert Facility", "ISON-X42", "Tevatron LHC"],
    ["Dr. Farley", "Dr. Peters", "Dr. Quinn", "Dr. Weber"],
    ["110", "125", "140", "155"],
]
ACCELERATOR_RULES: list[Callable[[Place], bool]] = [
    lambda a: all(a[y] == p for p, y in enumerate(ACCELERATOR_CATEGORIES[0], 1)),  # years in order
    lambda a: (
        a["2017"] in (a["Egert Facility"], a["Dr. Quinn"]) and a["Egert Facility"] != a["Dr. Quinn"]
    ),
    lambda a: a["2019"] != a["Dr. Weber"],
    lambda a: a["Dr. Farley"] == a["155"],
    lambda a: a["Tevatron LHC"] == a["110"],
    lambda a: len({a["Dr. Peters"], a["ISON-X42"], a["2016"]}) == 3,
    lambda a: a["Egert Facility"] == a["Dr. Weber"],
    lambda a: a["2018"] == a["155"],
    lambda a: a["Bale-Hahn SSC"] == a["140"],
    lambda a: a["Dr. Quinn"] == a["Bale-Hahn SSC"],
    lambda a: a["2016"] != a["Egert Facility"],
]


@pytest.mark.parametrize(
    "change",
    [("", ""), ("will have 1", "draws 1")],
    ids=["as-written", "a-verb-said-again"],
)
def test_words_a_puzzle_says_of_a_category_again_and_again_are_its_own(
    change: tuple[str, str],
) -> None:
    # "scheduled to go online in" (before two years and more), "headed by", "attendees" after
    # counts, and a thing named by what a value did to it ("the accelerator Dr. Farley designed");
    # a verb in the present said more than once ("draws 110 attendees")
    (expected,) = brute_force(ACCELERATOR_CATEGORIES, ACCELERATOR_RULES)
    text = ACCELERATORS.replace(*change) if change[0] else ACCELERATORS
    assert text.count(change[1]) >= 2 or not change[0]
    puzzle = parse(text)
    outcome = solve(ZEBRA, puzzle, BACKEND, limit=2)
    assert outcome.status is Status.UNIQUE
    (grid,) = outcome.solutions
    assert check(puzzle, grid) == []
    assert _grid_places(puzzle, grid) == {
        v: p for v, p in expected.items() if v not in ACCELERATOR_CATEGORIES[0]
    }


@pytest.mark.parametrize(
    ("change", "named"),
    [
        # said of one year only: not the category's own words
        (
            (
                "6. The Egert Facility is headed by Dr. Weber.",
                "6. The facility scheduled to open in 2018 is headed by Dr. Farley.",
            ),
            "'open'",
        ),
        # a word that may change the meaning is never learned, however often it is said
        (("scheduled to go online in", "nobody scheduled to go online in"), "nobody"),
        # a verb in the present said once is not the puzzle's own
        (
            ("6. The Egert Facility is headed by", "6. The Egert Facility answers to"),
            "no clue form reads",
        ),
        # nor one that says a value is not had, however often
        (("will have 1", "lacks 1"), "lacks"),
    ],
)
def test_words_said_once_or_that_change_a_meaning_are_not_learned(
    change: tuple[str, str], named: str
) -> None:
    with pytest.raises(ParseError) as refused:
        parse(ACCELERATORS.replace(*change))
    assert named in str(refused.value).lower().split(".': ", 1)[1]  # (after the clue itself)


SCORES = """Four players, four scores.

scores : 41, 48, 55, 62.
players : Colin, Felix, Greg, Tom.
{third}

Clues:
1. {clue}
"""


@pytest.mark.parametrize(
    ("third", "clue", "amount", "row"),
    [
        # a word no category is measured in: the one category of bare numbers
        ("colors : black, gray, red, white.", "Tom finished 7 points lower than Greg.", -7,
         "scores"),
        # the category's name, all of it or its last word
        ("shooting stars : 2, 9, 16, 23.", "Tom logged 14 fewer shooting stars than Greg.", -14,
         "shooting stars"),
        ("shooting stars : 2, 9, 16, 23.", "Tom logged 14 fewer stars than Greg.", -14,
         "shooting stars"),
    ],
)  # fmt: skip
def test_a_comparison_measures_the_category_its_words_name(
    third: str, clue: str, amount: int, row: str
) -> None:
    puzzle = parse(SCORES.format(third=third, clue=clue))
    (read,) = puzzle.clues
    assert read.kind == "+" and read.amount == amount
    assert puzzle.names[read.row] == row
    assert {s.split(":")[1] for s in read.symbols} == {"Tom", "Greg"}


def test_a_unit_two_categories_may_be_measured_in_is_refused() -> None:
    two = SCORES.format(
        third="ranks : 2, 9, 16, 23.", clue="Tom finished 7 points lower than Greg."
    )
    with pytest.raises(ParseError, match=r"no ordered category fits|reads two ways"):
        parse(two)


@pytest.mark.parametrize(
    ("clue", "rule"),
    [
        ("Either Arnold or Eric keeps the cat.", lambda a: a["cat"] in (a["Arnold"], a["Eric"])),
        ("Either Arnold or the dog owner lives in the first house.",
         lambda a: (a["Arnold"] == 1) != (a["dog"] == 1) and a["Arnold"] != a["dog"]),
        ("Arnold is either the cat owner or the horse owner.",
         lambda a: a["Arnold"] in (a["cat"], a["horse"])),
    ],
)  # fmt: skip
def test_either_or_is_said_of_the_right_one(clue: str, rule: Callable[[Place], bool]) -> None:
    # "either A or B is C" says C is one of A and B (it was once read as A is B or C)
    text = HEAD + clue + "\n2. Peter is in the third house.\n"
    expected = brute_force(
        [["Arnold", "Eric", "Peter"], ["cat", "dog", "horse"]], [rule, lambda a: a["Peter"] == 3]
    )
    puzzle = parse(text)
    outcome = solve(ZEBRA, puzzle, BACKEND, limit=len(expected) + 1)
    assert sorted(sorted(_grid_places(puzzle, g).items()) for g in outcome.solutions) == sorted(
        sorted(p.items()) for p in expected
    )
