"""Hidato and Numbrix: rules, shapes, free ends, no solution, several solutions."""

from __future__ import annotations

import json

import pytest

from conftest import BACKENDS, DATA, gridsat
from gridsat.parsers import ParseError
from gridsat.parsers.hidato import format_puzzle, parse
from gridsat.parsers.numbrix import parse as parse_numbrix
from gridsat.pipeline import solve
from gridsat.puzzles.hidato import Hidato, check
from gridsat.registry import all_genres, get_genre
from gridsat.solvers import get_backend

HIDATO = get_genre("hidato")
NUMBRIX = get_genre("numbrix")
SEED = parse((DATA / "hidato" / "seed.txt").read_text())
SEED_SOLUTION = json.loads((DATA / "hidato" / "seed.solution.json").read_text())


def brute_force(puzzle: Hidato) -> set[tuple[int | None, ...]]:
    """Every numbering of a small board, by walking from each possible start: rules only."""
    cells = puzzle.cells()
    n = len(cells)
    givens = puzzle.givens()
    at = {v: cell for cell, v in givens.items()}
    found: set[tuple[int | None, ...]] = set()

    def touches(a: tuple[int, int], b: tuple[int, int]) -> bool:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return dr + dc == 1 if puzzle.moves == "orthogonal" else max(dr, dc) == 1

    def extend(path: list[tuple[int, int]]) -> None:
        k = len(path)
        if k == n:
            number = {cell: i + 1 for i, cell in enumerate(path)}
            found.add(
                tuple(number.get((r, c)) for r in range(puzzle.height) for c in range(puzzle.width))
            )
            return
        for cell in cells:
            if cell in path or not touches(path[-1], cell):
                continue
            if givens.get(cell, k + 1) != k + 1 or at.get(k + 1, cell) != cell:
                continue
            extend([*path, cell])

    for start in [at[1]] if 1 in at else [c for c in cells if c not in givens]:
        extend([start])
    return found


def flat(board: tuple[tuple[int | None, ...], ...]) -> tuple[int | None, ...]:
    return tuple(v for row in board for v in row)


def test_the_seed_board_gives_the_published_solution_uniquely() -> None:
    for backend in ("sat:cadical195", "cpsat"):
        for encoding in HIDATO.encodings:
            outcome = solve(HIDATO, SEED, get_backend(backend), encoding, limit=2)
            assert outcome.status == "unique"
            assert HIDATO.to_json(SEED, outcome.solutions[0]) == SEED_SOLUTION


def test_checker_accepts_the_published_solution_and_catches_breaks() -> None:
    good = tuple(tuple(r) for r in SEED_SOLUTION)
    assert check(SEED, good) == []
    swapped = [list(r) for r in SEED_SOLUTION]
    swapped[0][0], swapped[9][9] = swapped[9][9], swapped[0][0]  # 91 and 75 trade places
    problems = check(SEED, tuple(tuple(r) for r in swapped))
    assert any("does not touch" in p for p in problems)
    assert any("holds" in p for p in check(SEED, (*good[:9], (0,) * 10)))
    moved_given = [list(r) for r in SEED_SOLUTION]
    moved_given[0][2], moved_given[0][3] = moved_given[0][3], moved_given[0][2]
    assert any("must hold 93" in p for p in check(SEED, tuple(tuple(r) for r in moved_given)))


def test_numbrix_forbids_diagonal_steps() -> None:
    king = parse("1 _\n_ 2\n4 3")  # 1 -> 2 is diagonal
    assert check(king, ((1, 3), (4, 2), (5, 6))) != []
    board = parse("1 _\n_ _", moves="orthogonal")
    assert check(board, ((1, 2), (4, 3))) == []
    assert check(board, ((1, 3), (2, 4))) != []  # 2 -> 3 diagonal


