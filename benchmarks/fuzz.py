"""The long fuzz run: tests/test_fuzz.py with many examples, and a tally of what came out.

    python benchmarks/fuzz.py --examples 10000      # examples per genre (split over three kinds)

Prints, per genre and kind of input, how many examples ran and how each ended (exit code).
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = {0: "solved", 1: "no solution", 2: "bad input", 3: "not unique", 4: "limit"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="per genre (default 10000)")
    parser.add_argument("-k", default=None, help="only the tests matching this (pytest -k)")
    args = parser.parse_args()
    per_kind = -(-args.examples // 3)
    with tempfile.TemporaryDirectory() as tmp:
        tally = Path(tmp) / "tally.tsv"
        env = {
            **os.environ,
            "GRIDSAT_FUZZ_EXAMPLES": str(per_kind),
            "GRIDSAT_FUZZ_TALLY": str(tally),
        }
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        command += [str(ROOT / "tests" / "test_fuzz.py")] + (["-k", args.k] if args.k else [])
        code = subprocess.call(command, env=env, cwd=ROOT)
        lines = tally.read_text().splitlines() if tally.exists() else []
    rows = [line.split("\t") for line in lines]
    counts: dict[tuple[str, str], collections.Counter[str]] = collections.defaultdict(
        collections.Counter
    )
    for genre, kind, exit_code in rows:
        counts[genre, kind][NAMES.get(int(exit_code), f"exit {exit_code}")] += 1
    print(f"{'genre':10} {'kind':9} {'runs':>6}  outcomes")
    totals: collections.Counter[str] = collections.Counter()
    for (genre, kind), outcomes in sorted(counts.items()):
        totals[genre] += sum(outcomes.values())
        shown = ", ".join(f"{name} {n}" for name, n in outcomes.most_common())
        print(f"{genre:10} {kind:9} {sum(outcomes.values()):6}  {shown}")
    for genre, n in sorted(totals.items()):
        print(f"{genre}: {n} runs")
    print("all well-behaved" if code == 0 else "FAILURES: see the pytest output above")
    return code


if __name__ == "__main__":
    sys.exit(main())
