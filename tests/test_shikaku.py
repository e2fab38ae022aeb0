"""Shikaku: the checker against broken solutions, solution counts against brute force on small
boards (both encodings, pruned or not), Tatham's corpus solved as he solved it, every input
form round-trips, and bad input names where it went wrong."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from conftest import DATA, refused
from gridsat.models.regions import grid_neighbours, polyominoes
from gridsat.models.shikaku import build
from gridsat.parsers import ParseError
from gridsat.parsers.puzzlink import split
from gridsat.parsers.shikaku import format_id, format_plain, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.shikaku import GIVENS, HIDDEN, Shikaku, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("shikaku")
CORPUS = [json.loads(s) for s in (DATA / "shikaku" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 7x7:3c3f4_2b2b2g5a6a2_2a2b3c2_7e4a
SAT = get_backend("sat:cadical195")


# -- brute force: every split of a small board into rectangles, judged by the checker ---------


@cache
def splits(w: int, h: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every split of a w x h board into rectangles: the first free cell in reading order is
    the top left of a rectangle of free cells, in every way."""
    found = []
    grid = [[-1] * w for _ in range(h)]

    def place(k: int) -> None:
        free = next(((r, c) for r in range(h) for c in range(w) if grid[r][c] < 0), None)
        if free is None:
            found.append(tuple(tuple(row) for row in grid))
            return
        r, c = free
        for rows in range(1, h - r + 1):
            for cols in range(1, w - c + 1):
                if any(grid[y][x] >= 0 for y in range(r, r + rows) for x in range(c, c + cols)):
                    break
                for y in range(r, r + rows):
                    for x in range(c, c + cols):
                        grid[y][x] = k
                place(k + 1)
                for y in range(r, r + rows):
                    for x in range(c, c + cols):
                        grid[y][x] = -1

    place(0)
    return found


@cache
def brute_count(puzzle: Shikaku) -> int:
    return sum(not check(puzzle, s) for s in splits(puzzle.width, puzzle.height))


SMALL = {
    "3x3-two": "3 . .\n. . .\n. . 6",
    "3x4-hidden": "? . . 2\n. . . .\n2 . ? .",
    "4x3-ones": "1 . 2\n. . .\n. 3 .\n3 . .",
    "4x3-open": "4 . .\n. . .\n. . .\n? . 2",
}


def test_counts_match_brute_force_on_a_board() -> None:
    puzzle = parse(SMALL["3x4-hidden"])
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, SAT, encoding, limit=1000)
        assert len(outcome.solutions) == brute_count(puzzle) > 2


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("prune", [True, False], ids=["prune", "no-prune"])
def test_counts_match_brute_force(name: str, encoding: str, prune: bool) -> None:
    puzzle = parse(SMALL[name])
    outcome = solve(GENRE, puzzle, SAT, encoding, limit=1000, prune=prune)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(puzzle)
    assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.slow
def test_brute_force_counts_are_not_trivial() -> None:
    counts = {name: brute_count(parse(text)) for name, text in SMALL.items()}
    assert counts["3x3-two"] == 2 and max(counts.values()) > 2


@pytest.mark.slow
def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(3)
    every = splits(3, 3)
    for _ in range(12):
        rows = [
            [rng.choice([None, None, None, 1, 2, 3, HIDDEN]) for _ in range(3)] for _ in range(3)
        ]
        puzzle = Shikaku(tuple(tuple(row) for row in rows))
        want = sum(not check(puzzle, s) for s in every)
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, puzzle, SAT, encoding, limit=1000)
            assert len(outcome.solutions) == want, (rows, encoding)


@pytest.mark.slow
def test_cpsat_agrees_on_the_labels() -> None:
    puzzle = parse(SMALL["4x3-open"])
    outcome = solve(GENRE, puzzle, get_backend("cpsat"), "labels", limit=1000)
    assert len(outcome.solutions) == brute_count(puzzle)


# -- the corpus and the checker -------------------------------------------------------------


def test_the_first_corpus_puzzles_are_solved_as_tatham_solved_them() -> None:
    for row in CORPUS[::5]:
        puzzle = parse(row["id"])
        outcome = solve(GENRE, puzzle, SAT, limit=2)
        assert outcome.status == "unique"
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]
        assert check(puzzle, outcome.solutions[0]) == []


