"""Signpost solving: the checker, counting against brute force, pruning, unsolvable boards."""

from __future__ import annotations

import json

import pytest

from conftest import BACKENDS, DATA
from gridsat.models.signpost import build
from gridsat.parsers.signpost import parse
from gridsat.pipeline import solve
from gridsat.puzzles.signpost import DIRECTIONS, Signpost, check
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

SIGNPOST = get_genre("signpost")
SEED = parse((DATA / "signpost" / "seed.txt").read_text())
SEED_SOLUTION = tuple(
    tuple(row) for row in json.loads((DATA / "signpost" / "seed.solution.json").read_text())
)
FEWER_GIVENS = parse((DATA / "signpost" / "seed-fewer-givens.txt").read_text())


def brute_force(puzzle: Signpost) -> set[tuple[int, ...]]:
    """Every numbering of the board, by walking the arrows: the rules, with no solver."""
    n, w, h = puzzle.size, puzzle.width, puzzle.height
    where = {v: c for c, v in puzzle.givens.items()}
    found: set[tuple[int, ...]] = set()

    def targets(cell: int) -> list[int]:
        dx, dy = DIRECTIONS[puzzle.arrows[cell]]
        x, y, out = cell % w + dx, cell // w + dy, []
        while 0 <= x < w and 0 <= y < h:
            out.append(y * w + x)
            x, y = x + dx, y + dy
        return out

    def extend(path: list[int]) -> None:
        if len(path) == n:
            numbers = [0] * n
            for k, c in enumerate(path, 1):
                numbers[c] = k
            found.add(tuple(numbers))
            return
        k = len(path) + 1
        for nxt in targets(path[-1]):
            if nxt in path or (k in where and where[k] != nxt):
                continue
            if puzzle.givens.get(nxt, k) != k:
                continue
            extend([*path, nxt])

    starts = [where[1]] if 1 in where else [c for c in range(n) if c not in puzzle.givens]
    for s in starts:
        extend([s])
    return found


def flat(grid: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(v for row in grid for v in row)


def test_checker_accepts_the_published_solution() -> None:
    assert check(SEED, SEED_SOLUTION) == []


@pytest.mark.parametrize(
    "change, complaint",
    [
        (lambda g: [[1] * 5 for _ in g], "stands twice"),
        (lambda g: [[0, *r[1:]] for r in g], "outside 1..25"),
        (lambda g: g[:4], "not a 5x5 grid"),
        (lambda g: [r[::-1] for r in g], "must hold 1"),
        (lambda g: [[26 - v for v in r] for r in g], "is not on the"),
    ],
)
def test_checker_rejects_broken_solutions(change, complaint) -> None:  # type: ignore[no-untyped-def]
    broken = tuple(tuple(r) for r in change([list(r) for r in SEED_SOLUTION]))
    problems = check(SEED, broken)
    assert problems and any(complaint in p for p in problems), problems


def test_checker_follows_arrows_at_any_distance() -> None:
    p = parse("3x1:ca3a")  # 2 points north, away from 3
    assert check(p, ((1, 2, 3),)) == [
        "3 at row 1, column 3 is not on the north arrow of 2 at row 1, column 2"
    ]
    q = parse("3x1:1cag")
    assert brute_force(q) == {(1, 3, 2)}
    assert check(q, ((1, 3, 2),)) == []  # 1 reaches 2 two cells away


def test_brute_force_agrees_with_the_seed() -> None:
    assert brute_force(SEED) == {flat(SEED_SOLUTION)}


# Kissat is rebuilt for every solution, so listing all of them takes it seconds: slow; the
# other three backends list them here, and Kissat solves every encoding in test_golden.
@pytest.mark.parametrize("encoding", ["position", "circuit"])
@pytest.mark.parametrize(
    "backend", [pytest.param(b, marks=pytest.mark.slow) if "kissat" in b else b for b in BACKENDS]
)
@pytest.mark.parametrize("prune", [True, False])
def test_all_solutions_are_found_and_no_more(encoding: str, backend: str, prune: bool) -> None:
    for puzzle in (FEWER_GIVENS, parse("4x4:eeegechacaegbcha"), parse("4x4:ddegdgcecgeacaga")):
        expected = brute_force(puzzle)
        outcome = solve(SIGNPOST, puzzle, get_backend(backend), encoding, limit=100, prune=prune)
        assert {flat(s) for s in outcome.solutions} == expected
        assert outcome.count_exact
        assert outcome.status == ("multiple" if len(expected) > 1 else "unique")


@pytest.mark.parametrize("text", ["2x1:1a2a", "3x3:1aaaaaaaa9a", "2x2:1cc3aa"])
@pytest.mark.parametrize("encoding", ["position", "circuit"])
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("prune", [True, False])
def test_unsolvable_board_is_an_answer(text: str, encoding: str, backend: str, prune: bool) -> None:
    puzzle = parse(text)
    assert brute_force(puzzle) == set()
    outcome = solve(SIGNPOST, puzzle, get_backend(backend), encoding, limit=2, prune=prune)
    assert outcome.status == "unsolvable"
    assert outcome.solutions == []


def test_pruning_shrinks_the_model() -> None:
    puzzle = parse(
        json.loads((DATA / "signpost" / "corpus.jsonl").read_text().splitlines()[-1])["id"]
    )

    def choices(encoding: str, prune: bool) -> int:
        model = build(puzzle, encoding, prune=prune).model
        return model.num_bools + sum(len(x.domain) for x in model.ints)

    for encoding in ("position", "circuit"):
        assert choices(encoding, True) * 10 < choices(encoding, False)


def test_answer_variables_fix_the_printed_solution() -> None:
    for encoding in ("position", "circuit"):
        model = build(SEED, encoding).model
        assert model.answer, encoding
