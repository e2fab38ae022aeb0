"""Norinori boards: a region map of letters a person types, and puzz.link's ``norinori`` URLs
(the rooms as walls)."""

from __future__ import annotations

from ..puzzles.norinori import Norinori
from .roomshading import MapReader

EXAMPLE = "https://puzz.link/p?norinori/5/5/cag4ocjo"

READER = MapReader("norinori", Norinori, EXAMPLE)
parse = READER.parse
format_puzzle = READER.format_puzzle
format_solution = READER.format_solution
to_json = READER.to_json
from_json = READER.from_json
parse_url = READER.parse_url
format_url = READER.format_url
rows_text = READER.rows_text
