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

ARGUMENTS = ["solve", "signpost", "data/signpost/seed.txt", "--unique"]
BASELINE = [sys.executable, "-c", "import pysat.solvers"]


def command() -> list[str]:
    """The ``gridsat`` console script beside this Python, else ``python -m gridsat``."""
    script = os.path.join(os.path.dirname(sys.executable), "gridsat")
    return [script] if os.access(script, os.X_OK) else [sys.executable, "-m", "gridsat"]


def run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one fresh process running ``argv``, its
    output dropped; an error if it fails."""
    quiet = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=quiet)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {status}")
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
    solve = [*command(), *ARGUMENTS]
    print(f"gridsat: {where}, run as {' '.join(solve)}")
    print(f"python:  {sys.version.split()[0]} ({sys.executable})")
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as cache:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        run(solve, env), run(BASELINE, env)  # (once each first: bytecode written, files cached)
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for _ in range(args.runs):
            ours.append(run(solve, env))
            theirs.append(run(BASELINE, env))
    rows = []
    for name, kind in (("CPU", 0), ("wall", 1)):
        mine = statistics.median(r[kind] for r in ours)
        base = statistics.median(r[kind] for r in theirs)
        rows.append((name, mine, base, mine / base))
    print(f"medians of {args.runs} interleaved runs each, in ms:")
    print(f"{'':6}{'gridsat solve':>15}{'import pysat.solvers':>22}{'ratio':>8}")
    for name, mine, base, ratio in rows:
        print(f"{name:6}{1000 * mine:15.1f}{1000 * base:22.1f}{ratio:7.2f}x")
    cpu = rows[0][3]
    verdict = "met" if cpu <= GOAL else "missed"
    print(f"goal: CPU ratio <= {GOAL}x: {verdict} ({cpu:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
