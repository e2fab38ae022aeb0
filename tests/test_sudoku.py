"""Sudoku: Tatham's Solo IDs and the plain forms, the checker's rules, brute-force counts on 4x4
boards, killer cages in every encoding, the solve move, and every kind of bad ID."""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

import pytest

from conftest import BACKENDS, DATA, gridsat
from gridsat.parsers import ParseError
from gridsat.parsers.sudoku import format_id, format_puzzle, format_solution, parse
from gridsat.pipeline import solve
from gridsat.puzzles.sudoku import Board, Sudoku, cage_sets, check
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

SUDOKU = get_genre("sudoku")
FOLDER = DATA / "sudoku"
CORPUS = [json.loads(line) for line in (FOLDER / "tatham.jsonl").read_text().splitlines()]
PLAIN = sorted(FOLDER.glob("*.txt"))
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


def board(rows: Any) -> Board:
    return tuple(tuple(row) for row in rows)


def solution_of(name: str) -> Board:
    return board(json.loads((FOLDER / f"{name}.solution.json").read_text()))


def corpus(params: str, i: int = 0) -> dict[str, Any]:
    return [row for row in CORPUS if row["params"] == params][i]


# -- reading and printing -------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=lambda row: row["id"][:24])
def test_every_corpus_id_prints_back_exactly_and_its_solution_passes_the_checker(
    row: dict[str, Any],
) -> None:
    puzzle = parse(row["id"])
    assert format_puzzle(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle
    assert check(puzzle, board(row["solution"])) == []


@pytest.mark.parametrize("path", PLAIN, ids=lambda p: p.name)
def test_every_plain_example_round_trips(path: Any) -> None:
    puzzle = parse(path.read_text())
    assert puzzle.form == "plain"
    assert parse(format_puzzle(puzzle)) == puzzle


def test_params_say_the_block_shape_jigsaw_x_and_killer() -> None:
    six = parse(corpus("2x3db")["id"])
    assert (six.order, six.shape) == (6, (3, 2))  # 2x3: blocks 3 wide and 2 tall
    assert six.block_of[:6] == (0, 0, 0, 1, 1, 1) and six.block_of[6 * 2] == 2
    twelve = parse(corpus("3x4db")["id"])
    assert (twelve.order, twelve.shape) == (12, (4, 3))
    jigsaw = parse(corpus("9jdi")["id"])
    assert jigsaw.shape is None and sorted(set(jigsaw.block_of)) == list(range(9))
    assert parse(corpus("3x3xdi")["id"]).diagonals
    killer = parse(corpus("3x3kdt")["id"])
    assert killer.killer and sum(total for total, _ in killer.cages) == 9 * 45
    assert sorted(c for _, cells in killer.cages for c in cells) == [
        (r, c) for r in range(9) for c in range(9)
    ]


def test_name_prefix_and_generator_options_are_read_and_dropped() -> None:
    row = corpus("3x3du")
    plain = parse(row["id"])
    assert parse("solo:" + row["id"]) == plain
    assert parse(row["id"].replace("3x3:", "3x3dur2:", 1)) == plain
    assert parse(row["id"].replace("3x3:", "3:", 1)) == plain
    jig = corpus("9jdi")["id"]
    assert parse(jig.replace("9j:", "3x3j:", 1)) == parse(jig)


def test_the_plain_forms_of_one_board_read_alike() -> None:
    rows = parse(EASTER_MONSTER).rows
    lines = [EASTER_MONSTER[i : i + 9] for i in range(0, 81, 9)]
    forms = [
        EASTER_MONSTER.replace(".", "0"),
        "\n".join(lines),
        "\n".join(" ".join(line.replace(".", "_")) for line in lines),
        (FOLDER / "easter-monster.txt").read_text(),
        " ".join(EASTER_MONSTER.replace(".", "0")),  # 81 numbers on one line
    ]
    for text in forms:
        assert parse(text).rows == rows
    framed = (FOLDER / "col-02-08-071.txt").read_text()
    assert framed.startswith("+---") and parse(framed).rows[0][:4] == (0, 2, 0, 4)


@pytest.mark.parametrize("name, i", [("16x16-letters", 0), ("16x16-hex", 1), ("16x16-numbers", 2)])
def test_16x16_in_letters_from_1_or_from_0_or_in_numbers_is_the_corpus_board(
    name: str, i: int
) -> None:
    row = corpus("4x4db", i)
    puzzle = parse((FOLDER / f"{name}.txt").read_text())
    assert puzzle.rows == parse(row["id"]).rows
    assert solution_of(name) == board(row["solution"])


def test_16x16_prints_its_solution_in_the_symbols_it_was_read_in() -> None:
    letters = parse((FOLDER / "16x16-letters.txt").read_text())
    hexa = parse((FOLDER / "16x16-hex.txt").read_text())
    numbers = parse((FOLDER / "16x16-numbers.txt").read_text())
    assert (letters.symbols, hexa.symbols, numbers.symbols) == (
        "123456789ABCDEFG",
        "0123456789ABCDEF",
        "",
    )
    solved = solution_of("16x16-hex")
    printed = format_solution(hexa, solved).splitlines()
    assert printed[0] == "symbols 0-9A-F"  # (a full board's 0s would read as blanks)
    first = printed[1].split()
    assert first == [
        *("0123456789ABCDEF"[v - 1] for v in solved[0][:4]),
        "|",
        *("0123456789ABCDEF"[v - 1] for v in solved[0][4:8]),
        "|",
        *("0123456789ABCDEF"[v - 1] for v in solved[0][8:12]),
        "|",
        *("0123456789ABCDEF"[v - 1] for v in solved[0][12:]),
    ]
    assert (
        format_solution(numbers, solution_of("16x16-numbers")).splitlines()[4].startswith("-" * 11)
    )


def test_symbols_and_blocks_options_and_settings_line() -> None:
    text = "\n".join(". . . .|. . . ." for _ in range(8))
    assert parse(text).shape == (4, 2)
    assert parse(text, blocks="2x4").shape == (2, 4)
    assert parse("blocks 2x4\n" + text).shape == (2, 4)
    assert parse("diagonals\n" + text).diagonals and parse(text, diagonals=True).diagonals
    zero = "0" + "." * 255
    assert parse(zero).rows[0][0] == 1  # 0 beside other blanks is a symbol: counted from 0
    assert parse(zero, symbols="1-9A-G").rows[0][0] == 0  # ... unless told it is a blank
    odd = parse("blocks 2x4 diagonals symbols 0-7\n" + text.replace(".", "3", 1))
    assert odd.rows[0][0] == 4 and parse(format_puzzle(odd)) == odd


def test_solve_move_is_solo_s_string() -> None:
    row = corpus("4x4db")
    puzzle = parse(row["id"])
    move = format_solution(puzzle, board(row["solution"]), "tatham")
    assert move == "S" + ",".join(str(v) for line in row["solution"] for v in line)
    assert move.startswith("S") and len(move.split(",")) == 256


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        ("3y3:" + "i" * 9, ["unexpected 'y'", "column 2"]),  # bad params
        ("0x3:a", ["at least 2", "column 1"]),  # bad size
        ("7x7:a", ["over the limit", "column 1"]),  # too large
        ("3x3:a9a8_6c4d4_1a9g7_5a7_8a9_2b1b6e7b5b8_7a3_9a2_5g1a4_7d4c9_3a6", ["too few", "end"]),
        ("3x3:zzzd", ["too many cells", "column 8"]),  # 82 cells
        ("3x3:10zzzb", ["given 10", "column 5", "outside 1..9"]),  # a value out of range
        ("3x3:zz!zc", ["unexpected '!'", "column 7"]),  # a bad character
        ("3x3:zzzc,a", ["unexpected ',a'", "column 9"]),  # more after the givens
        ("9j:zzzc", ["expected ','", "jigsaw blocks", "end"]),  # blocks missing
        ("9j:zzzc," + "_" * 145, ["jigsaw block at r1c1 has 1 cells, not 9", "column 9"]),
        ("9j:zzzc,_!", ["unexpected '!'", "column 10"]),  # bad block code
        ("9j:zzzc," + "_" * 150, ["run past", "column 154"]),
        ("3x3xk:zzzc," + "_" * 145 + ",zzzc", ["cage at r1c1 has no sum", "column 158"]),
        ("2x2k:p,x,10o", ["more than the 4 digits", "column 8"]),  # one cage of 16 cells
        ("2x2k:p,x,3_4n", ["second sum 4", "column 12"]),
        ("2x2x:p,x", ["unexpected ',x'", "column 7"]),
        ("3x3", ["no ':'"]),
        ("5x5k:zzzzzzzzzzzzzzzzzzzzzzzzv", ["killer boards go up to 16x16", "column 1"]),
    ],
)
def test_every_id_error_names_where_it_went_wrong(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as e:
        parse(text)
    message = str(e.value)
    assert "\n" not in message
    for w in words:
        assert w in message


@pytest.mark.parametrize(
    "text, words",
    [
        ("1234\n" * 3, ["line 1", "4 cells, expected 3"]),
        ("." * 80, ["80 cells is no square board"]),
        ("\n".join(["....."] * 5), ["5x5 board has no rectangular blocks", "--blocks"]),
        ("\n".join(["....Z..........."] * 16), ["'Z' is not a symbol", "1-9A-G", "0-9A-F"]),
        ("\n".join([". " * 8 + "17"] + [". " * 9] * 8), ["r1c9", "17 is outside 1..9"]),
        ("\n".join([".... ..."] * 8), ["line 1: 7 cells, expected 8"]),
    ],
)
def test_plain_errors_name_the_line_and_cell(text: str, words: list[str]) -> None:
    with pytest.raises(ParseError) as e:
        parse(text)
    for w in words:
        assert w in str(e.value)


def test_options_for_plain_boards_are_refused_with_an_id() -> None:
    with pytest.raises(ParseError, match="--blocks apply to plain boards"):
        parse(corpus("3x3dt")["id"], blocks="3x3")


def test_bad_id_on_the_command_line_is_one_line_and_exit_2() -> None:
    run = gridsat("solve", "sudoku", "3x3:zz!zc")
    assert run.returncode == 2
    assert run.stderr.strip().count("\n") == 0
    assert run.stderr.startswith("gridsat: error:") and "column 7" in run.stderr


# -- the rules ------------------------------------------------------------------------------------


def test_checker_rejects_each_broken_rule() -> None:
    row = corpus("3x3dt")
    puzzle = parse(row["id"])
    good = [list(line) for line in row["solution"]]
    assert check(puzzle, board(good)) == []
    blank = next((r, c) for r in range(9) for c in range(9) if not puzzle.rows[r][c])
    changed = [line[:] for line in good]
    r, c = blank
    changed[r][c] = good[r][c] % 9 + 1
    problems = check(puzzle, board(changed))
    for group in (f"row {r + 1}:", f"column {c + 1}:", "the block at"):
        assert any(p.startswith(group) and "stands twice" in p for p in problems), group
    given = next((r, c) for r in range(9) for c in range(9) if puzzle.rows[r][c])
    swapped = [line[:] for line in good]
    gr, gc = given
    swapped[gr][gc] = good[gr][gc] % 9 + 1
    assert any(
        f"r{gr + 1}c{gc + 1} should be the given" in p for p in check(puzzle, board(swapped))
    )
    outside = [line[:] for line in good]
    outside[0][0] = 10
    assert check(puzzle, board(outside)) == ["r1c1 holds 10, outside 1..9"]
    assert check(puzzle, board(good[:8])) == ["the solution is not a 9x9 board"]


def test_checker_rejects_a_broken_diagonal_and_a_broken_cage() -> None:
    latin = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
    empty = Sudoku(((0,) * 4,) * 4, (2, 2))
    assert check(empty, latin) == []
    x = Sudoku(((0,) * 4,) * 4, (2, 2), diagonals=True)
    assert any(p.startswith("the main diagonal:") for p in check(x, latin))
    wrong = Sudoku(((0,) * 4,) * 4, (2, 2), cages=((5, ((0, 0), (1, 0))),))
    assert check(wrong, latin) == ["the cage of 5 at r1c1 adds up to 4"]
    repeat = Sudoku(((0,) * 4,) * 4, (2, 2), cages=((3, ((0, 0), (2, 1))),))
    assert check(repeat, latin) == [
        "the cage of 3 at r1c1 adds up to 2",
        "the cage of 3 at r1c1: 1 stands twice, at r1c1 and r3c2",
    ]


def test_cage_sets_are_the_digit_sets_of_the_sum() -> None:
    as_sets = lambda masks: sorted(  # noqa: E731
        sorted(d for d in range(1, 10) if m >> d & 1) for m in masks
    )
    assert as_sets(cage_sets(10, 2, 9)) == [[1, 9], [2, 8], [3, 7], [4, 6]]
    assert as_sets(cage_sets(45, 9, 9)) == [list(range(1, 10))]
    assert as_sets(cage_sets(7, 3, 9)) == [[1, 2, 4]]
    assert cage_sets(5, 3, 9) == [] and cage_sets(25, 3, 9) == []
    for total, size in itertools.product(range(1, 46), range(1, 10)):
        brute = {
            sum(1 << d for d in ds)
            for ds in itertools.combinations(range(1, 10), size)
            if sum(ds) == total
        }
        assert set(cage_sets(total, size, 9)) == brute
        # within the digits a cage's cells still allow, on a board of 16
        digits = [d for d in range(1, 17) if (d * 7 + total) % 3]
        assert set(cage_sets(total, size, 16, digits)) == {
            sum(1 << d for d in ds)
            for ds in itertools.combinations(digits, size)
            if sum(ds) == total
        }


# -- brute force ----------------------------------------------------------------------------------


@functools.cache
def all_4x4() -> list[Board]:
    """Every 4x4 board of 1..4 whose rows and columns hold 1..4 once (576 of them; a board
    that breaks this breaks the rules of every puzzle below): the checker picks among them."""
    rows = list(itertools.permutations(range(1, 5)))
    found = []
    for b in itertools.product(rows, repeat=4):
        if all(len({b[r][c] for r in range(4)}) == 4 for c in range(4)):
            found.append(board(b))
    return found


@functools.cache
def brute_count(puzzle: Sudoku) -> int:
    return sum(1 for b in all_4x4() if not check(puzzle, b))


SOLVED = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))


