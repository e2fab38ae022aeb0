"""Backends side by side on one genre's puzzles: the CPU time of parse, build, solve and the
proof of uniqueness, per puzzle the median of ``--repeat`` runs interleaved across backends,
then per backend the median and the total over the puzzles, and the median ratio to the first.

    python benchmarks/bench_backends.py sudoku --backends sat:cadical195,sat:minicard
    python benchmarks/bench_backends.py tents --backends sat:cadical195,sat:minicard/hall \\
        --files 'boards/tents-20x20-*.txt'

Puzzles: the genre's ``data/NAME/tatham.jsonl`` (Simon Tatham's own), or ``--files`` (globs of
puzzle files, one puzzle each). A backend may name its encoding after a slash.
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import time
from pathlib import Path

from gridsat import pipeline
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genre")
    parser.add_argument("--backends", required=True, help="comma-separated, BACKEND[/ENCODING]")
    parser.add_argument("--files", action="append", default=[], help="globs of puzzle files")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    genre = get_genre(args.genre)
    if args.files:
        texts = [Path(f).read_text() for pattern in args.files for f in sorted(glob.glob(pattern))]
    else:
        with open(ROOT / "data" / genre.name / "tatham.jsonl") as lines:
            texts = [json.loads(line)["id"] for line in lines if line.strip()]
    runs = [(b.partition("/")[0], b.partition("/")[2] or genre.default_encoding)
            for b in args.backends.split(",")]  # fmt: skip
    cpu: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
    for text in texts:
        each: dict[tuple[str, str], list[float]] = {run: [] for run in runs}
        for _ in range(args.repeat):
            for backend, encoding in runs:
                start = time.process_time()
                puzzle = pipeline.parse(genre, text, {})
                out = pipeline.solve(genre, puzzle, get_backend(backend), limit=2,
                                     encoding=encoding, times={})  # fmt: skip
                each[backend, encoding].append(time.process_time() - start)
                if out.status is not Status.UNIQUE:
                    raise SystemExit(f"{backend}/{encoding}: {out.status.value} on {text[:60]}")
        for run in runs:
            cpu[run].append(statistics.median(each[run]))
    first = cpu[runs[0]]
    print(f"{genre.name}: {len(texts)} puzzles, CPU ms (median of {args.repeat} each)")
    print(f"{'backend/encoding':32} {'median':>8} {'total':>9} {'ratio':>6}")
    for run in runs:
        ratio = statistics.median(a / b for a, b in zip(cpu[run], first, strict=True))
        print(f"{run[0] + '/' + run[1]:32} {statistics.median(cpu[run]) * 1000:8.2f} "
              f"{sum(cpu[run]) * 1000:9.1f} {ratio:6.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
