"""Throughput of `gridsat bench` on a Dask cluster against --jobs, per genre: puzzles per second
(wall), CPU milliseconds per puzzle (every process of the run: client, scheduler, workers,
solver children) past the run's fixed cost, and the fixed cost itself (the CPU of a run of one
puzzle: start-up, a cluster's processes and their imports), on --jobs 1/2 and 1 and 2 local
workers, medians over --repeat runs; then Dask's own cost of a task (an empty one, submitted
and gathered on a local cluster of 2 workers).

    python benchmarks/bench_cluster.py [--genres all|signpost,hidato] [--skip G1,G2]
        [--repeat 3] [--work 4]

Each genre runs on its bundled corpus's first SAMPLE puzzles (data/GENRE/*.jsonl), or on
puzzles made by `gridsat generate` where it has none, alone and repeated under other names to
about --work CPU seconds: the CPU past the fixed cost is the difference of the two runs (the
same puzzles), over the puzzles added; on the genre's default backend and encoding.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MADE = {"numbrix": "6x6", "magic": "4x4", "loop": "6x6", "zebra": "4x4"}
"""The size made for a genre with no bundled corpus: its puzzles take a few ms, as the others'."""

SAMPLE = 10
"""Distinct puzzles per genre: the corpus's first ones."""

WAYS = {
    "jobs 1": [],
    "jobs 2": ["--jobs", "2"],
    "local:1": ["--cluster", "local:1"],
    "local:2": ["--cluster", "local:2"],
}


def children_cpu() -> float:
    """CPU seconds of every finished, collected descendant of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(genre: str, corpus: Path, how: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, puzzles) of one `gridsat bench` run, on the genre's default
    encoding."""
    from gridsat.registry import get_genre

    encoding = get_genre(genre).default_encoding
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.jsonl"
        cpu, start = children_cpu(), time.perf_counter()
        run = subprocess.run(
            [sys.executable, "-m", "gridsat", "bench", genre, str(corpus), "-e", encoding,
             "--out", str(out), *how],
            capture_output=True, text=True,
        )  # fmt: skip
        wall = time.perf_counter() - start
        if run.returncode != 0:
            raise SystemExit(f"{genre} {' '.join(how)}: exit {run.returncode}: {run.stderr}")
        return wall, children_cpu() - cpu, len(out.read_text().splitlines())


def corpus_rows(genre: str) -> list[dict[str, object]]:
    """The first SAMPLE puzzles of the genre's bundled corpus, or SAMPLE made by `gridsat
    generate`."""
    files = sorted((ROOT / "data" / genre).glob("*.jsonl"), key=lambda p: p.stem != "corpus")
    files = [p for p in files if not p.stem.startswith("generated")] or files
    if files:
        lines = [line for line in files[0].read_text().splitlines() if line.strip()]
        return [json.loads(line) for line in lines[:SAMPLE]]
    made = subprocess.run(
        [sys.executable, "-m", "gridsat", "generate", genre, "--size", MADE[genre], "--seed",
         "1", "--count", str(SAMPLE), "--json"],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return [json.loads(line) for line in made.stdout.splitlines()]


def write(path: Path, rows: list[dict[str, object]], copies: int) -> Path:
    """``rows`` ``copies`` times over, each under a name of its own."""
    path.write_text(
        "".join(
            json.dumps({**row, "name": f"c{copy}-{number}"}) + "\n"
            for copy in range(copies)
            for number, row in enumerate(rows)
        )
    )
    return path


def task_overhead(tasks: int = 2000) -> tuple[float, float]:
    """Seconds of wall time and of this process's CPU per empty task on 2 local workers."""
    import distributed

    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=logging.CRITICAL
        ) as c,
        distributed.Client(c) as client,
    ):
        client.gather(client.map(int, range(10), pure=False))  # warm up
        start, cpu = time.perf_counter(), time.process_time()
        client.gather(client.map(int, range(tasks), pure=False))
        return (time.perf_counter() - start) / tasks, (time.process_time() - cpu) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genres", default="all")
    parser.add_argument("--skip", default="", help="genres left out, G1,G2")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--work", type=float, default=4.0, help="CPU seconds of solving aimed at per run"
    )
    args = parser.parse_args()
    from gridsat.registry import all_genres

    names = [g.name for g in all_genres()] if args.genres == "all" else args.genres.split(",")
    names = [n for n in names if n not in args.skip.split(",")]
    folder = Path(tempfile.mkdtemp())
    print("genre     puzzles | puzzles/s: jobs 1 jobs 2 local:1 local:2 | CPU ms per puzzle past "
          "the fixed cost: jobs 1 jobs 2 local:1 local:2 | fixed CPU s: jobs 1 local:1 local:2",
          flush=True)  # fmt: skip
    for name in names:
        if not list((ROOT / "data" / name).glob("*.jsonl")) and name not in MADE:
            continue
        rows = corpus_rows(name)
        small = write(folder / f"{name}-small.jsonl", rows, 1)
        _, cpu, count = one_run(name, small, [])  # a guess at the work, to size the corpus
        copies = max(2, min(40, math.ceil(args.work / max(cpu / count, 1e-3) / count)))
        big = write(folder / f"{name}.jsonl", rows, copies)
        rate, per, fixed = {}, {}, {}
        for label, how in WAYS.items():
            runs = [one_run(name, big, how) for _ in range(args.repeat)]
            alone = [one_run(name, small, how) for _ in range(args.repeat)]
            wall = statistics.median(r[0] for r in runs)
            cpu_big = statistics.median(r[1] for r in runs)
            cpu_small = statistics.median(r[1] for r in alone)
            rate[label] = runs[0][2] / wall
            per[label] = 1000 * (cpu_big - cpu_small) / (runs[0][2] - count)
            fixed[label] = cpu_small - count * per[label] / 1000
        print(f"{name:9} {runs[0][2]:7} | "
              + " ".join(f"{rate[w]:6.1f}" for w in WAYS) + " | "
              + " ".join(f"{per[w]:6.1f}" for w in WAYS) + " | "
              + " ".join(f"{fixed[w]:5.2f}" for w in ("jobs 1", "local:1", "local:2")),
              flush=True)  # fmt: skip
    wall, cpu = task_overhead()
    print(f"Dask, an empty task on 2 local workers: {wall * 1000:.2f} ms wall, "
          f"{cpu * 1000:.2f} ms of the client's CPU")  # fmt: skip


if __name__ == "__main__":
    main()
