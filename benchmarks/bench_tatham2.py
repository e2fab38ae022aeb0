"""gridsat against Simon Tatham's own solvers on the second corpus (../shared/corpus/tatham2):
per genre and parameter set, the median CPU milliseconds of build + solve + proof of uniqueness
(``limit=2``, in this process) next to the median of his solver's ``tatham_solve_ms``; then the
corpus's largest board, and boards of 4x its area and larger from the genre's maker (shown whole).

    python benchmarks/bench_tatham2.py masyu [slant ...] [--encodings edges,faces]
        [--backends sat:cadical195,cpsat] [--sizes 20x20,40x40] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tatham2"


def corpus_file(name: str, corpus: Path) -> Path:
    """The genre's file: named after the genre or one of its aliases (Tatham's name)."""
    genre = get_genre(name)
    for word in (genre.name, *genre.aliases):
        path = corpus / f"{word}.jsonl"
        if path.exists():
            return path
    raise SystemExit(f"no file of {name} in {corpus}")


def timed(genre: Any, puzzle: Any, backend: str, encoding: str) -> tuple[float, str]:
    """CPU ms of one build + solve + proof of uniqueness, and the status."""
    start = time.process_time()
    outcome = solve(genre, puzzle, get_backend(backend), encoding, limit=2)
    return (time.process_time() - start) * 1000, str(outcome.status)


def made(genre: Any, size: str, seed: int) -> Any:
    """A board of ``size`` from the genre's maker, shown whole (every given the maker shows:
    ``generate`` takes givens away for minutes on the largest boards), unique."""
    width, _, height = size.partition("x")
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: Any, n: int) -> list[Any]:
        return solve(genre, puzzle, backend, limit=n).solutions

    return genre.make((int(width), int(height or width)), random.Random(seed), solutions)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("genres", nargs="+")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--encodings", default="", help="comma-separated (default: all)")
    parser.add_argument("--backends", default="sat:cadical195,cpsat")
    parser.add_argument("--sizes", default="", help="generated boards, e.g. 20x20,40x40")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in args.genres:
        genre = get_genre(name)
        rows = [json.loads(line) for line in corpus_file(name, args.corpus).open()]
        encodings = args.encodings.split(",") if args.encodings else list(genre.encodings)
        print(f"## {genre.name}: {len(rows)} puzzles")
        print("| params | Tatham ms | " + " | ".join(
            f"{b} {e}" for e in encodings for b in args.backends.split(",")) + " |")  # fmt: skip
        for backend in args.backends.split(","):  # (the solver's modules loaded before timing)
            timed(genre, genre.parse(rows[0]["id"]), backend, encodings[0])
        by: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
        for row in rows:
            by[row["params"]].append(row)
        for params, group in by.items():
            cells = [f"{statistics.median(r['tatham_solve_ms'] for r in group):.3f}"]
            for encoding in encodings:
                for backend in args.backends.split(","):
                    times = []
                    for row in group:
                        ms, status = timed(genre, genre.parse(row["id"]), backend, encoding)
                        assert status == "unique", (row["id"], status)
                        times.append(ms)
                    cells.append(f"{statistics.median(times):.1f} (max {max(times):.1f})")
            print(f"| {params} | " + " | ".join(cells) + " |")
        largest = max(rows, key=lambda r: len("".join(map(str, r["solution"]))))
        for encoding in encodings:
            ms, _ = timed(genre, genre.parse(largest["id"]), "sat:cadical195", encoding)
            print(f"largest corpus board {largest['params']}, {encoding}: {ms:.1f} ms")
        for size in filter(None, args.sizes.split(",")):
            puzzle = made(genre, size, args.seed)
            for encoding in encodings:
                for backend in args.backends.split(","):
                    ms, status = timed(genre, puzzle, backend, encoding)
                    print(f"generated {size}, {backend} {encoding}: {ms:.0f} ms ({status})")


if __name__ == "__main__":
    main()
