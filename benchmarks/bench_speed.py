"""The speed goals, each measured as CPU time and printed next to its goal.

    python benchmarks/bench_speed.py                      # every goal
    python benchmarks/bench_speed.py --goals signpost,magic --repeat 11

Goals (medians of CPU time; wall time means little on a shared machine):

- ``signpost``: build + solve + unique on Simon Tatham's own Signposts <= 1 ms at 10x10, and no
  slower than his solver from 15x15 on (the corpus records his CPU times).
- ``magic``: the seed board built, solved and proved unique <= 50 ms; empty boards of order 3
  up (``--orders``, default 3-16), each tried until one is not found within 10 s, order 10 the
  goal: the largest order found within 10 s is reported (a lower bound when the top of
  ``--orders`` was found too).
- ``hidato``: 30x30 Hidato and Numbrix with 30% shown: solve <= 0.5 s median, worst <= 2 s;
  then Hidato's boards again, asking for two solutions (the uniqueness check).
- ``loop``: a 500x500 ∞ Loop end to end (parse, build, solve, check) <= 5 s, median of
  ``--repeat`` runs as every goal.

Start-up, a whole process on a small puzzle against loading python-sat alone, is measured by
``benchmarks/bench_startup.py``. The figures here are this process's CPU time
(``time.process_time``) over parse, build, solve and the uniqueness proof, on the genre's
default backend unless ``--backend`` says otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TATHAM = ROOT.parent / "shared" / "corpus" / "tatham" / "signpost.jsonl"
SUDOKU = ROOT / "data" / "sudoku" / "inkala.txt"
GOALS = ("signpost", "magic", "hidato", "loop")


def run_cpu(genre: Any, text: str, backend: str | None, limit: int, **kw: Any) -> tuple[float, Any]:
    """Parse, build, solve (and prove unique when limit is 2): this process's CPU seconds."""
    start = time.process_time()
    puzzle = genre.parse(text)
    out = solve(genre, puzzle, get_backend(backend or genre.default_backend), limit=limit, **kw)
    return time.process_time() - start, out


def line(what: str, figure: str, goal: str, ok: bool | None = None) -> None:
    """One result, its goal beside it."""
    mark = "" if ok is None else ("  met" if ok else "  MISSED")
    print(f"  {what:44} {figure:>14}   goal {goal}{mark}", flush=True)


def goal_signpost(repeat: int, backend: str | None) -> None:
    """Tatham's Signposts: gridsat's CPU per puzzle against his solver's, by size."""
    print(f"signpost, Tatham's corpus, parse+build+solve+unique ({backend or 'default'}):")
    genre = get_genre("signpost")
    if not TATHAM.exists():
        print(f"  (no corpus at {TATHAM})")
        return
    rows = [json.loads(s) for s in TATHAM.read_text().splitlines() if s.strip()]
    run_cpu(genre, genre.example, backend, 2)  # import the solver library once
    ours: dict[str, list[float]] = defaultdict(list)
    his: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        times = []
        for _ in range(repeat):
            took, out = run_cpu(genre, row["id"], backend, 2)
            assert out.status == "unique", (row["id"], out.status)
            times.append(took)
        ours[row["params"]].append(statistics.median(times))
        his[row["params"]].append(row["tatham_solve_ms"] / 1000)
    for group in sorted(ours, key=lambda g: int(g.split("x")[0])):
        mine, theirs = statistics.median(ours[group]) * 1000, statistics.median(his[group]) * 1000
        size = int(group.split("x")[0])
        goal = "<= 1 ms" if size == 10 else f"<= {theirs:.2f} ms (Tatham)" if size >= 15 else "-"
        ok = mine <= 1 if size == 10 else mine <= theirs if size >= 15 else None
        line(f"{group} ({len(ours[group])} puzzles)", f"{mine:.2f} ms", goal, ok)


def goal_magic(repeat: int, backend: str | None, orders: range, limit: float) -> None:
    """The magic seed board, then empty boards of growing order."""
    print(f"magic ({backend or 'default'}):")
    genre = get_genre("magic")
    text = (ROOT / "data" / "magic" / "seed.txt").read_text()
    run_cpu(genre, text, backend, 2)
    times = []
    for _ in range(repeat):
        took, out = run_cpu(genre, text, backend, 2)
        assert out.status == "unique", out.status
        times.append(took)
    ms = statistics.median(times) * 1000
    line("seed board, build+solve+unique", f"{ms:.1f} ms", "<= 50 ms", ms <= 50)
    largest = 0
    tried = 0
    for order in orders:
        tried = order
        took, out = run_cpu(genre, "\n".join(["_ " * order] * order), backend, 1, time_limit=limit)
        found = out.status == "solved"
        goal = "<= 10 s" if order == 10 else "-"
        figure = f"{took:.2f} s" if found else f"{out.status} {took:.0f} s"
        line(f"empty order {order}", figure, goal, (found and took <= 10) if order == 10 else None)
        if not found:
            break
        largest = order
    more = " or more: the top of --orders was found too" if largest and largest == tried else ""
    print(f"  largest order found within {limit:g} s: {largest}{more}")


