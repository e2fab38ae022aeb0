"""Fillomino: the checker against broken solutions, solution counts against brute force on small
boards (both encodings, pruned or not), Tatham's corpus solved as he solved it, every input form
round-trips, and bad input names where it went wrong."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from conftest import DATA, refused
from gridsat.models.fillomino import _listed, _settle, shapes
from gridsat.models.regions import grid_neighbours, neighbour_masks, polyomino_masks, polyominoes
from gridsat.parsers import ParseError
from gridsat.parsers.fillomino import format_id, format_plain, format_url, parse, parse_url
from gridsat.parsers.puzzlink import split
from gridsat.pipeline import solve
from gridsat.puzzles.fillomino import Fillomino, check, make, regions
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("fillomino")
CORPUS = [json.loads(s) for s in (DATA / "fillomino" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 5x5:b4c3a32f5d4542
SAT = get_backend("sat:cadical195")


@cache
def fillings(w: int, h: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every split of a small board into groups of cells (each cell joins a group before it or
    starts one), written as each cell's group size: the boards the rules may accept."""
    found = []
    cells = w * h
    group = [0] * cells

    def place(i: int, groups: int) -> None:
        if i == cells:
            sizes = [group.count(g) for g in range(groups)]
            found.append(tuple(tuple(sizes[group[r * w + c]] for c in range(w)) for r in range(h)))
            return
        for g in range(groups + 1):
            group[i] = g
            place(i + 1, max(groups, g + 1))

    place(0, 0)
    return found


@cache
def brute_count(puzzle: Fillomino) -> int:
    return len({s for s in fillings(puzzle.width, puzzle.height) if not check(puzzle, s)})


SMALL = {
    "2x2-empty": ". .\n. .",
    "3x3-one": ". . .\n. 3 .\n. . .",
    "3x2-two": "2 . .\n. . 3",
}


def test_counts_match_brute_force_on_a_board() -> None:
    puzzle = parse(SMALL["3x2-two"])
    assert parse_url(split("fillomino/2/2/1h100")).rows == ((1, None), (None, 1))
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, SAT, encoding, limit=1000)
        assert len(outcome.solutions) == brute_count(puzzle) > 2
        assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("prune", [True, False], ids=["prune", "no-prune"])
def test_counts_match_brute_force(name: str, encoding: str, prune: bool) -> None:
    puzzle = parse(SMALL[name])
    outcome = solve(GENRE, puzzle, SAT, encoding, limit=1000, prune=prune)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(puzzle)


@pytest.mark.slow
def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(10):
        rows = [[rng.choice([None, None, 1, 2, 3, 4]) for _ in range(3)] for _ in range(2)]
        puzzle = Fillomino(tuple(tuple(row) for row in rows))
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, puzzle, SAT, encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(puzzle), (rows, encoding)


def test_the_corpus_is_solved_as_tatham_solved_it() -> None:
    for row in CORPUS[:10:4]:
        puzzle = parse(row["id"])
        outcome = solve(GENRE, puzzle, SAT, limit=2)
        assert outcome.status == "unique"
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]
        assert check(puzzle, outcome.solutions[0]) == []


@pytest.mark.slow
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(encoding: str) -> None:
    for row in CORPUS if encoding == "shapes" else CORPUS[:15]:
        puzzle = parse(row["id"])
        assert check(puzzle, tuple(tuple(r) for r in row["solution"])) == []
        outcome = solve(GENRE, puzzle, SAT, encoding, limit=2)
        assert outcome.status == "unique", row["id"]
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = [list(row) for row in FIRST["solution"]]  # 4 4 4 4 2 / 1 3 3 3 2 / ...
    assert check(puzzle, tuple(tuple(r) for r in good)) == []
    broken = [row[:] for row in good]
    broken[1][0] = 4  # the 1 joins the 4s above it: five 4s
    assert "the 4s at r1c1 make a region of 9 cells" in check(
        puzzle, tuple(tuple(r) for r in broken)
    )
    given = [row[:] for row in good]
    given[0][2] = 3  # r1c3 is given 4
    assert "r1c3 is given 4" in check(puzzle, tuple(tuple(r) for r in given))
    ten = [row[:] for row in good]
    ten[0][0] = 10
    assert "r1c1 holds 10, not 1..9" in check(puzzle, tuple(tuple(r) for r in ten))
    assert check(puzzle, ((1,),)) == ["the solution is not a 5x5 board"]


@pytest.mark.parametrize("row", CORPUS[::4], ids=[r["id"][:24] for r in CORPUS[::4]])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(format_plain(puzzle)) == puzzle
    assert parse_url(split(format_url(puzzle))) == puzzle


