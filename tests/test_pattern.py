"""Pattern (nonograms): the checker, solution counts against brute force on every backend and
encoding, line reasoning against brute force, the three layouts read and written back, and
every game-ID error naming its column."""

from __future__ import annotations

import itertools
import json
import random
from functools import cache
from typing import Any

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat.models.pattern import line_solve, presolve
from gridsat.parsers import ParseError
from gridsat.pipeline import solve
from gridsat.puzzles.pattern import Board, Pattern, check, clues_of, runs
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("pattern")
CORPUS = [json.loads(line) for line in (DATA / "pattern" / "tatham.jsonl").read_text().splitlines()]
EXAMPLES = sorted((DATA / "pattern").glob("*.txt"))


def board(*rows: str) -> Board:
    return tuple(tuple(int(ch == "#") for ch in row) for row in rows)


# -- the checker ---------------------------------------------------------------------------------

TWO = Pattern(((2,), (3,), (3,), (3,), (2,)), ((2,), (2,), (3,), (3,), (3,)))
LEFT = board("##...", "##...", ".###.", "..###", "..###")
RIGHT = board("...##", "...##", ".###.", "###..", "###..")


def test_the_checker_accepts_both_answers_of_an_ambiguous_puzzle() -> None:
    assert check(TWO, LEFT) == [] and check(TWO, RIGHT) == []


def test_the_checker_names_the_row_and_the_column_a_changed_cell_breaks() -> None:
    broken = tuple(tuple(1 - v if (r, c) == (2, 0) else v for c, v in enumerate(row))
                   for r, row in enumerate(LEFT))  # fmt: skip
    assert check(TWO, broken) == [
        "row 3 has runs 4, but its clue is 3",
        "column 1 has runs 3, but its clue is 2",
    ]


def test_the_checker_holds_fixed_cells() -> None:
    fixed = Pattern(TWO.columns, TWO.rows, {(0, 0): 1})
    assert check(fixed, LEFT) == []
    assert check(fixed, RIGHT) == ["r1c1 is shown black, but the solution makes it white"]


def test_the_checker_refuses_other_shapes_and_values() -> None:
    assert check(TWO, LEFT[:4]) == ["the solution is not a 5x5 board"]
    odd = ((*LEFT[0][:4], 2), *LEFT[1:])
    assert check(TWO, odd) == ["r1c5 holds 2, not black or white"]


# -- solution counts against brute force ---------------------------------------------------------


@cache
def all_boards(w: int, h: int) -> list[Board]:
    """Every black-and-white board of this size (2^(w*h))."""
    return [
        tuple(tuple(bits[r * w : (r + 1) * w]) for r in range(h))
        for bits in itertools.product((0, 1), repeat=w * h)
    ]


@cache
def by_clues(w: int, h: int) -> dict[Any, list[Board]]:
    """Every board of this size, under the clues it shows (worked out from its runs)."""
    found: dict[Any, list[Board]] = {}
    for b in all_boards(w, h):
        found.setdefault(clues_of(b), []).append(b)
    return found


def brute_count(puzzle: Pattern) -> int:
    """Boards whose every line's runs are its clue and that keep the fixed cells, among all
    boards of the size."""
    boards = by_clues(puzzle.width, puzzle.height).get((puzzle.columns, puzzle.rows), [])
    return sum(1 for b in boards if all(b[r][c] == v for (r, c), v in puzzle.fixed.items()))


def small_puzzles() -> list[Pattern]:
    """3x3 and 4x4 puzzles with none, one and several solutions, some with fixed cells."""
    rng = random.Random(7)
    found: list[Pattern] = []
    for w, h in ((3, 3), (4, 4), (4, 3)):
        boards = all_boards(w, h)
        for _ in range(4):
            columns, rows = clues_of(rng.choice(boards))
            found.append(Pattern(columns, rows))
        # columns of one board and rows of another: often no solution
        columns, _ = clues_of(rng.choice(boards))
        _, rows = clues_of(rng.choice(boards))
        found.append(Pattern(columns, rows))
        picture = rng.choice(boards)
        columns, rows = clues_of(picture)
        found.append(Pattern(columns, rows, {(0, 0): picture[0][0], (h - 1, 1): 1}))
    found.append(Pattern(((1,), (1,), (1,), (1,)), ((1,), (1,), (1,), (1,))))  # 24 solutions
    return found


SMALL = small_puzzles()


@cache
def counts() -> list[int]:
    return [brute_count(p) for p in SMALL]


def test_the_small_puzzles_cover_none_one_and_several() -> None:
    assert 0 in counts() and 1 in counts() and max(counts()) == 24


@pytest.mark.parametrize("prune", [True, False])
@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("backend", BACKENDS)
def test_counts_match_brute_force(backend: str, encoding: str, prune: bool) -> None:
    for puzzle, expected in zip(SMALL, counts(), strict=True):
        outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=100, prune=prune)
        assert outcome.count_exact and len(outcome.solutions) == expected, puzzle


