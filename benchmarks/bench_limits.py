"""How well the limits hold: wall time of `gridsat solve -t T` on boards no backend finishes,
how long Ctrl-C takes to end a solve, and what running each solve in a child process costs.

    python benchmarks/bench_limits.py [--limit 2] [--runs 3]

Medians over the runs; the machine is shared, so read the ratios more than the milliseconds.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BACKENDS = [
    "cpsat",
    "cpsat:1",
    "sat:cadical195",
    "sat:kissat404",
    "sat:glucose4",
    "sat:minisat22",
    "sat:lingeling",
]


def hard_board(backend: str) -> bytes:
    """An empty magic square beyond the backend's reach (order 12 for CP-SAT, 7 for SAT)."""
    order = 12 if backend.startswith("cpsat") else 7
    return "\n".join(" ".join("_" * order) for _ in range(order)).encode()


def timed_run(backend: str, limit: float) -> float:
    """Seconds from start to exit of one time-limited solve."""
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "gridsat", "solve", "magic", "-", "-b", backend, "-t", str(limit)],
        input=hard_board(backend),
        capture_output=True,
        cwd=ROOT,
    )
    took = time.perf_counter() - start
    if result.returncode != 4:
        raise SystemExit(f"{backend}: expected exit 4, got {result.returncode}: {result.stderr!r}")
    return took


def interrupted_run(backend: str, after: float) -> float:
    """Seconds from SIGINT to exit of a solve interrupted ``after`` seconds in."""
    with tempfile.TemporaryFile() as source:
        source.write(hard_board(backend))
        source.seek(0)
        process = subprocess.Popen(
            [sys.executable, "-m", "gridsat", "solve", "magic", "-", "-b", backend],
            stdin=source,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
    time.sleep(after)
    sent = time.perf_counter()
    process.send_signal(signal.SIGINT)
    process.wait()
    if process.returncode != 130:
        raise SystemExit(f"{backend}: expected exit 130 on Ctrl-C, got {process.returncode}")
    return time.perf_counter() - sent


def startup(runs: int) -> float:
    """Median wall time of `gridsat genres` (start-up alone), to subtract from the runs."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gridsat", "genres"], capture_output=True, cwd=ROOT)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def isolation_cost(runs: int) -> tuple[float, float]:
    """Median seconds of the Signpost seed solved and proved unique: in this process, and in a
    child process."""
    from gridsat.pipeline import solve, solve_isolated
    from gridsat.registry import get_genre
    from gridsat.solvers import get_backend

    genre = get_genre("signpost")
    puzzle = genre.parse((ROOT / "data/signpost/seed.txt").read_text())
    backend = get_backend(genre.default_backend)
    inside, child = [], []
    for _ in range(runs):
        start = time.perf_counter()
        solve(genre, puzzle, backend, limit=2)
        inside.append(time.perf_counter() - start)
        start = time.perf_counter()
        solve_isolated(genre, backend, puzzle=puzzle, limit=2)
        child.append(time.perf_counter() - start)
    return statistics.median(inside), statistics.median(child)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=2.0, help="the time limit (s)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--backends", default=",".join(BACKENDS))
    args = parser.parse_args()
    base = startup(args.runs)
    print(f"start-up (gridsat genres): {base * 1000:.0f} ms")
    inside, child = isolation_cost(max(30, args.runs))
    print(
        f"signpost seed, solve + unique: {inside * 1000:.2f} ms in process, "
        f"{child * 1000:.2f} ms in a child (+{(child - inside) * 1000:.2f} ms)"
    )
    print(f"{'backend':16} {'-t':>4} {'wall (s)':>9} {'past limit':>11} {'Ctrl-C to exit':>15}")
    for backend in args.backends.split(","):
        walls = [timed_run(backend, args.limit) for _ in range(args.runs)]
        stops = [interrupted_run(backend, 2.0) for _ in range(args.runs)]
        wall = statistics.median(walls)
        print(
            f"{backend:16} {args.limit:4.1f} {wall:9.2f} {wall - args.limit - base:10.2f}s "
            f"{statistics.median(stops) * 1000:13.0f}ms"
        )


if __name__ == "__main__":
    main()