SMALL = [
    ("hidato", "1 _ _\n_ _ _\n_ _ 9"),  # several solutions
    ("hidato", "_ _ 3\n_ 5 _\n_ _ _"),  # 1 and N blank
    ("hidato", "_ # _ _\n_ _ # _\n_ 1 _ _"),  # holes, 3x4
    ("hidato", "_ # _ _\n_ _ # 3\n_ 1 _ _"),  # holes, no solution
    ("hidato", "1 _ _ _ _ 12\n_ _ _ 9 _ _"),  # non-square, 2x6
    ("numbrix", "_ _ _\n_ 1 _\n_ _ _"),  # several solutions
    ("numbrix", "1 _ _ _\n_ _ _ _\n_ _ _ 12"),
    ("numbrix", "_ 5 _\n_ 1 _"),  # no solution: 1 is boxed in by 5's neighbours
    ("hidato", "1 _ 3\n_ _ _\n_ _ 2"),  # no solution: 1 and 2 are far apart
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("genre_name, text", SMALL)
def test_small_boards_match_brute_force(genre_name: str, text: str, backend: str) -> None:
    genre = get_genre(genre_name)
    puzzle = genre.parse(text)
    expected = brute_force(puzzle)
    for encoding in genre.encodings:
        for prune in (True, False):
            outcome = solve(genre, puzzle, get_backend(backend), encoding, limit=500, prune=prune)
            assert {flat(s) for s in outcome.solutions} == expected, (encoding, prune)
            status = {0: "unsolvable", 1: "unique"}.get(len(expected), "multiple")
            assert outcome.status == status


def test_a_board_with_1_and_n_blank_solves() -> None:
    puzzle = parse("_ _ _\n_ 5 _\n_ _ _")
    outcome = solve(HIDATO, puzzle, get_backend("sat:cadical195"), limit=1)
    assert outcome.status == "solved" and check(puzzle, outcome.solutions[0]) == []


@pytest.mark.parametrize(
    "text, message",
    [
        ("1 2\n3 5", "r2c2: 5 is larger than the number of cells, 4"),
        ("1 # 2\n3 # 6", "r2c3: 6 is larger than the number of cells, 4"),
        ("1 2\n2 _", "2 is given twice, at r1c2 and r2c1"),
        ("# X\n.. #", "only holes"),
    ],
)
def test_hidato_reader_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)


def test_puzzle_printer_round_trips() -> None:
    for text in ["_ # _ _\n_ _ # 3\n_ 1 _ _", (DATA / "hidato" / "rosetta.txt").read_text()]:
        puzzle = parse(text)
        assert parse(format_puzzle(puzzle)) == puzzle
    assert parse_numbrix("1 _\n_ 4").moves == "orthogonal"


@pytest.mark.parametrize("moves", ["king", "orthogonal"])
def test_random_hamiltonian_paths_stay_paths(moves: str) -> None:
    import itertools
    import random

    from gridsat.models.hidato import number_path
    from gridsat.puzzles.paths import random_hamiltonian_path

    width, height = 7, 5
    neighbours = number_path(Hidato(tuple((0,) * width for _ in range(height)), moves)).succ
    snake = [
        r * width + (c if r % 2 == 0 else width - 1 - c)
        for r in range(height)
        for c in range(width)
    ]
    paths = set()
    for seed in range(5):
        path = random_hamiltonian_path(neighbours, snake, random.Random(seed), 500)
        assert sorted(path) == list(range(width * height))
        assert all(b in neighbours[a] for a, b in itertools.pairwise(path))
        paths.add(tuple(path))
    assert len(paths) == 5  # they do wander


def test_generation_runs_on_a_backend_with_a_repeatable_budget() -> None:
    # Hidato solves fastest on Kissat, which has no conflict budget: generation, whose seeds
    # must make the same puzzle on any machine, declares a backend that has one.
    hidato = get_genre("hidato")
    assert hidato.default_backend == "sat:kissat404"
    assert "effort" not in get_backend(hidato.default_backend).capabilities
    for genre in all_genres():
        assert "effort" in get_backend(genre.generate_backend).capabilities, genre.name
    made = [gridsat("generate", "hidato", "--size", "5x5", "--seed", "4") for _ in range(2)]
    assert made[0].returncode == 0 and made[0].stdout == made[1].stdout, made[0].stderr
    listed = gridsat("genres", "--json")
    row = next(r for r in json.loads(listed.stdout) if r["name"] == "hidato")
    assert (row["default_backend"], row["generate_backend"]) == ("sat:kissat404", "sat:cadical195")


@pytest.mark.parametrize("name", ["rosetta.txt", "published-boxes.txt"])
def test_a_solved_board_with_holes_reads_back_as_a_puzzle(name: str) -> None:
    # Its holes were printed as '.', which a board with no '_' blank reads as a blank: the
    # solved board read back was a bigger board, with no solution.
    solved = gridsat("solve", "hidato", str(DATA / "hidato" / name))
    assert solved.returncode == 0, solved.stderr
    height = len(parse((DATA / "hidato" / name).read_text()).rows)
    board = "\n".join(solved.stdout.splitlines()[:height])
    assert "#" in board
    again = gridsat("solve", "hidato", "-", "--unique", stdin=board + "\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(board + "\n")
