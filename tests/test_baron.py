"""Logic grids written in English, Puzzle Baron-style: hand-written puzzles whose answers were
worked out first (each clue written true of the answer), every solve compared with that answer
and passed by the rules' own checker; generated puzzles read back to their answer; a clue that
cannot be read, or reads two ways, is an error naming it; contradicting clues are shown."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gridsat import api, cli, views
from gridsat.generator import generate
from gridsat.parsers import ParseError
from gridsat.parsers.zebra import format_puzzle, parse, to_json
from gridsat.pipeline import solve
from gridsat.puzzles.quantities import read_quantity
from gridsat.puzzles.zebra import Zebra, check
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

ZEBRA = get_genre("zebra")
BACKEND = get_backend("sat:cadical195")

PUZZLES = [
    (
        "2x2 ages",
        """\
Names: Ann, Ben
Ages: 30, 40

1. Ann is 10 years older than Ben.
""",
        {"Ann": ("40",), "Ben": ("30",)},
    ),
    (
        "2x3 money without amounts",
        """\
names: Cal, Dee, Eve
prices: $10, $20, $30

Dee paid $10 more than Cal.
Eve paid less than Cal.
""",
        {"Cal": ("$20",), "Dee": ("$30",), "Eve": ("$10",)},
    ),
    (
        "3x3 money, either-or",
        """\
Names: Dana, Hugo, Mira
Prices: $25, $30, $35
Dishes: salad, soup, pasta

1. Hugo is the one who ordered the salad.
2. Mira is either the one who paid $25 or the one who ordered the pasta.
3. Dana paid $5 more than the one who ordered the soup.
4. The person who paid $35 is Hugo.
""",
        {"Dana": ("$30", "pasta"), "Hugo": ("$35", "salad"), "Mira": ("$25", "soup")},
    ),
    (
        "3x3 dates, two-part layout",
        """\
Names, Dates, Cities

Anna, Boris, Carla
May 3, May 5, May 7
Oslo, Rome, Lima

1) Boris arrived 2 days before Anna.
2) The person from Oslo arrived sometime after the person from Rome.
3) Boris is from Lima.
4) Carla did not arrive on May 3rd.
""",
        {"Anna": ("May 5", "Rome"), "Boris": ("May 3", "Lima"), "Carla": ("May 7", "Oslo")},
    ),
    (
        "3x4 heights, neither-nor",
        """\
Names: Fay, Gil, Hal, Ida
Heights: 60 inches, 62 inches, 64 inches, 66 inches
Sports: golf, judo, polo, rugby

1. Hal is 2 inches taller than Fay.
2. Gil is 4 inches shorter than Fay.
3. Neither Gil nor Ida is the one who plays judo.
4. The person who plays golf is 2 inches shorter than the one who plays judo.
5. Ida's sport is polo.
""",
        {
            "Fay": ("64 inches", "golf"),
            "Gil": ("60 inches", "rugby"),
            "Hal": ("66 inches", "judo"),
            "Ida": ("62 inches", "polo"),
        },
    ),
    (
        "4x4 ages, of-and",
        """\
Names: Jo, Kim, Lou, Max
Ages: 21, 24, 27, 30
Pets: cat, dog, eel, owl
Colors: red, tan, blue, gray

1. Of Jo and Kim, one owns the dog and the other is the 21-year-old.
2. Lou is 3 years older than Jo.
3. The owner of the eel is somewhat younger than the owner of the cat.
4. Max wore tan.
5. The person in gray is the cat owner.
6. Kim is not the owner of the cat.
7. The owl's owner wore red.
8. Jo did not wear red.
""",
        {
            "Jo": ("27", "dog", "blue"),
            "Kim": ("21", "owl", "red"),
            "Lou": ("30", "cat", "gray"),
            "Max": ("24", "eel", "tan"),
        },
    ),
    (
        "4x5 money with thousands, a list",
        """\
Names: Ava, Ben, Cy, Di, Ed
Prices: $1,250, $1,500, $1,750, $2,000, $2,250
Boats: ketch, sloop, yawl, dory, junk
Towns: Bath, Hull, Rye, Ely, Wells

