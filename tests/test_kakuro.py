"""Kakuro: counts against brute force on small boards, the checker against broken solutions,
pzprjs's own URL solved to its own answer, rows and URLs read and written back, every bundled
board solved and proved unique, and errors that name where."""

from __future__ import annotations

import json
import random
import re

import pytest

from conftest import DATA
from gridsat.parsers import ParseError, puzzlink
from gridsat.parsers.kakuro import format_puzzle, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.kakuro import Kakuro, check, make, runs
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("kakuro")
CADICAL = get_backend("sat:cadical195")
PZPRJS = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
"""pzprjs's own test URL (test/script/kakuro.js); its answer is the script's last, correct,
board: the rows below with the sums' row and column added."""
PZPRJS_ANSWER = ("######", "##53##", "#3412#", "#12#12", "##1938", "###84#")
BOARDS = [json.loads(line) for line in (DATA / "kakuro" / "boards.jsonl").read_text().splitlines()]


def brute(puzzle: Kakuro) -> list[tuple[str, ...]]:
    """Every filling of the white cells with digits 1..9 that the checker takes: each cell
    tried with every digit in reading order, a filling dropped as soon as a run holds a digit
    twice or a run filled whole misses its sum."""
    white = [(r, c) for r, row in enumerate(puzzle.rows) for c, v in enumerate(row) if v == 0]
    grid = [["#" if isinstance(v, tuple) else str(v) for v in row] for row in puzzle.rows]
    lines = runs(puzzle)
    found = []

    def fine() -> bool:
        for run in lines:
            shown = [grid[r][c] for r, c in run.cells if grid[r][c] != "?"]
            if len(set(shown)) < len(shown):
                return False
            whole = run.total is not None and len(shown) == len(run.cells)
            if whole and sum(map(int, shown)) != run.total:
                return False
        return True

    def extend(k: int) -> None:
        if k == len(white):
            board = tuple("".join(row) for row in grid)
            if not check(puzzle, board):
                found.append(board)
            return
        r, c = white[k]
        for d in "123456789":
            grid[r][c] = d
            if fine():
                extend(k + 1)
        grid[r][c] = "?"

    for r, c in white:
        grid[r][c] = "?"
    extend(0)
    return found


SMALL = {
    "square": "#  7\\  7\\\n\\6  .  .\n\\8  .  .",
    "square-unique": "#  4\\  6\\\n\\4  .  .\n\\6  .  .",
    "no-down-sums": "#  4\\  #\n\\3  .  .\n\\7  .  .",
    "a-lone-sum": "#  #  #  #\n\\9  .  .  .\n#  #  #  #",
    "no-sums": "#  #  #\n#  .  .",
    "corner": "#  3\\  10\\  #\n\\4  .  .  4\\\n\\11  .  .  .\n#  \\3  .  .",
    "impossible": "#  3\\  #\n\\2  .  .\n#  .  #",
}


@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("encoding", ["sets", "table", "sums", "integer"])
def test_solutions_match_brute_force(name: str, encoding: str) -> None:
    puzzle = parse(SMALL[name])
    expected = sorted(brute(puzzle))
    found = solve(GENRE, puzzle, CADICAL, encoding=encoding, limit=100).solutions
    assert sorted(found) == expected
    for board in found:
        assert check(puzzle, board) == []


def test_the_brute_force_counts_are_not_trivial() -> None:
    counts = {name: len(brute(parse(text))) for name, text in SMALL.items()}
    assert counts["square"] == 4 and counts["square-unique"] == 1 and counts["impossible"] == 0
    assert counts["no-sums"] == 72  # two different digits


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    puzzle = GENRE.read(PZPRJS)
    result = solve(GENRE, puzzle, CADICAL, limit=2)
    assert result.solutions == [PZPRJS_ANSWER]
    assert check(puzzle, PZPRJS_ANSWER) == []
    assert format_url(puzzle) == PZPRJS
    assert parse(format_puzzle(puzzle)) == puzzle


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = GENRE.read(PZPRJS)
    twice = ("######", "##53##", "#3412#", "#12#12", "##1938", "###84#")
    assert check(puzzle, twice) == []
    broken = ("######", "##53##", "#3411#", "#12#12", "##1938", "###84#")
    said = check(puzzle, broken)
    assert any("1 stands twice" in p for p in said)
    assert any("adds up to 9" in p for p in said)  # row 3 across: 3+4+1+1
    assert check(puzzle, ("######",)) == ["the solution is not a 6x6 board"]
    black = ("1#####", *PZPRJS_ANSWER[1:])
    assert check(puzzle, black) == ["r1c1 is black, not '1'"]
    blank = ("######", "##5.##", *PZPRJS_ANSWER[2:])
    assert check(puzzle, blank) == ["r2c4 holds '.', not a digit 1 to 9"]


