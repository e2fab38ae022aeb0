"""Magic boards: the seed board on every backend and encoding, and empty boards by order.

    python benchmarks/bench_magic.py                 # seed table, then orders 3..12 (10 s each)
    python benchmarks/bench_magic.py --baseline      # also time the seed's own search (6 s)

The seed board is built, solved and proved unique (median of ``--repeat`` runs, per phase);
empty boards of order 3..12 (numbers 1..n^2) are solved once each within ``--time-limit``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

HERE = Path(__file__).resolve().parent
SEED = HERE.parent / "data" / "magic" / "seed.txt"
BACKENDS = "cpsat,cpsat:1,sat:cadical195,sat:glucose4,sat:kissat404,sat:minisat22"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backends", default=BACKENDS)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--orders", default="3-12")
    ap.add_argument("--empty-backends", default="cpsat,cpsat:1,sat:cadical195,sat:glucose4")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--baseline", action="store_true", help="time the seed's own search too")
    args = ap.parse_args()
    magic = get_genre("magic")
    seed = magic.parse(SEED.read_text())
    print(
        f"{'backend':16} {'encoding':8} {'build':>8} {'solve':>8} {'unique':>8} {'total':>8}"
        "   (ms, medians; seed board)"
    )
    for name in args.backends.split(","):
        for encoding in magic.encodings:
            runs = []
            for _ in range(args.repeat):
                times: dict[str, float] = {}
                out = solve(magic, seed, get_backend(name), encoding, limit=2, times=times)
                assert out.status == "unique", (name, encoding, out.status)
                runs.append(times)
            med = {k: statistics.median(r[k] for r in runs) * 1000 for k in runs[0]}
            total = med["build"] + med["solve"] + med["unique"]
            print(
                f"{name:16} {encoding:8} {med['build']:8.1f} {med['solve']:8.1f} "
                f"{med['unique']:8.1f} {total:8.1f}"
            )
    if args.baseline:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, str(HERE / "seed_magic.py"), "--repeat", "1"],
            check=True,
            capture_output=True,
        )
        print(
            f"seed's best-first search (benchmarks/seed_magic.py): "
            f"{(time.perf_counter() - start) * 1000:.0f} ms, including start-up"
        )
    low, high = (int(v) for v in args.orders.split("-"))
    print(f"\nempty boards, numbers 1..n^2, one solution within {args.time_limit:g} s:")
    for name in args.empty_backends.split(","):
        largest = 0
        for order in range(low, high + 1):
            puzzle = magic.parse("\n".join(["_ " * order] * order))
            times = {}
            out = solve(
                magic,
                puzzle,
                get_backend(name),
                "integer",
                limit=1,
                time_limit=args.time_limit,
                times=times,
            )
            took = times["build"] + times["solve"]
            print(f"  {name:16} order {order:2}: {out.status:8} {took:7.2f} s", flush=True)
            if out.status == "solved":
                largest = order
        print(f"  {name}: largest order found: {largest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
