"""Unruly (Takuzu, Binairo): Tatham's IDs and plain rows, the checker, brute-force counts on
every backend and encoding, distinct rows and columns, and errors that say where."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
from typing import Any

import pytest

from conftest import BACKENDS, DATA, gridsat
from gridsat.models.model import TooLarge
from gridsat.models.unruly import admissible, build
from gridsat.parsers import ParseError
from gridsat.parsers.unruly import format_puzzle, format_solution, parse
from gridsat.pipeline import solve
from gridsat.puzzles.unruly import Unruly, check, line_count
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

UNRULY = get_genre("unruly")
CORPUS = [json.loads(line) for line in (DATA / "unruly" / "tatham.jsonl").read_text().splitlines()]
PLAIN = sorted((DATA / "unruly").glob("*.txt"))
Grid = tuple[tuple[int, ...], ...]


def board(text: str) -> Grid:
    """A full board from rows of digits."""
    return tuple(tuple(int(ch) for ch in row) for row in text.split())


# -- reading and printing -------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=lambda r: r["id"])
def test_every_corpus_id_prints_back_exactly_and_round_trips(row: dict[str, Any]) -> None:
    puzzle = parse(row["id"])
    assert format_puzzle(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle
    w, h = (int(n) for n in row["params"].split("d")[0].rstrip("u").split("x"))
    assert (puzzle.width, puzzle.height, puzzle.distinct) == (w, h, "u" in row["params"])
    # Every given agrees with the known solution.
    for (r, c), v in puzzle.givens().items():
        assert row["solution"][r][c] == v


@pytest.mark.parametrize("path", PLAIN, ids=lambda p: p.name)
def test_plain_examples_round_trip(path: Any) -> None:
    puzzle = parse(path.read_text())
    assert not puzzle.tatham
    assert parse(format_puzzle(puzzle)) == puzzle


def test_the_id_walk_reads_zeros_ones_and_runs() -> None:
    # b: one blank then a 0; A: a 1; z: 25 blanks; D: three blanks and a 1; e: four blanks
    # and the end mark, one cell past the board.
    puzzle = parse("6x6:bAzDe")
    flat = [v for row in puzzle.rows for v in row]
    assert flat[:3] == [None, 0, 1] and flat[3:31] == [None] * 28
    assert flat[31] == 1 and flat[32:] == [None] * 4
    # Before a 1 the collection writes a long run with Z.
    assert parse("6x6:bAZDe") == puzzle and format_puzzle(puzzle) == "6x6:bAZDe"


def test_id_forms_the_collection_accepts() -> None:
    plain = parse("8x8u:CApDBDbBCACBDBGcCc")
    assert parse("unruly:8x8u:CApDBDbBCACBDBGcCc") == plain
    assert parse("  8x8u:CApDBD\nbBCACBDBGcCc \n") == plain  # white space inside is dropped
    assert parse("8x8udn:CApDBDbBCACBDBGcCc") == plain  # the full parameters
    assert parse("6:ccAaBdebbfDCa") == parse("6x6:ccAaBdebbfDCa")  # W alone is WxW
    assert parse("8x8:CApDBDbBCACBDBGcCc", distinct=True) == plain


def test_plain_forms_read_alike() -> None:
    want = Unruly(((1, None, None, 0), (None,) * 4, (None, None, 0, None), (None,) * 4))
    assert parse("1 . . 0\n. . . .\n. . 0 .\n. . . .") == want
    assert parse("1__0\n____\n__0_\n____\n") == want
    assert parse("1,?,?,0\n| . . . . |\n..0.\n....") == want
    assert parse("[[1, _, _, 0], [_, _, _, _], [_, _, 0, _], [_, _, _, _]]") == want
    assert parse("[[1..0],\n [....],\n [..0.],\n [....]]") == want
    assert parse("4x4\n1..0\n....\n..0.\n....") == want
    distinct = dataclasses.replace(want, distinct=True)
    assert parse("unique\n1..0\n....\n..0.\n....") == distinct
    assert parse("Distinct 4x4\n1..0\n....\n..0.\n....") == distinct
    assert parse("1..0\n....\n..0.\n....", distinct=True) == distinct
    assert format_puzzle(distinct) == "unique\n1 . . 0\n. . . .\n. . 0 .\n. . . ."


def test_solutions_print_as_rows_and_as_the_collections_solve_move() -> None:
    row = CORPUS[0]
    puzzle = parse(row["id"])
    solution = tuple(tuple(r) for r in row["solution"])
    assert format_solution(puzzle, solution, "grid").splitlines()[0] == "1 1 0 0 1 0"
    move = format_solution(puzzle, solution, "tatham")
    assert move == "S" + "".join(str(v) for r in solution for v in r)
    assert len(move) == 37 and set(move[1:]) == {"0", "1"}
    assert UNRULY.to_json(puzzle, solution) == row["solution"]


# -- errors ----------------------------------------------------------------------------------------

ID_ERRORS = [
    ("6y6:ccAaBdebbfDCa", "unexpected 'y' at column 2 of the game ID in the parameters"),
    ("x6:ccAaBdebbfDCa", "bad size: expected the width at column 1 of the game ID"),
    ("6x:ccAaBdebbfDCa", "bad size: expected the height at column 3 of the game ID"),
    ("7x6:ccAaBdebbfDCa", "size 7x6 at column 1 of the game ID: width and height must be even"),
    ("4x4:aaaaaaaaaaaaaaaaa", "size 4x4 at column 1 of the game ID: the collection's boards"),
    ("200x200:a", "size 200x200 at column 1 of the game ID: each side is at most 100"),
    ("99999999x6:a", "the width at column 1 of the game ID is over the limit of 100"),
    ("6x16u:a", "only 14 lines of 6 cells follow the rules, too few for 16 distinct rows"),
    ("6x6dq:ccAaBdebbfDCa", "unknown difficulty at column 5 of the game ID: 'q'"),
    ("6x6:ccAa3debbfDCa", "unexpected '3' at column 9 of the game ID"),
    ("6x6:ccAaBdebbfDCab", "too many cells: 'b' at column 18 of the game ID runs to cell 39"),
    ("6x6:ccAaBdebbfDCaz", "too many cells: 'z' at column 18 of the game ID"),
    ("6x6:ccAaBdebbfDC", "too few cells: the description walks 36 of 37 places"),
    ("6x6:", "too few cells: the description walks 0 of 37 places"),
    ("6x6ccAaBdebbfDCa", "a game ID needs ':' after its size"),
]


@pytest.mark.parametrize(("text", "message"), ID_ERRORS, ids=[t for t, _ in ID_ERRORS])
def test_id_errors_name_where_they_are(text: str, message: str) -> None:
    with pytest.raises(ParseError) as e:
        parse(text)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


PLAIN_ERRORS = [
    ("1 . . 0\n. x . .\n. . . .\n. . . .", "line 2, column 3: 'x' is not 0, 1 or a blank"),
    ("1..0\n...\n....\n....", "line 2: 3 cells, but the first row has 4"),
    ("1..\n...\n...\n...", "the board is 3x4: width and height must be even"),
    ("6x6\n1..0\n....\n..0.\n....", "the board is 4x4, but the size line says 6x6"),
    ("3x4\n1..\n...\n...\n...", "line 1: the size is 3x4: width and height must be even"),
    ("100000x100000\n1..0", "line 1: the size is 100000x100000: each side is at most 100"),
    ("unique please\n1..0", "line 1, column 8: unknown setting 'please'"),
    ("[[1, 0], [0, 12]]", "row 2, cell 2: '12' is not 0, 1 or a blank"),
    ("\n  \n", "empty input"),
    ("unique\n\n", "no rows after the settings line"),
]


@pytest.mark.parametrize(("text", "message"), PLAIN_ERRORS, ids=[t for t, _ in PLAIN_ERRORS])
def test_plain_errors_name_where_they_are(text: str, message: str) -> None:
    with pytest.raises(ParseError) as e:
        parse(text)
    assert message in str(e.value)


def test_a_bad_id_is_one_line_and_exit_2_on_the_command_line() -> None:
    run = gridsat("solve", "unruly", "6x6:ccAa3debbfDCa")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("gridsat: error: unexpected '3' at column 9 of the game ID")
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


# -- the rules -------------------------------------------------------------------------------------

SOLVED = board("100101 011010 010011 101100 101010 010101")


def test_line_count_is_oeis_a177790_and_matches_the_enumeration() -> None:
    assert [line_count(n) for n in range(0, 22, 2)] == [
        1, 2, 6, 14, 34, 84, 208, 518, 1296, 3254, 8196
    ]  # fmt: skip
    for n in range(0, 15, 2):
        lines = {tuple((m >> k) & 1 for k in range(n)) for m in admissible(n)}
        everything = {t for t in itertools.product((0, 1), repeat=n) if admissible_line(t)}
        assert lines == everything and len(lines) == line_count(n)


def admissible_line(t: tuple[int, ...]) -> bool:
    """Half ones and no three equal together: the rules of one line, written here again."""
    three = any(t[k] == t[k + 1] == t[k + 2] for k in range(len(t) - 2))
    return 2 * sum(t) == len(t) and not three


def test_the_checker_accepts_a_solution_and_rejects_each_broken_rule() -> None:
    puzzle = parse(CORPUS[1]["id"])
    assert check(puzzle, SOLVED) == []
    blank = dataclasses.replace(puzzle, rows=tuple((None,) * 6 for _ in range(6)))

    def changed(r: int, c: int) -> Grid:
        rows = [list(row) for row in SOLVED]
        rows[r][c] = 1 - rows[r][c]
        return tuple(tuple(row) for row in rows)

    # A given stays.
    (r, c), v = sorted(puzzle.givens().items())[0]
    assert f"r{r + 1}c{c + 1} must hold the given {v}, not {1 - v}" in check(puzzle, changed(r, c))
    # Half ones in each row and column: row 1 and column 1 are 1 0 0 1 0 1 and 1 0 0 1 1 0.
    problems = check(blank, changed(0, 0))
    assert "row 1 holds 2 ones, not 3" in problems and "column 1 holds 2 ones, not 3" in problems
    # No three equal together: row 3 is 0 1 0 0 1 1, and r3c5 made 0.
    assert "row 3: r3c3, r3c4, r3c5 all hold 0" in check(blank, changed(2, 4))
    turned = tuple(zip(*changed(2, 4), strict=True))
    assert "column 3: r3c3, r4c3, r5c3 all hold 0" in check(blank, turned)
    # No two rows the same, no two columns, only with distinct lines.
    same = board("001011 110100 001011 010101 101100 110010")  # rows 1 and 3; columns differ
    assert check(blank, same) == []
    assert check(dataclasses.replace(blank, distinct=True), same) == ["rows 1 and 3 are the same"]
    same_columns = tuple(zip(*same, strict=True))
    assert check(dataclasses.replace(blank, distinct=True), same_columns) == [
        "columns 1 and 3 are the same"
    ]
    # Every cell holds 0 or 1, on a board of the puzzle's size.
    assert "r1c1 holds 2, not 0 or 1" in check(blank, ((2, *SOLVED[0][1:]), *SOLVED[1:]))
    assert check(blank, SOLVED[:4]) == ["the solution is not a 6x6 board"]


# -- brute force -----------------------------------------------------------------------------------


@functools.cache
def brute_force(text: str) -> frozenset[Grid]:
    """Every board the rules allow, by trying every 0/1 grid row by row: a row is one of the
    2^W rows that keep the line rules (``admissible_line``, written here again) and the row's
    givens, a column is cut off as soon as it holds three equal or too many of a digit; each
    full board is judged by the checker."""
    puzzle = parse(text)
    w, h = puzzle.width, puzzle.height
    lines = [row for row in itertools.product((0, 1), repeat=w) if admissible_line(row)]
    shown = puzzle.givens()
    choices = [
        [row for row in lines if all(shown.get((r, c), v) == v for c, v in enumerate(row))]
        for r in range(h)
    ]
    found = set()

    def fits(rows: list[tuple[int, ...]]) -> bool:
        for c in range(w):
            col = [row[c] for row in rows]
            if 2 * max(col.count(0), col.count(1)) > h:
                return False
            if len(col) >= 3 and col[-1] == col[-2] == col[-3]:
                return False
        return True

    def extend(rows: list[tuple[int, ...]]) -> None:
        if len(rows) == h:
            grid = tuple(rows)
            if check(puzzle, grid) == []:
                found.add(grid)
            return
        for row in choices[len(rows)]:
            if fits([*rows, row]):
                extend([*rows, row])

    extend([])
    return frozenset(found)


SMALL = [
    "..\n..",
    "....\n....\n....\n....",
    "unique\n....\n....\n....\n....",
    "1...\n....\n..0.\n....",
    "unique\n1...\n....\n..0.\n....",
    "....1.\n.0....\n0.....\n..1...",  # 6 wide, 4 high
    "unique\n....1.\n.0....\n0.....\n..1...",
    "1.....\n...1.0\n.1..10\n0.....\n......\n......",
    "unique\n1.....\n...1.0\n.1..10\n0.....\n......\n......",
    "1.....\n......\n1.1...\n....00\n......\n.1.0..",
    "unique\n1.....\n......\n1.1...\n....00\n......\n.1.0..",
    (DATA / "unruly" / "unsolvable.txt").read_text(),  # none
]


def test_brute_force_counts_are_what_the_rules_say() -> None:
    assert len(brute_force("..\n..")) == 2
    # 4x4: 90 boards, 72 of them with distinct rows and columns (OEIS A253316).
    assert len(brute_force("....\n....\n....\n....")) == 90
    assert len(brute_force("unique\n....\n....\n....\n....")) == 72
    assert brute_force(SMALL[-1]) == frozenset()
    # The boards with givens have a few solutions each, fewer with distinct lines.
    counts = [len(brute_force(text)) for text in SMALL[3:-1]]
    assert counts == [20, 16, 41, 6, 49, 19, 32, 10]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", UNRULY.encodings)
@pytest.mark.parametrize("text", SMALL, ids=[f"small-{k}" for k in range(len(SMALL))])
def test_every_backend_and_encoding_counts_as_brute_force(
    text: str, encoding: str, backend: str
) -> None:
    puzzle = parse(text)
    want = brute_force(text)
    outcome = solve(UNRULY, puzzle, get_backend(backend), encoding, limit=len(want) + 1)
    assert {tuple(map(tuple, s)) for s in outcome.solutions} == want
    assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.parametrize("encoding", UNRULY.encodings)
def test_without_pruning_the_counts_are_the_same(encoding: str) -> None:
    for text in SMALL[3:]:
        puzzle = parse(text)
        want = brute_force(text)
        outcome = solve(
            UNRULY, puzzle, get_backend("sat:cadical195"), encoding, limit=len(want) + 1,
            prune=False,
        )  # fmt: skip
        assert {tuple(map(tuple, s)) for s in outcome.solutions} == want


def test_count_on_the_command_line() -> None:
    run = gridsat("solve", "unruly", "-", "--count", "100", stdin="1...\n....\n..0.\n....")
    assert run.returncode == 0
    assert run.stdout.splitlines()[-1] == f"{len(brute_force(SMALL[3]))} solutions"


# -- distinct rows and columns ---------------------------------------------------------------------


def test_the_unique_line_and_the_flag_add_the_distinct_rule() -> None:
    text = (DATA / "unruly" / "takuzu.txt").read_text()
    assert text.startswith("unique\n")
    without = text.removeprefix("unique\n")
    for encoding in UNRULY.encodings:
        with_rule = solve(UNRULY, parse(text), get_backend("cpsat"), encoding, limit=2)
        assert with_rule.status == "unique"
        assert solve(UNRULY, parse(without), get_backend("cpsat"), encoding, limit=2).status == (
            "multiple"
        )
        flagged = solve(UNRULY, parse(without, distinct=True), get_backend("cpsat"), encoding,
                        limit=2)  # fmt: skip
        assert flagged.solutions == with_rule.solutions
    run = gridsat("solve", "unruly", "-", "--distinct", "--unique", stdin=without)
    assert run.returncode == 0 and "unique solution" in run.stdout


@pytest.mark.parametrize("encoding", UNRULY.encodings)
def test_the_distinct_helpers_are_settled_by_the_cells(encoding: str) -> None:
    # Listed over every variable of the model, the solutions are still the boards: a helper
    # left free would repeat each board (CP-SAT's own enumeration then stalls on them).
    text = SMALL[4]
    built = build(parse(text), encoding)
    built.model.answer = list(range(1, built.model.num_bools + 1))
    with get_backend("sat:cadical195").open(built.model) as session:
        found = [r for r in session.enumerate(100) if r.assignment is not None]
    assert len(found) == len(brute_force(text))


def test_more_rows_than_admissible_lines_have_no_solution_at_once() -> None:
    tall = "unique\n" + "..\n" * 4  # only 01 and 10 are rows of two
    for encoding in UNRULY.encodings:
        assert solve(UNRULY, parse(tall), get_backend("sat:cadical195"), encoding).status == (
            "unsolvable"
        )


def test_the_tables_are_pruned_by_the_givens() -> None:
    puzzle = parse(CORPUS[-1]["id"])
    pruned = build(puzzle, "lines").model
    bare = build(puzzle, "lines", prune=False).model
    rows = sum(len(t.rows) for t in pruned.tables)
    assert rows < sum(len(t.rows) for t in bare.tables) == 16 * line_count(8)


def test_tables_past_the_limit_are_refused_before_they_are_built() -> None:
    blank = "\n".join(["." * 20] * 20)  # 40 tables of 8196 lines
    with pytest.raises(TooLarge, match="over 200000 rows; use the cardinality encoding"):
        build(parse(blank), "lines")
    assert len(build(parse(blank), "cardinality").model.sums) == 40
    run = gridsat("solve", "unruly", "-", "-e", "lines", stdin=blank)
    assert run.returncode == 2 and "use the cardinality encoding" in run.stderr


# -- the command line ------------------------------------------------------------------------------


def test_solve_by_alias_in_every_output_form() -> None:
    row = CORPUS[5]
    run = gridsat("solve", "takuzu", row["id"], "--format", "tatham", "--unique")
    assert run.returncode == 0
    assert run.stdout.splitlines()[0] == "S" + "".join(str(v) for r in row["solution"] for v in r)
    data = json.loads(gridsat("solve", "binairo", row["id"], "--json").stdout)
    assert data["solution"] == row["solution"] and data["genre"] == "unruly"


def test_a_flag_of_another_genre_is_refused() -> None:
    run = gridsat("solve", "magic", "3", "--distinct")
    assert run.returncode == 2 and "magic takes no --distinct" in run.stderr
