"""Time the room genres' encodings and backends side by side on their benchmark boards
(``data/GENRE/boards.jsonl``): per size, the median CPU milliseconds of build + solve + proof of
uniqueness, in this process.

    python benchmarks/bench_rooms.py heyawake [--backends cpsat,sat:cadical195,sat:minicard]
        [--encodings cuts,levels] [--repeat 3] [--params card=totalizer]
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

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre")
    ap.add_argument("--backends", default="cpsat,sat:cadical195,sat:minicard")
    ap.add_argument("--encodings", default="")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--largest", type=int, default=10_000, help="skip boards of more cells")
    ap.add_argument("--params", default="", help="name=value,... for every backend")
    args = ap.parse_args()
    genre = get_genre(args.genre)
    encodings = args.encodings.split(",") if args.encodings else list(genre.encodings)
    params = dict(p.split("=", 1) for p in args.params.split(",") if p)
    rows = [json.loads(line) for line in (ROOT / "data" / genre.data / "boards.jsonl").open()]
    times: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    sizes: list[str] = []
    for row in rows:
        puzzle = genre.read(row["id"])
        if puzzle.width * puzzle.height > args.largest:
            continue
        size = row["params"]
        sizes += [size] if size not in sizes else []
        for backend in args.backends.split(","):
            for encoding in encodings:
                runs = []
                for _ in range(args.repeat):
                    start = time.process_time()
                    outcome = solve(
                        genre, puzzle, get_backend(backend), encoding, limit=2, params=params
                    )
                    runs.append(time.process_time() - start)
                    assert outcome.status == "unique", (row["id"], backend, encoding)
                times[size, backend, encoding].append(statistics.median(runs) * 1000)
    pairs = [(b, e) for b in args.backends.split(",") for e in encodings]
    print("| size | n | " + " | ".join(f"{b} {e}" for b, e in pairs) + " |")
    print("| --- | --- |" + " --- |" * len(pairs))
    for size in sizes:
        n = len(times[(size, pairs[0][0], pairs[0][1])])
        cells = [f"{statistics.median(times[size, b, e]):.1f}" for b, e in pairs]
        print(f"| {size} | {n} | " + " | ".join(cells) + " |")
    print("\nmedian CPU ms of build + solve + proof of uniqueness")


if __name__ == "__main__":
    main()
