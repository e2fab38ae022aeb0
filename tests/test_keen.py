"""Keen (KenKen): the ID reader and the plain layout, the checker, and the models counted
against brute force on every backend and encoding."""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from pathlib import Path

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat import cli
from gridsat.models.keen import MAX_ROWS, admissible, build
from gridsat.parsers import ParseError
from gridsat.parsers.keen import format_id, format_layout, format_solution, parse, parse_layout
from gridsat.pipeline import solve
from gridsat.puzzles.keen import Cage, Keen, check, latin_square
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("keen")
CORPUS = [json.loads(line) for line in (DATA / "keen/tatham.jsonl").read_text().splitlines()]
PLAIN = sorted((DATA / "keen").glob("*.txt"))


# -- reading and writing ------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=lambda row: row["seed_id"])
def test_an_id_reads_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_layout(puzzle)) == puzzle  # the same puzzle in the plain layout
    assert sorted(c for cage in puzzle.cages for c in cage.cells) == [
        (r, c) for r in range(puzzle.size) for c in range(puzzle.size)
    ]


@pytest.mark.parametrize("path", PLAIN, ids=lambda p: p.name)
def test_plain_examples_read_back(path: Path) -> None:
    puzzle = parse(path.read_text())
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle
    assert parse(format_layout(puzzle)) == puzzle


def test_the_plain_layout_reads_as_people_write_it() -> None:
    puzzle = parse("# a 3x3\nA A B\nC D B\nC D E\n\nA: 3 +\nB = 2÷\nC \u00d73\nD 1\u2212\nE 2\n")
    assert [(cage.op, cage.target) for cage in puzzle.cages] == [
        ("+", 3), ("/", 2), ("*", 3), ("-", 1), ("+", 2)
    ]  # fmt: skip
    assert puzzle.cages[1].cells == ((0, 2), (1, 2))
    same = parse("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3x\nD 1-\nE 2")
    assert same == puzzle
    assert format_id(puzzle) == "3:a_5ab_,a3d2m3s1a2"
    shown = parse("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-\nE 2\nr3c1 = 1")
    assert shown.givens == {(2, 0): 1}
    assert GENRE.format_puzzle(shown).startswith("AAB\n")  # an ID cannot show digits


def test_large_boards_name_their_cages_in_words() -> None:
    n = 8
    cages = tuple(Cage(((r, c),), "+", (r + c) % n + 1) for r in range(n) for c in range(n))
    puzzle = Keen(n, cages)
    text = format_layout(puzzle)
    assert text.splitlines()[0].split()[:3] == ["A1", "B1", "C1"]
    assert parse_layout(text) == puzzle


def test_a_cage_of_one_cell_keeps_its_operation() -> None:
    puzzle = parse(SMALL.replace("E 2", "E 2*"))
    assert puzzle.cages[-1] == Cage(((2, 2),), "*", 2)
    assert "E 2*" in format_layout(puzzle).splitlines()
    assert format_id(puzzle).endswith(",a3d2m3s1m2")
    assert parse(format_layout(puzzle)) == parse(format_id(puzzle)) == puzzle


def test_long_runs_read_as_keen_reads_them() -> None:
    # Columns as cages: 30 walls, then 30 open edges and the last wall. Keen's reader takes
    # y as 25 open edges with no wall (Solo's as 25 and a wall); its writer would put z for
    # them, which its reader takes as 26: such boards are written in the plain layout.
    puzzle = parse("6:_30ye," + "a21" * 6)
    assert [cage.cells for cage in puzzle.cages] == [
        tuple((r, c) for r in range(6)) for c in range(6)
    ]
    assert GENRE.format_puzzle(puzzle).splitlines()[0] == "ABCDEF"
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle
    split = parse("6:_30zc," + "a21" * 5 + "a3a18")  # z: 26 open edges, then a wall
    assert [len(cage.cells) for cage in split.cages] == [6, 6, 6, 6, 6, 2, 4]


def test_the_solve_move_is_keens() -> None:
    row = CORPUS[0]
    puzzle = parse(str(row["id"]))
    solution = tuple(tuple(r) for r in row["solution"])  # type: ignore[attr-defined]
    assert format_solution(puzzle, solution, "tatham") == "S" + "".join(
        str(v) for r in solution for v in r
    )


def _corpus_id_with_a_cage_not_of_two() -> str:
    """The first corpus ID with a cage of other than two cells, its clue a difference."""
    for row in CORPUS:
        text = str(row["id"])
        puzzle = parse(text)
        k = next((k for k, cage in enumerate(puzzle.cages) if len(cage.cells) != 2), None)
        if k is not None:
            params, clues = text.split(",")
            letters = [m.start() for m in re.finditer("[amsd]", clues)]
            at = letters[k]
            return f"{params},{clues[:at]}s{clues[at + 1 :]}"
    raise AssertionError("no such cage in the corpus")


