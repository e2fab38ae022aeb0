"""Norinori: counts against brute force on small boards (both encodings, pruned or not), the
checker against broken solutions, pzprjs's own URL solved to pzprjs's answer, every bundled
board solved and proved unique, region maps and URLs read and written back, and errors that
name where."""

from __future__ import annotations

import json
import random

import pytest

from conftest import DATA, board_runs, refused
from gridsat.parsers import ParseError, puzzlink
from gridsat.parsers.norinori import format_puzzle, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.norinori import GIVENS, Norinori, check, make
from gridsat.puzzles.roomshading import room_cells
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("norinori")
CADICAL = get_backend("sat:cadical195")
BOARDS = [
    json.loads(line) for line in (DATA / "norinori" / "boards.jsonl").read_text().splitlines()
]


def brute_count(rows: list[str]) -> int:
    """How many shadings obey the rules, each subset of cells tried: two shaded cells a room
    (a room each group of side-by-side cells of one letter), each shaded cell beside exactly
    one other."""
    h, w = len(rows), len(rows[0])
    cells = [(r, c) for r in range(h) for c in range(w)]
    room = {}
    for start in cells:
        if start in room:
            continue
        room[start] = start
        todo = [start]
        while todo:
            r, c = todo.pop()
            for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if (y, x) in set(cells) and (y, x) not in room and rows[y][x] == rows[r][c]:
                    room[(y, x)] = start
                    todo.append((y, x))
    count = 0
    for mask in range(1 << len(cells)):
        dark = {cell for k, cell in enumerate(cells) if mask >> k & 1}
        per: dict[object, int] = {}
        for cell in dark:
            per[room[cell]] = per.get(room[cell], 0) + 1
        if set(per.values()) != {2} or len(per) != len(set(room.values())):
            continue
        count += all(
            sum((y, x) in dark for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))) == 1
            for r, c in dark
        )
    return count


SMALL = {
    "4x2": ["AAAA", "BBBB"],
    "3x3": ["AAB", "ACB", "CCB"],
    "4x3": ["ABBB", "ABCC", "AACC"],
}


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    lambda name, backend, encoding, prune: (
        (name == "4x3" and prune) or (backend == "sat:cadical195" and name == "3x3")
    ),
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
    assert [brute_count(SMALL[k]) for k in sorted(SMALL)] == [0, 5, 6]


def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(3)
    counts = []
    for _ in range(12):
        rows = ["".join(rng.choice("AB") for _ in range(4)) for _ in range(2)]
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, parse("\n".join(rows)), CADICAL, encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(rows), (rows, encoding)
        counts.append(len(outcome.solutions))
    assert 0 in counts and max(counts) >= 1


PZPRJS = "https://puzz.link/p?norinori/5/5/cag4ocjo"
ANSWER = ["##...", "..##.", "##..#", "....#", "##..."]
"""pzprjs's test board (test/script/norinori.js) and the answer its test accepts."""


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert format_puzzle(puzzle) == "AABCC\nBBBCC\nBDDCC\nDDDDD\nEEDDD"
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, CADICAL, encoding, limit=2)
        assert outcome.status == "unique"
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == ANSWER
    assert format_url(puzzle) == PZPRJS


def test_the_checker_names_each_broken_rule() -> None:
    """pzprjs's own wrong answers of its test board, each refused for its own reason."""
    puzzle = GENRE.read(PZPRJS)
    assert check(puzzle, tuple(ANSWER)) == []
    cases = {
        "three in a row": (("##...", ".#...", ".....", ".....", "....."), "touches 2 shaded"),
        "a room with three": (("##..#", "..##.", "#...#", "....#", "....."), "has 3 shaded cells"),
        "a lone cell": (("##...", "..##.", "#....", ".....", "##..."), "touches 0 shaded"),
        "a room with none": (("##...", ".....", ".....", ".....", "##..."), "has 0 shaded cells"),
        "wrong shape": (tuple(ANSWER[:-1]), "the solution is not a 5x5 board"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert any(words in p for p in problems), (what, problems)
    marked = parse("A#ABCC\nBBBCC\nBDDCC\nDDDDD\nEEDDD".replace("A#A", "A#A", 1))
    assert check(marked, ("..##.",) * 5)[0] == "r1c1 is given shaded"


def test_maps_and_urls_read_back() -> None:
    for row in BOARDS[:4]:
        puzzle = GENRE.read(str(row["id"]))
        assert parse(format_puzzle(puzzle)) == puzzle
        assert parse_url(puzzlink.split(format_url(puzzle))) == puzzle
    # the same letter in two places is two rooms; spaces and digits read alike
    assert parse("A B A") == parse("ABC") == parse("1,2,1")
    marked = parse("A# A+\nB  B")
    assert marked.marks == {(0, 0): True, (0, 1): False}
    assert parse(format_puzzle(marked)) == marked
    with pytest.raises(ValueError, match="no given shading"):
        format_url(marked)
    assert GENRE.rows_text is not None
    assert parse(GENRE.rows_text([["A", "B"], ["A", "A"]])) == parse("AB\nAA")


def test_the_grid_shows_rooms_and_shading_and_is_no_puzzle() -> None:
    puzzle = GENRE.read(PZPRJS)
    grid = GENRE.format_solution(puzzle, tuple(ANSWER), "grid")
    assert grid.splitlines()[:2] == ["##BCC", "BB##C"]
    with pytest.raises(ParseError):
        parse(grid)


BAD = {
    "AB\nA": "line 2: 1 cell, but the first row has 2",
    "AB\nA.": "line 2, column 2: '.' is not a cell",
    "  \n": "empty input",
    "https://puzz.link/p?norinori/2/2/2!": "unexpected '!'",
    "https://puzz.link/p?norinori/2/2/22zz": "left over",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("norinori", text, GENRE.read, BAD[text])


def test_givens_are_marks() -> None:
    puzzle = parse("A# A\nB  B+")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), True), ((1, 1), False)]
    assert GIVENS.keep(puzzle, []).marks == {}
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert [GIVENS.describe(puzzle, g) for g in shown] == ["r1c1 shaded", "r2c2 unshaded"]
    assert GIVENS.at(puzzle, ("##", ".."), (0, 1)) == ((0, 1), True)


@pytest.mark.slow
def test_made_boards_are_unique() -> None:
    def solutions(puzzle: Norinori, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for seed in range(2):
        puzzle, solution, keep = make((5, 5), random.Random(seed), solutions)  # (slow on CaDiCaL)
        assert (puzzle.width, puzzle.height) == (5, 5) and keep == []
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]


def test_a_board_past_8x8_is_made_without_marks_and_again_from_its_seed() -> None:
    def solutions(puzzle: Norinori, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    puzzle, solution, keep = make((10, 9), random.Random(2), solutions)
    assert (puzzle.width, puzzle.height) == (10, 9) and keep == [] and puzzle.marks == {}
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]
    sizes = {len(cells) for cells in room_cells(puzzle.rooms)}
    assert min(sizes) >= 2 and len(sizes) >= 3  # (rooms of varied sizes)
    assert make((10, 9), random.Random(2), solutions) == (puzzle, solution, [])
