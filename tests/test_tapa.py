"""Tapa: counts against brute force on small boards (every encoding, pruned or not), the checker
against pzprjs's own wrong answers, pzprjs's own URL solved to pzprjs's answer, its clue codes
read and written, every bundled board solved and proved unique, rows and URLs read and written
back, and errors that name where."""

from __future__ import annotations

import json
import random

import pytest

from conftest import DATA, board_runs, refused
from gridsat.models.tapa import allowed, covering_cubes, prime_cubes
from gridsat.parsers import ParseError, puzzlink
from gridsat.parsers.tapa import format_puzzle, format_url, parse, parse_url, read_tapa
from gridsat.pipeline import solve
from gridsat.puzzles.tapa import GIVENS, UNKNOWN, Tapa, check, clue_holds, make, ring_runs
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("tapa")
CADICAL = get_backend("sat:cadical195")
BOARDS = [json.loads(line) for line in (DATA / "tapa" / "boards.jsonl").read_text().splitlines()]


def _runs_of(ring: str) -> list[int]:
    """The runs of ``#`` around a ring written as a string of ``#`` and ``.`` (the last place
    touching the first), found by turning the string until it starts just after a ``.``."""
    if "." not in ring:
        return [len(ring)]
    k = ring.index(".")
    turned = ring[k + 1 :] + ring[: k + 1]
    return sorted(len(part) for part in turned.split(".") if part)


def brute_count(rows: list[list[str]]) -> int:
    """How many shadings of the cells without a clue obey the rules, each subset tried: each
    clue's numbers ("?" any length, "0" none) are the runs of its eight neighbours, some cell
    is shaded, the shaded cells are one group and no 2x2 square is all shaded."""
    h, w = len(rows), len(rows[0])
    free = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == "."]
    count = 0
    for mask in range(1, 1 << len(free)):
        dark = {cell for k, cell in enumerate(free) if mask >> k & 1}
        if any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= dark
               for r in range(h - 1) for c in range(w - 1)):  # fmt: skip
            continue
        todo = [min(dark)]
        seen = set(todo)
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in dark and near not in seen:
                    seen.add(near)
                    todo.append(near)
        if seen != dark:
            continue
        ok = True
        for r in range(h):
            for c in range(w):
                said = rows[r][c]
                if said == ".":
                    continue
                ring = "".join(
                    "#" if (r + dr, c + dc) in dark else "."
                    for dr, dc in ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1),
                                   (0, -1))
                )  # fmt: skip
                runs = _runs_of(ring)
                if said == "0":
                    ok = ok and not runs
                    continue
                told = sorted(int(n) for n in said if n != "?")
                asked = said.count("?")
                rest = list(runs)
                for n in told:
                    if n in rest:
                        rest.remove(n)
                    else:
                        ok = False
                ok = ok and len(rest) == asked and len(runs) == len(said)
        count += ok
    return count


SMALL = {
    "3x3": [". . .", ". 4 .", ". . ."],
    "3x3-corner": ["3 . .", ". . .", ". . ."],
    "4x3-apart": [". . . .", ". 11 . .", ". . . 2"],
    "4x4-asked": [". . . .", ". 1? . .", ". . . 3", ". . . ."],
}


def _board(name: str) -> list[list[str]]:
    return [line.split() for line in SMALL[name]]


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    lambda name, backend, encoding, prune: (
        prune
        and (
            (name == "3x3-corner" and (encoding == "primes" or backend == "sat:cadical195"))
            or (name == "3x3" and backend == "sat:cadical195")
        )
    ),
)


@pytest.mark.parametrize(("name", "backend", "encoding", "prune"), RUNS)
def test_counts_match_brute_force(name: str, backend: str, encoding: str, prune: bool) -> None:
    puzzle = parse("\n".join(SMALL[name]))
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000, prune=prune)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(_board(name))
    for solution in outcome.solutions:
        assert check(puzzle, solution) == []


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert [brute_count(_board(k)) for k in sorted(SMALL)] == [8, 13, 0, 13]


def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(5)
    counts = []
    for _ in range(10):
        rows = [[rng.choice([".", ".", ".", ".", ".", ".", "1", "2", "3", "?", "11", "0"])
                 for _ in range(4)] for _ in range(3)]  # fmt: skip
        puzzle = parse("\n".join(" ".join(row) for row in rows))
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, puzzle, CADICAL, encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(rows), (rows, encoding)
        counts.append(len(outcome.solutions))
    assert 0 in counts and max(counts) >= 2