SMALL = "AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-\nE 2"
ID = "4:a_6baa_aa_a__,m8a5s2m4m3d2s1a5"
BAD_IDS = [
    ("x:a_6baa_aa_a__,m8", "bad size 'x' at column 1"),
    ("0:_,a1", "size 0 at column 1"),
    ("51:_,a1", "size 51 at column 1"),
    ("4:a_6baa_aa_a_!,m8", "'!' at column 15"),
    ("4:a_9baa_aa_a__,m8a5s2m4m3d2s1a5", "run past the board's 24 edges at column 13"),
    ("4:a_6baa_aa_a,m8a5s2m4m3d2s1a5", "cover 23 of the board's 24 edges"),
    ("4:a_6baa_aa_a__", "expected ',' and a clue per cage at the end of the game ID"),
    ("4:a_6baa_aa_a__,m8a5s2m4m3d2s1", "too few clues: 7 for 8 cages"),
    ("4:a_6baa_aa_a__,m8a5s2m4m3d2s1a5a3", "more follows at column 33"),
    ("4:a_6baa_aa_a__,m8a5s2m4m3d2q1a5", "'q' at column 29"),
    ("4:a_6baa_aa_a__,m8a5s2m4m3d2s1a", "'a' at column 31 of the game ID has no number"),
    ("4:a_6baa_aa_a__,m99999999999a5s2m4m3d2s1a5", "at column 18 of the game ID is out of range"),
    (_corpus_id_with_a_cage_not_of_two(), "is a difference, for a cage of 2 cells"),
    ("4a_6baa_aa_a__", "no ':'"),
]


@pytest.mark.parametrize(("text", "message"), BAD_IDS, ids=[m for _, m in BAD_IDS])
def test_a_bad_id_says_where(text: str, message: str) -> None:
    _, run = refused("keen", text, parse, re.escape(message))
    assert run.stdout == "" and message in run.stderr


BAD_LAYOUTS = [
    ("AAB\nCDB\nCD\nA 3+\nB 2/\nC 3*\nD 1-", "line 3: 2 cells, but the map has 3 rows"),
    ("AAB\nCDB\nCDA\nA 3+\nB 2/\nC 3*\nD 1-", "cage A is in pieces: r3c3 is not joined to r1c1"),
    ("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-", "cage E (at r3c3) has no clue"),
    ("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-\nE 2\nF 3+", "line 9: cage 'F' is not on the map"),
    ("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-\nE 2\nA 4+", "line 9: cage A has a clue already"),
    ("AAB\nCAB\nCDE\nA 3-\nB 2/\nC 3*\nD 1\nE 2", "line 4: a difference (3-) is the clue"),
    ("AAB\nCAB\nCDE\nA 3\nB 2/\nC 3*\nD 1\nE 2", "line 4: cage A has 3 cells: its clue needs"),
    ("AAB\nCDB\nCDE\nA +3+\nB 2/\nC 3*\nD 1-\nE 2", "line 4: clue '+3+' has two operations"),
    ("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-\nE 2\nr4c1 = 1", "line 9: r4c1 is off the 3x3"),
    ("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-\nE 2\nr1c1 = 7", "line 9: r1c1 = 7, but the digits"),
    ("AAB\nCDB\nCDE\nA 3+\nB 2/\nC 3*\nD 1-\nE 2\nhello there", "line 9: 'hello there' is"),
    ("A3B\nCDB\nCDE\nA 3+", "line 1, cell 2: '3' is not a cage name"),
]


@pytest.mark.parametrize(("text", "message"), BAD_LAYOUTS, ids=[m for _, m in BAD_LAYOUTS])
def test_a_bad_layout_says_where(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=re.escape(message)):
        parse(text)


# -- the rules ----------------------------------------------------------------------------------


