"""benchmarks/peers/convert.py: each peer's answer form, made here from gridsat's own solution
of one of Tatham's puzzles per genre, reads back into a value the genre's checker accepts, and
every puzzle's peer input is plain JSON. (The peers themselves run only in
benchmarks/bench_peers.py, in venvs of their own.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import gridsat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks" / "peers"))

from convert import ARROWS, BITS, GENRES, from_peer, to_peer  # noqa: E402

FIRST = {"sudoku": "3x3kdt", "pattern": "10x10", "net": "9x9", "signpost": "4x4c"}
SIDES = {v: k for k, v in BITS.items()}


def record(genre: str) -> str:
    path = ROOT / "data" / genre / "tatham.jsonl"
    if not path.exists():
        path = ROOT.parent / "shared" / "corpus" / "tatham" / f"{genre}.jsonl"
    if not path.exists():
        pytest.skip(f"no Tatham puzzles of {genre} here")
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    want = FIRST.get(genre)
    return next(r["id"] for r in rows if want is None or r["params"] == want)


def triples(grid: Any) -> list[list[Any]]:
    return [[x, y, v] for y, row in enumerate(grid) for x, v in enumerate(row)]


def answer(peer: str, genre: str, p: Any, value: Any) -> Any:
    """gridsat's solution as the peer's runner would send it back."""
    if peer == "akari-sat":
        return [[int(ch == "L") for ch in row] for row in value]
    if peer == "nonogram":
        return [list(row) for row in value]
    if peer == "puzzlekit":
        if genre in ("sudoku", "keen", "towers"):
            return [[str(v) for v in row] for row in value]
        if genre == "unruly":
            return [[str(v + 1) for v in row] for row in value]
        if genre == "lightup":
            return [["o" if ch == "L" else "-" for ch in row] for row in value]
        if genre == "tents":
            return [["o" if ch == "T" else "-" for ch in row] for row in value]
        if genre == "magnets":
            return [["x" if ch == "." else ch for ch in row] for row in value]
        if genre == "pattern":
            return [["x" if v else "-" for v in row] for row in value]
        if genre == "net":
            compass = {"n": 1, "s": 4, "w": 8, "e": 2}
            return [["".join(ch for ch, b in compass.items() if t & b) or "-" for t in row]
                    for row in value]  # fmt: skip
        if genre == "loopy":
            h, w = len(value.v), len(value.h[0])
            return [[str(value.h[r][c] * 8 + value.v[r][c] * 4 + value.h[r + 1][c] * 2
                         + value.v[r][c + 1]) for c in range(w)] for r in range(h)]  # fmt: skip
    if genre in ("sudoku", "keen", "towers", "unruly", "pattern", "signpost"):
        return triples(value)
    if genre == "lightup":
        return triples([[int(ch == "L") for ch in row] for row in value])
    if genre == "tents":
        return triples([[int(ch == "T") for ch in row] for row in value])
    if genre == "magnets":
        return triples([[["m", "x" if ch == "." else ch] for ch in row] for row in value])
    if genre == "net":
        return triples([["".join(SIDES[b] for b in (1, 2, 4, 8) if t & b) for t in row]
                        for row in value])  # fmt: skip
    if genre == "loopy":
        h, w = len(value.v), len(value.h[0])
        sides = [["U" * value.h[r][c] + "D" * value.h[r + 1][c] + "L" * value.v[r][c]
                  + "R" * value.v[r][c + 1] for c in range(w)] for r in range(h)]  # fmt: skip
        return triples(sides)
    if genre == "bridges":  # each island's bridges to the right, left, down and up
        out = []
        for y, row in enumerate(p.rows):
            for x, n in enumerate(row):
                if n:
                    right = value[y][x + 1] if x + 1 < len(row) and value[y][x + 1] > 0 else 0
                    down = -value[y + 1][x] if y + 1 < len(p.rows) and value[y + 1][x] < 0 else 0
                    out.append([x, y, [right, 0, down, 0]])
        return out
    raise AssertionError(f"{peer} {genre}")


CASES = [(peer, genre) for peer, genres in GENRES.items() for genre in genres]


@pytest.mark.parametrize(("peer", "genre"), CASES)
def test_an_answer_reads_back_and_checks(peer: str, genre: str) -> None:
    puzzle = gridsat.read(genre, record(genre))
    given = to_peer(peer, genre, puzzle.data)
    assert given is not None
    json.dumps(given)
    value = gridsat.solve(puzzle).solution.value
    back = from_peer(
        peer, genre, puzzle.data, json.loads(json.dumps(answer(peer, genre, puzzle.data, value)))
    )
    assert puzzle.genre.check(puzzle.data, back) == []
    assert back == value


def test_signpost_arrows_name_the_eight_directions() -> None:
    assert sorted(ARROWS) == sorted("QWEADZXC")
