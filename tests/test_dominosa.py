"""Dominosa: the checker against broken solutions, solution counts against brute force on small
boards (every encoding), Tatham's corpus solved as he solved it, both input forms round-trip,
and game IDs whose errors name the column where they went wrong."""

from __future__ import annotations

import json
import random

import pytest

from conftest import DATA, refused
from gridsat.models.dominosa import build
from gridsat.parsers.dominosa import format_id, format_plain, parse
from gridsat.pipeline import solve
from gridsat.puzzles.dominosa import GIVENS, Dominosa, check, make, random_tiling
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("dominosa")
CORPUS = [json.loads(line) for line in (DATA / "dominosa" / "tatham.jsonl").open()]
FIRST = CORPUS[0]  # 3:33011330222030220111


def brute_count(rows: list[list[int]]) -> int:
    """How many tilings by dominoes lay every pair of 0..N exactly once: every tiling, cell by
    cell (the first open cell takes a domino across or down), its pairs counted at the end."""
    h, w = len(rows), len(rows[0])
    n = max(max(row) for row in rows)
    want = sorted((a, b) for a in range(n + 1) for b in range(a, n + 1))
    taken = [[False] * w for _ in range(h)]
    count = 0

    def walk(k: int, pairs: list[tuple[int, int]]) -> None:
        nonlocal count
        while k < h * w and taken[k // w][k % w]:
            k += 1
        if k == h * w:
            count += sorted(pairs) == want
            return
        r, c = divmod(k, w)
        for rr, cc in ((r, c + 1), (r + 1, c)):
            if rr < h and cc < w and not taken[rr][cc]:
                taken[r][c] = taken[rr][cc] = True
                a, b = sorted((rows[r][c], rows[rr][cc]))
                walk(k + 1, [*pairs, (a, b)])
                taken[r][c] = taken[rr][cc] = False

    walk(0, [])
    return count


def random_board(n: int, rng: random.Random) -> list[list[int]]:
    """Numbers 0..n at random on an (n+2)x(n+1) board, each as often as in a set."""
    numbers = [v for a in range(n + 1) for b in range(a, n + 1) for v in (a, b)]
    rng.shuffle(numbers)
    return [numbers[r * (n + 2) : (r + 1) * (n + 2)] for r in range(n + 1)]


@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("prune", [True, False], ids=["prune", "no-prune"])
def test_counts_match_brute_force(encoding: str, prune: bool) -> None:
    rng = random.Random(3)
    boards = [random_board(n, rng) for n in (1, 2, 2, 2, 3, 3)]
    boards.append([[0, 1, 0, 0], [2, 2, 1, 2], [0, 1, 1, 2]])  # data/dominosa/multiple.txt: 3
    counts = []
    for rows in boards:
        puzzle = parse("\n".join(" ".join(map(str, row)) for row in rows))
        backend = get_backend("sat:cadical195")
        outcome = solve(GENRE, puzzle, backend, encoding, limit=1000, prune=prune)
        assert outcome.count_exact
        assert len(outcome.solutions) == brute_count(rows), rows
        assert all(check(puzzle, s) == [] for s in outcome.solutions)
        counts.append(len(outcome.solutions))
    assert counts[-1] == 3 and max(counts) > 3 and 0 in counts  # the counts test something


def test_the_corpus_solutions_pass_the_checker() -> None:
    for row in CORPUS:
        assert check(parse(row["id"]), tuple(row["solution"])) == []


@pytest.mark.slow
@pytest.mark.parametrize("row", CORPUS, ids=[r["params"] for r in CORPUS])
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), limit=2)
    assert outcome.status == "unique"
    assert check(puzzle, outcome.solutions[0]) == []
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def test_the_checker_rejects_one_broken_rule_each() -> None:
    puzzle = parse(FIRST["id"])
    good = list(FIRST["solution"])  # LRTLR / TTBLR / BBTTT / LRBBB
    swapped = ["LRTLR", "TTBLR", "BBLRT", "LRLRB"]  # r3c3-r3c4 and r4c3-r4c4 across
    cases = {
        "a letter no half": (["LRTLX", *good[1:]], "r1c5 holds 'X'"),
        "a half alone": (["LRLLR", *good[1:]], "r1c3 is L, but its other half"),
        "a pair twice": (swapped, "lies twice"),
        "a pair nowhere": (swapped, "lies nowhere"),
        "the wrong shape": (good[:-1], "not a 5x4 board"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, tuple(board))
        assert any(words in p for p in problems), (what, problems)


def test_given_dominoes_stay() -> None:
    puzzle = parse((DATA / "dominosa" / "placed.txt").read_text())
    assert GIVENS.of(puzzle) == [((0, 0), (1, 0))]
    other = ("LRLR", "TLRT", "BLRB")  # a solution of the board without the given domino
    assert check(GIVENS.keep(puzzle, []), other) == []
    assert check(puzzle, other) == ["the domino on r1c1-r2c1 is given, but not laid"]
    assert GIVENS.describe(puzzle, GIVENS.at(puzzle, other, (1, 2))) == "a domino on r2c2-r2c3"


# -- reading and writing --------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS[::5], ids=[r["params"] for r in CORPUS[::5]])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle
    assert parse("dominosa:" + str(row["params"]) + ":" + str(row["id"]).split(":")[1]) == puzzle


def test_numbers_over_nine_are_bracketed_and_spaced() -> None:
    rows = random_board(10, random.Random(1))
    puzzle = parse("\n".join(" ".join(map(str, row)) for row in rows))
    assert puzzle.largest == 10 and (puzzle.width, puzzle.height) == (12, 11)
    written = format_id(puzzle)
    assert written.count("[10]") == 12 and parse(written) == puzzle  # N+2 of each number
    first = "".join(str(v) if v < 10 else "[10]" for v in rows[0])
    assert written.startswith(f"10:{first}")
    plain = format_plain(puzzle)
    assert plain.splitlines()[0] == " ".join(str(v).rjust(2) for v in rows[0])
    assert parse(plain) == puzzle


def test_the_plain_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    digits = format_plain(puzzle)
    assert digits.splitlines()[0] == "33011"
    spaced = "\n".join(" ".join(line) for line in digits.splitlines())
    assert parse(spaced) == puzzle
    assert parse(spaced.replace(" ", ",")) == puzzle
    turned = "\n".join("".join(line[c] for line in digits.splitlines()) for c in range(5))
    assert parse(turned).rows == tuple(zip(*puzzle.rows, strict=True))  # 4 wide, 5 high: a set


def test_given_dominoes_print_and_read_back() -> None:
    text = (DATA / "dominosa" / "placed.txt").read_text()
    puzzle = parse(text)
    assert GENRE.format_puzzle(puzzle) == text.rstrip("\n")
    with pytest.raises(ValueError, match="no given dominoes"):
        format_id(puzzle)


BAD = {
    "3y:330": "bad size '3y' at column 1",
    "0:11": "N = 0 at column 1",
    "3:3301133022203022011": "too few cells: 19 of 20",
    "3:330113302220302201112": "too many cells: 2 at column 23 of the game ID",
    "3:33011330222030220114": "4 at column 22 of the game ID is over N = 3",
    "3:3301133022203022011x": "unexpected 'x' at column 22 of the game ID",
    "3:3301133022203022011[1": "'[' at column 22",
    "33011\n3302": "line 2: 4 numbers, but the first row has 5",
    "3301\n1330": "a 4x2 board has 8 cells",
    "33a11\n33022\n20302\n20111": "line 1, column 3: 'a' is not a number",
    "33011\n33022\n20302\n20114": "line 4, column 5: 4 is over 3",
    "0100\n2212\n0112\n\nT...\n....\n....": "the T in column 1 has no B beside it",
    "0100\n2212\n0112\n\nT...\nB...": "2 rows of given dominoes, but the board has 3",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("dominosa", text, parse, BAD[text].replace("[", r"\["))


# -- the model and the maker ----------------------------------------------------------------------


def test_pruning_settles_the_trivial_boards() -> None:
    """Tatham's Trivial boards fall to lone spots of a cell or of a pair alone."""
    for row in CORPUS[:5]:
        assert build(parse(row["id"])).model.answer == []


def test_a_tiling_covers_the_board_once() -> None:
    for width, height in ((5, 4), (4, 5), (2, 1), (12, 11)):
        laid = random_tiling(width, height, random.Random(width))
        cells = [cell for domino in laid for cell in domino]
        assert sorted(cells) == [(r, c) for r in range(height) for c in range(width)]


def test_made_boards_are_unique_and_as_tatham_writes_them() -> None:
    backend = get_backend(GENRE.generate_backend)

    def solutions(puzzle: Dominosa, n: int) -> list[object]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((5, 5), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (7, 6) and keep == [] and not puzzle.placed
        assert check(puzzle, solution) == [] and solutions(puzzle, 2) == [solution]
        assert GENRE.format_puzzle(puzzle).startswith("5:")


@pytest.mark.parametrize(("level", "score"), [("6db", 1 / 3), ("6dh", 2 / 3)])
def test_tathams_basic_and_hard_puzzles_need_his_rules(level: str, score: float) -> None:
    """Graded on ``basic``: his Basic puzzles need the switch of his Basic rules, his Hard ones
    the sets of a number's cells too, and no probing; on ``both`` they need probing."""
    from gridsat.grading import grade

    record = next(r for r in CORPUS if r["params"] == level)
    puzzle = GENRE.parse(record["id"])
    graded = grade(GENRE, puzzle)
    assert graded.level == 1 and graded.score == pytest.approx(score, abs=1e-3)
    assert grade(GENRE, puzzle, encoding="both").level == 2
