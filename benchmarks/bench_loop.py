"""∞ Loop on generated boards: parse, build, solve and check, per size and backend.

    python benchmarks/bench_loop.py --sizes 100,300,500 --backends sat:cadical195,cpsat
    python benchmarks/bench_loop.py --sizes 100 --baseline     # the seed's own solver too

Boards are random pipe layouts (each link a pipe with probability 0.6), every tile turned at
random; ``--net`` uses random spanning trees solved with ``--tree``. Times are medians over
``--repeat`` runs; the builder's time is also given per 1,000 tiles, to show it stays linear.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gridsat.genres import get_genre
from gridsat.parsers.loop import format_puzzle, parse
from gridsat.pipeline import solve
from gridsat.puzzles.loop import Loop, random_layout, random_tree_layout, scramble
from gridsat.solvers import get_backend

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,300,500")
    ap.add_argument("--backends", default="sat:cadical195,sat:glucose4,sat:kissat404,cpsat")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--net", action="store_true", help="spanning-tree boards, solved as trees")
    ap.add_argument("--time-limit", type=float, default=120.0)
    ap.add_argument("--baseline", action="store_true", help="time benchmarks/seed_loop.py too")
    args = ap.parse_args()
    loop = get_genre("loop")
    print(
        f"{'size':>5} {'backend':16} {'parse':>7} {'build':>7} {'solve':>7} {'total':>7} "
        f"{'ms/1k tiles (build)':>20}   (s, medians)"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        rng = random.Random(size)
        layout = random_tree_layout(size, size, rng) if args.net else random_layout(size, size, rng)
        text = format_puzzle(Loop(scramble(layout, rng)))
        for name in args.backends.split(","):
            runs = []
            for _ in range(args.repeat):
                times: dict[str, float] = {}
                start = time.perf_counter()
                puzzle = parse(text, tree=args.net)
                times["parse"] = time.perf_counter() - start
                out = solve(
                    loop,
                    puzzle,
                    get_backend(name),
                    limit=1,
                    time_limit=args.time_limit,
                    times=times,
                )
                times["total"] = time.perf_counter() - start
                if out.status != "solved":
                    print(f"  {size} {name}: {out.status}", file=sys.stderr)
                runs.append(times)
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            per_k = med["build"] / (size * size) * 1000 * 1000
            print(
                f"{size:5} {name:16} {med['parse']:7.2f} {med['build']:7.2f} "
                f"{med['solve']:7.2f} {med['total']:7.2f} {per_k:20.2f}",
                flush=True,
            )
        if args.baseline:
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write(text + "\n")
            start = time.perf_counter()
            done = subprocess.run(
                [
                    sys.executable,
                    str(HERE / "seed_loop.py"),
                    f.name,
                    "--limit",
                    str(args.time_limit),
                ],
                capture_output=True,
            )
            took = time.perf_counter() - start
            state = "timeout" if done.returncode == 3 else f"exit {done.returncode}"
            state = "solved" if done.returncode == 0 else state
            print(
                f"{size:5} {'seed solver':16} {'':7} {'':7} {'':7} {took:7.2f}   ({state})",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
