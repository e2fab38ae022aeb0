"""Heyawake: counts against brute force on small boards, the checker against broken solutions,
pzprjs's own board solved to its answer, maps and puzz.link URLs read and written back, errors
that name where, the maker, and every bundled board solved uniquely."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache

import pytest

from conftest import DATA, board_runs
from gridsat import cli
from gridsat.models.heyawake import add_no_run_across_two_borders
from gridsat.models.model import Model
from gridsat.parsers import ParseError
from gridsat.parsers.heyawake import format_puzzle, format_url, from_json, parse
from gridsat.pipeline import solve
from gridsat.puzzles.heyawake import GIVENS, Heyawake, check, make
from gridsat.puzzles.rooms import numbered, rectangles
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("heyawake")
CADICAL = get_backend("sat:cadical195")
PZPRJS = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
"""pzprjs's test board (test/script/heyawake.js), and below the answer its test accepts."""
PZPRJS_ANSWER = ("#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "..#...")
BOARDS = [
    json.loads(line) for line in (DATA / "heyawake" / "boards.jsonl").read_text().splitlines()
]


def board(*rows: str) -> tuple[str, ...]:
    """A solution from rows of ``#`` and ``.``."""
    return from_json(None, list(rows))  # type: ignore[arg-type]


@cache
def brute_count(puzzle: Heyawake) -> int:
    """How many shadings obey the rules, each subset of the cells tried, each rule written out
    here again: room numbers, no two shaded side by side, the unshaded cells one group, and no
    run of unshaded cells in a line through three rooms."""
    h, w = puzzle.height, puzzle.width
    rooms = puzzle.rows
    count = 0
    for mask in range(1 << (w * h)):
        dark = [[bool(mask >> (r * w + c) & 1) for c in range(w)] for r in range(h)]
        if any(
            n is not None and sum(dark[r][c] for r in range(h) for c in range(w)
                                  if rooms[r][c] == k) != n
            for k, n in enumerate(puzzle.numbers)
        ):  # fmt: skip
            continue
        if any(dark[r][c] and dark[r][c + 1] for r in range(h) for c in range(w - 1)):
            continue
        if any(dark[r][c] and dark[r + 1][c] for r in range(h - 1) for c in range(w)):
            continue
        lines = [[(r, c) for c in range(w)] for r in range(h)]
        lines += [[(r, c) for r in range(h)] for c in range(w)]
        long = False
        for line in lines:
            for i in range(len(line)):
                for j in range(i + 1, len(line)):
                    if any(dark[r][c] for r, c in line[i : j + 1]):
                        break
                    changes = sum(
                        rooms[a][b] != rooms[y][x]
                        for (a, b), (y, x) in zip(line[i:j], line[i + 1 : j + 1], strict=True)
                    )
                    long = long or changes >= 2
        if long:
            continue
        white = [(r, c) for r in range(h) for c in range(w) if not dark[r][c]]
        if not white:
            continue
        seen_cells, todo = {white[0]}, [white[0]]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in white and near not in seen_cells:
                    seen_cells.add(near)
                    todo.append(near)
        count += len(seen_cells) == len(white)
    return count


SMALL = {
    "3x3-stripes": "ABC\nABC\nABC",
    "4x3-numbered": "AABB\nCDDB\nCDDE\n\nA=1, D=1",
    "3x4-rooms": "ABC\nDDC\nDEE\nFFF\n\nF=1",
}


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    lambda name, backend, encoding: (
        name == "4x3-numbered" or (backend == "sat:cadical195" and encoding == "cuts")
    ),
    prunes=False,
)


@pytest.mark.parametrize(("name", "backend", "encoding"), RUNS)
def test_counts_match_brute_force(name: str, backend: str, encoding: str) -> None:
    puzzle = parse(SMALL[name])
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(puzzle)
    for solution in outcome.solutions:
        assert check(puzzle, solution) == []


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert [brute_count(parse(SMALL[k])) for k in sorted(SMALL)] == [2, 3, 9]


