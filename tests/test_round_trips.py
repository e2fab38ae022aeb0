"""Everything gridsat prints reads back: for every genre, a puzzle written in each of its forms
(its own text, a game ID, each ``convert`` format, what ``generate`` writes) reads back as the
same puzzle, and each solution form a genre promises to read back does, as a puzzle whose only
solution it is. Puzzles are compared as values (their frozen dataclasses)."""

from __future__ import annotations

import pytest

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
