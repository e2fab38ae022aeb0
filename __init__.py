"""gridsat: logic puzzles solved, checked and compared with SAT and CP-SAT solvers.

As a library: ``gridsat.read(genre, text)`` gives a Puzzle, ``gridsat.solve(puzzle)`` a Result;
``solutions``, ``count``, ``compare``, ``diagnose``, ``generate`` and ``grade`` do the rest (see
``gridsat.api``). They are loaded on first use, so ``import gridsat`` stays quick and loads no
solver library.
"""

# ruff: noqa: F403, F405 (the type checker's names come from ``gridsat.api``'s public ones)
from __future__ import annotations

# Only ``sys`` (loaded with the interpreter) at the top: the command's Ctrl-C guard, in
# ``launch``, starts once this module has run, and a Ctrl-C before it is Python's own traceback.
import sys

__version__ = "0.1.0"

TYPE_CHECKING = False  # (not typing's: importing typing would double this import's time)
if TYPE_CHECKING:
    from types import ModuleType as _Module
    from typing import Any

    from .api import *  # the names of __all__, for the type checker: one list, below
else:
    _Module = type(sys)  # types.ModuleType, without importing ``types``

__all__ = [  # the library's names, each loaded from gridsat.api when first asked for
    "BackendError",
    "CheckFailed",
    "Comparison",
    "Count",
    "Diagnosis",
    "Generated",
    "Graded",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Solution",
    "Status",
    "__version__",
    "compare",
    "count",
    "diagnose",
    "generate",
    "genres",
    "grade",
    "read",
    "solutions",
    "solve",
]


SHARED = ("compare", "diagnose", "generate", "genres", "grade")
"""Functions of the library named as modules of the package (``gridsat.compare`` is both)."""


class _Shared(_Module):
    """A module that shares its name with a function of the library: calling it calls the
    function, so ``gridsat.compare(...)`` works whether or not the module was imported."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from . import api

        return getattr(api, self.__name__.rpartition(".")[2])(*args, **kwargs)


class _Package(_Module):
    """The package: a module of a SHARED name is made callable as the import binds it here."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in SHARED and type(value) is _Module:
            value.__class__ = _Shared
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    """The library's names, from ``gridsat.api`` when first asked for (a SHARED one is its
    module, made callable)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name in SHARED:
        import importlib  # (here only: ``import gridsat`` loads no more than it must)

        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
    from . import api

    return getattr(api, name)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
