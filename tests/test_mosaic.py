"""Mosaic: counts against brute force on small boards, the checker against broken solutions,
every corpus puzzle solved as Tatham solved it, game IDs and rows read and written back, the
pruning (Tatham's one-number-at-a-time solver), and errors that name where."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from conftest import DATA, board_runs, one_board_on_all, refused
from gridsat.models.mosaic import build
from gridsat.parsers import ParseError
from gridsat.parsers.mosaic import format_id, format_plain, parse
from gridsat.pipeline import solve
from gridsat.puzzles.mosaic import GIVENS, Mosaic, check, deduced, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("mosaic")
CORPUS = [json.loads(line) for line in (DATA / "mosaic" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 5x5:b46b56a4a6a7g6b2
CADICAL = get_backend("sat:cadical195")


def brute_count(rows: list[str]) -> int:
    """How many shadings meet every number, each subset of the cells tried."""
    h, w = len(rows), len(rows[0])
    count = 0
    for mask in range(1 << (w * h)):
        count += all(
            sum(
                mask >> (y * w + x) & 1
                for y in range(max(0, r - 1), min(h, r + 2))
                for x in range(max(0, c - 1), min(w, c + 2))
            )
            == int(rows[r][c])
            for r in range(h)
            for c in range(w)
            if rows[r][c] != "."
        )
    return count


SMALL = {
    "4x3": ["..4.", "5.53", ".54."],
    "3x3": ["2..", "...", "..3"],
}


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    one_board_on_all("4x3"),
)


@pytest.mark.parametrize(("name", "backend", "encoding", "prune"), RUNS)
def test_counts_match_brute_force(name: str, backend: str, encoding: str, prune: bool) -> None:
    rows = SMALL[name]
    puzzle = parse("\n".join(rows))
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000, prune=prune)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(rows)
    for solution in outcome.solutions:
        assert check(puzzle, solution) == []


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert [brute_count(SMALL[k]) for k in sorted(SMALL)] == [48, 3]


def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(4)
    counts = []
    for _ in range(10):
        rows = ["".join(rng.choice("....012345") for _ in range(3)) for _ in range(3)]
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, parse("\n".join(rows)), CADICAL, encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(rows), (rows, encoding)
        counts.append(len(outcome.solutions))
    assert 0 in counts and max(counts) > 1


# -- the corpus, the checker and the pruning -----------------------------------------------------


def test_the_corpus_solutions_pass_the_checker() -> None:
    for row in CORPUS:
        assert check(parse(row["id"]), tuple(row["solution"])) == []


@pytest.mark.parametrize(
    "row",
    [pytest.param(r, marks=[] if n == 0 else [pytest.mark.slow], id=r["id"][:16])
     for n, r in enumerate(CORPUS)],
)  # fmt: skip
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, CADICAL, encoding, limit=2, prune=False)
        assert outcome.status == "unique"
        assert check(puzzle, outcome.solutions[0]) == []
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def test_one_number_at_a_time_settles_tathams_puzzles() -> None:
    """His solver's start is ours pruning: it settles every cell of his corpus."""
    for row in CORPUS[:10]:
        puzzle = parse(row["id"])
        known = deduced(puzzle)
        assert known is not None and len(known) == puzzle.width * puzzle.height
        assert all((row["solution"][r][c] == "1") == on for (r, c), on in known.items())
    assert deduced(parse("9..\n...\n...")) is None


def test_the_checker_names_a_number_not_met() -> None:
    puzzle = parse(FIRST["id"])
    good = tuple(FIRST["solution"])  # 10111 / 00111 / 01100 / 11111 / 11100
    assert check(puzzle, good) == []
    bad = ("00111", *good[1:])
    assert check(puzzle, bad) == ["r2c2 shows 5, but its block has 4 shaded cells"]
    assert check(puzzle, good[:-1]) == ["the solution is not a 5x5 board"]


# -- reading and writing ---------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=[r["id"][:16] for r in CORPUS])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle


def test_the_plain_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    plain = format_plain(puzzle)
    assert plain.splitlines()[0] == "..46."
    assert parse(" ".join(plain).replace(" \n ", "\n")) == puzzle
    assert parse(plain.replace(".", "-")) == puzzle
    assert parse("mosaic:" + FIRST["id"]) == puzzle
    assert parse("25x25h0:" + "z" * 24 + "a") == parse("25x25:" + "z" * 24 + "a")
    assert GENRE.rows_text is not None
    assert parse(GENRE.rows_text([list(r) for r in puzzle.rows])) == puzzle


def test_long_runs_are_written_as_the_collection_reads_them() -> None:
    puzzle = Mosaic(tuple(tuple([None] * 30) for _ in range(3)), tatham=True)
    assert format_id(puzzle) == "30x3:zzzl"
    assert parse(format_id(puzzle)) == puzzle


def test_the_grid_shows_the_shading_and_is_no_puzzle() -> None:
    puzzle = parse(FIRST["id"])
    grid = GENRE.format_solution(puzzle, tuple(FIRST["solution"]), "grid")
    assert grid.splitlines()[0] == "#.###"
    with pytest.raises(ParseError):
        parse(grid)


BAD_IDS = {
    "5y5:b46b56a4a6a7g6b2": "bad size '5y5' at column 1",
    "5x5:b46b56a4a6a7g6b2a": "too many cells",
    "5x5:b46b56a4a6a7g6b": "too few cells in the description: 24 of 25",
    "5x5:b46b56a4a6a7g6b2!": "unexpected '!' at column 21",
}


@pytest.mark.parametrize("text", sorted(BAD_IDS))
def test_a_bad_id_names_where(text: str) -> None:
    refused("mosaic", text, parse, BAD_IDS[text])


BAD_PLAIN = {
    "..\n.": "line 2: 1 cell, but the first row has 2",
    "..\n.x": "line 2, column 2: 'x' is not a cell",
    ". .\n10 .": "line 2, column 1: '10' is not a cell",
    "  \n": "empty input",
    ",\n": "line 1: no cells",
}


@pytest.mark.parametrize("text", sorted(BAD_PLAIN))
def test_a_bad_layout_names_where(text: str) -> None:
    with pytest.raises(ParseError, match=BAD_PLAIN[text]):
        parse(text)


def test_a_game_id_holds_boards_from_3x3() -> None:
    with pytest.raises(ValueError, match="3x3 to 10,000 cells"):
        format_id(parse("1.\n.."))


# -- givens, the model and the maker -------------------------------------------------------------


def test_givens_are_the_numbers() -> None:
    puzzle = parse("2.\n.3")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), 2), ((1, 1), 3)]
    assert GIVENS.keep(puzzle, shown[:1]).rows == ((2, None), (None, None))
    assert GIVENS.at(puzzle, ("11", "01"), (0, 1)) == ((0, 1), 3)
    assert GIVENS.describe(puzzle, shown[0]) == "2 at r1c1"


def test_the_pruning_leaves_tathams_puzzles_no_sum() -> None:
    built = build(parse(CORPUS[-1]["id"]), "counter")
    assert built.model.sums == [] and len(built.model.clauses) == 625


def test_made_boards_settle_one_number_at_a_time() -> None:
    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), None)
        assert (puzzle.width, puzzle.height) == (6, 5) and keep == []
        assert check(puzzle, solution) == []
        assert len(deduced(puzzle) or ()) == 30
        assert all(v is not None for row in puzzle.rows for v in row)


@pytest.mark.parametrize("cells", list(product("0124", repeat=4))[::17])
def test_two_by_two_boards_count_as_brute_force(cells: tuple[str, ...]) -> None:
    rows = ["".join(cells[:2]), "".join(cells[2:])]
    outcome = solve(GENRE, parse("\n".join(rows)), CADICAL, limit=100)
    assert len(outcome.solutions) == brute_count(rows)
