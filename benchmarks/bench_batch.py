"""Puzzles per second per core of ``gridsat bench`` on the batch files (``make_batch.py``):

    python benchmarks/make_batch.py                      # once: the three files of 10,000
    python benchmarks/bench_batch.py --repeat 3          # bench on each file, medians
    python benchmarks/bench_batch.py --every 5 --unshared  # every 5th puzzle; and without
                                                         # the shared solver, for comparison

Each run is a whole ``gridsat bench GENRE FILE --jobs 1 -e DEFAULT`` process (the genre's default
backend and encoding), timed by its CPU time and its children's (user + system), so a run that
forks a child per puzzle pays for it; every answer checked and proved unique, as bench does.
``--unshared`` adds a run of the same puzzles through the library, in process, each puzzle's model
built afresh (the genre's ``Assumes`` left out). Another checkout is measured by running this
script with ``PYTHONPATH`` set to it (its ``.mypy`` folder).
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from gridsat import benchmark
from gridsat.registry import get_genre

RESULTS = Path(__file__).resolve().parent / "results"
FILES = {
    "sudoku": "batch-sudoku-9x9.jsonl",
    "unruly": "batch-unruly-10x10.jsonl",
    "pattern": "batch-pattern-15x15.jsonl",
}


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def command(genre: str, path: Path) -> tuple[float, Counter[str]]:
    """CPU seconds of one whole ``gridsat bench`` process on ``path``, and its statuses."""
    encoding = get_genre(genre).default_encoding
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        before = children_cpu()
        subprocess.run(
            [sys.executable, "-m", "gridsat", "bench", genre, str(path), "--jobs", "1",
             "-e", encoding, "--out", out.name],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        spent = children_cpu() - before
        lines = Path(out.name).read_text().splitlines()
        statuses = Counter(json.loads(line)["status"] for line in lines)
    return spent, statuses


def unshared(genre: str, path: Path) -> tuple[float, Counter[str]]:
    """CPU seconds of the same puzzles through the library, each model built afresh."""
    kind = dataclasses.replace(get_genre(genre), assumes=None)
    items = list(benchmark.items([str(path)]))
    start = time_used()
    records = benchmark.run(kind, items, [kind.default_backend], [kind.default_encoding],
                            io.StringIO(), set())  # fmt: skip
    return time_used() - start, Counter(str(r["status"]) for r in records)


def time_used() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    return mine.ru_utime + mine.ru_stime + children_cpu()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="*", help=f"of {', '.join(FILES)} (default: all)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per genre (the median shown)")
    ap.add_argument("--every", type=int, default=1, help="every Nth puzzle of each file")
    ap.add_argument("--unshared", action="store_true", help="also each model built afresh")
    ap.add_argument("--folder", type=Path, default=RESULTS, help="where the files are")
    args = ap.parse_args()
    print(f"# gridsat from {Path(benchmark.__file__).resolve().parent}, pid {os.getpid()}")
    for genre in args.genres or list(FILES):
        path = args.folder / FILES[genre]
        with tempfile.TemporaryDirectory() as folder:
            if args.every > 1:
                lines = path.read_text().splitlines()[:: args.every]
                path = Path(folder) / path.name
                path.write_text("\n".join(lines) + "\n")
            count = sum(1 for _ in path.open())
            ways = [("bench", command)] + ([("unshared", unshared)] if args.unshared else [])
            for way, measure in ways:
                rates, statuses = [], Counter[str]()
                for _ in range(args.repeat):
                    spent, statuses = measure(genre, path)
                    rates.append(count / spent)
                shown = " ".join(f"{r:.0f}" for r in rates)
                median = statistics.median(rates)
                print(f"{genre:8} {way:9} {count} puzzles: {dict(statuses)}; puzzles per second "
                      f"per core, median {median:.0f} (runs: {shown})", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
