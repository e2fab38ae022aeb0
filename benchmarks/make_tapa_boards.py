"""Make benchmark boards for Tapa with gridsat's own generator (a random wall, every other cell
its clue, then clues taken away while the puzzle stays unique), each proved unique again by a
fresh solve, one JSON line a board (puzz.link URL, size, solution):

    python benchmarks/make_tapa_boards.py 10x10 --count 5 --seed 1 >> data/tapa/boards.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys

import gridsat
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("size", help="WxH")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    genre = get_genre("tapa")
    backend = get_backend(genre.default_backend)
    assert genre.format_url is not None
    for k in range(args.count):
        made = gridsat.generate("tapa", args.size, seed=args.seed * 1000 + k)
        puzzle, solution = made.puzzle.data, made.solution.value
        outcome = solve(genre, puzzle, backend, limit=2)
        assert outcome.status == "unique" and genre.check(puzzle, solution) == []
        row = {
            "id": genre.format_url(puzzle),
            "params": f"{puzzle.width}x{puzzle.height}",
            "solution": genre.to_json(puzzle, solution),
        }
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
