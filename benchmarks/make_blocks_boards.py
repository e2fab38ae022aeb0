"""Make benchmark boards for Nurikabe, Norinori and LITS with the genres' own makers, each
proved unique by the solver, one JSON line a board (puz.link URL, size, solution):

    python benchmarks/make_blocks_boards.py nurikabe 10x10 --count 5 --seed 1 \\
        >> data/nurikabe/boards.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre", choices=["nurikabe", "norinori", "lits"])
    ap.add_argument("size", help="WxH")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    genre = get_genre(args.genre)
    backend = get_backend(genre.default_backend)
    assert genre.make is not None and genre.format_url is not None

    def solutions(puzzle: object, n: int) -> list[object]:
        return solve(genre, puzzle, backend, limit=n).solutions

    for k in range(args.count):
        rng = random.Random(args.seed * 1000 + k)
        puzzle, solution, _ = genre.make((width, height), rng, solutions)
        outcome = solve(genre, puzzle, backend, limit=2)
        assert outcome.status == "unique" and genre.check(puzzle, solution) == []
        row = {
            "id": genre.format_url(puzzle),
            "params": f"{width}x{height}",
            "solution": genre.to_json(puzzle, solution),
        }
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
