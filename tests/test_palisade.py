"""Palisade: the checker against broken solutions, solution counts against brute force on small
boards (both encodings, pruned or not), Tatham's corpus solved as he solved it, every input
form round-trips, and bad input names where it went wrong."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from conftest import DATA, refused
from gridsat.models.palisade import build, known_edges
from gridsat.models.regions import Contradiction, grid_neighbours, sized_edges
from gridsat.parsers import ParseError
from gridsat.parsers.palisade import format_id, format_plain, parse, rows_text
from gridsat.pipeline import solve
from gridsat.puzzles.palisade import (
    GIVENS,
    Palisade,
    check,
    make,
    random_split,
    region_size,
    walls,
)
from gridsat.puzzles.palisade import (
    board as nodes,
)
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("palisade")
CORPUS = [json.loads(s) for s in (DATA / "palisade" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 5x5n5:3d1d32c322b3
SAT = get_backend("sat:cadical195")


# -- brute force: every split of a small board into regions of k cells, judged by the checker --


@cache
def splits(w: int, h: int, k: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every split of a w x h board into connected regions of k cells: the first free cell in
    reading order grows into every region of k free cells that holds it."""
    near = grid_neighbours(w, h)
    found = []
    label = [-1] * (w * h)

    def regions_from(start: int) -> list[frozenset[int]]:
        shapes = {frozenset([start])}
        for _ in range(k - 1):
            shapes = {
                s | {m}
                for s in shapes
                for n in s
                for m in near[n]
                if m not in s and label[m] < 0 and m > start
            }
        return sorted(shapes, key=sorted)

    def place(count: int) -> None:
        free = next((n for n in range(w * h) if label[n] < 0), None)
        if free is None:
            found.append(tuple(tuple(label[r * w : (r + 1) * w]) for r in range(h)))
            return
        for shape in regions_from(free):
            for n in shape:
                label[n] = count
            place(count + 1)
            for n in shape:
                label[n] = -1

    place(0)
    return found


def brute_count(puzzle: Palisade) -> int:
    every = splits(puzzle.width, puzzle.height, puzzle.size)
    return sum(not check(puzzle, s) for s in every)


SMALL = {
    "4x2-corner": "n4\n. . . .\n2 . . .",
    "3x3-threes": "n3\n. . .\n. . .\n2 . .",
    "3x3-open": "n3\n. . .\n. . .\n. . .",
    "4x3-open": "n4\n. . . .\n. 1 . .\n. . . 3",
    "4x4-twos": "n2\n. . . .\n. 2 . .\n. . 3 .\n. . . .",
}


def test_counts_match_brute_force_on_a_board() -> None:
    puzzle = parse(SMALL["3x3-open"])
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
def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(16):
        w, h, k = rng.choice([(3, 3, 3), (4, 2, 4), (4, 3, 3), (4, 3, 4), (4, 4, 4)])
        rows = [[rng.choice([None, None, None, 1, 2, 3]) for _ in range(w)] for _ in range(h)]
        puzzle = Palisade(tuple(tuple(row) for row in rows), k)
        want = brute_count(puzzle)
        for encoding in GENRE.encodings:
            for prune in (True, False):
                outcome = solve(GENRE, puzzle, SAT, encoding, limit=1000, prune=prune)
                assert len(outcome.solutions) == want, (rows, k, encoding, prune)


@pytest.mark.slow
def test_cpsat_agrees() -> None:
    puzzle = parse(SMALL["4x3-open"])
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, get_backend("cpsat"), encoding, limit=1000)
        assert len(outcome.solutions) == brute_count(puzzle)


# -- the corpus and the checker -------------------------------------------------------------


def test_the_first_corpus_puzzles_are_solved_as_tatham_solved_them() -> None:
    for row in CORPUS[:20:5]:
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


