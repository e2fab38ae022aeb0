"""gridsat side by side with other solvers (its peers) on Simon Tatham's puzzles: CPU time per
puzzle, interleaved puzzle by puzzle, medians per genre and parameter set, and every peer
answer checked by gridsat's own checker.

    python benchmarks/peers/setup_venvs.py          # once: the peers, each in its own venv
    python benchmarks/bench_peers.py --jobs 1 --limit 2       # 2 puzzles per parameter set
    python benchmarks/bench_peers.py --jobs 1 --genres lightup,pattern --json out.json

Each peer runs in a long-lived process of its own venv (``benchmarks/peers/run_*.py``), sent
one puzzle at a time in its own input form (made here from gridsat's parsed puzzle,
``benchmarks/peers/convert.py``); it answers with its solution and the CPU time of its build
and solve. gridsat runs in this process: parse, build, solve and the proof of uniqueness
(``limit=2``) on the genre's default backend. Each (peer, genre) solves its first puzzle once
untimed (imports, first calls) before anything is measured. A peer's answer goes back into
gridsat's solution value and through ``genre.check``; an answer the checker refuses, or "no
solution" where gridsat found one, is listed. See ``benchmarks/peers/README.md``.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "peers"))

from convert import PEERS, Wrong, from_peer, to_peer

from gridsat import pipeline
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "peers"
RUNNERS = {
    "puzzlekit": "run_puzzlekit.py",
    "multi-puzzle-solver": "run_multi_puzzle_solver.py",
    "akari-sat": "run_akari_sat.py",
    "nonogram": "run_nonogram.py",
}
SHORT = {"puzzlekit": "puzzlekit", "multi-puzzle-solver": "mps", "akari-sat": "akari-sat",
         "nonogram": "nonogram"}  # fmt: skip


class Peer:
    """One peer's runner process; restarted after a timeout or a crash."""

    def __init__(self, name: str, venvs: Path, log: Path) -> None:
        self.name = name
        self.python = venvs / name / "bin" / "python"
        self.log = log
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()

    def available(self) -> bool:
        return self.python.exists()

    def _start(self) -> subprocess.Popen[str]:
        err = open(self.log, "a")  # noqa: SIM115 - the child's stderr, for the run's life
        proc = subprocess.Popen(
            [str(self.python), str(HERE / RUNNERS[self.name])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
            env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")},
        )  # fmt: skip
        self.lines = queue.Queue()
        lines = self.lines

        def pump() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        return proc

    def ask(self, genre: str, given: Any, timeout: float) -> dict[str, Any]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"genre": genre, "input": given}) + "\n")
        self.proc.stdin.flush()
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.stop()
            return {"status": "timeout", "cpu": None, "error": f"no answer in {timeout:g} s"}
        if line is None:
            self.stop()
            return {"status": "error", "cpu": None, "error": "the runner ended (see its log)"}
        reply: dict[str, Any] = json.loads(line)
        return reply

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


def records(corpus: Path, data: bool, genres: set[str] | None) -> list[dict[str, Any]]:
    """The puzzles, each ID once: the corpus's files, then ``data/*/tatham.jsonl`` and the
    genres' benchmark boards ``data/*/boards.jsonl`` (each line an ``id`` in any form the genre
    reads, a puzz.link URL say, and ``params``, the set it is counted in)."""
    files = [(f, None) for f in sorted(glob.glob(str(corpus / "*.jsonl")))]
    if data:  # a few of these name no genre: the folder does
        found = sorted(glob.glob(str(ROOT / "data" / "*" / "tatham.jsonl")))
        found += sorted(glob.glob(str(ROOT / "data" / "*" / "boards.jsonl")))
        files += [(f, Path(f).parent.name) for f in found]
    seen: set[str] = set()
    out = []
    for name, folder in files:
        with open(name) as lines:
            for line in lines:
                if not line.strip():
                    continue
                r = json.loads(line)
                genre = get_genre(r.get("genre") or folder).name
                if r["id"] in seen or (genres and genre not in genres):
                    continue
                seen.add(r["id"])
                out.append({**r, "genre": genre})
    return out


