"""How long generating a unique puzzle takes: a 10x10 Signpost, a 10x10 Hidato, a 20x20 ∞ Loop
and a 5x6 logic grid (and any --sizes GENRE=SIZE), medians over seeds 1..--count.

    python benchmarks/bench_generate.py [--count 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gridsat.generate import generate, size_of
from gridsat.genres import get_genre

SIZES = "signpost=10x10,hidato=10x10,loop=20x20,zebra=5x6,numbrix=10x10,magic=4"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="seeds per size")
    parser.add_argument("--sizes", default=SIZES)
    args = parser.parse_args()
    print(f"{'genre':9} {'size':6} {'median s':>9} {'max s':>7} {'givens left':>12} {'search':>7}")
    for spec in args.sizes.split(","):
        name, size = spec.split("=")
        genre = get_genre(name)
        times, left, searched = [], [], 0
        for seed in range(1, args.count + 1):
            start = time.perf_counter()
            made = generate(genre, size_of(genre, size), random.Random(seed))
            times.append(time.perf_counter() - start)
            left.append(made.givens / made.of if made.of else 0.0)
            searched += not made.propagation
        print(
            f"{name:9} {size:6} {statistics.median(times):9.2f} {max(times):7.2f} "
            f"{statistics.median(left):11.0%} {searched:4}/{args.count}"
        )


if __name__ == "__main__":
    main()
