"""Start-up: a run loads the modules of the genre and backend it uses, and no others, while the
command line still reads every option and says what is wrong as before."""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA
from gridsat.registry import BUILTIN

SEED_FILE = str(DATA / "signpost" / "seed.txt")

# The command line, run in this process's image of a fresh interpreter: the work is not forked,
# so what the whole run imported is in sys.modules at its end.
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
modules = sorted(sys.modules)  # (before the probe's own json)
import json
print(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue(),
                  "modules": modules}))
"""


def run(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


def genres_loaded(found: dict[str, object]) -> set[str]:
    modules = found["modules"]
    assert isinstance(modules, list)
    return {m.rsplit(".", 1)[1] for m in modules if m.startswith("gridsat.puzzles.")} & set(BUILTIN)


@pytest.mark.parametrize(
    ("genre", "source"),
    [("signpost", SEED_FILE), ("sudoku", str(DATA / "sudoku" / "inkala.txt"))],
)
def test_a_solve_loads_only_its_own_genre(genre: str, source: str) -> None:
    found = run("solve", genre, source, "--unique")
    assert found["code"] == 0, found["err"]
    assert "unique solution" in str(found["out"])
    assert genres_loaded(found) == {genre}


def test_a_solve_loads_only_the_backend_it_runs() -> None:
    found = run("solve", "signpost", SEED_FILE, "--backend", "sat:glucose4")
    assert found["code"] == 0, found["err"]
    modules = found["modules"]
    assert isinstance(modules, list)
    assert "pysat.solvers" in modules
    assert not any(m == "ortools" or m.startswith("ortools.") for m in modules)


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
    assert genres_loaded(found) == {"signpost"}


def test_a_sat_solve_loads_nothing_it_does_not_use() -> None:
    found = run("solve", "signpost", SEED_FILE, "--unique")
    assert found["code"] == 0, found["err"]
    modules = found["modules"]
    assert isinstance(modules, list)
    unused = {"dataclasses", "inspect", "ctypes", "difflib", "gridsat.solvers.cpsat"}
    unused |= {"json"}  # (--json's and JSON inputs' alone)
    unused |= {"gridsat.api"}  # (the library: the command checks what it is given alone)
    assert unused.isdisjoint(modules), unused & set(modules)


def test_the_modules_of_a_small_solve_compile_no_pattern_as_they_load() -> None:
    probe = (
        "import argparse, re, sys\n"  # (the standard library's own patterns before the count)
        "compiled = []\n"
        "re.compile = lambda *a, c=re.compile: compiled.append(a[0]) or c(*a)\n"
        "import gridsat.cli, gridsat.api, gridsat.parsers.numbergrid, gridsat.parsers.signpost\n"
        "import gridsat.puzzles.signpost, gridsat.models.signpost, gridsat.solvers.sat\n"
        "import gridsat.parsers.sudoku, gridsat.puzzles.sudoku, gridsat.models.sudoku\n"
        "print(len(compiled), compiled)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.startswith("0 "), done.stdout + done.stderr


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


def test_a_command_line_that_names_its_command_builds_that_grammar_alone() -> None:
    from gridsat.arguments import parser

    top = parser("signpost", "solve")
    commands = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    assert list(commands.choices) == ["solve"]
    args, extra = top.parse_known_args(["solve", "signpost", SEED_FILE, "--unique"])
    assert (args.command, args.genre, args.unique, extra) == ("solve", "signpost", True, [])


def test_a_file_that_begins_with_a_byte_order_mark_reads_as_without_it(tmp_path: Path) -> None:
    marked = tmp_path / "seed.txt"
    marked.write_bytes(b"\xef\xbb\xbf" + (DATA / "signpost" / "seed.txt").read_bytes())
    found = run("solve", "signpost", str(marked), "--unique")
    assert found["code"] == 0, found["err"]
    assert found["out"] == run("solve", "signpost", SEED_FILE, "--unique")["out"]
    modules = found["modules"]
    assert isinstance(modules, list)
    assert "encodings.utf_8_sig" not in modules  # (its codec: one more module to load)


def test_a_byte_that_is_not_utf8_is_counted_from_the_start_of_the_file(tmp_path: Path) -> None:
    marked = tmp_path / "board.txt"
    marked.write_bytes(b"\xef\xbb\xbf5x5:\xff")
    found = run("solve", "signpost", str(marked))
    assert found["code"] == 2
    assert found["err"] == f"gridsat: error: {marked} is not UTF-8 text (byte 7)\n"


def test_a_small_solve_compiles_the_methods_of_no_record() -> None:
    probe = (
        "import contextlib, io, sys\n"
        "from gridsat.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(sys.argv[1:])\n"
        "records = [c for m in list(sys.modules.values()) if m.__name__.startswith('gridsat.')\n"
        "           for c in vars(m).values() if isinstance(c, type)\n"
        "           and '__dataclass_fields__' in vars(c)]\n"
        "inits = {c.__qualname__: getattr(vars(c).get('__init__'), '__qualname__', '')\n"
        "         for c in records}\n"
        "compiled = [name for name, init in inits.items() if init.endswith('.__init__')]\n"
        "print(len(records), sorted(set(compiled)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "solve", "signpost", SEED_FILE, "--unique"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    made, compiled = done.stdout.split(" ", 1)
    assert int(made) > 10 and compiled.strip() == "[]", done.stdout + done.stderr


def test_the_library_and_the_command_line_raise_one_puzzle_error() -> None:
    import gridsat
    from gridsat import api, checks

    assert gridsat.PuzzleError is api.PuzzleError is checks.PuzzleError
    assert api.checked_genre is checks.checked_genre
    found = run("solve", "nosuchgenre", SEED_FILE)
    assert found["code"] == 2
    assert str(found["err"]).startswith("gridsat: error: ") and str(found["err"]).count("\n") == 1