@pytest.mark.slow
def test_the_bare_model_solves_the_corpus_too() -> None:
    """Without the pruning (the edges the rules settle, the regions settled) up to 8x6."""
    for row in CORPUS[:15]:
        puzzle = parse(row["id"])
        outcome = solve(GENRE, puzzle, SAT, limit=2, prune=False)
        assert outcome.status == "unique", row["id"]
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def changed(board: list[list[int]], r: int, c: int, v: int) -> tuple[tuple[int, ...], ...]:
    rows = [list(row) for row in board]
    rows[r][c] = v
    return tuple(tuple(row) for row in rows)


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = FIRST["solution"]
    # 0 1 1 1 1 / 0 0 0 1 2 / 0 3 3 3 2 / 3 3 4 4 2 / 4 4 4 2 2
    cases = {
        "a region too large": (changed(good, 0, 1, 0), "the region at r1c1 has 6 cells, not 5"),
        "a region too small": (changed(good, 0, 1, 0), "the region at r1c3 has 4 cells, not 5"),
        "a region in pieces": (changed(good, 4, 4, 7), "the region at r2c5 has 4 cells"),
        "in two pieces": (changed(good, 0, 4, 3), "the region at r1c5 is in"),
        "a wrong clue": (changed(good, 0, 1, 0), "the clue 3 at r1c1 has 2 walls"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert any(words in p for p in problems), (what, problems)
    pieces = tuple(
        tuple(7 if (r, c) in ((0, 0), (4, 4)) else 0 for c in range(5)) for r in range(5)
    )
    assert any("is in 2 pieces" in p for p in check(puzzle, pieces))
    assert check(puzzle, tuple(tuple(r) for r in good)) == []
    assert check(puzzle, ((0,),)) == ["the solution is not a 5x5 board"]


def test_walls_count_the_board_edge() -> None:
    solution = tuple(tuple(r) for r in FIRST["solution"])
    assert walls(solution, (0, 0)) == 3  # top, left, and r1c2 of another region
    assert walls(solution, (1, 1)) == 2
    assert [walls(solution, cell) for cell in ((0, 1), (2, 4))] == [3, 2]


# -- reading and writing --------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS[::4], ids=[r["id"][:24] for r in CORPUS[::4]])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle


def test_the_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    assert parse("palisade:" + FIRST["id"]) == puzzle
    assert parse(FIRST["id"] + "d") == puzzle  # the cells left out, written
    assert parse(format_plain(puzzle).replace("n5", "5x5n5")) == puzzle
    assert parse(format_plain(puzzle).replace(" ", ",")) == puzzle
    assert parse(format_plain(puzzle).replace(" ", "")) == puzzle
    body = format_plain(puzzle).split("\n", 1)[1]
    assert parse(body, region_size=5) == puzzle
    plain = parse((DATA / "palisade" / "plain.txt").read_text())
    assert parse(format_id(plain)) == plain and plain.size == 4
    rows = [list(r) for r in puzzle.rows]
    assert parse(rows_text(rows), region_size=5) == puzzle


def test_rows_read_with_the_region_size() -> None:
    import gridsat

    board = gridsat.read("palisade", [[3, None], [None, "."]], region_size=2)
    assert board.data == Palisade(((3, None), (None, None)), 2)
    assert len(gridsat.solve(board, count=10).solutions) == 2


BAD = {
    "5y5n5:3d": "bad size '5y5n5' at column 1",
    "5x5:3d": "expected WxHnK",
    "5x5n4:3d": "region size 4 in '5x5n4' at column 1 of the game ID does not divide the 5x5",
    "5x5n0:3d": "a region has at least one cell",
    "2x2n2:3ac": "too many cells in the description: 'c' at column 9",
    "2x2n2:3c1": "too many cells in the description: '1' at column 9 of the game ID would be",
    "2x2n2:5": "unexpected '5' at column 7",
    "2x2n2:3,": "unexpected ','",
    "n2\n1 .\n. .\n.": "line 4: 1 cell, but the first row has 2",
    "n2\n1 . x .": "line 2, column 5: 'x' is not a cell",
    "n2\n1 5": "line 2, column 3: '5' is not a cell",
    "1 2\n. .": "line 1: expected the regions' size first, as n5",
    "n3\n. .\n. .": "region size 3 on line 1 does not divide the 2x2 board's 4 cells",
    "n2": "line 1: no rows of clues after the regions' size",
    "4x4n2\n. .\n. .": "line 1 declares 4x4, but the board below it is 2x2",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("palisade", text, parse, BAD[text].replace("(", r"\("))


def test_the_region_size_given_twice_must_agree() -> None:
    with pytest.raises(ParseError, match="line 1 says regions of 2 cells, --region-size 4"):
        parse("n2\n. .\n. .", region_size=4)
    with pytest.raises(ParseError, match="applies to plain rows"):
        parse(FIRST["id"], region_size=5)


def test_json_is_the_corpus_form_and_reads_back() -> None:
    puzzle = parse(FIRST["id"])
    solution = solve(GENRE, puzzle, SAT, limit=1).solutions[0]
    assert GENRE.to_json(puzzle, solution) == FIRST["solution"]
    assert GENRE.from_json is not None
    renamed = [[v + 10 for v in row] for row in FIRST["solution"]]
    assert GENRE.from_json(puzzle, renamed) == solution


# -- the model and the maker ----------------------------------------------------------------


def test_the_rules_settle_tathams_small_puzzles_without_search() -> None:
    """His 6x6 puzzles: every edge settled by the rules (as his own solver's deductions), so
    the pruned model lists each region alone."""
    for row in CORPUS[5:10]:
        puzzle = parse(row["id"])
        known = known_edges(puzzle)
        assert known is not None and len(known) == 2 * 6 * 5
        assert len(build(puzzle).model.answer) == 9


def test_sized_edges_joins_and_walls() -> None:
    """A 1x4 strip of regions of 2: a joined pair walls off the next cell, and the cell left
    alone at the end joins its only neighbour."""
    edges = [(0, 1), (1, 2), (2, 3)]
    known = {(0, 1): True}
    assert sized_edges(4, edges, 2, known)
    assert known == {(0, 1): True, (1, 2): False, (2, 3): True}
    with pytest.raises(Contradiction):
        sized_edges(4, edges, 2, {(0, 1): True, (1, 2): True})
    with pytest.raises(Contradiction):
        sized_edges(4, edges, 3, {(0, 1): False, (1, 2): False})


def test_a_broken_board_has_no_solution_on_either_encoding() -> None:
    puzzle = parse((DATA / "palisade" / "unsolvable.txt").read_text())
    assert known_edges(puzzle) is None
    for encoding in GENRE.encodings:
        for prune in (True, False):
            assert solve(GENRE, puzzle, SAT, encoding, limit=2, prune=prune).status == "unsolvable"


def test_region_sizes_follow_the_collections_presets() -> None:
    assert [region_size(w, h) for w, h in ((5, 5), (8, 6), (10, 8), (15, 12), (7, 3))] == [
        5,
        6,
        8,
        10,
        3,
    ]
    assert region_size(11, 13) == 11


def test_random_splits_are_regions_of_the_size() -> None:
    rng = random.Random(5)
    for w, h, k in ((5, 5, 5), (8, 6, 6), (7, 3, 3), (6, 6, 4)):
        labels = random_split(w, h, k, rng)
        blank = Palisade(tuple(tuple(None for _ in range(w)) for _ in range(h)), k)
        assert check(blank, tuple(tuple(r) for r in labels)) == []


def test_made_puzzles_are_unique_and_show_every_clue() -> None:
    def solutions(puzzle: Palisade, n: int) -> list[object]:
        return solve(GENRE, puzzle, SAT, limit=n).solutions

    for seed in range(2):
        puzzle, solution, keep = make((5, 4), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height, puzzle.size) == (5, 4, 4)
        assert check(puzzle, solution) == [] and solutions(puzzle, 2) == [solution]
        assert keep == [] and len(GIVENS.of(puzzle)) == 20


def test_a_given_is_a_clue_the_solution_shows() -> None:
    puzzle = parse(FIRST["id"])
    shown = GIVENS.of(puzzle)
    solution = tuple(tuple(r) for r in FIRST["solution"])
    fewer = GIVENS.keep(puzzle, shown[1:])
    assert fewer.rows[0][0] is None and check(fewer, solution) == []
    assert GIVENS.describe(puzzle, shown[0]) == "the clue 3 at r1c1"
    assert GIVENS.at(puzzle, solution, (0, 1)) == ((0, 1), 3)


def test_a_window_settles_no_more_than_the_whole_board() -> None:
    """The deductions on a window alone (the rest of the board not known) settle a part of
    what they settle on the whole board, and alike; a group at the window's edge may grow out
    of it, so it is never walled in."""
    puzzle = parse(CORPUS[-1]["id"])  # 15x12, regions of 10
    whole = known_edges(puzzle)
    assert whole is not None
    w = puzzle.width
    window = (2, 3, 8, 10)
    on = nodes(puzzle, window)
    part = known_edges(puzzle, window)
    assert part is not None and 0 < len(part) < len(whole)
    for (u, v), same in part.items():
        assert whole[(on.on[u], on.on[v])] == same
    assert all(on.on[n] // w in (2, 7) or on.on[n] % w in (3, 9) for n in on.open)
    # A strip of 3 cells walled in two, regions of 3: both groups go on past a window's edge.
    assert not sized_edges(3, [(0, 1), (1, 2)], 3, {(0, 1): True, (1, 2): False}, open_={0, 2})
    with pytest.raises(Contradiction):
        sized_edges(3, [(0, 1), (1, 2)], 3, {(0, 1): True, (1, 2): False})


def _solutions(puzzle: Palisade, n: int) -> list[object]:
    return solve(GENRE, puzzle, SAT, limit=n).solutions


@pytest.mark.slow
def test_a_large_board_is_made_a_part_at_a_time() -> None:
    """Past 400 cells: unique, its clues settled by the deductions as far as every clue's,
    part of them taken away, and the same board from the same seed."""
    puzzle, solution, keep = make((21, 20), random.Random(3), _solutions)
    assert check(puzzle, solution) == [] and _solutions(puzzle, 2) == [solution]
    assert sorted(keep) == GIVENS.of(puzzle) and len(keep) < 21 * 20 * 3 // 4
    assert make((21, 20), random.Random(3), _solutions)[0] == puzzle


@pytest.mark.slow
def test_every_large_board_is_solved_and_proved_unique() -> None:
    rows = [json.loads(s) for s in (DATA / "palisade" / "boards.jsonl").read_text().splitlines()]
    assert {row["params"] for row in rows} == {"30x24", "40x40"}
    for row in rows:
        puzzle = parse(row["id"])
        outcome = solve(GENRE, puzzle, SAT, limit=2)
        assert outcome.status == "unique" and check(puzzle, outcome.solutions[0]) == []
