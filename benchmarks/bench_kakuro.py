"""Kakuro's encodings side by side: per board size of data/kakuro/ (pzprjs's test board, the
plain example, the made boards of boards.jsonl), the median CPU ms of parse + build + solve +
proof of uniqueness on each backend and encoding; then the sum encodings alone, per run
length: a single run of k cells and a sum, solved and a second solution found (the killer
Sudoku cage question of issue 35: the digit sets as a Boolean per set tied to the cells
(``sets``) or as a table of the digits a run uses (``table``), python-sat's pseudo-Boolean
encodings of a weighted sum, CP-SAT's linear sum).

    python benchmarks/bench_kakuro.py
    python benchmarks/bench_kakuro.py --pairs sat:cadical195/sets,cpsat/integer --repeat 5
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

DATA = Path(__file__).resolve().parent.parent / "data" / "kakuro"
PAIRS = (
    "sat:cadical195/sets",
    "sat:minicard/sets",
    "sat:minicard/table",
    "sat:cadical195/sums",
    "sat:minicard/sums",
    "cpsat/integer",
    "cpsat/sets",
    "cpsat/sums",
)


def boards() -> list[tuple[str, str]]:
    """(size, text) of every bundled board."""
    found = []
    for name in ("pzprjs.jsonl", "boards.jsonl"):
        for line in (DATA / name).read_text().splitlines():
            row = json.loads(line)
            found.append((f"{len(row['solution'][0])}x{len(row['solution'])}", row["id"]))
    plain = (DATA / "plain.txt").read_text()
    return [(f"{len(plain.splitlines())}x{len(plain.splitlines())}", plain), *found]


def timed(genre: object, text: str, backend: str, encoding: str, repeat: int) -> float:
    """The median CPU ms of parse + build + solve + uniqueness."""
    found = []
    for _ in range(repeat):
        start = time.process_time()
        puzzle = genre.parse(text)  # type: ignore[attr-defined]
        result = solve(genre, puzzle, get_backend(backend), encoding=encoding, limit=2)  # type: ignore[arg-type]
        found.append((time.process_time() - start) * 1000)
        assert len(result.solutions) == 1, result.status
    return statistics.median(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default=",".join(PAIRS))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    genre = get_genre("kakuro")
    pairs = [p.split("/") for p in args.pairs.split(",")]
    by_size: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for backend, encoding in pairs:  # (each backend's libraries loaded before the clock runs)
        timed(genre, json.loads((DATA / "pzprjs.jsonl").read_text())["id"], backend, encoding, 1)
    for size, text in boards():
        for backend, encoding in pairs:
            by_size[size][f"{backend}/{encoding}"].append(
                timed(genre, text, backend, encoding, args.repeat)
            )
    print("size     " + "".join(f"{b}/{e}".rjust(22) for b, e in pairs) + "   (median CPU ms)")
    for size in sorted(by_size, key=lambda s: int(s.split("x")[0])):
        row = by_size[size]
        print(
            f"{size:8} " + "".join(f"{statistics.median(row[f'{b}/{e}']):22.1f}" for b, e in pairs)
        )
    print("\nrun length: one run of k cells, its sum the middle one, two solutions found")
    print("k   " + "".join(f"{b}/{e}".rjust(22) for b, e in pairs))
    for k in range(2, 10):
        total = sum(range(1, k + 1)) + k * (9 - k) // 2
        text = "#  " + "  ".join(["#"] * k) + f"\n\\{total}  " + "  ".join(["."] * k)
        cells = []
        for backend, encoding in pairs:
            found = []
            for _ in range(args.repeat):
                start = time.process_time()
                solve(genre, genre.parse(text), get_backend(backend), encoding=encoding, limit=2)
                found.append((time.process_time() - start) * 1000)
            cells.append(statistics.median(found))
        print(f"{k:<3} " + "".join(f"{ms:22.1f}" for ms in cells))


if __name__ == "__main__":
    main()
