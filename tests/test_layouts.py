"""Published layouts of number boards: a size line, [Problem] and [Solution] sections, AMPL
data, ASCII boxes; and the answer checked against the solution a file gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA
from gridsat.cli import main
from gridsat.parsers import ParseError
from gridsat.parsers import hidato as hidato_parser
from gridsat.parsers.numbergrid import published, read_board, solution_rows
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

# Each layout's file in data/, the plain file of the same puzzle, and its known solution.
LAYOUTS = [
    ("sudoku", "published-sections.txt", "golden-nugget.txt", "golden-nugget.solution.json"),
    ("sudoku", "published-ampl.txt", "golden-nugget.txt", "golden-nugget.solution.json"),
    ("hidato", "published-boxes.txt", "rosetta.txt", "rosetta.solution.json"),
    ("numbrix", "published-ampl.txt", "rosetta-1.txt", "rosetta-1.solution.json"),
    ("magic", "published-boxes.txt", "seed.txt", "seed.solution.json"),
]


@pytest.mark.parametrize(("genre_name", "layout", "plain", "answer"), LAYOUTS)
def test_each_layout_reads_as_the_plain_board(
    genre_name: str, layout: str, plain: str, answer: str
) -> None:
    genre = get_genre(genre_name)
    folder = DATA / genre.data
    puzzle = genre.parse((folder / layout).read_text())
    assert puzzle == genre.parse((folder / plain).read_text())
    outcome = solve(genre, puzzle, get_backend("cpsat"), limit=2)
    assert outcome.status == "unique"
    assert genre.check(puzzle, outcome.solutions[0]) == []
    assert genre.to_json(puzzle, outcome.solutions[0]) == json.loads((folder / answer).read_text())


def write(tmp_path: Path, text: str, name: str = "puzzle.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def run(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capfd.readouterr()
    return code, out, err


SMALL_HIDATO = """\
[Problem]
+---+---+---+
| 1 |   |   |
+---+---+---+
|   |   | 7 |
+---+---+---+
| # | 8 |   |
+---+---+---+
"""


def hidato_with(solution: str) -> str:
    return SMALL_HIDATO + "\n[Solution]\n" + solution


def small_hidato_answer() -> list[list[int | None]]:
    """The one solution of SMALL_HIDATO, found and checked here, not written by hand."""
    genre = get_genre("hidato")
    puzzle = genre.parse(SMALL_HIDATO)
    outcome = solve(genre, puzzle, get_backend("cpsat"), limit=2)
    assert outcome.status == "unique" and genre.check(puzzle, outcome.solutions[0]) == []
    found: list[list[int | None]] = genre.to_json(puzzle, outcome.solutions[0])
    return found


def rows_text(rows: list[list[int | None]]) -> str:
    return "\n".join(" ".join("." if v is None else str(v) for v in row) for row in rows) + "\n"


def test_a_box_board_has_its_empty_boxes_blank_and_its_holes() -> None:
    board = read_board(SMALL_HIDATO)
    assert board.rows == ((1, 0, 0), (0, 0, 7), (None, 8, 0))


def test_the_file_solution_matches(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, hidato_with(rows_text(small_hidato_answer())))
    code, out, err = run(capfd, "solve", "hidato", path)
    assert code == 0, err
    assert out.rstrip().endswith("matches the solution in the file")
    code, out, err = run(capfd, "solve", "hidato", path, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["file_solution"] == "matches" and data["file_differences"] == []


def no_reading_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hidato as a genre that reads no solution back: the checker cannot judge the file's own,
    so it is compared cell by cell with the answer (a difference is then an internal error)."""
    monkeypatch.delattr(hidato_parser, "from_json")


def swapped_answer() -> tuple[list[list[int | None]], tuple[int, int], tuple[int, int]]:
    """SMALL_HIDATO's answer with two of its numbers (not givens) swapped, and where."""
    wrong = small_hidato_answer()
    (r1, c1), (r2, c2) = [(r, c) for r, row in enumerate(wrong) for c, v in enumerate(row)
                          if v not in (None, 1, 7, 8)][:2]  # fmt: skip
    wrong[r1][c1], wrong[r2][c2] = wrong[r2][c2], wrong[r1][c1]
    return wrong, (r1, c1), (r2, c2)


@pytest.mark.parametrize("more", [[], ["--all"], ["--json"], ["--unique", "--render", "{}"]])
def test_a_file_whose_solution_breaks_the_rules_is_bad_input(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, more: list[str]
) -> None:
    wrong, _, _ = swapped_answer()
    puzzle = get_genre("hidato").parse(SMALL_HIDATO)
    problems = get_genre("hidato").check(puzzle, tuple(tuple(row) for row in wrong))
    assert problems  # the genre's own checker faults it: the file is wrong, not gridsat
    path = write(tmp_path, hidato_with(rows_text(wrong)))
    picture = tmp_path / "x.svg"
    code, out, err = run(capfd, "solve", "hidato", path, *[m.format(picture) for m in more])
    assert (code, out) == (2, "")
    assert err == f"gridsat: error: the [Solution] section breaks the rules: {problems[0]}\n"
    assert not picture.exists()


