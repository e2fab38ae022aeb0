"""Undead: solution counts against brute force on small boards (every backend and encoding),
lines of sight through mirrors, the checker against broken solutions, game IDs and the printed
board read and written back, and errors that name where."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat.models.undead import allowed
from gridsat.parsers.undead import format_id, format_plain, parse
from gridsat.pipeline import solve
from gridsat.puzzles.undead import (
    GIVENS,
    Undead,
    _made_in_parts,
    check,
    make,
    sight,
    with_clues,
)
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("undead")
CORPUS = [json.loads(line) for line in (DATA / "undead" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 4x4:2,7,3,dRaLaRfL,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1,3


def brute_count(puzzle: Undead) -> int:
    """How many fillings obey the rules, the lines of sight traced again here: a mirror ``\\``
    swaps the direction's parts, ``/`` swaps and negates them; a vampire counts until the first
    mirror, a ghost after it, a zombie always."""
    h, w = puzzle.height, puzzle.width
    rooms = [(r, c) for r in range(h) for c in range(w) if puzzle.rows[r][c] not in "\\/"]
    starts = [((-1, c), (0, c), (1, 0)) for c in range(w)]
    starts += [((h, c), (h - 1, c), (-1, 0)) for c in range(w)]
    starts += [((r, -1), (r, 0), (0, 1)) for r in range(h)]
    starts += [((r, w), (r, w - 1), (0, -1)) for r in range(h)]
    count = 0
    for fill in product("GVZ", repeat=len(rooms)):
        board = {cell: m for cell, m in zip(rooms, fill, strict=True)}
        if any(puzzle.rows[r][c] in "GVZ" and board[(r, c)] != puzzle.rows[r][c]
               for r, c in rooms):  # fmt: skip
            continue
        if [fill.count(m) for m in "GVZ"] != [puzzle.ghosts, puzzle.vampires, puzzle.zombies]:
            continue
        ok = True
        for place, (r, c), (dr, dc) in starts:
            clue = puzzle.clue_at(place)
            if clue is None:
                continue
            seen, bounced = 0, False
            while 0 <= r < h and 0 <= c < w:
                ch = puzzle.rows[r][c]
                if ch == "\\":
                    dr, dc, bounced = dc, dr, True
                elif ch == "/":
                    dr, dc, bounced = -dc, -dr, True
                else:
                    m = board[(r, c)]
                    seen += m == "Z" or (m == "V" and not bounced) or (m == "G" and bounced)
                r, c = r + dr, c + dc
            ok &= seen == clue
        count += ok
    return count


SMALL = {
    "multiple": (DATA / "undead" / "multiple.txt").read_text(),
    "2x3": "G: 1 V: 2 Z: 1\n\n   . 1 .\n2  . \\ .  .\n.  / . .  1\n   . . 2",
    "3x3": "G: 2 V: 2 Z: 2\n\n   2 . .\n.  . / .  .\n1  . . .  .\n.  \\ . /  0\n   . 1 .",
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_counts_match_brute_force(name: str) -> None:
    puzzle = parse(SMALL[name])
    want = brute_count(puzzle)
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=1000,
                            prune=prune)  # fmt: skip
            assert outcome.count_exact and len(outcome.solutions) == want, (encoding, prune)
            assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_counts_alike(backend: str) -> None:
    puzzle = parse(SMALL["3x3"])
    outcome = solve(GENRE, puzzle, get_backend(backend), "kinds", limit=1000)
    assert len(outcome.solutions) == brute_count(puzzle)


def test_random_boards_count_as_brute_force() -> None:
    """Random mirrors, monsters and clues (some clues left out) on 3x3 boards."""
    rng = random.Random(4)
    for _ in range(6):
        board = tuple("".join(rng.choice("GVZ\\/") for _ in range(3)) for _ in range(3))
        whole = with_clues(board)
        shown = GIVENS.keep(
            whole, [((-1, c), whole.top[c]) for c in range(3) if rng.random() < 0.6]
        )
        puzzle = Undead(shown.rows, shown.ghosts, shown.vampires, shown.zombies, shown.top,
                        (None,) * 3, (None,) * 3, whole.right)  # fmt: skip
        want = brute_count(puzzle)
        assert want >= 1
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=1000)
            assert len(outcome.solutions) == want


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert brute_count(parse(SMALL["multiple"])) == 12
    assert all(brute_count(parse(text)) >= 1 for text in SMALL.values())


# -- lines of sight --------------------------------------------------------------------------


def test_a_line_of_sight_bounces_and_counts_a_cell_twice() -> None:
    # Down column 1 of "\./" over "..." : the \ sends it right, the / up and off the board.
    puzzle = parse("G: 0 V: 0 Z: 4\n\n   . . .\n.  \\ . /  .\n.  . . .  .\n   . . .")
    assert sight(puzzle, (0, 0), (1, 0)) == [((0, 1), True)]
    back = parse("G: 0 V: 0 Z: 2\n\n   . .\n.  . \\  .\n.  . /  .\n   . .")
    # From the left along row 1: r1c1, then \ turns down, / turns left: r2c1 after a mirror.
    assert sight(back, (0, 0), (0, 1)) == [((0, 0), False), ((1, 0), True)]


# -- the corpus ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("row", CORPUS, ids=[r["id"][:24] for r in CORPUS])
def test_every_corpus_puzzle_is_solved_as_tatham_solved_it(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), encoding, limit=2)
        assert outcome.status == "unique"
        assert check(puzzle, outcome.solutions[0]) == []
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == row["solution"]


def test_the_corpus_solutions_pass_the_checker_and_ids_write_back() -> None:
    for row in CORPUS:
        puzzle = parse(row["id"])
        assert check(puzzle, tuple(row["solution"])) == []
        assert format_id(puzzle) == row["id"]
        assert parse(format_plain(puzzle)) == puzzle


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = list(FIRST["solution"])  # GVVZ / /V\G / /VZZ / VVV\
    assert check(puzzle, good) == []
    swapped = ["VGVZ", *good[1:]]
    problems = check(puzzle, swapped)
    assert any(p.startswith("the clue") and "sees" in p for p in problems)
    assert check(puzzle, ["ZVVZ", *good[1:]])[0] == "there are 1 ghosts, not 2"
    assert check(puzzle, ["GVVZ", "GV\\G", *good[2:]]) == ["r2c1 is a mirror /, not 'G'"]
    assert check(puzzle, good[:3]) == ["the solution is not a 4x4 board"]
    shown = GIVENS.keep(puzzle, [((0, 0), "V")])
    assert "r1c1 must hold the given V, not G" in check(shown, good)


def test_the_solve_move_and_json_are_the_collections() -> None:
    puzzle = parse(FIRST["id"])
    move = GENRE.format_solution(puzzle, tuple(FIRST["solution"]), "tatham")
    assert move.startswith("S;G0;V1;V2;Z3;V4;G5;V6")
    outcome = solve(GENRE, puzzle, get_backend(GENRE.default_backend), limit=2)
    assert GENRE.to_json(puzzle, outcome.solutions[0]) == FIRST["solution"]
    grid = GENRE.format_solution(puzzle, outcome.solutions[0], "grid")
    assert check(parse(grid), outcome.solutions[0]) == []


def test_the_plain_board_reads_clues_in_reading_order() -> None:
    puzzle = parse((DATA / "undead" / "plain.txt").read_text())
    assert puzzle.bottom == (1, 2, 0, 1, 2) and puzzle.left == (4, 0, 5, 1, 3)
    assert (
        parse("ghosts 3, vampires 9, zombies 4\n" + format_plain(puzzle).split("\n", 1)[1])
        == puzzle
    )


BAD = {
    "4x:2,7,3,dRaLaRfL,0": "bad size",
    "4x4:2,7,dRaLaRfL,0,4": "expected the number of zombies",
    "4x4:2,7,3,dRaQaRfL,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1,3": "unexpected 'Q' at column 14",
    "4x4:2,7,3,dRaLaRf,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1,3": "too few cells in the grid: 15 of 16",
    "4x4:2,7,4,dRaLaRfL,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1,3": "the totals 2\\+7\\+4 are not the 12",
    "4x4:2,7,3,dRaLaRfL,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1": "too few clues: 15 of 16",
    "4x4:2,7,3,dRaLaRfL,0,4,2,2,3,0,3,3,0,2,4,3,3,1,1,3,1": "too many clues",
    "4x4:2,7,3,dRaLaRfL,0,4,2,2,3,x,3,3,0,2,4,3,3,1,1,3": "unexpected 'x'",
    "G: 1 V: 1\n\n . .\n. . . .\n . .": "line 1: expected the totals",
    "G: 1 V: 1 Z: 2\n\n   . .\n.  . X  .\n.  . .  .\n   . .": "line 4, entry 3: 'X' is not a cell",
    "G: 1 V: 1 Z: 2\n\n   . .\n.  . .\n.  . .  .\n   . .": "line 4: 3 entries, expected 4",
    "G: 1 V: 1 Z: 1\n\n   . .\n.  . .  .\n.  . .  .\n   . .": "the totals 1\\+1\\+1 are not the 4",
    "G: 1 V: 1 Z: 2\n\n   . q\n.  . .  .\n.  . .  .\n   . .": "line 3, entry 2: 'q' is not a clue",
    "  \n": "empty input",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("undead", text, parse, BAD[text])


# -- the model, givens and the maker -----------------------------------------------------------


def test_pruning_reads_the_zero_and_full_clues() -> None:
    puzzle = parse(FIRST["id"])  # the clue 0 above column 1 sees no vampire or zombie there
    domains = allowed(puzzle)
    assert domains[(0, 0)] == "G"
    assert allowed(puzzle, prune=False)[(0, 0)] == "GVZ"


def test_a_contradiction_is_no_solution_on_every_encoding() -> None:
    puzzle = parse((DATA / "undead" / "unsolvable.txt").read_text())
    for encoding in GENRE.encodings:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("cpsat"), encoding, prune=prune)
            assert outcome.status == "unsolvable"


def test_givens_are_the_monsters_shown_and_every_clue_stays() -> None:
    puzzle = parse(FIRST["id"])
    assert GIVENS.of(puzzle) == []
    shown = GIVENS.keep(puzzle, [((1, 1), "V")])
    assert GIVENS.of(shown) == [((1, 1), "V")] and shown.top == puzzle.top
    assert GIVENS.describe(shown, ((1, 1), "V")) == "a vampire at r2c2"
    assert GENRE.format_puzzle(shown).startswith("4x4:2,7,3,dRVLaRfL,")


def test_made_boards_show_every_clue_and_monster() -> None:
    def solutions(puzzle: Undead, n: int) -> list[object]:
        return solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=n).solutions

    puzzle, solution, keep = make((5, 4), random.Random(3), solutions)
    assert (puzzle.width, puzzle.height) == (5, 4) and keep == []
    assert check(puzzle, solution) == []
    assert len(GIVENS.of(puzzle)) == sum(ch in "GVZ" for row in solution for ch in row)


def test_a_board_made_in_parts_is_unique_and_shows_some_monsters() -> None:
    def solutions(puzzle: Undead, n: int) -> list[object]:
        return solve(GENRE, puzzle, get_backend("sat:minicard"), limit=n).solutions

    puzzle, solution, keep = _made_in_parts((6, 5), random.Random(4), solutions)
    again = _made_in_parts((6, 5), random.Random(4), solutions)
    assert again == (puzzle, solution, keep)  # the same board from the same seed
    assert check(puzzle, solution) == [] and keep == GIVENS.of(puzzle)
    cells = sum(ch in "GVZ" for row in solution for ch in row)
    assert 0 < len(keep) < cells  # some monsters shown, not all
    assert all(v is not None for v in (*puzzle.top, *puzzle.left, *puzzle.bottom, *puzzle.right))
    outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=2)
    assert outcome.status == "unique" and outcome.solutions == [solution]


@pytest.mark.slow
def test_the_bundled_large_boards_are_unique() -> None:
    rows = [json.loads(s) for s in (DATA / "undead" / "boards.jsonl").read_text().splitlines()]
    assert rows
    for row in rows:
        puzzle = parse(row["id"])
        outcome = solve(GENRE, puzzle, get_backend("sat:minicard"), limit=2)
        assert outcome.status == "unique" and check(puzzle, outcome.solutions[0]) == []
        assert outcome.solutions[0] == tuple(row["solution"])
