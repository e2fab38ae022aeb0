"""Map: colouring counts against brute force on small maps (every backend and encoding), the
checker against broken colourings, game IDs (the edge list and colour runs) and typed maps read
and written back, and errors that name where."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat.models.map import candidates
from gridsat.parsers.map import format_id, format_plain, parse
from gridsat.pipeline import solve
from gridsat.puzzles.map import GIVENS, Map, check, make, random_regions
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("map")
CORPUS = [json.loads(line) for line in (DATA / "map" / "tatham.jsonl").read_text().splitlines()]


def brute_count(puzzle: Map) -> int:
    """How many colourings of the regions keep the colours shown and give cells that touch
    across a region border different colours, the rule written again cell by cell."""
    h, w = puzzle.height, puzzle.width
    count = 0
    for colours in product(range(4), repeat=puzzle.regions):
        if any(v is not None and colours[k] != v for k, v in enumerate(puzzle.colours)):
            continue
        ok = all(
            colours[puzzle.rows[r][c]] != colours[puzzle.rows[rr][cc]]
            for r in range(h)
            for c in range(w)
            for rr, cc in ((r + 1, c), (r, c + 1))
            if rr < h and cc < w and puzzle.rows[r][c] != puzzle.rows[rr][cc]
        )
        count += ok
    return count


SMALL = {
    "multiple": (DATA / "map" / "multiple.txt").read_text(),
    "ring": "AAA\nABA\nAAA\n\nB=1",
    "five": "ABBC\nADDC\nEEEC\n\nA=0 C=1",
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_counts_match_brute_force(name: str) -> None:
    puzzle = parse(SMALL[name])
    want = brute_count(puzzle)
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=1000,
                            prune=prune)  # fmt: skip
            assert outcome.count_exact and len(outcome.solutions) == want, (encoding, prune)
            assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_counts_alike(backend: str) -> None:
    puzzle = parse(SMALL["five"])
    outcome = solve(GENRE, puzzle, get_backend(backend), "binary", limit=1000)
    assert len(outcome.solutions) == brute_count(puzzle)


def test_random_maps_count_as_brute_force() -> None:
    rng = random.Random(6)
    for _ in range(5):
        rows = random_regions(4, 3, 5, rng)
        colours = tuple(rng.choice([None, None, 0, 1, 2, 3]) for _ in range(5))
        puzzle = Map(rows, colours)
        want = brute_count(puzzle)
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=2000)
            assert len(outcome.solutions) == want


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert brute_count(parse(SMALL["multiple"])) == 21
    assert all(brute_count(parse(text)) > 1 for text in SMALL.values())


# -- the corpus ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("row", CORPUS, ids=[r["params"] + r["id"][-6:] for r in CORPUS])
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), encoding, limit=2)
        assert outcome.status == "unique"
        assert check(puzzle, outcome.solutions[0]) == []
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def test_the_corpus_reads_and_writes_back() -> None:
    for row in CORPUS:
        puzzle = parse(row["id"])
        assert check(puzzle, tuple(row["solution"])) == []
        assert format_id(puzzle) == row["id"]
        assert parse(format_plain(puzzle)) == puzzle
    big = parse(CORPUS[-1]["id"])  # 30x25 with 75 regions: labels are numbers
    assert big.regions == 75 and format_plain(big).startswith(" 0  1  1")


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse("AAB\nCCB\n\nA=1")
    assert check(puzzle, ("110", "220")) == []
    assert check(puzzle, ("100", "220"))[0] == "r1c2 is coloured 0, but its region 1"
    assert check(puzzle, ("001", "221")) == ["the region at r1c1 is shown 1, not 0"]
    problems = check(puzzle, ("111", "221"))
    assert problems == ["the regions at r1c1 and r1c3 touch and are both 1"]
    assert check(puzzle, ("11x", "22x")) == [
        "r1c3 holds 'x', not a colour 0-3",
        "r2c3 holds 'x', not a colour 0-3",
    ]
    assert check(puzzle, ("110",)) == ["the solution is not a 3x2 board"]


def test_the_solution_forms_are_the_collections() -> None:
    puzzle = parse("7x7n5:fahbabdadbvbeafdagf,133a0")
    outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), limit=2)
    found = outcome.solutions[0]
    assert GENRE.format_solution(puzzle, found, "tatham") == "S;2:3"  # region 3 alone not shown
    grid = GENRE.format_solution(puzzle, found, "grid")
    again = parse(grid)  # the colours read as regions, every one shown
    assert again.rows == puzzle.rows and None not in again.colours


def test_labels_and_colours_read_loosely() -> None:
    puzzle = parse("AAB\nCCB\n\nA=1")
    assert puzzle.rows == ((0, 0, 1), (2, 2, 1)) and puzzle.colours == (1, None, None)
    assert parse("x x y\nz z y\nx: 1") == puzzle
    assert parse("ABA\nAAA") == Map(((0, 1, 0), (0, 0, 0)), (None, None))
    assert parse("ABC\nABC").regions == 3


BAD = {
    "3x3n9:a,": "too few sides in the edge list: 0 of 12",
    "3x3:ahbbbbbbbb,": "too many sides",
    "3x3:jc,0": "too few colours: 1 of the 2 regions",
    "3x3:jc,0a1": "too many colours",
    "3x3:jc,05": "unexpected '5'",
    "3x3n4:jc,b": "the edges make 2 regions, but the parameters say 4",
    "3x3:jQ,b": "unexpected 'Q' at column 6",
    "3x3:jc": "no ',' and colours",
    "AB\nA\n": "line 2: 1 cell, but the first row has 2",
    "AB\nAB\n\nC=1": "line 4: no region is labelled 'C'",
    "AB\nAB\n\nA=4": "line 4: colour 4 for 'A' is not 0 to 3",
    "AB\n\nA=1\nAB": "line 4: a row of the map after its colours",
    " \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("map", text, parse, BAD[text])


# -- the model, givens and the maker -----------------------------------------------------------


def test_pruning_takes_the_neighbours_colours() -> None:
    puzzle = parse("AAB\nCCB\n\nA=1")
    assert candidates(puzzle) == [[1], [0, 2, 3], [0, 2, 3]]
    assert candidates(puzzle, prune=False)[1] == [0, 1, 2, 3]


def test_a_contradiction_is_no_solution_on_every_encoding() -> None:
    puzzle = parse((DATA / "map" / "unsolvable.txt").read_text())
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("cpsat"), encoding, prune=prune)
            assert outcome.status == "unsolvable"


def test_givens_are_region_colours_at_their_first_cells() -> None:
    puzzle = parse("AAB\nCCB\n\nA=1 C=2")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), 1), ((1, 0), 2)]
    assert GIVENS.keep(puzzle, shown[1:]).colours == (None, None, 2)
    assert GIVENS.at(puzzle, ("110", "220"), (1, 1)) == ((1, 0), 2)
    assert GIVENS.describe(puzzle, shown[1]) == "colour 2 for the region at r2c1"


def test_made_maps_are_coloured_whole() -> None:
    def solutions(puzzle: Map, n: int) -> list[object]:
        return solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=n).solutions

    puzzle, solution, keep = make((10, 6), random.Random(2), solutions)
    assert puzzle.regions == 6 and None not in puzzle.colours and keep == []
    assert check(puzzle, solution) == []
