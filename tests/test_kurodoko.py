"""Kurodoko (Range): counts against brute force on small boards, the checker against broken
solutions, every corpus puzzle solved as Tatham solved it, game IDs, rows and puzz.link URLs read
and written back, and errors that name where."""

from __future__ import annotations

import json
import random

import pytest

from conftest import DATA, board_runs, one_board_on_all, refused
from gridsat.parsers import ParseError, puzzlink
from gridsat.parsers.kurodoko import format_id, format_plain, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.kurodoko import GIVENS, MARK, Kurodoko, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("kurodoko")
CORPUS = [
    json.loads(line) for line in (DATA / "kurodoko" / "tatham.jsonl").read_text().splitlines()
]
FIRST = CORPUS[0]  # 7x7:e6a11h3c2g11c13h3a2e
CADICAL = get_backend("sat:cadical195")


def brute_count(rows: list[str]) -> int:
    """How many shadings of the cells without a number obey the rules, each subset tried: no
    two shaded side by side, the unshaded cells one group, each number sees its count."""
    h, w = len(rows), len(rows[0])
    free = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == "."]
    count = 0
    for mask in range(1 << len(free)):
        dark = {cell for k, cell in enumerate(free) if mask >> k & 1}
        if any((r, c + 1) in dark or (r + 1, c) in dark for r, c in dark):
            continue
        white = [(r, c) for r in range(h) for c in range(w) if (r, c) not in dark]
        seen, todo = {white[0]}, [white[0]]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in white and near not in seen:
                    seen.add(near)
                    todo.append(near)
        if len(seen) != len(white):
            continue
        ok = True
        for r in range(h):
            for c in range(w):
                if rows[r][c] == ".":
                    continue
                sees = 1
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    rr, cc = r + dr, c + dc
                    while 0 <= rr < h and 0 <= cc < w and (rr, cc) not in dark:
                        sees, rr, cc = sees + 1, rr + dr, cc + dc
                ok = ok and sees == int(rows[r][c])
        count += ok
    return count