def blanked(cells: list[tuple[int, int]], **extra: Any) -> Sudoku:
    rows = tuple(tuple(0 if (r, c) in cells else SOLVED[r][c] for c in range(4)) for r in range(4))
    return Sudoku(rows, (2, 2), **extra)


FOUR = [
    blanked([(r, c) for r in range(4) for c in range(4)]),  # empty: 288 Sudokus
    blanked([(r, c) for r in range(4) for c in range(4)], diagonals=True),
    blanked([(0, 0), (0, 1), (1, 0), (1, 1), (2, 2), (3, 3), (0, 3), (3, 0), (2, 1)]),
    blanked([(r, c) for r in range(4) for c in range(4) if (r + c) % 3]),
    blanked(
        [(r, c) for r in range(4) for c in range(4)],
        cages=(
            (6, ((0, 0), (0, 1), (1, 0))),
            (7, ((2, 2), (2, 3))),
            (1, ((3, 3),)),
        ),
    ),
    blanked(
        [(r, c) for r in range(4) for c in range(4) if r < 3],
        cages=((10, ((0, 0), (0, 1), (1, 1), (1, 0))), (3, ((2, 0), (2, 1)))),
    ),
    Sudoku(((1, 1, 0, 0),) + ((0,) * 4,) * 3, (2, 2)),  # two givens that clash: none
]


