"""Hitori (Singles): counts against brute force on small boards, the checker against broken
solutions, every corpus puzzle solved as Tatham solved it, game IDs, rows and puzz.link URLs read
and written back, and errors that name where."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from conftest import DATA, board_runs, one_board_on_all, refused
from gridsat.parsers import ParseError, puzzlink
from gridsat.parsers.hitori import format_id, format_plain, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.hitori import GIVENS, Hitori, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("hitori")
CORPUS = [json.loads(line) for line in (DATA / "hitori" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 5x5:4141552214332214512333445
CADICAL = get_backend("sat:cadical195")


def brute_count(rows: list[list[int]]) -> int:
    """How many shadings obey the rules, each subset of the cells tried: no number twice
    unshaded in a line, no two shaded cells side by side, the unshaded cells one group."""
    h, w = len(rows), len(rows[0])
    count = 0
    for mask in range(1 << (w * h)):
        dark = [[bool(mask >> (r * w + c) & 1) for c in range(w)] for r in range(h)]
        lines = [[(r, c) for c in range(w)] for r in range(h)]
        lines += [[(r, c) for r in range(h)] for c in range(w)]
        if any(
            len(kept) != len(set(kept))
            for kept in ([rows[r][c] for r, c in line if not dark[r][c]] for line in lines)
        ):
            continue
        if any(dark[r][c] and dark[r][c + 1] for r in range(h) for c in range(w - 1)):
            continue
        if any(dark[r][c] and dark[r + 1][c] for r in range(h - 1) for c in range(w)):
            continue
        white = [(r, c) for r in range(h) for c in range(w) if not dark[r][c]]
        seen, todo = {white[0]}, [white[0]]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in white and near not in seen:
                    seen.add(near)
                    todo.append(near)
        count += len(seen) == len(white)
    return count


SMALL = {
    "3x3-latin": [[1, 2, 3], [2, 3, 1], [3, 1, 2]],
    "3x3-repeats": [[1, 1, 2], [2, 1, 1], [1, 2, 2]],
    "4x3": [[1, 2, 1, 3], [3, 3, 2, 1], [2, 1, 3, 3]],
}


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    one_board_on_all("4x3"),
)


@pytest.mark.parametrize(("name", "backend", "encoding", "prune"), RUNS)
def test_counts_match_brute_force(name: str, backend: str, encoding: str, prune: bool) -> None:
    rows = SMALL[name]
    puzzle = Hitori(tuple(map(tuple, rows)))
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000, prune=prune)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(rows)
    for solution in outcome.solutions:
        assert check(puzzle, solution) == []


def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(3)
    counts = []
    for _ in range(12):
        rows = [[rng.randint(1, 3) for _ in range(3)] for _ in range(3)]
        outcome = solve(GENRE, Hitori(tuple(map(tuple, rows))), CADICAL, limit=1000)
        counts.append(len(outcome.solutions))
        assert counts[-1] == brute_count(rows), rows
    assert 0 in counts and 1 in counts


CORNERS = [
    [[2, 2, 3], [2, 1, 3], [1, 3, 2]],  # three of a number with the corner
    [[1, 2, 3], [2, 2, 1], [3, 1, 2]],  # three with the inner cell
    [[2, 2, 1], [2, 2, 3], [1, 3, 2]],  # four
    [[1, 1, 2, 3], [3, 2, 1, 1], [2, 3, 3, 1]],  # two with the corner, two with the inner one
]


@pytest.mark.parametrize("rows", CORNERS)
def test_the_corner_rules_keep_every_solution(rows: list[list[int]]) -> None:
    puzzle = Hitori(tuple(map(tuple, rows)))
    outcome = solve(GENRE, puzzle, CADICAL, limit=1000, prune=True)
    assert len(outcome.solutions) == brute_count(rows)


def test_tathams_easy_puzzle_that_needs_a_corner_grades_easy() -> None:
    """His Easy level reads the 2x2 blocks at the board's corners: this 8x8 needed probing
    without that rule (two of a number in a corner block leave the other side unshaded)."""
    from gridsat.grading import grade

    puzzle = parse("8x8:6675235235574282778656448416332548118554435872668727861662851867")
    assert grade(GENRE, puzzle).level == 1


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert [brute_count(SMALL[k]) for k in sorted(SMALL)] == [39, 0, 4]


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
    good = tuple(FIRST["solution"])  # 10010 / 00100 / 01010 / 00000 / 10101
    assert check(puzzle, good) == []
    cases = {
        "a number twice": (changed(good, 0, 0), "row 1: 4 stands twice unshaded, at r1c1 and r1c3"),
        "shaded side by side": (changed(good, 0, 1), "r1c1 and r1c2 share an edge"),
        "a stray cell": (("1001", "0"), "the solution is not a 5x5 board"),
        "not 0 or 1": (("1001x", *good[1:]), "r1c5 holds 'x', not 0 or 1"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert any(words in p for p in problems), (what, problems)
    apart = check(parse("12\n21"), ("10", "01"))
    assert apart == ["the unshaded cells fall into 2 groups (at r1c2, r2c1)"]


def test_marks_hold_in_the_checker_and_the_model() -> None:
    assert parse("4#141\n14+14").marks == {(0, 0): True, (1, 1): False}
    marked = parse("12\n2+1")
    outcome = solve(GENRE, marked, CADICAL, limit=10)
    assert len(outcome.solutions) == 4  # none shaded, or one of the three not marked
    assert all(check(marked, s) == [] and s[1][0] == "0" for s in outcome.solutions)
    assert check(marked, ("00", "10")) == ["r2c1 is given unshaded"]


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
    assert plain.splitlines()[0] == "41415"
    assert parse(plain.replace("", " ").strip().replace(" \n ", "\n")) == puzzle
    assert parse(",".join(plain).replace(",\n,", "\n")) == puzzle
    assert parse("singles:" + FIRST["id"]) == puzzle
    assert parse("5x5de:" + FIRST["id"].split(":")[1]) == puzzle
    assert GENRE.rows_text is not None
    assert parse(GENRE.rows_text([list(r) for r in puzzle.rows])) == puzzle


def test_numbers_past_nine_are_spaced_and_read_back() -> None:
    puzzle = Hitori(tuple(tuple((r * 3 + c) % 11 + 1 for c in range(11)) for r in range(2)))
    plain = format_plain(puzzle)
    assert plain.splitlines()[0] == " 1  2  3  4  5  6  7  8  9 10 11"
    assert parse(plain) == puzzle
    assert parse(format_id(puzzle)) == puzzle
    assert format_id(puzzle).startswith("11x2:123456789ab")


def test_the_grid_shows_numbers_and_shading_and_is_no_puzzle() -> None:
    puzzle = parse(FIRST["id"])
    grid = GENRE.format_solution(puzzle, tuple(FIRST["solution"]), "grid")
    assert grid.splitlines()[0] == "#14#5"
    with pytest.raises(ParseError):
        parse(grid)


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    """pzprjs's test board (test/script/hitori.js) and the answer its test accepts."""
    puzzle = GENRE.read("https://puzz.link/p?hitori/4/4/1114142333214213")
    assert puzzle.rows == ((1, 1, 1, 4), (1, 4, 2, 3), (3, 3, 2, 1), (4, 2, 1, 3))
    outcome = solve(GENRE, puzzle, CADICAL, limit=2)
    assert outcome.status == "unique"
    assert outcome.solutions[0] == ("1010", "0000", "1010", "0001")
    assert format_url(puzzle) == "https://puzz.link/p?hitori/4/4/1114142333214213"


