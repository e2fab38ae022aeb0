"""The number-board reader: what people publish reads as it is; what is wrong says where."""

from __future__ import annotations

import pytest

from gridsat.parsers import ParseError
from gridsat.parsers.numbergrid import MAX_CELLS, NumberBoard, format_board, read_board

_ = 0
H = None


@pytest.mark.parametrize(
    "text",
    [
        "2 7 6\n9 5 1\n4 3 _",
        "2,7,6\n9,5,1\n4,3,0",
        "[[2, 7, 6], [9, 5, 1], [4, 3, 0]]",
        "{{2, 7, 6}, {9, 5, 1}, {4, 3, 0}};",
        "[\n  [2, 7, 6],\n  [9, 5, 1],\n  [4, 3, __],\n]",
        "{2,7,6},\n{9,5,1},\n{4,3,-};",
        "|2 7 6|\n|9 5 1|\n|4 3 ?|",
        "=======\n|02 07 06|\n|09 05 01|\n|04 03 .|\n=======",
        "3x3\n2 7 6\n9 5 1\n4 3 _",
        "3\n2\t7\t6\n9\t5\t1\n4\t3\t_",
    ],
)
def test_the_same_board_in_every_published_dress(text: str) -> None:
    assert read_board(text).rows == ((2, 7, 6), (9, 5, 1), (4, 3, _))


def test_the_seed_hidoku_reads_as_written() -> None:
    board = read_board(
        "__,__,93,__,__,__,___,__,__,57\n"
        "__,__,__,22,__,53, 54,40,__,__\n"
        " 1,__,__,11,__,68, 82,__,__,__\n"
    )
    assert board.rows[0] == (_, _, 93, _, _, _, _, _, _, 57)
    assert board.rows[1][6] == 54 and board.rows[2][0] == 1


def test_holes_in_every_spelling() -> None:
    assert read_board("1 # 3\nX _ XX\n.. 0 x").rows == ((1, H, 3), (H, _, H), (H, _, H))


def test_dot_is_a_hole_when_blanks_are_underscores() -> None:
    assert read_board("__ 33 .\n_ . 35").rows == ((_, 33, H), (_, H, 35))
    assert read_board(". 33 .\n. . 35").rows == ((_, 33, _), (_, _, 35))


def test_blank_and_hole_tokens_can_be_named() -> None:
    assert read_board("1 * 3\n@ @ 2", blank="@", hole="*").rows == ((1, H, 3), (_, _, 2))


def test_printer_round_trips_holes_and_blanks() -> None:
    board = NumberBoard(((12, _, H), (H, 3, _)))
    assert read_board(format_board(board)) == board


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty board"),
        ("\n  \n", "empty board"),
        ("1 2 3\n4 5", "row 2 has 2 cells but row 1 has 3"),
        ("1 2 3\n4 5 y", "unknown token 'y' at row 2, column 3"),
        ("1 2 3\n4 5 -7", "unknown token '-7' at row 2, column 3"),
        ("2x2\n1 2 3\n4 5 6", "the first line says 2x2 but the board is 3x2"),
        ("1000x1000\n1 2", f"the limit is {MAX_CELLS}"),
        ("1 99999999999999 3", "number 999999999999... at row 1, column 2 is too large"),
    ],
)
def test_reader_errors_name_the_place(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        read_board(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_a_huge_board_is_refused_while_reading() -> None:
    with pytest.raises(ParseError, match="over 10000 cells"):
        read_board("\n".join(["_ " * 200] * 200))