1. The five buyers were Ava, the junk buyer, the person from Ely, the one who paid $1,500 and Ed.
2. Cy paid $250 more than the person from Rye.
3. The owner of the sloop paid $250 less than the owner of the yawl.
4. Ben paid less than Di.
5. Di is from Wells.
6. The person from Hull bought the sloop.
7. The ketch cost $1,000 more than the junk.
8. Ben is from Bath.
9. Ava paid $1,750.
""",
        {
            "Ava": ("$1,750", "sloop", "Hull"),
            "Ben": ("$1,250", "junk", "Bath"),
            "Cy": ("$2,250", "ketch", "Ely"),
            "Di": ("$1,500", "dory", "Wells"),
            "Ed": ("$2,000", "yawl", "Rye"),
        },
    ),
    (
        "4x5 times of day",
        """\
Names: Gus, Hana, Ivo, Jill, Ken
Times: 9:00am, 9:30am, 10:00am, 10:30am, 11:00am
Classes: yoga, salsa, chess, pottery, karate
Drinks: tea, coffee, juice, cocoa, water

1. Ivo's class starts 1 hour after Gus's.
2. The yoga class is 30 minutes earlier than the karate class.
3. Hana drinks juice.
4. The tea drinker takes chess.
5. Ken is not the one who drinks coffee.
6. Neither Jill nor Ken takes salsa.
7. The cocoa drinker's class is at 10:30am.
8. The person who takes pottery starts sometime after the chess player.
9. Jill drinks water.
10. The five people are Gus, the juice drinker, the 11:00am student, karate and the pottery one.
""",
        {
            "Gus": ("10:00am", "chess", "tea"),
            "Hana": ("9:00am", "yoga", "juice"),
            "Ivo": ("11:00am", "salsa", "coffee"),
            "Jill": ("9:30am", "karate", "water"),
            "Ken": ("10:30am", "pottery", "cocoa"),
        },
    ),
    (
        "3x6 weights",
        """\
Names: Al, Bo, Cid, Dot, Eli, Flo
Weights: 120 pounds, 130 pounds, 140 pounds, 150 pounds, 160 pounds, 170 pounds
Sports: rowing, chess, boxing, fencing, diving, archery

1. Cid is 20 pounds heavier than Al.
2. Eli is 10 pounds lighter than Cid.
3. Bo is 10 pounds lighter than Dot.
4. Flo weighs 140 pounds.
5. The person who does archery is 10 pounds heavier than the one who does fencing.
6. Neither Bo nor Eli does boxing.
7. Eli does diving.
8. The person who does rowing is not Bo.
9. Bo does chess.
10. Cid does boxing.
11. Flo does archery.
""",
        {
            "Al": ("150 pounds", "rowing"),
            "Bo": ("120 pounds", "chess"),
            "Cid": ("170 pounds", "boxing"),
            "Dot": ("130 pounds", "fencing"),
            "Eli": ("160 pounds", "diving"),
            "Flo": ("140 pounds", "archery"),
        },
    ),
    (
        "3x4 counts in thousands",
        """\
Names: Ada, Bea, Cleo, Dina
Followers: 2 thousand, 4 thousand, 6 thousand, 8 thousand
Apps: Flick, Snap, Tok, Gram

1. Ada has 4 thousand more followers than Bea.
2. Cleo has 2 thousand more followers than Ada.
3. The Tok user is Ada.
4. Dina does not use Flick.
5. The Gram user has fewer followers than the Snap user.
6. Cleo uses Flick.
""",
        {
            "Ada": ("6 thousand", "Tok"),
            "Bea": ("2 thousand", "Gram"),
            "Cleo": ("8 thousand", "Flick"),
            "Dina": ("4 thousand", "Snap"),
        },
    ),
    (
        "3x5 years",
        """\
Names: Ed, Flo, Gwen, Hank, Iris
Years: 1984, 1988, 1992, 1996, 2000
Cities: Paris, Tokyo, Cairo, Quito, Perth

