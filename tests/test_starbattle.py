"""Star Battle: counts against brute force on small boards, the checker against broken
solutions, pzprjs's own board solved to its answer, maps and puzz.link URLs read and written
back, errors that name where, the maker, and every bundled board solved uniquely."""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import combinations, pairwise, product

import pytest

from conftest import DATA, board_runs, refused
from gridsat.parsers import ParseError
from gridsat.parsers.starbattle import format_puzzle, format_url, parse
from gridsat.pipeline import solve
from gridsat.puzzles.rooms import numbered
from gridsat.puzzles.starbattle import GIVENS, StarBattle, check, make, make_stars, placement
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("starbattle")
CADICAL = get_backend("sat:cadical195")
PZPRJS = "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
"""pzprjs's test board (test/script/starbattle.js), and below the answer its test accepts."""
PZPRJS_ANSWER = (".*....", "...*..", ".....*", "..*...", "....*.", "*.....")
BOARDS = [
    json.loads(line) for line in (DATA / "starbattle" / "boards.jsonl").read_text().splitlines()
]


@cache
def brute_count(puzzle: StarBattle) -> int:
    """How many placements obey the rules, each row's k columns tried: the columns and rooms
    counted, no two stars touching (at a side or a corner), and the stars shown kept."""
    n, k = puzzle.height, puzzle.stars
    count = 0
    apart = [cs for cs in combinations(range(n), k) if all(b - a > 1 for a, b in pairwise(cs))]
    for picks in product(apart, repeat=n):
        stars = {(r, c) for r, cs in enumerate(picks) for c in cs}
        if any(sum((r, c) in stars for r in range(n)) != k for c in range(n)):
            continue
        rooms: dict[int, int] = {}
        for r, c in stars:
            rooms[puzzle.rows[r][c]] = rooms.get(puzzle.rows[r][c], 0) + 1
        if len(rooms) != 1 + max(map(max, puzzle.rows)) or set(rooms.values()) != {k}:
            continue
        if any((r + dr, c + dc) in stars for r, c in stars
               for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1))):  # fmt: skip
            continue
        count += set(puzzle.given) <= stars
    return count


SMALL = {
    "quadrants": "stars: 1\nAABB\nAABB\nCCDD\nCCDD",
    "5x5-open": "stars: 1\nAABBB\nAABBC\nDDBCC\nDEECC\nDEEEC",
    "shown": "stars: 1\nAABB\nAABB\nCCDD\nCCDD\nstar r1c3",
}


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    lambda name, backend, encoding: name == "quadrants" or backend == "sat:cadical195",
    prunes=False,
)


@pytest.mark.parametrize(("name", "backend", "encoding"), RUNS)
def test_counts_match_brute_force(name: str, backend: str, encoding: str) -> None:
    puzzle = parse(SMALL[name])
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(puzzle)
    for solution in outcome.solutions:
        assert check(puzzle, solution) == []


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert {k: brute_count(parse(v)) for k, v in SMALL.items()} == {
        "quadrants": 2, "5x5-open": 7, "shown": 1,
    }  # fmt: skip


def test_two_stars_count_alike_on_every_backend() -> None:
    # (no board of two stars a row is small enough for brute force: 8x8 of column rooms,
    # counted by CP-SAT's linear sums and python-sat's cardinality encodings)
    puzzle = StarBattle(numbered([list(range(8)) for _ in range(8)])[0], 2)
    found = {}
    for backend in ("cpsat", "sat:cadical195", "sat:minicard"):
        outcome = solve(GENRE, puzzle, get_backend(backend), limit=1000)
        assert outcome.count_exact and all(check(puzzle, s) == [] for s in outcome.solutions)
        found[backend] = sorted(outcome.solutions)
    assert len(found["cpsat"]) == 2 and found["cpsat"] == found["sat:cadical195"]
    assert found["cpsat"] == found["sat:minicard"]


# -- pzprjs's board and the checker ---------------------------------------------------------------


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert puzzle == parse((DATA / "starbattle" / "plain.txt").read_text())
    outcome = solve(GENRE, puzzle, CADICAL, limit=2)
    assert outcome.status == "unique"
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == list(PZPRJS_ANSWER)
    assert format_url(puzzle) == PZPRJS


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert check(puzzle, PZPRJS_ANSWER) == []
    cases = {
        # pzprjs's own failing boards (test/script/starbattle.js), and a few more
        "touching": (
            ("......", "......", "...*..", "..*...", "......", "......"),
            "the stars at r3c4 and r4c3 touch",
        ),
        "two in a room": (
            ("..*...", "......", "*.....", "......", "......", "......"),
            "the room at r1c1 holds 2 stars, not 1",
        ),
        "a row short": (
            (".*....", "...*..", ".....*", "..*...", "*...*.", "......"),
            "row 6 holds 0 stars, not 1",
        ),
        "not a star": ((".x....", *PZPRJS_ANSWER[1:]), "r1c2 holds 'x', not * or ."),
        "a stray cell": ((".*", "."), "the solution is not a 6x6 board"),
    }
    for what, (answer, words) in cases.items():
        problems = check(puzzle, answer)
        assert any(words in p for p in problems), (what, problems)


