"""Tracks: the checker against broken tracks, solution counts against brute force on small
boards (every encoding), game IDs and plain layouts round-trip, and the maker."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from conftest import DATA, refused
from gridsat.parsers.tracks import format_id, format_plain, parse
from gridsat.pipeline import solve
from gridsat.puzzles.tracks import Tracks, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("tracks")
CORPUS = [json.loads(line) for line in (DATA / "tracks" / "tatham.jsonl").read_text().splitlines()]
FIRST = CORPUS[0]  # 8x8:h3a9mCb6zfAc,4,5,4,4,S4,3,3,4,4,4,4,S8,3,1,4,3


@cache
def every_track(width: int, height: int, entry: int, exit_: int) -> list[tuple[str, ...]]:
    """Every simple path from the entry to the exit, as masks (by depth-first search)."""
    steps = {1: (0, 1), 2: (-1, 0), 4: (0, -1), 8: (1, 0)}
    back = {1: 4, 4: 1, 2: 8, 8: 2}
    found = []
    start, goal = (entry, 0), (height - 1, exit_)

    def walk(path: list[tuple[int, int]], bits: list[int]) -> None:
        if path[-1] == goal:
            masks = [[0] * width for _ in range(height)]
            masks[entry][0] |= 4
            masks[goal[0]][goal[1]] |= 8
            for (r, c), bit in zip(path, bits, strict=False):
                dr, dc = steps[bit]
                masks[r][c] |= bit
                masks[r + dr][c + dc] |= back[bit]
            found.append(tuple("".join(format(m, "x") for m in row) for row in masks))
            return
        r, c = path[-1]
        for bit, (dr, dc) in steps.items():
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < height and 0 <= nxt[1] < width and nxt not in path:
                walk([*path, nxt], [*bits, bit])

    walk([start], [])
    return found


def brute_count(puzzle: Tracks) -> int:
    tracks = every_track(puzzle.width, puzzle.height, puzzle.entry, puzzle.exit)
    return sum(not check(puzzle, t) for t in tracks)


def random_boards(seed: int, width: int, height: int) -> list[Tracks]:
    """Boards whose counts come from a random track, with a few of its pieces shown or none,
    and some with a count changed (many of those have no solution)."""
    rng = random.Random(seed)
    boards = []
    for _ in range(6):
        puzzle, _, keep = make((width, height), rng, lambda p, n: [])
        shown = keep + rng.sample(GENRE.givens.of(puzzle), 1)
        board = GENRE.givens.keep(puzzle, shown if rng.random() < 0.5 else keep)
        if rng.random() < 0.3:
            counts = list(board.counts)
            counts[rng.randrange(height)] += 1
            board = Tracks(board.rows, board.columns, tuple(counts), board.entry, board.exit)
        boards.append(board)
    return boards


@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(encoding: str) -> None:
    for puzzle in [parse((DATA / "tracks" / "multiple.txt").read_text()), *random_boards(2, 4, 3)]:
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=100,
                            prune=prune)  # fmt: skip
            assert outcome.count_exact
            assert len(outcome.solutions) == brute_count(puzzle), (puzzle, prune)
            assert all(check(puzzle, s) == [] for s in outcome.solutions)


def test_brute_force_counts_are_not_trivial() -> None:
    assert brute_count(parse((DATA / "tracks" / "multiple.txt").read_text())) == 2
    assert brute_count(parse((DATA / "tracks" / "unsolvable.txt").read_text())) == 0


# -- the checker -----------------------------------------------------------------------------


def test_the_corpus_solutions_pass_the_checker() -> None:
    for row in CORPUS:
        assert check(parse(row["id"]), tuple(row["solution"])) == []


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = parse(FIRST["id"])
    good = tuple(FIRST["solution"])  # 955c0000 / 3c960000 / ... / ca36355c (the entry row)
    assert check(puzzle, good) == []
    # The entry's line off the board taken away: the end no longer leaves the board.
    entry = list(good)
    entry[3] = "8" + entry[3][1:]
    assert any("does not leave the board" in p for p in check(puzzle, tuple(entry)))
    # A separate ring laid in an empty corner: counts and one piece both broken.
    ring = list(good)
    ring[4] = ring[4][:2] + "9c" + ring[4][4:]
    ring[5] = ring[5][:2] + "36" + ring[5][4:]
    problems = check(puzzle, tuple(ring))
    assert any("not one path" in p for p in problems)
    shown = Tracks(puzzle.rows, puzzle.columns, puzzle.counts, puzzle.entry, puzzle.exit)
    assert check(shown, good) == []
    wrong = GENRE.givens.keep(puzzle, [*GENRE.givens.of(puzzle), ((0, 0), 5)])
    assert check(wrong, good) == ["r1c1 does not hold the piece shown"]
    counted = Tracks(puzzle.rows, puzzle.columns, (5, *puzzle.counts[1:]), puzzle.entry,
                     puzzle.exit)  # fmt: skip
    assert check(counted, good) == ["row 1 uses 4 cells, not 5"]
    assert check(puzzle, good[:-1]) == ["the solution is not a 8x8 board"]


# -- reading and writing ---------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS[::5], ids=lambda r: r["params"])
def test_a_game_id_is_written_back_exactly(row: dict[str, object]) -> None:
    puzzle = parse(str(row["id"]))
    assert format_id(puzzle) == row["id"] == GENRE.format_puzzle(puzzle)
    assert parse(format_plain(puzzle)) == puzzle
    assert parse("tracks:" + str(row["id"]).replace(":", "dh:", 1)) == puzzle


def test_the_first_corpus_board_reads_as_its_readme_says() -> None:
    puzzle = parse(FIRST["id"])
    assert (puzzle.entry, puzzle.exit) == (3, 4)  # entry in row 4, exit in column 5
    assert puzzle.rows[3][0] == 12  # C: left and down
    assert puzzle.columns == (4, 5, 4, 4, 4, 3, 3, 4)
    assert puzzle.counts == (4, 4, 4, 8, 3, 1, 4, 3)


def test_the_plain_form_reads_pieces_as_typed() -> None:
    puzzle = parse(FIRST["id"])
    plain = format_plain(puzzle)
    assert plain.splitlines()[4] == "7 . . J . . . . 8"
    assert parse(plain.replace("7", "┐")) == puzzle
    assert parse("\n".join(line.replace(" ", "", 7) if i else line
                           for i, line in enumerate(plain.splitlines()))) == puzzle  # fmt: skip


def test_solutions_print_as_track_and_masks() -> None:
    puzzle = parse(FIRST["id"])
    solution = tuple(FIRST["solution"])
    grid = GENRE.format_solution(puzzle, solution, "grid").splitlines()
    assert grid[0] == "4 5 4 4 4 3 3 4" and grid[4] == "┐ │ └ ┘ └ ─ ─ ┐ 8"
    assert GENRE.format_solution(puzzle, solution, "masks").splitlines() == FIRST["solution"]
    assert GENRE.to_json(puzzle, solution) == FIRST["solution"]
    assert GENRE.refuted(puzzle, FIRST["solution"]) is None


BAD = {
    "8x8:h3a9mCb6zfAc,4,5,4,4,S4,3,3,4,4,4,4,S8,3,1,4": "expected ',' and count 16 of 16",
    "8x8:h3a9mCb6zfAc,4,5,4,4,4,3,3,4,4,4,4,S8,3,1,4,3": "one column count",
    "8x8:h7a9mCb6zfAc,4,5,4,4,S4,3,3,4,4,4,4,S8,3,1,4,3": "not a piece of track",
    "8x8:h3a9mCb6zfAc,4,5,4,4,S4,3,3,4,4,4,4,S8,3,1,4,3x": "unexpected 'x' at column 51",
    "8x8:h3a9mCb6zfA,4,5": "too few cells",
    "1 1\n- . 1": "show the track's two ends",
    "1 1\n- | 1\n. q 1": "line 3, cell 2: 'q' is not a piece",
    "1 1\n- | 1 1": "line 2: 3 cells and a count",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str) -> None:
    refused("train-tracks", text, parse, BAD[text])


# -- the maker -------------------------------------------------------------------------------


def test_made_boards_show_their_track_and_keep_its_ends() -> None:
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: Tracks, n: int) -> list[object]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((7, 6), random.Random(seed), solutions)
        assert check(puzzle, solution) == []
        assert solutions(GENRE.givens.keep(puzzle, keep), 2)  # the ends and counts: solvable
        assert sorted(place for place, _ in keep) == sorted(puzzle.ends())
        assert sum(puzzle.counts) >= 7 * 6 // 3  # a third of the board at least
