"""Nurikabe: counts against brute force on small boards (both encodings, pruned or not), the
checker against broken solutions, pzprjs's own URL solved to pzprjs's answer, every bundled
board solved and proved unique, rows and URLs read and written back, and errors that name
where."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from conftest import DATA, board_runs
from gridsat import cli
from gridsat.parsers import ParseError, puzzlink
from gridsat.parsers.nurikabe import format_puzzle, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles.nurikabe import GIVENS, UNKNOWN, Nurikabe, check, make, random_islands
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("nurikabe")
CADICAL = get_backend("sat:cadical195")
BOARDS = [
    json.loads(line) for line in (DATA / "nurikabe" / "boards.jsonl").read_text().splitlines()
]


def brute_count(rows: list[str]) -> int:
    """How many shadings of the cells without a clue obey the rules, each subset tried: every
    island (unshaded cells joined) holds one clue, its number of cells ("?" any number), the
    shaded cells are one group and no 2x2 square is all shaded."""
    h, w = len(rows), len(rows[0])
    free = [(r, c) for r in range(h) for c in range(w) if rows[r][c] == "."]
    count = 0
    for mask in range(1 << len(free)):
        dark = {cell for k, cell in enumerate(free) if mask >> k & 1}
        parts = []
        for kind in (True, False):
            cells = {(r, c) for r in range(h) for c in range(w) if ((r, c) in dark) == kind}
            found = []
            while cells:
                todo = [cells.pop()]
                group = set(todo)
                while todo:
                    r, c = todo.pop()
                    for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                        if near in cells:
                            cells.discard(near)
                            group.add(near)
                            todo.append(near)
                found.append(group)
            parts.append(found)
        sea, islands = parts
        if len(sea) > 1:
            continue
        if any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= dark
               for r in range(h - 1) for c in range(w - 1)):  # fmt: skip
            continue
        ok = True
        for island in islands:
            clues = [rows[r][c] for r, c in island if rows[r][c] != "."]
            ok = ok and len(clues) == 1 and clues[0] in ("?", str(len(island)))
        count += ok
    return count


SMALL = {
    "3x3": ["...", ".3.", "..."],
    "4x3": ["3...", "....", "..2."],
    "4x3-asked": ["...?", ".2..", "...."],
}


RUNS = board_runs(
    SMALL,
    GENRE.encodings,
    lambda name, backend, encoding, prune: (
        ((name == "4x3" and prune) or (backend == "sat:cadical195" and name == "3x3"))
        # (``mixed`` is ``depths`` on islands this small: its cuts have a test of their own)
        and encoding != "mixed"
    ),
)


@pytest.mark.parametrize(("name", "backend", "encoding", "prune"), RUNS)
def test_counts_match_brute_force(name: str, backend: str, encoding: str, prune: bool) -> None:
    rows = SMALL[name]
    puzzle = parse("\n".join(rows))
    outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=1000, prune=prune)
    assert outcome.count_exact
    assert len(outcome.solutions) == brute_count(rows)
    for solution in outcome.solutions:
        assert check(puzzle, solution) == []


def test_the_brute_force_counts_are_not_trivial() -> None:
    assert [brute_count(SMALL[k]) for k in sorted(SMALL)] == [8, 2, 7]


def test_random_boards_count_as_brute_force() -> None:
    rng = random.Random(3)
    counts = []
    for _ in range(8):
        rows = ["".join(rng.choice(".....123?") for _ in range(3)) for _ in range(3)]
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, parse("\n".join(rows)), CADICAL, encoding, limit=1000)
            assert len(outcome.solutions) == brute_count(rows), (rows, encoding)
        counts.append(len(outcome.solutions))
    assert 0 in counts and max(counts) >= 1


# -- pzprjs's board, the checker, the bundled boards -----------------------------------------------

PZPRJS = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
ANSWER = (".5###", ".#2.#", ".####", ".#1#.", "###3.")
"""pzprjs's test board (test/script/nurikabe.js) and the answer its test accepts (its clue
cells written as ``.``)."""


def test_pzprjs_own_url_solves_to_its_answer() -> None:
    puzzle = GENRE.read(PZPRJS)
    assert puzzle.clues() == {(0, 1): 5, (1, 2): 2, (3, 2): 1, (4, 3): 3}
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, CADICAL, encoding, limit=2)
        assert outcome.status == "unique"
        assert GENRE.to_json(puzzle, outcome.solutions[0]) == [
            row.replace("5", ".").replace("2", ".").replace("1", ".").replace("3", ".")
            for row in ANSWER
        ]
    assert format_url(puzzle) == PZPRJS


def _flip(board: tuple[str, ...], r: int, c: int) -> tuple[str, ...]:
    rows = list(board)
    rows[r] = rows[r][:c] + ("." if rows[r][c] == "#" else "#") + rows[r][c + 1 :]
    return tuple(rows)


def test_the_checker_names_each_broken_rule() -> None:
    """pzprjs's own wrong answers of its test board, each refused for its own reason."""
    puzzle = GENRE.read(PZPRJS)
    good = ("..###", ".#..#", ".####", ".#.#.", "###..")
    assert check(puzzle, good) == []
    cases = {
        "a pool": ((".....", ".....", "##...", "##...", "....."), "2x2 square at r3c1"),
        "an island without a number": (
            ("..##.", ".#..#", ".####", ".#...", "#...."),
            "the island at r1c5 holds no number",
        ),
        "the sea apart": (
            ("..###", ".#..#", "..###", ".....", "#...."),
            "the shaded cells fall into 3 groups",
        ),
        "two numbers": (
            ("..###", ".#..#", ".####", ".....", "....."),
            "holds 3 numbers (r1c2, r4c3, r5c4)",
        ),
        "a size": (("..###", ".#..#", ".####", ".#.#.", ".##.."), "the 5 at r1c2 has 6 cells"),
        "a clue shaded": (_flip(good, 0, 1), "the clue at r1c2 is shaded"),
        "wrong shape": (good[:-1], "the solution is not a 5x5 board"),
        "a stray character": ((good[0][:-1] + "x", *good[1:]), "r1c5 holds 'x', not # or ."),
    }
    for what, (board, words) in cases.items():
        problems = check(puzzle, board)
        assert any(words in p for p in problems), (what, problems)


