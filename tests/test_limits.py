"""Limits and interruptions: the time limit on every backend, Ctrl-C, crashed solvers, memory,
and input that is too large, empty, binary or not there. The answers stay one line and the
exit codes stay the documented ones."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from gridsat.compare import compare
from gridsat.genres import get_genre
from gridsat.isolation import Crashed, TimedOut, run_isolated
from gridsat.models.model import Model
from gridsat.pipeline import solve_isolated
from gridsat.solvers import Backend, BackendError, Result, Session, get_backend

ROOT = Path(__file__).resolve().parent.parent


def empty_magic(order: int) -> str:
    return "\n".join(" ".join("_" * order) for _ in range(order))


# Boards that no backend finishes within seconds: an empty order-7 magic square for the SAT
# solvers (one-hot numbers, PB line sums) and an empty order-12 one for CP-SAT.
HARD = {"cpsat": empty_magic(12), "sat": empty_magic(7)}


def gridsat(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "gridsat", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        cwd=ROOT,
    )


def one_line_error(result: subprocess.CompletedProcess[bytes], code: int = 2) -> str:
    """The error line, after checking it is the only output and the exit code."""
    err = result.stderr.decode()
    assert result.returncode == code, err
    assert result.stdout == b""
    assert err.count("\n") == 1 and err.startswith("gridsat: error: "), err
    return err


# -- the child process ------------------------------------------------------------------------


def test_a_child_returns_streams_and_raises() -> None:
    heard: list[Any] = []

    def work(send: Any) -> int:
        send("first")
        send({"big": list(range(100_000))})
        return 42

    assert run_isolated(work, 10, heard.append) == 42
    assert heard[0] == "first" and len(heard[1]["big"]) == 100_000

    def fails(send: Any) -> None:
        raise ValueError("bad cell r1c2")

    with pytest.raises(ValueError, match="bad cell r1c2"):
        run_isolated(fails)


def test_a_child_past_its_deadline_is_stopped_and_its_messages_kept() -> None:
    heard: list[Any] = []

    def work(send: Any) -> None:
        send(os.getpid())
        while True:  # pure Python: only killing stops it
            pass

    start = time.monotonic()
    with pytest.raises(TimedOut):
        run_isolated(work, 0.5, heard.append)
    assert time.monotonic() - start < 5
    with pytest.raises(ProcessLookupError):
        os.kill(heard[0], 0)  # killed and collected


@pytest.mark.parametrize("how", ["segfault", "abort", "exit"])
def test_a_child_that_dies_is_a_crash(how: str) -> None:
    def work(send: Any) -> None:
        if how == "segfault":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif how == "abort":
            os.write(2, b"solver: internal invariant broken\n")  # as native code writes
            os.abort()
        os._exit(3)

    with pytest.raises(Crashed) as caught:
        run_isolated(work, 10)
    expected = {
        "segfault": "killed by SIGSEGV",
        "abort": "killed by SIGABRT: solver: internal invariant broken",
        "exit": "exited with code 3",
    }[how]
    assert expected in str(caught.value)


def test_ctrl_c_while_waiting_stops_the_child() -> None:
    heard: list[Any] = []

    def work(send: Any) -> None:
        send(os.getpid())
        time.sleep(60)

    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(0.5, signal.pthread_kill, (main, signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run_isolated(work, None, heard.append)
    with pytest.raises(ProcessLookupError):
        os.kill(heard[0], 0)


# -- crashes and memory through the pipeline -----------------------------------------------


class Segfaults(Backend):
    """A test double: a solver that crashes the process it runs in."""

    name = "segfaults"
    family = "test"

    def unavailable(self) -> str | None:
        return None

    def open(self, model: Model) -> Session:
        class Crash(Session):
            def solve(self, time_limit: float | None = None) -> Result:
                os.kill(os.getpid(), signal.SIGSEGV)
                raise AssertionError("unreachable")

            def exclude(self, assignment: Any) -> None:
                pass

        return Crash()


def test_a_crashing_solver_is_its_backends_error_and_the_others_go_on() -> None:
    genre = get_genre("signpost")
    puzzle = genre.parse(genre.example)
    runs, problems = compare(
        genre, puzzle, [Segfaults(), get_backend("sat:glucose4")], ["position"], repeat=1
    )
    by_name = {r.backend: r for r in runs}
    assert by_name["segfaults"].status == "error"
    assert "SIGSEGV" in (by_name["segfaults"].error or "")
    assert by_name["sat:glucose4"].status == "unique"
    assert problems == ["segfaults/position: the solver process died (killed by SIGSEGV)"]
    with pytest.raises(BackendError, match="SIGSEGV"):
        solve_isolated(genre, Segfaults(), puzzle=puzzle)


def test_a_model_past_the_memory_limit_is_an_answer_not_a_crash() -> None:
    result = gridsat(
        "solve", "magic", "-", "-b", "sat:cadical195", "--memory-limit", "0.3",
        stdin=empty_magic(12).encode(),
    )  # fmt: skip
    err = one_line_error(result, 4)
    assert "ran out of memory" in err and "0.3 GB" in err


# (Under 0.3 GB python-sat cannot even load its PB encoder library: a different failure.)
@pytest.mark.parametrize(("backend", "gb"), [("sat:cadical195", "0.3"), ("cpsat", "0.05")])
def test_out_of_memory_with_json_is_still_one_object(backend: str, gb: str) -> None:
    result = gridsat(
        "solve", "magic", "-", "-b", backend, "--memory-limit", gb, "--count", "5", "--json",
        stdin=empty_magic(12).encode(),
    )  # fmt: skip
    assert result.returncode == 4, result.stderr
    answer = json.loads(result.stdout)
    assert (answer["status"], answer["solution"], answer["count"]) == ("out-of-memory", None, 0)
    assert (answer["genre"], answer["backend"]) == ("magic", backend)
    assert "ran out of memory" in answer["error"] and f"{gb} GB" in answer["error"]
    err = result.stderr.decode()
    assert err.count("\n") == 1 and err.startswith("gridsat: error: "), err
    assert "ran out of memory" in err


@pytest.mark.parametrize(
    ("option", "unit"), [("--memory-limit", "GB"), ("--time-limit", "seconds")]
)
@pytest.mark.parametrize("command", ["solve", "compare", "bench"])
def test_a_limit_of_zero_is_refused_in_its_own_unit(command: str, option: str, unit: str) -> None:
    err = one_line_error(gridsat(command, "magic", "data/magic/seed.txt", option, "0"))
    assert f"argument {option}" in err and f"expected a number of {unit} > 0, not '0'" in err


# -- time limits ------------------------------------------------------------------------------


def _backends(*fast: str) -> list[Any]:
    names = ["cpsat", "cpsat:1", "sat:cadical195", "sat:kissat404", "sat:glucose4", "sat:lingeling"]
    return [n if n in fast else pytest.param(n, marks=pytest.mark.slow) for n in names]


@pytest.mark.parametrize("backend", _backends("cpsat", "sat:kissat404", "sat:cadical195"))
def test_the_time_limit_holds_on_every_backend(backend: str) -> None:
    board = HARD["cpsat" if backend.startswith("cpsat") else "sat"]
    start = time.monotonic()
    result = gridsat(
        "solve", "magic", "-", "-b", backend, "-t", "1", "--json", stdin=board.encode()
    )
    took = time.monotonic() - start
    assert result.returncode == 4, result.stderr
    answer = json.loads(result.stdout)
    assert (answer["status"], answer["solution"]) == ("timeout", None)
    assert result.stderr == b""
    # The limit is 1 s; the child is killed 0.5 s after it. The rest is start-up, and slack
    # for a loaded machine: without the kill this run goes on for minutes.
    assert took < 6, took


def test_a_timeout_keeps_the_solution_already_found() -> None:
    # An empty order-4 magic square has thousands of solutions: counting them runs out of time.
    result = gridsat(
        "solve", "magic", "-", "-b", "sat:kissat404", "--count", "1000000", "-t", "1", "--json",
        stdin=empty_magic(4).encode(),
    )  # fmt: skip
    assert result.returncode == 4, result.stderr
    answer = json.loads(result.stdout)
    assert answer["status"] == "timeout"
    assert answer["count"] >= 1 and not answer["count_exact"]
    rows = answer["solution"]
    assert sorted(v for row in rows for v in row) == list(range(1, 17))


# -- Ctrl-C -----------------------------------------------------------------------------------


def _interrupt(args: list[str], stdin: bytes, after: float) -> tuple[int, bytes, bytes, float]:
    """Start gridsat, send it SIGINT ``after`` seconds on; its code, output, and how long it
    took to stop after the signal."""
    with tempfile.TemporaryFile() as source:
        source.write(stdin)
        source.seek(0)
        process = subprocess.Popen(
            [sys.executable, "-m", "gridsat", *args],
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, err = process.communicate(timeout=60)
    return process.returncode, out, err, time.monotonic() - sent


@pytest.mark.parametrize("backend", _backends("cpsat", "sat:kissat404"))
def test_ctrl_c_during_a_solve_exits_130_at_once(backend: str) -> None:
    board = HARD["cpsat" if backend.startswith("cpsat") else "sat"]
    code, out, err, took = _interrupt(["solve", "magic", "-", "-b", backend], board.encode(), 2.0)
    assert (code, out, err) == (130, b"", b"gridsat: error: interrupted\n")
    assert took < 5, took  # without the child being killed, it would wait for the solver


def test_ctrl_c_during_bench_keeps_every_finished_result(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    easy = get_genre("magic").example
    lines = [{"name": "easy", "puzzle": easy}, {"name": "hard", "puzzle": empty_magic(12)}]
    corpus.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "results.jsonl"
    code, stdout, err, _ = _interrupt(
        ["bench", "magic", str(corpus), "--backends", "cpsat:1", "--out", str(out)], b"", 4.0
    )
    assert code == 130, err
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    assert kept and {r["puzzle"] for r in kept} == {"easy"}  # one line per encoding
    assert all(r["ok"] for r in kept)
    assert b"interrupted" in err and b"Traceback" not in err
    assert b"cpsat:1" in stdout  # the summary of what finished


# -- input ------------------------------------------------------------------------------------


def test_input_that_is_not_text_empty_missing_or_a_folder(tmp_path: Path) -> None:
    binary = tmp_path / "board.txt"
    binary.write_bytes(b"5x5:\xff\xfe")
    assert "not UTF-8" in one_line_error(gridsat("solve", "signpost", str(binary)))
    assert "not UTF-8" in one_line_error(gridsat("solve", "signpost", "-", stdin=b"\x80abc"))
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    for genre in ("signpost", "hidato", "numbrix", "magic", "loop", "zebra"):
        one_line_error(gridsat("solve", genre, str(empty)))
        one_line_error(gridsat("solve", genre, "-", stdin=b"  \n\n"))
    assert "directory" in one_line_error(gridsat("solve", "loop", str(tmp_path)))
    assert "no such file" in one_line_error(gridsat("solve", "hidato", str(tmp_path / "x.txt")))


def test_a_50_mb_input_is_refused_unread(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:  # a sparse file: 50 MB that were never written
        f.truncate(50 * 2**20)
    start = time.monotonic()
    err = one_line_error(gridsat("solve", "loop", str(huge)))
    assert "52428800 bytes; the limit is 10485760" in err
    piped = one_line_error(gridsat("solve", "loop", "-", stdin=b"\xe2\x94\x80" * (17 * 2**20)))
    assert "standard input is over 10485760 bytes" in piped
    assert time.monotonic() - start < 60


HUGE = [
    ("signpost", "100000x100000:1a", "10000000000 cells; the limit is 10000"),
    ("hidato", "100000x100000\n_ _", "10000000000 cells; the limit is 10000"),
    ("hidato", "\n".join(" ".join("_" * 101) for _ in range(101)), "over 10000 cells"),
    ("numbrix", "[" + ",".join(["_"] * 10_001) + "]", "over 10000 cells"),
    ("magic", "range 1..1000000000\n_ _\n_ _", "has over 100000 values"),
    ("magic", "range 1..2000\n" + empty_magic(30), "over the limit of 1000000"),
    ("magic", empty_magic(31), "order 31 is over the limit of 30"),
    ("loop", "5000 5000\n0 0 0\n", "5000x5000 = 25000000 tiles; the limit is 1000000"),
    ("loop", "\n".join("━" * 1001 for _ in range(1001)), "over 1000000 tiles"),
    ("zebra", "a: " + " ".join(f"v{i}" for i in range(400)), "the limit is 100000"),
    ("zebra", " ".join(f"p{i}" for i in range(200)) + "\n" + " ".join(f"q{i}" for i in range(200))
     + "\n" + " ".join(f"r{i}" for i in range(200)) + "\n%%\n", "the limit is 100000"),
    # A near-empty 100x100 Hidato: pruning leaves ~10^8 places open for the numbers.
    ("hidato", "\n".join(" ".join(["1" if r == c == 0 else "_" for c in range(100)])
     for r in range(100)), "places are left open for the numbers"),
]  # fmt: skip


@pytest.mark.parametrize(("genre", "text", "message"), HUGE, ids=[h[0] for h in HUGE])
def test_sizes_past_the_limits_are_refused_before_the_model_is_built(
    genre: str, text: str, message: str
) -> None:
    code = (
        "import resource, sys\n"
        "from gridsat import cli\n"
        "code = cli.main(['solve', sys.argv[1], '-', '--memory-limit', '1'])\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(peak, file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, genre],
        input=text.encode(),
        capture_output=True,
        timeout=120,
        cwd=ROOT,
    )
    err, peak = result.stderr.decode().rsplit("\n", 2)[:2]
    assert result.returncode == 2, result.stderr
    assert err.startswith("gridsat: error: ") and message in err, err
    assert int(peak) < 400_000  # KB: the child that parsed (and refused) stayed small


def test_an_in_process_cpsat_solve_leaves_ctrl_c_to_python() -> None:
    # CP-SAT's own Ctrl-C handler restores the default action when it is done: after one solve,
    # the next Ctrl-C would kill Python outright. Run in a subprocess, since that is what fails.
    code = (
        "import os, signal, time\n"
        "from gridsat.genres import get_genre\n"
        "from gridsat.pipeline import solve\n"
        "from gridsat.solvers import get_backend\n"
        "genre = get_genre('magic')\n"
        "solve(genre, genre.parse(genre.example), get_backend('cpsat'), limit=2)\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(5)\n"
        "except KeyboardInterrupt:\n"
        "    print('KeyboardInterrupt')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert (result.returncode, result.stdout) == (0, "KeyboardInterrupt\n"), result.stderr


def test_compare_keeps_its_memory_limit_per_run() -> None:
    result = gridsat(
        "compare", "magic", "-", "--backends", "sat:cadical195,cpsat:1", "--repeat", "1",
        "--encodings", "integer", "--memory-limit", "1", "--time-limit", "3", "--json",
        stdin=empty_magic(15).encode(),
    )  # fmt: skip
    answer = json.loads(result.stdout)
    runs = {r["backend"]: r for r in answer["results"]}
    assert runs["sat:cadical195"]["status"] == "out-of-memory"
    assert "ran out of memory" in runs["sat:cadical195"]["error"]
    assert runs["cpsat:1"]["status"] in ("timeout", "solved")  # the other went on
    assert answer["agree"] and result.returncode == 0  # a limit reached is no disagreement
