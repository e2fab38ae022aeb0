"""Logic grids: the Zebra puzzle per backend, and generated puzzles of growing size.

    python benchmarks/bench_zebra.py                       # Zebra, then 4x5 .. 8x10 puzzles
    python benchmarks/bench_zebra.py --sizes 8x10 --count 5

A generated puzzle hides a random answer (K categories of N values) and draws clues at random
that hold in it (same position, different positions, next to, just left of, left of, at a
position), adding one at a time until a solver proves the answer unique; then each backend
builds, solves and proves it unique (medians over ``--repeat`` runs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from gridsat.pipeline import solve
from gridsat.puzzles.zebra import Zebra
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

DATA = Path(__file__).resolve().parent.parent / "data" / "zebra"
BACKENDS = "sat:cadical195,sat:glucose4,sat:kissat404,cpsat,cpsat:1"


def generate(categories: int, size: int, rng: random.Random) -> Zebra:
    """A puzzle with a unique answer: random true clues until the solver says unique (the
    generator's first step, before it takes away the clues it can spare)."""
    genre = get_genre("zebra")
    backend = get_backend("sat:cadical195")
    assert genre.make is not None
    puzzle, _, _ = genre.make(
        (categories, size), rng, lambda p, n: solve(genre, p, backend, limit=n).solutions
    )
    return puzzle  # type: ignore[no-any-return]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backends", default=BACKENDS)
    ap.add_argument("--sizes", default="4x5,5x6,6x8,8x10", help="categories x positions")
    ap.add_argument("--count", type=int, default=3, help="puzzles per size")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    zebra = get_genre("zebra")
    boards = [("zebra", [zebra.parse((DATA / "zebra-clues.txt").read_text())])]
    rng = random.Random(1)
    for spec in args.sizes.split(","):
        k, n = (int(v) for v in spec.split("x"))
        boards.append((spec, [generate(k, n, rng) for _ in range(args.count)]))
    print(
        f"{'puzzle':8} {'clues':>5} {'backend':16} {'build':>8} {'solve':>8} {'unique':>8} "
        f"{'total':>8}   (ms, medians)"
    )
    for name, puzzles in boards:
        clues = statistics.median(len(p.clues) for p in puzzles)
        for backend in args.backends.split(","):
            per_puzzle = []
            for puzzle in puzzles:
                runs = []
                for _ in range(args.repeat):
                    times: dict[str, float] = {}
                    out = solve(zebra, puzzle, get_backend(backend), limit=2, times=times)
                    assert out.status == "unique", (name, backend, out.status)
                    runs.append(times)
                per_puzzle.append({k: statistics.median(r[k] for r in runs) for k in runs[0]})
            med = {k: statistics.median(p[k] for p in per_puzzle) * 1000 for k in per_puzzle[0]}
            total = med["build"] + med["solve"] + med["unique"]
            print(
                f"{name:8} {clues:5.0f} {backend:16} {med['build']:8.2f} {med['solve']:8.2f} "
                f"{med['unique']:8.2f} {total:8.2f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
