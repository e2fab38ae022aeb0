"""Logic grids written in English (Puzzle Baron-style): generate -> write -> read -> solve.

    python benchmarks/bench_baron.py                        # 300 puzzles, 3x3 .. 6x6
    python benchmarks/bench_baron.py --count 100 --sizes 4x5

Each puzzle is made by ``generate zebra --style baron`` (a random answer, English clues true
of it, clues taken away while the answer stays unique), written in its layout, read back by
the English reader and solved with a uniqueness proof; it counts how many read, solved
uniquely and matched the answer they were made from (and passed the rules' checker), and the
CPU time of reading and of solving (medians, ``time.process_time``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from gridsat.generator import generate
from gridsat.parsers import ParseError
from gridsat.parsers.zebra import format_puzzle, parse, to_json
from gridsat.pipeline import solve
from gridsat.puzzles.zebra import check
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300, help="puzzles in all")
    ap.add_argument("--sizes", default="3x3,4x4,4x5,5x5,6x6", help="categories x values")
    ap.add_argument("--backend", default="sat:cadical195")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    zebra = get_genre("zebra")
    backend = get_backend(args.backend)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    read = solved = matched = 0
    reading: list[float] = []
    solving: list[float] = []
    failures: list[str] = []
    for i in range(args.count):
        k, n = sizes[i % len(sizes)]
        seed = args.seed + i
        made = generate(zebra, (k, n), random.Random(seed), backend, style="baron")
        text = format_puzzle(made.puzzle)
        start = time.process_time()
        try:
            puzzle = parse(text)
        except ParseError as e:
            failures.append(f"seed {seed} {k}x{n}: not read: {e}")
            continue
        reading.append(time.process_time() - start)
        read += 1
        start = time.process_time()
        outcome = solve(zebra, puzzle, backend, limit=2)
        solving.append(time.process_time() - start)
        if outcome.status is not Status.UNIQUE:
            failures.append(f"seed {seed} {k}x{n}: {outcome.status}")
            continue
        solved += 1
        answer = outcome.solutions[0]
        if to_json(puzzle, answer) == to_json(made.puzzle, made.solution) and not check(
            puzzle, answer
        ):
            matched += 1
        else:
            failures.append(f"seed {seed} {k}x{n}: another answer")
    print(f"{args.count} puzzles ({args.sizes}): {read} read, {solved} solved uniquely, "
          f"{matched} matched their answer")  # fmt: skip
    if reading:
        print(f"CPU medians: read {statistics.median(reading) * 1000:.2f} ms, "
              f"solve and prove unique {statistics.median(solving) * 1000:.2f} ms")  # fmt: skip
    for line in failures[:20]:
        print(line)
    return 0 if matched == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