def test_a_given_digit_holds() -> None:
    puzzle = parse("#  #  #\n\\3  2  .")
    assert [b for b in brute(puzzle)] == [("###", "#21")]
    assert solve(GENRE, puzzle, CADICAL, limit=3).solutions == [("###", "#21")]
    assert check(puzzle, ("###", "#12")) == ["r2c2 is given 2, not 1"]


def test_runs_are_read_with_their_sums() -> None:
    puzzle = parse(SMALL["corner"])
    found = {(run.across, run.total, run.cells) for run in runs(puzzle)}
    assert (True, 4, ((1, 1), (1, 2))) in found
    assert (False, 4, ((2, 3), (3, 3))) in found
    assert (True, 3, ((3, 2), (3, 3))) in found
    assert len(found) == 6


def test_rows_read_alike_in_their_spellings() -> None:
    spaced = parse("#  10\\  \\  #\n\\4  .  .  #\n#  .  .  #")
    assert parse("# , 10\\ , \\ , #\n\\4 , . , _ , #\n# . . #") == spaced
    assert parse("#  10\\  #  #\n\\4  .  .  #\n#..#") == spaced
    assert spaced.rows[0][1] == (10, None) and spaced.rows[1][0] == (None, 4)


@pytest.mark.parametrize(
    "text, said",
    [
        ("", "empty input"),
        ("#  .\n#", "line 2: 1 cell, but the first row has 2"),
        ("#  x", "line 1, column 4: 'x' is not a cell"),
        ("#  46\\  .", "line 1, column 4: '46\\' has the sum '46', not a number 1 to 45"),
        ("#  0\\  .", "has the sum '0'"),
        ("#  1\\2\\3  .", "is not a cell"),
    ],
)
def test_a_bad_layout_names_where(text: str, said: str) -> None:
    with pytest.raises(ParseError, match=re.escape(said)):
        parse(text)


@pytest.mark.parametrize(
    "url, said",
    [
        ("https://puzz.link/p?kakuro/5/5/48la0.na0", "the board ends after"),
        ("https://puzz.link/p?kakuro/2/1/4", "has one sum"),
        ("https://puzz.link/p?kakuro/2/2/!", "unexpected '!'"),
        ("https://puzz.link/p?kakuro/2/1/z", "passes the board's last cell"),
        ("https://puzz.link/p?kakuro/2/1/l34xyz", "left over"),
        ("https://puzz.link/p?kakuro/x/2/1/l34", "the flag 'x'"),
    ],
)
def test_a_bad_url_says_what(url: str, said: str) -> None:
    with pytest.raises(ParseError, match=said):
        parse_url(puzzlink.split(url))


def test_what_a_url_cannot_say_is_refused() -> None:
    with pytest.raises(ValueError, match="gives no digits"):
        format_url(parse("#  #  #\n\\3  2  ."))
    with pytest.raises(ValueError, match="top row and left column"):
        format_url(parse("#  #\n.  ."))


def test_urls_with_large_sums_and_long_runs_round_trip() -> None:
    long = "#  " + "  ".join(["#"] * 17) + "\n\\45  " + "  ".join(["."] * 17)
    url = format_url(parse(long))
    assert url == "https://puzz.link/p?kakuro/17/1/zk00000000000000000Z"
    assert parse_url(puzzlink.split(url)) == parse(long)
    mixed = "#  23\\  19\\  #\n\\20  .  .  #\n\\  .  .  #"
    assert parse_url(puzzlink.split(format_url(parse(mixed)))) == parse(mixed)


