"""Magic boards: the seed, empty boards, counts, repeats, no diagonals, impossible boards."""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

import pytest

from conftest import DATA, gridsat
from gridsat.parsers import ParseError
from gridsat.parsers.magic import format_puzzle, format_solution, parse
from gridsat.pipeline import solve
from gridsat.puzzles.magic import check
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

MAGIC = get_genre("magic")
SEED = parse((DATA / "magic" / "seed.txt").read_text())
SEED_SOLUTION = tuple(
    tuple(r) for r in json.loads((DATA / "magic" / "seed.solution.json").read_text())
)


def test_seed_reads_as_written_and_as_printed() -> None:
    assert parse((DATA / "magic" / "seed-printed.txt").read_text()) == SEED
    assert (SEED.order, SEED.low, SEED.high, SEED.target) == (5, 5, 29, 85)
    assert SEED.givens[(0, 4)] == 15 and len(SEED.givens) == 8
    assert check(SEED, SEED_SOLUTION) == []


def test_printer_round_trips() -> None:
    assert parse(format_puzzle(SEED)) == SEED
    odd = parse("range 0..9 sum 12 no-diagonals repeat\n1 _ _\n_ _ _\n_ _ 9")
    assert parse(format_puzzle(odd)) == odd


def test_default_target_is_the_range_total_shared_by_the_rows() -> None:
    assert parse("_ _ _\n_ _ _\n_ _ _").target == 15
    assert parse("_ _ _\n_ _ _\n_ _ _", values="5..13").target == 27
    assert parse("_ _ _\n_ _ _\n_ _ _", values="1..20").target is None  # the solver finds it


def test_checker_catches_each_rule() -> None:
    sol = [list(r) for r in SEED_SOLUTION]
    sol[0][0], sol[0][1] = sol[0][1], sol[0][0]
    assert any("column 1 sums to" in p for p in check(SEED, tuple(map(tuple, sol))))
    assert any("stands twice" in p for p in check(SEED, ((28,) * 5,) * 5))
    assert any("outside 5..29" in p for p in check(SEED, ((1,) * 5,) * 5))
    swapped = [list(r) for r in SEED_SOLUTION]
    swapped = [r[::-1] for r in swapped]  # mirrored: still magic, but the givens moved
    assert any("must hold 15" in p for p in check(SEED, tuple(map(tuple, swapped))))


@functools.cache
def brute_force_3x3(text: str) -> frozenset[tuple[int, ...]]:
    """Every 3x3 filling from the range, by trying them all: the rules, with no solver."""
    puzzle = parse(text)
    values = range(puzzle.low, puzzle.high + 1)
    pool = (
        itertools.permutations(values, 9)
        if puzzle.distinct
        else itertools.product(values, repeat=9)
    )
    found = set()
    for cells in pool:
        # Rows of equal sums, as in every magic square, before the whole check (which took
        # seconds over all 9! boards).
        if sum(cells[0:3]) != sum(cells[3:6]) or sum(cells[3:6]) != sum(cells[6:9]):
            continue
        board = (cells[0:3], cells[3:6], cells[6:9])
        if not check(puzzle, board):
            found.add(cells)
    return frozenset(found)


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195", "sat:glucose4"])
@pytest.mark.parametrize(
    "text, count",
    [
        ("_ _ _\n_ _ _\n_ _ _", 8),  # the Lo Shu and its 7 reflections and rotations
        ("no-diagonals\n_ _ _\n_ _ _\n_ _ _", None),
        ("range 1..3 repeat\n_ _ _\n_ _ _\n_ _ _", None),  # repeats allowed, sum unknown
        ("range 1..3 sum 6 repeat no-diagonals\n1 _ _\n_ _ _\n_ _ _", None),
        ("range 1..9 sum 15\n5 _ _\n_ _ _\n_ _ _", 0),  # 5 must stand in the centre
    ],
)
def test_3x3_counts_match_brute_force(text: str, count: int | None, backend: str) -> None:
    puzzle = parse(text)
    expected = brute_force_3x3(text)
    if count is not None:
        assert len(expected) == count
    for encoding in MAGIC.encodings:
        outcome = solve(MAGIC, puzzle, get_backend(backend), encoding, limit=1000)
        got = {tuple(v for row in s for v in row) for s in outcome.solutions}
        assert got == expected, encoding
        assert outcome.count_exact


