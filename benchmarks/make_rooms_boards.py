"""Make benchmark boards of the room genres (Heyawake, Star Battle) with the genres' own makers,
each proved unique, as JSON lines for ``data/GENRE/boards.jsonl``: ``id`` (the puzz.link URL),
``params`` (the size) and ``solution`` (``solve --json``'s form).

    python benchmarks/make_rooms_boards.py heyawake 10x10 --seeds 1-5 >> data/heyawake/boards.jsonl
    python benchmarks/make_rooms_boards.py starbattle 10x10 --stars 2 --seeds 1-5

Heyawake's numbers are then taken away in random order while the board stays unique (a room
shows its number only where it must); Star Battle's board is its map.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import replace
from typing import Any

from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre", choices=["heyawake", "starbattle"])
    ap.add_argument("size", help="WxH")
    ap.add_argument("--seeds", default="1-3", help="a range, 1-3")
    ap.add_argument("--stars", type=int, default=0, help="Star Battle's stars (0: by size)")
    ap.add_argument("--backend", default="sat:cadical195")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    genre = get_genre(args.genre)
    backend = get_backend(args.backend)
    first, _, last = args.seeds.partition("-")
    assert genre.make is not None and genre.format_url is not None

    def solutions(puzzle: Any, n: int, on: str = "") -> list[Any]:
        return solve(genre, puzzle, get_backend(on) if on else backend, limit=n).solutions

    for seed in range(int(first), int(last or first) + 1):
        start = time.process_time()
        rng = random.Random(seed)
        if args.genre == "starbattle":
            from gridsat.puzzles.starbattle import make_stars

            puzzle, solution, _ = make_stars((width, height), args.stars or None, rng, solutions)
        else:
            puzzle, solution, _ = genre.make((width, height), rng, solutions)
            order = [k for k, n in enumerate(puzzle.numbers) if n is not None]
            rng.shuffle(order)
            for k in order:
                numbers = list(puzzle.numbers)
                numbers[k] = None
                fewer = replace(puzzle, numbers=tuple(numbers))
                if len(solutions(fewer, 2)) == 1:
                    puzzle = fewer
        assert solutions(puzzle, 2) == [solution] and genre.check(puzzle, solution) == []
        row = {
            "id": genre.format_url(puzzle),
            "params": f"{width}x{height}",
            "solution": genre.to_json(puzzle, solution),
        }
        print(json.dumps(row), flush=True)
        print(f"seed {seed}: {time.process_time() - start:.1f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