1. Ed's trip was 8 years after Flo's.
2. Gwen's trip was sometime after Iris's.
3. The trip to Paris was 4 years before the trip to Perth.
4. Hank went to Quito.
5. Neither Ed nor Flo went to Paris.
6. The 1984 trip was to Tokyo.
7. Hank's trip was 4 years after Flo's.
8. Ed went to Cairo.
9. Iris went to Paris.
""",
        {
            "Ed": ("1992", "Cairo"),
            "Flo": ("1984", "Tokyo"),
            "Gwen": ("2000", "Perth"),
            "Hank": ("1988", "Quito"),
            "Iris": ("1996", "Paris"),
        },
    ),
    (
        "7x3 every kind of order",
        """\
Names: Al, Bo, Cy
Prices: $5, $6, $7
Ages: 20, 30, 40
Pets: cat, dog, owl
Heights: 60 inches, 65 inches, 70 inches
Dates: June 1, June 2, June 3
Times: 8:00am, 9:00am, 10:00am

1. Cy paid $1 more than Al.
2. Bo is the cat owner.
3. The owl owner is 10 years older than the dog owner.
4. Al is 5 inches taller than Cy.
5. Bo arrived 1 day before Cy.
6. The 8:00am slot belongs to Al.
7. Cy's slot is 1 hour earlier than Bo's.
8. Bo paid $5.
9. The person who is 60 inches tall is the 20-year-old.
10. Al arrived on June 3rd.
11. Bo is not the person who is 70 inches tall.
12. Al owns the owl.
""",
        {
            "Al": ("$6", "40", "owl", "70 inches", "June 3", "8:00am"),
            "Bo": ("$5", "20", "cat", "60 inches", "June 1", "10:00am"),
            "Cy": ("$7", "30", "dog", "65 inches", "June 2", "9:00am"),
        },
    ),
    (
        "3x7 dates with ordinals",
        """\
Names: Ana, Bob, Cat, Dan, Eva, Fox, Gus
Dates: October 18, October 19, October 20, October 21st, October 22nd, October 23rd, October 24th
Colours: red, blue, green, pink, gray, teal, gold

1. Ana arrived 2 days after Bob.
2. Cat arrived 6 days after Bob.
3. Dan arrived 1 day before Ana.
4. Fox arrived 1 day after Ana.
5. Eva arrived sometime before Gus.
6. The October 18th arrival wore blue.
7. Ana wore red.
8. Cat's colour is green.
9. Neither Dan nor Eva wore gold.
10. Dan wore pink.
11. Fox is either the one who wore teal or the one who wore gray.
12. The person who wore gray arrived 1 day after Fox.
""",
        {
            "Ana": ("October 20", "red"),
            "Bob": ("October 18", "blue"),
            "Cat": ("October 24th", "green"),
            "Dan": ("October 19", "pink"),
            "Eva": ("October 22nd", "gray"),
            "Fox": ("October 21st", "teal"),
            "Gus": ("October 23rd", "gold"),
        },
    ),
    (
        "4x5 lengths in feet",
        """\
Names: Ivy, Jay, Kai, Lia, Moe
Lengths: 12 ft, 14 ft, 16 ft, 18 ft, 20 ft
Colors: red, white, blue, green, black
Ports: Dover, Cork, Brest, Kiel, Bergen

1. Kai's boat is 4 feet longer than Ivy's.
2. Jay's boat is 2 feet shorter than Lia's.
3. Moe's boat is 2 ft longer than Ivy's.
4. The red boat is 2 feet longer than the blue boat.
5. The boat from Cork is white.
6. Lia's boat is green.
7. The black boat is from Kiel.
8. Neither Ivy nor Lia sailed from Dover.
9. The boat from Brest is 6 feet longer than the boat from Kiel.
10. Kai sailed from Dover.
11. Of Ivy and Lia, one sailed from Cork and the other sailed from Bergen.
""",
        {
            "Ivy": ("16 ft", "white", "Cork"),
            "Jay": ("12 ft", "black", "Kiel"),
            "Kai": ("20 ft", "red", "Dover"),
            "Lia": ("14 ft", "green", "Bergen"),
            "Moe": ("18 ft", "blue", "Brest"),
        },
    ),
    (
        "4x4 two-part, ages and cents",
        """\
Customers, Ages, Bills, Drinks

Nia, Omar, Pia, Quin
25, 35, 45, 55
$12.50, $15.00, $17.50, $20.00
tea, milk, soda, beer

