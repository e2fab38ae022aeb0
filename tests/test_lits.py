"""LITS: counts against brute force on small boards (both encodings, pruned or not), the checker
against pzprjs's own broken answers, pzprjs's own URL solved to pzprjs's answer, every bundled
board solved and proved unique, region maps and URLs read and written back, and errors that
name where."""

from __future__ import annotations

import json
import random
from itertools import combinations, product

import pytest

from conftest import DATA, board_runs, refused
from gridsat.contract import GenerateError
from gridsat.parsers import ParseError, puzzlink
from gridsat.parsers.lits import format_puzzle, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.lits import GIVENS, Lits, check, make, make_large, plant, shape
from gridsat.puzzles.roomshading import room_cells
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("lits")
CADICAL = get_backend("sat:cadical195")
BOARDS = [json.loads(line) for line in (DATA / "lits" / "boards.jsonl").read_text().splitlines()]

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _joined(cells: set[tuple[int, int]]) -> bool:
    """Whether the cells are one group, side by side."""
    if not cells:
        return True
    seen = {next(iter(cells))}
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            if (r + dr, c + dc) in cells and (r + dr, c + dc) not in seen:
                seen.add((r + dr, c + dc))
                todo.append((r + dr, c + dc))
    return seen == cells


def _kind(cells: set[tuple[int, int]]) -> str:
    """The tetromino's kind by how its cells touch: I a line, O a square, T a cell touching
    three, L three in a line and a fourth at its end, S the rest."""
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    if len(rows) == 1 or len(cols) == 1:
        return "I"
    if len(rows) == 2 and len(cols) == 2:
        return "O"
    touching = [sum((r + dr, c + dc) in cells for dr, dc in STEPS) for r, c in cells]
    if 3 in touching:
        return "T"
    lines = [sum(1 for y, _ in cells if y == r) for r in rows]
    lines += [sum(1 for _, x in cells if x == c) for c in cols]
    return "L" if 3 in lines else "S"


def brute_count(rows: list[str]) -> int:
    """How many shadings obey the rules: each room's four joined cells tried every way, the
    shaded cells one group, no 2x2 square all shaded, no two of one kind touching across
    rooms."""
    h, w = len(rows), len(rows[0])
    room: dict[tuple[int, int], tuple[int, int]] = {}
    for start in product(range(h), range(w)):
        if start in room:
            continue
        room[start] = start
        todo = [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in STEPS:
                y, x = r + dr, c + dc
                if 0 <= y < h and 0 <= x < w and (y, x) not in room and rows[y][x] == rows[r][c]:
                    room[(y, x)] = start
                    todo.append((y, x))
    members: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cell, key in room.items():
        members.setdefault(key, []).append(cell)
    choices = [
        [set(four) for four in combinations(sorted(cells), 4) if _joined(set(four))]
        for cells in members.values()
    ]
    count = 0
    for pick in product(*choices):
        dark = set().union(*pick)
        kind = {cell: _kind(four) for four in pick for cell in four}
        if not _joined(dark) or any(
            {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= dark for r, c in dark
        ):
            continue
        if any(
            (r + dr, c + dc) in dark and room[(r + dr, c + dc)] != room[(r, c)]
            and kind[(r + dr, c + dc)] == kind[(r, c)]
            for r, c in dark for dr, dc in STEPS
        ):  # fmt: skip
            continue
        count += 1
    return count


SMALL = {
    "4x3": ["AAAA", "BBBA", "BBBB"],
    "4x4": ["AABB", "AABC", "ABBC", "CCCC"],
    "5x4": ["AAABB", "ACCBB", "ACCCB", "DDDDB"],
}


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    lambda name, backend, encoding, prune: name == "4x3" and prune and backend == "sat:cadical195",
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
    assert [brute_count(SMALL[k]) for k in sorted(SMALL)] == [8, 1, 0]


def _random_rooms(rng: random.Random, w: int, h: int, k: int) -> list[str]:
    """A board of ``k`` rooms grown from random cells, a letter a room."""
    label: dict[tuple[int, int], str] = {}
    for n, cell in enumerate(rng.sample(list(product(range(h), range(w))), k)):
        label[cell] = "ABCDE"[n]
    while len(label) < w * h:
        r, c = rng.choice(sorted(label))
        dr, dc = rng.choice(STEPS)
        if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr, c + dc) not in label:
            label[(r + dr, c + dc)] = label[(r, c)]
    return ["".join(label[(r, c)] for c in range(w)) for r in range(h)]


def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(5)
    counts = []
    for _ in range(10):
        rows = _random_rooms(rng, 5, 3, 2)
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, parse("\n".join(rows)), CADICAL, encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(rows), (rows, encoding)
        counts.append(len(outcome.solutions))
    assert 0 in counts and max(counts) >= 1


def test_shapes_are_named_turned_and_mirrored() -> None:
    for name, cells in {
        "L": [(0, 0), (1, 0), (2, 0), (2, 1)],
        "I": [(5, 1), (5, 2), (5, 3), (5, 4)],
        "T": [(0, 1), (1, 0), (1, 1), (2, 1)],
        "S": [(0, 0), (1, 0), (1, 1), (2, 1)],
        "O": [(3, 3), (3, 4), (4, 3), (4, 4)],
    }.items():
        for turned in (cells, [(c, -r) for r, c in cells], [(r, -c) for r, c in cells]):
            assert shape(turned) == _kind(set(turned)) == name
    assert shape([(0, 0), (0, 2), (1, 1), (1, 2)]) == "?"
    assert shape([(0, 0), (0, 1), (0, 2)]) == "?"


PZPRJS = "https://puzz.link/p?lits/4/4/9q02jg"
ANSWER = ["#.##", "###.", "#.#.", "####"]
"""pzprjs's test board (test/script/lits.js) and the answer its test accepts."""


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert format_puzzle(puzzle) == "AABB\nAABC\nABBC\nCCCC"
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
        "cs2x2": (("##..", "##..", "....", "...."), "the 2x2 square at r1c1 is all shaded"),
        "bkShadeGt4": (("..##", "..#.", ".##.", "...."), "has 5 shaded cells, not 4"),
        "bkShadeDivide": (("..##", "....", ".###", "...."), "its shaded cells are not joined"),
        "bsSameShape": (("####", "#.#.", "#.#.", "...."), "two Ls touch"),
        "csDivide": (("#.##", "#.#.", "#.#.", "...."), "fall into 2 groups"),
        "bkNoShade": (("#.##", "###.", "#.#.", "...."), "has 0 shaded cells, not 4"),
        "bkShadeLt4": (("#.##", "###.", "#.#.", "..##"), "has 2 shaded cells, not 4"),
        "wrong shape": (tuple(ANSWER[:-1]), "the solution is not a 4x4 board"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert any(words in p for p in problems), (what, problems)
    marked = parse("A+ABB\nAABC\nABBC\nCCCC")
    assert check(marked, tuple(ANSWER)) == ["r1c1 is given unshaded"]


def test_maps_and_urls_read_back() -> None:
    for row in BOARDS[:4]:
        puzzle = GENRE.read(str(row["id"]))
        assert parse(format_puzzle(puzzle)) == puzzle
        assert parse_url(puzzlink.split(format_url(puzzle))) == puzzle
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
    assert grid.splitlines()[:2] == ["#A##", "###C"]
    with pytest.raises(ParseError):
        parse(grid)


BAD = {
    "AB\nA": "line 2: 1 cell, but the first row has 2",
    "AB\nA.": "line 2, column 2: '.' is not a cell",
    "  \n": "empty input",
    "https://puzz.link/p?lits/2/2/2!": "unexpected '!'",
    "https://puzz.link/p?lits/2/2/22zz": "left over",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("lits", text, GENRE.read, BAD[text])


def test_givens_are_marks() -> None:
    puzzle = parse("A# A\nB  B+")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), True), ((1, 1), False)]
    assert GIVENS.keep(puzzle, []).marks == {}
    assert GIVENS.keep(puzzle, shown) == puzzle