@pytest.mark.slow
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(encoding: str) -> None:
    for row in CORPUS:
        puzzle = parse(row["id"])
        assert check(puzzle, tuple(tuple(r) for r in row["solution"])) == []
        outcome = solve(GENRE, puzzle, SAT, encoding, limit=2)
        assert outcome.status == "unique", row["id"]
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def changed(board: list[list[int]], r: int, c: int, v: int) -> tuple[tuple[int, ...], ...]:
    rows = [list(row) for row in board]
    rows[r][c] = v
    return tuple(tuple(row) for row in rows)


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = FIRST["solution"]
    # 0 0 0 1 1 1 2 / 3 4 4 4 4 5 2 / 3 6 6 7 7 5 2 / ...
    cases = {
        "a region not a rectangle": (
            changed(good, 1, 1, 0),
            "the region at r1c1 is not a rectangle",
        ),
        "a rectangle without a number": (changed(good, 0, 6, 15), "holds no number"),
        "two numbers in one": (
            tuple(tuple(0 if v in (0, 1) else v for v in row) for row in good),
            "holds the numbers at r1c1 and r1c5",
        ),
        "a wrong area": (changed(good, 6, 6, 16), "the number 7 at r6c7 is in a rectangle of 6"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert any(words in p for p in problems), (what, problems)
    assert check(puzzle, tuple(tuple(r) for r in good)) == []
    assert check(puzzle, ((0,),)) == ["the solution is not a 7x7 board"]


def test_a_hidden_number_takes_any_area() -> None:
    puzzle = parse("? . .\n. . .\n. . .")
    assert check(puzzle, ((0, 0, 0), (0, 0, 0), (0, 0, 0))) == []
    outcome = solve(GENRE, puzzle, SAT, limit=5)
    assert outcome.status == "unique"


# -- reading and writing --------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS[::3], ids=[r["id"][:24] for r in CORPUS[::3]])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle
    assert parse_url(split(format_url(puzzle))) == puzzle


def test_the_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    assert parse("rect:" + FIRST["id"]) == puzzle
    assert parse("7x7e4a:" + FIRST["id"].split(":")[1]) == puzzle
    assert parse("7x7\n" + format_plain(puzzle)) == puzzle
    assert parse(format_plain(puzzle).replace(" ", ",")) == puzzle
    plain = parse((DATA / "shikaku" / "plain.txt").read_text())
    assert parse(format_id(plain)) == plain
    tall = Shikaku(((12,), (None,)) * 6)
    assert parse(format_plain(tall)) == tall


def test_pzprjs_own_url_reads_and_solves() -> None:
    """pzprjs's test URL for shikaku (test/script/shikaku.js), and its answer's borders."""
    url = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
    puzzle = GENRE.read(url)
    assert puzzle.rows[0] == (None, None, None, None, 3, None)
    assert puzzle.rows[1] == (5, 6, None, None, 6, None)
    assert format_url(puzzle) == url
    outcome = solve(GENRE, puzzle, SAT, limit=2)
    assert outcome.status == "unique" and check(puzzle, outcome.solutions[0]) == []
    assert parse_url(split("shikaku/2/1/.1")).rows == ((HIDDEN, 1),)


def test_a_hidden_number_has_no_game_id() -> None:
    puzzle = parse("? .\n. 2")
    with pytest.raises(ValueError, match="no '\\?' clue"):
        format_id(puzzle)
    assert GENRE.format_puzzle(puzzle) == "? .\n. 2"


def test_json_is_the_corpus_form_and_reads_back() -> None:
    puzzle = parse(FIRST["id"])
    solution = solve(GENRE, puzzle, SAT, limit=1).solutions[0]
    assert GENRE.to_json(puzzle, solution) == FIRST["solution"]
    assert GENRE.from_json is not None
    renamed = [[v + 10 for v in row] for row in FIRST["solution"]]
    assert GENRE.from_json(puzzle, renamed) == solution


BAD = {
    "7y7:3c": "bad size '7y7' at column 1",
    "3x3:3c0d": "clue 0 at column 7",
    "3x3:3c3b": "too few cells in the description: 7 of 9",
    "3x3:3c3f": "too many cells",
    "3x3:9h,": "unexpected ','",
    "3x3:9h!": "unexpected '!' at column 7",
    "1 . 2\n. .": "line 2: 2 cells, but the first row has 3",
    "1 . x": "line 1, column 5: 'x' is not a cell",
    "0 .": "line 1, column 1: '0' is no clue",
    "4x4\n1 .\n. 3": "line 1 declares 4x4, but the board below it is 2x2",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("shikaku", text, parse, BAD[text].replace("(", r"\("))


def test_a_url_with_a_zero_is_refused() -> None:
    with pytest.raises(ParseError, match="is 0"):
        parse_url(split("https://puzz.link/p?shikaku/2/1/01"))


# -- the model and the maker ----------------------------------------------------------------


def test_pruning_settles_tathams_puzzles() -> None:
    """His puzzles need no search: the pruning leaves one rectangle a clue."""
    built = build(parse(CORPUS[5]["id"]), "rectangles")
    assert len(built.model.answer) == len(parse(CORPUS[5]["id"]).clues())


def test_polyominoes_are_counted_as_known() -> None:
    """Fixed polyominoes holding a cell (n times OEIS A001168), and each once by first cell."""
    near = grid_neighbours(13, 13)
    assert [sum(1 for _ in polyominoes(84, k, near)) for k in range(1, 6)] == [1, 4, 18, 76, 315]
    near = grid_neighbours(4, 3)
    once = [p for s in range(12) for p in polyominoes(s, 3, near, lambda n, s=s: n > s)]
    assert len(once) == len(set(once)) == 2 * 3 + 4 * 1 + 4 * 3 * 2  # I's, and L's in 2x2 boxes


def test_made_puzzles_are_unique_and_show_every_number() -> None:
    def solutions(puzzle: Shikaku, n: int) -> list[object]:
        return solve(GENRE, puzzle, SAT, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((7, 6), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (7, 6)
        assert check(puzzle, solution) == [] and solutions(puzzle, 2) == [solution]
        assert sorted(keep) == GIVENS.of(puzzle)


def test_a_number_taken_away_leaves_a_question_mark() -> None:
    puzzle = parse(FIRST["id"])
    shown = GIVENS.of(puzzle)
    fewer = GIVENS.keep(puzzle, shown[1:])
    assert (
        fewer.rows[0][0] == HIDDEN and GIVENS.describe(puzzle, shown[0]) == "the number 3 at r1c1"
    )
    solution = tuple(tuple(r) for r in FIRST["solution"])
    assert check(fewer, solution) == []
    assert GIVENS.at(puzzle, solution, (0, 0)) == ((0, 0), 3)
