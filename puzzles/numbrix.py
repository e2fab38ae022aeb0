"""Numbrix: Hidato's rules with side steps only (its rulebook is Hidato's)."""

from __future__ import annotations

from ..contract import About, Grading, Parts, Reading, Solving
from .hidato import BOARD_INPUT, BOARD_OPTIONS, GIVENS, answer, check, maker, place_name

__all__ = ["GENRE", "GIVENS", "answer", "check", "make", "place_name"]

make = maker("orthogonal")

GENRE = About(
    name="numbrix",
    summary="number the cells 1..N so consecutive numbers share a side",
    reading=Reading(
        input_format=BOARD_INPUT,
        example="[[_, _, _, _], [_, _, 11, 14], [_, _, 4, _], [_, _, _, _]]",
        options=BOARD_OPTIONS,
    ),
    solving=Solving(
        default_backend="sat:cadical195",
        default_encoding="position",
    ),
    parts=Parts(
        model=".models.hidato",
        picture=".pictures.hidato",
    ),
    grading=Grading(
        # No levels of people's to follow: the quartiles of the scores of 40 puzzles made at
        # its own size (5x5; 1.35, 1.60 and 1.78; benchmarks/bench_bands.py) part the bands.
        bands=(
            ("easy", 0, 1.35),
            ("medium", 1.35, 1.6),
            ("hard", 1.6, 1.78),
            ("extreme", 1.78, 4),
        ),
    ),
)