def test_rings_read_as_players_read_them() -> None:
    assert ring_runs([False] * 8) == []
    assert ring_runs([True] * 8) == [8]
    assert ring_runs([True, False, False, False, False, False, True, True]) == [3]  # wraps
    assert sorted(ring_runs([True, False, True, True, False, True, False, False])) == [1, 1, 2]
    assert clue_holds((1, 2), [2, 1]) and clue_holds((UNKNOWN, 2), [2, 5])
    assert not clue_holds((UNKNOWN,), []) and not clue_holds((0,), [1])
    assert not clue_holds((3,), [1, 2])
    # the patterns a lone 1 allows in the middle of the board: each neighbour alone
    assert allowed((1,), 0) == tuple(1 << k for k in range(8))


def test_prime_clauses_are_the_forbidden_patterns_exactly() -> None:
    """Every clause set forbids the patterns the clue forbids, and no other."""
    for clue, off in [((1, 1), 0), ((UNKNOWN, 2), 0b111), ((3,), 0b11000001), ((0,), 0)]:
        free = [k for k in range(8) if not off >> k & 1]
        allowed_here = {sum(1 << i for i, k in enumerate(free) if p >> k & 1)
                        for p in allowed(clue, off)}  # fmt: skip
        forbidden = frozenset(range(1 << len(free))) - allowed_here
        for cubes in (prime_cubes(len(free), forbidden), covering_cubes(len(free), forbidden)):
            held = {m for m in range(1 << len(free)) for v, care in cubes if m & care == v}
            assert held == forbidden, clue
        assert len(covering_cubes(len(free), forbidden)) <= len(prime_cubes(len(free), forbidden))


# -- pzprjs's board, the checker, the bundled boards -----------------------------------------------

PZPRJS = "https://puzz.link/p?tapa/5/5/3n5hchhajn2"
ANSWER = (".####", "##.#.", "#..##", ".#.#.", "####.")
"""pzprjs's test board (test/script/tapa.js) and the answer its test accepts (its file's ``+``
and clue cells written as ``.``)."""


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert puzzle.clues() == {(0, 0): (3,), (1, 4): (5,), (2, 2): (3, 1, 1), (3, 0): (3, 1),
                              (4, 4): (2,)}  # fmt: skip
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, CADICAL, encoding, limit=2)
        assert outcome.status == "unique"
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == list(ANSWER)
    assert format_url(puzzle) == PZPRJS


def _file(text: str) -> tuple[str, ...]:
    """A board of pzprjs's test file (``pzprv3/tapa/5/5/...``) as ``#`` and ``.``."""
    rows = text.split("/")[4:-1]
    return tuple("".join("#" if t == "#" else "." for t in row.split()) for row in rows)


def test_the_checker_refuses_pzprjs_own_wrong_answers() -> None:
    puzzle = GENRE.read(PZPRJS)
    head = "pzprv3/tapa/5/5/"
    cases = {
        "3 # . . . /# # . . 5 /# # 3,1,1 . . /3,1 . . . . /. . . . 2 /": "2x2 square at r2c1",
        "3 # . . . /# # . . 5 /# . 3,1,1 . . /3,1 . . . . /. . . . 2 /": "the clue 5 at r2c5 "
        "sees no shaded cell",
        "3 # . # # /# # . # 5 /# + 3,1,1 # # /3,1 # # # . /# # . . 2 /": "the clue 311 at r3c3",
        "3 # . # # /# # . # 5 /# + 3,1,1 # # /3,1 # + # + /# # # # 2 /": "fall into 2 groups",
    }
    for text, words in cases.items():
        problems = check(puzzle, _file(head + text))
        assert any(words in p for p in problems), (text, problems)
    good = "3 # # # # /# # . # 5 /# + 3,1,1 # # /3,1 # + # + /# # # # 2 /"
    assert check(puzzle, _file(head + good)) == []
    assert check(puzzle, ("." * 5,) * 5)[-1] == "no cell is shaded"
    assert check(puzzle, ("#" * 5,) * 5)[0] == "the clue at r1c1 is shaded"
    assert check(puzzle, ANSWER[:-1]) == ["the solution is not a 5x5 board"]


def test_pzprjs_clue_codes_read_as_its_files_say() -> None:
    """pzprjs's input tests give boards of clues in its file format; the same clues in the
    URL code read back as they say, and cspuz's worked pairs read as theirs."""
    clues = [(8,), (UNKNOWN,), (5, 1), (2,), (UNKNOWN, 3), (1, 1, 1), (3, UNKNOWN, 1), (3,),
             (1, 1, 1, 1), (UNKNOWN, 1, 1, UNKNOWN), (0,), (UNKNOWN, UNKNOWN, UNKNOWN)]  # fmt: skip
    puzzle = Tapa((tuple(clues),))
    url = format_url(puzzle)
    assert GENRE.read(url) == puzzle
    assert read_tapa("a8bwd4", 3)[0] == [(1, 2), (2, UNKNOWN, UNKNOWN), (1, 1, UNKNOWN, UNKNOWN)]
    assert read_tapa("9.0h3", 6) == ([(1, 1, 1, 1), (UNKNOWN,), (0,), None, None, (3,)], "")