# -- reading and writing ---------------------------------------------------------------------


def test_the_plain_forms_read_alike() -> None:
    puzzle = GENRE.read(PZPRJS)
    text = format_puzzle(puzzle)
    assert text.splitlines()[:2] == ["stars: 1", "AAABBB"]
    assert parse(text) == puzzle
    assert parse(text.replace("stars: 1\n", "") + "\n# one star a row\n1 star") == puzzle
    spaced = "\n".join(" ".join(line) for line in text.splitlines()[1:])
    assert parse("Stars=1\n" + spaced) == puzzle
    shown = parse(text + "\nstars r1c2, r6c1")
    assert shown.given == ((0, 1), (5, 0)) and parse(format_puzzle(shown)) == shown


@pytest.mark.parametrize("row", BOARDS[:3], ids=[r["params"] for r in BOARDS[:3]])
def test_bundled_urls_are_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = GENRE.read(str(row["id"]))
    assert format_url(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle


def test_the_grid_is_no_puzzle() -> None:
    puzzle = GENRE.read(PZPRJS)
    grid = GENRE.format_solution(puzzle, PZPRJS_ANSWER, "grid")
    assert grid.splitlines() == list(PZPRJS_ANSWER)
    with pytest.raises(ParseError):
        parse(grid)
    with pytest.raises(ValueError, match="no stars shown"):
        format_url(parse(SMALL["shown"]))


BAD_URLS = {
    "https://puzz.link/p?starbattle/6/6/x/4ilbhgdnmhou": "'x' is not the stars a row",
    "https://puzz.link/p?starbattle/6/6/0/4ilbhgdnmhou": "'0' is not the stars a row",
    "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmh!u": "unexpected '!'",
    "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhouzz": "left over",
}


@pytest.mark.parametrize("url", sorted(BAD_URLS))
def test_a_bad_url_says_what(url: str) -> None:
    with pytest.raises(ParseError, match=BAD_URLS[url]):
        GENRE.read(url)


BAD_PLAIN = {
    "AB\nA": "line 2: 1 cell, but the first row has 2",
    "AB\nA!": "line 2, cell 2: '!' is not a room's name",
    "AB\nBA": "room B is in pieces: r2c1 is not joined to r1c2",
    "stars: 0\nAB\nAB": "line 1: '0' stars a row: give 1 to 9999",
    "stars: 1\n2 stars\nAB\nAB": "line 2: the stars a row are given already",
    "AB\nAB\nstar r3c1": "line 3: r3c1 is off the 2x2 board",
    "AB\nAB\nstars: 1\nAB": "line 4: 'AB' is apart from the map above it",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD_PLAIN))
def test_a_bad_layout_names_where(text: str) -> None:
    refused("starbattle", text, parse, BAD_PLAIN[text])


# -- givens and the maker ------------------------------------------------------------------------


def test_givens_are_stars_shown() -> None:
    puzzle = parse(SMALL["shown"])
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 2), True)]
    assert GIVENS.keep(puzzle, []).given == ()
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert GIVENS.describe(puzzle, shown[0]) == "a star at r1c3"
    assert GIVENS.at(puzzle, ("..*.", "*...", "...*", ".*.."), (1, 0)) == ((1, 0), True)


def test_placements_keep_the_rules() -> None:
    rng = random.Random(1)
    for n, k in ((5, 1), (8, 1), (10, 2)):
        rows = placement(n, k, rng)
        assert rows is not None
        board = tuple("".join("*" if c in cs else "." for c in range(n)) for cs in rows)
        whole = StarBattle(tuple((0,) * n for _ in range(n)), k)
        assert [p for p in check(whole, board) if "room" not in p] == []


def test_made_boards_are_unique() -> None:
    def solutions(puzzle: StarBattle, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for seed in range(2):
        puzzle, solution, keep = make((6, 6), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.stars, puzzle.given, keep) == (6, 1, (), [])
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
    puzzle, solution, _ = make_stars((9, 9), 2, random.Random(1), solutions)
    assert puzzle.stars == 2 and check(puzzle, solution) == []
