"""gridsat: logic puzzles solved, checked and compared with SAT and CP-SAT solvers.

As a library: ``gridsat.read(genre, text)`` gives a Puzzle, ``gridsat.solve(puzzle)`` a Result;
``solutions``, ``count``, ``compare``, ``bench``, ``diagnose``, ``generate``, ``grade``,
``render`` and ``convert`` do the rest (see ``gridsat.api``). They load on first use, and no
solver library until a puzzle is solved.
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False  # (typing's own would load typing before the command's Ctrl-C guard)
if TYPE_CHECKING:
    from .api import (
        BackendError,
        Benchmark,
        CheckFailed,
        Comparison,
        Count,
        Diagnosis,
        Generated,
        Generation,
        Graded,
        Interrupted,
        OutputError,
        Puzzle,
        PuzzleError,
        Result,
        Solution,
        Status,
        backends,
        bench,
        compare,
        convert,
        count,
        diagnose,
        explain,
        generate,
        genre_of,
        genres,
        grade,
        read,
        render,
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
    "Generation",
    "Graded",
    "Interrupted",
    "OutputError",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Solution",
    "Status",
    "__version__",
    "backends",
    "bench",
    "compare",
    "convert",
    "count",
    "diagnose",
    "explain",
    "generate",
    "genre_of",
    "genres",
    "grade",
    "read",
    "render",
    "solutions",
    "solve",
]


def __getattr__(name: str) -> object:
    """The library's names, loaded from ``gridsat.api`` when first asked for: the package's own
    import stays small, since ``launch`` can answer Ctrl-C only once it has run."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import api

    value = getattr(api, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