# -- reading and writing ---------------------------------------------------------------------------


def test_rows_and_urls_read_back() -> None:
    for row in BOARDS[:4]:
        puzzle = GENRE.read(str(row["id"]))
        assert parse(format_puzzle(puzzle)) == puzzle
        assert parse_url(puzzlink.split(format_url(puzzle))) == puzzle
    asked = parse("? . 12\n- - .")
    assert asked.rows == ((UNKNOWN, None, 12), (None, None, None))
    assert format_puzzle(asked) == " ?  . 12\n .  .  ."
    assert format_url(asked) == "https://puzz.link/p?nurikabe/3/2/.gci"
    assert GENRE.read(format_url(asked)) == asked
    assert GENRE.rows_text is not None
    assert parse(GENRE.rows_text([[None, 2], ["?", "."]])) == parse(".2\n?.")


def test_the_grid_shows_numbers_and_shading_and_is_no_puzzle() -> None:
    puzzle = GENRE.read(PZPRJS)
    grid = GENRE.format_solution(puzzle, ("..###", ".#..#", ".####", ".#.#.", "###.."), "grid")
    assert grid.splitlines()[0] == "+5###"
    with pytest.raises(ParseError):
        parse(grid)


BAD = {
    "..\n.": "line 2: 1 cell, but the first row has 2",
    "..\n.x": "line 2, column 2: 'x' is not a cell",
    ". .\n0 .": "line 2, column 1: '0' is not a cell",
    "  \n": "empty input",
    "#x\n..": "line 1, column 2: 'x' is not a cell",
    "https://puzz.link/p?nurikabe/2/2/0i": "r1c1 shows 0",
    "https://puzz.link/p?nurikabe/2/2/1izz": "left over",
    "https://puzz.link/p?nurikabe/2/2/1!": "unexpected '!'",
}


