"""puzzlekit's runner, run by its own venv's python (see README.md). ``input`` is
``{"type": puzzlekit's puzzle type, "params": its solver's keyword arguments}``, the same
dictionary its parsers make from its text form; the answer is the solution grid's rows of
strings. puzzlekit asks CP-SAT for one solution: it does not prove uniqueness."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import puzzlekit
from runner_common import serve


def solve(genre: str, given: Any) -> tuple[str, Any, int | None, bool | None]:
    result = puzzlekit.solve(dict(given["params"]), given["type"])
    status = result.solution_data.get("status")
    if result.is_solved:
        return "solved", [list(map(str, row)) for row in result.sol_grid.matrix], 1, None
    return ("none" if status == "Infeasible" else "unknown"), None, 0, None


if __name__ == "__main__":
    serve(solve)
