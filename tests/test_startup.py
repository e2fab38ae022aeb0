"""Start-up: a command line read with its genre's grammar alone (so that a run loads that
genre's modules, and no other's) still reads every option and says what is wrong as the whole
grammar does. What start-up costs is measured by benchmarks/bench_startup.py."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA

SEED_FILE = str(DATA / "signpost" / "seed.txt")

# The command line, run in a fresh interpreter, its work not forked.
PROBE = """
import contextlib, io, sys
import gridsat.isolation
gridsat.isolation.can_isolate = lambda: False
from gridsat.cli import main
out, err = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    try:
        code = main(sys.argv[1:])
    except SystemExit as e:
        code = e.code
import json
print(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue()}))
"""


def run(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_an_alias_still_names_its_genre() -> None:
    found = run("solve", "hidoku", str(DATA / "hidato" / "seed.txt"))
    assert found["code"] == 0, found["err"]


def test_another_genres_option_is_still_named_in_the_error() -> None:
    found = run("solve", "signpost", "--sum", "3", SEED_FILE)
    assert found["code"] == 2
    assert str(found["err"]).strip() == "gridsat: error: signpost takes no --sum"


def test_an_unknown_option_is_one_line_and_exit_2() -> None:
    found = run("solve", "signpost", "--bogus", SEED_FILE)
    assert found["code"] == 2
    err = str(found["err"]).strip()
    assert err.startswith("gridsat: error: unrecognized arguments: --bogus")
    assert "\n" not in err


def test_a_bad_value_is_one_line_and_exit_2() -> None:
    found = run("solve", "signpost", "--time-limit", "0", SEED_FILE)
    assert found["code"] == 2
    assert str(found["err"]).startswith("gridsat: error: argument --time-limit/-t")


def test_the_help_of_a_command_still_offers_every_genres_options() -> None:
    found = run("solve", "signpost", "--help")
    assert found["code"] == 0
    assert "--sum" in str(found["out"]) and "--tree" in str(found["out"])


def test_json_and_a_time_limit_on_the_quick_path() -> None:
    found = run("solve", "signpost", SEED_FILE, "--json", "--time-limit", "60")
    assert found["code"] == 0, found["err"]
    assert json.loads(str(found["out"]))["status"] == "solved"


ROOT = DATA.parent

# The command as the console script (pyproject's [project.scripts]) or ``python -m gridsat``
# starts it, held while it loads ``gridsat.arguments`` until the test has sent Ctrl-C.
HELD = """
import importlib, runpy, sys
class Hold:
    def find_spec(self, name, path=None, target=None):
        if name == "gridsat.arguments":
            print("loading", flush=True)
            sys.stdin.read()  # until Ctrl-C comes
        return None
sys.meta_path.insert(0, Hold())
how, sys.argv = sys.argv[1], ["gridsat", *sys.argv[2:]]
if how == "-m":
    runpy.run_module("gridsat", run_name="__main__", alter_sys=True)
else:
    module, _, function = how.partition(":")
    sys.exit(getattr(importlib.import_module(module), function)())
"""


def console_script() -> str:
    """The entry point pyproject.toml gives the ``gridsat`` command (``module:function``)."""
    text = (ROOT / "pyproject.toml").read_text()
    match = re.search(r'^gridsat\s*=\s*"([\w.]+:\w+)"', text, re.MULTILINE)
    assert match, "no gridsat console script in pyproject.toml"
    return match.group(1)


@pytest.mark.parametrize("how", ["script", "-m"])
def test_ctrl_c_while_the_modules_load_is_exit_130_and_one_line(how: str) -> None:
    entry = console_script() if how == "script" else "-m"
    process = subprocess.Popen(
        [sys.executable, "-c", HELD, entry, "solve", "signpost", SEED_FILE, "--unique"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "loading\n"  # no answer yet: still loading
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert err == "gridsat: error: interrupted\n"
    assert out == ""


def test_a_file_that_begins_with_a_byte_order_mark_reads_as_without_it(tmp_path: Path) -> None:
    marked = tmp_path / "seed.txt"
    marked.write_bytes(b"\xef\xbb\xbf" + (DATA / "signpost" / "seed.txt").read_bytes())
    found = run("solve", "signpost", str(marked), "--unique")
    assert found["code"] == 0, found["err"]
    assert found["out"] == run("solve", "signpost", SEED_FILE, "--unique")["out"]


def test_a_byte_that_is_not_utf8_is_counted_from_the_start_of_the_file(tmp_path: Path) -> None:
    marked = tmp_path / "board.txt"
    marked.write_bytes(b"\xef\xbb\xbf5x5:\xff")
    found = run("solve", "signpost", str(marked))
    assert found["code"] == 2
    assert found["err"] == f"gridsat: error: {marked} is not UTF-8 text (byte 7)\n"


def test_the_library_and_the_command_line_raise_one_puzzle_error() -> None:
    import gridsat
    from gridsat import api, checks

    assert gridsat.PuzzleError is api.PuzzleError is checks.PuzzleError
    assert api.checked_genre is checks.checked_genre
    found = run("solve", "nosuchgenre", SEED_FILE)
    assert found["code"] == 2
    assert str(found["err"]).startswith("gridsat: error: ") and str(found["err"]).count("\n") == 1