# -- reading and writing ---------------------------------------------------------------------------


def test_rows_and_urls_read_back() -> None:
    for row in BOARDS[:4]:
        puzzle = GENRE.read(str(row["id"]))
        assert parse(format_puzzle(puzzle)) == puzzle
        assert parse_url(puzzlink.split(format_url(puzzle))) == puzzle
    typed = parse("1/1/3 . ?\n- 2,? #")
    assert typed.rows == (((1, 1, 3), None, (UNKNOWN,)), (None, (2, UNKNOWN), None))
    assert typed.marks == {(1, 2)}
    assert format_puzzle(typed) == "113   .   ?\n  .  2?   #"
    assert parse(format_puzzle(typed)) == typed
    assert parse("3..\n.0.") == Tapa((((3,), None, None), (None, (0,), None)))
    assert parse("3,-,1 -,- -") == Tapa((((3, UNKNOWN, 1), (UNKNOWN, UNKNOWN), None),))
    assert GENRE.rows_text is not None
    assert parse(GENRE.rows_text([[None, [1, 3]], ["?", 0]])) == parse(". 13\n? 0")
    with pytest.raises(ValueError, match="no given shading"):
        format_url(typed)


def test_the_grid_shows_clues_and_shading_and_is_no_puzzle() -> None:
    puzzle = GENRE.read(PZPRJS)
    grid = GENRE.format_solution(puzzle, ANSWER, "grid")
    assert grid.splitlines()[2].split() == ["#", "+", "311", "#", "#"]
    with pytest.raises(ParseError):
        parse(grid)


BAD = {
    "..\n.": "line 2: 1 cell, but the first row has 2",
    ". .\n. x": "line 2, column 3: 'x' is not a cell",
    ". 10\n. .": "line 1, column 3: a clue's numbers are 1 to 8",
    ". 9\n. .": "line 1, column 3: a clue's numbers are 1 to 8",
    "44 .\n. .": "line 1, column 1: 44: its runs and the gaps between them pass",
    "11111 .": "a clue has one to four numbers, not 5",
    "  \n": "empty input",
    "https://puzz.link/p?tapa/2/2/ff": "unexpected 'ff'",
    "https://puzz.link/p?tapa/2/2/az": "r1c1: 55: its runs",
    "https://puzz.link/p?tapa/2/2/1izz": "left over",
    "https://puzz.link/p?tapa/2/2/1!": "unexpected '!'",
    "https://puzz.link/p?tapa/x/2/2/1": "the flag 'x'",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("tapa", text, GENRE.read, BAD[text])


# -- givens and the maker --------------------------------------------------------------------------


def test_givens_are_the_clues_and_marks() -> None:
    puzzle = parse("3 . #\n. ? .")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), (3,)), ((0, 2), True), ((1, 1), (UNKNOWN,))]
    assert GIVENS.keep(puzzle, []) == Tapa(((None,) * 3,) * 2)
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert [GIVENS.describe(puzzle, g) for g in shown] == [
        "the clue 3 at r1c1",
        "r1c3 shaded",
        "the clue ? at r2c2",
    ]
    assert GIVENS.at(puzzle, (".##", "#.#"), (1, 1)) == ((1, 1), (1, 3))
    assert GIVENS.at(puzzle, ("#.#", "#.#"), (0, 1)) == ((0, 1), (2, 2))
    assert GIVENS.at(puzzle, ("#.#", "#.#"), (0, 0)) == ((0, 0), True)


def test_made_boards_are_unique_and_shown_whole() -> None:
    def solutions(puzzle: Tapa, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (6, 5) and keep == []
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        assert {cell for cell in puzzle.clues()} == {
            (r, c) for r in range(5) for c in range(6) if solution[r][c] == "."
        }


def test_small_groups_are_the_polyominoes_placed() -> None:
    from gridsat.models.shading import small_groups

    # a 2x2 board: 4 cells, 4 dominoes, 4 L-trominoes, the square
    assert [len(g) for g in small_groups(2, 2, 4)] == [1] * 4 + [2] * 4 + [3] * 4 + [4]
    # a 3x2 board: 6 cells, 4 dominoes across and 3 down
    assert len(small_groups(3, 2, 2)) == 13


def test_made_boards_one_cell_wide_are_unique_too() -> None:
    for size in ((1, 5), (6, 1), (1, 1)):
        for seed in range(3):
            puzzle, solution, _ = make(size, random.Random(seed), lambda p, n: [])
            outcome = solve(GENRE, puzzle, CADICAL, limit=2)
            assert outcome.status == "unique" and outcome.solutions == [solution], (size, seed)