@pytest.mark.slow
def test_a_made_board_is_unique() -> None:
    def solutions(puzzle: Lits, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    puzzle, solution, keep = make((6, 6), random.Random(2), solutions)
    assert (puzzle.width, puzzle.height) == (6, 6) and keep == [] and puzzle.marks == {}
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]


def test_a_board_that_does_not_settle_keeps_its_marks() -> None:
    def solutions(puzzle: Lits, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    puzzle, solution, _ = make((3, 3), random.Random(1), solutions)
    assert puzzle.marks and not any(puzzle.marks.values())
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]
    assert solutions(Lits(puzzle.rooms), 2) != [solution]
    with pytest.raises(GenerateError, match="2x2"):
        make((2, 2), random.Random(1), solutions)


def _made_well(size: tuple[int, int], seed: int) -> tuple[Lits, tuple[str, ...]]:
    """A large board made from ``seed``, checked: no marks, the answer the checker accepts and
    the solver's only one, every room four cells or more."""

    def solutions(puzzle: Lits, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    puzzle, solution, keep = make(size, random.Random(seed), solutions)
    assert (puzzle.width, puzzle.height) == size and keep == [] and puzzle.marks == {}
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]
    assert min(len(cells) for cells in room_cells(puzzle.rooms)) >= 4
    return puzzle, solution


def test_a_board_past_7x7_is_made_without_marks() -> None:
    _made_well((8, 8), 3)


def test_planted_tetrominoes_are_joined_and_free_of_squares() -> None:
    pieces = plant(12, 9, random.Random(4))
    assert pieces == plant(12, 9, random.Random(4))
    cells = {cell for piece in pieces for cell in piece}
    assert len(cells) == 4 * len(pieces) and _joined(cells)
    assert all(shape(piece) in "LITS" for piece in pieces)
    assert not any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= cells
                   for r in range(9) for c in range(12))  # fmt: skip
    assert len(cells) > 12 * 9 * 0.4  # (dense: rooms stay small)


@pytest.mark.slow
@pytest.mark.parametrize("side", [10, 15])
def test_large_boards_are_made_the_same_from_a_seed(side: int) -> None:
    first = _made_well((side, side), 1)
    assert make_large(
        (side, side), random.Random(1), lambda p, n: solve(GENRE, p, CADICAL, limit=n).solutions
    ) == (*first, [])