def test_line_reasoning_matches_brute_force() -> None:
    rng = random.Random(5)
    for length in range(1, 9):
        for _ in range(300):
            if rng.random() < 0.8:
                clue = runs([rng.randint(0, 1) for _ in range(length)])
            else:
                clue = tuple(rng.randint(1, 3) for _ in range(rng.randint(0, 3)))
            known = [rng.choice([None, None, None, 0, 1]) for _ in range(length)]
            black = sum(1 << i for i, v in enumerate(known) if v == 1)
            white = sum(1 << i for i, v in enumerate(known) if v == 0)
            fillings = [
                f
                for f in itertools.product((0, 1), repeat=length)
                if runs(f) == clue
                and all(k is None or k == v for k, v in zip(known, f, strict=True))
            ]
            got = line_solve(clue, length, black, white)
            if not fillings:
                assert got is None, (clue, known)
                continue
            always = [sum(1 << i for i in range(length) if all(f[i] == v for f in fillings))
                      for v in (1, 0)]  # fmt: skip
            assert got == tuple(always), (clue, known)


def test_pruning_is_sound_and_stops_where_lines_say_nothing() -> None:
    # On the collection's puzzles line reasoning fixes every cell, each as in the solution.
    row = CORPUS[-1]
    puzzle = GENRE.parse(row["id"])
    known = presolve(puzzle)
    assert known is not None and len(known) == puzzle.width * puzzle.height
    assert all(row["solution"][r][c] == str(v) for (r, c), v in known.items())
    # Bella Image's puzzle: no line alone says anything, yet it has one solution.
    bella = GENRE.parse("4x4:2/1/2/1/1.1/2/1/1")
    assert presolve(bella) == {}
    # A contradiction between lines is found.
    assert presolve(GENRE.parse("3x3:3//3/1/1/1")) is None


