"""What a small solve's whole process costs, against loading the SAT solvers alone: the start-up
budget. A whole `gridsat solve signpost data/signpost/seed.txt --unique` may take up to 1.5x
`python -c "import pysat.solvers"` on the same machine.

    python benchmarks/bench_startup.py [--runs 21]

The two commands run in turn (interleaved, so that a busy spell of a shared machine falls on
both), each as a fresh process; the medians of each one's CPU time (user + system, the child's
own, from os.wait4) and wall time, and their ratio. The gridsat measured is the one this Python
imports (PYTHONPATH first), run from the current folder: to measure another checkout, run this
script from that checkout's folder with its package first on PYTHONPATH. Both read their
compiled bytecode from a cache of their own (PYTHONPYCACHEPREFIX, a new temporary folder, filled
by a first run of each), as an installed package's is: a run that compiled every module it
loads would measure the compiler (and PYTHONDONTWRITEBYTECODE is dropped for the runs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

GOAL = 1.5
"""The most a small solve's whole process may cost, as a multiple of loading the SAT solvers."""

SOLVE = ["-m", "gridsat", "solve", "signpost", "data/signpost/seed.txt", "--unique"]
BASELINE = ["-c", "import pysat.solvers"]


def run(arguments: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one fresh ``python ARGUMENTS``, its
    output dropped; an error if it fails."""
    quiet = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
    start = time.perf_counter()
    pid = os.posix_spawn(sys.executable, [sys.executable, *arguments], env, file_actions=quiet)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"python {' '.join(arguments)} failed: {status}")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> int:
    """Measure both, interleaved, and print the medians, the ratios and the goal."""
    grammar = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    grammar.add_argument("--runs", type=int, default=21, help="runs of each (default 21)")
    args = grammar.parse_args()
    where = subprocess.run(
        [sys.executable, "-c", "import gridsat; print(gridsat.__file__)"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    print(f"gridsat: {where}")
    print(f"python:  {sys.version.split()[0]} ({sys.executable})")
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        run(SOLVE, env), run(BASELINE, env)  # (once each first: bytecode written, files cached)
        solve: list[tuple[float, float]] = []
        baseline: list[tuple[float, float]] = []
        for _ in range(args.runs):
            solve.append(run(SOLVE, env))
            baseline.append(run(BASELINE, env))
    rows = []
    for name, kind in (("CPU", 0), ("wall", 1)):
        ours = statistics.median(r[kind] for r in solve)
        theirs = statistics.median(r[kind] for r in baseline)
        rows.append((name, ours, theirs, ours / theirs))
    print(f"medians of {args.runs} interleaved runs each, in ms:")
    print(f"{'':6}{'gridsat solve':>15}{'import pysat.solvers':>22}{'ratio':>8}")
    for name, ours, theirs, ratio in rows:
        print(f"{name:6}{1000 * ours:15.1f}{1000 * theirs:22.1f}{ratio:7.2f}x")
    cpu = rows[0][3]
    verdict = "met" if cpu <= GOAL else "missed"
    print(f"goal: CPU ratio <= {GOAL}x: {verdict} ({cpu:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
