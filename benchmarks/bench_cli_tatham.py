"""The command line against Simon Tatham's own solver where his needs 1 ms or more: per puzzle,
``gridsat solve GENRE ID --unique --json`` run as a person runs it, its own phase times (parse,
build, solve, unique) summed, the median of ``--repeat`` runs, beside the corpus's
``tatham_solve_ms``; then per parameter set the median ratio.

    python benchmarks/bench_cli_tatham.py [--corpus DIR ...] [--repeat 5] [--at-least 1.0]
"""

from __future__ import annotations

import argparse
import glob
import json
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"
GENRE = {"solo": "sudoku", "unequal": "futoshiki", "pearl": "masyu", "singles": "hitori"}


def phases_ms(genre: str, text: str) -> float:
    """The command's own parse, build, solve and unique times, in ms."""
    done = subprocess.run(
        [sys.executable, "-m", "gridsat", "solve", genre, text, "--unique", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    times = json.loads(done.stdout)["times"]
    return 1000 * sum(times.get(k, 0.0) for k in ("parse", "build", "solve", "unique"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", action="append", default=[])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--at-least", type=float, default=1.0, help="Tatham's ms, at least")
    args = parser.parse_args()
    corpora = args.corpus or [str(SHARED / "tatham"), str(SHARED / "tatham2")]
    ratios: defaultdict[tuple[str, str], list[float]] = defaultdict(list)
    print("| genre | params | Tatham ms | gridsat ms (command's phases) | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for corpus in corpora:
        for name in sorted(glob.glob(str(Path(corpus) / "*.jsonl"))):
            for line in Path(name).read_text().splitlines():
                record = json.loads(line)
                theirs = record.get("tatham_solve_ms")
                if theirs is None or theirs < args.at_least:
                    continue
                stem = Path(name).stem
                genre = record.get("genre") or GENRE.get(stem, stem)
                ours = statistics.median(phases_ms(genre, record["id"]) for _ in range(args.repeat))
                ratios[genre, record["params"]].append(ours / theirs)
                print(f"| {genre} | {record['params']} | {theirs:.2f} | {ours:.2f} | "
                      f"{ours / theirs:.2f} |", flush=True)  # fmt: skip
    for (genre, params), found in sorted(ratios.items()):
        print(f"{genre} {params}: median ratio {statistics.median(found):.2f} over {len(found)}")


if __name__ == "__main__":
    main()
