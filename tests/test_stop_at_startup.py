"""A stop while the command line loads (Ctrl-C, SIGTERM) ends it as a stop later does: one
line and 130 (128 + the signal), never a traceback. The stop is made to come exactly while
``gridsat.cli`` is being imported, by an import hook, so the test does not race a timer."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

ENTRY = """
import os, signal, sys

STOP = getattr(signal, sys.argv[1])

class StopOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == "gridsat.cli":
            os.kill(os.getpid(), STOP)
        return None

sys.meta_path.insert(0, StopOnImport())
sys.argv[1:] = ["solve", "magic", "3"]
from gridsat.launch import main as run
sys.exit(run())
"""


@pytest.mark.parametrize(
    ("name", "code", "said"),
    [("SIGINT", 130, "interrupted"), ("SIGTERM", 128 + signal.SIGTERM, "stopped by SIGTERM")],
)
def test_a_stop_while_the_command_line_loads_is_one_line(name: str, code: int, said: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", ENTRY, name], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == code, done.stderr
    assert done.stdout == ""
    assert done.stderr == f"gridsat: error: {said}\n"


def test_the_gridsat_command_enters_through_launch() -> None:
    from importlib.metadata import entry_points

    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "gridsat"]
    assert script.value == "gridsat.launch:main"


def test_the_entry_module_imports_nothing_before_its_guard() -> None:
    # A Ctrl-C while ``launch`` itself loads would be Python's traceback: so its top imports
    # only ``sys`` (loaded with the interpreter), and ``signal`` loads inside the guard.
    import ast
    from pathlib import Path

    import gridsat.launch

    tree = ast.parse(Path(gridsat.launch.__file__).read_text())
    top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    assert [alias.name for n in top for alias in n.names] == ["sys"]


def test_the_package_imports_nothing_but_sys_before_the_guard() -> None:
    # ``gridsat/__init__.py`` runs before ``launch`` can guard: its top imports nothing of
    # weight, the library when first asked for.
    import ast
    from pathlib import Path

    import gridsat

    tree = ast.parse(Path(gridsat.__file__).read_text())
    top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    assert {alias.name for n in top for alias in n.names} <= {"annotations", "sys"}
