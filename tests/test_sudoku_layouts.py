"""Sudoku as other sites and data sets write it: each layout built from a board of data/sudoku
whose answer is known, read as that board and solved to its answer (checked by the rules'
checker); and the texts no layout reads refused in one line that says what was not understood."""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import DATA
from gridsat.parsers import ParseError
from gridsat.parsers.sudoku import parse, parse_plain
from gridsat.pipeline import solve
from gridsat.puzzles.sudoku import Board, Sudoku, check
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

SUDOKU = get_genre("sudoku")
FOLDER = DATA / "sudoku"
EASTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
NINES = ["easter-monster", "golden-nugget", "inkala", "tarek-052", "col-02-08-071"]


def known(name: str) -> tuple[Sudoku, Board]:
    """A board of data/sudoku as its own file reads, and its known solution."""
    puzzle = parse((FOLDER / f"{name}.txt").read_text())
    solution = json.loads((FOLDER / f"{name}.solution.json").read_text())
    return puzzle, tuple(tuple(row) for row in solution)


def cells(puzzle: Sudoku, blank: str = ".") -> list[list[str]]:
    """The board's cells in its own symbols (numbers when it has none), ``blank`` for a blank."""
    return [
        [(puzzle.symbols[v - 1] if puzzle.symbols else str(v)) if v else blank for v in row]
        for row in puzzle.rows
    ]


def solved_as_known(text: str, name: str) -> None:
    """``text`` reads as the board of ``name``, and solves to its known answer."""
    puzzle, solution = known(name)
    read = parse(text)
    assert read.rows == puzzle.rows
    assert read.order == puzzle.order and read.shape == puzzle.shape
    outcome = solve(SUDOKU, read, get_backend("sat:cadical195"), limit=2)
    assert outcome.status == "unique"
    assert outcome.solutions[0] == solution
    assert check(read, outcome.solutions[0]) == []


# -- one line, rows on one line -------------------------------------------------------------------


@pytest.mark.parametrize("blank", [".", "0", "-", "_"])
@pytest.mark.parametrize("name", NINES)
def test_81_characters_on_one_line_with_each_blank(name: str, blank: str) -> None:
    puzzle, _ = known(name)
    line = "".join("".join(row) for row in cells(puzzle, blank))
    assert len(line) == 81
    solved_as_known(line, name)


@pytest.mark.parametrize(
    "name, blank", [("16x16-letters", "."), ("16x16-letters", "-"), ("16x16-hex", "."),
                    ("16x16-hex", "-"), ("16x16-hex", "_")],
)  # fmt: skip
def test_256_characters_on_one_line_in_letters_or_hex(name: str, blank: str) -> None:
    puzzle, _ = known(name)
    line = "".join("".join(row) for row in cells(puzzle, blank))
    assert len(line) == 256
    solved_as_known(line, name)


@pytest.mark.parametrize("letters", ["123456789ABCDEFGHIJKLMNOP", "ABCDEFGHIJKLMNOPQRSTUVWXY"])
def test_625_characters_on_one_line_for_25x25(letters: str) -> None:
    puzzle, _ = known("25x25")
    line = "".join(letters[v - 1] if v else "-" for row in puzzle.rows for v in row)
    assert len(line) == 625
    assert parse(line).rows == puzzle.rows


@pytest.mark.parametrize("separator", [" ", "|", ",", ";", " | ", ", "])
def test_the_rows_on_one_line_are_rows_not_a_3x3_board(separator: str) -> None:
    puzzle, _ = known("easter-monster")
    line = separator.join("".join(row) for row in cells(puzzle, "-"))
    solved_as_known(line, "easter-monster")


def test_the_16_rows_of_a_16x16_on_one_line() -> None:
    puzzle, _ = known("16x16-hex")
    line = " ".join("".join(row) for row in cells(puzzle))
    assert parse(line).rows == puzzle.rows


@pytest.mark.parametrize("name", ["16x16-numbers", "25x25"])
@pytest.mark.parametrize("separator", [" ", ",", ", "])
def test_numbers_on_one_line_separated_by_spaces_or_commas(name: str, separator: str) -> None:
    puzzle, _ = known(name)
    line = separator.join(str(v) for row in puzzle.rows for v in row)
    assert parse(line).rows == puzzle.rows


# -- rows on lines: CSV, JSON ---------------------------------------------------------------------


