"""Shared test settings: the backends every golden test runs on, and the data folder."""

from __future__ import annotations

import signal
from pathlib import Path

# A shell's background job starts with Ctrl-C ignored, and its children inherit that: gridsat
# then never sees the SIGINT the Ctrl-C tests send. Take Ctrl-C back, as a terminal gives it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

DATA = Path(__file__).resolve().parent.parent / "data"

# One CP-SAT and three python-sat solvers of different lineages (one of them not incremental).
BACKENDS = ("cpsat", "sat:cadical195", "sat:glucose4", "sat:kissat404")