def test_the_checker_rejects_each_broken_rule() -> None:
    puzzle = parse("AABC\nDDBC\nEFFG\nEHHG\nA 7+\nB 8*\nC 2-\nD 2/\nE 6+\nF 3*\nG 2/\nH 4+")
    good = ((3, 4, 2, 1), (1, 2, 4, 3), (2, 1, 3, 4), (4, 3, 1, 2))
    assert check(puzzle, good) == [] or pytest.fail(str(check(puzzle, good)))

    def changed(r: int, c: int, v: int) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(v if (i, j) == (r, c) else x for j, x in enumerate(row))
                     for i, row in enumerate(good))  # fmt: skip

    cases = {
        "row 1: 4 stands twice": changed(0, 0, 4),  # also breaks the sum
        "the 7+ cage at r1c1: the sum of 3 + 3 is not 7": changed(0, 1, 3),
        "the 8* cage at r1c3: the product of 1 * 4 is not 8": changed(0, 2, 1),
        "the 2- cage at r1c4: the difference of 2 - 3 is not 2": changed(0, 3, 2),
        "the 2/ cage at r2c1: the quotient of 3 / 2 is not 2": changed(1, 0, 3),
    }
    for message, board in cases.items():
        assert any(message in p for p in check(puzzle, board)), (message, check(puzzle, board))
    shown = Keen(puzzle.size, puzzle.cages, {(0, 0): 1})
    assert any("r1c1 must hold the given 1" in p for p in check(shown, good))
    assert check(puzzle, good[:3]) == ["the solution is not a 4x4 board"]


def test_a_difference_on_three_cells_breaks_the_rules() -> None:
    cells = ((0, 0), (0, 1), (0, 2))
    puzzle = Keen(3, (Cage(cells, "-", 1), *(Cage(((r, c),), "+", 1) for r in (1, 2)
                                              for c in range(3))))  # fmt: skip
    board = ((1, 2, 3), (2, 3, 1), (3, 1, 2))
    assert any("has 3 cells, not 2" in p for p in check(puzzle, board))


# -- counts against brute force on 3x3 boards ---------------------------------------------------


