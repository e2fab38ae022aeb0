"""Slant as a model: a Boolean a cell (``/`` or ``\\``), each clue a sum of the diagonals that
end at its corner, and no loop by the shared forest rule (``models/lines.py``: every corner
joined to the board's edge, by lazy ``networks`` cuts or by reach ``levels`` in clauses)."""

from __future__ import annotations

from ..puzzles.slant import BACK, FORWARD, Lines, Slant
from .lines import FOREST_ENCODINGS, add_forest_of_diagonals, forest_hints
from .model import Assignment, Built, Lit, Model

ENCODINGS = FOREST_ENCODINGS


def build(puzzle: Slant, encoding: str = "networks", prune: bool = True) -> Built[Lines]:
    """The diagonals, the clues, no loop (``prune`` is not used: the model has nothing to
    leave out)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w = puzzle.height, puzzle.width
    model = Model()
    slash = [list(model.bool_vars(w)) for _ in range(h)]  # true: /
    # A clue counts the diagonals ending at its corner: the \ of the cell above-left and below-
    # right, the / of the cell above-right and below-left.
    for (y, x), n in puzzle.clues().items():
        lits: list[Lit] = []
        for r, c, lit in ((y - 1, x - 1, -1), (y, x, -1), (y - 1, x, 1), (y, x - 1, 1)):
            if 0 <= r < h and 0 <= c < w:
                lits.append(lit * slash[r][c])
        model.add_sum(lits, [1] * len(lits), "==", n)
    add_forest_of_diagonals(model, slash, encoding)
    model.answer.extend(v for row in slash for v in row)

    def decode(a: Assignment) -> Lines:
        return tuple("".join(FORWARD if a(v) else BACK for v in row) for row in slash)

    return Built(model, decode, hints=forest_hints(slash))
