"""Numberlink as a model: a line per pair of side-by-side cells, and the shared rule of paths
that join pairs of cells (``models/lines.py``'s ``add_linked_pairs``: ``binary``, ``onehot``
or ``circuit``); a setter's marks fix a cell's lines.

On a board whose cells may stay empty (Nikoli's rule), a path that touches itself or passes
round an empty cell can be made shorter, and the shorter one is an answer too: the model of
the answers no path of which shortens (``Built.narrowed``) is searched first for one or two
answers. Its one answer, when it passes every cell, is the puzzle's only one (any other would
shrink to a second one with cells to spare). Proving that no answer leaves a cell empty is
most of a Numberlink's time under Nikoli's rule, and this is where it is spared."""

from __future__ import annotations

from ..puzzles.numberlink import Masks, Numberlink
from .lines import DOWN, LEFT, PAIR_ENCODINGS, RIGHT, UP, CellLines, add_linked_pairs
from .model import Assignment, Built, Model

ENCODINGS = PAIR_ENCODINGS

NARROW_FROM = 10
"""The cells a pair a board has at least for the narrowed model to be searched first: measured,
Janko's Arukone (10 to 42 cells a pair, most 10 to 20) from past 20 s to under 1 s on their
slowest, while boards of short paths (the maker's, 7 to 8 cells a pair) take 3 to 5 times
longer with it (its rules cost more than the little room to wander they save)."""


def build(puzzle: Numberlink, encoding: str = "binary", prune: bool = True) -> Built[Masks]:
    """The paths between the numbers' pairs; with ``prune``, on a board whose cells may stay
    empty, with no marks (a mark may be what a shorter path would break) and NARROW_FROM cells
    a pair or more, the narrowed model of the answers that cannot shrink beside it."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    built = _paths(puzzle, encoding, minimal=False)
    pairs = len(puzzle.ends())
    if (
        not prune
        or puzzle.every_cell
        or puzzle.marks
        or puzzle.width * puzzle.height < NARROW_FROM * pairs
    ):
        return built
    narrowed = _paths(puzzle, encoding, minimal=True)
    return Built(built.model, built.decode, narrowed=narrowed, whole=_whole)


def _whole(solution: Masks) -> bool:
    """Every cell is on a path: no answer shrinks to this one."""
    return all(ch != "0" for row in solution for ch in row)


def _paths(puzzle: Numberlink, encoding: str, minimal: bool) -> Built[Masks]:
    model = Model()
    lines = CellLines(model, puzzle.width, puzzle.height)
    pairs = [(cells[0], cells[1]) for _, cells in sorted(puzzle.ends().items())]
    add_linked_pairs(lines, pairs, puzzle.every_cell, encoding, minimal)
    for (r, c), mask in puzzle.marks:
        for bit in (RIGHT, UP, LEFT, DOWN):
            lines.clause([lines.line(r, c, bit) if mask & bit else -lines.line(r, c, bit)])
    model.answer.extend(lines.all())

    def decode(a: Assignment) -> Masks:
        return tuple(lines.masks(a))

    return Built(model, decode)
