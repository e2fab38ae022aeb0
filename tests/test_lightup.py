"""Light Up: the checker against broken solutions, solution counts against brute force on small
boards (every backend and encoding), both input forms round-trip, the solve move, and game IDs
whose errors name the column where they went wrong."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat.contract import GenerateError
from gridsat.generator import size_of
from gridsat.models.lightup import build
from gridsat.parsers import ParseError
from gridsat.parsers.lightup import format_id, format_plain, parse
from gridsat.pipeline import solve
from gridsat.puzzles.lightup import GIVENS, LightUp, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("lightup")
CORPUS = [json.loads(line) for line in (DATA / "lightup" / "tatham.jsonl").read_text().splitlines()]
PLAIN = sorted(p for p in (DATA / "lightup").glob("*.txt"))
FIRST = CORPUS[0]  # 7x7:dBf0bB2q12b1f1d


# -- brute force: every subset of the white cells, the rules written again with bit masks ------


def brute_count(rows: list[str]) -> int:
    """How many sets of lights obey the rules: each white cell's light sees (bit mask) its row
    and column up to black cells; a set is a solution when no light sees another, all white
    cells are seen, and every clue has its count of lights next to it."""
    h, w = len(rows), len(rows[0])
    whites = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == "."]
    bit = {cell: 1 << k for k, cell in enumerate(whites)}
    sees = []
    for r, c in whites:
        mask = bit[(r, c)]
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            rr, cc = r + dr, c + dc
            while 0 <= rr < h and 0 <= cc < w and rows[rr][cc] == ".":
                mask |= bit[(rr, cc)]
                rr, cc = rr + dr, cc + dc
        sees.append(mask)
    clues = []
    for r in range(h):
        for c in range(w):
            if rows[r][c] in "01234":
                near = [(r + dr, c + dc) for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))]
                mask = sum(bit.get(cell, 0) for cell in near)
                clues.append((mask, int(rows[r][c])))
    everything = (1 << len(whites)) - 1
    count = 0
    for chosen in range(1 << len(whites)):
        lit = 0
        ok = True
        for k in range(len(whites)):
            if chosen >> k & 1:
                if sees[k] & chosen != 1 << k:
                    ok = False
                    break
                lit |= sees[k]
        if ok and lit == everything and all(bin(chosen & m).count("1") == n for m, n in clues):
            count += 1
    return count


SMALL = {
    "3x3-ring": ["...", ".#.", "..."],
    "4x4-open": ["....", "....", "....", "...."],
    "4x4-clues": ["..1.", ".#..", "..2.", "0..."],
    "4x4-blacks": ["#...", "..#.", ".1..", "...#"],
}
FIVE = [".#...", "...2.", "..#..", ".1...", "...#."]
"""A 5x5 board: 2^20 subsets, a second or two of brute force."""


@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("prune", [True, False], ids=["prune", "no-prune"])
def test_counts_match_brute_force(name: str, backend: str, encoding: str, prune: bool) -> None:
    rows = SMALL[name]
    puzzle = parse("\n".join(rows))
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000, prune=prune)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(rows)
    for solution in outcome.solutions:
        assert check(puzzle, solution) == []


def test_5x5_counts_as_brute_force() -> None:
    want = brute_count(FIVE)
    puzzle = parse("\n".join(FIVE))
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=1000)
        assert outcome.count_exact and len(outcome.solutions) == want


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_5x5_counts_on_every_backend(backend: str, encoding: str) -> None:
    want = brute_count(FIVE)
    puzzle = parse("\n".join(FIVE))
    for prune in (True, False):
        outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000, prune=prune)
        assert outcome.count_exact and len(outcome.solutions) == want


def test_brute_force_counts_are_not_trivial() -> None:
    """The boards above have several solutions each, so the counts test the models."""
    assert brute_count(SMALL["3x3-ring"]) == 7
    assert all(brute_count(rows) > 1 for rows in SMALL.values())


def test_random_boards_count_as_brute_force() -> None:
    """Small random boards with random clues (many of them with no solution)."""
    rng = random.Random(5)
    for _ in range(25):
        rows = ["".join(rng.choice("......#01234") for _ in range(4)) for _ in range(3)]
        puzzle = parse("\n".join(rows))
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(rows), rows


# -- the checker -----------------------------------------------------------------------------


def changed(board: tuple[str, ...], r: int, c: int, ch: str) -> tuple[str, ...]:
    rows = list(board)
    rows[r] = rows[r][:c] + ch + rows[r][c + 1 :]
    return tuple(rows)


def test_the_corpus_solutions_pass_the_checker() -> None:
    for row in CORPUS:
        assert check(parse(row["id"]), tuple(row["solution"])) == []


def test_the_checker_rejects_one_broken_cell_per_rule() -> None:
    puzzle = parse(FIRST["id"])  # 7x7:dBf0bB2q12b1f1d
    good = tuple(FIRST["solution"])
    # L...#L. / .L..#.. / ##L.... / ......L / ....L## / .L#...L / L.#L...
    cases = {
        "a light on a black cell": (changed(good, 0, 4, "L"), "r1c5 is black"),
        "a black cell shown white": (changed(good, 0, 4, "."), "r1c5 is black"),
        "a white cell shown black": (changed(good, 0, 1, "#"), "r1c2 is white"),
        "two lights see each other": (changed(good, 0, 2, "L"), "see each other"),
        "a cell left dark": (changed(good, 3, 6, "."), "is not lit"),
        "a clue with a light too many": (changed(good, 6, 1, "L"), "r7c3 shows 1"),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert problems, what
        assert any(words in p for p in problems), (what, problems)


def test_a_clue_short_of_lights_is_named() -> None:
    puzzle = parse(FIRST["id"])
    problems = check(puzzle, changed(tuple(FIRST["solution"]), 1, 1, "."))
    assert "r3c2 shows 2, but has 1 lights next to it" in problems


def test_the_checker_keeps_the_given_marks() -> None:
    puzzle = parse("...\n.#.\n..L")
    assert check(puzzle, ("L..", ".#L", ".L.")) == ["r3c3 is given a light"]
    dark = parse("+..\n.#.\n...")
    assert check(dark, ("L..", ".#L", ".L.")) == ["r1c1 is given no light"]


def test_a_board_of_the_wrong_shape_is_refused() -> None:
    puzzle = parse(FIRST["id"])
    assert check(puzzle, tuple(FIRST["solution"][:-1])) == ["the solution is not a 7x7 board"]


# -- reading and writing ---------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=[r["id"][:24] for r in CORPUS])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle
    assert parse(format_plain(puzzle)) == puzzle


@pytest.mark.parametrize("path", PLAIN, ids=lambda p: p.name)
def test_plain_examples_round_trip(path: object) -> None:
    puzzle = parse(path.read_text())  # type: ignore[attr-defined]
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle
    assert parse(format_id(puzzle)) == puzzle


def test_the_plain_forms_read_alike() -> None:
    puzzle = parse("7x7:b2h0cBBa1aBgBaBa1Bc3h1b")
    spaced = (DATA / "lightup" / "spaced.txt").read_text()
    assert parse(spaced) == puzzle
    assert parse("7x7\n" + format_plain(puzzle)) == puzzle
    assert parse(format_plain(puzzle).replace("#", "X")) == puzzle
    assert parse(",".join(format_plain(puzzle)).replace(",\n,", "\n")) == puzzle
    assert parse("lightup:" + format_id(puzzle)) == puzzle
    assert parse("7x7b20s4d0:" + format_id(puzzle).split(":")[1]) == puzzle


def test_a_row_that_looks_like_a_size_is_a_row() -> None:
    assert parse("1x1\n2.3\n...").rows == ("1#1", "2.3", "...")


def test_marks_read_and_print_in_the_plain_form() -> None:
    puzzle = parse("L..\n.#.\n..+")
    assert puzzle.marks == {(0, 0): True, (2, 2): False}
    assert GENRE.format_puzzle(puzzle) == "L..\n.#.\n..+"


def test_the_grid_shows_clues_and_lights_and_reads_back() -> None:
    puzzle = parse(FIRST["id"])
    solution = tuple(FIRST["solution"])
    grid = GENRE.format_solution(puzzle, solution, "grid")
    assert grid.splitlines()[1] == ".L..0.."
    back = parse(grid)  # every light a given light
    assert check(back, solution) == []


def test_the_solve_move_lights_the_solution() -> None:
    """Tatham's solve move from a fresh board: ``S``, then ``;Lx,y`` column by column."""
    for row in CORPUS:
        puzzle = parse(row["id"])
        move = GENRE.format_solution(puzzle, tuple(row["solution"]), "tatham")
        assert move.startswith("S;L")
        places = [tuple(map(int, m[1:].split(","))) for m in move.split(";")[1:]]
        assert places == sorted(places)  # x (the column) first, as the collection writes it
        lights = {(x, y) for y, line in enumerate(row["solution"]) for x, ch in enumerate(line)
                  if ch == "L"}  # fmt: skip
        assert set(places) == lights
    puzzle = parse(FIRST["id"])
    move = GENRE.format_solution(puzzle, tuple(FIRST["solution"]), "tatham")
    assert move == "S;L0,0;L0,6;L1,1;L1,5;L2,2;L3,6;L4,4;L5,0;L6,3;L6,5"


