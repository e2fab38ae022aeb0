"""How long generating a unique puzzle takes, in CPU seconds of this process: per genre and size,
the median and the worst over seeds 1..--count, the givens left and the grades (a 10x10 Signpost,
a 9x9 Sudoku, ... and with --all every genre at its small size; --sizes GENRE=SIZE,... for more).

    python benchmarks/bench_generate.py [--count 10] [--all] [--sizes signpost=20x20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gridsat.generator import generate, size_of
from gridsat.registry import all_genres, get_genre

SIZES = "signpost=10x10,sudoku=9,hidato=10x10,loop=20x20,zebra=5x6,numbrix=10x10,magic=4"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10, help="seeds per size (1..COUNT)")
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--all", action="store_true", help="and every genre at its small size")
    args = parser.parse_args()
    specs = [tuple(spec.split("=")) for spec in args.sizes.split(",") if spec]
    if args.all:
        specs += [(g.name, g.about.making.small) for g in all_genres() if g.make is not None]
    print(f"{'genre':9} {'size':6} {'median s':>9} {'worst s':>8} {'givens left':>12} grades")
    for name, size in specs:
        genre = get_genre(name)
        times, left, grades = [], [], []
        for seed in range(1, args.count + 1):
            start = time.process_time()
            made = generate(genre, size_of(genre, size), random.Random(seed))
            times.append(time.process_time() - start)
            left.append(made.givens / made.of if made.of else 0.0)
            level = getattr(getattr(made, "grade", None), "level", None)
            grades.append(str(level) if level is not None else "-")
        print(
            f"{name:9} {size:6} {statistics.median(times):9.3f} {max(times):8.3f} "
            f"{statistics.median(left):11.0%} {''.join(grades)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
