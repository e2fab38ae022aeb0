"""Towers: Tatham's game IDs and the plain layout, the rules' checker, every encoding against
brute force on 3x3 boards, and one-line errors that say where an ID went wrong."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from typing import Any

import pytest

import gridsat
from conftest import BACKENDS, DATA, refused
from gridsat import cli
from gridsat.models.towers import ENCODINGS, admissible, clue_bounds
from gridsat.parsers import ParseError
from gridsat.parsers.towers import format_puzzle, format_solution, parse
from gridsat.pipeline import solve
from gridsat.puzzles.towers import GIVENS, Towers, check, seen, with_clues
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

TOWERS = get_genre("towers")
CORPUS = [json.loads(line) for line in (DATA / "towers" / "tatham.jsonl").read_text().splitlines()]
PLAIN = sorted(p for p in (DATA / "towers").glob("*.txt"))


def board(rows: Any) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r) for r in rows)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``gridsat ARGS`` in this process: exit code, stdout, stderr."""
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# -- reading and printing ------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=lambda r: r["id"])
def test_every_corpus_id_prints_back_exactly_and_its_solution_passes(row: dict[str, Any]) -> None:
    puzzle = parse(row["id"])
    assert format_puzzle(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle
    assert check(puzzle, board(row["solution"])) == []


@pytest.mark.parametrize("path", PLAIN, ids=lambda p: p.name)
def test_plain_examples_round_trip(path: Any) -> None:
    puzzle = parse(path.read_text())
    assert not puzzle.tatham
    assert parse(format_puzzle(puzzle)) == puzzle


def test_an_id_and_its_plain_layout_are_the_same_puzzle() -> None:
    text = "5:///3/2///3/////2/2///3//2/3,l1l"
    puzzle = parse(text)
    assert puzzle.size == 5
    assert puzzle.top == (0, 0, 0, 3, 2) and puzzle.bottom == (0, 0, 3, 0, 0)
    assert puzzle.left == (0, 0, 2, 2, 0) and puzzle.right == (0, 3, 0, 2, 3)
    assert puzzle.rows[2][2] == 1 and sum(map(sum, puzzle.rows)) == 1
    plain = format_puzzle(dataclasses.replace(puzzle, tatham=False))
    assert plain.splitlines()[0].split() == [".", ".", ".", "3", "2"]
    assert parse(plain) == puzzle
    # The prefix, the full parameters and line breaks inside the ID are accepted.
    assert parse("towers:5dh:///3/2///3/////2/2///3/\n/2/3,l1l") == puzzle
    assert parse("Skyscrapers:" + text) == puzzle


def test_the_plain_layout_takes_frames_bars_and_several_blanks() -> None:
    framed = """
          -  .  2  _
       +-------------+
     3 |  .  .  .  . | .
     0 |  .  3  .  . | .
     . |  .  .  .  . | 2
     . |  .  .  .  . | .
       +-------------+
          .  .  .  0
    """
    puzzle = parse(framed)
    assert puzzle.top == (0, 0, 2, 0) and puzzle.left == (3, 0, 0, 0)
    assert puzzle.right == (0, 0, 2, 0) and puzzle.bottom == (0, 0, 0, 0)
    assert puzzle.rows[1][1] == 3


def test_solution_formats() -> None:
    row = CORPUS[0]
    puzzle = parse(row["id"])
    solution = board(row["solution"])
    move = format_solution(puzzle, solution, "tatham")
    assert move == "S" + "".join(str(v) for r in row["solution"] for v in r)
    grid = format_solution(puzzle, solution, "grid")
    # The printed board reads back: the same clues, every cell shown.
    again = parse(grid)
    assert (again.top, again.bottom, again.left, again.right) == (
        puzzle.top,
        puzzle.bottom,
        puzzle.left,
        puzzle.right,
    )
    assert again.rows == solution


# -- errors in game IDs, each naming its column --------------------------------------------------

BAD_IDS = [
    ("x4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2", "bad size", "column 1"),
    ("12:" + "/" * 47, "outside 1..9", "column 1"),
    ("4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4", "too few clues", "end of the game ID"),
    ("4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2/1", "too many clues", "column 35"),
    ("4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/5", "clue 5", "column 33"),
    ("4:2/2/3/1/2/3/x/2/2/2/1/2/1/3/4/2", "unexpected 'x'", "column 15"),
    ("4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2,o", "too few cells", "end of the game ID"),
    ("4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2,p1", "too many cells", "column 36"),
    (
        "4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2,c7l",
        "7 at column 36 of the game ID is outside 1..4",
        "column 36",
    ),
    ("4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2,c!l", "unexpected '!'", "column 36"),
    ("4:2/2/3/1/2/3/1/2/2/2/1/2/1/3/4/2,p,a", "unexpected ','", "column 36"),
    ("4de#pub2-towers-4de-0", "random seed", ""),
    ("4:", "too few clues", "end of the game ID"),
]


@pytest.mark.parametrize("text, what, place", BAD_IDS, ids=[t for t, _, _ in BAD_IDS])
def test_a_bad_id_is_one_line_naming_where(text: str, what: str, place: str) -> None:
    said, ran = refused("towers", text, parse)
    assert what in said and place in said
    assert ran.stdout == "" and what in ran.stderr


BAD_LAYOUTS = [
    ("   . .\n.  . .  .\n.  . .  .\n", "3 lines", "4 lines"),
    ("   . .\n.  . .  .\n.  . .\n   . .\n", "line 3: 3 entries, expected 4", ""),
    ("   . .\n.  . 3  .\n.  . .  .\n   . .\n", "line 2, entry 3: '3'", "1..2"),
    ("   . x\n.  . .  .\n.  . .  .\n   . .\n", "line 1, entry 2: 'x'", ""),
    (" ".join("." * 10) + "\n", "over the limit of 9", ""),
]


@pytest.mark.parametrize("text, what, more", BAD_LAYOUTS)
def test_a_bad_layout_names_the_line(text: str, what: str, more: str) -> None:
    with pytest.raises(ParseError) as e:
        parse(text)
    assert what in str(e.value) and more in str(e.value)


# -- the rules -----------------------------------------------------------------------------------


def test_seen_counts_the_towers_taller_than_all_before() -> None:
    assert seen([1, 2, 3, 4]) == 4 and seen([4, 3, 2, 1]) == 1 and seen([2, 1, 4, 3]) == 2
    assert seen([3, 1, 2, 5, 4]) == 2


def test_the_checker_catches_each_rule() -> None:
    row = next(r for r in CORPUS if "," in r["id"])  # a puzzle with heights shown
    puzzle = parse(row["id"])
    good = [list(r) for r in row["solution"]]
    assert check(puzzle, board(good)) == []
    # A height twice in a row and in a column.
    bad = [list(r) for r in good]
    bad[0][0] = bad[0][1]
    assert any(p.startswith("row 1:") and "twice" in p for p in check(puzzle, board(bad)))
    assert any(p.startswith("column 1:") for p in check(puzzle, board(bad)))
    # A shown height changed (the rows swapped keep the square Latin).
    (r, c), v = next(iter(puzzle.shown().items()))
    swapped = [good[(i + 1) % len(good)] for i in range(len(good))]
    problems = check(puzzle, board(swapped))
    assert any(f"r{r + 1}c{c + 1} must hold the given {v}" in p for p in problems)
    # A clue broken by a Latin square that keeps every shown height: the clues alone.
    bare = dataclasses.replace(puzzle, rows=board([[0] * puzzle.size] * puzzle.size))
    mirrored = [list(reversed(r)) for r in good]
    problems = check(bare, board(mirrored))
    assert problems and all(p.startswith("the clue ") and " sees " in p for p in problems)
    assert check(bare, board(good)) == []
    # A board of the wrong shape.
    assert check(puzzle, board(good[:-1])) == [
        f"the solution is not a {puzzle.size}x{puzzle.size} board"
    ]


def test_clue_bounds_keep_every_solution() -> None:
    for row in CORPUS:
        puzzle = parse(row["id"])
        bounds = clue_bounds(puzzle)
        for r, line in enumerate(row["solution"]):
            for c, v in enumerate(line):
                assert v in bounds[(r, c)], (row["id"], r, c)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_admissible_rows_are_exactly_the_orders_that_show_the_clues(n: int) -> None:
    orders = list(itertools.permutations(range(1, n + 1)))
    for a in range(n + 1):
        for b in range(n + 1):
            want = {
                p for p in orders if (not a or seen(p) == a) and (not b or seen(reversed(p)) == b)
            }
            assert set(admissible(n, a, b)) == want


# -- counts against brute force on 3x3 boards ----------------------------------------------------

LATIN_3 = [
    sq
    for sq in itertools.product(itertools.permutations((1, 2, 3)), repeat=3)
    if all(sorted(col) == [1, 2, 3] for col in zip(*sq, strict=True))
]


def random_puzzles(count: int) -> list[Towers]:
    """3x3 boards: some clues of a random Latin square (so some have solutions), or random
    clues, with now and then a height shown."""
    rng = random.Random(3)
    found = []
    for k in range(count):
        if k % 2:
            full = with_clues(rng.choice(LATIN_3))
            sides = [
                tuple(v if rng.random() < 0.3 else 0 for v in side)
                for side in (full.top, full.bottom, full.left, full.right)
            ]
        else:
            sides = [tuple(rng.choice([0, 0, 1, 2, 3]) for _ in range(3)) for _ in range(4)]
        rows = [[0] * 3 for _ in range(3)]
        if rng.random() < 0.3:
            rows[rng.randrange(3)][rng.randrange(3)] = rng.randint(1, 3)
        found.append(Towers(*sides, rows=board(rows)))
    return found


EMPTY_3 = Towers((0,) * 3, (0,) * 3, (0,) * 3, (0,) * 3, ((0,) * 3,) * 3)
PUZZLES_3 = [*random_puzzles(16), EMPTY_3]


def test_there_are_twelve_latin_squares_of_order_3() -> None:
    assert len(LATIN_3) == 12


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_counts_match_brute_force_on_3x3(backend: str, encoding: str) -> None:
    counts = set()
    for puzzle in PUZZLES_3:
        want = {sq for sq in LATIN_3 if check(puzzle, sq) == []}
        outcome = solve(TOWERS, puzzle, get_backend(backend), encoding, limit=20)
        assert {board(s) for s in outcome.solutions} == want, puzzle
        counts.add(len(want))
    assert {0, 1, 2, 3, 12} <= counts  # boards with none, one and several solutions


@pytest.mark.slow  # (seconds of brute force: the counts are checked on every backend and
# encoding by test_counts_match_brute_force_on_3x3, the command line's --count by test_cli)
def test_count_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "towers" / "multiple.txt").read_text()
    puzzle = parse(text)
    n = puzzle.size
    want = sum(
        1
        for rows in itertools.product(itertools.permutations(range(1, n + 1)), repeat=n)
        if check(puzzle, rows) == []
    )
    for encoding in ENCODINGS:
        code, out, _ = run(capsys, "solve", "towers", text, "--count", "100", "-e", encoding)
        assert code == 0 and out.splitlines()[-1] == f"{want} solutions"


