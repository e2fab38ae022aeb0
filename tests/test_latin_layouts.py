"""Towers and Keen as KenKen and Skyscraper sites print them: each layout built from a board
of data/ whose answer is known, read as that board and solved to its answer (checked by the
genre's checker); a text that reads as before reads as before, and junk is still refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import DATA
from gridsat.parsers import ParseError
from gridsat.parsers.keen import parse as parse_keen
from gridsat.parsers.towers import parse as parse_towers
from gridsat.pipeline import solve
from gridsat.puzzles import keen, towers
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

TOWERS = (DATA / "towers" / "hard-6x6.txt").read_text()
KEEN = (DATA / "keen" / "kenken-6x6.txt").read_text()


def answer(folder: str, name: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in json.loads((DATA / folder / name).read_text()))


def solved(genre: str, puzzle: Any, known: Any, check: Any) -> None:
    """``puzzle`` has one solution, the known one, which the genre's checker passes."""
    outcome = solve(get_genre(genre), puzzle, get_backend("sat:cadical195"), limit=2)
    assert outcome.status == "unique"
    assert outcome.solutions[0] == known
    assert check(puzzle, outcome.solutions[0]) == []


# -- Towers ---------------------------------------------------------------------------------------


def towers_lines() -> list[str]:
    return [line for line in TOWERS.splitlines() if line.strip() and not line.startswith("#")]


def towers_forms() -> dict[str, str]:
    lines = towers_lines()
    square = [". " + lines[0].strip() + " .", *lines[1:-1], ". " + lines[-1].strip() + " ."]
    return {
        "title above": "Skyscrapers 6x6 (hard)\nPuzzle of the week\n" + "\n".join(lines),
        "words below": "\n".join(lines) + "\nfrom the weekend paper",
        "commas": "\n".join(", ".join(line.split()) for line in lines),
        "corners": "\n".join(square),
        "corners as dashes": "\n".join(square).replace(".", "-"),
        "corners framed": "\n".join(
            [square[0], "  +" + "-" * 13 + "+", *square[1:-1], "  +" + "-" * 13 + "+", square[-1]]
        ),
    }


@pytest.mark.parametrize("form", list(towers_forms()))
def test_towers_layouts_read_as_the_board_and_solve_to_its_answer(form: str) -> None:
    text = towers_forms()[form]
    puzzle = parse_towers(text)
    assert puzzle == parse_towers(TOWERS)
    solved("towers", puzzle, answer("towers", "hard-6x6.solution.json"), towers.check)


@pytest.mark.parametrize(
    "text, words",
    [
        ("Skyscrapers\n" + "\n".join(towers_lines()[:-1]), ["7 lines", "make a 6x6 board"]),
        (
            "\n".join(towers_lines()).replace(" 4 . 3", " 4 . 9", 1),
            ["line 1, entry 4: '9' is not a number 1..6"],
        ),
        ("a b c\nd e f\ng h i", ["line 1"]),
    ],
)
def test_towers_junk_is_refused_in_one_line(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as raised:
        parse_towers(text)
    assert "\n" not in str(raised.value)
    for w in words:
        assert w in str(raised.value)


def test_a_towers_square_whose_corners_hold_clues_is_no_square_of_clues() -> None:
    lines = towers_lines()
    square = ["1 " + lines[0].strip() + " .", *lines[1:-1], ". " + lines[-1].strip() + " ."]
    with pytest.raises(ParseError, match="8 lines"):
        parse_towers("\n".join(square))


# -- Keen -----------------------------------------------------------------------------------------


def keen_parts() -> tuple[list[str], list[str]]:
    lines = [line for line in KEEN.splitlines() if not line.startswith("#")]
    blank = lines.index("")
    return lines[:blank], [line for line in lines[blank + 1 :] if line.strip()]


def keen_forms() -> dict[str, str]:
    board, clues = keen_parts()
    return {
        "title above": "KenKen 6x6\nfrom the daily paper\n" + "\n".join([*board, "", *clues]),
        "map in commas": "\n".join(",".join(row.split()) for row in board)
        + "\n\n"
        + "\n".join(clues),
        "clues on one line": "\n".join(board) + "\n\n" + ", ".join(clues),
        "clues in semicolons": "\n".join(board) + "\n" + "; ".join(clues[:8]) + "\n"
        + "; ".join(clues[8:]),
        "comments": "// a KenKen\n" + "\n".join(board) + "\n// the clues\n" + "\n".join(clues),
    }  # fmt: skip


@pytest.mark.parametrize("form", list(keen_forms()))
def test_keen_layouts_read_as_the_board_and_solve_to_its_answer(form: str) -> None:
    puzzle = parse_keen(keen_forms()[form])
    assert puzzle == parse_keen(KEEN)
    solved("keen", puzzle, answer("keen", "kenken-6x6.solution.json"), keen.check)


def test_keen_digits_shown_stand_among_clues_on_one_line() -> None:
    text = (DATA / "keen" / "shown-digit-4x4.txt").read_text()
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    board = [line for line in lines if " " not in line.strip()]
    rest = [line for line in lines if " " in line.strip() or "=" in line]
    one = "\n".join(board) + "\n" + ", ".join(rest)
    puzzle = parse_keen(one)
    assert puzzle == parse_keen(text) and puzzle.givens
    solved("keen", puzzle, answer("keen", "shown-digit-4x4.solution.json"), keen.check)


@pytest.mark.parametrize(
    "text, words",
    [
        ("KenKen\n" + "\n".join(keen_parts()[0]) + "\n", ["has no clue"]),
        ("\n".join(keen_parts()[0]) + "\n\nA 7+, Z 3+", ["cage 'Z' is not on the map"]),
        ("A,A,B\nA,B,!\nC,C,C\n\nA 4+", ["line 2, cell 3: '!' is not a cage name"]),
    ],
)
def test_keen_junk_is_refused_in_one_line(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as raised:
        parse_keen(text)
    assert "\n" not in str(raised.value)
    for w in words:
        assert w in str(raised.value)
