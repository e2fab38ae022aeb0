"""A grid given as Python values (rows of cells, or an array, as the Python peers take it):
read for every board genre as the same puzzle as its own text, blanks as each genre documents
them, and refused in one line naming the cell that holds no value of the genre's."""

from __future__ import annotations

from typing import Any

import pytest

import gridsat

CASES: list[tuple[str, Any, str]] = [
    # genre, rows as Python values, the same board in the genre's own text
    ("sudoku", [[None, 1, 0, ""], [0, 0, 0, 2], [3, 0, 0, 0], [0, 0, 3, 0]],
     ". 1 . .\n. . . 2\n3 . . .\n. . 3 ."),
    ("hidato", [[None, 16, 0, ""], [0] * 4, [0] * 4, [10, 6, 0, 0]],
     "[[_, 16, _, _], [_, _, _, _], [_, _, _, _], [10, 6, _, _]]"),
    ("hidato", [[1, "#", 0], [0, 0, 0]], "1 # _\n_ _ _"),
    ("numbrix", [[0, 0, 0, 0], [0, 0, 11, 14], [0, 0, 4, 0], [0, 0, 0, 0]],
     "[[_, _, _, _], [_, _, 11, 14], [_, _, 4, _], [_, _, _, _]]"),
    ("magic", [[2, 7, 0], [0, 0, 0], [0, 0, 0]], "[[2, 7, _], [_, _, _], [_, _, _]]"),
    ("unruly", [[0, None, 1, "", "1", "0"]] + [[None] * 6] * 5, "0.1.10\n" + "......\n" * 5),
    ("lightup", [[None, "#", 1], ["", 0, "."], [None, None, 4]], ".#1\n.0.\n..4"),
    ("loopy", [[3, None, 0], [None, "2", ""]], "3.0\n.2."),
    ("bridges", [[2, 0, 2], [0, None, ""], [1, 0, 12]], "2.2\n...\n1.C"),
    ("loop", [[6, 12], [3, 9]], "6 12\n3 9"),
]  # fmt: skip


class Array:
    """An array as numpy's has it, as far as gridsat asks: ``tolist()``."""

    def __init__(self, rows: list[list[Any]]) -> None:
        self.rows = rows

    def tolist(self) -> list[list[Any]]:
        return self.rows


@pytest.mark.parametrize(("name", "rows", "text"), CASES)
def test_rows_are_read_as_the_genres_own_text(name: str, rows: Any, text: str) -> None:
    assert gridsat.read(name, rows) == gridsat.read(name, text)
    assert gridsat.read(name, tuple(tuple(row) for row in rows)) == gridsat.read(name, text)
    assert gridsat.read(name, Array(rows)) == gridsat.read(name, text)


def test_a_numpy_array_is_read_when_numpy_is_there() -> None:
    numpy = pytest.importorskip("numpy")
    board = numpy.array([[0, 1, 0, 0], [0, 0, 0, 2], [3, 0, 0, 0], [0, 0, 3, 0]])
    assert gridsat.read("sudoku", board) == gridsat.read(
        "sudoku", ". 1 . .\n. . . 2\n3 . . .\n. . 3 ."
    )
    result = gridsat.solve(gridsat.read("sudoku", board), unique=True)
    assert result.status is gridsat.Status.UNIQUE


@pytest.mark.parametrize(
    ("name", "rows", "said"),
    [
        ("sudoku", [[1, 2], [3]], "row 2 has 1 cells, but row 1 has 2"),
        ("sudoku", [[1, 2], "ab"], "row 2 is not a list of cells"),
        ("sudoku", [], "not a grid"),
        ("sudoku", [["ab", 1], [1, 2]], "row 1, column 1: 'ab' is not"),
        ("lightup", [[9]], "row 1, column 1: 9 is not a cell"),
        ("unruly", [[2, 0], [0, 1]], "row 1, column 1: 2 is not 0, 1"),
        ("loopy", [[True]], "row 1, column 1: True is not a clue"),
        ("bridges", [[17]], "row 1, column 1: 17 is not an island"),
        ("loop", [[16]], "row 1, column 1: 16 is not a tile"),
    ],
)
def test_a_cell_the_genre_has_no_place_for_is_refused_in_a_line(
    name: str, rows: Any, said: str
) -> None:
    with pytest.raises(gridsat.PuzzleError) as refused:
        gridsat.read(name, rows)
    assert "\n" not in str(refused.value) and said in str(refused.value)


def test_a_genre_that_is_no_grid_of_values_says_so() -> None:
    with pytest.raises(TypeError, match="tents reads no rows of cells"):
        gridsat.read("tents", [[0]])