# -- setters ---------------------------------------------------------------------------------------


def test_givens_are_clues_and_heights_and_keep_rebuilds_the_puzzle() -> None:
    puzzle = parse(CORPUS[20]["id"])
    givens = GIVENS.of(puzzle)
    clues = [g for g in givens if not all(0 <= i < puzzle.size for i in g[0])]
    assert len(clues) == sum(
        1 for s in (puzzle.top, puzzle.bottom, puzzle.left, puzzle.right) for v in s if v
    )
    assert GIVENS.keep(puzzle, givens) == puzzle
    assert GIVENS.describe(puzzle, ((-1, 1), 4)) == "the clue 4 above column 2"
    assert GIVENS.describe(puzzle, ((2, 6), 3)) == "the clue 3 right of row 3"
    assert GIVENS.describe(puzzle, ((1, 2), 5)) == "5 at r2c3"


def test_compare_keeps_its_columns_with_long_encoding_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = (DATA / "towers" / "multiple.txt").read_text()
    code, out, _ = run(capsys, "compare", "towers", text, "-b", "sat:cadical195", "--repeat", "1")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + len(ENCODINGS)
    column = lines[0].index("status")
    assert all(line[column:].startswith("multiple") for line in lines[1:])


def test_a_whole_board_shows_the_clues_it_makes() -> None:
    solution = board(CORPUS[0]["solution"])
    full = with_clues(solution)
    assert check(full, solution) == []
    assert full.top == parse(CORPUS[0]["id"]).top


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_made_towers_look_like_the_genre_clues_around_few_heights(seed: int) -> None:
    # heights inside the grid are taken away first, so that the clues around it are the puzzle
    made = gridsat.generate("towers", "5", seed=seed)
    puzzle = made.puzzle.data
    clues = sum(1 for line in (puzzle.top, puzzle.bottom, puzzle.left, puzzle.right)
                for v in line if v)  # fmt: skip
    heights = sum(1 for row in puzzle.rows for v in row if v)
    assert clues >= 4 and heights <= 2 and heights < clues, (clues, heights)
