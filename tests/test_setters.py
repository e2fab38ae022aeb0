"""For setters: diagnose (forced and free cells, a suggested given, spare givens, a contradicting
core) and generate (unique puzzles of every genre). Every claim is checked by other means:
free cells against all solutions enumerated, suggestions and removals by solving again."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from conftest import BACKENDS, gridsat
from gridsat.diagnosis import diagnose
from gridsat.generator import Generated, generate, size_of
from gridsat.pipeline import solve
from gridsat.puzzles.loop import Loop, random_layout, scramble
from gridsat.registry import Genre, all_genres, get_genre
from gridsat.solvers import get_backend

ROOT = Path(__file__).resolve().parent.parent
CHECKERS = {"magic": "cpsat:1"}  # the second opinion on every claim; glucose4 for the rest


def checker(genre: Genre) -> Any:
    return get_backend(CHECKERS.get(genre.name, "sat:glucose4"))


def all_solutions(genre: Genre, puzzle: Any) -> list[Any]:
    outcome = solve(genre, puzzle, checker(genre), limit=10_000)
    assert outcome.count_exact
    return outcome.solutions


def free_cells(solutions: list[Any]) -> set[tuple[int, int]]:
    """Cells where some two solutions differ: the enumeration's view of what is not forced."""
    first = solutions[0]
    return {
        (r, c)
        for s in solutions[1:]
        for r, row in enumerate(s)
        for c, v in enumerate(row)
        if v != first[r][c]
    }


def status(genre: Genre, puzzle: Any) -> str:
    return solve(genre, puzzle, checker(genre), limit=2).status


def load(genre: str, text: str, **options: Any) -> tuple[Genre, Any]:
    g = get_genre(genre)
    return g, g.parse(text, **options)


NOT_UNIQUE = [
    ("signpost", (ROOT / "data/signpost/seed-fewer-givens.txt").read_text(), {}),
    ("magic", "[[_, _, _], [_, _, _], [_, _, _]]", {}),  # 8 squares; 5 always in the middle
    ("hidato", "[[1, _, _], [_, _, _], [_, _, 9]]", {}),
    ("zebra", "colour: red green blue\npet: cat dog fish\nred is dog", {}),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("genre", "text", "options"), NOT_UNIQUE, ids=[c[0] for c in NOT_UNIQUE])
def test_free_cells_and_the_suggested_given(
    genre: str, text: str, options: dict[str, Any], backend: str
) -> None:
    g, puzzle = load(genre, text, **options)
    found = diagnose(g, puzzle, get_backend(backend))
    solutions = all_solutions(g, puzzle)
    assert found.status == "multiple" and len(solutions) > 1
    assert set(found.free) == free_cells(solutions)
    cells = {(r, c) for r, row in enumerate(solutions[0]) for c in range(len(row))}
    assert set(found.forced) == cells - set(found.free)
    assert found.solution in solutions
    # The suggestion: givens from one of the solutions, and the puzzle is then unique.
    assert g.givens is not None and found.suggestion
    fixed = g.givens.keep(puzzle, [*g.givens.of(puzzle), *found.suggestion])
    assert status(g, fixed) == "unique"


def test_a_loop_suggestion_fixes_a_tile() -> None:
    genre = get_genre("loop")
    rng = random.Random(4)
    for _ in range(200):  # a small random board with several solutions
        puzzle = Loop(scramble(random_layout(4, 4, rng), rng))
        if status(genre, puzzle) == "multiple":
            break
    else:
        pytest.fail("no 4x4 board with several solutions in 200 tries")
    found = diagnose(genre, puzzle, get_backend("sat:cadical195"))
    assert set(found.free) == free_cells(all_solutions(genre, puzzle))
    assert genre.givens is not None
    fixed = genre.givens.keep(puzzle, found.suggestion)
    assert status(genre, fixed) == "unique"
    assert all("fix the tile at r" in genre.givens.describe(puzzle, g) for g in found.suggestion)


