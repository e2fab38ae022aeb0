"""Masyu (Pearl): the checker against broken loops, solution counts against brute force on small
boards (every encoding), game IDs, plain layouts and puzz.link URLs round-trip, and the maker."""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import product

import pytest

from conftest import DATA, refused
from gridsat.parsers import ParseError
from gridsat.parsers.masyu import format_plain, format_url, parse
from gridsat.parsers.puzzlink import split
from gridsat.pipeline import solve
from gridsat.puzzles.masyu import GIVENS, Masyu, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("masyu")
CORPUS = [json.loads(line) for line in (DATA / "masyu" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 6x6:BaBbBjWcWaBfWBaWc


@cache
def every_loop(width: int, height: int) -> list[tuple[str, ...]]:
    """Every set of lines on the board that the checker takes for one loop (no circles): by
    brute force over the lines between side-by-side cells."""
    across = [(r, c) for r in range(height) for c in range(width - 1)]
    down = [(r, c) for r in range(height - 1) for c in range(width)]
    blank = Masyu(tuple("." * width for _ in range(height)))
    found = []
    for bits in product((0, 1), repeat=len(across) + len(down)):
        masks = [[0] * width for _ in range(height)]
        for (r, c), on in zip(across, bits, strict=False):
            if on:
                masks[r][c] |= 1
                masks[r][c + 1] |= 4
        for (r, c), on in zip(down, bits[len(across) :], strict=True):
            if on:
                masks[r][c] |= 8
                masks[r + 1][c] |= 2
        if any(m and m not in TWO for row in masks for m in row):
            continue  # (a cell with 1, 3 or 4 lines: no loop, as the checker would say)
        solution = tuple("".join(format(m, "x") for m in row) for row in masks)
        if not check(blank, solution):
            found.append(solution)
    return found


TWO = {3, 5, 6, 9, 10, 12}


def brute_count(rows: tuple[str, ...]) -> int:
    """How many loops obey the circles of the board (4x3: 17 lines, 131,072 sets)."""
    puzzle = Masyu(rows)
    return sum(not check(puzzle, loop) for loop in every_loop(len(rows[0]), len(rows)))


def boards(width: int, height: int, seed: int) -> list[tuple[str, ...]]:
    """An empty board, one white circle, and random circles."""
    rng = random.Random(seed)
    found = [tuple("." * width for _ in range(height)), ("." * width, ".W" + "." * (width - 2))]
    found[1] += tuple("." * width for _ in range(height - 2))
    found += [tuple("".join(rng.choice("....WB") for _ in range(width)) for _ in range(height))
              for _ in range(6)]  # fmt: skip
    return found


def counts_agree(encoding: str, width: int, height: int) -> None:
    for rows in boards(width, height, 3):
        puzzle = Masyu(rows)
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=500,
                            prune=prune)  # fmt: skip
            assert outcome.count_exact
            assert len(outcome.solutions) == brute_count(rows), (rows, prune)
            assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(encoding: str) -> None:
    counts_agree(encoding, 3, 3)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force_on_a_larger_board(encoding: str) -> None:
    counts_agree(encoding, 4, 3)


def test_brute_force_counts_are_not_trivial() -> None:
    assert len(every_loop(3, 3)) == 13  # 2x2, 3x2 and 2x3 rings, four L shapes, the border
    assert brute_count(("...", ".W.", "...")) == 4


# -- the checker -----------------------------------------------------------------------------


def test_the_corpus_solutions_pass_the_checker() -> None:
    for row in CORPUS:
        assert check(parse(row["id"]), tuple(row["solution"])) == []


def changed(board: tuple[str, ...], r: int, c: int, ch: str) -> tuple[str, ...]:
    rows = list(board)
    rows[r] = rows[r][:c] + ch + rows[r][c + 1 :]
    return tuple(rows)


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = tuple(FIRST["solution"])  # 95c95c / a0a3ca / a960aa / a3556a / a009ca / 355636
    assert check(puzzle, good) == []
    assert "r1c1 has 1 lines, not 0 or 2" in check(puzzle, changed(good, 0, 0, "8"))
    assert any("none back" in p for p in check(puzzle, changed(good, 1, 1, "a")))
    assert any("off the board" in p for p in check(puzzle, changed(good, 0, 0, "3")))
    # Two loops: a 2x2 ring in an empty corner of another board.
    blank = Masyu(("....", "....", "....", "...."))
    two = ("9c9c", "3636", "9c9c", "3636")
    assert any("not one loop" in p for p in check(blank, two))
    assert check(blank, ("0000",) * 4) == ["no line is drawn"]
    # Circles: a black circle passed straight, a white one turned on, one left out.
    ring = ("9555c", "a000a", "a000a", "35556")
    assert check(Masyu(("B....", ".....", ".....", ".....")), ring) == []
    assert any("straight through the black" in p
               for p in check(Masyu((".B...", ".....", ".....", ".....")), ring))  # fmt: skip
    assert any("turns next to the black" in p
               for p in check(Masyu(("....B", ".....")), ("9555c", "35556")))  # fmt: skip
    assert any("turns on the white" in p
               for p in check(Masyu(("W....", ".....", ".....", ".....")), ring))  # fmt: skip
    assert any("neither cell beside the white" in p
               for p in check(Masyu((".....", ".....", ".....", "..W..")), ring))  # fmt: skip
    assert any("does not pass the circle" in p
               for p in check(Masyu((".....", "..W..", ".....", ".....")), ring))  # fmt: skip
    assert check(puzzle, good[:-1]) == ["the solution is not a 6x6 board"]


# -- reading and writing ---------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS[::5], ids=lambda r: r["params"])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle
    assert parse("pearl:" + str(row["id"]).replace(":", "dt:", 1)) == puzzle


def test_the_plain_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    plain = format_plain(puzzle)
    assert parse("6x6\n" + plain) == puzzle
    assert parse(plain.replace("W", "o").replace("B", "x")) == puzzle
    assert parse("\n".join(" ".join(line) for line in plain.splitlines())) == puzzle
    assert GENRE.rows_text([["B", None, "W"], [".", "", "b"]]) == "B.W\n..B"


def test_pzprjs_own_url_reads_and_writes_back() -> None:
    """pzprjs's test board (test/script/mashu.js): ``6/6/1063000i3000``, 1 white, 2 black."""
    url = "https://puzz.link/p?mashu/6/6/1063000i3000"
    puzzle = GENRE.read(url)
    assert puzzle.rows == ("..W...", ".B..W.", "......", "...B..", ".W....", "......")
    assert format_url(puzzle) == url
    assert GENRE.read("http://pzv.jp/p.html?masyu/6/6/1063000i3000.0") == puzzle
    with pytest.raises(ParseError, match="the flag 'f'"):
        GENRE.read("https://puzz.link/p?mashu/f/6/6/1063000i3000")
    with pytest.raises(ParseError, match="cut short"):
        GENRE.read("https://puzz.link/p?mashu/6/6/1063")
    assert split("pearl/6/6/1063000i3000", ("pearl",)).word == "pearl"


def test_solutions_print_as_lines_masks_and_the_solve_move() -> None:
    puzzle = parse(FIRST["id"])
    solution = tuple(FIRST["solution"])
    grid = GENRE.format_solution(puzzle, solution, "grid").splitlines()
    assert grid[0] == "●─●┌─●" and grid[1] == "│·│└┐│"
    assert GENRE.format_solution(puzzle, solution, "masks").splitlines() == FIRST["solution"]
    move = GENRE.format_solution(puzzle, solution, "tatham")
    assert move.startswith("S;R9,0,0;R5,1,0;R12,2,0;") and move.count(";") == 32
    assert GENRE.to_json(puzzle, solution) == FIRST["solution"]
    assert GENRE.from_json is not None
    assert GENRE.refuted(puzzle, FIRST["solution"]) is None
    assert "r1c1" in str(GENRE.refuted(puzzle, ["05c95c", *FIRST["solution"][1:]]))


BAD = {
    "6y6:BaBb": "bad size '6y6' at column 1",
    "6x6:BaBbBjWcWaBfWBaWcQ": "unexpected 'Q' at column 22",
    "6x6:BaBbBjWcWaBfWBaW": "too few cells in the description: 33 of 36",
    "6x6:BaBbBjWcWaBfWBaWcc": "too many cells in the description",
    "..\n.Q": "line 2, column 2: 'Q' is not a cell",
    "..\n...": "line 2: 3 cells, but the first row has 2",
    "3x3\n..\n..": "line 1 declares 3x3, but the board below it is 2x2",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("pearl", text, parse, BAD[text])


# -- the model and the maker -----------------------------------------------------------------


def test_a_black_circle_with_no_room_is_no_solution() -> None:
    puzzle = parse((DATA / "masyu" / "unsolvable.txt").read_text())
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, prune=prune)
            assert outcome.status == "unsolvable"


def test_made_boards_are_unique_and_keep_their_circles() -> None:
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: Masyu, n: int) -> list[object]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((7, 6), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (7, 6) and keep == []
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        # Every circle shown is the one the loop allows there.
        assert all(GIVENS.at(puzzle, solution, place) == (place, colour)
                   for place, colour in GIVENS.of(puzzle))  # fmt: skip


NEEDS_SHAPES = "10x10:dBaWbBaWWhWdWWWbWaWBdWcBWbBcWaWWdBBjBcWaWeWcWeWaBaWaB"
"""One of Tatham's Easy puzzles that on lines alone needs probing: a white circle between two
others cannot run toward them (neither can turn toward it), as his solver reads the shapes."""


def test_an_easy_puzzle_that_needs_the_shapes_grades_easy() -> None:
    from gridsat.grading import grade

    assert GENRE.about.grading.encoding == "shapes"
    graded = grade(GENRE, GENRE.parse(NEEDS_SHAPES))
    assert graded.level == 1 and graded.score == 0
    assert grade(GENRE, GENRE.parse(NEEDS_SHAPES), encoding="edges").level == 2


@pytest.mark.slow
def test_tathams_easy_puzzles_grade_without_the_loop_rule() -> None:
    """Each of his Easy puzzles is finished by propagation without the loop rule, and no
    Tricky one is."""
    from gridsat.grading import grade

    easy = [r for r in CORPUS if r["params"].endswith("de")]
    tricky = [r for r in CORPUS if r["params"].endswith("dt")]
    assert NEEDS_SHAPES in [r["id"] for r in easy] and tricky
    for record in easy:
        graded = grade(GENRE, GENRE.parse(record["id"]))
        assert graded.level == 1 and graded.score < 0.5, record["id"]
    for record in tricky:
        assert grade(GENRE, GENRE.parse(record["id"])).score > 0.5, record["id"]
