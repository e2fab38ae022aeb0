"""The ``nonogram`` package's runner, run by its own venv's python (see README.md). The
package is a command line over a file; its solver functions take the row and column clues
as lists of ints, as its own file reader makes them. ``input`` is ``{"rows": [[...], ...],
"columns": [[...], ...]}``; the answer is rows of 0/1. It runs the package's default method
(DYNAMIC_OPTIMIZED: line-by-line dynamic programming, linear programming to finish), and
finds one grid: it does not prove uniqueness."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from nonogram.src.core.solveurs import dynamic_optimized_programming as dop
from nonogram.src.core.solveurs.solveur_utils import (
    CASE_NOIRE,
    CASE_VIDE,
    GrilleImpossible,
)
from runner_common import serve


def solve(genre: str, given: Any) -> tuple[str, Any, int | None, bool | None]:
    rows = [list(r) for r in given["rows"]]
    columns = [list(c) for c in given["columns"]]
    grid = np.full((len(rows), len(columns)), CASE_VIDE)
    try:
        # what its command line runs for its default method (nonogram.src.core.nonogram._solve,
        # whose module needs matplotlib's pylab, which the package does not install)
        grid = dop.solve(rows, columns, grid=grid, max_call=100, weight_len=0, weight_colored=1)[0]
    except GrilleImpossible:
        return "none", None, 0, None
    if (grid == CASE_VIDE).any():
        return "unknown", [[int(v == CASE_NOIRE) for v in row] for row in grid], None, None
    return "solved", [[int(v == CASE_NOIRE) for v in row] for row in grid], 1, None


if __name__ == "__main__":
    serve(solve)