# -- reading and writing -------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=[r["seed_id"] for r in CORPUS])
def test_corpus_ids_read_and_write_back_exactly(row: dict[str, Any]) -> None:
    puzzle = GENRE.parse(row["id"])
    assert (puzzle.width, puzzle.height) == (len(row["solution"][0]), len(row["solution"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert GENRE.parse(GENRE.format_puzzle(puzzle)) == puzzle


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_examples_read_back_in_their_own_layout(path: Any) -> None:
    puzzle = GENRE.parse(path.read_text())
    text = GENRE.format_puzzle(puzzle)
    again = GENRE.parse(text)
    assert again == puzzle and again.layout == puzzle.layout and again.goal == puzzle.goal


def test_the_layouts_are_told_apart() -> None:
    layouts = {p.name: GENRE.parse(p.read_text()).layout for p in EXAMPLES}
    assert layouts["heart.txt"] == "plain" and layouts["house.txt"] == "non"
    assert layouts["bella.txt"] == layouts["fixed.txt"] == "tatham"


@pytest.mark.parametrize("rows", ["rows", "Rows", "row", "rows:"])
@pytest.mark.parametrize("columns", ["cols", "columns", "Columns", "column", "cols:"])
def test_section_headers_without_their_colon(rows: str, columns: str) -> None:
    # 'rows' and 'cols' alone on their lines head the sections as 'rows:' and 'cols:' do (they
    # were taken for a .non file's, and 'cols' for a property line).
    puzzle = GENRE.parse(f"{rows}\n2\n1\n\n{columns}\n1\n2\n")
    assert (puzzle.rows, puzzle.columns, puzzle.layout) == (((2,), (1,)), ((1,), (2,)), "plain")
    assert GENRE.parse(GENRE.format_puzzle(puzzle)) == puzzle


def test_a_non_file_is_still_told_by_its_size_lines() -> None:
    puzzle = GENRE.parse("width 2\nheight 2\nrows\n2\n1\ncolumns\n1\n2\n")
    assert puzzle.layout == "non" and puzzle.rows == ((2,), (1,))
    with pytest.raises(ParseError, match="line 2, column 1: 'title' is not a run length"):
        GENRE.parse("rows\ntitle x\ncols\n1\n")


def test_fixed_cells_in_the_id() -> None:
    puzzle = GENRE.parse("5x5:2/3/3/3/2/2/2/3/3/3,Ay")
    assert puzzle.fixed == {(0, 0): 1}
    assert GENRE.format_puzzle(puzzle) == "5x5:2/3/3/3/2/2/2/3/3/3,Ay"
    # 'z' skips 25 cells and fixes none; 'c' skips two and fixes the third, white.
    wide = GENRE.parse("30x1:" + "/".join(["1"] * 30) + "/30,zcB")
    assert wide.fixed == {(0, 27): 0, (0, 29): 1}
    assert GENRE.format_puzzle(wide).endswith(",zcB")


def test_an_id_takes_a_prefix_a_square_size_empty_clues_and_line_breaks() -> None:
    same = GENRE.parse("3x3:1/1/1/3/0/")
    assert same.rows == ((3,), (), ())
    assert GENRE.parse("pattern:3:1/1/1/3\n/0/") == same
    assert GENRE.format_puzzle(same) == "3x3:1/1/1/3//"


def test_the_plain_layout_in_either_order_with_commas_and_comments() -> None:
    text = "columns:\n1, 1\n0\n1 1\n# a comment\n\nrows:\n3\n-\n1 1  # the last row\n"
    puzzle = GENRE.parse(text)
    assert puzzle.columns == ((1, 1), (), (1, 1)) and puzzle.rows == ((3,), (), (1, 1))
    assert puzzle == GENRE.parse(GENRE.format_puzzle(puzzle))


def test_a_non_file_with_blank_lines_for_empty_clues() -> None:
    text = "width 3\nheight 3\nrows\n3\n\n1,1\ncolumns\n1,1\n\n1,1\n"
    assert GENRE.parse(text).rows == ((3,), (), (1, 1))
    spaced = "width 2\nheight 2\n\nrows\n1\n\n1\n\ncolumns\n2\n0\n"
    assert GENRE.parse(spaced).rows == ((1,), (1,))


def test_a_goal_is_compared_with_the_solution_found() -> None:
    text = (DATA / "pattern" / "house.txt").read_text()
    puzzle = GENRE.parse(text)
    solution = solve(GENRE, puzzle, get_backend("sat:cadical195")).solutions[0]
    assert GENRE.format_solution(puzzle, solution, "grid").endswith(
        "the solution is the file's goal"
    )
    wrong = text.replace('goal "0001', 'goal "1001')
    shown = GENRE.format_solution(GENRE.parse(wrong), solution, "grid")
    assert shown.endswith("the solution differs from the file's goal in 1 cells: r1c1")


def test_solution_formats() -> None:
    puzzle = GENRE.parse("4x4:2/1/2/1/1.1/2/1/1")
    solution = solve(GENRE, puzzle, get_backend("sat:cadical195")).solutions[0]
    assert GENRE.format_solution(puzzle, solution, "grid") == "#..#\n##..\n..#.\n..#."
    assert GENRE.format_solution(puzzle, solution, "tatham") == "S1001110000100010"
    assert GENRE.to_json(puzzle, solution) == ["1001", "1100", "0010", "0010"]


BAD_IDS = [
    ("5y5:1/1/1/1/1/1/1/1/1/1", "bad size '5y5' at column 1"),
    ("0x5:1/1/1/1/1", "width and height must be at least 1"),
    ("101x2:" + "/".join(["0"] * 103), "over the limit of 100"),
    ("3x3:1/1/1/3/0", "too few clues: 5 of 6 (3 columns, then 3 rows), ending at the end"),
    ("3x3:1/1/1/3/0//1", "too many clues: a 3x3 board has 6"),
    ("3x3:1/1/x/3/0/", "unexpected 'x' at column 9 of the game ID in the clue of column 3"),
    ("3x3:1/1/1/3/0/1.", "expected a number after '.' at the end"),
    (
        "3x3:1/1/1/2.2/0/",
        "the clue of row 1 (2 2) at column 11 of the game ID needs 5 cells, but the row has 3",
    ),
    ("3x3:1/1/1/3/0/1.0", "a run of 0 at column 17 of the game ID in the clue of row 3"),
    ("3x3:1/1/1/3/0/,c", "too few cells in the fixed cells: 3 of 9"),
    (
        "3x3:1/1/1/3/0/,cdd",
        "too many cells in the fixed cells: 'd' at column 18 of the game ID runs to cell 10",
    ),
    ("3x3:1/1/1/3/0/,c1", "unexpected '1' at column 17 of the game ID in the fixed cells"),
    (
        "3x3:1/1/1/3/0/,iA",
        "unexpected 'A' at column 17 of the game ID: the fixed cells already cover all 9",
    ),
    ("3x3 1/1/1/3/0/", "no ':' in '3x3 1/1/1/3/0/'"),
]


@pytest.mark.parametrize(("text", "message"), BAD_IDS, ids=[m for _, m in BAD_IDS])
def test_every_id_error_names_where(text: str, message: str) -> None:
    said, run = refused("pattern", text, GENRE.parse)
    assert message in said
    assert run.stdout == "" and message in run.stderr


BAD_TEXTS = [
    ("rows:\n1\ncolumns:\n1 x\n", "line 4, column 3: 'x' is not a run length"),
    ("rows:\n1\n", "no 'columns:' section"),
    ("1\nrows:\n1\ncolumns:\n1\n", "line 1: a clue before any 'rows:' or 'columns:' line"),
    ("rows: 1\ncolumns:\n1\n", "line 1: put each clue on its own line after 'rows:'"),
    ("rows:\n3\ncolumns:\n1\n", "row 1's clue 3 needs 3 cells, but the board has 1 columns"),
    ("width 2\nheight 2\nrows\n1\ncolumns\n1\n1\n", "line 3: 'rows' needs 2 clues (height 2)"),
    ("width 2\nrows\n1\n1\n", "no 'height' line"),
    ("width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 01", "line 7: the goal has 2 cells"),
    ("width 1\nheight 1\nrows\n1a\ncolumns\n1\n", "line 4: coloured clues (1a) are not supported"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXTS, ids=[m for _, m in BAD_TEXTS])
def test_plain_and_non_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ParseError) as error:
        GENRE.parse(text)
    assert message in str(error.value)
