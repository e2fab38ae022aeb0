"""Futoshiki (Unequal, and its Adjacent mode): solution counts against brute force on small
boards (every backend and encoding), the checker against broken solutions, game IDs and the
printed rows read and written back, and errors that name where."""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import permutations

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat.models.futoshiki import build, narrowed
from gridsat.parsers.futoshiki import format_id, format_plain, parse
from gridsat.pipeline import solve
from gridsat.puzzles.futoshiki import GIVENS, Futoshiki, check, make_mode
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("futoshiki")
CORPUS = [
    json.loads(line) for line in (DATA / "futoshiki" / "tatham.jsonl").read_text().splitlines()
]
FIRST = CORPUS[0]  # 4:0,0,0,2,2,0,0,1,1,0,2,3,0,0,0,0,
ADJACENT = next(row for row in CORPUS if "a" in row["id"].split(":")[0])


@cache
def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every Latin square of order n (n <= 4), row by row from the permutations."""
    rows = list(permutations(range(1, n + 1)))
    found: list[tuple[tuple[int, ...], ...]] = []

    def extend(square: list[tuple[int, ...]]) -> None:
        if len(square) == n:
            found.append(tuple(square))
            return
        for row in rows:
            if all(row[c] != other[c] for other in square for c in range(n)):
                extend([*square, row])

    extend([])
    return found


def brute_count(puzzle: Futoshiki) -> int:
    """How many Latin squares keep the numbers shown and obey every sign, the rules written
    again: a sign's first cell greater; in Adjacent mode, barred neighbours exactly one apart
    and the others not."""
    n = puzzle.size
    bars = {frozenset(p) for p in puzzle.signs}
    count = 0
    for square in latin_squares(n):
        if any(v and square[r][c] != v for r, row in enumerate(puzzle.rows)
               for c, v in enumerate(row)):  # fmt: skip
            continue
        ok = True
        for r in range(n):
            for c in range(n):
                for rr, cc in ((r, c + 1), (r + 1, c)):
                    if rr >= n or cc >= n:
                        continue
                    a, b = square[r][c], square[rr][cc]
                    if puzzle.adjacent:
                        ok &= (abs(a - b) == 1) == (frozenset({(r, c), (rr, cc)}) in bars)
                    elif ((r, c), (rr, cc)) in puzzle.signs:
                        ok &= a > b
                    elif ((rr, cc), (r, c)) in puzzle.signs:
                        ok &= b > a
        count += ok
    return count


SMALL = {
    "3x3-empty": ". . .\n\n. . .\n\n. . .",
    "3x3-signs": ".<. .\n^\n. . .\n\n. .>.",
    "4x4-signs": ".<. . .\n  v\n. . .>.\n\n. . . .\n^\n. .<. 1",
    "4x4-adjacent": "adjacent\n.|. .|.\n- - - -\n.|. .|.\n\n.|. .|.\n- - - -\n.|. .|.",
}


def counts_right(name: str, backend: str, encoding: str) -> None:
    puzzle = parse(SMALL[name])
    want = brute_count(puzzle)
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000)
    assert outcome.count_exact and len(outcome.solutions) == want
    assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_counts_match_brute_force(name: str) -> None:
    for encoding in GENRE.encodings:
        counts_right(name, "sat:cadical195", encoding)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_counts_alike(backend: str) -> None:
    counts_right("4x4-adjacent", backend, "integer")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force_everywhere(name: str, backend: str, encoding: str) -> None:
    counts_right(name, backend, encoding)


def test_random_boards_count_as_brute_force() -> None:
    """Random signs and bars on 4x4 boards, pruned and not, many with no solution."""
    rng = random.Random(3)
    backend = get_backend("sat:cadical195")
    for k in range(6):
        adjacent = k % 2 == 1
        cells = [(r, c) for r in range(4) for c in range(4)]
        pairs = [
            (a, b)
            for a in cells
            for b in cells
            if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        ]
        chosen = rng.sample(pairs, rng.randint(1, 8))
        signs = frozenset(p if adjacent or rng.random() < 0.5 else (p[1], p[0]) for p in chosen)
        rows = tuple(
            tuple(rng.choice([0, 0, 0, 0, 0, 1, 2, 3, 4]) for _ in range(4)) for _ in range(4)
        )
        puzzle = Futoshiki(rows, signs, adjacent)
        want = brute_count(puzzle)
        for encoding in GENRE.encodings:
            for prune in (True, False):
                outcome = solve(GENRE, puzzle, backend, encoding, limit=1000, prune=prune)
                assert len(outcome.solutions) == want, (k, encoding, prune)


def test_brute_force_counts_are_not_trivial() -> None:
    assert brute_count(parse(SMALL["3x3-empty"])) == 12
    assert all(brute_count(parse(text)) > 1 for text in SMALL.values())


# -- the corpus ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("row", CORPUS, ids=[r["id"][:20] for r in CORPUS])
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), encoding, limit=2)
        assert outcome.status == "unique"
        assert check(puzzle, outcome.solutions[0]) == []
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def test_the_corpus_solutions_pass_the_checker() -> None:
    for row in CORPUS:
        assert check(parse(row["id"]), tuple(map(tuple, row["solution"]))) == []


@pytest.mark.parametrize("row", CORPUS[::6], ids=[r["id"][:20] for r in CORPUS[::6]])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert format_id(puzzle) == row["id"]
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle


# -- the checker -----------------------------------------------------------------------------


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = [list(row) for row in FIRST["solution"]]  # 4132 / 2341 / 1423 / 3214
    swapped = [row[:] for row in good]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    assert any("column 1: 1 stands twice" in p for p in check(puzzle, swapped))
    given = [row[:] for row in good]
    given[0][3], given[0][2] = given[0][2], given[0][3]  # r1c4 shows 2
    assert "r1c4 must hold the given 2, not 3" in check(puzzle, given)
    signed = Futoshiki(puzzle.rows, frozenset({((0, 1), (0, 0))}))
    problems = check(signed, good)
    assert problems == ["r1c2 must be greater than r1c1, but holds 1 against 4"]
    assert check(puzzle, good[:3]) == ["the solution is not a 4x4 board"]


def test_the_checker_holds_bars_both_ways() -> None:
    puzzle = parse(ADJACENT["id"])
    good = tuple(map(tuple, ADJACENT["solution"]))
    assert check(puzzle, good) == []
    barred = next(iter(sorted(puzzle.signs)))
    fewer = Futoshiki(puzzle.rows, puzzle.signs - {barred}, True)
    assert any("have no bar, but hold" in p for p in check(fewer, good))
    free = next((a, b) for a, b in sorted(neighbours_of(6)) if (a, b) not in puzzle.signs)
    more = Futoshiki(puzzle.rows, puzzle.signs | {free}, True)
    assert any("have a bar, but hold" in p for p in check(more, good))


def neighbours_of(n: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]


# -- reading and writing ---------------------------------------------------------------------


def test_the_printed_rows_read_as_the_game_id() -> None:
    puzzle = parse(FIRST["id"])
    rows = format_plain(puzzle)
    assert parse(rows) == puzzle
    assert parse("4:c2,2,b1,1,a2,3,c0") == puzzle  # runs of blanks, no last ','
    tight = parse("1<2 .\n^ v\n. . .\n\n. . .")
    assert parse("1 < 2  .\n^   v\n.   .  .\n.   .  .") == tight  # spaced: a sign under its cell
    assert parse("unequal:" + FIRST["id"]) == puzzle
    assert parse("4dt:" + FIRST["id"].split(":")[1]) == puzzle


def test_signs_point_as_the_collection_prints_them() -> None:
    puzzle = parse("1<2 .\n^ v\n. . .\n\n. . .")
    assert puzzle.signs == {
        ((0, 1), (0, 0)),  # 1 < 2: the right one greater
        ((1, 0), (0, 0)),  # ^: the lower one greater
        ((0, 1), (1, 1)),  # v: the upper one greater
    }
    assert format_id(puzzle) == "3:1,2DL,0,0U,0,0,0,0,0,"


def test_adjacent_rows_and_ids_round_trip() -> None:
    puzzle = parse(ADJACENT["id"])
    assert puzzle.adjacent and format_id(puzzle) == ADJACENT["id"]
    text = format_plain(puzzle)
    assert text.splitlines()[0] == "adjacent"
    assert parse(text) == puzzle
    assert parse("\n".join(text.splitlines()[1:])) == puzzle  # the bars say the mode


def test_large_orders_print_as_the_collection_does() -> None:
    """From order 10 a cell is one character: 0-9 for 1..10, then letters."""
    square = tuple(tuple((r + c) % 12 + 1 for c in range(12)) for r in range(12))
    puzzle = Futoshiki(square)
    text = format_plain(puzzle)
    assert text.splitlines()[0] == "0 1 2 3 4 5 6 7 8 9 A B"
    assert parse(text) == puzzle
    assert GENRE.format_solution(puzzle, square, "tatham").startswith("S0123456789AB1")


def test_the_solve_move_writes_each_number() -> None:
    puzzle = parse(FIRST["id"])
    assert GENRE.format_solution(puzzle, FIRST["solution"], "tatham") == "S4132234114233214"


def test_json_is_the_corpus_form() -> None:
    puzzle = parse(CORPUS[12]["id"])
    outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), limit=2)
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == CORPUS[12]["solution"]


BAD = {
    "4x:0,": "bad size '4x' at column 1",
    "40:0,": "order 40 at column 1 of the game ID is outside 1..32",
    "3:0,0,0,0,0,0,0,0,": "too few cells in the game ID: 8 of 9",
    "3:0,0,0,0,0,0,0,0,0,0,": "too many cells at column 21",
    "3:0,0,4,0,0,0,0,0,0,": "number 4 at column 7 of the game ID is outside 0..3",
    "3:0,0,0U,0,0,0,0,0,0,": "the flag U of r1c3 points off the board",
    "3:0R,0L,0,0,0,0,0,0,0,": "r1c1 and r1c2 are each said to be greater than the other",
    "3a:0R,0,0,0,0,0,0,0,0,": "in Adjacent mode a bar is written on both cells",
    "3:0X,0,": "unexpected 'X' at column 4",
    "3:,": "expected a number at column 3",
    ". .\n. .\n. .": "3 rows, but the first .line 1. has 2 cells",
    ". . .\n. .\n. . .": "line 2: 2 cells, but the first row has 3",
    ". . .\n. 7 .\n. . .": "line 2, column 3: '7' is not a cell",
    ". . >\n. . .\n. . .": "line 1: the row ends in the sign '>'",
    ".<.|.\n. . .\n. . .": "are mixed",
    "   \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("futoshiki", text, parse, BAD[text])


# -- the model, givens and the maker -----------------------------------------------------------


def test_pruning_finishes_tathams_trivial_puzzles() -> None:
    for row in CORPUS[:5]:
        domains = narrowed(parse(row["id"]))
        assert all(len(values) == 1 for values in domains.values())
        assert build(parse(row["id"])).model.num_bools == 16


def test_a_contradiction_is_no_solution_on_every_encoding() -> None:
    puzzle = parse((DATA / "futoshiki" / "unsolvable.txt").read_text())
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("cpsat"), encoding, prune=prune)
            assert outcome.status == "unsolvable"


def test_givens_are_numbers_then_signs_and_bars_are_not_givens() -> None:
    puzzle = parse("1<. .\n\n. . .\n\n. . .")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), 1), ((0, 1), (0, 0))]
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert GIVENS.keep(puzzle, [shown[1]]).rows[0] == (0, 0, 0)
    assert [GIVENS.describe(puzzle, g) for g in shown] == ["1 at r1c1", "the sign r1c2 > r1c1"]
    bars = parse(ADJACENT["id"])
    assert all(isinstance(v, int) for _, v in GIVENS.of(bars))
    assert GIVENS.keep(bars, []).signs == bars.signs


def test_made_puzzles_show_every_sign() -> None:
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: Futoshiki, n: int) -> list[object]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    for adjacent in (False, True):
        puzzle, solution, keep = make_mode((5, 5), random.Random(2), solutions, adjacent)
        assert check(puzzle, solution) == [] and keep == []
        assert len(puzzle.signs) == (40 if not adjacent else len(puzzle.signs))
        assert puzzle.adjacent == adjacent


def test_rows_of_python_values_read_as_numbers_shown() -> None:
    import gridsat

    puzzle = gridsat.read("futoshiki", [[0, None, "", 2], [2, 0, 0, 1], [1, 0, 2, 3], [0] * 4])
    assert puzzle.data.rows[0] == (0, 0, 0, 2) and not puzzle.data.signs
    with pytest.raises(gridsat.PuzzleError, match=r"row 1, column 1: 5 is not a number 1\.\.2"):
        gridsat.read("futoshiki", [[5, 0], [0, 0]])
