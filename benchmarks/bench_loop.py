"""∞ Loop on generated boards: parse, prune, build, load, solve, decode and check, per size and
backend, each phase timed on its own.

    python benchmarks/bench_loop.py --sizes 100,300,500 --backends sat:cadical195,cpsat
    python benchmarks/bench_loop.py --sizes 500 --process     # whole `gridsat solve` runs too
    python benchmarks/bench_loop.py --sizes 100 --baseline    # the seed's own solver too

Boards are random pipe layouts (each link a pipe with probability 0.6), every tile turned at
random; ``--net`` uses random spanning trees solved with ``--tree``. Times are CPU seconds of
this process (``time.process_time``; a whole process: the child's user + sys time), medians
over ``--repeat`` runs: wall time means little on a shared machine. ``prune`` is the settling
of forced tiles (``models.loop.settle``), ``build`` the model of the tiles left open, ``load``
the backend's translation and loading, ``open`` the tiles the model holds.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gridsat.models.loop import build_settled, settle
from gridsat.parsers.loop import format_puzzle, parse
from gridsat.puzzles.loop import Loop, check, random_layout, random_tree_layout, scramble
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

HERE = Path(__file__).resolve().parent
PHASES = ("parse", "prune", "build", "load", "solve", "decode", "check")


def one_run(text: str, net: bool, backend: str) -> tuple[dict[str, float], int, str]:
    """The phases of one solve of ``text``, in CPU seconds; the tiles left open; the status."""
    times: dict[str, float] = {}
    clock = time.process_time
    start = clock()
    puzzle = parse(text, tree=net)
    times["parse"] = (now := clock()) - start
    settled = settle(puzzle)
    times["prune"] = (start := clock()) - now
    built = build_settled(puzzle, settled)
    times["build"] = (now := clock()) - start
    with get_backend(backend).open(built.model) as session:
        times["load"] = (start := clock()) - now
        result = session.solve()
        times["solve"] = (now := clock()) - start
    if result.assignment is None:
        return times, 0, str(result.status)
    solution = built.decode(result.assignment)
    times["decode"] = (start := clock()) - now
    problems = check(puzzle, solution)
    times["check"] = clock() - start
    opened = sum(len(o) > 1 for o in settled.options or [])
    return times, opened, "solved" if not problems else f"wrong: {problems[0]}"


def process_seconds(path: str, backend: str, net: bool) -> tuple[float, int]:
    """The CPU time of one whole ``gridsat solve loop`` process, and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    extra = ["--tree"] if net else []
    done = subprocess.run(
        [sys.executable, "-m", "gridsat", "solve", "loop", path, "-b", backend, *extra],
        capture_output=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return spent, done.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,300,500")
    ap.add_argument("--backends", default="sat:cadical195,sat:glucose4,sat:kissat404,cpsat")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--net", action="store_true", help="spanning-tree boards, solved as trees")
    ap.add_argument("--time-limit", type=float, default=120.0)
    ap.add_argument("--process", action="store_true", help="time whole gridsat processes too")
    ap.add_argument("--baseline", action="store_true", help="time benchmarks/seed_loop.py too")
    args = ap.parse_args()
    get_genre("loop")  # (the registry loaded, as a run would)
    print(
        f"{'size':>5} {'backend':16} "
        + " ".join(f"{p:>6}" for p in PHASES)
        + f" {'total':>6} {'process':>7} {'open':>7}   (CPU s, medians)"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        rng = random.Random(size)
        layout = random_tree_layout(size, size, rng) if args.net else random_layout(size, size, rng)
        text = format_puzzle(Loop(scramble(layout, rng)))
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(text + "\n")
        for name in args.backends.split(","):
            runs = []
            opened = 0
            for _ in range(args.repeat):
                times, opened, status = one_run(text, args.net, name)
                if status != "solved":
                    print(f"  {size} {name}: {status}", file=sys.stderr)
                times["total"] = sum(times.values())
                runs.append(times)
            med = {k: statistics.median(r.get(k, 0.0) for r in runs) for k in runs[0]}
            whole = ""
            if args.process:
                spent = [process_seconds(f.name, name, args.net) for _ in range(args.repeat)]
                whole = f"{statistics.median(s for s, _ in spent):7.2f}"
                if any(code != 0 for _, code in spent):
                    print(f"  {size} {name}: exit {spent[0][1]}", file=sys.stderr)
            print(
                f"{size:5} {name:16} "
                + " ".join(f"{med.get(p, 0.0):6.2f}" for p in PHASES)
                + f" {med['total']:6.2f} {whole:>7} {opened:7}",
                flush=True,
            )
        if args.baseline:
            start = time.perf_counter()
            done = subprocess.run(
                [
                    sys.executable,
                    str(HERE / "seed_loop.py"),
                    f.name,
                    "--limit",
                    str(args.time_limit),
                ],
                capture_output=True,
            )
            took = time.perf_counter() - start
            state = "timeout" if done.returncode == 3 else f"exit {done.returncode}"
            state = "solved" if done.returncode == 0 else state
            print(f"{size:5} {'seed solver':16} {took:7.2f} wall   ({state})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
