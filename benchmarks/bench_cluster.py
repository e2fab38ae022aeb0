"""Throughput of `gridsat bench` on a Dask cluster against --jobs: puzzles per second (wall)
and CPU seconds per puzzle (every process of the run, workers and solver children included),
on 1 and 2 local workers and --jobs 1/2, medians over --repeat runs; and Dask's own cost of a
task (an empty one, submitted and gathered on a local cluster of 2 workers).

    python benchmarks/bench_cluster.py [--genre signpost] [--corpus data/signpost/corpus.jsonl]
        [--repeat 3] [--encoding position] [--copies 4]
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def children_cpu() -> float:
    """CPU seconds of every finished, collected descendant of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(genre: str, corpus: str, encoding: str, how: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, puzzles) of one `gridsat bench` run."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.jsonl"
        cpu, start = children_cpu(), time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "gridsat", "bench", genre, corpus, "-e", encoding,
             "--out", str(out), *how],
            check=True, capture_output=True,
        )  # fmt: skip
        wall = time.perf_counter() - start
        return wall, children_cpu() - cpu, len(out.read_text().splitlines())


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
    parser.add_argument("--genre", default="signpost")
    parser.add_argument("--corpus", default=str(ROOT / "data" / "signpost" / "corpus.jsonl"))
    parser.add_argument("--encoding", default="position")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--copies", type=int, default=4, help="the corpus this many times, under other names"
    )
    args = parser.parse_args()
    rows = Path(args.corpus).read_text().splitlines()
    corpus = Path(tempfile.mkdtemp()) / "corpus.jsonl"
    corpus.write_text(
        "".join(
            json.dumps({**json.loads(row), "name": f"c{copy}-{number}"}) + "\n"
            for copy in range(args.copies)
            for number, row in enumerate(rows)
        )
    )
    ways = {
        "--jobs 1": [],
        "--jobs 2": ["--jobs", "2"],
        "--cluster local:1": ["--cluster", "local:1"],
        "--cluster local:2": ["--cluster", "local:2"],
    }
    print(f"{'run':18} {'puzzles':>7} {'puzzles/s':>9} {'CPU ms/puzzle':>13} {'wall s':>7}")
    for label, how in ways.items():
        runs = [one_run(args.genre, str(corpus), args.encoding, how) for _ in range(args.repeat)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        count = runs[0][2]
        print(f"{label:18} {count:7} {count / wall:9.1f} {1000 * cpu / count:13.1f} {wall:7.2f}")
    wall, cpu = task_overhead()
    print(f"Dask, an empty task on 2 local workers: {wall * 1000:.2f} ms wall, "
          f"{cpu * 1000:.2f} ms of the client's CPU")  # fmt: skip


if __name__ == "__main__":
    main()
