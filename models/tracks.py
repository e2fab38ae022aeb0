"""Tracks as a model: a line per pair of side-by-side cells, the pieces shown fixed, the counts
as sums of the cells the track passes, and one path from the entry to the exit by the shared
line rules (``models/lines.py``: ``edges`` or ``circuit``)."""

from __future__ import annotations

from ..puzzles.tracks import Masks, Tracks
from .lines import PATH_ENCODINGS, CellLines, add_single_line, closing_hints
from .model import Assignment, Built, Lit, Model

ENCODINGS = PATH_ENCODINGS


def build(puzzle: Tracks, encoding: str = "edges", prune: bool = True) -> Built[Masks]:
    """The track through the pieces shown, its counts, one path between its ends. ``prune``
    leaves out the lines into a row or column whose count is 0, and those a piece shown
    rules out."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    clues = puzzle.clues()
    empty = {(r, c) for r in range(puzzle.height) for c in range(puzzle.width)
             if puzzle.counts[r] == 0 or puzzle.columns[c] == 0}  # fmt: skip

    def off(a: tuple[int, int], b: tuple[int, int]) -> bool:
        if not prune:
            return False
        if a in empty or b in empty:
            return True
        across = b[1] > a[1]  # (a is left of or above b)
        return bool(
            (a in clues and not clues[a] & (1 if across else 8))
            or (b in clues and not clues[b] & (4 if across else 2))
        )

    model = Model()
    lines = CellLines(model, puzzle.width, puzzle.height, off)
    ends = puzzle.ends()
    # Each piece shown is laid as shown (its line off the board at an end aside).
    for (r, c), piece in clues.items():
        for bit in (1, 2, 4, 8):
            line = lines.line(r, c, bit)
            if ends.get((r, c), 0) & bit:
                continue
            lines.clause([line] if piece & bit else [-line])
    on = add_single_line(lines, encoding, must=clues, ends=ends)
    # Each row and column uses its count of cells.
    for groups, counts in (
        ([[(r, c) for c in range(puzzle.width)] for r in range(puzzle.height)], puzzle.counts),
        ([[(r, c) for r in range(puzzle.height)] for c in range(puzzle.width)], puzzle.columns),
    ):
        for cells, n in zip(groups, counts, strict=True):
            lits: list[Lit] = [
                on[cell] for cell in cells if on[cell] not in (lines.true, lines.false)
            ]
            need = n - sum(on[cell] == lines.true for cell in cells)
            if lits or need:
                model.add_sum(lits, [1] * len(lits), "==", need)
    model.answer.extend(lines.all())

    def decode(a: Assignment) -> Masks:
        return tuple(lines.masks(a, ends))

    return Built(model, decode, hints=closing_hints(lines, path=True))