@pytest.mark.parametrize(
    "order, backend",
    [(n, "cpsat") for n in (3, 4, 5, 6)]
    + [(n, "sat:cadical195") for n in (3, 4)]
    + [pytest.param(5, "sat:cadical195", marks=pytest.mark.slow)],
)
def test_empty_boards_get_magic_squares(order: int, backend: str) -> None:
    puzzle = parse("\n".join(["_ " * order] * order))
    outcome = solve(MAGIC, puzzle, get_backend(backend), limit=1, time_limit=60)
    assert outcome.status == "solved"
    assert check(puzzle, outcome.solutions[0]) == []
    assert sorted(v for row in outcome.solutions[0] for v in row) == list(range(1, order**2 + 1))


def test_a_size_alone_is_an_empty_board_of_that_order() -> None:
    empty3 = "_ _ _\n_ _ _\n_ _ _"
    assert parse("3") == parse("3x3") == parse(" 3 X 3\n") == parse(empty3)
    assert parse("4") == parse("4x4") == parse("\n".join(["_ _ _ _"] * 4))
    assert parse("range 5..13 sum 27\n3") == parse("range 5..13 sum 27\n" + empty3)
    assert parse("3", values="1..20").target is None  # the options apply as to any board
    assert parse("3\n_ _ _\n_ _ _\n_ _ _") == parse(empty3)  # a size line over a board


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195"])
def test_an_order_3_board_by_size_has_the_8_lo_shu_squares(backend: str) -> None:
    puzzle = parse("3")
    outcome = solve(MAGIC, puzzle, get_backend(backend), limit=10)
    assert outcome.count_exact and len(outcome.solutions) == 8
    assert all(check(puzzle, s) == [] for s in outcome.solutions)
    got = {tuple(v for row in s for v in row) for s in outcome.solutions}
    assert got == brute_force_3x3("_ _ _\n_ _ _\n_ _ _")


@pytest.mark.parametrize(
    "text, message",
    [
        ("4x5", "a magic board is square; this one is 4x5"),
        ("0", "size 0: a magic board has at least one cell"),
        ("31", "size 31: the order is over the limit of 30"),
        ("9" * 40, "size 99999999999999999999...: the order is over the limit of 30"),
    ],
)
def test_bad_sizes_say_what(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)


def test_a_board_with_unknown_cells_prints_its_sum() -> None:
    """Diagnose prints the solution with ``?`` in its free cells."""
    masked: Any = (("?", "?", "?"), ("?", 5, "?"), ("?", "?", "?"))
    assert format_solution(parse("3"), masked).endswith("\nevery line sums to 15")
    partly: Any = ((2, 7, 6), ("?", 5, "?"), (4, 3, 8))
    found = format_solution(parse("3", values="1..20"), partly)  # no target: a whole row's sum
    assert found.endswith("\nevery line sums to 15")


@pytest.mark.parametrize(
    "text, message",
    [
        ("1 2\n3 4\n5 6", "square; this one is 2x3"),
        ("_ _ _\n_ 10 _\n_ _ _", "r2c2: 10 is outside the range 1..9"),
        ("_ 3 _\n_ 3 _\n_ _ _", "3 is given twice, at r1c2 and r2c2"),
        ("sum 100\n_ _ _\n_ _ _\n_ _ _", "row 1 cannot sum to 100"),
        (
            "sum 30\n9 8 _\n_ _ _\n_ _ _",
            "row 1 cannot sum to 30: with its givens it lies between 18 and 26",
        ),
        ("range 1..8\n_ _ _\n_ _ _\n_ _ _", "9 cells need distinct numbers but 1..8 holds only 8"),
        ("range 9..1\n_ _ _\n_ _ _\n_ _ _", "the low end is above the high end"),
        ("range 1..4 sum 5 colour\n_ _\n_ _", "line 1, column 18: unknown setting 'colour'"),
        ("_ # _\n_ _ _\n_ _ _", "r1c2: a magic board has no holes"),
    ],
)
def test_bad_boards_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)