@pytest.mark.parametrize("blank", ["0", "", ".", " "])
@pytest.mark.parametrize("name", ["golden-nugget", "16x16-numbers", "16x16-hex", "25x25"])
def test_comma_separated_rows(name: str, blank: str) -> None:
    puzzle, _ = known(name)
    if puzzle.symbols and blank == "0":
        return  # a 0 is a symbol of the hex board
    text = "\n".join(",".join(row) for row in cells(puzzle, blank))
    assert parse(text).rows == puzzle.rows
    if name == "golden-nugget":
        solved_as_known(text, name)


def test_comma_separated_rows_quoted_and_ending_in_a_comma() -> None:
    puzzle, _ = known("inkala")
    quoted = "\n".join(",".join(f'"{c}"' for c in row) for row in cells(puzzle, ""))
    solved_as_known(quoted, "inkala")
    trailing = "\n".join(",".join(row) + "," for row in cells(puzzle, "0"))
    solved_as_known(trailing, "inkala")
    # An empty last cell is a comma at the end too: each row keeps its nine fields.
    puzzle, _ = known("col-02-08-071")
    assert any(row[-1] == 0 for row in puzzle.rows)
    solved_as_known("\n".join(",".join(row) for row in cells(puzzle, "")), "col-02-08-071")


@pytest.mark.parametrize("blank", [0, None, ""])
@pytest.mark.parametrize("name", ["tarek-052", "16x16-numbers", "25x25", "6x6"])
def test_a_json_list_of_lists(name: str, blank: Any) -> None:
    puzzle, _ = known(name)
    rows = [[v or blank for v in row] for row in puzzle.rows]
    for text in (json.dumps(rows), json.dumps(rows, indent=2), repr(rows)):  # repr: Python's
        assert parse(text).rows == puzzle.rows
    if name == "tarek-052":
        solved_as_known(json.dumps(rows), name)


def test_a_json_list_of_strings_and_a_flat_list() -> None:
    puzzle, _ = known("easter-monster")
    solved_as_known(json.dumps(["".join(row) for row in cells(puzzle)]), "easter-monster")
    flat = [v for row in puzzle.rows for v in row]
    solved_as_known(json.dumps(flat), "easter-monster")
    hexa, _ = known("16x16-hex")  # strings in the board's own symbols, "" for a blank
    assert parse(json.dumps(cells(hexa, ""))).rows == hexa.rows


# -- frames ---------------------------------------------------------------------------------------


def unicode_cells(rows: list[list[str]], double: bool) -> str:
    """A frame of one box a cell, blocks in double lines (or all in single lines)."""
    n = len(rows)
    h = "═" if double else "─"
    top = ("╔" if double else "┌") + ("═══" + ("╤" if double else "┬")) * (n - 1) + "═══"
    top = (top + ("╗" if double else "┐")).replace("═", h)
    mid = "╟" + "───┼" * (n - 1) + "───╢"
    band = "╠" + "═══╪" * (n - 1) + "═══╣"
    bottom = ("╚" if double else "└") + ("═══" + ("╧" if double else "┴")) * (n - 1) + "═══"
    bottom = (bottom + ("╝" if double else "┘")).replace("═", h)
    lines = [top]
    for r, row in enumerate(rows):
        inner = "│".join(f" {' ' if c == '.' else c} " for c in row)
        lines.append(("║" if double else "│") + inner + ("║" if double else "│"))
        if r < n - 1:
            lines.append(band if double and r % 3 == 2 else mid)
    lines.append(bottom)
    return "\n".join(lines)


