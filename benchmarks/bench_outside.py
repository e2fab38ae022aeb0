"""Logic grids in English as other publishers write them (data/zebra/outside): how many are read,
answered as the publisher answers them, and how long reading, solving and proving the answer
takes, in CPU time.

    python benchmarks/bench_outside.py [--repeat 7] [--file data/zebra/outside/puzzles.jsonl]

Per puzzle, in this process: read the text, solve, and prove the answer (each question's
answer forced: no solution gives another) or, for a puzzle with no question, prove the grid
unique; the median CPU time of ``--repeat`` runs. Per layout and size: how many were read, how
many answers (or grids) are the publisher's, and the median and largest time. Then whole
``gridsat solve`` processes on the largest puzzle read and on a 5x5 one.

The targets: a puzzle of 7 people, 18 characteristics and about 140 clues read, solved and its
answer proved in under 1 s; a 5x5 in under 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from gridsat.parsers import ParseError
from gridsat.parsers.zebra import answer_of, parse
from gridsat.pipeline import answers, solve
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

ROOT = Path(__file__).resolve().parent.parent
ZEBRA = get_genre("zebra")


def text_of(record: dict[str, Any]) -> str:
    """The puzzle as published, with its question when the record keeps it apart."""
    text: str = record["puzzle"]
    question = record.get("question")
    return text if not question or question in text else f"{text}\n{question}"


def once(text: str) -> tuple[Any, Any, list[tuple[list[str], bool]]]:
    """Read, solve, and prove: the puzzle, the outcome, and each question's answers."""
    backend = get_backend(ZEBRA.default_backend)
    puzzle = parse(text)
    if puzzle.questions:
        outcome = solve(ZEBRA, puzzle, backend)
        return puzzle, outcome, answers(ZEBRA, puzzle, backend)
    return puzzle, solve(ZEBRA, puzzle, backend, limit=2), []


def right(record: dict[str, Any], puzzle: Any, outcome: Any, proved: list[Any]) -> bool:
    """Whether the answer is the publisher's: their grid (unique), or their answer, proved."""
    if record.get("solution"):
        if outcome.status is not Status.UNIQUE:
            return False
        grid = outcome.solutions[0]
        at = [{row[p].split(":", 1)[-1].lower().rstrip(".") for row in grid}
              for p in range(puzzle.size)]  # fmt: skip
        rows = record["solution"]["rows"]  # (a list's last value may lose its full stop)
        return all({str(v).lower().rstrip(".") for v in r[1:]} <= at[p] for p, r in enumerate(rows))
    if record.get("answer") is not None and proved:
        possible, whole = proved[0]
        return whole and [a.lower() for a in possible] == [str(record["answer"]).lower()]
    return outcome.status in (Status.SOLVED, Status.UNIQUE) and bool(
        answer_of(puzzle, outcome.solutions[0]) if puzzle.questions else True
    )


def process_cpu(text: str, runs: int) -> float:
    """The median CPU time (the child's own) of a whole ``gridsat solve zebra`` on ``text``."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    argv = [sys.executable, "-m", "gridsat", "solve", "zebra", f.name]
    quiet = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0), (os.POSIX_SPAWN_OPEN, 2,
             os.devnull, os.O_WRONLY, 0)]  # fmt: skip
    times = []
    for _ in range(runs):
        pid = os.posix_spawn(argv[0], argv, dict(os.environ), file_actions=quiet)
        _, _, usage = os.wait4(pid, 0)
        times.append(usage.ru_utime + usage.ru_stime)
    os.unlink(f.name)
    return statistics.median(times)


def main() -> int:
    """Read, solve and time every puzzle; print the table and the targets."""
    grammar = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    grammar.add_argument("--repeat", type=int, default=7, help="runs per puzzle (default 7)")
    grammar.add_argument("--file", default=str(ROOT / "data/zebra/outside/puzzles.jsonl"))
    args = grammar.parse_args()
    lines = Path(args.file).read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines if line.strip()]
    groups: dict[tuple[str, str], list[tuple[bool, bool, float]]] = defaultdict(list)
    largest: tuple[int, str] = (0, "")
    small = ""
    for record in records:
        text = text_of(record)
        try:
            puzzle, outcome, proved = once(text)
        except ParseError:
            groups[(record["layout"], "?")].append((False, False, 0.0))
            continue
        shape = f"{puzzle.size}x{len(puzzle.rows) - 1}"
        times = []
        for _ in range(args.repeat):
            start = time.process_time()
            once(text)
            times.append(time.process_time() - start)
        groups[(record["layout"], shape)].append(
            (True, right(record, puzzle, outcome, proved), statistics.median(times))
        )
        largest = max(largest, (puzzle.size * len(puzzle.rows) * len(puzzle.clues), text))
        if shape == "5x5" and not small:
            small = text
    print(f"{'layout':24} {'size':>6} {'puzzles':>7} {'read':>5} {'right':>5} "
          f"{'median ms':>10} {'max ms':>8}")  # fmt: skip
    for (layout, shape), rows in sorted(groups.items()):
        read = [r for r in rows if r[0]]
        cpu = [r[2] * 1000 for r in read]
        median = f"{statistics.median(cpu):10.1f}" if cpu else f"{'-':>10}"
        most = f"{max(cpu):8.1f}" if cpu else f"{'-':>8}"
        print(f"{layout:24} {shape:>6} {len(rows):7} {len(read):5} "
              f"{sum(r[1] for r in read):5} {median} {most}")  # fmt: skip
    if largest[1]:
        puzzle = parse(largest[1])
        cpu = process_cpu(largest[1], args.repeat)
        print(f"whole process, {puzzle.size} people x {len(puzzle.rows) - 1} categories, "
              f"{len(puzzle.clues)} clues: {cpu * 1000:.0f} ms CPU (target < 1000)")  # fmt: skip
    if small:
        cpu = process_cpu(small, args.repeat)
        print(f"whole process, a 5x5: {cpu * 1000:.0f} ms CPU (target < 50; of it the "
              "interpreter and the solver library's import)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
