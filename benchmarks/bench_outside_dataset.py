"""Published Nikoli puzzles with their published solutions (puzzlekit-dataset: Janko.at's
puzzles and others, crawled): how many gridsat reads, solves, proves unique and answers as the
publisher does, and how long reading, building, solving and proving take, in CPU time.

    python benchmarks/bench_outside_dataset.py --dataset ~/puzzlekit-dataset --genres lits
    python benchmarks/bench_outside_dataset.py --git --dataset /path/to/puzzlekit-dataset.git \\
        --genres lits,nurikabe --limit 50 --timeout 20

The dataset (https://github.com/SmilingWayne/puzzlekit-dataset) states no licence, so nothing
of it is in this repository: point ``--dataset`` at a checkout of it (or, with ``--git``, at
its git directory, read at HEAD). Each genre's ``assets/data/NAME/NAME_dataset.json`` holds
entries of a problem text (first line ``ROWS COLS``, then rows of space-separated cells), a
source URL and usually a solution in the same layout. Each problem is turned here into a text
gridsat's own reader takes, solved on the genre's default backend and encoding with a proof of
uniqueness (``--timeout`` seconds a puzzle), the answer checked by the genre's ``check()`` and
compared with the published solution. Per genre and size band (the board's longer side):
puzzles read, refused (the reasons grouped), solved, unique, matching the published solution,
the median and worst CPU ms, and the largest board; then every answer that differs from the
published one, every crash and every refusal, by source URL.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gridsat.parsers import ParseError
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

BANDS = (10, 15, 20, 30, 40)


def _cells(text: str) -> tuple[int, int, list[list[str]], list[str]]:
    """The dataset's layout: the first line ``ROWS COLS`` (maybe more numbers), then rows of
    space-separated cells; the size, the first ROWS rows, and the lines after them."""
    lines = [line for line in text.strip().splitlines()]
    head = lines[0].split()
    height, width = int(head[0]), int(head[1])
    rows = [line.split() for line in lines[1 : 1 + height]]
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"the first line says {height}x{width}, row {r + 1} has {len(row)}")
    if len(rows) != height:
        raise ValueError(f"the first line says {height}x{width}, there are {len(rows)} rows")
    return height, width, rows, lines[1 + height :]


def _map(rows: list[list[str]]) -> str:
    """A region map as gridsat reads it: room names separated by spaces."""
    return "\n".join(" ".join(row) for row in rows)


def _shaded(solution: str, star: str = "#") -> list[str]:
    """A published shading: ``-`` unshaded, anything else (``x``, a LITS letter) shaded."""
    _, _, rows, _ = _cells(solution)
    return ["".join("." if v == "-" else star for v in row) for row in rows]


def rooms_text(problem: str) -> str:
    """LITS and Norinori: the problem is the region map itself (Norinori's first ROWS lines,
    when given, are an empty grid and the map follows)."""
    height, _, rows, rest = _cells(problem)
    if rest and all(v == "-" for row in rows for v in row):
        rows = [line.split() for line in rest[:height]]
    if any(v == "@" for row in rows for v in row):
        raise ValueError("cells off the board (@): a variant gridsat has not")
    return _map(rows)


def nurikabe_text(problem: str) -> str:
    """Nurikabe: ``-`` a cell without a clue, a number a clue (gridsat reads it as it is)."""
    _, _, rows, _ = _cells(problem)
    return "\n".join(" ".join(row) for row in rows)


def _pieces(rooms: list[list[str]]) -> list[list[str]]:
    """The room map with each group of side-by-side cells of one name named ``R1``, ``R2``...:
    the dataset's names may be any symbol (``~``, ``(``), and on large boards one name may
    stand for two rooms apart (its names wrap round)."""
    height, width = len(rooms), len(rooms[0])
    named: list[list[str]] = [[""] * width for _ in range(height)]
    count = 0
    for r in range(height):
        for c in range(width):
            if named[r][c]:
                continue
            count += 1
            named[r][c], todo = f"R{count}", [(r, c)]
            while todo:
                y, x = todo.pop()
                for v, u in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    inside = 0 <= v < height and 0 <= u < width
                    if inside and not named[v][u] and rooms[v][u] == rooms[y][x]:
                        named[v][u] = f"R{count}"
                        todo.append((v, u))
    return named


def heyawake_text(problem: str) -> str:
    """Heyawake: the grid of numbers (``-`` none), then the room map; gridsat takes the map and
    a line per numbered room, the room named by the cell its number stands in."""
    height, _, numbers, rest = _cells(problem)
    rooms = _pieces([line.split() for line in rest[:height]])
    said: dict[str, str] = {}
    for r, row in enumerate(numbers):
        for c, v in enumerate(row):
            if v != "-":
                room = rooms[r][c]
                if said.get(room, v) != v:
                    raise ValueError(f"room {room} has two numbers, {said[room]} and {v}")
                said[room] = v
    return _map(rooms) + "\n\n" + "\n".join(f"{k}={v}" for k, v in said.items())


def starbattle_text(problem: str) -> str:
    """Star Battle: ``ROWS COLS STARS`` then the region map."""
    head = problem.strip().splitlines()[0].split()
    _, _, rows, _ = _cells(problem)
    if any(v in "@#" for row in rows for v in row):
        raise ValueError("cells off the board (@) or blocked (#): a variant gridsat has not")
    stars = head[2] if len(head) > 2 else "1"
    return f"stars: {stars}\n" + _map(rows)


# the dataset's sides of a cell, as gridsat's line bits (1 right, 2 up, 4 left, 8 down)
SIDES = {"e": 1, "n": 2, "w": 4, "s": 8}
ARROWS = {"e": ">", "n": "^", "w": "<", "s": "v"}


def _lines(solution: str, clue: str, shaded: str) -> list[str]:
    """A published path (each cell its sides, ``ns``, ``e``...) as gridsat's hex digits; a
    cell without sides ``-`` is ``clue``, ``x`` is ``shaded``."""
    _, _, rows, _ = _cells(solution)
    out = []
    for row in rows:
        line = ""
        for v in row:
            if v == "-":
                line += clue
            elif v == "x":
                line += shaded
            else:
                line += format(sum(SIDES[ch] for ch in v), "x")
        out.append(line)
    return out


def yajilin_text(problem: str) -> str:
    """Yajilin: ``-`` an empty cell, ``2e`` a clue (a count and its arrow: n, s, e, w), ``x``
    a black cell without a clue (gridsat's ``?``)."""
    _, _, rows, _ = _cells(problem)
    out = []
    for row in rows:
        cells = []
        for v in row:
            if v == "@":
                raise ValueError("cells off the board (@): a variant gridsat has not")
            cells.append("." if v == "-" else "?" if v == "x" else v[:-1] + ARROWS[v[-1]])
        out.append(" ".join(cells))
    return "\n".join(out)


def numberlink_text(problem: str) -> str:
    """Numberlink: ``-`` an empty cell, a number an end of its line."""
    _, _, rows, _ = _cells(problem)
    return "\n".join(" ".join("." if v == "-" else v for v in row) for row in rows)


def kakuro_text(problem: str) -> str:
    """Kakuro: ``0`` a white cell, ``-`` a black one, ``DOWN,ACROSS`` a clue cell (either side
    empty); gridsat writes the clue ``DOWN\\ACROSS``."""
    _, _, rows, _ = _cells(problem)
    out = []
    for row in rows:
        out.append(" ".join(
            "." if v == "0" else "#" if v == "-" else v.replace(",", "\\") for v in row
        ))  # fmt: skip
    return "\n".join(out)


def _digits(solution: str) -> list[str]:
    """A published Kakuro: digits, ``-`` a black cell."""
    _, _, rows, _ = _cells(solution)
    return ["".join("#" if v == "-" else v for v in row) for row in rows]


@dataclass(frozen=True)
class Convert:
    """How one genre of the dataset becomes gridsat's: its folder, the problem as a text
    gridsat reads, and the published solution as gridsat's ``--json`` rows."""

    folder: str
    text: Callable[[str], str]
    published: Callable[[str], list[str]]


CONVERT: dict[str, Convert] = {
    "lits": Convert("LITS", rooms_text, _shaded),
    "nurikabe": Convert("Nurikabe", nurikabe_text, _shaded),
    "heyawake": Convert("Heyawake", heyawake_text, _shaded),
    "norinori": Convert("Norinori", rooms_text, _shaded),
    "starbattle": Convert("Starbattle", starbattle_text, lambda s: _shaded(s, "*")),
    "yajilin": Convert("Yajilin", yajilin_text, lambda s: _lines(s, ".", "#")),
    "numberlink": Convert("NumberLink", numberlink_text, lambda s: _lines(s, "0", "0")),
    "kakuro": Convert("Kakuro", kakuro_text, _digits),
}


def band(height: int, width: int) -> str:
    """The size band of a board: its longer side, up to each of BANDS."""
    side = max(height, width)
    low = 1
    for top in BANDS:
        if side <= top:
            return f"{low}-{top}"
        low = top + 1
    return f">{BANDS[-1]}"


def load(dataset: str, git: bool, folder: str) -> dict[str, Any]:
    """One genre's entries, from a checkout or (``git``) a git directory's HEAD."""
    path = f"assets/data/{folder}/{folder}_dataset.json"
    if git:
        text = subprocess.run(
            ["git", f"--git-dir={dataset}", "show", f"HEAD:{path}"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    else:
        text = (Path(dataset) / path).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)["data"]
    return data


@dataclass
class Band:
    """What one genre's boards of one size band came to."""

    read: int = 0
    refused: int = 0
    solved: int = 0
    unique: int = 0
    matching: int = 0
    published: int = 0
    cpu: list[float] = field(default_factory=list)
    largest: tuple[int, str] = (0, "")


def main() -> int:
    """Read, solve, check and compare every puzzle; print the table and what went wrong."""
    grammar = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    grammar.add_argument("--dataset", required=True, help="a checkout of puzzlekit-dataset")
    grammar.add_argument("--git", action="store_true", help="--dataset is a git directory")
    grammar.add_argument("--genres", default=",".join(CONVERT), help="comma-separated")
    grammar.add_argument("--limit", type=int, default=0, help="puzzles per genre (0: all)")
    grammar.add_argument("--timeout", type=float, default=20.0, help="seconds a puzzle")
    grammar.add_argument("--backend", default="", help="instead of each genre's default")
    grammar.add_argument("--encoding", default="", help="instead of each genre's default")
    args = grammar.parse_args()
    problems: list[str] = []
    print(f"{'genre':11} {'band':>6} {'read':>5} {'refused':>7} {'solved':>6} {'unique':>6} "
          f"{'match':>5} {'of pub':>6} {'median ms':>9} {'worst ms':>9} "
          f"{'largest':>8}")  # fmt: skip
    for name in args.genres.split(","):
        convert = CONVERT[name]
        genre = get_genre(name)
        backend = get_backend(args.backend or genre.default_backend)
        bands: dict[str, Band] = defaultdict(Band)
        reasons: Counter[str] = Counter()
        slowest: list[tuple[float, str]] = []
        entries = list(load(args.dataset, args.git, convert.folder).values())
        for entry in entries[: args.limit or None]:
            source = entry.get("source", "?")
            try:
                height, width, _, _ = _cells(entry["problem"])
            except (ValueError, IndexError) as e:
                reasons[f"dataset: {str(e).split(',')[0]}"] += 1
                problems.append(f"{name} refused, the dataset's fault: {e} ({entry.get('source')})")
                continue
            size = f"{height}x{width}"
            into = bands[band(height, width)]
            start = time.process_time()
            try:
                puzzle = genre.read(convert.text(entry["problem"]))
            except (ParseError, ValueError) as e:
                into.refused += 1
                reasons[str(e).split(":")[-1].strip()[:70]] += 1
                problems.append(f"{name} {size} refused: {e} ({source})")
                continue
            try:
                outcome = solve(genre, puzzle, backend, args.encoding or None, limit=2,
                                time_limit=args.timeout)  # fmt: skip
            except Exception as e:  # a crash is a finding, not the end of the run
                into.read += 1
                problems.append(f"{name} {size} CRASH {type(e).__name__}: {e} ({source})")
                continue
            cpu = (time.process_time() - start) * 1000
            into.read += 1
            into.cpu.append(cpu)
            into.largest = max(into.largest, (height * width, size))
            slowest = sorted([*slowest, (cpu, f"{size} {source}")], reverse=True)[:3]
            if not outcome.solutions:
                problems.append(f"{name} {size} {outcome.status.value} ({source})")
                continue
            answer = outcome.solutions[0]
            if genre.check(puzzle, answer):
                problems.append(f"{name} {size} check() refuses the answer ({source})")
                continue
            into.solved += 1
            into.unique += outcome.status is Status.UNIQUE
            if outcome.status is not Status.UNIQUE:
                problems.append(f"{name} {size} {outcome.status.value} ({source})")
            if entry.get("solution"):
                into.published += 1
                if genre.to_json(puzzle, answer) == convert.published(entry["solution"]):
                    into.matching += 1
                else:
                    problems.append(f"{name} {size} differs from the published ({source})")
        for key in sorted(bands, key=lambda k: int(k.lstrip(">").split("-")[0])):
            b = bands[key]
            median = f"{statistics.median(b.cpu):9.1f}" if b.cpu else f"{'-':>9}"
            worst = f"{max(b.cpu):9.1f}" if b.cpu else f"{'-':>9}"
            print(f"{name:11} {key:>6} {b.read:5} {b.refused:7} {b.solved:6} {b.unique:6} "
                  f"{b.matching:5} {b.published:6} {median} {worst} {b.largest[1]:>8}",
                  flush=True)  # fmt: skip
        for cpu, which in slowest:
            print(f"{name:11} slowest: {cpu:.0f} ms, {which}")
        for reason, count in reasons.most_common():
            print(f"{name:11} refused {count}: {reason}")
    for line in problems:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