def test_json_is_the_corpus_form() -> None:
    puzzle = parse(FIRST["id"])
    outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=2)
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == FIRST["solution"]


# -- errors: one line, exit 2, naming where -------------------------------------------------

BAD_IDS = {
    "7y7:dBf0bB2q12b1f1d": "bad size '7y7' at column 1",
    "0x7:": "bad size '0x7' at column 1",
    "7x7:dBf0bQ2q12b1f1d": "unexpected 'Q' at column 10",
    "7x7:dBf0bB2q12b1f1dd": "too many cells in the description: 'd' at column 20",
    "7x7:dBf0bB2q12b1f1": "too few cells in the description: 45 of 49",
    "7x7:dBf0bB2q12b1f1d0": "too many cells in the description: '0' at column 20",
    "7x7:dBf0bB7q12b1f1d": "clue 7 at column 11",
    "7x7:dBf0bB2q12b1f1d,x": "unexpected ',' at column 20",
    "999999x999999:a": "limit",
    "501x500:a": "size 501x500 at column 1 of the game ID is over the limit of 250000 cells",
}


@pytest.mark.parametrize("text", sorted(BAD_IDS))
def test_a_bad_id_names_where(text: str) -> None:
    _, run = refused("lightup", text, parse, BAD_IDS[text].replace("(", r"\("))
    assert "Traceback" not in run.stderr


