"""Slant: the checker against broken solutions, solution counts against brute force on small
boards (every encoding), game IDs, plain layouts and puzz.link URLs round-trip, and the maker."""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import product

import pytest

from conftest import DATA, refused
from gridsat.parsers import ParseError
from gridsat.parsers.slant import format_id, format_plain, format_url, parse
from gridsat.pipeline import solve
from gridsat.puzzles.slant import GIVENS, Slant, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("slant")
CORPUS = [json.loads(line) for line in (DATA / "slant" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 5x5:c2b22b1d2a1a3b2c12b011a10


@cache
def every_board(width: int, height: int) -> list[tuple[str, ...]]:
    """Every way to fill the board with diagonals."""
    return [
        tuple("".join(cells[r * width : (r + 1) * width]) for r in range(height))
        for cells in product("\\/", repeat=width * height)
    ]


def brute_count(puzzle: Slant) -> int:
    return sum(not check(puzzle, b) for b in every_board(puzzle.width, puzzle.height))


def random_boards(seed: int, width: int, height: int) -> list[Slant]:
    """Boards with a few random clues (some with no solution), and an empty one."""
    rng = random.Random(seed)
    boards = [Slant(tuple((None,) * (width + 1) for _ in range(height + 1)))]
    for _ in range(6):
        boards.append(Slant(tuple(
            tuple(rng.choice([None] * 4 + [0, 1, 2, 3]) for _ in range(width + 1))
            for _ in range(height + 1)
        )))  # fmt: skip
    return boards


def counts_agree(encoding: str, width: int, height: int) -> None:
    boards = random_boards(width * 10 + height, width, height)
    for puzzle in boards if width * height <= 6 else boards[1:]:  # (the empty 4x3: thousands)
        outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=600)
        assert outcome.count_exact
        assert len(outcome.solutions) == brute_count(puzzle), puzzle
        assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(encoding: str) -> None:
    counts_agree(encoding, 3, 2)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force_on_a_larger_board(encoding: str) -> None:
    counts_agree(encoding, 4, 3)


def test_brute_force_counts_are_not_trivial() -> None:
    assert brute_count(parse((DATA / "slant" / "multiple.txt").read_text())) == 15
    assert brute_count(parse((DATA / "slant" / "unsolvable.txt").read_text())) == 0
    # A 3x2 board: 64 fillings, less the 4 that hold a diamond around each inner corner.
    assert brute_count(random_boards(0, 3, 2)[0]) == 64 - 4 - 4


# -- the checker -----------------------------------------------------------------------------


def test_the_corpus_solutions_pass_the_checker() -> None:
    for row in CORPUS:
        assert check(parse(row["id"]), tuple(row["solution"])) == []


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = tuple(FIRST["solution"])  # ///\\ / \\\\/ / \//// / //\// / \\\//
    assert check(puzzle, good) == []
    flipped = ("\\" + good[0][1:], *good[1:])
    assert any("shows" in p and "lines end there" in p for p in check(puzzle, flipped))
    assert check(puzzle, ("x" + good[0][1:], *good[1:])) == ["r1c1 holds 'x', not \\ or /"]
    assert check(puzzle, good[:-1]) == ["the solution is not a 5x5 board"]
    blank = Slant(((None,) * 3,) * 3)
    assert check(blank, ("/\\", "\\/")) == ["the diagonals close a loop at r2c2"]


# -- reading and writing ---------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS[::5], ids=lambda r: r["params"])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert format_id(puzzle) == row["id"] == GENRE.format_puzzle(puzzle)
    assert parse(format_plain(puzzle)) == puzzle
    assert parse("slant:" + str(row["id"]).replace(":", "dh:", 1)) == puzzle


def test_pzprjs_own_url_reads_writes_back_and_solves_as_it_says() -> None:
    """pzprjs's test board (test/script/gokigen.js) and the answer its checker accepts there
    (1 a \\, 2 a /)."""
    url = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
    puzzle = GENRE.read(url)
    assert puzzle.points[1] == (None, 4, None, None, None)
    assert format_url(puzzle) == url
    outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=2)
    answer = ["1 2 1 2", "2 1 1 1", "1 1 2 2", "2 2 2 1"]
    assert outcome.solutions == [tuple(row.replace(" ", "").replace("1", "\\").replace("2", "/")
                                       for row in answer)]  # fmt: skip
    with pytest.raises(ParseError, match="the flag 'd'"):
        GENRE.read("https://puzz.link/p?gokigen/d/4/4/iaegcgcj6a")
    with pytest.raises(ParseError, match="'\\?' clue"):
        GENRE.read("https://puzz.link/p?gokigen/4/4/i.egcgcj6a")


def test_the_plain_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    plain = format_plain(puzzle)
    assert plain.splitlines()[0] == "...2.."
    assert parse("5x5\n" + plain) == puzzle
    assert parse("\n".join(" ".join(line) for line in plain.splitlines())) == puzzle
    assert GENRE.rows_text([[None, 1], ["2", "."]]) == ".1\n2."


def test_solutions_print_as_diagonals_and_the_solve_move() -> None:
    puzzle = parse(FIRST["id"])
    solution = tuple(FIRST["solution"])
    assert GENRE.format_solution(puzzle, solution, "grid").splitlines() == FIRST["solution"]
    move = GENRE.format_solution(puzzle, solution, "tatham")
    assert move.startswith("S;/0,0;/1,0;/2,0;\\3,0;") and move.count(";") == 25
    assert GENRE.to_json(puzzle, solution) == FIRST["solution"]
    assert GENRE.refuted(puzzle, FIRST["solution"]) is None


BAD = {
    "5y5:c2b22b1d2a1a3b2c12b011a10": "bad size '5y5' at column 1",
    "5x5:c2b22b1d2a1a3b2c12b011a1": "too few cells in the description: 35 of 36",
    "5x5:c2b22b1d2a1a3b2c12b011a10x": "too many cells in the description: 'x' at column 30",
    "5x5:c2b22b1d2a1a3b2c12b011a17": "clue 7 at column 29",
    "5x5\n...\n...": "line 1 declares 5x5, but the corners below it are those of 2x1 cells",
    "..\n.5": "row 2 of corners: clue 5",
    "..\n.q": "line 2, column 2: 'q' is not a corner",
    "...": "2 rows of 2 at least",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("gokigen", text, parse, BAD[text])


# -- the maker -------------------------------------------------------------------------------


def test_made_boards_are_unique_with_every_clue() -> None:
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: Slant, n: int) -> list[object]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (6, 5) and keep == []
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        assert len(GIVENS.of(puzzle)) == 7 * 6