SMALL = {
    "3x3-one": ["...", ".3.", "..."],
    "4x3": ["....", ".4..", "...2"],
    "4x4": ["....", "3...", "...4", ".5.."],
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
    assert [brute_count(SMALL[k]) for k in sorted(SMALL)] == [2, 2, 2]


def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(5)
    counts = []
    for _ in range(12):
        rows = ["".join(rng.choice("......2345") for _ in range(4)) for _ in range(3)]
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, parse("\n".join(rows)), CADICAL, encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(rows), (rows, encoding)
        counts.append(len(outcome.solutions))
    assert 0 in counts and max(counts) >= 1


# -- the corpus and the checker ------------------------------------------------------------------


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
    outcome = solve(GENRE, puzzle, CADICAL, limit=2)
    assert outcome.status == "unique"
    assert check(puzzle, outcome.solutions[0]) == []
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def changed(board: tuple[str, ...], r: int, c: int) -> tuple[str, ...]:
    rows = list(board)
    rows[r] = rows[r][:c] + ("0" if rows[r][c] == "1" else "1") + rows[r][c + 1 :]
    return tuple(rows)


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = tuple(FIRST["solution"])  # 1000001 / 0000000 / 0101010 / 0010001 / ...
    assert check(puzzle, good) == []
    cases = {
        "a number shaded": (changed(good, 0, 5), "r1c6 shows 6, but is shaded"),
        "a number sees too many": (changed(good, 0, 6), "r1c6 shows 6, but sees 7 cells"),
        "shaded side by side": (changed(good, 1, 0), "r1c1 and r2c1 share an edge"),
        "wrong shape": (good[:-1], "the solution is not a 7x7 board"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert any(words in p for p in problems), (what, problems)
    assert check(parse("..\n.."), ("01", "10")) == [
        "the unshaded cells fall into 2 groups (at r1c1, r2c2)"
    ]
    assert check(parse("#.\n.3"), ("00", "00")) == ["r1c1 is given shaded"]


# -- reading and writing ---------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=[r["id"][:16] for r in CORPUS])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle
    assert parse_url(puzzlink.split(format_url(puzzle))) == puzzle


def test_the_plain_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    plain = format_plain(puzzle)
    assert plain.splitlines()[0] == " .  .  .  .  .  6  ."
    assert parse(plain.replace("  .", "  -")) == puzzle
    assert parse(",".join(plain.split())) != puzzle  # (one row: 49 cells)
    assert parse("range:" + FIRST["id"]) == puzzle
    assert GENRE.rows_text is not None
    assert parse(GENRE.rows_text([list(r) for r in puzzle.rows])) == puzzle
    small = parse("2.\n.#")
    assert small.rows == ((2, None), (None, MARK)) and format_plain(small) == "2.\n.#"


def test_the_grid_shows_numbers_and_shading_and_is_no_puzzle() -> None:
    puzzle = parse(FIRST["id"])
    grid = GENRE.format_solution(puzzle, tuple(FIRST["solution"]), "grid")
    assert grid.split()[:7] == ["#", "+", "+", "+", "+", "6", "#"]
    with pytest.raises(ParseError):
        parse(grid)


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    """pzprjs's test board (test/script/kurodoko.js) and the answer its test accepts."""
    url = "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i"
    puzzle = GENRE.read(url)
    assert puzzle.clues() == {(0, 3): 7, (1, 0): 5, (2, 2): 2, (3, 4): 2, (4, 1): 4}
    outcome = solve(GENRE, puzzle, CADICAL, limit=2)
    assert outcome.status == "unique"
    assert outcome.solutions[0] == ("01000", "00100", "01001", "00100", "10001")
    assert format_url(puzzle) == url


BAD_URLS = {
    "https://puzz.link/p?kurodoko/2/2/1.h": "r1c2 has a number not told",
    "https://puzz.link/p?kurodoko/2/2/0i": "r1c1 shows 0",
    "https://puzz.link/p?kurodoko/2/2/1izz": "left over",
}


@pytest.mark.parametrize("url", sorted(BAD_URLS))
def test_a_bad_url_says_what(url: str) -> None:
    with pytest.raises(ParseError, match=BAD_URLS[url]):
        GENRE.read(url)


BAD_IDS = {
    "7y7:e6a11h3c2g11c13h3a2e": "bad size '7y7' at column 1",
    "7x7:e6a11h3c2g11c13h3a2ea": "too many cells",
    "7x7:e6a11h3c2g11c13h3a2d": "too few cells in the description: 48 of 49",
    "7x7:e6a14h3c2g11c13h3a2e": "14 at column 8 of the game ID is outside 1..13",
    "7x7:e6a11h3c2g11c13h3a2e!": "unexpected '!' at column 25",
}


@pytest.mark.parametrize("text", sorted(BAD_IDS))
def test_a_bad_id_names_where(text: str) -> None:
    refused("kurodoko", text, parse, BAD_IDS[text])


BAD_PLAIN = {
    "..\n.": "line 2: 1 cell, but the first row has 2",
    "..\n.x": "line 2, column 2: 'x' is not a cell",
    ". .\n0 .": "line 2, column 1: '0' is not a cell",
    "  \n": "empty input",
    ",\n": "line 1: no cells",
}


@pytest.mark.parametrize("text", sorted(BAD_PLAIN))
def test_a_bad_layout_names_where(text: str) -> None:
    with pytest.raises(ParseError, match=BAD_PLAIN[text]):
        parse(text)


def test_what_a_game_id_cannot_say_is_refused() -> None:
    with pytest.raises(ValueError, match="no given shading"):
        format_id(parse("#.\n.3"))
    with pytest.raises(ValueError, match="up to 3"):
        format_id(parse("4.\n.."))
    with pytest.raises(ValueError, match="128 at most"):
        format_id(Kurodoko(((None,) * 100,) * 29))


# -- givens and the maker ------------------------------------------------------------------------


def test_givens_are_clues_and_marks() -> None:
    puzzle = parse("3#\n..")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), 3), ((0, 1), True)]
    assert GIVENS.keep(puzzle, []).rows == ((None, None), (None, None))
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert [GIVENS.describe(puzzle, g) for g in shown] == ["the clue 3 at r1c1", "r1c2 shaded"]
    assert GIVENS.at(puzzle, ("01", "00"), (1, 1)) == ((1, 1), 2)
    assert GIVENS.at(puzzle, ("01", "00"), (0, 1)) == ((0, 1), True)


def test_made_boards_are_numbered_whole_and_unique() -> None:
    def solutions(puzzle: Kurodoko, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (6, 5) and keep == []
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        assert all((v is None) == (solution[r][c] == "1")
                   for r, row in enumerate(puzzle.rows) for c, v in enumerate(row))  # fmt: skip