def test_an_impossible_board_is_no_solution() -> None:
    puzzle = parse("_ _\n_ _", values="1..4", total=5)  # 2x2 magic squares need repeats
    for backend in ("cpsat", "sat:cadical195"):
        for encoding in MAGIC.encodings:
            outcome = solve(MAGIC, puzzle, get_backend(backend), encoding, limit=2)
            assert outcome.status == "unsolvable"


def test_the_genre_parameters_reach_cpsat_only_and_the_users_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Magic's CP-SAT defaults reach CP-SAT sessions, never SAT ones; ``--param`` wins."""
    seen: list[dict[str, str]] = []
    for backend in ("cpsat:1", "sat:cadical195"):
        cls = type(get_backend(backend))

        def open_(self: Any, model: Any, params: Any = None, real: Any = cls.open) -> Any:
            seen.append(dict(params or {}))
            return real(self, model, params)

        monkeypatch.setattr(cls, "open", open_)
    out = solve(MAGIC, SEED, get_backend("cpsat:1"), limit=2)
    assert out.status == "unique" and check(SEED, out.solutions[0]) == []
    assert seen[-1]["cp_model_presolve"] == "false"
    out = solve(MAGIC, SEED, get_backend("cpsat:1"), limit=2, params={"cp_model_presolve": "true"})
    assert out.status == "unique" and seen[-1]["cp_model_presolve"] == "true"
    assert seen[-1]["linearization_level"] == "0"
    out = solve(MAGIC, SEED, get_backend("sat:cadical195"), limit=2)
    assert out.status == "unique" and check(SEED, out.solutions[0]) == []
    assert seen[-1] == {}


@pytest.mark.slow
def test_an_empty_order_10_board_is_found() -> None:
    puzzle = parse("10")
    outcome = solve(MAGIC, puzzle, get_backend("cpsat:1"), limit=1, time_limit=120)
    assert outcome.status == "solved" and check(puzzle, outcome.solutions[0]) == []


def test_repeats_are_allowed_in_every_command_by_another_spelling(tmp_path: Any) -> None:
    # compare's own --repeat is its runs: magic's --repeat had no way in there.
    import subprocess

    board = tmp_path / "small.txt"
    board.write_text("range 1..3\n_ _\n_ _\n")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return gridsat(*args, str(board))

    for flag in ("--repeat", "--allow-repeats"):
        done = run("solve", "magic", flag, "--json", "-b", "cpsat:1")
        assert done.returncode == 0, done.stderr
        found = tuple(map(tuple, json.loads(done.stdout)["solution"]))
        assert check(parse(board.read_text(), repeat=True), found) == []
    compared = run(
        "compare", "magic", "--allow-repeats", "--repeat", "1", "-b", "cpsat:1", "--json"
    )
    assert compared.returncode == 0, compared.stderr
    runs = json.loads(compared.stdout)["results"]
    assert runs and {r["status"] for r in runs} == {"multiple"}
    refused = run("compare", "magic", "--repeat", "1", "-b", "cpsat:1")
    assert refused.returncode == 2 and "settings line, or --allow-repeats" in refused.stderr


@pytest.mark.parametrize("order", [3, 4])
def test_a_generated_board_reads_back_as_the_same_puzzle(order: int) -> None:
    # The maker left the total unset where the reader sets it (1..n^2 shared by n rows): the
    # board it printed read back as another value, with a sum.
    from gridsat.api import generate, read

    made = generate("magic", order, seed=1)
    again = read("magic", str(made))
    assert again.data == made.puzzle.data and again.data.target == order * (order**2 + 1) // 2
