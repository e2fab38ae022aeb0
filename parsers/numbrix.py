"""Numbrix boards: read as Hidato's, with side steps as the moves."""

from __future__ import annotations

from ..puzzles.hidato import Hidato
from . import hidato
from .hidato import format_puzzle, format_solution, from_json, rows_text, to_json

__all__ = ["format_puzzle", "format_solution", "from_json", "parse", "rows_text", "to_json"]


def parse(text: str, blank: str | None = None, hole: str | None = None) -> Hidato:
    """A Numbrix board: as Hidato, with orthogonal moves only."""
    return hidato.parse(text, blank, hole, moves="orthogonal")