def unicode_blocks(rows: list[list[str]], blank: str) -> str:
    """A frame of one box a 3x3 block, the cells spaced inside, ``blank`` for a blank."""
    lines = ["┌───────┬───────┬───────┐"]
    for r, row in enumerate(rows):
        row = [blank if c == "." else c for c in row]
        lines.append("│ " + " │ ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6)) + " │")
        if r in (2, 5):
            lines.append("├───────┼───────┼───────┤")
    lines.append("└───────┴───────┴───────┘")
    return "\n".join(lines)


@pytest.mark.parametrize("double", [False, True])
def test_a_unicode_frame_of_one_box_a_cell_its_empty_boxes_blank(double: bool) -> None:
    puzzle, _ = known("golden-nugget")
    text = unicode_cells(cells(puzzle), double)
    assert "╔" in text or "┌" in text
    solved_as_known(text, "golden-nugget")


@pytest.mark.parametrize("blank", [".", " ", "·"])
def test_a_unicode_frame_of_one_box_a_block(blank: str) -> None:
    puzzle, _ = known("tarek-052")
    solved_as_known(unicode_blocks(cells(puzzle), blank), "tarek-052")


def test_an_ascii_frame_whose_blanks_are_spaces() -> None:
    puzzle, _ = known("easter-monster")
    text = unicode_blocks(cells(puzzle), " ")
    ascii_ = text.translate(str.maketrans("┌┬┐├┼┤└┴┘─│", "+++++++++-|"))
    assert ascii_.startswith("+-------+") and "|   9   | 4     |   5   |" in ascii_
    solved_as_known(ascii_, "easter-monster")
    # Without the frame's outer walls and rules, the spaces at the ends of lines cut off.
    open_ = "\n".join(
        line[2:-2].rstrip() for line in ascii_.splitlines() if not line.startswith("+")
    )
    assert open_.splitlines()[0] == "1     |       |     2"
    solved_as_known(open_, "easter-monster")


def test_the_ascii_frames_read_today_still_read() -> None:
    solved_as_known((FOLDER / "col-02-08-071.txt").read_text(), "col-02-08-071")
    solved_as_known((FOLDER / "easter-monster.txt").read_text(), "easter-monster")


# -- titles and comments --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "head",
    [
        "Easter Monster\n",
        "Easter Monster (JPF, 2007)\nLevel: extreme\n\n",
        "# Easter Monster\n# from Wikipedia's list of hard Sudokus\n",
        "// a comment\nSudoku #42: hard\n9x9\n",
        "EASTER MONSTER\n",
    ],
)
@pytest.mark.parametrize("form", ["rows", "line", "csv", "boxes"])
def test_titles_and_comments_above_the_board(head: str, form: str) -> None:
    puzzle, _ = known("easter-monster")
    rows = cells(puzzle)
    board = {
        "rows": "\n".join("".join(row) for row in rows),
        "line": "".join("".join(row) for row in rows),
        "csv": "\n".join(",".join(row) for row in rows),
        "boxes": (FOLDER / "easter-monster.txt").read_text(),
    }[form]
    solved_as_known(head + board, "easter-monster")


def test_a_line_of_words_below_the_board_and_comments_within() -> None:
    puzzle, _ = known("inkala")
    lines = ["".join(row) for row in cells(puzzle, "0")]
    text = "\n".join([*lines[:4], "# the middle band", *lines[4:], "Rating: SE 11.9"])
    solved_as_known(text, "inkala")


def test_a_title_above_a_16x16_in_letters() -> None:
    puzzle, _ = known("16x16-letters")
    text = "Sixteen by sixteen\n" + "\n".join("".join(row) for row in cells(puzzle))
    assert parse(text).rows == puzzle.rows


def test_a_row_of_dash_blanks_is_a_row_not_a_rule() -> None:
    puzzle, _ = known("golden-nugget")
    rows = ["".join(row) for row in cells(puzzle, "-")]
    rows[4] = "---------"  # its fifth row emptied: it looks like a rule
    read = parse("\n".join(rows))
    assert read.order == 9 and read.rows[4] == (0,) * 9
    assert read.rows[:4] + read.rows[5:] == puzzle.rows[:4] + puzzle.rows[5:]


# -- one board, never two -------------------------------------------------------------------------


def test_a_line_that_could_be_a_title_or_a_row_is_refused_naming_both() -> None:
    puzzle, _ = known("16x16-letters")
    letters = str.maketrans("123456789ABCDEFG", "ABCDEFGHIJKLMNOP")  # A-P: a row is all words
    rows = ["".join(row).translate(letters) for row in cells(puzzle)]
    for text in ("\n".join(["PONMLKJIHGFEDCBA", *rows]), "\n".join([*rows, "PONMLKJIHGFEDCBA"])):
        with pytest.raises(ParseError) as raised:
            parse(text)
        message = str(raised.value)
        assert "\n" not in message
        assert "two boards" in message and "without line 1" in message
        assert "without line 17" in message
    # A title in words is no row: one board.
    assert parse("Sixteen letters\n" + "\n".join(rows)).order == 16


