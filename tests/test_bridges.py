"""Bridges: counts against brute force, the checker against broken solutions, the two input
forms read and written back, errors that point into the game ID, and the rules that only the
model's connectivity (or its no-loops count) enforces."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from pathlib import Path

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat import cli
from gridsat.parsers import ParseError
from gridsat.parsers.bridges import format_solution, parse
from gridsat.pipeline import solve
from gridsat.puzzles.bridges import Bridges, check, numbers, random_layout
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("bridges")
CORPUS = [json.loads(line) for line in (DATA / "bridges" / "tatham.jsonl").read_text().splitlines()]
PLAIN = sorted((DATA / "bridges").glob("*.txt"))


def places(puzzle: Bridges) -> list[tuple[bool, list[tuple[int, int]]]]:
    """Where bridges could run, found here from the rules: two islands in one row or column with
    only water between; (horizontal, the water cells between)."""
    rows, found = puzzle.rows, []
    islands = [(r, c) for r, row in enumerate(rows) for c, n in enumerate(row) if n]
    for (r1, c1), (r2, c2) in itertools.combinations(islands, 2):
        if r1 == r2:
            between = [(r1, c) for c in range(c1 + 1, c2)]
        elif c1 == c2:
            between = [(r, c1) for r in range(r1 + 1, r2)]
        else:
            continue
        if between and not any(rows[r][c] for r, c in between):
            found.append((r1 == r2, between))
    return found


def brute_force(puzzle: Bridges) -> int:
    """How many boards the checker accepts, over every count 0..M on every place bridges could
    run (a bridge anywhere else would not end at two islands, and the checker says so); boards
    where two places would share a cell are not boards."""
    where = places(puzzle)
    found = 0
    for counts in itertools.product(range(puzzle.most + 1), repeat=len(where)):
        grid = [[0] * puzzle.width for _ in range(puzzle.height)]
        crossed = False
        for (horizontal, between), n in zip(where, counts, strict=True):
            for r, c in between:
                crossed = crossed or bool(n and grid[r][c])
                grid[r][c] = grid[r][c] or (n if horizontal else -n)
        solution = tuple(tuple(row) for row in grid)
        if not crossed and not check(puzzle, solution):
            found += 1
    return found


def small_boards() -> list[Bridges]:
    """Random 4x4 and 5x4 boards from random layouts, with 1, 2 or 3 bridges a pair, loops
    allowed or not: some with one solution, some with several, some with none."""
    rng = random.Random(7)
    found = []
    for k in range(12):
        most = 1 + k % 3
        solution, island = random_layout(4 + k % 2, 4, rng, most)
        rows = numbers(solution, island)
        if k % 4 == 3:  # a number changed: often no solution
            r, c = next((r, c) for r, row in enumerate(rows) for c, n in enumerate(row) if n)
            rows = tuple(
                tuple(n + 1 if (i, j) == (r, c) else n for j, n in enumerate(row))
                for i, row in enumerate(rows)
            )
        found.append(Bridges(rows, most, k % 2 == 1))
    found.append(parse("3.3\n...\n3.3"))  # two solutions
    found.append(parse("2.2\n...\n2.2", no_loops=True))  # only a loop would do: none
    return found


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(backend: str, encoding: str) -> None:
    seen = set()
    for puzzle in small_boards():
        expected = brute_force(puzzle)
        outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000)
        assert outcome.count_exact
        assert len(outcome.solutions) == expected, GENRE.format_puzzle(puzzle)
        assert all(check(puzzle, s) == [] for s in outcome.solutions)
        seen.add(min(expected, 2))
    assert seen == {0, 1, 2}  # the boards cover none, one and several solutions


def test_the_counts_without_pruning_are_the_same() -> None:
    for puzzle in small_boards():
        pruned = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=1000)
        full = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=1000, prune=False)
        assert sorted(pruned.solutions) == sorted(full.solutions)


# -- the checker rejects one broken rule at a time ----------------------------------------------

SOLVED = parse("2.3.1\n.....\n2.3.1")


def test_checker_accepts_the_solution_and_rejects_each_broken_rule() -> None:
    good = solve(GENRE, SOLVED, get_backend("sat:cadical195"), limit=2).solutions[0]
    assert check(SOLVED, good) == []
    assert good == ((0, 1, 0, 1, 0), (-1, 0, -1, 0, 0), (0, 1, 0, 1, 0))  # 2-3-1 / |.|.. / 2-3-1

    def broken(cell: tuple[int, int], value: int) -> list[str]:
        rows = [list(row) for row in good]
        rows[cell[0]][cell[1]] = value
        return check(SOLVED, tuple(tuple(row) for row in rows))

    # a bridge over an island
    assert broken((0, 2), 1) == ["a bridge passes over the island at r1c3"]
    # more than M bridges
    assert broken((1, 0), -3) == ["r2c1 has 3 bridges; at most 2 join a pair"]
    # a bridge that does not run straight on to an island
    assert "the bridge at r2c2 does not run on into r2c1" in broken((1, 1), 1)
    assert "the bridge at r2c5 runs off the board" in broken((1, 4), 1)
    # an island with the wrong number of bridges
    assert broken((1, 2), -2) == [
        "the island at r1c3 has 4 bridges, not 3",
        "the island at r3c3 has 4 bridges, not 3",
    ]
    # a given cell holding other bridges
    given = dataclasses.replace(SOLVED, fixed={(1, 2): -2})
    assert check(given, good) == ["r2c3 is given as a double vertical bridge"]
    # the islands in two groups: 2=3-1 twice, as the counts allow
    two = ((0, 2, 0, 1, 0), (0, 0, 0, 0, 0), (0, 2, 0, 1, 0))
    assert check(SOLVED, two) == ["the islands form 2 groups, not one"]
    # a loop where loops are not allowed
    ring = parse("2.2\n...\n2.2")
    loop = ((0, 1, 0), (-1, 0, -1), (0, 1, 0))
    assert check(ring, loop) == []
    assert check(dataclasses.replace(ring, no_loops=True), loop) == [
        "the bridges close a loop, and loops are not allowed"
    ]
    # a board of the wrong shape
    assert check(SOLVED, good[:2]) == ["the solution is not a 5x3 board"]


# -- connectivity and no loops: rules the island counts alone do not enforce --------------------


def test_connectivity_bites_where_the_counts_allow_two_groups() -> None:
    """Without its connectivity rule the model finds two solutions, one of them in two groups;
    with it, on every backend and encoding, only the connected one."""
    built = GENRE.build(SOLVED, "cuts")
    built.model.connected.clear()  # the counts and crossings alone
    with get_backend("sat:cadical195").open(built.model) as session:
        found = [built.decode(r.assignment) for r in session.enumerate(10) if r.assignment]
    assert len(found) == 2
    assert sorted(check(SOLVED, s) for s in found) == [
        [],
        ["the islands form 2 groups, not one"],
    ]
    for backend in BACKENDS:
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, SOLVED, get_backend(backend), encoding, limit=10)
            assert outcome.status == "unique"
            assert check(SOLVED, outcome.solutions[0]) == []


def test_four_ones_in_a_square_have_no_solution_even_unpruned() -> None:
    puzzle = parse((DATA / "bridges" / "unsolvable.txt").read_text())
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("cpsat"), encoding, limit=2, prune=prune)
            assert outcome.status == "unsolvable"


def test_no_loops_and_the_maximum_change_the_answer() -> None:
    ring = "2.2\n...\n2.2"
    sat = get_backend("sat:cadical195")
    assert solve(GENRE, parse(ring), sat, limit=2).status == "unique"
    assert solve(GENRE, parse(ring, no_loops=True), sat, limit=2).status == "unsolvable"
    assert solve(GENRE, parse("no loops\n" + ring), sat, limit=2).status == "unsolvable"
    loops = parse((DATA / "bridges" / "noloops.txt").read_text())
    assert solve(GENRE, loops, sat, limit=3).status == "unique"
    assert solve(GENRE, dataclasses.replace(loops, no_loops=False), sat, limit=3).status == (
        "multiple"
    )
    pair = "3.3"
    assert solve(GENRE, parse(pair), sat, limit=2).status == "unsolvable"
    assert solve(GENRE, parse(pair, max_bridges=3), sat, limit=2).status == "unique"
    assert parse("7x7m3:2a3a5a4a2a1i4b1a2j3d43a2d").most == 3
    assert parse("7x7m3L:2a3a5a4a2a1i4b1a2j3d43a2d").no_loops


def test_given_cells_are_kept() -> None:
    puzzle = parse("3.3\n...\n3.3")  # two solutions: either pair of sides doubled
    for text, top in (("3=3\n...\n3.3", 2), ("3-3\n...\n3.3", 1), ("3x3\n...\n3.3", None)):
        given = parse(text)
        assert given.fixed and given.rows == puzzle.rows
        outcome = solve(GENRE, given, get_backend("sat:cadical195"), limit=2)
        if top is None:  # a cell given empty: no solution leaves the top side empty
            assert outcome.status == "unsolvable"
        else:
            assert outcome.status == "unique"
            assert outcome.solutions[0][0][1] == top
        assert parse(GENRE.format_puzzle(given)) == given
    with pytest.raises(ParseError, match="r1c2 is given 2 bridges, but at most 1 join a pair"):
        parse("2=2", max_bridges=1)


# -- reading and writing ----------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=lambda r: r["id"][:20])
def test_corpus_ids_round_trip_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle
    plain = dataclasses.replace(puzzle, game_id=False)
    assert "\n" in GENRE.format_puzzle(plain)
    assert parse(GENRE.format_puzzle(plain)) == puzzle


@pytest.mark.parametrize("path", PLAIN, ids=lambda p: p.name)
def test_plain_examples_round_trip(path: Path) -> None:
    puzzle = parse(path.read_text())
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle


def test_full_parameters_and_a_prefix_are_read() -> None:
    short = parse(str(CORPUS[0]["id"]))
    desc = str(CORPUS[0]["id"]).partition(":")[2]
    assert parse(f"7x7i30e10m2d0:{desc}") == short
    assert parse(f"bridges:7x7m2:{desc}") == short
    assert parse(f"  7:{desc}\n") == short  # 7 is 7x7, and two bridges are the default


def test_the_tatham_move_joins_the_corpus_links_in_the_collection_order() -> None:
    row = CORPUS[0]
    puzzle = parse(str(row["id"]))
    solution = solve(GENRE, puzzle, get_backend("sat:cadical195")).solutions[0]
    links_ = row["solution"]["links"]  # type: ignore[index]
    expected = "S" + "".join(f";L{a},{b},{c},{d},{n}" for a, b, c, d, n in links_)
    assert format_solution(puzzle, solution, "tatham") == expected
    assert format_solution(puzzle, solution, "grid").split("\n") == row["solution"]["text"]  # type: ignore[index]


def test_three_and_four_bridges_are_drawn_apart_but_written_as_the_collection_does() -> None:
    puzzle = parse("max 4\n4.4")
    solution = solve(GENRE, puzzle, get_backend("sat:cadical195")).solutions[0]
    assert format_solution(puzzle, solution, "grid") == "max 4\n4≣4"  # (its rule: reads back)
    assert GENRE.to_json(puzzle, solution) == {"links": [[0, 0, 2, 0, 4]], "text": ["4=4"]}
    big = parse("max 4\nG.G")  # 16 is written G, and ':' + 6 by the collection's drawing
    assert GENRE.format_puzzle(big) == "max 4\nG.G"


BAD_IDS = [
    ("7x7m2:2a3a5a4a2a1i4b1a2j3d43a2", "too few cells", "at the end of the game ID"),
    ("7x7m2:2a3a5a4a2a1i4b1a2j3d43a2dd", "too many cells", "column 32"),
    ("7x7m2:2a3a5a4a2a1i4b1a2j3d43a2d5", "too many cells", "column 32"),
    ("7x7m2:2a3a5a4a2a1i4b1a2j3d4!a2d", "unexpected '!'", "column 28"),
    ("7x7m2:2a3a5a4a2a1i4b1a2j3d4Ha2d", "unexpected 'H'", "column 28"),
    ("7x7m5:2a3a5a4a2a1i4b1a2j3d43a2d", "m5 at column 4", "1..4"),
    ("7x7m0:2a3a5a4a2a1i4b1a2j3d43a2d", "m0 at column 4", "1..4"),
    ("7y7m2:2a3a5a4a2a1i4b1a2j3d43a2d", "bad parameters", "column 2"),
    ("0x7m2:", "bad size 0x7", "column 1"),
    ("7x7m2:zw", "no islands", ""),
    ("7x7m2", "no ':'", "params:desc"),
]


@pytest.mark.parametrize(("text", "what", "where"), BAD_IDS, ids=[b[1] for b in BAD_IDS])
def test_bad_ids_name_where_they_went_wrong(text: str, what: str, where: str) -> None:
    said, run = refused("bridges", text, parse)
    assert what in said and where in said, said
    assert run.returncode == cli.EXIT_USAGE and run.stdout == "" and what in run.stderr


BAD_LAYOUTS = [
    ("2.2\n..\n2.2", "row 2 has 2 cells but row 1 has 3"),
    ("2.2\n...\n2.Z", "unexpected 'Z' at row 3, column 3"),
    ("max 2\n2.2\n.?.\n2.2", "unexpected '?' at row 3, column 2"),
    ("max 7\n2.2", "at most 1..4 bridges"),
    ("...\n...", "no islands"),
    ("2≡2", "r1c2 is given 3 bridges, but at most 2"),
    ("", "empty"),
]


@pytest.mark.parametrize(("text", "what"), BAD_LAYOUTS, ids=[b[1][:20] for b in BAD_LAYOUTS])
def test_bad_layouts_name_the_row_and_column(text: str, what: str) -> None:
    with pytest.raises(ParseError, match=None) as error:
        parse(text)
    assert what in str(error.value), str(error.value)


def test_bad_maximum_option(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["solve", "bridges", str(CORPUS[0]["id"]), "--max-bridges", "9"])
    out, err = capsys.readouterr()
    assert code == cli.EXIT_USAGE and out == ""
    assert "--max-bridges 9" in err and err.count("\n") == 1


def test_generated_boards_are_solved_and_checked() -> None:
    rng = random.Random(11)
    for size in ((7, 7), (10, 8)):
        puzzle, solution, keep = GENRE.make(size, rng, None)  # type: ignore[misc]
        assert check(puzzle, solution) == [] and keep == []
        outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=2)
        assert outcome.status == "unique" and outcome.solutions[0] == solution


@pytest.mark.parametrize("name", ["max3.txt", "noloops.txt"])
def test_the_drawing_reads_back_under_its_rules(name: str) -> None:
    # A board of three bridges a pair printed no 'max 3' line: read back, "r1c2 is given 3
    # bridges, but at most 2 join a pair".
    puzzle = parse((DATA / "bridges" / name).read_text())
    solution = solve(GENRE, puzzle, get_backend("sat:cadical195")).solutions[0]
    again = parse(format_solution(puzzle, solution, "grid"))
    assert (again.most, again.no_loops, again.rows) == (puzzle.most, puzzle.no_loops, puzzle.rows)
    assert solve(GENRE, again, get_backend("sat:cadical195"), limit=2).solutions == [solution]
