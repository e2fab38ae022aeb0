"""Magnets: the game ID and plain readers, the checker, both encodings against brute force,
and the command line."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
from pathlib import Path

import pytest

from conftest import BACKENDS, DATA, gridsat
from gridsat.parsers import ParseError
from gridsat.pipeline import solve
from gridsat.puzzles.magnets import Magnets, keep, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

ROOT = Path(__file__).resolve().parent.parent
GENRE = get_genre("magnets")
CORPUS = [json.loads(line) for line in (DATA / "magnets" / "tatham.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("row", CORPUS, ids=[r["params"] for r in CORPUS])
def test_corpus_ids_print_back_exactly_and_their_solutions_check(row: dict[str, object]) -> None:
    puzzle = GENRE.parse(row["id"])
    assert GENRE.format_puzzle(puzzle) == row["id"]
    plain = dataclasses.replace(puzzle, tatham=False)
    assert GENRE.parse(GENRE.format_puzzle(plain)) == puzzle
    assert GENRE.check(puzzle, tuple(row["solution"])) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["stripped-10x9.txt", "multiple.txt", "unsolvable.txt"])
def test_plain_examples_round_trip(name: str) -> None:
    puzzle = GENRE.parse((DATA / "magnets" / name).read_text())
    assert not puzzle.tatham and GENRE.parse(GENRE.format_puzzle(puzzle)) == puzzle


def test_an_id_reads_counts_lone_cells_and_spacers() -> None:
    # Tatham's own example, with a ',' between rows of the layout (the collection skips it).
    puzzle = GENRE.parse("magnets:3x3:201,102,120,111,LRT,T*B,BLR")
    assert puzzle.layout == ("LRT", "T*B", "BLR")
    assert puzzle.plus_columns == (2, 0, 1) and puzzle.minus_rows == (1, 1, 1)
    stripped = GENRE.parse("3x3dtS:2.1,1.2,.20,111,LRTT*BBLR")
    assert stripped.plus_columns == (2, None, 1) and stripped.minus_columns == (None, 2, 0)


BAD_IDS = [
    ("3y3:201,102,120,111,LRTT*BBLR", "bad size", "column 1"),
    ("99x3:201,102,120,111,LRTT*BBLR", "over the limit", "column 1"),
    ("1x1:1,1,0,0,L", "bad size '1x1' at column 1 of the game ID: a board has at least 2", "1"),
    ("3x3:2#1,102,120,111,LRTT*BBLR", "unexpected '#'", "column 6"),
    ("3x3:20,102,120,111,LRTT*BBLR", "too few + counts of the columns", "column 7"),
    ("3x3:2011,102,120,111,LRTT*BBLR", "too many + counts of the columns", "column 8"),
    ("3x3:201,102,120,111,LRTT*BBL", "too few cells", "end of the game ID"),
    ("3x3:201,102,120,111", "nothing follows the - counts of the rows", "end of the game ID"),
    ("3x3:201,102,120,111,LRTT*BBLRL", "too many cells", "column 30"),
    ("3x3:201,102,120,111,LRTX*BBLR", "unexpected 'X'", "column 24"),
    ("3x3:201,102,120,111,LRTL*BBLR", "has no 'R' beside it", "column 24"),
    ("3x3:201,102,120,111,RLTT*BBLR", "has no 'L' beside it", "column 21"),
    ("3x3:401,102,120,111,LRTT*BBLR", "more than its 3 cells", "column 5"),
    ("3x3:201,102,220,111,LRTT*BBLR", "counts 2 + and 2 -", "column 13"),
]


@pytest.mark.parametrize(("text", "what", "place"), BAD_IDS, ids=[b[1] for b in BAD_IDS])
def test_a_bad_id_names_where_it_went_wrong(text: str, what: str, place: str) -> None:
    with pytest.raises(ParseError) as error:
        GENRE.parse(text)
    message = str(error.value)
    assert what in message and place in message and "\n" not in message, message


BAD_PLAIN = [
    ("+ 1 0\n1 0 L R\n0 0 L R", "no line of the columns' - counts"),
    ("+ 1 0\n- 0 1\n1 0 L R\n0 0 L", "line 4: 1 cells, expected 2"),
    ("+ 1 0\n- 0 1\n1 0 L X\n0 0 L R", "line 3: 'X' is not a domino half"),
    ("+ 1 0 0\n- 0 1\n1 0 L R\n0 0 L R", "line 1: 3 column + counts, expected 2"),
    ("+ 1 0\n- 0 1\n1 x L R\n0 0 L R", "line 3: 'x' (word 2) is not a count"),
    ("+ 1 0\n- 0 1\n1 0 T R\n0 0 L R", "has no 'B' beside it"),
]


@pytest.mark.parametrize(("text", "message"), BAD_PLAIN, ids=[b[1][:24] for b in BAD_PLAIN])
def test_a_bad_plain_board_names_its_line(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        GENRE.parse(text)


def test_bad_ids_exit_2_with_one_line_and_no_traceback() -> None:
    for text, _, place in BAD_IDS[2:4]:
        result = gridsat("solve", "magnets", text)
        assert result.returncode == 2 and place in result.stderr, result.stderr
        assert result.stderr.startswith("gridsat: error: ") and result.stderr.count("\n") == 1


BOARD = GENRE.parse("3x3:201,102,120,111,LRTT*BBLR")
GOOD = ("+-.", "-#.", "+-+")

BROKEN = [
    (("+-.", "-#.", "+-x"), "holds 'x'"),  # a cell is +, -, neutral or a lone cell
    (("+-.", "-..", "+-+"), "not marked # as a lone cell"),
    (("++.", "-#.", "+-+"), "neither a magnet"),  # a domino is a magnet or neutral
    (("+-.", "-#.", "-+-"), "has 1 +, not 2"),  # the counts hold
    (("-+.", "+#.", "+-+"), "both +"),  # like signs never touch
    (("+-.", "-#."), "not a 3x3 board"),
]


def test_the_checker_accepts_the_solution() -> None:
    assert GENRE.check(BOARD, GOOD) == []


@pytest.mark.parametrize(("solution", "problem"), BROKEN, ids=[b[1] for b in BROKEN])
def test_the_checker_rejects_a_broken_solution(solution: tuple[str, ...], problem: str) -> None:
    assert any(problem in p for p in GENRE.check(BOARD, solution)), GENRE.check(BOARD, solution)


def brute_force(puzzle: Magnets) -> int:
    """Every way to make each domino + -, - + or neutral, counted when it answers."""
    dominoes = puzzle.dominoes()
    found = 0
    for ways in itertools.product(("+-", "-+", ".."), repeat=len(dominoes)):
        board = [["#" if ch == "*" else "." for ch in row] for row in puzzle.layout]
        for ((r, c), (r2, c2)), way in zip(dominoes, ways, strict=True):
            board[r][c], board[r2][c2] = way
        found += not GENRE.check(puzzle, tuple("".join(row) for row in board))
    return found


def small_boards() -> list[Magnets]:
    """Random 3x3 to 4x4 boards, with all their counts, some of them, and none."""
    rng = random.Random(3)
    boards = []
    for size in [(3, 3), (4, 3), (3, 4), (4, 4)]:
        whole, _, _ = make(size, rng, None)
        clues = whole.clues()
        boards += [whole, keep(whole, rng.sample(clues, len(clues) // 3))]
        boards.append(keep(whole, [(c, n + 1 if n < 2 else n) for c, n in clues[:3]]))
    boards.append(keep(boards[0], []))
    return boards


BOARDS = small_boards()
EXPECTED = [brute_force(b) for b in BOARDS]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(backend: str, encoding: str) -> None:
    for puzzle, want in zip(BOARDS, EXPECTED, strict=True):
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=400, prune=prune)
            assert len(outcome.solutions) == want, (puzzle, prune)
    assert 0 in EXPECTED and 1 in EXPECTED and max(EXPECTED) > 1


def test_solve_prints_the_board_the_json_and_the_solve_move() -> None:
    row = CORPUS[0]
    text = gridsat("solve", "magnets", row["id"], "--unique")
    assert text.returncode == 0 and text.stdout.splitlines()[0] == "+ - . . . ."
    data = json.loads(gridsat("solve", "magnets", row["id"], "--json").stdout)
    assert data["solution"] == row["solution"]
    move = gridsat("solve", "magnets", "3x3:201,102,120,111,LRTT*BBLR", "--format", "tatham")
    assert move.stdout.strip() == "S;+0,0;-0,1;+0,2;-1,0;-1,2;.2,0;.2,1;+2,2;"


def test_diagnose_ends_when_no_count_can_make_the_board_unique() -> None:
    # Every count shown, and still two solutions (the signs swapped): no count can tell them
    # apart, so there is nothing to suggest (it once added counts that changed nothing, forever).
    from gridsat.diagnosis import diagnose

    puzzle = GENRE.parse("+ 1 1\n- 1 1\n1 1 L R\n1 1 L R")
    found = diagnose(GENRE, puzzle, get_backend(GENRE.default_backend))
    assert found.status.value == "multiple" and len(found.free) == 4
    assert found.suggestion == []
    result = gridsat("diagnose", "magnets", "2x2:11,11,11,11,LRLR")
    assert result.returncode == 3 and "no given makes it unique" in result.stdout, result.stdout


def test_make_changes_dominoes_until_the_counts_allow_one_solution() -> None:
    backend = get_backend(GENRE.default_backend)

    def solutions(puzzle: Magnets, n: int) -> list[tuple[str, ...]]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    whole, solution, _ = make((12, 12), random.Random(5), solutions)
    assert GENRE.check(whole, solution) == []
    outcome = solve(GENRE, whole, get_backend("cpsat"), limit=2)
    assert len(outcome.solutions) == 1 and outcome.solutions[0] == solution
    # Without the repairs, the same board's counts leave it several solutions.
    bare, _, _ = make((12, 12), random.Random(5), None)
    assert len(solve(GENRE, bare, backend, limit=2).solutions) == 2


@pytest.mark.parametrize("name", ["multiple.txt", "unsolvable.txt", "stripped-10x9.txt"])
def test_cpsat_proves_uniqueness_in_one_search_as_blocking_does(name: str) -> None:
    # Magnets asks CP-SAT for its own enumeration of two solutions (one search); blocking the
    # first and solving again (enumerate_all_solutions=false) must say the same.
    cpsat = get_backend("cpsat")
    puzzle = GENRE.parse((DATA / "magnets" / name).read_text())
    one = solve(GENRE, puzzle, cpsat, limit=2)
    two = solve(GENRE, puzzle, cpsat, limit=2, params={"enumerate_all_solutions": "false"})
    assert one.status == two.status and len(one.solutions) == len(two.solutions)
    assert one.status.name == {"multiple.txt": "MULTIPLE", "unsolvable.txt": "UNSOLVABLE"}.get(
        name, "UNIQUE"
    )
    for board in one.solutions:
        assert GENRE.check(puzzle, board) == []
    first = solve(GENRE, puzzle, cpsat, limit=1)  # (one solution asked: no enumeration)
    assert first.status.name == ("UNSOLVABLE" if name == "unsolvable.txt" else "SOLVED")
