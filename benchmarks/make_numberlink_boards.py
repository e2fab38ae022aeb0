"""Make Numberlink benchmark boards with the genre's maker, deterministic by seed: every-cell
boards (puzz.link's arukone) or Nikoli's numlin, whose cells may stay empty (its planted
answer passes every cell all the same). Each board is proved unique before it is written.

    python benchmarks/make_numberlink_boards.py 36x20 --numlin --seeds 1-3 \
        >> data/numberlink/boards.jsonl

A line per board: ``id`` (its puzz.link URL), ``params`` (its size, ``numlin`` boards marked)
and ``solution`` (as ``--json`` writes it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from gridsat.parsers.numberlink import format_url
from gridsat.pipeline import solve
from gridsat.puzzles.numberlink import make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("size", help="WxH")
    ap.add_argument("--numlin", action="store_true", help="Nikoli's rule: cells may stay empty")
    ap.add_argument("--seeds", default="1-3", help="FIRST-LAST")
    ap.add_argument("--backend", default="sat:cadical195")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    first, last = (int(v) for v in args.seeds.split("-"))
    genre = get_genre("numberlink")
    backend = get_backend(args.backend)

    def solutions(puzzle: object, n: int) -> list[object]:
        return list(solve(genre, puzzle, backend, limit=n).solutions)

    for seed in range(first, last + 1):
        start = time.process_time()
        puzzle, solution, _ = make((width, height), random.Random(seed), solutions, args.numlin)
        outcome = solve(genre, puzzle, backend, limit=2)
        assert str(outcome.status) == "unique" and outcome.solutions == [solution]
        assert genre.check(puzzle, solution) == []
        kind = "" if puzzle.every_cell else " numlin"
        print(json.dumps({"id": format_url(puzzle), "params": f"{args.size}{kind}",
                          "solution": genre.to_json(puzzle, solution)}), flush=True)  # fmt: skip
        print(f"seed {seed}: {time.process_time() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