1. Omar is 20 years older than Nia.
2. Quin is 10 years older than Nia.
3. Pia is somewhat younger than Nia.
4. Pia paid $2.50 more than Nia.
5. Omar's bill was $2.50 less than Quin's.
6. Nia paid $2.50 more than Quin.
7. The beer drinker is Omar.
8. The tea drinker is 35 years old.
9. Pia drinks soda.
""",
        {
            "Nia": ("35", "$17.50", "tea"),
            "Omar": ("55", "$12.50", "beer"),
            "Pia": ("25", "$20.00", "soda"),
            "Quin": ("45", "$15.00", "milk"),
        },
    ),
    (
        "3x5 points",
        """\
Names: Ali, Ben, Cho, Dev, Eli
Scores: 10 points, 20 points, 30 points, 40 points, 50 points
Teams: Hawks, Owls, Bears, Wolves, Foxes

1. Ali scored 20 points more than Ben.
2. Cho scored 20 points more than Ali.
3. Dev scored 10 points less than Ali.
4. The Hawks player is Ben.
5. Neither Ali nor Cho plays for the Foxes.
6. The Wolves player scored 10 points more than the Owls player.
7. Cho is not on the Owls.
8. Of Dev and Eli, one is on the Foxes and the other plays for the Wolves.
9. Cho plays for the Bears.
""",
        {
            "Ali": ("30 points", "Owls"),
            "Ben": ("10 points", "Hawks"),
            "Cho": ("50 points", "Bears"),
            "Dev": ("20 points", "Foxes"),
            "Eli": ("40 points", "Wolves"),
        },
    ),
]


def answer_grid(puzzle: Zebra, answer: dict[str, tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """The answer as the puzzle's rows: the key's values in order, each row's value beside."""
    keys = [s.split(":", 1)[1] for s in puzzle.rows[0]]
    return (puzzle.rows[0], *(
        tuple(f"{puzzle.names[i]}:{answer[k][i - 1]}" for k in keys)
        for i in range(1, len(puzzle.rows))
    ))  # fmt: skip


@pytest.mark.parametrize(("title", "text", "answer"), PUZZLES, ids=[p[0] for p in PUZZLES])
def test_hand_written_puzzles_have_their_answer(
    title: str, text: str, answer: dict[str, tuple[str, ...]]
) -> None:
    puzzle = parse(text)
    assert puzzle.style == "baron" and puzzle.positions == "key"
    expected = answer_grid(puzzle, answer)
    assert check(puzzle, expected) == []  # the clues as read are true of the answer
    outcome = solve(ZEBRA, puzzle, BACKEND, limit=2)
    assert outcome.status is Status.UNIQUE
    assert outcome.solutions == [expected]
    assert check(puzzle, outcome.solutions[0]) == []


def test_the_readme_example_has_its_answer() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    text = readme[readme.index("Names: Dana, Hugo, Mira\n") :].split("```", 1)[0]
    puzzle = parse(text)
    answer = {"Dana": ("$30", "soup"), "Hugo": ("$25", "salad"), "Mira": ("$35", "pasta")}
    outcome = solve(ZEBRA, puzzle, BACKEND, limit=2)
    assert len(puzzle.clues) == 8  # clue 4 says two things
    assert outcome.status is Status.UNIQUE
    assert outcome.solutions == [answer_grid(puzzle, answer)]


def test_at_least_fifteen_puzzles_from_2x2_to_7_values() -> None:
    sizes = {(len(parse(t).rows), len(parse(t).rows[0])) for _, t, _ in PUZZLES}
    assert len(PUZZLES) >= 15
    assert (2, 2) in sizes and max(n for _, n in sizes) == 7 and max(k for k, _ in sizes) == 7


@pytest.mark.parametrize(
    ("value", "kind", "amount"),
    [
        ("$1,250", "money", 125000),
        ("$12.50", "money", 1250),
        ("5 inches", "length", 5),
        ("12 ft", "length", 144),
        ("5 ft 2 in", "length", 62),
        ("150 lbs", "weight", 2400),
        ("3 thousand", "number", 3000),
        ("2 million", "number", 2000000),
        ("May 3", "date", 123),
        ("October 21st", "date", 294),
        ("9:30am", "time", 570),
        ("9:30 p.m.", "time", 1290),
        ("noon", "time", 720),
        ("March", "month", 3),
        ("25 years", "age", 25),
    ],
)
def test_ordered_values_are_read_as_numbers(value: str, kind: str, amount: int) -> None:
    found = read_quantity(value)
    assert found is not None and (found.kind, found.amount) == (kind, amount)


