"""akari-sat's runner, run by its own venv's python (Python 3.13+; see README.md). ``input``
is the board's rows: ``.`` empty, ``#`` a black cell, ``0``-``4`` a numbered one, as
``solve_akari`` takes them; the answer is rows of 0/1 (1 a light). akari-sat asks Glucose 3
for one solution: it does not prove uniqueness."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from akari_sat import solve_akari
from runner_common import serve


def solve(genre: str, given: Any) -> tuple[str, Any, int | None, bool | None]:
    rows = list(given)
    result = solve_akari(len(rows), len(rows[0]), rows)
    if result is None:
        return "none", None, 0, None
    return "solved", [[int(v) for v in row] for row in result], 1, None


if __name__ == "__main__":
    serve(solve)
