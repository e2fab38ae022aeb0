"""Time a genre's corpus per backend and encoding: median of repeats, per phase.

    python benchmarks/bench.py signpost data/signpost/corpus.jsonl --only 20x20c
    python benchmarks/bench.py signpost data/signpost/corpus.jsonl --backends cpsat,sat:glucose4

Each run parses, builds a fresh model, loads it into a fresh solver, solves, and proves the
solution unique (a second solve; not with ``--solve-only``); every solution passes the checker
and, when proved unique, is compared with the known one. The table
gives, per puzzle group (the corpus's ``params``, else the board size), backend and encoding, the
median over puzzles of each puzzle's median over repeats, and the ratio of the total to the
best pair's total.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from gridsat.genres import get_genre
from gridsat.pipeline import parse, solve
from gridsat.solvers import all_backends, get_backend

PHASES = ("parse", "build", "solve", "unique")
DEFAULT_BACKENDS = "cpsat,cpsat:1,sat:cadical195,sat:kissat404,sat:glucose4,sat:minisat22"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre")
    ap.add_argument("corpus", type=Path, help="JSON lines: `puzzle` or `id`, and `solution`")
    ap.add_argument("--backends", default=DEFAULT_BACKENDS, help="comma-separated, or `all`")
    ap.add_argument("--encodings", default="all", help="comma-separated, or `all`")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", help="keep the puzzles whose group is one of these (comma-sep.)")
    ap.add_argument("--no-prune", action="store_true", help="build without domain pruning")
    ap.add_argument("--solve-only", action="store_true", help="find one solution, no proof")
    ap.add_argument("--time-limit", type=float, default=60.0, help="per run, in seconds")
    ap.add_argument("--json", type=Path, help="also write every measurement here")
    args = ap.parse_args()

    genre = get_genre(args.genre)
    if args.backends == "all":
        backends = [b for b in all_backends() if b.unavailable() is None]
    else:
        backends = [get_backend(name) for name in args.backends.split(",")]
    encodings = genre.encodings if args.encodings == "all" else tuple(args.encodings.split(","))
    rows = [json.loads(line) for line in args.corpus.read_text().splitlines() if line.strip()]
    only = set(args.only.split(",")) if args.only else None

    # Warm up: import each solver library once, so no puzzle pays for it.
    warm = genre.parse(genre.example)
    for backend in backends:
        solve(genre, warm, backend, encodings[0])

    # per (group, backend, encoding): per puzzle, per phase: list of repeat times
    found: dict[tuple[str, str, str], list[dict[str, float]]] = defaultdict(list)
    records: list[dict[str, Any]] = []
    failures = 0
    for row in rows:
        text = row.get("puzzle") or row["id"]
        puzzle = genre.parse(text)
        group = row.get("params") or _size(row["solution"])
        if only and group not in only:
            continue
        for backend in backends:
            for encoding in encodings:
                runs: list[dict[str, float]] = []
                for _ in range(args.repeat):
                    times: dict[str, float] = {}
                    start = time.perf_counter()
                    parse(genre, text, times)
                    outcome = solve(
                        genre,
                        puzzle,
                        backend,
                        encoding,
                        limit=1 if args.solve_only else 2,
                        time_limit=args.time_limit,
                        prune=not args.no_prune,
                        times=times,
                    )
                    times["total"] = time.perf_counter() - start
                    if args.solve_only:  # checked by the pipeline; may differ from the known one
                        ok = outcome.status == "solved"
                    else:
                        ok = (
                            outcome.status == "unique"
                            and genre.to_json(puzzle, outcome.solutions[0]) == row["solution"]
                        )
                    if not ok:
                        failures += 1
                        print(
                            f"FAIL {group} {backend.name} {encoding}: {outcome.status}",
                            file=sys.stderr,
                        )
                    runs.append(times)
                    records.append(
                        {
                            "group": group,
                            "backend": backend.name,
                            "encoding": encoding,
                            "status": outcome.status,
                            **times,
                        }
                    )
                found[(group, backend.name, encoding)].append(
                    {k: statistics.median(r[k] for r in runs) for k in (*PHASES, "total")}
                )
    _print_table(found)
    if args.json:
        args.json.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return 1 if failures else 0


def _size(solution: list[list[int]]) -> str:
    return f"{len(solution[0])}x{len(solution)}"


def _print_table(found: dict[tuple[str, str, str], list[dict[str, float]]]) -> None:
    """One line per group, backend and encoding, fastest first within each group."""
    groups: dict[str, list[tuple[str, str, dict[str, float]]]] = defaultdict(list)
    for (group, backend, encoding), per_puzzle in found.items():
        med = {k: statistics.median(p[k] for p in per_puzzle) for k in (*PHASES, "total")}
        med["max"] = max(p["total"] for p in per_puzzle)
        groups[group].append((backend, encoding, med))
    head = (
        f"{'group':9} {'backend':16} {'encoding':9} {'parse':>8} {'build':>8} {'solve':>8} "
        f"{'unique':>8} {'total':>8} {'worst':>8} {'ratio':>6}   (ms; medians)"
    )
    print(head)
    for group, entries in groups.items():
        entries.sort(key=lambda e: e[2]["total"])
        best = entries[0][2]["total"]
        for backend, encoding, med in entries:
            cells = " ".join(f"{med[k] * 1000:8.2f}" for k in (*PHASES, "total", "max"))
            print(f"{group:9} {backend:16} {encoding:9} {cells} {med['total'] / best:6.2f}")


if __name__ == "__main__":
    sys.exit(main())
