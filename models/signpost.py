"""Signpost as a model: the numbers form a path that follows the arrows (see ``path.py``)."""

from __future__ import annotations

from ..puzzles.signpost import NumberGrid, Signpost
from .model import Assignment, Built
from .path import ENCODINGS, NumberPath, build_path

__all__ = ["ENCODINGS", "build", "number_path"]


def number_path(puzzle: Signpost) -> NumberPath:
    """From each cell the path may go to any cell its arrow points at; the givens stay."""
    return NumberPath([puzzle.ray(c) for c in range(puzzle.size)], puzzle.givens)


def build(puzzle: Signpost, encoding: str = "position", prune: bool = True) -> Built[NumberGrid]:
    """The model of ``puzzle`` in the chosen encoding; the decoder gives the numbered board."""
    built = build_path(number_path(puzzle), encoding, prune)
    w = puzzle.width

    def decode(assignment: Assignment) -> NumberGrid:
        numbers = built.decode(assignment)
        return tuple(tuple(numbers[r * w : (r + 1) * w]) for r in range(puzzle.height))

    keys = built.keys and {(c // w, c % w): lits for c, lits in built.keys.items()}
    return Built(built.model, decode, keys)
