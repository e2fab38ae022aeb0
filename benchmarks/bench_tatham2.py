"""gridsat against Simon Tatham's own solvers on the second corpus of his collection's games
(../shared/corpus/tatham2): per genre and parameter set, the median CPU time of build + solve +
proof of uniqueness, next to the median of his solver's CPU time, each answer checked by the
genre's checker and compared with his solution.

    python benchmarks/bench_tatham2.py unequal undead map [--encodings all] [--backends ...]
        [--repeat 3]

Genres are named as Tatham names them (his file names) or as gridsat does. ``--encodings all``
times every encoding of the genre (on each of ``--backends``, default the genre's default
backend), to choose the default by the figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import time
from collections import defaultdict
from pathlib import Path

from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tatham2"


def cpu() -> float:
    """CPU seconds of this process and its children (a long search moves to a child)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="+", help="Tatham's names of the games (or gridsat's)")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--encodings", default="", help="comma-separated, or 'all'")
    parser.add_argument("--backends", default="", help="comma-separated (default: the genre's)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle (the median)")
    args = parser.parse_args()
    for name in args.genres:
        genre = get_genre(name)
        path = args.corpus / f"{name}.jsonl"
        if not path.exists():
            path = next(
                p for p in args.corpus.glob("*.jsonl") if get_genre(p.stem).name == genre.name
            )
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        encodings = (
            list(genre.encodings)
            if args.encodings == "all"
            else [e for e in args.encodings.split(",") if e] or [genre.default_encoding]
        )
        backends = [b for b in args.backends.split(",") if b] or [genre.default_backend]
        print(f"## {genre.name} ({path.name}, {len(rows)} puzzles)\n")
        print("| params | n | Tatham ms | " + " | ".join(f"{b} {e}" for b in backends
                                                        for e in encodings) + " |")  # fmt: skip
        print("|---|---|---|" + "---|" * (len(backends) * len(encodings)))
        groups: dict[str, list[dict[str, object]]] = defaultdict(list)
        for row in rows:
            groups[str(row["params"])].append(row)
        worst = 0.0
        for params, group in groups.items():
            cells = []
            for backend_name in backends:
                backend = get_backend(backend_name)
                for encoding in encodings:
                    times = []
                    for row in group:
                        puzzle = genre.parse(str(row["id"]))
                        runs = []
                        for _ in range(args.repeat):
                            start = cpu()
                            outcome = solve(genre, puzzle, backend, encoding, limit=2)
                            runs.append(cpu() - start)
                        assert outcome.status == "unique", (row["id"], outcome.status)
                        found = outcome.solutions[0]
                        assert genre.check(puzzle, found) == [], row["id"]
                        assert genre.to_json(puzzle, found) == row["solution"], row["id"]
                        times.append(statistics.median(runs) * 1000)
                        worst = max(worst, times[-1])
                    cells.append(f"{statistics.median(times):.2f}")
            tatham = statistics.median(float(str(r["tatham_solve_ms"])) for r in group)
            print(f"| `{params}` | {len(group)} | {tatham:.4f} | " + " | ".join(cells) + " |")
        print(f"\nslowest puzzle: {worst:.1f} ms\n")


if __name__ == "__main__":
    main()
