"""A solve that needs no child (no time limit, the default memory limit, a SAT solver with
conflict budgets) runs in the gridsat process itself, and keeps every promise a forked run
keeps: Ctrl-C, SIGTERM and SIGHUP answered in one line, the memory limit, a large model still
searched in a child, and the same answers, checked by the genre's own checker."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA
from gridsat import pipeline
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

ROOT = DATA.parent
SEED = str(DATA / "signpost" / "seed.txt")

# A model no solver finishes that the SAT backends load in Python alone (clauses only, so it is
# searched in the gridsat process): the pigeonhole principle, PIGEONS pigeons in one hole fewer,
# as the model of the test genre ``latin`` (tests/plugins), run through the command line.
PIGEONS = """
import os, sys
import latin
from gridsat.models.model import Built, Model

def pigeons(puzzle, encoding="onehot", prune=True):
    model = Model()
    n = int(os.environ["PIGEONS"])
    x = [[model.bool_var() for _ in range(n - 1)] for _ in range(n)]
    for row in x:
        model.add_exactly_one(row)
    for h in range(n - 1):
        for i in range(n):
            for j in range(i):
                model.add_clause([-x[i][h], -x[j][h]])
    model.answer = [v for row in x for v in row]
    return Built(model, lambda a: puzzle.rows)

latin.build = pigeons
if "MEMORY_GB" in os.environ:  # the default memory limit, made this small
    import gridsat.pipeline
    gridsat.pipeline.default_memory_limit = lambda: int(float(os.environ["MEMORY_GB"]) * 2**30)
from gridsat.launch import main
sys.exit(main())
"""


def pigeons(count: int, *args: str, memory: str = "") -> subprocess.Popen[bytes]:
    """gridsat solving ``count`` pigeons' model, with ``args`` past ``solve latin -``, and a
    default memory limit of ``memory`` GB when given."""
    env = {
        **os.environ, "PIGEONS": str(count), "GRIDSAT_GENRES": "latin",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "tests" / "plugins"),
                                                    os.environ.get("PYTHONPATH")])),
        **({"MEMORY_GB": memory} if memory else {}),
    }  # fmt: skip
    with tempfile.TemporaryFile() as board:
        board.write(b".\n")  # (a board of one blank cell: the model ignores it)
        board.seek(0)
        return subprocess.Popen(
            [sys.executable, "-c", PIGEONS, "solve", "latin", "-", *args],
            stdin=board,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )


# The command line in a fresh interpreter whose os.fork fails: a run that forked would end in
# an internal error (exit 70), so exit 0 says the whole run stayed in this process.
NO_FORK = """
import os, sys
def fork():
    raise OSError("forked")
os.fork = fork
from gridsat.cli import main
sys.exit(main(sys.argv[1:]))
"""


def no_fork(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", NO_FORK, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def test_a_small_sat_solve_runs_without_a_child() -> None:
    done = no_fork("solve", "signpost", SEED, "--unique")
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("unique solution\n")


def test_json_of_a_run_in_process_is_checked_and_complete() -> None:
    done = no_fork("solve", "sudoku", str(DATA / "sudoku" / "inkala.txt"), "--unique", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["status"], answer["backend"]) == ("unique", get_genre("sudoku").default_backend)
    genre = get_genre("sudoku")
    puzzle = genre.parse((DATA / "sudoku" / "inkala.txt").read_text())
    solution = tuple(tuple(row) for row in answer["solution"])
    assert genre.check(puzzle, solution) == []
    assert {"parse", "build", "solve", "unique"} <= set(answer["times"])


@pytest.mark.parametrize(
    "extra",
    [["-t", "30"], ["--memory-limit", "8"], ["-b", "sat:kissat404"], ["-b", "cpsat"]],
    ids=["time-limit", "memory-limit", "kissat", "cpsat"],
)
def test_a_run_that_needs_a_child_still_forks(extra: list[str]) -> None:
    # A time limit is cut in each phase by killing the child; an asked memory limit caps the
    # child; Kissat and CP-SAT cannot answer a signal from inside their native search.
    done = no_fork("solve", "signpost", SEED, "--unique", *extra)
    assert done.returncode == 70, done.stderr
    assert "forked" in done.stderr


def test_bad_input_on_the_in_process_path_is_one_line_and_exit_2() -> None:
    done = no_fork("solve", "signpost", "-", stdin="5x5:1cceefcfggeecc\n")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("gridsat: error: ")


def test_a_time_limit_on_a_small_sat_run_still_holds() -> None:
    # No machine finishes 13 pigeons: "timeout" comes only from the limit.
    process = pigeons(13, "-t", "1", "--json")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 4, err
    answer = json.loads(out)
    assert (answer["status"], answer["solution"]) == ("timeout", None)
    assert err == b""


def _cpu(pid: int) -> float:
    """The CPU seconds process ``pid`` has used (/proc)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                text = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(text[text.rindex(")") + 2 :].split()[1]) == pid:
                found.append(int(entry))
    return found