def test_urls_with_large_numbers_round_trip() -> None:
    puzzle = Hitori(((36, 1), (1, 40)))
    url = format_url(puzzle)
    assert url == "https://puzz.link/p?hitori/2/2/-1011-14"
    assert GENRE.read(url) == puzzle


BAD_URLS = {
    "https://puzz.link/p?hitori/2/2/1.21": "r1c2 has no number",
    "https://puzz.link/p?hitori/2/2/1@21": "r1c2 has a number not told",
    "https://puzz.link/p?hitori/2/2/1021": "r1c2 holds 0",
    "https://puzz.link/p?hitori/2/2/12": "the board ends after 2 of 4 cells",
    "https://puzz.link/p?hitori/2/2/1212x": "left over",
    "https://puzz.link/p?hitori/2/2/1!21": "unexpected '!'",
}


@pytest.mark.parametrize("url", sorted(BAD_URLS))
def test_a_bad_url_says_what(url: str) -> None:
    with pytest.raises(ParseError, match=BAD_URLS[url]):
        GENRE.read(url)


BAD_IDS = {
    "5y5:41415": "bad size '5y5' at column 1",
    FIRST["id"] + "4": "too many cells in the description: '4' at column 30",
    FIRST["id"][:-1]: "too few cells in the description: 24 of 25",
    FIRST["id"][:-1] + "6": "6 ('6') at column 29 of the game ID is over 5",
    "5x5:414155221433221451233344!": "unexpected '!' at column 29",
    "5x5:4141552214332214512333440": "unexpected '0'",
}


@pytest.mark.parametrize("text", sorted(BAD_IDS))
def test_a_bad_id_names_where(text: str) -> None:
    refused("hitori", text, parse, BAD_IDS[text].replace("(", r"\(").replace(")", r"\)"))


BAD_PLAIN = {
    "12\n1": "line 2: 1 cell, but the first row has 2",
    "12\n1x": "line 2, column 2: 'x' is not a cell",
    "1 2\n0 1": "line 2, column 1: '0' is not a cell",
    "12\n#1": "line 2, column 1: '#' is not a cell",
    "  \n": "empty input",
    ",\n": "line 1: no cells",
}


@pytest.mark.parametrize("text", sorted(BAD_PLAIN))
def test_a_bad_layout_names_where(text: str) -> None:
    with pytest.raises(ParseError, match=BAD_PLAIN[text]):
        parse(text)


def test_what_a_game_id_cannot_say_is_refused() -> None:
    with pytest.raises(ValueError, match="no given shading"):
        format_id(parse("1#2\n21"))
    with pytest.raises(ValueError, match="up to 2"):
        format_id(parse("13\n21"))
    with pytest.raises(ValueError, match="2 to 62"):
        format_id(parse("1"))


# -- givens and the maker ------------------------------------------------------------------------


def test_givens_are_marks() -> None:
    puzzle = parse("1#2\n2+1")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), True), ((1, 0), False)]
    assert GIVENS.keep(puzzle, []).marks == {}
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert [GIVENS.describe(puzzle, g) for g in shown] == ["r1c1 shaded", "r2c1 unshaded"]
    assert GIVENS.at(puzzle, ("10", "01"), (1, 1)) == ((1, 1), True)


def test_made_boards_are_unique_latin_and_unmarked() -> None:
    def solutions(puzzle: Hitori, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (6, 5) and not puzzle.marks and keep == []
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        assert all(1 <= v <= 6 for row in puzzle.rows for v in row)


@pytest.mark.parametrize("cells", list(product((1, 2), repeat=4))[::3])
def test_two_by_two_boards_count_as_brute_force(cells: tuple[int, ...]) -> None:
    rows = [list(cells[:2]), list(cells[2:])]
    outcome = solve(GENRE, Hitori(tuple(map(tuple, rows))), CADICAL, limit=100)
    assert len(outcome.solutions) == brute_count(rows)
