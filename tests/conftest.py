"""Shared test settings: the backends every golden test runs on, and the data folder."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

# A shell's background job starts with Ctrl-C ignored, and its children inherit that: gridsat
# then never sees the SIGINT the Ctrl-C tests send. Take Ctrl-C back, as a terminal gives it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def gridsat(*args: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m gridsat ARGS`` as a user runs it from the project's folder: its exit code and
    its output as text (``stdin`` its input; an empty one by default, so nothing waits on it)."""
    return subprocess.run(
        [sys.executable, "-m", "gridsat", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


# One CP-SAT and three python-sat solvers of different lineages (one of them not incremental).
BACKENDS = ("cpsat", "sat:cadical195", "sat:glucose4", "sat:kissat404")