def count_cases() -> list[Any]:
    """Every 4x4 puzzle on every backend, pruned and not; the empty board's 288 solutions on
    Kissat (rebuilt for each) take half a minute: slow."""
    return [
        pytest.param(
            number,
            backend,
            prune,
            marks=[pytest.mark.slow] if number == 0 and "kissat" in backend else [],
        )
        for number in range(len(FOUR))
        for backend in BACKENDS
        for prune in (True, False)
    ]


@pytest.mark.parametrize("number, backend, prune", count_cases())
def test_counts_match_brute_force_on_4x4(number: int, backend: str, prune: bool) -> None:
    puzzle = FOUR[number]
    expected = brute_count(puzzle)
    for encoding in SUDOKU.encodings:
        outcome = solve(SUDOKU, puzzle, get_backend(backend), encoding, limit=300, prune=prune)
        assert outcome.count_exact
        assert len(outcome.solutions) == expected, encoding


def test_brute_force_counts_are_what_they_should_be() -> None:
    counts = [brute_count(p) for p in FOUR]
    assert counts[0] == 288 and counts[-1] == 0
    assert 0 < counts[1] < 288 and all(c > 0 for c in counts[2:-1])


def test_a_killer_id_of_4x4_round_trips_and_solves_on_every_encoding() -> None:
    puzzle = FOUR[4]
    cages = puzzle.cages  # the cages above, and a cage of one cell on every other cell
    covered = {c for _, cells in cages for c in cells}
    rest = tuple(
        (SOLVED[r][c], ((r, c),)) for r in range(4) for c in range(4) if (r, c) not in covered
    )
    whole = Sudoku(
        ((0,) * 4,) * 4, (2, 2), cages=tuple(sorted(cages + rest, key=lambda k: k[1][0]))
    )
    text = format_id(whole)
    assert text.startswith("2x2k:p,") and parse(text) == whole
    for encoding in SUDOKU.encodings:
        outcome = solve(SUDOKU, whole, get_backend("sat:cadical195"), encoding, limit=2)
        assert outcome.status == "unique" and outcome.solutions[0] == SOLVED


