"""The clue language: every form means what it says (checked by brute force); errors say where."""

from __future__ import annotations

import pytest
from test_zebra import brute_force

from gridsat.parsers import ParseError
from gridsat.parsers.zebra import parse
from gridsat.pipeline import solve
from gridsat.puzzles.zebra import Clue
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

ZEBRA = get_genre("zebra")
HEAD = "colour: red green blue white\npet: cat dog fish bird\n"


@pytest.mark.parametrize(
    "line, kind",
    [
        ("red is cat", "="),
        ("red is not cat", "!"),
        ("red is at 2", "="),
        ("red is not at 2", "!"),
        ("red is just left of cat", "1"),
        ("red is immediately right of cat", "1"),
        ("red is left of cat", "<"),
        ("red is somewhere right of cat", ">"),
        ("red is next to cat", "A"),
        ("red is not next to cat", "N"),
        ("red is cat or dog", "|"),
        ("red is cat or dog or fish", "|"),
        ("of red and green, one is cat and the other is dog", "p"),
        ("different: red, cat, 4", "!"),
        ("all different: red cat", "!"),
        ("colour:red is pet:cat", "="),
    ],
)
def test_each_form_reads_as_its_clue_and_solves_as_brute_force(line: str, kind: str) -> None:
    puzzle = parse(HEAD + line)
    assert [c.kind for c in puzzle.clues] == [kind]
    expected = brute_force(puzzle)
    for backend in ("cpsat", "sat:cadical195"):
        outcome = solve(ZEBRA, puzzle, get_backend(backend), limit=1000)
        assert set(outcome.solutions) == expected


def test_directions_and_positions_map_as_written() -> None:
    puzzle = parse(HEAD + "red is immediately right of cat\nred is at 2")
    assert puzzle.clues == (
        Clue("1", ("pet:cat", "colour:red")),
        Clue("=", ("colour:red", "position:2")),
    )
    ordered = parse("order house: a b c\npet: cat dog fish\ncat is at b\ndog is at 3")
    assert ordered.clues[0].symbols[1] == "house:b" and ordered.clues[1].symbols[1] == "house:c"


@pytest.mark.parametrize(
    "text, message",
    [
        ("red is cat", "no categories"),
        ("colour: red green\npet: cat dog fish", "category 'pet' has 3 values, the first has 2"),
        ("colour: red red", "line 1: category 'colour' names a value twice"),
        ("order a: 1 2\norder b: x y", "only one category can be the `order`"),
        (HEAD + "red is kat", "line 3: unknown word 'kat'"),
        (HEAD + "red chases cat", "line 3: cannot read 'red chases cat'"),
        (HEAD + "red is at 9", "line 3: '9' is not a position"),
        (
            "colour: red blue\nhat: red green\nred is at 1",
            "line 3: 'red' is a value of colour and hat",
        ),
        (HEAD + "different: red", "line 3: `different:` needs at least two values"),
    ],
)
def test_errors_name_the_line_and_word(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)


NUMBERS = "name: ann bob cy dee\nage: 20 30 40 50\ncolour: red green blue white\n"


@pytest.mark.parametrize(
    "line, kind, amount",
    [
        ("ann is 10 more than bob", "+", 10),
        ("ann is 20 less than bob in age", "+", -20),
        ("ann is more than bob", "more", 0),
        ("red is less than ann in age", "more", 0),
        ("ann is 1 more than red in position", "+", 1),
    ],
)
def test_numeric_clues_compare_the_numbers_in_both_columns(
    line: str, kind: str, amount: int
) -> None:
    fixed = "ann is at 1\nred is at 1\ngreen is at 2\nblue is at 3\n"  # fewer answers to list
    puzzle = parse(NUMBERS + fixed + line)
    clue = puzzle.clues[-1]
    assert (clue.kind, clue.amount) == (kind, amount)
    expected = brute_force(puzzle)
    for backend in ("cpsat", "sat:glucose4"):
        outcome = solve(ZEBRA, puzzle, get_backend(backend), limit=1000)
        assert outcome.count_exact and set(outcome.solutions) == expected


@pytest.mark.parametrize(
    "text, message",
    [
        (NUMBERS + "ann is 10 more than bob in colour", "'colour' is not a category of numbers"),
        ("name: ann bob\nage: 1 2\nyear: 3 4\nann is more than bob", "say which numbers"),
    ],
)
def test_numeric_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)