def test_the_forms_read_alike() -> None:
    puzzle = parse(FIRST["id"])
    assert parse("filling:" + FIRST["id"]) == puzzle
    assert parse(format_plain(puzzle).replace(" ", "")) == puzzle
    plain = parse((DATA / "fillomino" / "plain.txt").read_text())
    assert parse(format_id(plain)) == plain
    big = parse("12 .\n. .")
    assert big.most == 12 and GENRE.format_puzzle(big) == "12  .\n .  ."
    with pytest.raises(ValueError, match="1 to 9 only"):
        format_id(big)


def test_pzprjs_own_url_reads_and_solves() -> None:
    """pzprjs's test URL for fillomino (test/script/fillomino.js)."""
    url = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"
    puzzle = GENRE.read(url)
    assert puzzle.rows[0] == (None, None, 4, None, None, None)
    assert format_url(puzzle) == url
    outcome = solve(GENRE, puzzle, SAT, limit=2)
    assert outcome.status == "unique" and check(puzzle, outcome.solutions[0]) == []
    with pytest.raises(ParseError, match="given walls"):
        parse_url(split("fillomino/2/2/1h1g0"))
    with pytest.raises(ParseError, match="flag 't'"):
        GENRE.read("https://puzz.link/p?fillomino/t/2/2/1h1")


BAD = {
    "5y5:b4": "bad size '5y5' at column 1",
    "2x2:1a0a": "number 0 at column 7",
    "2x2:1a": "too few cells in the description: 2 of 4",
    "2x2:1c1": "too many cells",
    "2x2:1c!": "unexpected '!' at column 7",
    "1 .\n.": "line 2: 1 cell, but the first row has 2",
    "1 x": "line 1, column 3: 'x' is not a cell",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("fillomino", text, parse, BAD[text])


def test_made_puzzles_keep_a_number_in_every_region() -> None:
    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), None)
        assert check(puzzle, solution) == []
        kept = GENRE.givens.keep(puzzle, keep)
        assert all(any(kept.rows[r][c] for r, c in g) for g in regions(solution))


def test_grown_polyominoes_are_the_listed_ones() -> None:
    """Grown as ints, with clues that may not be left beside a set, the polyominoes are those
    listed as sets and kept by the same rule."""
    w, h = 5, 4
    lists = grid_neighbours(w, h)
    near = neighbour_masks(lists)
    closed = {3, 9, 16}
    for start in (0, 7, 12):
        for k in range(1, 6):
            allowed = sum(1 << n for n in range(w * h) if n != 9)
            grown = {frozenset(cells) for _, cells in polyomino_masks(start, k, near, allowed)}
            listed = set(polyominoes(start, k, lists, lambda n: n != 9))
            assert grown == listed
            masks = polyomino_masks(start, k, near, allowed, sum(1 << n for n in closed))
            kept = {s for s in listed if not any(m in closed - s for n in s for m in lists[n])}
            assert {frozenset(cells) for _, cells in masks} == kept
            assert all(mask == sum(1 << n for n in cells) for mask, cells in masks)


def test_the_pruned_regions_are_those_settled_from_all() -> None:
    """The regions grown from the givens first, and the rest only where no given's region is
    sure, are exactly those the settling leaves of every region listed."""
    for row in CORPUS[:10:3]:
        puzzle = parse(row["id"])
        w, h = puzzle.width, puzzle.height
        lists = grid_neighbours(w, h)
        given = {r * w + c: v for (r, c), v in puzzle.givens().items()}
        every = [
            f
            for f in _listed(puzzle, prune=False)
            if not any(given.get(m) == f[2] and m not in f[1] for n in f[1] for m in lists[n])
        ]
        settled = {(frozenset(cells), k) for _, cells, k in _settle(every, neighbour_masks(lists))}
        assert set(shapes(puzzle)) == settled


@pytest.mark.slow
def test_a_large_board_is_split_into_regions() -> None:
    """Past the boards drawn whole, the last drawn is mended into a split the rules accept."""
    from gridsat.puzzles.fillomino import random_regions

    grid = random_regions(34, 26, random.Random(0), 9)
    assert check(Fillomino(tuple((None,) * 34 for _ in range(26))), tuple(map(tuple, grid))) == []


@pytest.mark.slow
def test_every_bundled_board_is_solved_and_unique() -> None:
    for line in (DATA / "fillomino" / "boards.jsonl").read_text().splitlines():
        puzzle = GENRE.read(json.loads(line)["id"])
        outcome = solve(GENRE, puzzle, SAT, limit=2)
        assert outcome.status == "unique"
        assert check(puzzle, outcome.solutions[0]) == []
