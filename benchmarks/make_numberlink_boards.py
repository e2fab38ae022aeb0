"""Make Numberlink benchmark boards with the genre's maker, deterministic by seed: every-cell
boards (puzz.link's arukone) or Nikoli's numlin, whose cells may stay empty (its planted
answer passes every cell all the same). Each board is proved unique before it is written.

    python benchmarks/make_numberlink_boards.py 36x20 --numlin --seeds 1-3 \
        >> data/numberlink/boards.jsonl
    python benchmarks/make_numberlink_boards.py 40x40 --numlin --tiles 2 --seeds 1-1

``--tiles N`` puts N x N boards the maker makes at a size N times smaller side by side (each
its own seed, ``100 * seed + i``), their numbers counted on; the whole is proved unique (the
maker takes long at 40x40: its last steps each solve a nearly unique board).

A line per board: ``id`` (its puzz.link URL), ``params`` (its size, ``numlin`` boards marked)
and ``solution`` (as ``--json`` writes it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from gridsat.parsers.numberlink import format_url
from gridsat.pipeline import solve
from gridsat.puzzles.numberlink import Numberlink, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend


def tiled(
    size: tuple[int, int], tiles: int, seed: int, numlin: bool, solutions: Any
) -> tuple[Numberlink, tuple[str, ...]]:
    """Boards made at a size ``tiles`` times smaller, ``tiles`` x ``tiles`` side by side."""
    width, height = size
    tw, th = width // tiles, height // tiles
    if tw * tiles != width or th * tiles != height:
        raise SystemExit(f"{width}x{height} is not {tiles} x {tiles} boards of one size")
    rows: list[list[int | None]] = [[None] * width for _ in range(height)]
    masks = [["0"] * width for _ in range(height)]
    counted = 0
    every = True
    for i in range(tiles * tiles):
        top, left = (i // tiles) * th, (i % tiles) * tw
        part, solution, _ = make((tw, th), random.Random(100 * seed + i), solutions, numlin)
        every = every and part.every_cell
        for r in range(th):
            for c in range(tw):
                n = part.rows[r][c]
                rows[top + r][left + c] = None if n is None else n + counted
                masks[top + r][left + c] = solution[r][c]
        counted += len(part.ends())
    board = Numberlink(tuple(tuple(row) for row in rows), every_cell=every)
    return board, tuple("".join(row) for row in masks)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("size", help="WxH")
    ap.add_argument("--numlin", action="store_true", help="Nikoli's rule: cells may stay empty")
    ap.add_argument("--seeds", default="1-3", help="FIRST-LAST")
    ap.add_argument("--backend", default="sat:cadical195")
    ap.add_argument("--tiles", type=int, default=1, help="N: N x N smaller boards side by side")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    first, last = (int(v) for v in args.seeds.split("-"))
    genre = get_genre("numberlink")
    backend = get_backend(args.backend)

    def solutions(puzzle: object, n: int) -> list[object]:
        return list(solve(genre, puzzle, backend, limit=n).solutions)

    for seed in range(first, last + 1):
        start = time.process_time()
        if args.tiles == 1:
            puzzle, solution, _ = make((width, height), random.Random(seed), solutions, args.numlin)
        else:
            puzzle, solution = tiled((width, height), args.tiles, seed, args.numlin, solutions)
        outcome = solve(genre, puzzle, backend, limit=2)
        assert str(outcome.status) == "unique" and outcome.solutions == [solution]
        assert genre.check(puzzle, solution) == []
        kind = "" if puzzle.every_cell else " numlin"
        print(json.dumps({"id": format_url(puzzle), "params": f"{args.size}{kind}",
                          "solution": genre.to_json(puzzle, solution)}), flush=True)  # fmt: skip
        print(f"seed {seed}: {time.process_time() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