# -- famous boards, several solutions, none ------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["inkala", "easter-monster", "golden-nugget", "tarek-052", "col-02-08-071"]
)
@pytest.mark.parametrize("encoding", ["onehot", "integer"])
def test_famous_hard_boards_are_unique_with_their_known_solution(name: str, encoding: str) -> None:
    puzzle = parse((FOLDER / f"{name}.txt").read_text())
    outcome = solve(SUDOKU, puzzle, get_backend("sat:cadical195"), encoding, limit=2)
    assert outcome.status == "unique"
    assert outcome.solutions[0] == solution_of(name)
    assert check(puzzle, outcome.solutions[0]) == []


def test_inkala_solution_is_the_published_one() -> None:
    published = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    assert [v for row in solution_of("inkala") for v in row] == [int(ch) for ch in published]


def test_two_solutions_exit_3_with_both_and_where_they_differ() -> None:
    text = (FOLDER / "multiple.txt").read_text()
    run = gridsat("solve", "sudoku", "--unique", stdin=text)
    assert run.returncode == 3
    assert "differ in" in run.stdout
    out = json.loads(gridsat("solve", "sudoku", "--unique", "--json", stdin=text).stdout)
    first, second = out["solution"], out["second_solution"]
    assert out["status"] == "multiple" and first != second
    assert len(out["differences"]) == 4  # a deadly rectangle: its four cells swap
    count = json.loads(gridsat("solve", "sudoku", "--count", "10", "--json", stdin=text).stdout)
    assert (count["count"], count["count_exact"]) == (2, True)