def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n Latin square, by brute force over rows that are permutations."""
    rows = list(itertools.permutations(range(1, n + 1)))
    found = []
    for square in itertools.product(rows, repeat=n):
        if all(len({row[c] for row in square}) == n for c in range(n)):
            found.append(square)
    return found


def _clue(op: str, digits: list[int]) -> int:
    """The clue of ``op`` that ``digits`` meet (a clue no digits meet: unsolvable)."""
    if op == "+":
        return sum(digits)
    if op == "*":
        return math.prod(digits)
    low, high = sorted(digits)
    return high - low if op == "-" else high // low


CAGE_SETS = [
    # (map, ops per cage, the square the clues are taken from)
    ("AAA\nBBB\nCCC", "+++", 0),  # rows add to 6: every square
    ("AAB\nCDB\nCDE", "+/*-+", 3),
    ("AAB\nACB\nDDB", "*+*+", 5),
    ("ABB\nACC\nDDE", "+-/*+", 7),
    ("AAB\nCCB\nDDD", "-*+*", 9),
    ("ABC\nDEF\nGHI", "+++++++++", 11),  # every cell given: one square
    ("AAB\nCCB\nDDD", "-*+*", None),  # a difference of 0: no square
]


def cage_sets() -> list[tuple[Keen, int]]:
    """The puzzles of ``CAGE_SETS`` and how many Latin squares meet them, by brute force."""
    squares = latin_squares(3)
    assert len(squares) == 12
    made = []
    for layout, ops, source in CAGE_SETS:
        grid = layout.splitlines()
        names = sorted({ch for row in grid for ch in row})
        lines = list(grid)
        for name, op in zip(names, ops, strict=True):
            cells = [(r, c) for r in range(3) for c in range(3) if grid[r][c] == name]
            digits = [squares[source][r][c] for r, c in cells] if source is not None else [1, 1]
            lines.append(f"{name} {_clue(op, digits)}{op}")
        puzzle = parse("\n".join(lines))
        count = 0
        for square in squares:
            ok = True
            for cage in puzzle.cages:
                digits = [square[r][c] for r, c in cage.cells]
                if cage.op == "+":
                    ok &= sum(digits) == cage.target
                elif cage.op == "*":
                    ok &= math.prod(digits) == cage.target
                elif cage.op == "-":
                    ok &= abs(digits[0] - digits[1]) == cage.target
                else:
                    ok &= max(digits) == min(digits) * cage.target
            count += ok
        made.append((puzzle, count))
    return made


COUNTED = cage_sets()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("prune", [True, False], ids=["pruned", "bare"])
def test_counts_match_brute_force(backend: str, encoding: str, prune: bool) -> None:
    for puzzle, count in COUNTED:
        outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=50, prune=prune)
        assert len(outcome.solutions) == count and outcome.count_exact, (puzzle, count)
        for found in outcome.solutions:
            assert check(puzzle, found) == []


def test_the_brute_force_cases_are_varied() -> None:
    counts = [count for _, count in COUNTED]
    assert counts[0] == 12 and counts[-1] == 0 and max(counts[1:-1]) >= 1
    ops = {cage.op for puzzle, _ in COUNTED for cage in puzzle.cages}
    assert ops == {"+", "-", "*", "/"}


@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_random_4x4_cagings_count_as_brute_force(encoding: str) -> None:
    """Random cages and clues on 4x4 boards, counted over all 576 Latin squares."""
    squares = latin_squares(4)
    assert len(squares) == 576
    rng = random.Random(5)
    backend = get_backend("sat:cadical195")
    from gridsat.puzzles.keen import clue_for, random_cages

    for _ in range(6):
        board = latin_square(4, rng)
        made = [Cage(tuple(c), *clue_for(c, board, rng)) for c in random_cages(4, rng)]
        cages = tuple(sorted(made, key=lambda k: k.cells[0]))
        puzzle = Keen(4, cages)
        expected = sum(check(puzzle, s) == [] for s in squares)
        outcome = solve(GENRE, puzzle, backend, encoding, limit=600)
        assert len(outcome.solutions) == expected >= 1


def test_a_cage_with_too_many_combinations_falls_back_to_arithmetic() -> None:
    n = 9
    cells = tuple((r, c) for r in range(3) for c in range(3))  # a 3x3 block: 9 cells
    cage = Cage(cells, "+", 45)
    domains = {cell: list(range(1, n + 1)) for cell in cells}
    assert admissible(cage, n, domains) is None  # 9! orderings are past MAX_ROWS
    assert MAX_ROWS < 362_880
    rest = tuple(Cage(((r, c),), "+", 1) for r in range(n) for c in range(n) if (r, c) not in cells)
    built = build(Keen(n, (cage, *rest)), "onehot-table")
    assert built.model.linears  # the big cage as a sum


def test_keen_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["solve", "kenken", ID, "--unique", "--format", "tatham"])
    out, _ = capsys.readouterr()
    assert code == 0 and out.splitlines() == ["S2431412313423214", "unique solution"]
    code = cli.main(["solve", "keen", str(DATA / "keen/multiple.txt"), "--count", "10"])
    out, _ = capsys.readouterr()
    assert code == 0 and "2 solutions" in out
    code = cli.main(["solve", "keen", str(DATA / "keen/unsolvable.txt")])
    out, _ = capsys.readouterr()
    assert code == 1 and out.strip() == "no solution"


def test_compare_lines_up_long_encoding_names() -> None:
    from gridsat.comparison import PHASES, Run
    from gridsat.solvers import Status
    from gridsat.views import compare_table

    times = dict.fromkeys(PHASES, 0.001)
    runs = [Run("sat:glucose4", e, Status.UNIQUE, dict(times)) for e in GENRE.encodings]
    lines = compare_table(runs).splitlines()
    starts = {line.index("unique") for line in lines[1:]}
    assert len(starts) == 1 and lines[0].index("status") in starts


@pytest.mark.parametrize("name", ["multiple.txt", "unsolvable.txt", "kenken-6x6.txt"])
def test_cpsat_proves_uniqueness_in_one_search_as_blocking_does(name: str) -> None:
    # Keen asks CP-SAT for its own enumeration of two solutions (one search); blocking the
    # first and solving again (enumerate_all_solutions=false) must say the same.
    cpsat = get_backend("cpsat")
    puzzle = GENRE.read((DATA / "keen" / name).read_text())
    one = solve(GENRE, puzzle, cpsat, limit=2)
    two = solve(GENRE, puzzle, cpsat, limit=2, params={"enumerate_all_solutions": "false"})
    assert one.status == two.status and len(one.solutions) == len(two.solutions)
    assert one.status.name == {"multiple.txt": "MULTIPLE", "unsolvable.txt": "UNSOLVABLE"}.get(
        name, "UNIQUE"
    )
    for board in one.solutions:
        assert check(puzzle, board) == []
    first = solve(GENRE, puzzle, cpsat, limit=1)  # (one solution asked: no enumeration)
    assert first.status.name == ("UNSOLVABLE" if name == "unsolvable.txt" else "SOLVED")


def test_tathams_hard_puzzles_need_his_hard_rules_and_no_probing() -> None:
    """Graded on ``onehot-sets``, a 6x6 Hard puzzle of his is finished by propagation with the
    switch of his Hard rules (score 0.5), and a 6x6 Extreme one needs probing."""
    from gridsat.grading import grade

    genre = get_genre("keen")
    records = [json.loads(line) for line in (DATA / "keen" / "tatham.jsonl").open()]
    hard = [r for r in records if r["params"] == "6dh"][1]
    extreme = [r for r in records if r["params"] == "6dx"][3]  # (the quickest to grade)
    graded = grade(genre, genre.parse(hard["id"]))
    assert graded.level == 1 and graded.score == 0.5
    assert grade(genre, genre.parse(hard["id"]), encoding="onehot-table").level == 2
    assert grade(genre, genre.parse(extreme["id"])).level == 2
