"""A genre's own benchmark boards (data/GENRE/boards.jsonl, for genres with no public corpus):
per size, the median CPU time of parse + build + solve + proof of uniqueness on each backend
and encoding, side by side.

    python benchmarks/bench_boards.py yajilin
    python benchmarks/bench_boards.py numberlink --backends cpsat,sat:cadical195,sat:minicard
    python benchmarks/bench_boards.py yajilin --encodings edges,circuit --repeat 3

CPU time is this process's (``time.process_time``), as in bench_tatham2.py; every solution is
checked by the genre's checker and must be the one the board file holds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path

from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

DATA = Path(__file__).resolve().parent.parent / "data"
BACKENDS = "cpsat,sat:cadical195,sat:minicard,sat:glucose4"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genre")
    parser.add_argument("--backends", default=BACKENDS)
    parser.add_argument("--encodings", default="all", help="comma-separated, or all")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0, help="boards per size (0: all)")
    args = parser.parse_args()
    genre = get_genre(args.genre)
    encodings = genre.encodings if args.encodings == "all" else args.encodings.split(",")
    rows = [
        json.loads(line)
        for line in (DATA / genre.data / "boards.jsonl").read_text().split("\n")
        if line
    ]
    by_size: dict[str, list[dict[str, object]]] = defaultdict(list)
    for row in rows:
        if not args.limit or len(by_size[str(row["params"])]) < args.limit:
            by_size[str(row["params"])].append(row)
    runs = [(b, e) for b in args.backends.split(",") for e in encodings]
    print(f"{genre.name}: median CPU ms of parse + build + solve + uniqueness")
    print(f"{'size':>8} {'n':>3} " + " ".join(f"{b + '/' + e:>22}" for b, e in runs))
    for size, boards in sorted(by_size.items(), key=lambda kv: len(str(kv[1][0]["id"]))):
        cells = []
        for backend, encoding in runs:
            engine = get_backend(backend)
            times = []
            for row in boards:
                for _ in range(args.repeat):
                    start = time.process_time()
                    puzzle = genre.read(str(row["id"]))
                    outcome = solve(genre, puzzle, engine, encoding, limit=2)
                    times.append((time.process_time() - start) * 1000)
                    assert str(outcome.status) == "unique", (row["id"], outcome.status)
                    assert genre.check(puzzle, outcome.solutions[0]) == []
                    assert genre.to_json(puzzle, outcome.solutions[0]) == row["solution"]
            cells.append(f"{statistics.median(times):22.1f}")
        print(f"{size:>8} {len(boards):>3} " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