@pytest.mark.parametrize("value", ["Dana", "May 32", "13:00pm", "salad"])
def test_other_values_are_no_quantities(value: str) -> None:
    assert read_quantity(value) is None


HEAD = "Names: Dana, Hugo, Mira\nPrices: $25, $30, $35\nDishes: salad, soup, pasta\n\n"


@pytest.mark.parametrize(
    ("clue", "reading"),
    [
        ("Hugo is the one who ordered the salad.", [("=", "Hugo", "salad")]),
        ("The person who paid $25 is Mira", [("=", "$25", "Mira")]),
        ("Mira's meal didn't cost $35.", [("!", "Mira", "$35")]),
        ("Neither Dana nor Hugo ordered the soup.", [("!", "Dana", "Hugo", "soup")]),
        ("Neither Dana nor the one who paid $25 ordered soup.",  # (Dana did not pay $25)
         [("!", "Dana", "$25", "soup")]),
        ("Dana is either the one who paid $30 or the one who ordered the pasta.",
         [("|", "Dana", "$30", "pasta"), ("!", "$30", "pasta")]),
        ("Either Dana or Hugo paid $25.", [("|", "$25", "Dana", "Hugo")]),
        ("Of Dana and Hugo, one paid $25 and the other ordered the soup.",
         [("p", "Dana", "Hugo", "$25", "soup")]),
        ("The three diners were Dana, the one who paid $30 and the soup eater.",
         [("!", "Dana", "$30", "soup")]),
        ("Dana paid $5 more than Hugo.", [("+", "Dana", "Hugo", 500)]),
        ("The salad cost $10 less than the pasta.", [("+", "salad", "pasta", -1000)]),
        ("Mira paid somewhat less than Hugo.", [("more", "Hugo", "Mira")]),
    ],
)  # fmt: skip
def test_clue_forms(clue: str, reading: list[tuple[object, ...]]) -> None:
    puzzle = parse(HEAD + clue + "\n")
    got = [
        (c.kind, *(s.split(":", 1)[1] for s in c.symbols), *([c.amount] if c.kind == "+" else []))
        for c in puzzle.clues
    ]
    assert got == reading
    assert all(c.source == clue and c.line == 5 for c in puzzle.clues)


