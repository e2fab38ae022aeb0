"""multi-puzzle-solver's runner, run by its own venv's python (see README.md). ``input`` holds
the arguments of the genre's ``Board`` (arrays as nested lists, made into numpy arrays here);
the runner calls the board's own ``solve_and_print(verbose=False)``, which asks CP-SAT for every
solution (some genres stop at 10), so a single solution found is a proof of uniqueness. The
answer is the first solution's assignment, as ``[x, y, value]`` triples."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from puzzle_solver import (
    bridges_solver,
    keen_solver,
    light_up_solver,
    magnets_solver,
    nonograms_solver,
    pipes_solver,
    signpost_solver,
    slitherlink_solver,
    sudoku_solver,
    tents_solver,
    towers_solver,
    unruly_solver,
)
from runner_common import serve


def _array(rows: Any) -> Any:
    return np.array([list(r) for r in rows])


def board(genre: str, a: dict[str, Any]) -> Any:
    if genre == "sudoku":
        killer = None
        if a.get("killer"):
            killer = (_array(a["killer"][0]), dict(a["killer"][1]))
        return sudoku_solver.Board(
            board=_array(a["board"]),
            constrain_blocks=a["block_size"] is not None,
            block_size=tuple(a["block_size"]) if a["block_size"] else None,
            unique_diagonal=a.get("unique_diagonal", False),
            jigsaw=_array(a["jigsaw"]) if a.get("jigsaw") else None,
            killer=killer,
        )
    if genre == "keen":
        results = {k: (op, int(n)) for k, (op, n) in a["block_results"].items()}
        clues = _array(a["clues"]) if a.get("clues") else None
        return keen_solver.Board(board=_array(a["board"]), block_results=results, clues=clues)
    if genre == "towers":
        return towers_solver.Board(
            board=_array(a["board"]), top=np.array(a["top"]), bottom=np.array(a["bottom"]),
            right=np.array(a["right"]), left=np.array(a["left"]),
        )  # fmt: skip
    if genre == "unruly":
        return unruly_solver.Board(board=_array(a["board"]))
    if genre == "bridges":
        return bridges_solver.Board(board=_array(a["board"]),
                                    max_bridges_per_direction=a["most"])  # fmt: skip
    if genre == "lightup":
        return light_up_solver.Board(board=_array(a["board"]))
    if genre == "tents":
        return tents_solver.Board(board=_array(a["board"]), side=np.array(a["side"]),
                                  top=np.array(a["top"]))  # fmt: skip
    if genre == "magnets":
        return magnets_solver.Board(
            board=_array(a["board"]), top_pos=np.array(a["top_pos"]),
            top_neg=np.array(a["top_neg"]), side_pos=np.array(a["side_pos"]),
            side_neg=np.array(a["side_neg"]),
        )  # fmt: skip
    if genre == "loopy":
        return slitherlink_solver.Board(board=_array(a["board"]))
    if genre == "pattern":
        return nonograms_solver.Board(top=a["top"], side=a["side"])
    if genre == "net":
        return pipes_solver.Board(board=np.array(a["board"]))
    if genre == "signpost":
        return signpost_solver.Board(board=_array(a["board"]), values=np.array(a["values"]))
    raise ValueError(f"no board for {genre}")


def plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def solve(genre: str, given: Any) -> tuple[str, Any, int | None, bool | None]:
    solutions = board(genre, given).solve_and_print(verbose=False)
    if not solutions:
        return "none", None, 0, False
    first = solutions[0].assignment
    answer = [[pos.x, pos.y, plain(v)] for pos, v in first.items()]
    return "solved", answer, len(solutions), len(solutions) == 1


if __name__ == "__main__":
    serve(solve)
