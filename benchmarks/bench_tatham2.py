"""The genres of Simon Tatham's collection against his own solver: per parameter set of the
corpus (data/GENRE/tatham.jsonl, copied from ../shared/corpus/tatham2), the median CPU time of
build + solve + proof of uniqueness, next to the median of his solver's ``tatham_solve_ms``;
then the largest board of the corpus, and a board of 4x its area, generated, each timed.

    python benchmarks/bench_tatham2.py dominosa galaxies
    python benchmarks/bench_tatham2.py unequal undead map --encodings all
    python benchmarks/bench_tatham2.py dominosa --encodings both,cells,pairs --repeat 5
    python benchmarks/bench_tatham2.py galaxies --large 30x30 --backends sat:cadical195,cpsat
    python benchmarks/bench_tatham2.py palisade --large 30x24,40x40 --share 0.4
    python benchmarks/bench_tatham2.py palisade --grade 30
    python benchmarks/bench_tatham2.py palisade --boards --encodings all --repeat 3

Goals (issue 33): every corpus puzzle under 50 ms; within 3x of Tatham's where his solver needs
1 ms or more; a 40x40 (or the largest sensible size) under 1 s. CPU time is this process's
(``time.process_time``) over parse, build, solve and the uniqueness proof: in process, so
start-up is left out (bench_startup.py measures it).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench_grade import spearman  # (this folder: a script's own folder is on its path)

from gridsat.generator import generate, size_of
from gridsat.grading import grade
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

DATA = Path(__file__).resolve().parent.parent / "data"


def timed(genre: Any, text: str, backend: str, encoding: str, repeat: int) -> tuple[float, str]:
    """The median CPU ms of parse + build + solve + uniqueness over ``repeat`` runs, and the
    status of the last."""
    found = []
    status = ""
    engine = get_backend(backend)
    for _ in range(repeat):
        start = time.process_time()
        puzzle = genre.parse(text)
        outcome = solve(genre, puzzle, engine, encoding, limit=2)
        found.append((time.process_time() - start) * 1000)
        status = str(outcome.status)
        for solution in outcome.solutions:
            assert genre.check(puzzle, solution) == []
    return statistics.median(found), status


def _by_params(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The rows of a JSON-lines file of puzzles, by parameter set, in the file's order."""
    by_params: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in path.open():
        row = json.loads(line)
        by_params[row["params"]].append(row)
    return by_params


def _times(
    genre: Any, group: list[dict[str, Any]], backend: str, encoding: str, repeat: int
) -> list[float]:
    """Each puzzle's CPU ms (``timed``), every one proved unique."""
    ours = []
    for row in group:
        ms, status = timed(genre, row["id"], backend, encoding, repeat)
        assert status == "unique", (row["id"], status)
        ours.append(ms)
    return ours


def corpus(name: str, backends: list[str], encodings: list[str], repeat: int) -> None:
    genre = get_genre(name)
    by_params = _by_params(DATA / genre.data / "tatham.jsonl")
    print(f"## {name}\n")
    head = "| params | n | Tatham ms |"
    runs = [(b, e) for b in backends for e in encodings]
    head += "".join(f" {b} {e} ms |" for b, e in runs)
    print(head)
    print("|" + "---|" * (3 + len(runs)))
    worst = 0.0
    for params, group in by_params.items():
        theirs = statistics.median(r["tatham_solve_ms"] for r in group)
        line = f"| `{params}` | {len(group)} | {theirs:.3g} |"
        for backend, encoding in runs:
            ours = _times(genre, group, backend, encoding, repeat)
            worst = max(worst, *ours)
            line += f" {statistics.median(ours):.3g} (max {max(ours):.3g}) |"
        print(line)
    print(f"\nslowest corpus puzzle: {worst:.3g} ms\n")


def large(
    name: str, sizes: list[str], backend: str, encoding: str, repeat: int, share: float | None
) -> None:
    """Boards made by ``generate`` (unique; givens taken away down to a minimal set, or to
    ``share`` of them) at each size, timed."""
    genre = get_genre(name)
    for size in sizes:
        made = generate(genre, size_of(genre, size), random.Random(1), share=share)
        text = genre.format_puzzle(made.puzzle)
        ms, status = timed(genre, text, backend, encoding, repeat)
        print(f"{name} {size} (generated, seed 1): {ms:.4g} ms, {status}, {backend} {encoding}")