def test_random_maps_count_as_brute_force() -> None:
    rng = random.Random(5)
    counts = []
    for _ in range(8):
        rooms = rectangles(3, 3, rng, (1, 2, 3))
        count = 1 + max(max(row) for row in rooms)
        numbers = tuple(rng.choice((None, 0, 1, 2)) for _ in range(count))
        puzzle = Heyawake(rooms, numbers)
        outcome = solve(GENRE, puzzle, CADICAL, limit=1000)
        counts.append(len(outcome.solutions))
        assert counts[-1] == brute_count(puzzle), (rooms, numbers)
    assert 0 in counts and any(n > 1 for n in counts)


def test_the_run_rule_is_a_clause_per_two_borders_in_a_line() -> None:
    model = Model()
    shaded = list(model.bool_vars(5))
    add_no_run_across_two_borders(model, shaded, ((0, 1, 1, 2, 3),))
    # borders after cells 0, 2 and 3: runs 0..3 and 2..4 must each hold a shaded cell
    assert [tuple(c) for c in model.clauses] == [tuple(shaded[0:4]), tuple(shaded[2:5])]


# -- pzprjs's board and the checker ---------------------------------------------------------------


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert puzzle == parse((DATA / "heyawake" / "plain.txt").read_text())
    assert puzzle.numbers == (2, 2, 2, 2, None, None, None, None)
    outcome = solve(GENRE, puzzle, CADICAL, limit=2)
    assert outcome.status == "unique"
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == list(PZPRJS_ANSWER)
    assert format_url(puzzle) == PZPRJS


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = GENRE.read(PZPRJS)
    good = board(*PZPRJS_ANSWER)
    assert check(puzzle, good) == []
    cases = {
        # pzprjs's own failing boards (test/script/heyawake.js), and a few more
        "side by side": (
            board("......", "......", "......", "......", ".#....", ".#...."),
            "the shaded cells r5c2 and r6c2 share an edge",
        ),
        "cut apart": (
            board("#.#...", "...#..", "#.#...", ".#....", "......", "......"),
            "the unshaded cells fall into 2 groups",
        ),
        "a room's number": (
            board("#.....", "...#..", "#.#.#.", ".#....", "......", "......"),
            "the room at r1c2 shows 2, but 1 of its cells is shaded",
        ),
        "a run through three rooms": (
            board("#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "......"),
            "the unshaded cells from r6c1 to r6c6 cross two room borders",
        ),
        "a stray cell": (("1001", "0"), "the solution is not a 6x6 board"),
    }
    for what, (answer, words) in cases.items():
        problems = check(puzzle, answer)
        assert any(words in p for p in problems), (what, problems)


# -- reading and writing ---------------------------------------------------------------------


def test_the_plain_forms_read_alike() -> None:
    puzzle = GENRE.read(PZPRJS)
    text = format_puzzle(puzzle)
    assert text.splitlines()[0] == "ABBCCD" and text.splitlines()[-1] == "D=2"
    assert parse(text) == puzzle
    spaced = "\n".join(" ".join(line) for line in text.splitlines()[:6])
    assert parse(spaced + "\n\nA 2\nB: 2; C=2, D = 2") == puzzle
    digits = text.replace("A", "1").replace("B", "2").replace("C", "3").replace("D", "4")
    assert parse(digits.replace("E", "5").replace("F", "6").replace("G", "7").replace("H", "8"))
    assert parse("# a title\n" + text + "  # the numbers") == puzzle


def test_maps_of_many_rooms_are_spaced_and_read_back() -> None:
    rooms = numbered([[r * 8 + c for c in range(8)] for r in range(8)])[0]
    puzzle = Heyawake(rooms, tuple(k % 2 if k % 3 else None for k in range(64)))
    text = format_puzzle(puzzle)
    assert text.splitlines()[0].split()[:3] == ["A1", "B1", "C1"]
    assert parse(text) == puzzle
    assert GENRE.read(format_url(puzzle)) == puzzle


@pytest.mark.parametrize("row", BOARDS[:3], ids=[r["params"] for r in BOARDS[:3]])
def test_bundled_urls_are_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = GENRE.read(str(row["id"]))
    assert format_url(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle


def test_the_grid_is_no_puzzle() -> None:
    puzzle = GENRE.read(PZPRJS)
    grid = GENRE.format_solution(puzzle, board(*PZPRJS_ANSWER), "grid")
    assert grid.splitlines() == list(PZPRJS_ANSWER)
    with pytest.raises(ParseError):
        parse(grid)


BAD_URLS = {
    "https://puzz.link/p?heyawake/2/2/88.": "number not told",
    "https://puzz.link/p?heyawake/2/2/88!": "unexpected '!'",
    "https://puzz.link/p?heyawake/2/2/88123456": "left over",
    "https://puzz.link/p?heyawake/x/2/2/880": "the flag 'x'",
}


@pytest.mark.parametrize("url", sorted(BAD_URLS))
def test_a_bad_url_says_what(url: str) -> None:
    with pytest.raises(ParseError, match=BAD_URLS[url]):
        GENRE.read(url)


def test_a_short_url_reads_as_pzprjs_reads_it() -> None:
    # (walls not written are no walls, rooms not numbered show none)
    assert GENRE.read("https://puzz.link/p?heyawake/2/2/0") == Heyawake(((0, 0), (0, 0)), (None,))


BAD_PLAIN = {
    "AB\nA": "line 2: 1 cell, but the first row has 2",
    "AB\nA!": "line 2, cell 2: '!' is not a room's name",
    "AB\nBA": "room B is in pieces: r2c1 is not joined to r1c2",
    "AB\nAB\n\nC=1": "line 4: room 'C' is not on the map",
    "AB\nAB\n\nA=x": "line 4: room A's number 'x' is not 0 or more",
    "AB\nAB\n\nA=1\nA=2": "line 5: room A has a number already",
    "AB\nAB\n\nAB": "line 4: 'AB' is not a room's number",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD_PLAIN))
def test_a_bad_layout_names_where(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ParseError, match=BAD_PLAIN[text]):
        parse(text)
    assert cli.main(["solve", "heyawake", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gridsat: error: ") and err.count("\n") == 1


# -- givens and the maker ------------------------------------------------------------------------


def test_givens_are_room_numbers() -> None:
    puzzle = GENRE.read(PZPRJS)
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), 2), ((0, 1), 2), ((0, 3), 2), ((0, 5), 2)]
    assert GIVENS.keep(puzzle, []).numbers == (None,) * 8
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert GIVENS.describe(puzzle, shown[0]) == "2 in the room at r1c1"
    assert GIVENS.at(puzzle, board(*PZPRJS_ANSWER), (4, 2)) == ((4, 0), 2)