def test_the_layouts_read_before_never_reach_the_other_layouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plain files of data/sudoku, the forms of test_sudoku and the published layouts read
    by the first reader, as they did before the other layouts were added."""
    import gridsat.parsers.sudoku as reader

    def refuse(text: str) -> None:
        raise AssertionError(f"the other layouts were tried for {text[:40]!r}")

    monkeypatch.setattr(reader, "_relaid", refuse)
    lines = [EASTER[i : i + 9] for i in range(0, 81, 9)]
    texts = [path.read_text() for path in sorted(FOLDER.glob("*.txt"))]
    texts += [EASTER.replace(".", "0"), "\n".join(lines), " ".join(EASTER.replace(".", "0"))]
    texts += ["\n".join(" ".join(line.replace(".", "_")) for line in lines)]
    for text in texts:
        if ":" not in text:
            assert parse_plain(text).order in (4, 6, 9, 12, 16, 25)


# -- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        (EASTER[:-2] + "!1", ["line 1, r9c8: '!' is not a symbol of a 9x9 board (written 1-9)"]),
        (EASTER.replace(".", "-")[:-1] + "--", ["one line of 82 cells is no square board"]),
        (
            " ".join(EASTER[i : i + 9] for i in range(0, 81, 9))[:-1],
            ["line 1 holds 9 rows of a 9x9 board, but row 9 ('..2.....') has 8 cells, not 9"],
        ),
        (
            "\n".join(",".join(EASTER[i : i + 9]) for i in range(0, 81, 9)).replace("5", "x", 1),
            ["line 2, r2c8: 'x' is not a symbol"],
        ),
        (
            "Easter Monster\n" + "\n".join(EASTER[i : i + 9] for i in range(0, 72, 9)),
            ["line 2: 9 cells, expected 8"],
        ),
        ("[[1, 2], [3", ["a JSON board that does not parse", "line 1, column 12"]),
        ("[[1, 2.5], [3, 4]]", ["JSON board's row 1, cell 2: 2.5 is not a number"]),
        ("[[1, 2], [3]]", ["JSON board's row 2 has 1 cells; its 2 rows need 2 each"]),
        ("[[1, 2], 3]", ["JSON board's row 2 is 3, not a list of cells"]),
        ("hello world", ["one line of 10 cells is no square board"]),
        ("# only a comment\n# and another", ["empty board"]),
        ("\n".join(["....%..........."] * 16), ["line 1, r1c5: '%' is not a symbol"]),
    ],
)
def test_junk_is_refused_in_one_line_saying_where(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as raised:
        parse(text)
    message = str(raised.value)
    assert "\n" not in message
    for w in words:
        assert w in message


@pytest.mark.parametrize(
    "text",
    [
        EASTER.replace(".", "-"),  # '-' blanks: read now, so no error at all
        EASTER[:-2] + "!1",
        EASTER.replace(".", "~"),
        "\n".join(["....%..........."] * 16),
    ],
)
def test_symbols_is_never_suggested_where_it_cannot_help(text: str) -> None:
    try:
        parse(text)
    except ParseError as error:
        assert "--symbols" not in str(error)


def test_symbols_is_still_suggested_where_it_can_help() -> None:
    with pytest.raises(ParseError, match="--symbols says which"):
        parse("\n".join(["....Z..........."] * 16))


def test_a_title_with_a_colon_is_no_game_id_and_a_game_id_under_a_comment_reads() -> None:
    puzzle, _ = known("easter-monster")
    board = "\n".join("".join(row) for row in cells(puzzle))
    assert parse("Source: Wikipedia\n" + board).rows == puzzle.rows
    game_id = "3x3:a9a8_6c4d4_1a9g7_5a7_8a9_2b1b6e7b5b8_7a3_9a2_5g1a4_7d4c9_3a6a"
    assert parse("# from Solo\n" + game_id) == parse(game_id)


def test_an_empty_row_of_dash_blanks_between_rules_is_a_row() -> None:
    puzzle, _ = known("golden-nugget")
    rows = cells(puzzle, "-")
    rows[3] = ["-"] * 9  # "- - - | - - - | - - -" looks like a rule, but the board needs it
    lines = []
    for r, row in enumerate(rows):
        if r in (3, 6):
            lines.append("------+-------+------")
        lines.append(" | ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6)))
    read = parse("\n".join(lines))
    assert read.rows[3] == (0,) * 9
    assert read.rows[:3] + read.rows[4:] == puzzle.rows[:3] + puzzle.rows[4:]


def test_a_4x4_in_a_frame_of_heavy_lines() -> None:
    puzzle, _ = known("4x4")
    rows = cells(puzzle)
    lines = ["┏━━━┳━━━┳━━━┳━━━┓"]
    for r, row in enumerate(rows):
        lines.append("┃" + "┃".join(f" {' ' if c == '.' else c} " for c in row) + "┃")
        lines.append("┣━━━╋━━━╋━━━╋━━━┫" if r < 3 else "┗━━━┻━━━┻━━━┻━━━┛")
    assert parse("\n".join(lines)).rows == puzzle.rows