UNIQUE = [
    ("signpost", (ROOT / "data/signpost/seed.txt").read_text()),
    ("hidato", (ROOT / "data/hidato/seed.txt").read_text()),
    ("magic", get_genre("magic").example),
    ("zebra", get_genre("zebra").example),
]  # fmt: skip


# Hidato's redundant givens on CP-SAT take seconds: slow, as they run on CaDiCaL by default.
REDUNDANT = [
    pytest.param(
        genre,
        text,
        backend,
        id=f"{genre}-{backend}",
        marks=[pytest.mark.slow] if (genre, backend) == ("hidato", "cpsat") else [],
    )
    for genre, text in UNIQUE
    for backend in ("sat:cadical195", "cpsat")
]


@pytest.mark.parametrize(("genre", "text", "backend"), REDUNDANT)
def test_redundant_givens_can_go(genre: str, text: str, backend: str) -> None:
    g, puzzle = load(genre, text)
    found = diagnose(g, puzzle, get_backend(backend))
    assert found.status == "unique" and not found.free
    assert g.givens is not None
    shown = g.givens.of(puzzle)
    for given in shown:  # redundant exactly when the puzzle stays unique without it
        alone = status(g, g.givens.keep(puzzle, [x for x in shown if x != given]))
        assert (alone == "unique") == (given in found.redundant), given
    together = [x for x in shown if x not in found.removable]
    assert status(g, g.givens.keep(puzzle, together)) == "unique"
    assert set(found.removable) <= set(found.redundant)


def _signpost_with_a_wrong_two() -> str:
    """The seed, with a 2 where the 1's arrow (east) does not point: below the 1."""
    from gridsat.parsers.signpost import format_id

    g, seed = load("signpost", (ROOT / "data/signpost/seed.txt").read_text())
    assert g.givens is not None
    return format_id(g.givens.keep(seed, [*g.givens.of(seed), ((1, 0), 2)]))


CONTRADICTIONS = [
    ("hidato", "[[1, 2, _], [_, _, _], [_, _, 3]]"),
    ("signpost", _signpost_with_a_wrong_two()),
    ("magic", "[[1, 2, _], [_, _, _], [_, _, 3]]"),
    ("zebra", "colour: red green blue\npet: cat dog fish\nred is dog\ngreen is dog\nblue is cat"),
]


@pytest.mark.parametrize("backend", ["sat:cadical195", "cpsat", "sat:kissat404"])
@pytest.mark.parametrize(("genre", "text"), CONTRADICTIONS, ids=[c[0] for c in CONTRADICTIONS])
def test_a_contradiction_core_is_minimal(genre: str, text: str, backend: str) -> None:
    g, puzzle = load(genre, text)
    found = diagnose(g, puzzle, get_backend(backend))
    assert found.status == "unsolvable" and found.core
    assert g.givens is not None
    assert status(g, g.givens.keep(puzzle, found.core)) == "unsolvable"
    for size in range(len(found.core)):  # every proper subset has a solution
        for subset in itertools.combinations(found.core, size):
            assert status(g, g.givens.keep(puzzle, subset)) != "unsolvable", subset


@pytest.mark.parametrize(
    "genre", [g for g in all_genres() if g.make is not None], ids=lambda g: str(g.name)
)
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_puzzles_are_unique_and_solve_back(genre: Genre, seed: int) -> None:
    made = generate(genre, size_of(genre, genre.about.making.small), random.Random(seed))
    assert genre.format_puzzle is not None and genre.givens is not None
    # It reads back from its own format, as the same puzzle.
    again = genre.parse(genre.format_puzzle(made.puzzle))
    assert genre.givens.of(again) == genre.givens.of(made.puzzle)
    outcome = solve(genre, again, checker(genre), limit=2)
    assert outcome.status == "unique"
    assert genre.to_json(again, outcome.solutions[0]) == genre.to_json(again, made.solution)
    assert made.givens == len(genre.givens.of(made.puzzle)) <= made.of
    assert_minimal(genre, made)


