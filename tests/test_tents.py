"""Tents: the game ID and plain readers, the checker, both encodings against brute force, the
lazy pairing's cuts, and the command line."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from conftest import BACKENDS, DATA, gridsat
from gridsat.models.graph import matching_cuts
from gridsat.models.model import Matching
from gridsat.parsers import ParseError
from gridsat.pipeline import solve
from gridsat.puzzles.tents import TENT, TREE, Tents, keep, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

ROOT = Path(__file__).resolve().parent.parent
GENRE = get_genre("tents")
CORPUS = [json.loads(line) for line in (DATA / "tents" / "tatham.jsonl").read_text().splitlines()]


# -- reading and printing -------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=[r["id"][:12] for r in CORPUS])
def test_corpus_ids_print_back_exactly_and_their_solutions_check(row: dict[str, object]) -> None:
    puzzle = GENRE.parse(row["id"])
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert GENRE.parse(GENRE.format_puzzle(puzzle)) == puzzle
    assert GENRE.check(puzzle, tuple(row["solution"])) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["corpus-8x8.txt", "typed.txt", "multiple.txt", "unsolvable.txt"])
def test_plain_examples_round_trip(name: str) -> None:
    puzzle = GENRE.parse((DATA / "tents" / name).read_text())
    assert not puzzle.tatham
    assert GENRE.parse(GENRE.format_puzzle(puzzle)) == puzzle


def test_the_plain_layout_and_the_id_read_the_same_board() -> None:
    typed = GENRE.parse((DATA / "tents" / "typed.txt").read_text())
    assert typed == GENRE.parse(CORPUS[5]["id"])  # compared without where it was read from
    assert GENRE.format_puzzle(typed).splitlines()[0] == ". . . ^ ^ . . . . .  1"


def test_marks_in_an_id_are_shown_cells_and_print_back() -> None:
    # `!` makes the cell before it a tent, `-` grass; a `tents:` prefix is accepted.
    puzzle = GENRE.parse("tents:3x2:_!a-c,1,0,0,0,1")
    assert puzzle.rows == ("T.-", "...") and puzzle.shown() == {(0, 0): "T", (0, 2): "-"}
    assert GENRE.format_puzzle(puzzle) == "3x2:_!a-c,1,0,0,0,1"


def test_long_runs_of_open_cells_use_z() -> None:
    # 30 open cells, a tree, 29 open cells: z (25 open) then e (5 open and a tree), z then d
    # (4 open and the virtual tree past the end).
    text = "30x2:zezd" + ",0" * 30 + ",0,1"
    puzzle = GENRE.parse(text)
    assert puzzle.rows == ("." * 30, "^" + "." * 29)
    assert GENRE.format_puzzle(puzzle) == text


BAD_IDS = [
    ("8x:abc,1", "bad size", "column 1"),
    ("0x4:abc", "at least one row", "column 1"),
    ("2000x2000:a", "over the limits", "column 1"),
    ("3x3:a#b,1,0,0,1,0,0", "unexpected '#'", "column 6"),
    ("3x3:ab,1,0,0,1,0,0", "too few cells", "column 7"),
    ("3x3:_i,1,0,0,1,0,0", "too many cells", "column 6"),
    ("3x3:a_f_,1,0,0,1,0,0", "already reached the end", "column 8"),
    ("3x3:!h,1,0,0,1,0,0", "follows no cell", "column 5"),
    ("3x3:ag,1,0,0,1", "too few counts", "end of the game ID"),
    ("3x3:ag,1,0,x,1,0,0", "count of column 3", "column 12"),
    ("3x3:ag,1,0,0,1,0,0,2", "counts are complete", "column 19"),
    ("3x3:ag,1,0,5,1,0,0", "more than its 3 cells", "column 12"),
    ("3x3:ag;1,0,0,1,0,0", "unexpected ';'", "column 7"),
]


@pytest.mark.parametrize(("text", "what", "place"), BAD_IDS, ids=[b[1] for b in BAD_IDS])
def test_a_bad_id_names_where_it_went_wrong(text: str, what: str, place: str) -> None:
    with pytest.raises(ParseError) as error:
        GENRE.parse(text)
    message = str(error.value)
    assert what in message and place in message and "\n" not in message


BAD_PLAIN = [
    (". ^ 1\n. .\n0 1", "line 2: a row must end with its count"),
    (". ^ 1\n. x 0\n0 1", "line 2, column 3: 'x' is not a cell"),
    (". ^ 1\n. . . 0\n0 1", "line 2: 3 cells, expected 2"),
    (". ^ 1\n. . 0\n0 1 0", "line 3: 3 column counts, expected 2"),
    (". ^ 1\n. . 0\n0 a", "line 3: column 2's count 'a' is not a number"),
    (". ^ 3\n. . 0\n0 1", "line 1: row 1's count 3 is more than its 2 cells"),
    (". ^ 1", "needs its rows"),
]


@pytest.mark.parametrize(("text", "message"), BAD_PLAIN, ids=[b[1][:20] for b in BAD_PLAIN])
def test_a_bad_plain_board_names_its_line(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(")):
        GENRE.parse(text)


def test_bad_ids_exit_2_with_one_line_and_no_traceback() -> None:
    for text, _, place in BAD_IDS[2:5]:
        result = gridsat("solve", "tents", text)
        assert result.returncode == 2, (text, result.stderr)
        assert result.stderr.startswith("gridsat: error: ") and place in result.stderr
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


# -- the rules ------------------------------------------------------------------------------------

BOARD = Tents(("^..", "...", "..^"), (1, 0, 1), (0, 2, 0))
GOOD = ("^T.", "...", ".T^")


def test_the_checker_accepts_a_solution() -> None:
    assert GENRE.check(BOARD, GOOD) == []
    assert GENRE.check(BOARD, ("^..", "T..", "..^")) != []  # r2c1's row counts no tent


BROKEN = [
    (("^T.", "...", ".X^"), "holds 'X'"),  # a cell is a tree, a tent or grass
    (("^T^", "...", "..."), "r1c3 should not be a tree"),  # the trees stand where they stand
    (("^T.", "...", "..T"), "r3c3 should be a tree"),
    (("^T.", ".T.", "..^"), "touch"),  # tents never touch
    (("^T.", "...", "T.^"), "has 1 tents, not 0"),  # the counts hold
    (("^.T", "...", ".T^"), "has no tent of its own"),  # a tree without a tent
    (("^T.", "..."), "not a 3x3 board"),
]  # fmt: skip


@pytest.mark.parametrize(("solution", "problem"), BROKEN, ids=[b[1] for b in BROKEN])
def test_the_checker_rejects_a_broken_solution(solution: tuple[str, ...], problem: str) -> None:
    assert any(problem in p for p in GENRE.check(BOARD, solution)), GENRE.check(BOARD, solution)


def test_the_pairing_is_one_to_one() -> None:
    # Two trees share their only tent: each tent is next to a tree, yet one tree has none.
    board = Tents(("^T^", "..."), (1, 1), (1, 0, 1))
    shared = ("^T^", "T..")
    problems = GENRE.check(board, shared)
    assert any("r2c1 touch" in p or "tree of its own" in p for p in problems)
    lonely = Tents(("^.^", "...", "..."), (1, 0, 1), (0, 1, 1))
    problems = GENRE.check(lonely, ("^T^", "...", "..T"))
    assert "the tree at r1c3 has no tent of its own" in problems
    assert "the tent at r3c3 has no tree of its own" in problems


def test_shown_cells_hold() -> None:
    board = Tents(("^T.", "...", "-.^"), (1, 0, 1), (0, 2, 0))
    assert GENRE.check(board, GOOD) == []
    assert "r1c2 is shown as a tent" in GENRE.check(board, ("^..", "T..", "..^"))
    grass = Tents(("^..", "...", ".-^"), (1, 0, 1), (0, 2, 0))
    assert "r3c2 is shown as grass" in GENRE.check(grass, GOOD)


# -- the model against brute force ----------------------------------------------------------------


def brute_force(puzzle: Tents) -> int:
    """Every placement of as many tents as trees on the open cells, counted when it answers."""
    open_cells = [
        (r, c) for r, row in enumerate(puzzle.rows) for c, ch in enumerate(row) if ch != TREE
    ]
    found = 0
    for tents in itertools.combinations(open_cells, len(puzzle.trees())):
        chosen = set(tents)
        board = tuple(
            "".join(
                TREE if ch == TREE else TENT if (r, c) in chosen else "."
                for c, ch in enumerate(row)
            )
            for r, row in enumerate(puzzle.rows)
        )
        found += not GENRE.check(puzzle, board)
    return found


def small_boards() -> list[Tents]:
    """Random small boards: made whole and then bare, with their counts, and with counts
    shuffled (fewer solutions, or none), and with a few cells shown."""
    rng = random.Random(5)
    boards = []
    for size in [(3, 3), (4, 3), (4, 4), (5, 4), (4, 5)]:
        for _ in range(2):
            whole, _, _ = make(size, rng, None)
            bare = keep(whole, [])
            boards.append(bare)
            rows = list(bare.row_counts)
            rng.shuffle(rows)
            boards.append(Tents(bare.rows, tuple(rows), bare.column_counts))
            shown = rng.sample(sorted(whole.shown().items()), 2)
            boards.append(keep(whole, shown))
    return boards


BOARDS = small_boards()
EXPECTED: dict[Tents, int] = {}


def expected(puzzle: Tents) -> int:
    """The brute-force count, once per board."""
    if puzzle not in EXPECTED:
        EXPECTED[puzzle] = brute_force(puzzle)
    return EXPECTED[puzzle]


@pytest.mark.parametrize(
    ("backend", "encoding"),
    [
        # (the Tricky rules' automata are the largest model: one SAT backend counts it in the
        # default run, the same clauses on the others in the slow one)
        pytest.param(backend, encoding, marks=pytest.mark.slow)
        if encoding == "tricky" and backend != "sat:cadical195"
        else (backend, encoding)
        for encoding in GENRE.encodings
        for backend in BACKENDS
    ],
)
def test_counts_match_brute_force(backend: str, encoding: str) -> None:
    counts = []
    for puzzle in BOARDS:
        want = expected(puzzle)
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=100, prune=prune)
            assert len(outcome.solutions) == want, (puzzle, prune)
        counts.append(want)
    assert 0 in counts and max(counts) > 1  # the boards cover none, one and several


def test_tathams_tricky_rules_finish_his_tricky_puzzles_by_propagation() -> None:
    import gridsat as api
    from gridsat.grading import grade

    easy, tricky = (GENRE.parse(CORPUS[k]["id"]) for k in (0, 5))  # 8x8 Easy, 10x10 Tricky
    assert CORPUS[0]["params"] == "8x8de" and CORPUS[5]["params"] == "10x10dt"
    # With his Easy rules alone (lines), the Tricky puzzle needs probing; with his Tricky rules
    # turned on after them, propagation finishes it, and his Easy puzzle needs no Tricky rule.
    assert grade(GENRE, tricky, encoding="lines").level == 2
    graded = api.grade(api.read("tents", str(CORPUS[5]["id"]))).to_json()
    assert (graded["level"], graded["score"]) == (1, 0.6667)
    assert (graded["band"], graded["known_level"]) == ("hard", "Tricky")
    assert grade(GENRE, easy).score < 0.5


def test_hall_cuts_ask_for_one_more_tent_around_the_trees_that_share() -> None:
    # Trees 0 and 1 both have only tent 1 (true) and tree 1 also cell 2 (false): tree 1 is
    # left out, and {0, 1} needs cell 2.
    cut = matching_cuts(Matching(((0, 1), (1, 1), (1, 2))), lambda lit: lit == 1)
    assert cut == [(2,)]
    assert matching_cuts(Matching(((0, 1), (1, 1), (1, 2))), lambda lit: True) == []
    assert matching_cuts(Matching(((0, 1), (1, 1))), lambda lit: lit == 1) == [()]


# -- the command line -----------------------------------------------------------------------------


def test_solve_prints_the_board_the_json_and_the_solve_move() -> None:
    row = CORPUS[0]
    text = gridsat("solve", "tents", row["id"], "--unique")
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[0] == ". ! ^ . . . . ^  1" and "unique" in text.stdout
    data = json.loads(gridsat("solve", "tents", row["id"], "--json").stdout)
    assert data["solution"] == row["solution"]
    move = gridsat("solve", "tents", row["id"], "--format", "tatham").stdout.strip()
    assert move.startswith("S;T1,0;T5,1;T7,1;T0,2;")
    assert move.count(";T") == sum(r.count("T") for r in row["solution"])


def test_count_and_unsolvable_from_the_command_line() -> None:
    several = gridsat("solve", "tents", "data/tents/multiple.txt", "--count", "10")
    assert several.returncode == 0 and "2 solutions" in several.stdout
    none = gridsat("solve", "tents", "data/tents/unsolvable.txt")
    assert none.returncode == 1 and "no solution" in none.stdout


def test_a_superscript_digit_in_a_count_is_one_line() -> None:
    # str.isdigit() takes '¹' while int() refuses it: the fuzz test's internal error (exit 70).
    for text in (". ^ 1\n1¹ 0\n", ". ^ . 1\n. . . 1¹\n1 0 1\n"):
        with pytest.raises(ParseError):
            GENRE.parse(text)


def test_a_line_without_a_count_counts_nothing() -> None:
    # puzz.link's boards may leave a line's count out: "?" in the plain layout
    text = "^ .  ?\n. .  1\n1 ?"
    puzzle = GENRE.parse(text)
    assert puzzle.row_counts == (None, 1) and puzzle.column_counts == (1, None)
    outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=3)
    found = {tuple(s) for s in outcome.solutions}
    assert found == {("^.", "T.")}  # the tent in column 1, the only count there
    for grid in outcome.solutions:
        assert GENRE.check(puzzle, grid) == []
    assert GENRE.parse(GENRE.format_puzzle(puzzle)) == puzzle
    with pytest.raises(ValueError, match="every line's count"):
        GENRE.format_id(puzzle)  # type: ignore[misc]


def test_the_printed_solution_reads_back_as_the_puzzle_with_its_tents_shown(tmp_path: Path) -> None:
    # `solve tents t.txt | head -11 > out; solve tents out`: the board printed shows its tents
    # as `!`, which the plain layout reads as tents (a `T` there read as a tree: no solution).
    solved = gridsat("solve", "tents", "data/tents/typed.txt")
    assert solved.returncode == 0, solved.stderr
    board = "\n".join(solved.stdout.splitlines()[:11])
    puzzle = GENRE.parse(board)
    original = GENRE.parse((DATA / "tents" / "typed.txt").read_text())
    assert puzzle.row_counts == original.row_counts and puzzle.trees() == original.trees()
    assert len(puzzle.shown()) == len(original.trees())  # every tent shown
    (tmp_path / "out").write_text(board + "\n")
    again = gridsat("solve", "tents", str(tmp_path / "out"), "--unique")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[:11] == solved.stdout.splitlines()[:11]
