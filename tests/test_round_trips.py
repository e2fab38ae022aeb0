"""Everything gridsat prints reads back: for every genre, a puzzle written in each of its forms
(its own text, a game ID, each ``convert`` format, what ``generate`` writes) reads back as the
same puzzle, and each solution form a genre promises to read back does, as a puzzle whose only
solution it is. Puzzles are compared as values (their frozen dataclasses)."""

from __future__ import annotations

import pytest

import gridsat
from conftest import DATA
from gridsat.registry import get_genre

SAME_BOARD_TWO_FORMS = [
    ("loopy", ".3.1\n...2\n0..1\n.1..", "4x4t0:a3a1c20b1a1b"),
    ("unruly", "1 . . 0 . .\n" + ". . . . . .\n" * 5, "6x6:Aczh"),
    ("sudoku", "1.3.\n....\n....\n.3.2", "2x2:1a3j3a2"),
]


@pytest.mark.parametrize(
    ("name", "plain", "game_id"), SAME_BOARD_TWO_FORMS, ids=[n for n, _, _ in SAME_BOARD_TWO_FORMS]
)
def test_a_puzzle_is_the_same_in_whichever_form_it_was_written(
    name: str, plain: str, game_id: str
) -> None:
    # The form a puzzle was read in is kept only to print it back that way: a board read from
    # a game ID and the same board typed plainly are the same puzzle (Loopy, Unruly and Sudoku
    # told them apart by it).
    genre = get_genre(name)
    typed, written = genre.parse(plain), genre.parse(game_id)
    assert typed == written and hash(typed) == hash(written)
    assert genre.format_puzzle(typed) != genre.format_puzzle(written)  # each prints its own way


@pytest.mark.parametrize(
    ("name", "text", "why"),
    [
        ("keen", "AB\nAB\n\nA 3+\nB 3+\nr1c1 = 1", "cannot say all of it"),  # its digit shown
        ("unruly", "1 0\n0 1", "the collection's boards are at least 6x6"),
    ],
    ids=["keen digits shown", "unruly 2x2"],
)
def test_a_game_id_that_cannot_say_the_puzzle_is_refused(name: str, text: str, why: str) -> None:
    # convert(puzzle, "id") wrote an ID that dropped the Keen board's digit shown, and a 2x2
    # Unruly ID that the reader refuses.
    puzzle = gridsat.read(name, text)
    with pytest.raises(gridsat.PuzzleError, match=why):
        gridsat.convert(puzzle, "id")


def test_a_logic_grid_is_the_same_whichever_layout_wrote_it() -> None:
    # The English layouts keep the words they speak of people by (labels) and their own name
    # (style), for writing: a puzzle written in one and read back is the same puzzle.
    puzzle = gridsat.read("zebra", (DATA / "zebra" / "key-unique.txt").read_text())
    for style in ("baron", "plain"):
        again = gridsat.read("zebra", gridsat.convert(puzzle, style))
        assert again.data == puzzle.data
    made = gridsat.generate("zebra", "2x2", seed=1)
    houses = gridsat.read("zebra", gridsat.convert(made.puzzle, "houses"))
    assert houses.data == made.puzzle.data and houses.data.style == "houses"


def test_a_grizzly_grid_is_refused_in_english_by_what_it_lacks() -> None:
    # Its unnamed categories reached the English writers, whose error ("zip() argument 2 is
    # longer than argument 1") was the reason given.
    puzzle = gridsat.read("zebra", (DATA / "zebra" / "zebra.txt").read_text())
    for style in ("houses", "baron"):
        with pytest.raises(gridsat.PuzzleError, match="its categories have no names"):
            gridsat.convert(puzzle, style)
    assert gridsat.read("zebra", gridsat.convert(puzzle, "plain")).data == puzzle.data
