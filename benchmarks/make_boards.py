"""Generate Hidato or Numbrix boards: a random Hamiltonian path, then a share of its numbers.

    python benchmarks/make_boards.py hidato 30x30 --share 0.5 --count 10 --unique \
        > benchmarks/boards/hidato-30x30-50.jsonl

The path comes from backbite moves over a snake (``puzzles.paths.random_hamiltonian_path``);
``--unique`` then shows more numbers, each where the planted answer and another one differ,
until a solver proves the board unique.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from gridsat.models.hidato import number_path
from gridsat.parsers.hidato import format_puzzle
from gridsat.pipeline import solve
from gridsat.puzzles.hidato import Hidato
from gridsat.puzzles.paths import random_hamiltonian_path
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre", choices=["hidato", "numbrix"])
    ap.add_argument("size", help="WxH")
    ap.add_argument("--share", type=float, default=0.5, help="share of the numbers shown")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--unique", action="store_true", help="keep only unique boards")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    genre = get_genre(args.genre)
    moves = "king" if args.genre == "hidato" else "orthogonal"
    rng = random.Random(args.seed)
    empty = Hidato(tuple((0,) * width for _ in range(height)), moves)
    neighbours = number_path(empty).succ
    snake = [
        r * width + (c if r % 2 == 0 else width - 1 - c)
        for r in range(height)
        for c in range(width)
    ]
    backend = get_backend(genre.default_backend)
    made = 0
    while made < args.count:
        path = random_hamiltonian_path(neighbours, snake, rng, 20 * width * height)
        number = {cell: k for k, cell in enumerate(path, 1)}
        solution = [[number[r * width + c] for c in range(width)] for r in range(height)]
        shown = set(rng.sample(range(1, width * height + 1), round(args.share * width * height)))
        while True:
            rows = tuple(tuple(v if v in shown else 0 for v in row) for row in solution)
            puzzle = Hidato(rows, moves)
            if not args.unique:
                break
            outcome = solve(genre, puzzle, backend, limit=2)
            if outcome.status == "unique":
                break
            # Not unique yet: show a number where the planted answer and another one differ.
            other = (
                outcome.solutions[1]
                if outcome.solutions[0] == tuple(map(tuple, solution))
                else outcome.solutions[0]
            )
            differ = [
                solution[r][c]
                for r in range(height)
                for c in range(width)
                if other[r][c] != solution[r][c]
            ]
            shown.add(rng.choice(differ))
        made += 1
        print(
            json.dumps(
                {
                    "genre": args.genre,
                    "name": f"{args.size}-{round(100 * len(shown) / (width * height))}pct-{made}",
                    "puzzle": format_puzzle(puzzle),
                    "solution": solution,
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