def run_gridsat(genre: Any, text: str, backend: str | None = None) -> tuple[float, Status, Any]:
    """gridsat's CPU time, status and answer: on ``backend`` (default: the genre's own), with
    the genre's default encoding there."""
    start = time.process_time()
    puzzle = pipeline.parse(genre, text, {})
    run = get_backend(backend or genre.default_backend)
    out = pipeline.solve(genre, puzzle, run, limit=2, encoding=genre.encoding_on(run.name),
                         times={})  # fmt: skip
    cpu = time.process_time() - start
    return cpu, out.status, (out.solutions[0] if out.solutions else None)


def verdict(genre: Any, puzzle: Any, peer: str, reply: dict[str, Any]) -> str | None:
    """None for a right answer; otherwise what is wrong with it."""
    status = reply.get("status")
    if status == "none":
        return 'false "no solution"'
    if status != "solved":
        return None  # an error or timeout: reported apart, not an answer
    try:
        value = from_peer(peer, genre.name, puzzle, reply["answer"])
        broken = genre.check(puzzle, value)
    except Wrong as e:
        return f"wrong: {e}"
    except Exception as e:  # an answer that is not even a board of the puzzle's shape
        return f"unreadable answer ({type(e).__name__}: {e})"
    if broken:
        return "wrong: " + "; ".join(broken[:2])
    if reply.get("unique") is False:
        return 'false "not unique"'
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus" / "tatham"))
    parser.add_argument(
        "--no-data",
        action="store_true",
        help="leave out data/*/tatham.jsonl and data/*/boards.jsonl",
    )
    parser.add_argument("--genres", help="comma-separated gridsat genre names")
    parser.add_argument("--peers", default=",".join(PEERS), help="comma-separated")
    parser.add_argument("--venvs", default=str(HERE / ".venvs"))
    parser.add_argument("--limit", type=int, help="at most N puzzles per parameter set")
    parser.add_argument("--repeat", type=int, default=1, help="interleaved runs per puzzle")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per peer answer")
    parser.add_argument("--jobs", type=int, default=1, choices=[1],
                        help="puzzles at a time: 1 (timings on a shared core mislead)")  # fmt: skip
    parser.add_argument("--json", metavar="FILE", help="every puzzle's figures, as JSON")
    parser.add_argument(
        "--backend", help="gridsat on this backend (cpsat: beside the CP-SAT peers' models)"
    )
    args = parser.parse_args()
    genres = set(args.genres.split(",")) if args.genres else None
    venvs = Path(args.venvs)
    log = Path(os.environ.get("TMPDIR", "/tmp")) / "bench_peers.log"
    peers = {}
    for name in args.peers.split(","):
        peer = Peer(name, venvs, log)
        if peer.available():
            peers[name] = peer
        else:
            print(f"{name}: no venv at {venvs / name} (benchmarks/peers/setup_venvs.py)",
                  file=sys.stderr)  # fmt: skip
    chosen = records(Path(args.corpus), not args.no_data, genres)
    if args.limit:
        count: dict[tuple[str, str], int] = {}
        kept = []
        for r in chosen:
            key = (r["genre"], r["params"])
            count[key] = count.get(key, 0) + 1
            if count[key] <= args.limit:
                kept.append(r)
        chosen = kept
    rows: list[dict[str, Any]] = []
    warmed: set[tuple[str, str]] = set()
    try:
        for i, r in enumerate(chosen):
            genre = get_genre(r["genre"])
            puzzle = genre.read(r["id"])
            inputs = {name: to_peer(name, genre.name, puzzle) for name in peers}
            if ("gridsat", genre.name) not in warmed:
                run_gridsat(genre, r["id"], args.backend)
                warmed.add(("gridsat", genre.name))
            for name, given in inputs.items():
                if given is not None and (name, genre.name) not in warmed:
                    peers[name].ask(genre.name, given, args.timeout)
                    warmed.add((name, genre.name))
            row: dict[str, Any] = {"genre": genre.name, "params": r["params"], "id": r["id"],
                                   "gridsat": {}, "peers": {}}  # fmt: skip
            times: dict[str, list[float]] = {"gridsat": []}
            replies: dict[str, dict[str, Any]] = {}
            for _ in range(args.repeat):
                cpu, status, _ = run_gridsat(genre, r["id"], args.backend)
                times["gridsat"].append(cpu)
                row["gridsat"]["status"] = status.value
                for name, given in inputs.items():
                    if given is None or replies.get(name, {}).get("status") == "timeout":
                        continue
                    reply = peers[name].ask(genre.name, given, args.timeout)
                    replies[name] = reply
                    if reply.get("cpu") is not None:
                        times.setdefault(name, []).append(reply["cpu"])
            row["gridsat"]["ms"] = statistics.median(times["gridsat"]) * 1000
            for name, reply in replies.items():
                row["peers"][name] = {
                    "status": reply.get("status"),
                    "ms": statistics.median(times[name]) * 1000 if times.get(name) else None,
                    "unique": reply.get("unique"),
                    "wrong": verdict(genre, puzzle, name, reply),
                    "error": reply.get("error"),
                }
            rows.append(row)
            print(f"[{i + 1}/{len(chosen)}] {genre.name} {r['params']}: gridsat "
                  f"{row['gridsat']['ms']:.2f} ms" + "".join(
                      f", {SHORT[n]} {p['ms']:.2f}" if p["ms"] is not None
                      else f", {SHORT[n]} {p['status']}" for n, p in row["peers"].items()),
                  file=sys.stderr, flush=True)  # fmt: skip
    finally:
        for peer in peers.values():
            peer.stop()
    print(report(rows, list(peers)))
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"machine": platform.platform(), "python": platform.python_version(),
                       "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                       "peers": list(peers), "puzzles": rows}, out, indent=1)  # fmt: skip