def test_no_solution_exits_1() -> None:
    run = gridsat("solve", "sudoku", stdin=(FOLDER / "unsolvable.txt").read_text())
    assert run.returncode == 1 and run.stdout.strip() == "no solution"


def test_solve_prints_the_board_ruled_and_the_move() -> None:
    row = corpus("3x3dt")
    grid = gridsat("solve", "sudoku", row["id"])
    assert grid.returncode == 0
    lines = grid.stdout.splitlines()
    assert lines[3] == "------+-------+------"
    assert [int(v) for v in lines[0].replace("|", " ").split()] == row["solution"][0]
    move = gridsat("solve", "solo", row["id"], "--format", "tatham")
    assert move.stdout.strip() == "S" + ",".join(str(v) for r in row["solution"] for v in r)


def test_pruning_places_a_digit_left_with_one_cell_in_its_block() -> None:
    from gridsat.models.sudoku import _deduce, _layout

    rows = [[0] * 9 for _ in range(9)]
    # 1 in rows 2 and 3 and in columns 2 and 3 leaves r1c1 the only place for 1 in the first
    # block, though r1c1 itself could hold any digit.
    rows[1][3] = rows[2][6] = rows[3][1] = rows[6][2] = 1
    puzzle = Sudoku(board(rows), (3, 3))

    mask = [1 << v if v else 0b1111111110 for row in rows for v in row]
    placed = [False] * 81
    assert _deduce(9, mask, placed, _layout(9, (3, 3), (), False), [])
    assert placed[0] and mask[0] == 1 << 1
    outcome = solve(SUDOKU, puzzle, get_backend("sat:cadical195"), limit=1)
    assert outcome.solutions[0][0][0] == 1


@pytest.mark.parametrize("text", [":", ":a", " :"])
def test_a_game_id_with_no_parameters_is_one_line(text: str) -> None:
    # The fuzz test's b':' ended in an IndexError (exit 70): the error pointed past the end.
    with pytest.raises(ParseError, match="bad parameters '': none before the ':'"):
        parse(text)


@pytest.mark.parametrize(
    ("size", "side", "shape"),
    [("3x3", 9, (3, 3)), ("3", 9, (3, 3)), ("2x3", 6, (3, 2)), ("3x2", 6, (2, 3)),
     ("2x2", 4, (2, 2)), ("9x9", 9, (3, 3)), ("4", 4, (2, 2))],
)  # fmt: skip
def test_generate_takes_tathams_block_notation(size: str, side: int, shape: Any) -> None:
    import gridsat

    made = gridsat.generate("sudoku", size, seed=1)
    puzzle, answer = made.puzzle.data, made.solution.value
    assert len(puzzle.rows) == side and puzzle.shape == shape
    assert check(puzzle, answer) == []  # the rules' checker, not the model that made it
    again = parse(format_puzzle(puzzle))  # written as it reads back, blocks and all
    assert again.shape == shape and again.rows == puzzle.rows
    assert gridsat.count(gridsat.read("sudoku", format_puzzle(puzzle)), 2) == 1


def test_generate_refuses_a_sudoku_size_with_no_blocks_in_one_line() -> None:
    run = gridsat("generate", "sudoku", "--size", "7")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1
    assert "no sudoku of size 7x7" in run.stderr and "3x3 for a 9x9 board" in run.stderr
