"""The cyclic collector at start-up: it rests while the modules load, leaves what they made out
of its collections, and is back on for the command itself (a long bench or generate needs it)."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import gc, sys
import gridsat.cli

seen = {}

def command():
    seen["enabled"] = gc.isenabled()
    seen["frozen"] = gc.get_freeze_count()
    seen["made"] = [[] for _ in range(1000)]  # what the command makes, kept to the end
    return 3

gridsat.cli.main = command
from gridsat.launch import main
code = main()
print(code, seen["enabled"], seen["frozen"], gc.get_freeze_count())
"""


def test_the_collector_runs_the_command_and_skips_what_start_up_made() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    code, enabled, frozen_then, frozen_at_exit = done.stdout.split()
    assert (code, enabled) == ("3", "True")
    assert int(frozen_then) > 10_000  # the modules' objects, out of every collection
    assert int(frozen_at_exit) > int(frozen_then)  # and the command's, out of the exit's
