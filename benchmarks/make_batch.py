"""Files of many puzzles of one genre and size, for timing ``gridsat bench`` on a batch:

    python benchmarks/make_batch.py                      # the three files of 10,000 below
    python benchmarks/make_batch.py sudoku --count 500   # one genre, fewer puzzles

writes ``benchmarks/results/batch-sudoku-9x9.jsonl``, ``batch-unruly-10x10.jsonl`` and
``batch-pattern-15x15.jsonl`` (one ``{"name", "id"}`` a line, the puzzle as a Simon Tatham game
ID). Each file starts from puzzles ``gridsat generate`` makes (a fixed seed: the same files on
every machine), each with one solution, and fills up to ``--count`` with copies changed by
moves that keep a puzzle a puzzle of its genre with its one solution, so moved: Sudoku's digits
relabelled, its rows moved within their bands, its bands, columns and stacks likewise, the board
turned over its diagonal; Unruly's board turned and mirrored, its colours swapped; Pattern's
board turned and mirrored, its clues with it. A moved copy is a new puzzle to a solver (its
clauses are others), and each base puzzle is moved the same number of times.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import gridsat

RESULTS = Path(__file__).resolve().parent / "results"

SETS = {  # genre: (size, how many base puzzles to make, the moves of one of them)
    "sudoku": ("9", 250, "sudoku_moves"),
    "unruly": ("10x10", 625, "unruly_moves"),
    "pattern": ("15x15", 1250, "pattern_moves"),
}


def sudoku_moves(puzzle: Any, rng: random.Random) -> Iterator[Any]:
    """The puzzle, then random relabellings, row and column shuffles (within bands and stacks)
    and turns."""
    yield puzzle
    n = len(puzzle.rows)
    box_w, box_h = puzzle.shape or (3, 3)
    while True:
        digits = list(range(1, n + 1))
        rng.shuffle(digits)
        relabel = [0, *digits]
        rows = _shuffled(n, box_h, rng)
        columns = _shuffled(n, box_w, rng)
        grid = [[relabel[puzzle.rows[r][c]] for c in columns] for r in rows]
        if box_w == box_h and rng.random() < 0.5:
            grid = [list(col) for col in zip(*grid, strict=True)]
        yield replace(puzzle, rows=tuple(tuple(row) for row in grid))


def _shuffled(n: int, band: int, rng: random.Random) -> list[int]:
    """An order of n lines that keeps each band of ``band`` lines together."""
    bands = list(range(n // band))
    rng.shuffle(bands)
    order = []
    for b in bands:
        inside = list(range(b * band, (b + 1) * band))
        rng.shuffle(inside)
        order += inside
    return order


def _dihedral(rows: list[list[Any]]) -> Iterator[list[list[Any]]]:
    """The board's eight turns and mirror images, itself first."""
    for turned in (rows, [list(c) for c in zip(*rows, strict=True)]):
        for flip_rows in (False, True):
            for flip_columns in (False, True):
                moved = turned[::-1] if flip_rows else turned
                yield [row[::-1] for row in moved] if flip_columns else [list(r) for r in moved]


def unruly_moves(puzzle: Any, rng: random.Random) -> Iterator[Any]:
    """The board's eight turns and mirror images, each in both colourings."""
    for board in _dihedral([list(r) for r in puzzle.rows]):
        for swap in (False, True):
            rows = [[v if v is None or not swap else 1 - v for v in row] for row in board]
            yield replace(puzzle, rows=tuple(tuple(r) for r in rows))


def pattern_moves(puzzle: Any, rng: random.Random) -> Iterator[Any]:
    """The board's eight turns and mirror images, clues and shown cells with it."""
    w, h = len(puzzle.columns), len(puzzle.rows)
    for turn in (False, True):
        for flip_rows in (False, True):
            for flip_columns in (False, True):
                columns, rows = list(puzzle.columns), list(puzzle.rows)
                fixed = dict(puzzle.fixed)
                width, height = w, h
                if turn:  # over the diagonal: rows become columns
                    columns, rows = rows, columns
                    fixed = {(c, r): v for (r, c), v in fixed.items()}
                    width, height = h, w
                if flip_rows:  # top to bottom: the rows' order and each column's clue
                    rows = rows[::-1]
                    columns = [clue[::-1] for clue in columns]
                    fixed = {(height - 1 - r, c): v for (r, c), v in fixed.items()}
                if flip_columns:
                    columns = columns[::-1]
                    rows = [clue[::-1] for clue in rows]
                    fixed = {(r, width - 1 - c): v for (r, c), v in fixed.items()}
                yield replace(puzzle, columns=tuple(columns), rows=tuple(rows), fixed=fixed)


def make(genre: str, count: int, seed: int, out: Path) -> None:
    size, base, moves_name = SETS[genre]
    moves: Callable[[Any, random.Random], Iterator[Any]] = globals()[moves_name]
    base = min(base, count)
    each = -(-count // base)  # copies per base puzzle, itself included
    rng = random.Random(seed)
    made = gridsat.generate(genre, size, seed=seed, count=base)
    written = 0
    with out.open("w") as f:
        for k, one in enumerate(made):
            copies = moves(one.puzzle.data, rng)
            for j in range(each):
                if written == count:
                    break
                moved = replace(one.puzzle, data=next(copies))
                name = f"{genre}-{size}-{seed}-{k}-{j}"
                f.write(json.dumps({"name": name, "id": gridsat.convert(moved, "tatham")}) + "\n")
                written += 1
    print(f"{out}: {written} puzzles ({base} made, each moved up to {each - 1} times)",
          file=sys.stderr)  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="*", help=f"of {', '.join(SETS)} (default: all)")
    ap.add_argument("--count", type=int, default=10_000, help="puzzles per file")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--out", type=Path, default=RESULTS, help="the folder to write them in")
    args = ap.parse_args()
    unknown = [g for g in args.genres if g not in SETS]
    if unknown:
        ap.error(f"no batch for {', '.join(unknown)} (choose from {', '.join(SETS)})")
    args.out.mkdir(parents=True, exist_ok=True)
    for genre in args.genres or list(SETS):
        size = SETS[genre][0]
        name = f"{size}x{size}" if "x" not in size else size
        make(genre, args.count, args.seed, args.out / f"batch-{genre}-{name}.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main())
