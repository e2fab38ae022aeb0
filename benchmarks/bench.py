"""Time a genre's corpus per backend and encoding: median of repeats, per phase.

    python benchmarks/bench.py signpost data/signpost/corpus.jsonl --only 20x20c
    python benchmarks/bench.py signpost data/signpost/corpus.jsonl --backends cpsat,sat:glucose4
    python benchmarks/bench.py sudoku data/sudoku/tatham.jsonl --markdown


Each run parses, builds a fresh model, loads it into a fresh solver, solves, and proves the
solution unique (a second solve; not with ``--solve-only``); every solution passes the checker
and, when proved unique, is compared with the known one. The table
gives, per puzzle group (the corpus's ``params``, else the board size), backend and encoding, the
median over puzzles of each puzzle's median over repeats, and the ratio of the total to the
best pair's total. ``build`` is split into ``model`` (the genre's builder, timed on its own) and
``load`` (the backend's translation and solver set-up: the run's build time less the model's,
so a noisy estimate, never below 0). When the corpus records
``tatham_solve_ms`` (Simon Tatham's own solver's CPU time), the table gives its median per group
and the ratio of gridsat's total to it: the median over the group's puzzles of each puzzle's
ratio, and the worst ratio over the puzzles where his solver needs 1 ms or more. His times
are CPU times: ``--cpu`` makes the total this process's CPU time too (the phases stay wall
times), which a busy machine disturbs far less than wall time.
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

from gridsat.pipeline import parse, solve
from gridsat.registry import get_genre
from gridsat.solvers import all_backends, get_backend

PHASES = ("parse", "model", "load", "solve", "unique")
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
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="total as this process's CPU time (as Tatham's figures are), not wall time: steadier "
        "on a shared machine; a multi-worker CP-SAT counts every worker's time",
    )
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
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
    tatham: dict[str, list[float]] = defaultdict(list)
    records: list[dict[str, Any]] = []
    failures = 0
    for row in rows:
        text = row.get("puzzle") or row["id"]
        puzzle = genre.parse(text)
        group = row.get("params") or _size(row["solution"])
        if only and group not in only:
            continue
        if "tatham_solve_ms" in row:
            tatham[group].append(row["tatham_solve_ms"] / 1000)
        for backend in backends:
            for encoding in encodings:
                runs: list[dict[str, float]] = []
                for _ in range(args.repeat):
                    times: dict[str, float] = {}
                    start = time.perf_counter()
                    genre.build(puzzle, encoding, prune=not args.no_prune)
                    times["model"] = time.perf_counter() - start
                    start, cpu = time.perf_counter(), time.process_time()
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
                    times["cpu"] = time.process_time() - cpu
                    if args.cpu:
                        times["wall"], times["total"] = times["total"], times["cpu"]
                    times["load"] = max(0.0, times["build"] - times["model"])
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
                med = {k: statistics.median(r[k] for r in runs) for k in (*PHASES, "total")}
                if "tatham_solve_ms" in row:
                    med["tatham"] = row["tatham_solve_ms"] / 1000
                found[(group, backend.name, encoding)].append(med)
    _print_table(found, args.markdown, "cpu" if args.cpu else "total")
    if args.json:
        args.json.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return 1 if failures else 0


def _size(solution: list[list[int]]) -> str:
    return f"{len(solution[0])}x{len(solution)}"


def _print_table(
    found: dict[tuple[str, str, str], list[dict[str, float]]], md: bool, total: str
) -> None:
    """One line per group, backend and encoding, fastest first within each group."""
    groups: dict[str, list[tuple[str, str, dict[str, float]]]] = defaultdict(list)
    for (group, backend, encoding), per_puzzle in found.items():
        med = {k: statistics.median(p[k] for p in per_puzzle) for k in (*PHASES, "total")}
        med["max"] = max(p["total"] for p in per_puzzle)
        theirs = [p for p in per_puzzle if "tatham" in p]
        if theirs:
            med["tatham"] = statistics.median(p["tatham"] for p in theirs)
            med["x"] = statistics.median(p["total"] / p["tatham"] for p in theirs)
            slow = [p["total"] / p["tatham"] for p in theirs if p["tatham"] >= 0.001]
            med["x1ms"] = max(slow) if slow else float("nan")
        groups[group].append((backend, encoding, med))
    names = ["group", "backend", "encoding", *PHASES, total, "worst", "ratio"]
    names += ["tatham", "x tatham", "x t>=1ms"]
    if md:
        print("| " + " | ".join(names) + " |")
        print("|" + "---|" * len(names))
    else:
        print(f"{'group':9} {'backend':16} {'encoding':9} "
              + " ".join(f"{n:>8}" for n in names[3:]) + "   (ms; medians)")  # fmt: skip
    for group, entries in groups.items():
        entries.sort(key=lambda e: e[2]["total"])
        best = entries[0][2]["total"]
        for backend, encoding, med in entries:
            cells = [f"{med[k] * 1000:.2f}" for k in (*PHASES, "total", "max")]
            cells.append(f"{med['total'] / best:.2f}")
            if "tatham" in med:
                cells += [f"{med['tatham'] * 1000:.3f}", f"{med['x']:.0f}", f"{med['x1ms']:.1f}"]
            else:
                cells += ["-", "-", "-"]
            if md:
                print(f"| {group} | {backend} | {encoding} | " + " | ".join(cells) + " |")
            else:
                print(f"{group:9} {backend:16} {encoding:9} " + " ".join(f"{c:>8}" for c in cells))


if __name__ == "__main__":
    sys.exit(main())
