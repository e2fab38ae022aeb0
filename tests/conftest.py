"""Shared test settings: the backends every golden test runs on, and the data folder."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"

# One CP-SAT and three python-sat solvers of different lineages (one of them not incremental).
BACKENDS = ("cpsat", "sat:cadical195", "sat:glucose4", "sat:kissat404")
