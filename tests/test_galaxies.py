"""Galaxies: the checker against broken solutions, solution counts against brute force on small
boards (every encoding), Tatham's corpus read, written and solved as he solved it, puzz.link's
own test URL, and errors that say where."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from conftest import DATA, refused
from gridsat.models.symmetry import add_half_turn_symmetry, reachable
from gridsat.parsers import puzzlink
from gridsat.parsers.galaxies import format_id, format_plain, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.galaxies import GIVENS, Galaxies, check, make
from gridsat.puzzles.grid import half_turn, touching
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("galaxies")
CORPUS = [json.loads(line) for line in (DATA / "galaxies" / "tatham.jsonl").open()]
FIRST = CORPUS[0]  # 7x7:chifbtoyhjkupo
PZPRJS = "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000"
"""pzprjs's own test URL (test/script/tentaisho.js): seven black dots and a cell not on the
board."""


def brute_count(puzzle: Galaxies) -> int:
    """How many ways to give every cell a dot obey the rules, as ``check`` judges them."""
    cells = puzzle.cells()
    count = 0
    for labels in product(range(len(puzzle.dots)), repeat=len(cells)):
        grid: list[list[int | None]] = [[None] * puzzle.width for _ in range(puzzle.height)]
        for (r, c), d in zip(cells, labels, strict=True):
            grid[r][c] = d
        count += check(puzzle, tuple(tuple(row) for row in grid)) == []
    return count


SMALL = [
    Galaxies(3, 1, ((3, 1),)),  # the whole row: 1
    Galaxies(3, 1, ((1, 1), (5, 1))),  # the middle cell mirrors off the board: 0
    Galaxies(2, 2, ((2, 1), (2, 3))),  # two rows: 1
    Galaxies(3, 2, ((2, 2), (5, 1), (5, 3))),
    Galaxies(2, 3, ((2, 3), (1, 1), (3, 5))),
    Galaxies(2, 2, ((2, 2), (1, 1), (3, 3))),  # a dot on the corner the others lie by: 0
]
"""Small boards, quick to count by brute force."""
MULTIPLE = parse((DATA / "galaxies" / "multiple.txt").read_text())
"""The 3x3 board with two solutions: 3^9 labellings to count (a second)."""


@pytest.mark.parametrize(
    "puzzles", [SMALL, pytest.param([MULTIPLE], marks=pytest.mark.slow)], ids=["small", "3x3"]
)
def test_counts_match_brute_force(puzzles: list[Galaxies]) -> None:
    counts = [brute_count(puzzle) for puzzle in puzzles]
    assert counts == [2] if puzzles == [MULTIPLE] else (max(counts), min(counts)) == (1, 0)
    for encoding in GENRE.encodings:
        for prune in (True, False):
            for puzzle, count in zip(puzzles, counts, strict=True):
                backend = get_backend("sat:cadical195")
                outcome = solve(GENRE, puzzle, backend, encoding, limit=100, prune=prune)
                assert outcome.count_exact
                assert len(outcome.solutions) == count, (encoding, prune, format_plain(puzzle))


def test_a_galaxy_in_two_pieces_is_cut() -> None:
    """Two cells that mirror each other through a dot in the middle of a 3x1 row, with the
    middle cell taken by a dot of its own: symmetric, not connected."""
    puzzle = parse("o|o|.\n")  # dots in r1c1 and r1c2 ... the first's galaxy cannot reach c3
    assert check(puzzle, ((0, 1, 0),)) != []
    row = Galaxies(3, 1, ((3, 1),), frozenset())  # one dot in the middle: the whole row
    assert check(row, ((0, 0, 0),)) == []
    split = Galaxies(3, 1, ((1, 1), (3, 1)))
    assert any("2 pieces" in p or "mirror" in p for p in check(split, ((1, 0, 1),)))
    for encoding in GENRE.encodings:
        assert solve(GENRE, split, get_backend("sat:cadical195"), encoding, limit=5).solutions == []


def test_the_corpus_reads_writes_and_passes_the_checker() -> None:
    for row in CORPUS:
        puzzle = parse(row["id"])
        assert format_id(puzzle) == row["id"] and GENRE.format_puzzle(puzzle) == row["id"]
        assert parse(format_plain(puzzle)) == puzzle
        assert parse_url(puzzlink.split(format_url(puzzle))) == puzzle
        assert check(puzzle, tuple(tuple(r) for r in row["solution"])) == []


@pytest.mark.slow
@pytest.mark.parametrize("row", CORPUS, ids=[r["params"] for r in CORPUS])
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), limit=2)
    assert outcome.status == "unique"
    assert check(puzzle, outcome.solutions[0]) == []
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = [list(r) for r in FIRST["solution"]]

    def broken(r: int, c: int, value: object) -> list[str]:
        rows = [list(row) for row in good]
        rows[r][c] = value
        return check(puzzle, tuple(tuple(row) for row in rows))

    assert any("not the number of a dot" in p for p in broken(0, 0, 99))
    assert any("is not inside its galaxy" in p for p in broken(0, 1, 2))  # its dot's own cell
    assert any("mirror image" in p for p in broken(3, 6, 8))
    assert check(puzzle, tuple(tuple(r) for r in good[:-1])) == ["the solution is not a 7x7 board"]


def test_pzprjs_test_url_reads_solves_and_writes_back() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert puzzle.holes == frozenset({(0, 4)}) and len(puzzle.black) == 7 and len(puzzle.dots) == 12
    assert format_url(puzzle) == PZPRJS
    outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), limit=2)
    assert outcome.status == "unique"
    # pzprjs's answer (its test's board with no error), as galaxies: the same walls
    assert outcome.solutions[0] == (
        (0, 1, 1, 1, None),
        (2, 5, 3, 3, 4),
        (5, 5, 6, 6, 7),
        (5, 9, 8, 8, 8),
        (10, 9, 11, 11, 11),
    )
    assert parse(format_plain(puzzle)) == puzzle
    with pytest.raises(ValueError, match="no holes"):
        format_id(puzzle)


def test_given_cells_read_print_and_hold() -> None:
    text = (DATA / "galaxies" / "placed.txt").read_text()
    puzzle = parse(text)
    assert GIVENS.of(puzzle) == [((0, 0), 0)]
    assert GENRE.format_puzzle(puzzle) == text.rstrip("\n")
    assert check(puzzle, ((1, 0, 1), (1, 1, 1), (1, 2, 1))) == ["r1c1 is given to the dot in r1c2"]
    assert GIVENS.describe(puzzle, ((2, 0), 2)) == "r3c1 in the galaxy of the dot in r3c2"


BAD = {
    "7y7:chif": "bad size '7y7' at column 1",
    "3x3:zz": "",
    "3x3:yb": "puts a dot on point 27, past the 25 points",
    "3x3:c1": "unexpected '1' at column 6",
    ".|o|.\n-+-+-": "2 lines of points",
    ".|x|.": "line 1, column 3: 'x' is no point",
    ".#.": "a hole '#' stands at a cell's centre only",
    ".|o|.\n\n0 . . 0": "line 3: 4 given cells, but the board has 3",
    ".|o|.\n\n5 . .": "'5' in column 1 is not the number of a dot",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    if not BAD[text]:  # (z skips points and puts no dot: a board without dots reads)
        assert parse(text).dots == ()
        return
    refused("galaxies", text, parse, BAD[text].replace("(", r"\("))


# -- the shared rule, and the maker ---------------------------------------------------------------


def test_the_half_turn_maps_cells_through_every_kind_of_point() -> None:
    assert touching((3, 3)) == [(1, 1)]
    assert touching((4, 3)) == [(1, 1), (1, 2)]
    assert touching((4, 4)) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert half_turn((0, 0), (4, 4)) == (3, 3) and half_turn((1, 1), (3, 3)) == (1, 1)
    board = {(r, c) for r in range(3) for c in range(4)}
    assert reachable(board.__contains__, (4, 3)) == board  # the middle of a 4x3 board
    assert reachable(board.__contains__, (1, 1)) == {(0, 0)}


def test_symmetry_on_literals_made_elsewhere() -> None:
    from gridsat.models.model import Model

    model = Model()
    members = {(0, c): model.bool_var() for c in range(3)}
    add_half_turn_symmetry(model, members, (3, 1))  # about r1c2's centre
    assert (members[(0, 1)],) in model.clauses  # the centre's cell is in
    assert (-members[(0, 0)], members[(0, 2)]) in model.clauses


def test_made_boards_are_unique_and_written_as_tatham_writes_them() -> None:
    backend = get_backend(GENRE.generate_backend)

    def solutions(puzzle: Galaxies, n: int) -> list[object]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (6, 5) and keep == []
        assert check(puzzle, solution) == [] and solutions(puzzle, 2) == [solution]
        assert parse(GENRE.format_puzzle(puzzle)) == puzzle