def assert_minimal(genre: Genre, made: Generated) -> None:
    """No given left can go, but those whose removal the generator could not settle within its
    budget (kept, and reported). A removal proved not unique earlier, with more givens shown,
    stays so with fewer: each of the others is needed."""
    assert genre.givens is not None
    shown = genre.givens.of(made.puzzle)
    assert set(made.unproved) <= set(shown)
    assert set(made.always) <= set(shown)  # what the genre always shows (Signpost: 1 and N)
    for given in shown:
        if given in made.unproved or given in made.always:
            continue
        fewer = [x for x in genre.givens.of(made.puzzle) if x != given]
        assert status(genre, genre.givens.keep(made.puzzle, fewer)) == "multiple", given


def test_givens_kept_for_lack_of_budget_are_reported() -> None:
    # With a budget of one conflict a removal is often left unsettled: such a given stays,
    # whether or not the puzzle needs it, and the puzzle is minimal only over the others.
    genre = get_genre("hidato")
    made = generate(genre, size_of(genre, "6x6"), random.Random(1), effort=1)
    assert made.unproved
    assert_minimal(genre, made)


def test_generate_pipes_into_solve_and_repeats_with_a_seed(tmp_path: Path) -> None:
    first = gridsat("generate", "signpost", "--size", "6x5", "--seed", "7")
    second = gridsat("generate", "signpost", "--size", "6x5", "--seed", "7")
    assert first.returncode == 0 and first.stdout == second.stdout
    assert first.stdout.startswith("6x5:")
    assert "givens" in first.stderr and "signpost-6x5-seed7-1" in first.stderr
    solved = gridsat("solve", "signpost", "--unique", stdin=first.stdout)
    assert solved.returncode == 0 and "unique solution" in solved.stdout
    made = gridsat("generate", "hidato", "--size", "5x5", "--seed", "1", "--count", "3",
                   "--out", str(tmp_path))  # fmt: skip
    assert made.returncode == 0 and len(list(tmp_path.glob("*.solution.json"))) == 3
    bench = gridsat("bench", "hidato", str(tmp_path), "--backends", "sat:glucose4")
    assert bench.returncode == 0, bench.stderr  # every known answer matched
    assert gridsat("generate", "magic", "--size", "2").returncode == 2


@pytest.mark.slow  # (seconds: test_diagnose_all diagnoses every genre's bundled puzzles with
# several solutions, none and one, in text and in JSON, through the command line)
def test_diagnose_cli() -> None:
    result = gridsat("diagnose", "signpost", "data/signpost/seed-fewer-givens.txt", "--json")
    assert result.returncode == 3
    data = json.loads(result.stdout)
    assert data["status"] == "multiple" and len(data["free"]) + len(data["forced"]) == 25
    assert data["suggestion"] and " at r" in data["suggestion"][0]
    text = gridsat("diagnose", "hidato", "[[1, 2, _], [_, _, _], [_, _, 3]]")
    assert text.returncode == 1
    assert "contradict" in text.stdout and "2 at r1c2" in text.stdout
    unique = gridsat("diagnose", "magic", "data/magic/seed.txt")
    assert unique.returncode == 0 and "unique solution" in unique.stdout


def test_fixed_loop_tiles_read_back_and_hold() -> None:
    genre = get_genre("loop")
    puzzle = genre.parse("6* 12\n3 9")  # ┏┓ / ┗┛ with the top left tile fixed
    assert puzzle.fixed == {(0, 0): 6}
    assert genre.format_puzzle is not None
    assert genre.parse(genre.format_puzzle(puzzle)) == puzzle
    assert status(genre, puzzle) == "unique"
    turned = genre.parse("3* 12\n3 9")  # fixed pointing up and off the board
    assert status(genre, turned) == "unsolvable"
    assert genre.check(puzzle, ((3, 12), (3, 9)))  # the checker knows fixed tiles too
