"""Signpost game IDs: read as Simon Tatham's collection writes them, and written back."""

from __future__ import annotations

import json

import pytest

from conftest import DATA
from gridsat.parsers import ParseError
from gridsat.parsers.signpost import MAX_CELLS, format_id, format_solution, parse
from gridsat.puzzles.signpost import DIRECTIONS

SEED = "5x5:1cceefcfggeeccghcac3e12hch10ah25a"


def test_seed_id_reads_cell_by_cell() -> None:
    p = parse(SEED)
    assert (p.width, p.height, p.size) == (5, 5, 25)
    assert p.givens == {0: 1, 18: 3, 19: 12, 22: 10, 24: 25}
    assert "".join("abcdefgh"[a] for a in p.arrows) == "cceefcfggeeccghcacehchaha"


@pytest.mark.parametrize("letter, delta", list(zip("abcdefgh", DIRECTIONS, strict=True)))
def test_every_letter_points_its_way(letter: str, delta: tuple[int, int]) -> None:
    # A 3x3 board whose centre carries the letter: its ray is the one neighbour in that direction.
    p = parse(f"3x3:aaaa{letter}aaaa")
    dx, dy = delta
    assert p.ray(4) == [(1 + dy) * 3 + (1 + dx)]


def test_letters_run_clockwise_from_north() -> None:
    assert DIRECTIONS[0] == (0, -1)  # a: north (y grows downward)
    assert DIRECTIONS[2] == (1, 0)  # c: east
    assert DIRECTIONS[4] == (0, 1)  # e: south
    assert DIRECTIONS[7] == (-1, -1)  # h: north-west


def test_ray_runs_to_the_edge() -> None:
    p = parse("5x1:caaaa")
    assert p.ray(0) == [1, 2, 3, 4]


def test_multi_digit_givens_and_non_square_boards() -> None:
    p = parse("4x3:1ceeg12ceeecea11g")
    assert (p.width, p.height) == (4, 3)
    assert p.givens == {0: 1, 4: 12, 11: 11}
    assert p.cell_name(11) == "row 3, column 4"


def test_prefix_corner_flag_and_whitespace_are_accepted() -> None:
    assert parse(f"signpost:{SEED}") == parse(SEED)
    assert parse("  5x5c:" + SEED[4:] + "\n") == parse(SEED)
    assert parse(SEED[:20] + "\n  " + SEED[20:]) == parse(SEED)


@pytest.mark.parametrize("text", [SEED, "4x3:1ceeg12ceeecea11g", "2x1:1c2a"])
def test_printer_round_trips(text: str) -> None:
    assert format_id(parse(text)) == text
    assert parse(format_id(parse(text))) == parse(text)


def test_tatham_solve_string_numbers_every_cell() -> None:
    p = parse("2x1:1c2a")
    assert format_solution(p, ((1, 2),), "tatham") == "S1c2a"
    assert format_solution(p, ((1, 2),), "grid") == "1 2"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty input"),
        ("5x5", "no ':'"),
        ("5y5:abc", "bad size '5y5'"),
        ("0x5:", "at least 1"),
        ("5x5:1cceefcfggeeccghcac3e12hch10ah25z", "unexpected 'z' at column 37"),
        ("5x5:1cceefcfggeeccghcac3e12hch10ah25", "number 25 at column 35 has no arrow"),
        ("2x2:aaa", "too few cells: the description has 3, a 2x2 board needs 4"),
        ("2x2:aaaaa", "too many cells: a 2x2 board has 4, and cell 5 starts at column 9"),
        ("2x2:5aaaa", "number 5 at column 5 (row 1, column 1) is outside 1..4"),
        ("2x2:0aaaa", "is outside 1..4"),
        ("2x2:2a2aaa", "number 2 is given twice: row 1, column 1 and row 1, column 2"),
        ("1000x1000:a", f"the limit is {MAX_CELLS}"),
    ],
)
def test_malformed_ids_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    "text",
    [
        "5x5:1cceefcfggeeccghcac3e12hch10ah25a",
        "2x2:4a3a1a2a",
        "3x1:cg3a",
        *(json.loads(line)["id"] for line in (DATA / "signpost" / "corpus.jsonl").open()),
    ],
)
def test_plain_ids_read_as_the_walk_reads_them(text: str) -> None:
    # IDs as the collection writes them are read by one regular expression; with a space
    # after the colon the walk over the characters reads them.
    assert parse(text) == parse(text.replace(":", ": ", 1))


@pytest.mark.parametrize(
    "text, message",
    [
        ("2x2:aaa12a", "number 12 at column 8 (row 2, column 2) is outside 1..4"),
        ("2x2:a1a1aa", "number 1 is given twice: row 1, column 2 and row 2, column 1"),
        ("2x2:a1a01aa", "number 1 is given twice: row 1, column 2 and row 2, column 1"),
        ("2x2:a1a0aa", "number 0 at column 8 (row 2, column 1) is outside 1..4"),
        ("2x2:aaaa4", "number 4 at column 9 has no arrow letter after it"),
        ("2x2:aaaaa", "too many cells"),
        # (the cells' tokens are found by one expression: what stands between them is named)
        ("2x2:aa-aa", "unexpected '-' at column 7"),
        ("2x2:a1234567890aaa", "number 1234567890 at column 6 (row 1, column 2) is outside"),
    ],
)
def test_faults_in_plain_looking_ids_are_named_where_they_stand(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)
