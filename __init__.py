"""gridsat: logic puzzles solved, checked and compared with SAT and CP-SAT solvers.

As a library: ``gridsat.read(genre, text)`` gives a Puzzle, ``gridsat.solve(puzzle)`` a Result;
``solutions``, ``count``, ``compare``, ``diagnose``, ``generate``, ``grade``, ``render`` and
``convert`` do the rest (see ``gridsat.api``). No solver library is loaded until a puzzle is solved.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .api import (
    BackendError,
    CheckFailed,
    Comparison,
    Count,
    Diagnosis,
    Generated,
    Generation,
    Graded,
    Puzzle,
    PuzzleError,
    Result,
    Solution,
    Status,
    backends,
    compare,
    convert,
    count,
    diagnose,
    generate,
    genres,
    grade,
    read,
    render,
    solutions,
    solve,
)

__all__ = [
    "BackendError",
    "CheckFailed",
    "Comparison",
    "Count",
    "Diagnosis",
    "Generated",
    "Generation",
    "Graded",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Solution",
    "Status",
    "__version__",
    "backends",
    "compare",
    "convert",
    "count",
    "diagnose",
    "generate",
    "genres",
    "grade",
    "read",
    "render",
    "solutions",
    "solve",
]