@pytest.mark.parametrize(
    ("clue", "message"),
    [
        ("Dana loves pizza.", "clue 1 (line 5) 'Dana loves pizza.': words not understood: "
         "'pizza'"),
        # no row is said: "next to" would guess one
        ("3. Dana sat next to Hugo.", "clue 3 (line 5) 'Dana sat next to Hugo.': it places "
         "things in a row, but the puzzle says of no row"),
        ("Dana paid $25 and Hugo paid $30.", "no clue form reads"),
        ("Dana is not either Hugo or Mira.", "no clue form reads"),
        ("The four diners were Dana, Hugo and Mira.", "it says four but lists 3"),
        ("Dana paid 99999999999999999999999 dollars less than Hugo.",
         "the amount '99999999999999999999999' is past any puzzle's numbers"),
        ("Dana paid $2.555 less than Hugo.", "is no whole number of the category's steps"),
        ("2. Dana is Hugo.", "two values of one category cannot be one"),
        ("Dana is taller than Hugo.", "no ordered category fits 'taller than'"),
        # A quantity or comparison that no form holds is never dropped to read "Dana is Hugo's
        # dish": "1000 votes behind" was read as an identity, and the puzzle came out unique.
        ("Dana finished 1000 votes behind the salad eater.", "words not understood: 'votes'"),
        ("Dana finished 1000 votes from the salad eater.", "words not understood: 'votes'"),
        ("Dana came 2 places ahead of the soup eater.", "words not understood: 'came'"),
        ("Of Dana and Hugo, one ordered salad and the other paid 5 dollars for soup.",
         "words not understood: 'dollars'"),
    ],
)  # fmt: skip
def test_a_clue_that_cannot_be_read_is_an_error_naming_it(clue: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(HEAD + clue + "\n")
    assert message in str(err.value)


def test_a_clue_that_reads_two_ways_is_read_both_ways() -> None:
    two = "Names: Ann, Bo\nAges: 25, 30\nScores: 25, 40\n\n"
    (both,) = parse(two + "25 is Ann.\n").clues  # solved each way (see test_prose)
    assert both.kind == "?" and [[c.symbols for c in way] for way in both.readings] == [
        [("ages:25", "names:Ann")],
        [("scores:25", "names:Ann")],
    ]
    told = parse(two + "The 25-year-old is Ann.\nBo scored 40.\n")  # the unit tells
    assert [c.symbols for c in told.clues] == [("ages:25", "names:Ann"), ("names:Bo", "scores:40")]
    prices = "Names: Ann, Bo\nPrices: $5, $6\nTips: $1, $2\n\n"
    with pytest.raises(ParseError, match=r"reads two ways: 'more than' may compare prices or tips"):
        parse(prices + "Ann paid more than Bo.\n")


def test_the_clue_language_and_grizzly_are_still_read_as_before() -> None:
    words = parse("name: ann bob\nage: 20 30\nann is 20\n")
    assert words.style == "" and len(words.clues) == 1
    with pytest.raises(ParseError, match="unknown word 'zed'"):
        parse("name: ann bob\nage: 20 30\nann is zed\n")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


CONTRADICTING = HEAD + (
    "1. Hugo is the one who ordered the salad.\n"
    "2. The person who paid $35 is not Mira.\n"
    "3. Dana paid $5 more than the one who ordered the soup.\n"
    "4. Mira's meal cost $25.\n"
    "5. Dana ordered the soup.\n"
)


def test_contradicting_clues_no_solution_and_the_minimal_set(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    code, out, err = run(capsys, "solve", "zebra", CONTRADICTING)
    assert code == 1 and err == ""
    assert out.splitlines() == [
        "no solution",
        "these 2 contradict each other (without any one of them there is a solution):",
        "  line 7: Dana paid $5 more than the one who ordered the soup. "
        "(reads: Dana is 500 more than soup in prices (cents))",
        "  line 9: Dana ordered the soup. (reads: Dana is soup)",
    ]
    code, out, _ = run(capsys, "solve", "zebra", CONTRADICTING, "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "unsolvable"
    assert [c.split(":")[0] for c in data["core"]] == ["line 7", "line 9"]
    code, out, err = run(capsys, "solve", "zebra", CONTRADICTING, "--all")  # --all too
    assert code == 1 and err == ""
    assert out.splitlines()[:2] == ["no solution", "these 2 contradict each other "
                                    "(without any one of them there is a solution):"]  # fmt: skip
    code, out, _ = run(capsys, "solve", "zebra", CONTRADICTING, "--all", "--json")
    summary = json.loads(out.splitlines()[-1])
    assert code == 1 and summary["status"] == "unsolvable"
    assert [c.split(":")[0] for c in summary["core"]] == ["line 7", "line 9"]
    # Each clue of the set is needed: without it, the rest has a solution.
    puzzle = parse(CONTRADICTING)
    for line in (7, 9):
        rest = Zebra(puzzle.rows, tuple(c for c in puzzle.clues if c.line != line),
                     puzzle.names, puzzle.positions)  # fmt: skip
        assert solve(ZEBRA, rest, BACKEND).solutions


def test_an_amount_that_no_two_values_differ_by_reads_and_cannot_hold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = HEAD + "Dana paid $7 more than Hugo.\n"
    assert parse(text).clues[0].amount == 700
    code, out, _ = run(capsys, "solve", "zebra", text)
    assert code == 1
    assert out.splitlines()[1:] == [
        "this one cannot hold (without it there is a solution):",
        "  line 5: Dana paid $7 more than Hugo. (reads: Dana is 700 more than Hugo in prices "
        "(cents))",
    ]


def test_the_minimal_set_in_every_zebra_input(capsys: pytest.CaptureFixture[str]) -> None:
    words = "name: ann bob cy\nage: 20 30 40\nann is 20\nbob is 30\ncy is not 40\n"
    code, out, _ = run(capsys, "solve", "zebra", words)
    assert code == 1 and "these 3 contradict" in out and "line 5: cy is not 40\n" in out
    grizzly = "1 2\na b\n%%\n= a 1\n= b 1\n"
    code, out, _ = run(capsys, "solve", "zebra", grizzly, "--json")
    assert code == 1 and len(json.loads(out)["core"]) == 2


def test_no_time_left_for_the_minimal_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "zebra", CONTRADICTING, "-t", "0.000001")
    assert code == 4 and "time limit" in out


def test_the_minimal_set_is_not_sought_past_the_time_limit() -> None:
    puzzle = parse(CONTRADICTING)
    spent = {"parse": 0.5, "build": 0.3, "solve": 0.2}
    assert api._contradiction(ZEBRA, puzzle, BACKEND, "boolean", 1.0, spent) is None
    core = api._contradiction(ZEBRA, puzzle, BACKEND, "boolean", None, spent)
    assert core is not None and [c.line for c in core] == [7, 9]
    assert views.core_text(ZEBRA, puzzle, None) == (
        "(the givens that contradict each other were not found within the time limit)\n"
    )


def test_unreadable_clue_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "zebra", HEAD + "7. Dana sat next to Hugo.\n")
    assert code == 2 and out == ""
    assert err.startswith("gridsat: error: clue 7 (line 5) 'Dana sat next to Hugo.': ")
    assert err.count("\n") == 1 and "says of no row" in err


# -- made puzzles: written in the layout, read back to the same unique answer -----------------


def round_trip(seed: int, size: tuple[int, int]) -> None:
    made = generate(ZEBRA, size, random.Random(seed), BACKEND, style="baron")
    text = format_puzzle(made.puzzle)
    puzzle = parse(text)
    assert puzzle.style == "baron"
    assert any(c.kind in ("+", "more") for c in puzzle.clues)  # one comparison at least
    outcome = solve(ZEBRA, puzzle, BACKEND, limit=2)
    assert outcome.status is Status.UNIQUE, text
    assert to_json(puzzle, outcome.solutions[0]) == to_json(made.puzzle, made.solution), text
    assert check(puzzle, outcome.solutions[0]) == []


@pytest.mark.parametrize("seed", range(30))
def test_generated_puzzles_read_back_to_their_answer(seed: int) -> None:
    round_trip(seed, (3 + seed % 3, 3 + seed % 4))


def test_generate_style_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "generate", "zebra", "--style", "baron", "--size", "4x4",
                         "--seed", "5")  # fmt: skip
    assert code == 0 and out.startswith("Names: ") and "\n1. " in out
    code, again, _ = run(capsys, "solve", "zebra", out, "--unique")
    assert code == 0 and "unique solution" in again
    code, out, _ = run(capsys, "generate", "zebra", "--style", "baron", "--size", "3x3",
                       "--seed", "5", "--json")  # fmt: skip
    record = json.loads(out)
    assert code == 0 and record["puzzle"].startswith("Names: ")
    code, out, _ = run(capsys, "genres")
    assert code == 0 and "  styles:    houses, baron (generate --style)\n" in out
    code, out, _ = run(capsys, "genres", "--json")
    assert {g["name"]: g["styles"] for g in json.loads(out)}["zebra"] == ["houses", "baron"]
    code, _, err = run(capsys, "generate", "zebra", "--style", "plain", "--size", "3x3")
    assert (
        code == 2 and err == "gridsat: error: zebra has no style 'plain' (styles: houses, baron)\n"
    )
    code, _, err = run(capsys, "generate", "sudoku", "--style", "baron", "--size", "9")
    assert code == 2 and "sudoku has no style 'baron'" in err
    code, _, err = run(capsys, "generate", "zebra", "--style", "baron", "--size", "2x12")
    assert code == 2 and "up to 8 values" in err
    code, _, err = run(capsys, "generate", "zebra", "--style", "baron", "--size", "5x6",
                       "--seed", "1", "-t", "0.000001")  # fmt: skip
    assert code == 4 and "time limit" in err