def report(rows: list[dict[str, Any]], peers: list[str]) -> str:
    """The markdown table, then every wrong answer and every error."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["genre"], row["params"]), []).append(row)
    shown = [p for p in peers if any(p in r["peers"] for r in rows)]
    head = ["genre", "params", "n", "gridsat ms"]
    for p in shown:
        head += [f"{SHORT[p]} ms", "ratio"]
    head.append("peer wrong answers")
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for (genre, params), group in groups.items():
        cells = [genre, params, str(len(group)),
                 f"{statistics.median(r['gridsat']['ms'] for r in group):.2f}"]  # fmt: skip
        wrong = []
        for p in shown:
            ran = [r for r in group if p in r["peers"]]
            timed = [r for r in ran if r["peers"][p]["ms"] is not None]
            if not ran:
                cells += ["", ""]
                continue
            if not timed:
                cells += [ran[0]["peers"][p]["status"], ""]
            else:
                ms = statistics.median(r["peers"][p]["ms"] for r in timed)
                # (a gridsat time under the clock's tick reads 0: no ratio for that puzzle)
                ratios = [
                    r["peers"][p]["ms"] / r["gridsat"]["ms"] for r in timed if r["gridsat"]["ms"]
                ]
                note = "" if len(timed) == len(ran) else f" ({len(timed)} of {len(ran)})"
                ratio = f"{statistics.median(ratios):.1f}x" if ratios else ""
                cells += [f"{ms:.2f}{note}", ratio]
            bad = sum(1 for r in ran if r["peers"][p]["wrong"])
            if bad:
                wrong.append(f"{SHORT[p]} {bad}")
        cells.append(", ".join(wrong))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("ratio: the median over the puzzles of the peer's CPU time over gridsat's "
                 "(above 1: gridsat is faster).")  # fmt: skip
    notes = [f"- {SHORT[p]}, {r['genre']} {r['params']} `{r['id']}`: {r['peers'][p]['wrong']}"
             for r in rows for p in shown
             if p in r["peers"] and r["peers"][p]["wrong"]]  # fmt: skip
    lines.append("")
    lines.append(f"Wrong answers and false verdicts ({len(notes)}):" if notes
                 else "No peer gave a wrong answer.")  # fmt: skip
    lines += notes
    errors = [f"- {SHORT[p]}, {r['genre']} {r['params']} `{r['id']}`: {r['peers'][p]['status']}"
              f" {r['peers'][p].get('error') or ''}".rstrip()
              for r in rows for p in shown
              if p in r["peers"] and r["peers"][p]["status"] not in ("solved", "none")]  # fmt: skip
    if errors:
        lines.append("")
        lines.append(f"No answer (errors, time-outs: not counted as wrong) ({len(errors)}):")
        lines += errors
    odd = [f"- gridsat, {r['genre']} {r['params']} `{r['id']}`: {r['gridsat']['status']}"
           for r in rows if r["gridsat"]["status"] != "unique"]  # fmt: skip
    if odd:
        lines.append("")
        lines += odd
    return "\n".join(lines)


if __name__ == "__main__":
    main()
