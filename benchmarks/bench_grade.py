"""Does ``gridsat grade`` agree with people? Spearman's rank correlation between the grade's score
and the difficulty level Simon Tatham's graded solvers give (``params`` of the corpus in
../shared/corpus/tatham), per genre, on puzzles of one size, and the median score per level.

    python benchmarks/bench_grade.py [--corpus DIR] [--genres solo,towers] [--prune|--no-prune]
        [--encodings towers=latin] [--sizes loopy=,tents=8x8]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gridsat.grading import grade
from gridsat.registry import get_genre

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tatham"

ORDER = {
    "solo": "tbiaeu",
    "towers": "ehxu",
    "keen": "enhxu",
    "unruly": "ten",
    "lightup": "012",
    "tents": "et",
    "loopy": "enth",
    "unequal": "tekxr",
    "undead": "ent",
    "map": "enhu",
    "dominosa": "tbhe",
    "galaxies": "nu",
    "pearl": "et",
    "tracks": "eth",
    "slant": "eh",
    "singles": "ek",
}
"""Each genre's difficulty letters (the digit after ``d`` for Light Up), easiest first."""

SIZE = {
    "solo": "3x3",
    "towers": "6",
    "keen": "6",
    "unruly": "8x8",
    "lightup": "7x7",
    "tents": "",
    "loopy": "10x10",
    "unequal": "",
    "undead": "",
    "map": "20x15",
    "dominosa": "6",
    "galaxies": "",
    "pearl": "10x10",
    "tracks": "",
    "slant": "",
    "singles": "",
}
"""The size compared in each genre: the one with the most levels. Tents has no size at two
levels (8x8 easy, 10x10 and up tricky): all its puzzles are compared, sizes mixed."""

GENRE = {"solo": "sudoku", "unequal": "futoshiki", "pearl": "masyu", "singles": "hitori"}


def level(genre: str, params: str) -> int | None:
    """Tatham's level of a record, 0 = his easiest; None for a variant left out (X, killer)."""
    found = re.search(r"d([a-z0-9])m?$", params)
    if found is None or (genre == "solo" and not re.fullmatch(r"3x3d.", params)):
        return None
    return ORDER[genre].index(found[1])


def size(params: str) -> str:
    """The board size a record's params name."""
    return re.match(r"\d+(x\d+)?", params)[0]  # type: ignore[index]


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rho: Pearson's correlation of the ranks (ties averaged)."""
    rx, ry = ranks(x), ranks(y)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else float("nan")


def ordered(levels: Sequence[int], scores: Sequence[float]) -> float:
    """The share of pairs of puzzles at different levels that the scores put in the same order
    (a tie counts half): 1 when the scores part the levels cleanly. Spearman's rho cannot say
    so with two levels: it also weighs the spread of scores within a level, so 5 Easy and 15
    Tricky puzzles parted cleanly by distinct scores give rho 0.75 at most."""
    right = pairs = 0.0
    for i, (a, x) in enumerate(zip(levels, scores, strict=True)):
        for b, y in zip(levels[i + 1 :], scores[i + 1 :], strict=True):
            if a == b:
                continue
            pairs += 1
            right += 0.5 if x == y else float((a < b) == (x < y))
    return right / pairs if pairs else float("nan")


def measure(
    name: str,
    corpus: Path,
    prune: bool | None,
    encoding: str | None = None,
    among: str | None = None,
) -> dict[str, Any]:
    """Grade the genre's records of the compared size (``among``: this one instead, ``""``
    all sizes mixed); the table row."""
    genre = get_genre(GENRE.get(name, name))
    compared = SIZE[name] if among is None else among
    points: list[tuple[int, float, int]] = []
    cpu: list[float] = []
    for line in (corpus / f"{name}.jsonl").read_text().splitlines():
        record = json.loads(line)
        tatham = level(name, record["params"])
        if tatham is None or (compared and size(record["params"]) != compared):
            continue
        puzzle = genre.parse(record["id"])
        start = time.process_time()
        found = grade(genre, puzzle, prune=prune, encoding=encoding)
        cpu.append(time.process_time() - start)
        points.append((tatham, found.score, found.level))
    by_level: defaultdict[int, list[float]] = defaultdict(list)
    levels: defaultdict[int, list[int]] = defaultdict(list)
    for tatham, score, ours in points:
        by_level[tatham].append(score)
        levels[tatham].append(ours)
    rho = spearman([p[0] for p in points], [p[1] for p in points])
    share = ordered([p[0] for p in points], [p[1] for p in points])
    medians = {ORDER[name][k]: statistics.median(v) for k, v in sorted(by_level.items())}
    ours_by = {ORDER[name][k]: sorted(v) for k, v in sorted(levels.items())}
    return {
        "genre": name,
        "size": compared or "mixed",
        "n": len(points),
        "rho": rho,
        "ordered": share,
        "medians": medians,
        "levels": ours_by,
        "cpu_median": statistics.median(cpu) if cpu else 0.0,
        "cpu_max": max(cpu) if cpu else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--genres", default=",".join(ORDER))
    pruning = parser.add_mutually_exclusive_group()
    pruning.add_argument(
        "--prune", dest="prune", action="store_const", const=True, help="grade on the pruned model"
    )
    pruning.add_argument(
        "--no-prune",
        dest="prune",
        action="store_const",
        const=False,
        help="grade on the model without domain pruning (default: as the genre grades)",
    )
    parser.add_argument(
        "--encodings", default="", help="GENRE=ENCODING,...: grade on these instead"
    )
    parser.add_argument(
        "--sizes", default="", help="GENRE=SIZE,...: compare this size (empty: all mixed)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON line per genre")
    args = parser.parse_args()
    print(f"{'genre':8} {'size':6} {'n':>3} {'rho':>6} {'ordered':>7}  median score per "
          "Tatham level (our levels)   cpu median/max s")  # fmt: skip
    named = {v: k for k, v in GENRE.items()}  # gridsat's names for Tatham's, as gridsat says them
    for asked in args.genres.split(","):
        name = named.get(asked, asked)
        if name not in SIZE:
            parser.error(f"no corpus of Tatham's levels for {asked!r}: one of {', '.join(SIZE)}")
        chosen = dict(e.split("=") for e in args.encodings.split(",") if e)
        sizes = dict(e.split("=") for e in args.sizes.split(",") if e)
        row = measure(name, args.corpus, args.prune, chosen.get(name), sizes.get(name))
        if args.json:
            print(json.dumps(row))
            continue
        medians = "  ".join(
            f"{k}:{v:.3f}({''.join(map(str, row['levels'][k]))})" for k, v in row["medians"].items()
        )
        print(f"{name:8} {row['size']:6} {row['n']:3} {row['rho']:6.2f} {row['ordered']:7.2f}  "
              f"{medians}   "
              f"{row['cpu_median']:.3f}/{row['cpu_max']:.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