def goal_hidato(backend: str | None) -> None:
    """30x30 Hidato and Numbrix boards with 30% shown: one solution each."""
    print(f"hidato/numbrix 30x30, 30% shown, solve ({backend or 'default'}):")
    for name in ("hidato", "numbrix"):
        genre = get_genre(name)
        boards = _boards(name, 30, 30, 0.3, 10)
        run_cpu(genre, genre.example, backend, 1)
        times = []
        for text in boards:
            took, out = run_cpu(genre, text, backend, 1)
            assert out.status == "solved", out.status
            times.append(took)
        med, worst = statistics.median(times), max(times)
        line(f"{name}: median of {len(times)}", f"{med:.3f} s", "<= 0.5 s", med <= 0.5)
        line(f"{name}: worst of {len(times)}", f"{worst:.3f} s", "<= 2 s", worst <= 2)
    # The same Hidato boards with the second search too (these boards, 30% of a random path
    # shown, have several solutions: it finds a second one).
    genre = get_genre("hidato")
    times = []
    for text in _boards("hidato", 30, 30, 0.3, 10):
        took, out = run_cpu(genre, text, backend, 2)
        assert out.status in ("unique", "multiple"), out.status
        times.append(took)
    med, worst = statistics.median(times), max(times)
    line(f"hidato, two solutions: median of {len(times)}", f"{med:.3f} s", "<= 0.5 s", med <= 0.5)
    line(f"hidato, two solutions: worst of {len(times)}", f"{worst:.3f} s", "<= 2 s", worst <= 2)


def _boards(genre: str, width: int, height: int, shown: float, count: int) -> list[str]:
    """The stored boards when there are, else ``count`` made by benchmarks/make_boards.py."""
    stored = HERE / "boards" / f"{genre}-{width}x{height}-{round(shown * 100)}.jsonl"
    if stored.exists():
        return [json.loads(s)["puzzle"] for s in stored.read_text().splitlines() if s.strip()]
    made = subprocess.run(
        [
            sys.executable,
            str(HERE / "make_boards.py"),
            genre,
            f"{width}x{height}",
            "--share",
            str(shown),
            "--count",
            str(count),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return [json.loads(s)["puzzle"] for s in made.stdout.splitlines() if s.strip()]


def goal_loop(repeat: int, backend: str | None, size: int) -> None:
    """A random size x size ∞ Loop, parsed, built, solved and checked."""
    from gridsat.parsers.loop import format_puzzle
    from gridsat.puzzles.loop import Loop, random_layout, scramble

    print(f"loop {size}x{size} end to end ({backend or 'default'}):")
    genre = get_genre("loop")
    rng = random.Random(size)
    text = format_puzzle(Loop(scramble(random_layout(size, size, rng), rng)))
    run_cpu(genre, genre.example, backend, 1)
    times = []
    for _ in range(repeat):
        took, out = run_cpu(genre, text, backend, 1)
        assert out.status == "solved", out.status
        times.append(took)
    med = statistics.median(times)
    runs = f"median of {repeat}" if repeat > 1 else "one run"
    line(f"{size}x{size}, {runs}", f"{med:.2f} s", "<= 5 s", med <= 5)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goals", default=",".join(GOALS), help=f"comma-separated: {GOALS}")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--backend", help="instead of each genre's default backend")
    ap.add_argument(
        "--orders",
        default="3-16",
        help="empty magic boards tried upward, LOW-HIGH, until one is not found in --time-limit",
    )
    ap.add_argument("--time-limit", type=float, default=10.0, help="per empty magic board")
    ap.add_argument("--loop-size", type=int, default=500)
    args = ap.parse_args()
    os.chdir(ROOT)
    low, high = (int(v) for v in args.orders.split("-"))
    for goal in args.goals.split(","):
        if goal == "signpost":
            goal_signpost(args.repeat, args.backend)
        elif goal == "magic":
            goal_magic(args.repeat, args.backend, range(low, high + 1), args.time_limit)
        elif goal == "hidato":
            goal_hidato(args.backend)
        elif goal == "loop":
            goal_loop(args.repeat, args.backend, args.loop_size)
        else:
            ap.error(f"unknown goal {goal!r} (choose from {', '.join(GOALS)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