@pytest.mark.parametrize(
    ("problem", "solution", "message"),
    [
        (SMALL_HIDATO.replace("| 7 |", "| 2 |"), None, "r2c3 must hold 2, not 7"),
        (SMALL_HIDATO, "1 2\n3 4\n", "the solution is not a 3x3 board"),
        (SMALL_HIDATO, "1 2 3\n4 5 7\n6 8 .\n", "r3c1 is a hole but holds 6 (and "),
    ],
)
def test_a_file_solution_that_cannot_answer_the_puzzle_is_bad_input(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, problem: str, solution: str | None,
    message: str,
) -> None:  # fmt: skip
    answer = rows_text(small_hidato_answer()) if solution is None else solution
    path = write(tmp_path, problem + "\n[Solution]\n" + answer)
    for command in ("solve", "compare"):
        code, out, err = run(capfd, command, "hidato", path)
        assert (code, out) == (2, "")
        assert err.startswith("gridsat: error: the [Solution] section breaks the rules: ")
        assert message in err and err.count("\n") == 1


def test_a_magic_solution_with_an_empty_cell_names_it(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    magic = (DATA / "magic" / "published-boxes.txt").read_text()
    answer: list[list[int | None]] = json.loads((DATA / "magic" / "seed.solution.json").read_text())
    answer[1][2] = None
    path = write(tmp_path, "[Problem]\n" + magic + "\n[Solution]\n" + rows_text(answer))
    code, out, err = run(capfd, "solve", "magic", path)
    assert (code, out) == (2, "")
    assert err == "gridsat: error: the [Solution] section breaks the rules: r2c3 holds no number\n"


def test_a_file_whose_solution_differs_exits_70_naming_the_cells(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_reading_back(monkeypatch)
    wrong = small_hidato_answer()
    (r1, c1), (r2, c2) = [(r, c) for r, row in enumerate(wrong) for c, v in enumerate(row)
                          if v not in (None, 1, 7, 8)][:2]  # fmt: skip
    a, b = wrong[r1][c1], wrong[r2][c2]
    wrong[r1][c1], wrong[r2][c2] = b, a  # two numbers swapped: a wrong solution
    path = write(tmp_path, hidato_with(rows_text(wrong)))
    code, out, err = run(capfd, "solve", "hidato", path, "--unique")
    assert code == 70
    assert "unique solution" in out  # the answer is shown, then what is wrong
    assert err.count("\n") == 1 and err.startswith("gridsat: error: the answer differs from")
    assert f"r{r1 + 1}c{c1 + 1} (file {b}, found {a})" in err
    assert f"r{r2 + 1}c{c2 + 1} (file {a}, found {b})" in err
    code, out, err = run(capfd, "solve", "hidato", path, "--json")
    assert code == 70
    data = json.loads(out)
    assert data["file_solution"] == "differs" and len(data["file_differences"]) == 2
    assert "not proved unique" in err  # without --unique, the file's might be another solution


def test_all_checks_the_file_solution_too(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_reading_back(monkeypatch)
    right = write(tmp_path, hidato_with(rows_text(small_hidato_answer())), "right.txt")
    code, out, err = run(capfd, "solve", "hidato", right, "--all")
    assert code == 0, err
    assert out.endswith("1 solution, all of them\nmatches the solution in the file\n")
    code, out, err = run(capfd, "solve", "hidato", right, "--all", "--json")
    assert json.loads(out.splitlines()[-1])["file_solution"] == "matches"
    wrong = small_hidato_answer()
    (r1, c1), (r2, c2) = [(r, c) for r, row in enumerate(wrong) for c, v in enumerate(row)
                          if v not in (None, 1, 7, 8)][:2]  # fmt: skip
    wrong[r1][c1], wrong[r2][c2] = wrong[r2][c2], wrong[r1][c1]
    path = write(tmp_path, hidato_with(rows_text(wrong)))
    code, out, err = run(capfd, "solve", "hidato", path, "--all")
    assert code == 70 and "matches" not in out
    assert err.count("\n") == 1 and err.startswith("gridsat: error: the answer differs from")
    code, out, err = run(capfd, "solve", "hidato", path, "--all", "--json")
    assert code == 70
    summary = json.loads(out.splitlines()[-1])
    assert summary["file_solution"] == "differs" and len(summary["file_differences"]) == 2


def test_no_solution_when_the_file_gives_one_exits_70(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_reading_back(monkeypatch)
    unsolvable = SMALL_HIDATO.replace("| 7 |", "| 2 |")
    path = write(tmp_path, unsolvable + "\n[Solution]\n" + rows_text(small_hidato_answer()))
    code, _, err = run(capfd, "solve", "hidato", path)
    assert code == 70
    assert "gridsat found no solution" in err and err.count("\n") == 1


def test_a_run_stopped_by_a_limit_checks_nothing(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    magic = (DATA / "magic" / "published-boxes.txt").read_text()
    answer = json.loads((DATA / "magic" / "seed.solution.json").read_text())
    path = write(tmp_path, "[Problem]\n" + magic + "\n[Solution]\n" + rows_text(answer))
    code, out, err = run(capfd, "solve", "magic", path, "-b", "cpsat", "--json",
                         "--param", "max_deterministic_time=0")  # fmt: skip
    assert code == 4, err
    assert "file_solution" not in json.loads(out)
    code, out, err = run(capfd, "solve", "magic", path, "-b", "cpsat")
    assert code == 0, err
    assert out.rstrip().endswith("matches the solution in the file")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("param puzzle: 1 2 :=\n1 . 2\n2 . .\n", "`param puzzle` (line 1) has no `;` at its end"),
        ("param puzzle: 1 2 :=\n1 . 2\n2 .\n;\n", "line 3: row 2 has 1 values for the 2 columns"),
        ("param puzzle: :=\n1 . 2\n;\n", "line 1: `param puzzle:` lists no column indices"),
        ("Title\n[Problem]\nparam p: 1 2 :=\n1 . 2\n2 .\n;\n", "line 5: row 2 has 1 values"),
        ("[Solution]\n1 2\n2 1\n", "the file has [solution] but no [Problem] section"),
        ("[Problem]\n\n[Solution]\n1\n", "the [Problem] section is empty"),
        ("[Problem]\n1 _\n[Problem]\n1 _\n", "line 3: a second [Problem] section"),
        (SMALL_HIDATO + "[Solution]\n1 2 3\n4 5\n", "the [Solution] section: row 2 has 2 cells"),
    ],
)
def test_bad_layouts_fail_on_one_line(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    code, out, err = run(capfd, "solve", "hidato", write(tmp_path, text))
    assert code == 2
    assert out == ""
    assert err.startswith("gridsat: error: ") and err.count("\n") == 1
    assert message in err


def test_a_sudoku_size_line_is_checked() -> None:
    genre = get_genre("sudoku")
    board = (DATA / "sudoku" / "golden-nugget.txt").read_text()
    assert genre.parse("9\n" + board) == genre.parse(board)
    assert genre.parse("9x9\n" + board) == genre.parse(board)
    with pytest.raises(ParseError, match="the size line says 4x4 but the board is 9x9"):
        genre.parse("4x4\n" + board)
    inkala = (DATA / "sudoku" / "inkala.txt").read_text()  # one line of 81 after the size
    assert genre.parse("9\n" + inkala) == genre.parse(inkala)


def test_plain_text_comes_back_as_it_is() -> None:
    for text in ("1 2 3\n4 5 6", "[[2, 7, 6], [9, 5, 1]]", "[X X]\n[1 2]", "|1|2|\n|3|4|"):
        assert published(text).problem == text
        assert published(text).solution is None


def test_unspaced_digit_solutions_and_holes() -> None:
    assert solution_rows("123\n456\n789") == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert solution_rows("1 2 .\n3 4 5") == [[1, 2, None], [3, 4, 5]]


@pytest.mark.parametrize("row", ["75184623", "7518462399"])
def test_an_unspaced_solution_row_of_the_wrong_length_is_bad_input(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, row: str
) -> None:
    # One row a digit short or long: the file is at fault (exit 2, the row named), not the
    # solver (it once read each row as one number and said exit 70, "the file's is 1x9").
    text = (DATA / "sudoku" / "published-sections.txt").read_text()
    assert "\n751846239\n" in text
    path = write(tmp_path, text.replace("\n751846239\n", f"\n{row}\n"))
    code, out, err = run(capfd, "solve", "sudoku", path)
    assert code == 2 and out == ""
    assert err == (
        f"gridsat: error: the [Solution] section: row 1 has {len(row)} digits; "
        "its 9 rows need 9 each\n"
    )


@pytest.mark.parametrize(("row", "column"), [("7518462x9", 8), ("x51846239", 1)])
def test_an_unspaced_solution_row_with_a_stray_letter_is_no_size_line(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, row: str, column: int
) -> None:
    # A row of the [Solution] with an x in it is that row, at fault where the x is: not a size
    # line asking for a board of 7518462x9 cells.
    text = (DATA / "sudoku" / "published-sections.txt").read_text()
    path = write(tmp_path, text.replace("\n751846239\n", f"\n{row}\n"))
    code, out, err = run(capfd, "solve", "sudoku", path)
    assert code == 2 and out == ""
    assert err == (
        f"gridsat: error: the [Solution] section: row 1, column {column}: 'x' is not a digit "
        "(its other rows are a digit a cell)\n"
    )


def test_sudoku_boxes_of_three_cells_still_read() -> None:
    """A Sudoku drawn with a box per block, not per cell: its walls simply go."""
    genre = get_genre("sudoku")
    board = (DATA / "sudoku" / "golden-nugget.txt").read_text().split()
    rule = "+-------+-------+-------+"
    lines = [rule]
    for r, row in enumerate(board):
        lines.append("| " + " | ".join(" ".join(row[c : c + 3]) for c in (0, 3, 6)) + " |")
        if r % 3 == 2:
            lines.append(rule)
    assert genre.parse("\n".join(lines)) == genre.parse("\n".join(board))