def test_made_boards_are_unique_and_numbered_whole() -> None:
    def solutions(puzzle: Heyawake, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for seed in range(2):
        puzzle, solution, keep = make((7, 6), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (7, 6) and keep == []
        assert None not in puzzle.numbers
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]


def test_held_cells_are_kept_by_the_model_and_the_checker() -> None:
    puzzle = GENRE.read(PZPRJS)
    answer = board(*PZPRJS_ANSWER)
    shaded = next((r, c) for r, row in enumerate(answer) for c, v in enumerate(row) if v == "1")
    held = replace(puzzle, held=((shaded, False),))
    assert check(puzzle, answer) == [] and check(held, answer) != []
    assert solve(GENRE, held, CADICAL, limit=2).solutions == []
    assert solve(GENRE, replace(puzzle, held=((shaded, True),)), CADICAL, limit=2).solutions == [
        answer
    ]


@pytest.mark.slow
def test_planted_boards_are_unique_with_some_rooms_unnumbered() -> None:
    def solutions(puzzle: Heyawake, n: int, on: str = "") -> list[object]:
        return solve(GENRE, puzzle, get_backend(on) if on else CADICAL, limit=n).solutions

    puzzle, solution, keep = make((20, 14), random.Random(1), solutions)
    assert (puzzle.width, puzzle.height) == (20, 14) and puzzle.held == ()
    assert keep == GIVENS.of(puzzle)
    assert 0 < len(keep) < len(puzzle.numbers)
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]


@pytest.mark.slow
@pytest.mark.parametrize("row", BOARDS, ids=[r["params"] for r in BOARDS])
def test_every_bundled_board_has_its_one_solution(row: dict[str, object]) -> None:
    puzzle = GENRE.read(str(row["id"]))
    found = solve(GENRE, puzzle, CADICAL, limit=2).solutions
    assert len(found) == 1
    assert check(puzzle, found[0]) == []
    assert GENRE.to_json(puzzle, found[0]) == row["solution"]