@pytest.mark.parametrize("text", sorted(BAD))
def test_bad_input_names_where(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ParseError, match=BAD[text]):
        GENRE.read(text)
    assert cli.main(["solve", "nurikabe", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gridsat: error: ") and err.count("\n") == 1


# -- givens and the maker --------------------------------------------------------------------------


def test_givens_are_the_clues() -> None:
    puzzle = parse("3.\n.?")
    shown = GIVENS.of(puzzle)
    assert shown == [((0, 0), 3), ((1, 1), UNKNOWN)]
    assert GIVENS.keep(puzzle, []).rows == ((None, None), (None, None))
    assert GIVENS.keep(puzzle, shown) == puzzle
    assert [GIVENS.describe(puzzle, g) for g in shown] == [
        "the clue 3 at r1c1",
        "the clue ? at r2c2",
    ]
    assert GIVENS.at(puzzle, ("..", "#."), (0, 1)) == ((0, 1), 3)


def test_made_boards_are_numbered_once_an_island_and_unique() -> None:
    def solutions(puzzle: Nurikabe, n: int) -> list[object]:
        return solve(GENRE, puzzle, CADICAL, limit=n).solutions

    for seed in range(3):
        puzzle, solution, keep = make((6, 5), random.Random(seed), solutions)
        assert (puzzle.width, puzzle.height) == (6, 5)
        assert check(puzzle, solution) == []
        assert solutions(puzzle, 2) == [solution]
        assert sorted(keep) == GIVENS.of(puzzle)


@pytest.mark.slow
def test_a_large_board_settles_a_window_at_a_time() -> None:
    """Past 400 cells the maker looks for a second solution a window at a time."""
    calls = []

    def solutions(puzzle: Nurikabe, n: int) -> list[object]:
        calls.append(bool(puzzle.marks()))
        return solve(GENRE, puzzle, get_backend("sat:minicard"), limit=n).solutions

    puzzle, solution, _ = make((24, 18), random.Random(1), solutions)
    assert (puzzle.width, puzzle.height) == (24, 18)
    assert check(puzzle, solution) == []
    assert solve(GENRE, puzzle, CADICAL, limit=2).solutions == [solution]
    assert any(calls) and not all(calls)  # windows first, the whole board last
    assert max(puzzle.clues().values()) <= 5  # (4, or 5 where a pool of the sea left no choice)


def test_a_random_sea_is_one_group_without_pools_and_its_islands_small() -> None:
    for seed, grow in product(range(3), (0.0, 0.7)):
        sea = random_islands(12, 8, random.Random(seed), 4, grow)
        board = tuple("".join("#" if s else "." for s in row) for row in sea)
        sea_cells = {(r, c) for r in range(8) for c in range(12) if sea[r][c]}
        start = next(iter(sea_cells))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell in sea_cells and cell not in seen:
                    seen.add(cell)
                    todo.append(cell)
        assert seen == sea_cells, (seed, grow)
        assert not any(
            all(sea[y][x] for y in (r, r + 1) for x in (c, c + 1))
            for r in range(7)
            for c in range(11)
        )
        land = {(r, c) for r in range(8) for c in range(12)} - sea_cells
        for r, c in land:
            island = {(r, c)}
            todo = [(r, c)]
            while todo:
                y, x = todo.pop()
                for cell in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if cell in land and cell not in island:
                        island.add(cell)
                        todo.append(cell)
            assert len(island) <= 4, (seed, grow, board)


def test_mixed_joins_every_island_by_cuts_and_counts_as_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``LARGE`` at 1 every island of two cells or more is joined by the lazy cuts that
    know its number (the sea's know its count): counts stay the brute force's, pruned or not."""
    from gridsat.models import nurikabe as model

    monkeypatch.setattr(model, "LARGE", 1)
    rng = random.Random(5)
    boards = [*SMALL.values()]
    boards += [["".join(rng.choice(".....1234?") for _ in range(4)) for _ in range(3)]
               for _ in range(6)]  # fmt: skip
    counts = []
    for rows in boards:
        puzzle = parse("\n".join(rows))
        for prune in (True, False):
            outcome = solve(GENRE, puzzle, CADICAL, "mixed", limit=1000, prune=prune)
            assert outcome.count_exact
            assert len(outcome.solutions) == brute_count(rows), (rows, prune)
            assert all(check(puzzle, s) == [] for s in outcome.solutions)
        counts.append(len(outcome.solutions))
    assert max(counts) >= 2 and 0 in counts


def test_a_short_piece_of_a_known_size_is_cut_without_condition() -> None:
    """A network that must hold four nodes: the piece round an always-present node, of two, is
    told to reach past its edge with no condition on the other piece; without the size the
    cut names the other piece too."""
    from gridsat.models.graph import connectivity_cuts
    from gridsat.models.model import Model

    def cuts(size: int) -> list[tuple[int, ...]]:
        model = Model()
        a, b, c, d = model.bool_vars(4)  # nodes 1..4 of a path 0-1-2-3-4, node 0 always
        model.add_connected(range(5), [(i, i + 1, 0) for i in range(4)],
                            [(1, a), (2, b), (3, c), (4, d)], size=size)  # fmt: skip
        true = {a, d}  # 0-1 one piece, 4 another
        return connectivity_cuts(model.connected[0], lambda lit: lit in true)

    assert cuts(4)[0] == (2,)  # node 2 must join: nothing else asked
    assert cuts(0)[0] == (-4, 2)  # unsized: only when node 4 takes part