def test_made_boards_are_unique_and_sound() -> None:
    def solutions(puzzle: Kakuro, n: int) -> list[tuple[str, ...]]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for size, seed in (((6, 6), 0), ((6, 6), 1), ((7, 6), 2)):
        puzzle, solution, keep = make(size, random.Random(seed), solutions)
        assert keep == [] and check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        assert parse_url(puzzlink.split(format_url(puzzle))) == puzzle
        assert all(2 <= len(run.cells) <= 6 for run in runs(puzzle))


def random_board(rng: random.Random, width: int, height: int) -> Kakuro:
    """A board of ``width`` x ``height`` cells under its row and column of sums, some cells
    black, filled with random digits different in each run, its sums those the digits make
    (often more than one solution), and now and then a digit given."""
    while True:
        white = [[rng.random() < 0.8 for _ in range(width)] for _ in range(height)]
        digits: dict[tuple[int, int], int] = {}
        for r in range(height):
            for c in range(width):
                if not white[r][c]:
                    continue
                taken = set()
                for dr, dc in ((0, -1), (-1, 0)):
                    rr, cc = r + dr, c + dc
                    while rr >= 0 and cc >= 0 and white[rr][cc]:
                        taken.add(digits[rr, cc])
                        rr, cc = rr + dr, cc + dc
                digits[r, c] = rng.choice([d for d in range(1, 10) if d not in taken])
        if len(digits) >= 3:
            break
    rows: list[list[object]] = [[(None, None)] * (width + 1) for _ in range(height + 1)]
    for r in range(height + 1):
        for c in range(width + 1):
            if r and c and white[r - 1][c - 1]:
                shown = digits[r - 1, c - 1] if rng.random() < 0.1 else 0
                rows[r][c] = shown
                continue
            down = across = 0
            rr = r + 1
            while rr <= height and c and white[rr - 1][c - 1]:
                down += digits[rr - 1, c - 1]
                rr += 1
            cc = c + 1
            while cc <= width and r and white[r - 1][cc - 1]:
                across += digits[r - 1, cc - 1]
                cc += 1
            rows[r][c] = (down or None, across or None)
    return Kakuro(tuple(tuple(row) for row in rows))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(6))
def test_every_encoding_finds_every_solution_of_random_boards(seed: int) -> None:
    rng = random.Random(seed)
    puzzle = random_board(rng, 3, 2 + seed % 2)
    expected = sorted(brute(puzzle))
    assert expected  # (the digits the sums were made from are one)
    minicard = get_backend("sat:minicard")
    for encoding in ("sets", "table", "sums", "integer"):
        for prune in (True, False):
            backend = minicard if encoding in ("sets", "table") else CADICAL
            result = solve(GENRE, puzzle, backend, encoding=encoding, limit=500, prune=prune)
            assert sorted(result.solutions) == expected, (encoding, prune)


def test_narrowing_a_run_keeps_every_digit_some_filling_uses() -> None:
    from itertools import permutations

    from gridsat.models.sums import narrow

    rng = random.Random(5)
    for _ in range(200):
        k = rng.randint(1, 4)
        masks = tuple(
            sum(1 << d for d in rng.sample(range(1, 10), rng.randint(1, 9))) for _ in range(k)
        )
        total = rng.randint(k, 30) if rng.random() < 0.9 else None
        used = [0] * k
        for digits in permutations(range(1, 10), k):
            if total is not None and sum(digits) != total:
                continue
            if all(masks[j] >> d & 1 for j, d in enumerate(digits)):
                for j, d in enumerate(digits):
                    used[j] |= 1 << d
        found = narrow(total, masks, 9)
        if not used[0]:
            continue  # (no filling: narrowing may or may not see it)
        assert found is not None
        for j in range(k):
            assert used[j] & ~found[j] == 0 and found[j] & ~masks[j] == 0
