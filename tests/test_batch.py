"""Batch runs: the puzzles of one shape on one shared solver, each puzzle's clues assumed, give
the solutions and verdicts that a fresh run of each gives; bench's records are the same."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA
from gridsat import benchmark as bench
from gridsat.pipeline import solve, solve_assumed
from gridsat.registry import Genre, get_genre
from gridsat.solvers import Status, get_backend
from gridsat.solvers.sat import SatSession


def tatham(genre: str, keep: Any) -> list[str]:
    """The bundled game IDs of Simon Tatham's collection whose parameters ``keep`` takes."""
    lines = (DATA / genre / "tatham.jsonl").read_text().splitlines()
    return [row["id"] for row in map(json.loads, lines) if keep(row["params"])]


def variants(genre: Genre[Any, Any], ids: list[str], seed: int) -> list[Any]:
    """Each puzzle as published, with a third of its givens taken away (most then have more
    than one solution), and with a blank cell given a value (some then have none)."""
    rng = random.Random(seed)
    found = []
    for text in ids:
        puzzle = genre.read(text)
        found.append(puzzle)
        rows = [list(row) for row in puzzle.rows]
        shown = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v]
        blank = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if not v]
        fewer = [list(row) for row in rows]
        for r, c in rng.sample(shown, len(shown) // 3):
            fewer[r][c] = None if genre.name == "unruly" else 0
        found.append(replace(puzzle, rows=tuple(map(tuple, fewer))))
        r, c = rng.choice(blank)
        rows[r][c] = rng.choice([0, 1] if genre.name == "unruly" else range(1, len(rows) + 1))
        found.append(replace(puzzle, rows=tuple(map(tuple, rows))))
    return found


CASES = {
    "sudoku": (tatham("sudoku", lambda p: p.startswith("3x3d"))[::3], ["onehot", "sums"]),
    "unruly": (tatham("unruly", lambda p: True)[::2], ["cardinality", "lines"]),
}


@pytest.mark.parametrize(("name", "encoding"), [(n, e) for n, (_, es) in CASES.items() for e in es])
def test_a_shared_solver_finds_what_a_fresh_run_finds(name: str, encoding: str) -> None:
    genre = get_genre(name)
    backend = get_backend(genre.default_backend)
    assumes = genre.assumes
    assert assumes is not None
    puzzles = variants(genre, CASES[name][0], seed=35)
    shared: dict[Any, tuple[Any, SatSession]] = {}
    seen = set()
    try:
        for puzzle in puzzles:
            fresh = solve(genre, puzzle, backend, encoding, limit=2)
            shape = assumes.shape(puzzle, encoding)
            if shape not in shared:
                built = assumes.shape_model(puzzle, encoding)
                session = backend.open(built.model)
                assert isinstance(session, SatSession)
                shared[shape] = built, session
            built, session = shared[shape]
            clues = assumes.clues(puzzle, built)
            again = solve_assumed(genre, puzzle, built, session, clues, backend.name, encoding)
            # The same verdict, and the same answer where there is one; where there are more,
            # each run shows two (each checked), whichever two its solver met first.
            assert again.status == fresh.status, puzzle
            if fresh.status is Status.UNIQUE:
                assert again.solutions == fresh.solutions
            else:
                assert len(again.solutions) == len(fresh.solutions)
            seen.add(fresh.status)
    finally:
        for _, session in shared.values():
            session.close()
    assert seen == {Status.UNIQUE, Status.MULTIPLE, Status.UNSOLVABLE}
    assert len(shared) > 1 if name == "unruly" else len(shared) == 1  # (sizes 6x6 to 14x14)


def test_killer_boards_and_other_encodings_take_no_part() -> None:
    genre = get_genre("sudoku")
    assert genre.assumes is not None
    killer = genre.read(tatham("sudoku", lambda p: p == "3x3kdt")[0])
    assert genre.assumes.shape(killer, "onehot") is None
    plain = genre.read(tatham("sudoku", lambda p: p == "3x3dt")[0])
    assert genre.assumes.shape(plain, "integer") is None
    assert get_genre("pattern").assumes is None  # (its clues are its clauses)


def test_bench_records_are_the_ones_each_puzzle_in_its_own_child_gives(tmp_path: Path) -> None:
    # Sudoku on its shared solver, Pattern each in process, one line that is no puzzle.
    for name, ids in (
        ("sudoku", tatham("sudoku", lambda p: p.startswith("3x3d"))[:4]),
        ("pattern", tatham("pattern", lambda p: p == "5x5")[:3]),
    ):
        genre = get_genre(name)
        made = [genre.format_id(p) for p in variants(genre, ids, 1)] if name == "sudoku" else ids
        items = [bench.Item(f"p{k}", text) for k, text in enumerate([*made, "3x3:nonsense"])]
        batched = bench.run(genre, items, [genre.default_backend], [genre.default_encoding],
                            None, set())  # fmt: skip
        alone = [
            bench.run_one(name, item, genre.default_backend, genre.default_encoding, None)
            for item in items
        ]
        assert [(r["puzzle"], r["status"], r["ok"]) for r in batched] == [
            (r["puzzle"], r["status"], r["ok"]) for r in alone
        ]
        assert batched[-1]["status"] == Status.BAD_INPUT
