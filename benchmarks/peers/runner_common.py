"""The loop every peer's runner shares: read one job a line on stdin, solve it, write one
answer a line on stdout. Imported by the runners, which run in the peers' own venvs: it uses
only the standard library (and never gridsat).

A job is ``{"genre": ..., "input": ...}``, ``input`` in the peer's own form, made by
``benchmarks/bench_peers.py``. An answer is ``{"status": "solved" | "none" | "unknown" |
"error", "answer": ..., "cpu": seconds, "solutions": n or null, "unique": bool or null,
"error": text}``; ``cpu`` is ``time.process_time()`` around the peer's build and solve.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

# solve(genre, input) -> (status, answer, solutions found or None, unique or None)
Solve = Callable[[str, Any], "tuple[str, Any, int | None, bool | None]"]


def serve(solve: Solve) -> None:
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        job = json.loads(line)
        reply: dict[str, Any] = {"status": "error", "answer": None, "cpu": None,
                                 "solutions": None, "unique": None, "error": None}  # fmt: skip
        try:
            with contextlib.redirect_stdout(sys.stderr):  # peers print as they solve
                start = time.process_time()
                status, answer, found, unique = solve(job["genre"], job["input"])
                reply["cpu"] = time.process_time() - start
            reply.update(status=status, answer=answer, solutions=found, unique=unique)
        except Exception as e:  # a peer that cannot take the puzzle: reported, not fatal
            reply["error"] = f"{type(e).__name__}: {e}"[:300]
            traceback.print_exc(file=sys.stderr)
        out.write(json.dumps(reply) + "\n")
        out.flush()
