"""The genres of Simon Tatham's collection read since issue #33 against his own solver: per
genre and parameter set of the corpus (``data/GENRE/tatham.jsonl``), the median CPU time of
build + solve + proof of uniqueness on each encoding (or the default), against the median of his
solver's (``tatham_solve_ms``); the largest board of the corpus; a generated board of 4x its
area; and how the grade's score ranks the puzzles against his solver's time (Spearman).

    python benchmarks/bench_tatham2.py shikaku fillomino [--encodings] [--repeat 3]
        [--backend cpsat] [--no-large] [--grade]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import gridsat
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

DATA = Path(__file__).resolve().parent.parent / "data"


def cpu(genre: Any, puzzle: Any, backend: str, encoding: str, repeat: int) -> tuple[float, str]:
    """Median CPU ms of build + solve + uniqueness, and the status."""
    times, status = [], ""
    for _ in range(repeat):
        start = time.process_time()
        out = solve(genre, puzzle, get_backend(backend), encoding, limit=2)
        times.append((time.process_time() - start) * 1000)
        status = str(out.status)
        if out.solutions:
            assert not genre.check(puzzle, out.solutions[0])
    return statistics.median(times), status


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""

    def ranks(vs: list[float]) -> list[float]:
        order = sorted(range(len(vs)), key=lambda i: vs[i])
        out = [0.0] * len(vs)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and vs[order[j + 1]] == vs[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    a, b = ranks(xs), ranks(ys)
    ma, mb = statistics.mean(a), statistics.mean(b)
    num = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    den = math.sqrt(sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b))
    return num / den if den else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("genres", nargs="+")
    ap.add_argument("--encodings", action="store_true", help="every encoding, not the default")
    ap.add_argument("--backend", default="")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-large", action="store_true", help="leave out the 4x generated board")
    ap.add_argument("--grade", action="store_true", help="grade the corpus, rank against Tatham")
    args = ap.parse_args()
    for name in args.genres:
        genre = get_genre(name)
        rows = [
            json.loads(s) for s in (DATA / genre.data / "tatham.jsonl").read_text().split("\n") if s
        ]
        backend = args.backend or genre.default_backend
        encodings = genre.encodings if args.encodings else (genre.default_encoding,)
        solve(genre, genre.parse(genre.example), get_backend(backend), limit=2)  # warm up
        print(f"{name} ({backend}): median CPU ms of build + solve + unique, per parameter set")
        by: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for row in rows:
            by[row["params"]].append(row)
        print(
            f"  {'params':12} {'Tatham':>8} " + " ".join(f"{e:>11}" for e in encodings) + "  worst"
        )
        for params, group in by.items():
            his = statistics.median(r["tatham_solve_ms"] for r in group)
            ours, worst = [], 0.0
            for encoding in encodings:
                took = []
                for row in group:
                    ms, status = cpu(genre, genre.parse(row["id"]), backend, encoding, args.repeat)
                    assert status == "unique", (row["id"], encoding, status)
                    took.append(ms)
                ours.append(statistics.median(took))
                worst = max(worst, max(took))
            cells = " ".join(f"{t:11.2f}" for t in ours)
            print(f"  {params:12} {his:8.3f} {cells}  {worst:.1f}", flush=True)
        if args.grade:
            scores, his_ms = [], []
            for row in rows:
                graded = gridsat.grade(gridsat.read(name, row["id"]))
                scores.append(graded.score)
                his_ms.append(row["tatham_solve_ms"])
            qs = statistics.quantiles(scores, n=4)
            print(f"  grade scores: quartiles {', '.join(f'{q:.3f}' for q in qs)}, "
                  f"max {max(scores):.3f}; Spearman against Tatham's ms "
                  f"{spearman(scores, his_ms):.2f}")  # fmt: skip
        if not args.no_large:
            biggest = max(rows, key=lambda r: len(r["solution"]) * len(r["solution"][0]))
            puzzle = genre.parse(biggest["id"])
            for encoding in encodings:
                ms, status = cpu(genre, puzzle, backend, encoding, args.repeat)
                print(f"  largest ({biggest['params']}), {encoding}: {ms:.1f} ms ({status})")
            w = len(biggest["solution"][0]) * 2
            h = len(biggest["solution"]) * 2
            start = time.process_time()
            made = gridsat.generate(name, f"{w}x{h}", seed=1)
            took = (time.process_time() - start) * 1000
            for encoding in encodings:
                ms, status = cpu(genre, made.puzzle.data, backend, encoding, args.repeat)
                print(f"  generated {w}x{h} ({took:.0f} ms to make), {encoding}: {ms:.1f} ms "
                      f"({status})")  # fmt: skip


if __name__ == "__main__":
    main()
