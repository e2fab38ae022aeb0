"""Where generated puzzles fall, and whether each difficulty band can be asked for: per genre, at
its own size, the grade scores of puzzles made without a band (their quartiles part the bands
of the genres with no levels of people's to follow), then each band asked on a few seeds, with
the CPU time each took and whether it was made.

    python benchmarks/bench_bands.py [--genres hidato,magnets] [--made 40] [--seeds 3]
        [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import gridsat
from gridsat.grading import bands
from gridsat.registry import BUILTIN, get_genre


def made(task: tuple[str, int]) -> dict[str, Any]:
    """A puzzle made without a band, graded in full."""
    genre, seed = task
    start = time.process_time()
    puzzle = gridsat.generate(genre, seed=seed).puzzle
    graded = gridsat.grade(puzzle)
    return {"genre": genre, "seed": seed, "score": graded.score,
            "cpu": time.process_time() - start}  # fmt: skip


def asked(task: tuple[str, str, int]) -> dict[str, Any]:
    """A puzzle of a band, or the line that says it was out of reach."""
    genre, band, seed = task
    start = time.process_time()
    try:
        puzzle = gridsat.generate(genre, seed=seed, difficulty=band)
        score: float | None = puzzle.grade.score if puzzle.grade else None
    except TimeoutError:
        score = None
    return {"genre": genre, "band": band, "seed": seed, "score": score,
            "cpu": time.process_time() - start}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genres", default=",".join(BUILTIN))
    parser.add_argument("--made", type=int, default=40)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    genres = args.genres.split(",")
    with ProcessPoolExecutor(args.jobs) as pool:
        scores = list(pool.map(made, [(g, s) for g in genres for s in range(1, args.made + 1)]))
        tries = [(g, b, s) for g in genres for b in bands(get_genre(g))
                 for s in range(1, args.seeds + 1)]  # fmt: skip
        runs = list(pool.map(asked, tries))
    if args.json:
        print(json.dumps({"made": scores, "asked": runs}))
        return
    print(
        f"{'genre':9} {'size':6} quartiles of {args.made} made    bands made (of {args.seeds})"
        "     CPU median/max s"
    )
    for g in genres:
        genre = get_genre(g)
        mine = sorted(r["score"] for r in scores if r["genre"] == g)
        quarts = statistics.quantiles(mine, n=4) if len(set(mine)) > 1 else [mine[0]] * 3
        cells = []
        times = []
        for band in bands(genre):
            these = [r for r in runs if r["genre"] == g and r["band"] == band]
            cells.append(f"{band}:{sum(r['score'] is not None for r in these)}")
            times += [r["cpu"] for r in these]
        size = genre.about.making.size or genre.about.making.small
        print(
            f"{g:9} {size:6} {' '.join(f'{q:.3f}' for q in quarts):24} {' '.join(cells):34} "
            f"{statistics.median(times):.2f}/{max(times):.2f}"
        )


if __name__ == "__main__":
    main()