BAD_PLAIN = {
    "..\n.": "line 2: 1 cell, but the first row has 2",
    "..\n.q": "line 2, column 2: 'q' is not a cell",
    "..\n.5": "line 2, column 2: clue 5",
    ". .\n.. .": "line 2, column 1: '..' is not one cell",
    "3x3\n..\n..": "line 1 declares 3x3, but the board below it is 2x2",
    "   \n\n": "empty input",
    "7x7": "no ':' in '7x7'",
}


@pytest.mark.parametrize("text", sorted(BAD_PLAIN))
def test_a_bad_layout_names_where(text: str) -> None:
    with pytest.raises(ParseError, match=BAD_PLAIN[text]):
        parse(text)


# -- the model and the maker -----------------------------------------------------------------


def test_pruning_settles_the_easy_boards() -> None:
    """Tatham's easy boards need no search: the pruning alone places every light."""
    for row in CORPUS[:5]:
        built = build(parse(row["id"]), "segments")
        assert built.model.answer == []


def test_a_contradiction_found_by_pruning_is_no_solution() -> None:
    puzzle = parse((DATA / "lightup" / "unsolvable.txt").read_text())
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("cpsat"), encoding, prune=prune)
            assert outcome.status == "unsolvable"


def test_made_boards_are_unique_and_need_no_marks() -> None:
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: LightUp, n: int) -> list[object]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    for seed in range(4):
        puzzle, solution, keep = make((9, 8), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (9, 8) and not puzzle.marks and keep == []
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        assert all(isinstance(v, int) for _, v in GIVENS.of(puzzle))


def test_givens_are_clues_and_marks() -> None:
    puzzle = parse("L1.\n.#.\n..+")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), True), ((0, 1), 1), ((2, 2), False)]
    bare = GIVENS.keep(puzzle, [])
    assert bare.rows == (".#.", ".#.", "...") and not bare.marks
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert [GIVENS.describe(puzzle, g) for g in shown] == [
        "a light at r1c1",
        "the clue 1 at r1c2",
        "no light at r3c3",
    ]


@pytest.mark.parametrize("cells", list(product(".#1", repeat=4))[:20])
def test_two_by_two_boards_never_crash(cells: tuple[str, ...]) -> None:
    rows = ["".join(cells[:2]), "".join(cells[2:])]
    puzzle = parse("\n".join(rows))
    outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=100)
    assert len(outcome.solutions) == brute_count(rows)


def test_long_runs_of_white_cells_are_written_as_the_collection_does() -> None:
    """Runs over 26 cells chain ``z``s (26 each), as Tatham's writer does."""
    puzzle = parse("." * 60 + "\n" + "." * 59 + "1")
    assert format_id(puzzle) == "60x2:zzzzo1"  # 119 white cells, across the rows
    assert parse(format_id(puzzle)) == puzzle


def test_generate_takes_larger_light_up_boards() -> None:
    """Light Up boards stay quick to prove unique, so its generator goes to 100x100."""
    assert size_of(GENRE, "60x60") == (60, 60)
    with pytest.raises(GenerateError, match="limit of 10000 cells"):
        size_of(GENRE, "101x100")
    with pytest.raises(GenerateError, match="limit of 2500 cells"):
        size_of(get_genre("signpost"), "60x60")