# The stop comes while the search is in process: python-sat's solver call sends it to gridsat
# itself as it starts (no timer to race), and a fork fails, so no child can answer it.
STOPPED = """
import os, signal, sys
from pysat.solvers import Solver

def fork():
    raise OSError("forked")

os.fork = fork
real = Solver.solve_limited
stop = getattr(signal, sys.argv.pop())

def solve_limited(self, *args, **kwargs):
    os.kill(os.getpid(), stop)
    return real(self, *args, **kwargs)

Solver.solve_limited = solve_limited
from gridsat.launch import main
sys.exit(main())
"""

SIGNALS = [
    (signal.SIGINT, 130, "interrupted"),
    (signal.SIGTERM, 143, "stopped by SIGTERM"),
    (signal.SIGHUP, 129, "stopped by SIGHUP"),
]


@pytest.mark.parametrize(("sent", "code", "said"), SIGNALS, ids=["INT", "TERM", "HUP"])
def test_a_signal_stops_a_search_in_process_with_one_line(
    sent: signal.Signals, code: int, said: str
) -> None:
    argv = ["gridsat", "solve", "signpost", SEED, "--unique", sent.name]
    done = subprocess.run(
        [sys.executable, "-c", STOPPED, *argv[1:]], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (code, "", f"gridsat: error: {said}\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("sent", "code", "said"), SIGNALS, ids=["INT", "TERM", "HUP"])
def test_a_long_search_goes_on_in_a_child_that_a_signal_stops(
    sent: signal.Signals, code: int, said: str
) -> None:
    # A search that outlasts its time in process starts again in a child, unsliced (slices
    # slow a long search down); the child is stopped and collected with gridsat.
    process = pigeons(13)
    children: list[int] = []
    try:
        deadline = time.monotonic() + 90
        while not any(_cpu(child) >= 0.3 for child in children):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no child ever searched"
            time.sleep(0.05)
            children = _children(process.pid)
        process.send_signal(sent)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, out, err.decode()) == (code, b"", f"gridsat: error: {said}\n")
    assert not any(Path(f"/proc/{child}").exists() for child in children)


def test_a_model_past_the_in_process_size_is_searched_in_a_child(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forked: list[Any] = []
    real = pipeline.run_isolated

    def counted(*args: Any, **kwargs: Any) -> Any:
        forked.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "run_isolated", counted)
    monkeypatch.setattr(pipeline, "QUICK_CLAUSES", 10)
    genre = get_genre("signpost")
    text = Path(SEED).read_text()
    outcome = pipeline.solve_quick(
        genre, get_backend("sat:cadical195"), load=lambda times: genre.parse(text), limit=2
    )
    assert len(forked) == 1
    assert outcome.status == "unique"
    assert genre.check(outcome.puzzle, outcome.solutions[0]) == []
    assert {"build", "solve", "unique"} <= set(outcome.times)


def test_a_small_model_is_searched_here_and_gives_the_forked_runs_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pipeline, "run_isolated", None)  # any fork would be a TypeError
    genre = get_genre("signpost")
    text = Path(SEED).read_text()
    backend = get_backend("sat:glucose4")
    here = pipeline.solve_quick(genre, backend, load=lambda times: genre.parse(text), limit=2)
    assert here.status == "unique"
    assert genre.check(here.puzzle, here.solutions[0]) == []
    monkeypatch.undo()
    there = pipeline.solve_isolated(genre, backend, puzzle=genre.parse(text), limit=2)
    assert there.solutions == here.solutions


MEMORY = """
import sys
import gridsat.pipeline
gridsat.pipeline.default_memory_limit = lambda: int(0.3 * 2**30)
from gridsat.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_model_past_the_default_memory_limit_is_an_answer_in_process_too() -> None:
    # An empty order-12 magic square's CNF passes 0.3 GB as python-sat's encoders write it
    # (natively: in the child, as their failed allocations abort the process they run in).
    board = "\n".join(" ".join("_" * 12) for _ in range(12))
    done = subprocess.run(
        [sys.executable, "-c", MEMORY, "solve", "magic", "-", "-b", "sat:cadical195"],
        input=board,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 4, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "ran out of memory" in done.stderr


def test_a_model_built_in_process_past_the_memory_limit_is_an_answer() -> None:
    # 400 pigeons: 32 million clauses, past 0.3 GB while the model is built, in this process.
    process = pigeons(400, memory="0.3")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 4, err
    assert out == b""
    assert err.count(b"\n") == 1 and b"ran out of memory" in err and b"0.3 GB" in err
