"""Logic grids in English (the houses layout): made puzzles read back, and the time to read,
solve and prove unique a 6x6 puzzle.

    python benchmarks/bench_english.py                    # 300 made puzzles, 2x2 .. 7x7
    python benchmarks/bench_english.py --count 50 --sizes 6x6 --repeat 20

For each made puzzle (``generate zebra --style houses``): is it read (no error), solved unique
by the reader's clues, and is its answer (the ZebraLogic ``grid`` and the question's answer) the
one the generator hid? The hand-written puzzles of data/zebra/english are counted the same way
against their answer files. Then, on each backend, the CPU time (process time, medians) of
reading + solving + proving unique for the 6x6 puzzles, and of a whole ``gridsat solve
--unique`` process on one of them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gridsat.generator import generate
from gridsat.parsers.zebra import json_extras, parse
from gridsat.pipeline import solve
from gridsat.puzzles.zebra import check
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

ENGLISH = Path(__file__).resolve().parent.parent / "data" / "zebra" / "english"
BACKENDS = "sat:cadical195,sat:glucose4,sat:minisat22,cpsat:1,cpsat"


def round_trip(sizes: list[tuple[int, int]], count: int) -> tuple[list[str], dict[str, int]]:
    """Made puzzles written in English, read back and solved: their texts, and how many were
    read, solved unique and matched the hidden answer."""
    zebra = get_genre("zebra")
    backend = get_backend(zebra.default_backend)
    tally = {"made": 0, "read": 0, "unique": 0, "matched": 0}
    texts = []
    for seed in range(count):
        size = sizes[seed % len(sizes)]
        made = generate(zebra, size, random.Random(seed), backend, style="houses")
        text = zebra.format_puzzle(made.puzzle)
        tally["made"] += 1
        try:
            read = parse(text)
        except ValueError as e:
            print(f"seed {seed} {size}: not read: {e}", file=sys.stderr)
            continue
        tally["read"] += 1
        out = solve(zebra, read, backend, limit=2)
        if out.status is not Status.UNIQUE:
            print(f"seed {seed} {size}: {out.status}", file=sys.stderr)
            continue
        tally["unique"] += 1
        got = json_extras(read, out.solutions[0])
        if got == json_extras(made.puzzle, made.solution) and not check(read, out.solutions[0]):
            tally["matched"] += 1
        if size == (6, 6):
            texts.append(text)
    return texts, tally


def hand_written() -> dict[str, int]:
    """The hand-written puzzles: read, solved unique, matched their answer files."""
    zebra = get_genre("zebra")
    backend = get_backend(zebra.default_backend)
    tally = {"puzzles": 0, "read": 0, "unique": 0, "matched": 0}
    for path in sorted(ENGLISH.glob("*.txt")):
        expected = json.loads(path.with_name(path.stem + ".answer.json").read_text())
        tally["puzzles"] += 1
        read = parse(path.read_text())
        tally["read"] += 1
        out = solve(zebra, read, backend, limit=2)
        if out.status is Status.UNIQUE:
            tally["unique"] += 1
            got = json_extras(read, out.solutions[0])
            if got["grid"]["rows"] == expected["rows"] and got.get("answer") == expected.get(
                "answer"
            ):
                tally["matched"] += 1
    return tally


def cpu_ms(texts: list[str], backend: str, repeat: int) -> float:
    """Median CPU milliseconds to read, solve and prove unique one of ``texts``."""
    zebra = get_genre("zebra")
    chosen = get_backend(backend)
    times = []
    for text in texts:
        for _ in range(repeat):
            start = time.process_time()
            out = solve(zebra, parse(text), chosen, limit=2)
            times.append(time.process_time() - start)
            assert out.status is Status.UNIQUE
    return statistics.median(times) * 1000


def process_ms(text: str, backend: str, repeat: int) -> float:
    """Median CPU milliseconds of a whole ``gridsat solve zebra --unique`` process (its own and
    its children's: the solve runs in a child process)."""
    import resource

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run = [sys.executable, "-m", "gridsat", "solve", "zebra", f.name, "--unique", "-b", backend]
        subprocess.run(run, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    Path(f.name).unlink()
    return statistics.median(times) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300, help="made puzzles")
    ap.add_argument("--sizes", default="2x2,3x3,4x3,4x4,5x4,5x5,6x6,7x7", help="houses x traits")
    ap.add_argument("--backends", default=BACKENDS)
    ap.add_argument("--repeat", type=int, default=5, help="runs per timed puzzle")
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    texts, tally = round_trip([(a, b) for a, b in sizes], args.count)
    print("made:        " + ", ".join(f"{k} {v}" for k, v in tally.items()))
    print("hand-written: " + ", ".join(f"{k} {v}" for k, v in hand_written().items()))
    if not texts:
        return 0 if tally["matched"] == tally["made"] else 1
    print(f"6x6, {len(texts)} puzzles: read + solve + prove unique, CPU ms (medians)")
    for backend in args.backends.split(","):
        inside = cpu_ms(texts, backend, args.repeat)
        whole = process_ms(texts[0], backend, args.repeat)
        print(f"  {backend:16} {inside:8.2f} in process {whole:8.1f} whole process", flush=True)
    return 0 if tally["matched"] == tally["made"] else 1


if __name__ == "__main__":
    sys.exit(main())
