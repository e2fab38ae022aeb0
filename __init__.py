"""gridsat: logic puzzles solved, checked and compared with SAT and CP-SAT solvers.

As a library: ``gridsat.read(genre, text)`` gives a Puzzle, ``gridsat.solve(puzzle)`` a Result;
``solutions``, ``count``, ``compare``, ``bench``, ``diagnose``, ``generate`` and ``grade``
do the rest (see ``gridsat.api``). No solver library is loaded until a puzzle is solved.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .api import (
    BackendError,
    Benchmark,
    CheckFailed,
    Comparison,
    Count,
    Diagnosis,
    Generated,
    Graded,
    Interrupted,
    OutputError,
    Puzzle,
    PuzzleError,
    Result,
    Solution,
    Status,
    bench,
    compare,
    count,
    diagnose,
    explain,
    generate,
    genres,
    grade,
    read,
    solutions,
    solve,
)

__all__ = [
    "BackendError",
    "Benchmark",
    "CheckFailed",
    "Comparison",
    "Count",
    "Diagnosis",
    "Generated",
    "Graded",
    "Interrupted",
    "OutputError",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Solution",
    "Status",
    "__version__",
    "bench",
    "compare",
    "count",
    "diagnose",
    "explain",
    "generate",
    "genres",
    "grade",
    "read",
    "solutions",
    "solve",
]