def boards(name: str, backends: list[str], encodings: list[str], repeat: int) -> None:
    """The large boards bundled in data/GENRE/boards.jsonl (made by ``generate``), per size:
    the median CPU ms over its boards of each board's median, every backend and encoding."""
    genre = get_genre(name)
    path = DATA / genre.data / "boards.jsonl"
    if not path.exists():
        print(f"## {name}: no bundled boards (data/{genre.data}/boards.jsonl)\n")
        return
    by_params = _by_params(path)
    runs = [(b, e) for b in backends for e in encodings]
    print(f"## {name}, bundled boards\n")
    print("| size | n | givens | " + " | ".join(f"{b} {e} ms" for b, e in runs) + " |")
    print("|" + "---|" * (3 + len(runs)))
    for params, group in by_params.items():
        # (the givens as the genre's setter tools count them: its own contract, whatever its
        # board holds where nothing is shown)
        shown = statistics.median(len(genre.givens.of(genre.parse(r["id"]))) for r in group)
        line = f"| {params} | {len(group)} | {shown:g} |"
        for backend, encoding in runs:
            ours = _times(genre, group, backend, encoding, repeat)
            line += f" {statistics.median(ours):.4g} (max {max(ours):.4g}) |"
        print(line)
    print()


def grades(name: str, made: int) -> None:
    """The grade of every corpus puzzle (median score per parameter set, and Spearman's rank
    correlation of the scores with Tatham's solver's time), then of ``made`` puzzles that
    ``generate`` makes at the genre's own size (seeds 0, 1, ...), with their quartiles."""
    genre = get_genre(name)
    rows = [json.loads(line) for line in (DATA / genre.data / "tatham.jsonl").open()]
    scores = [grade(genre, genre.parse(row["id"])).score for row in rows]
    by_params: dict[str, list[float]] = defaultdict(list)
    for row, score in zip(rows, scores, strict=True):
        by_params[row["params"]].append(score)
    for params, found in by_params.items():
        print(f"{name} {params}: median score {statistics.median(found):.3g}")
    rho = spearman(scores, [row["tatham_solve_ms"] for row in rows])
    said = "(all equal)" if math.isnan(rho) else f"{rho:.2f}"
    print(f"{name}: Spearman of score and Tatham's ms: {said}")
    size = size_of(genre, genre.about.making.size or genre.about.making.small)
    found = []
    for seed in range(made):
        puzzle = generate(genre, size, random.Random(seed)).puzzle
        found.append(grade(genre, puzzle).score)
    if len(found) >= 2:
        quartiles = ", ".join(f"{q:.4g}" for q in statistics.quantiles(found, n=4))
        print(f"{name}: {made} made at {size[0]}x{size[1]}: scores {min(found):.4g} to "
              f"{max(found):.4g}, quartiles {quartiles}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("genres", nargs="+")
    parser.add_argument("--backends", default="", help="comma-separated (default: the genre's)")
    parser.add_argument(
        "--encodings", default="", help="comma-separated, or all (default: the genre's)"
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--grade",
        type=int,
        default=None,
        metavar="N",
        help="grade the corpus, and N puzzles made at the genre's own size, instead of timing",
    )
    parser.add_argument("--large", default="", help="comma-separated sizes to generate and time")
    parser.add_argument(
        "--share",
        type=float,
        default=None,
        help="large boards keep this share of their givens (default: a minimal set)",
    )
    parser.add_argument(
        "--boards",
        action="store_true",
        help="time the large boards of data/GENRE/boards.jsonl instead of the corpus",
    )
    args = parser.parse_args()
    for name in args.genres:
        genre = get_genre(name)
        backends = [b for b in args.backends.split(",") if b] or [genre.default_backend]
        encodings = [e for e in args.encodings.split(",") if e] or [genre.default_encoding]
        if encodings == ["all"]:
            encodings = list(genre.encodings)
        if args.grade is not None:
            grades(genre.name, args.grade)
            continue
        if args.boards:
            boards(genre.name, backends, encodings, args.repeat)
            continue
        corpus(genre.name, backends, encodings, args.repeat)
        if args.large:
            large(
                genre.name,
                args.large.split(","),
                backends[0],
                encodings[0],
                args.repeat,
                args.share,
            )


if __name__ == "__main__":
    main()
