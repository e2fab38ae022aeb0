"""Limits and interruptions: the time limit on every backend, Ctrl-C, crashed solvers, memory,
and input that is too large, empty, binary or not there. The answers stay one line and the
exit codes stay the documented ones."""

from __future__ import annotations

import contextlib
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import gridsat as in_process
from gridsat.comparison import compare
from gridsat.isolation import ORPHANED, Crashed, TimedOut, die_with, run_isolated
from gridsat.models.model import Model
from gridsat.pipeline import solve_isolated
from gridsat.registry import get_genre
from gridsat.solvers import Backend, BackendError, Result, Session, get_backend

ROOT = Path(__file__).resolve().parent.parent


def empty_magic(order: int) -> str:
    return "\n".join(" ".join("_" * order) for _ in range(order))


# Boards that no backend finishes within seconds: an empty order-7 magic square for the SAT
# solvers (one-hot numbers, PB line sums) and an empty order-12 one for CP-SAT.
HARD = {"cpsat": empty_magic(12), "sat": empty_magic(7)}


def _hard(backend: str) -> bytes:
    return HARD["cpsat" if backend.startswith("cpsat") else "sat"].encode()


def gridsat(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "gridsat", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        cwd=ROOT,
    )


def here(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``gridsat`` run in this process, for what needs no process of its own (input and
    arguments refused before any limit is set): its output as bytes, as ``gridsat`` gives it."""
    done = in_process(*args, stdin=stdin)
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.encode(), done.stderr.encode()
    )


def one_line_error(result: subprocess.CompletedProcess[bytes], code: int = 2) -> str:
    """The error line, after checking it is the only output and the exit code."""
    err = result.stderr.decode()
    assert result.returncode == code, err
    assert result.stdout == b""
    assert err.count("\n") == 1 and err.startswith("gridsat: error: "), err
    return err


# -- processes: started, watched, and none left behind ---------------------------------------

LINUX = sys.platform.startswith("linux")
linux_only = pytest.mark.skipif(not LINUX, reason="finds the processes in /proc")
BUSY = 0.3
"""CPU seconds after which a child counts as solving (it has loaded and built its model)."""


_SEEN: dict[int, tuple[int, str, float]] = {}
"""Every process tree waited for, so that none is left running whatever a test does."""


@pytest.fixture(autouse=True)
def _kill_leftovers() -> Iterator[None]:
    yield
    for pid, (_, started, _) in _SEEN.items():
        if _alive(pid, started):
            os.kill(pid, signal.SIGKILL)
    _SEEN.clear()


def _start(args: list[str], stdin: bytes = b"", group: bool = False) -> subprocess.Popen[bytes]:
    """gridsat started with ``args``, reading ``stdin``; in a process group of its own (as a
    terminal runs a command) when ``group``."""
    with tempfile.TemporaryFile() as source:
        source.write(stdin)
        source.seek(0)
        return subprocess.Popen(
            [sys.executable, "-m", "gridsat", *args],
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            start_new_session=group,
        )


def _stat(pid: int) -> list[str] | None:
    """/proc/PID/stat from the state on (state, ppid, ...), or None when there is no PID."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _tree(root: int) -> dict[int, tuple[int, str, float]]:
    """The running processes below ``root``: pid -> (depth, start time, CPU seconds)."""
    stats = {int(e): f for e in os.listdir("/proc") if e.isdigit() and (f := _stat(int(e)))}
    ticks = os.sysconf("SC_CLK_TCK")
    found: dict[int, tuple[int, str, float]] = {}
    level, depth = {root}, 0
    while level:
        depth += 1
        level = {pid for pid, f in stats.items() if int(f[1]) in level and f[0] not in "ZX"}
        for pid in level:
            f = stats[pid]
            found[pid] = (depth, f[19], (int(f[11]) + int(f[12])) / ticks)
    return found


def _alive(pid: int, started: str, zombie: bool = False) -> bool:
    """The process is still there (the same one: same start time), and running (or only not
    yet collected, when ``zombie``)."""
    f = _stat(pid)
    return f is not None and f[19] == started and (zombie or f[0] not in "ZX")


def _wait_until_solving(
    process: subprocess.Popen[bytes], count: int = 1, depth: int = 1, ready: Any = None
) -> dict[int, tuple[int, str, float]]:
    """Wait until ``count`` processes ``depth`` levels below gridsat are busy (and ``ready()``
    holds); gridsat's process tree then. Waits on a condition, not for a time."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        tree = _tree(process.pid)
        busy = [p for p, (d, _, cpu) in tree.items() if d == depth and cpu >= BUSY]
        if len(busy) >= count and (ready is None or ready()):
            _SEEN.update(tree)
            return tree
        time.sleep(0.05)
    process.kill()
    pytest.fail(f"gridsat never had {count} busy processes at depth {depth}")


def _assert_all_gone(tree: dict[int, tuple[int, str, float]], collected: bool = False) -> None:
    """Every process of ``tree`` ends (and was collected by its parent, when ``collected``:
    for gridsat stopped by a signal it can answer). A liveness check with a generous bound,
    not a speed one: a process left behind goes on solving for minutes."""
    deadline = time.monotonic() + 10
    left = [p for p, (_, started, _) in tree.items() if _alive(p, started, collected)]
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = [p for p in left if _alive(p, tree[p][1], collected)]
    for pid in left:  # so that a failure leaves no solver running
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not left, f"still running after gridsat ended: {left} of {sorted(tree)}"


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


def test_a_child_leaves_the_parents_objects_out_of_its_collections() -> None:
    # A collection in the child would touch, and so copy, every page it shares with the parent.
    before = gc.get_freeze_count()
    assert run_isolated(lambda send: gc.get_freeze_count()) > before
    assert gc.get_freeze_count() == before  # the parent collects them as before


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_child_has_its_death_signal() -> None:
    def death_signal(send: Any) -> int:
        import ctypes

        number = ctypes.c_int()
        ctypes.CDLL(None).prctl(2, ctypes.byref(number), 0, 0, 0)  # PR_GET_PDEATHSIG
        return number.value

    assert run_isolated(death_signal) == signal.SIGKILL


def test_a_child_past_its_deadline_is_stopped_and_its_messages_kept() -> None:
    heard: list[Any] = []

    def work(send: Any) -> None:
        send(os.getpid())
        while True:  # pure Python: only killing stops it
            pass

    with pytest.raises(TimedOut):  # only the deadline ends this run
        run_isolated(work, 0.5, heard.append)
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

    def hear(pid: int) -> None:
        heard.append(pid)
        signal.raise_signal(signal.SIGINT)  # Ctrl-C, once the child is at work: no race

    with pytest.raises(KeyboardInterrupt):
        run_isolated(work, None, hear)
    with pytest.raises(ProcessLookupError):
        os.kill(heard[0], 0)


def test_a_child_whose_parent_is_already_gone_ends_at_once() -> None:
    pid = os.fork()
    if pid == 0:  # as if the parent had died before the child could ask to die with it
        die_with(os.getppid() + 1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == ORPHANED


@linux_only
def test_where_there_is_no_death_signal_a_watch_ends_the_orphan() -> None:
    code = (
        "import os\n"
        "from gridsat import isolation\n"
        "isolation._parent_death_signal = lambda: False  # as on macOS\n"
        "def work(send):\n"
        "    send(os.getpid())\n"
        "    while True:  # pure Python, sending nothing: only the watch can notice\n"
        "        pass\n"
        "isolation.run_isolated(work, None, lambda pid: print(pid, flush=True))\n"
    )
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, cwd=ROOT)
    assert process.stdout is not None
    child = int(process.stdout.readline())
    f = _stat(child)
    assert f is not None
    _SEEN[child] = (1, f[19], 0.0)
    process.kill()
    process.wait(timeout=60)
    _assert_all_gone({child: _SEEN[child]})
    process.communicate(timeout=60)


# -- crashes and memory through the pipeline -----------------------------------------------


class Segfaults(Backend):
    """A test double: a solver that crashes the process it runs in."""

    name = "segfaults"
    family = "test"

    def unavailable(self) -> str | None:
        return None

    def open(self, model: Model, params: Any = None) -> Session:
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


# (Under 0.3 GB python-sat cannot even load its PB encoder library: see the test below.)
def test_no_room_to_load_a_solver_library_is_out_of_memory_not_a_crash() -> None:
    # Unruly's default encoding loads python-sat's cardinality library in the child, which
    # 10 MB leaves no room to map: that is the memory limit reached (exit 4), not a bug.
    result = gridsat("solve", "unruly", "-", "--memory-limit", "0.01", stdin=b"0..1\n....\n")
    err = one_line_error(result, 4)
    assert "ran out of memory" in err and "0.01 GB" in err


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
    err = one_line_error(here(command, "magic", "data/magic/seed.txt", option, "0"))
    assert f"argument {option}" in err and f"expected a number of {unit} > 0, not '0'" in err


# -- time limits ------------------------------------------------------------------------------


def _backends(*fast: str) -> list[Any]:
    names = ["cpsat", "cpsat:1", "sat:cadical195", "sat:kissat404", "sat:glucose4", "sat:lingeling"]
    return [n if n in fast else pytest.param(n, marks=pytest.mark.slow) for n in names]


@pytest.mark.parametrize("backend", _backends("cpsat", "sat:kissat404", "sat:cadical195"))
def test_the_time_limit_holds_on_every_backend(backend: str) -> None:
    # No machine finishes this board, so "timeout" is the only right answer, and it comes only
    # from the limit (Kissat cannot be interrupted: the child is killed 0.5 s after it). A
    # limit that did not hold would run on for minutes, past gridsat()'s own timeout.
    result = gridsat(
        "solve", "magic", "-", "-b", backend, "-t", "1", "--json", stdin=_hard(backend)
    )
    assert result.returncode == 4, result.stderr
    answer = json.loads(result.stdout)
    assert (answer["status"], answer["solution"]) == ("timeout", None)
    assert result.stderr == b""


def test_a_timeout_keeps_the_solution_already_found() -> None:
    # An empty order-4 magic square has thousands of solutions: counting them runs out of time
    # (4 s: kissat finds a few in that time even on a loaded machine, where 1 s found none).
    result = gridsat(
        "solve", "magic", "-", "-b", "sat:kissat404", "--count", "1000000", "-t", "4", "--json",
        stdin=empty_magic(4).encode(),
    )  # fmt: skip
    assert result.returncode == 4, result.stderr
    answer = json.loads(result.stdout)
    assert answer["status"] == "timeout"
    assert answer["count"] >= 1 and not answer["count_exact"]
    rows = answer["solution"]
    assert sorted(v for row in rows for v in row) == list(range(1, 17))


# -- stopping gridsat: Ctrl-C, signals, and no process left behind ---------------------------


STOPPABLE = ["cpsat", "sat:cadical195", "sat:kissat404"]  # Kissat cannot even be interrupted


@linux_only
@pytest.mark.parametrize("backend", STOPPABLE)
def test_a_solver_dies_with_gridsat_even_when_gridsat_is_killed(backend: str) -> None:
    process = _start(["solve", "magic", "-", "-b", backend], _hard(backend))
    tree = _wait_until_solving(process)
    process.kill()  # what subprocess.run(timeout=...) does: no chance to clean up
    process.wait(timeout=60)
    _assert_all_gone(tree)
    process.communicate(timeout=60)  # (a child left behind would hold the pipes open)


@linux_only
@pytest.mark.parametrize("backend", _backends(*STOPPABLE))
@pytest.mark.parametrize(
    ("sent", "code"),
    [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)],
    ids=["TERM", "HUP", "INT"],
)
def test_a_signal_stops_the_solver_with_one_line(
    sent: signal.Signals, code: int, backend: str
) -> None:
    process = _start(["solve", "magic", "-", "-b", backend], _hard(backend))
    tree = _wait_until_solving(process)
    process.send_signal(sent)
    out, err = process.communicate(timeout=60)
    said = "interrupted" if sent == signal.SIGINT else f"stopped by {sent.name}"
    assert (process.returncode, out, err.decode()) == (code, b"", f"gridsat: error: {said}\n")
    _assert_all_gone(tree, collected=True)


def _corpus(folder: Path, *puzzles: str) -> Path:
    corpus = folder / "corpus.jsonl"
    lines = [{"name": f"p{i}", "puzzle": text} for i, text in enumerate(puzzles)]
    corpus.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return corpus


RUNS = {  # a long run of each command that forks: one child, or --jobs 2 workers with a child each
    "compare": ["compare", "magic", "-", "--backends", "cpsat:1", "--encodings", "integer",
                "--repeat", "1"],
    "diagnose": ["diagnose", "magic", "-", "-b", "cpsat:1"],
    "bench": ["bench", "magic", "CORPUS", "--backends", "cpsat:1", "--encodings", "integer"],
    "bench-jobs": ["bench", "magic", "CORPUS", "--backends", "cpsat:1", "--encodings", "integer",
                   "--jobs", "2"],
}  # fmt: skip


@linux_only
@pytest.mark.parametrize("command", list(RUNS))
def test_no_process_outlives_a_killed_gridsat(command: str, tmp_path: Path) -> None:
    hard = empty_magic(12)
    corpus = str(_corpus(tmp_path, hard, hard))
    process = _start([corpus if a == "CORPUS" else a for a in RUNS[command]], hard.encode())
    jobs = 2 if command == "bench-jobs" else 1
    tree = _wait_until_solving(process, count=jobs, depth=2 if jobs > 1 else 1)
    process.kill()
    process.wait(timeout=60)
    _assert_all_gone(tree)
    process.communicate(timeout=60)


@linux_only
@pytest.mark.parametrize(
    ("sent", "group", "code"),
    [(signal.SIGTERM, False, 143), (signal.SIGHUP, True, 129), (signal.SIGINT, True, 130)],
    ids=["TERM", "HUP-to-the-group", "INT-to-the-group"],  # (a terminal signals the group)
)
def test_bench_with_workers_stops_on_a_signal_and_leaves_nothing(
    sent: signal.Signals, group: bool, code: int, tmp_path: Path
) -> None:
    easy, hard = get_genre("magic").example, empty_magic(12)
    corpus = _corpus(tmp_path, easy, hard, hard, hard)
    out = tmp_path / "results.jsonl"
    process = _start(["bench", "magic", str(corpus), "--backends", "cpsat:1", "--encodings",
                      "integer", "--jobs", "2", "--out", str(out)], group=group)  # fmt: skip
    tree = _wait_until_solving(process, count=2, depth=2, ready=lambda: out.exists())
    if group:
        os.killpg(process.pid, sent)
    else:
        process.send_signal(sent)
    stdout, err = process.communicate(timeout=60)
    assert process.returncode == code, err
    assert b"Traceback" not in err and b"cpsat:1" in stdout  # the summary of what finished
    assert [json.loads(line)["puzzle"] for line in out.read_text().splitlines()] == ["p0"]
    _assert_all_gone(tree, collected=True)


@linux_only
def test_ctrl_c_during_bench_keeps_every_finished_result(tmp_path: Path) -> None:
    easy = get_genre("magic").example
    corpus = _corpus(tmp_path, easy, empty_magic(12))
    out = tmp_path / "results.jsonl"
    process = _start(["bench", "magic", str(corpus), "--backends", "cpsat:1", "--out", str(out)])

    def easy_done() -> bool:  # one line per encoding, and then the hard one is under way
        return out.exists() and out.read_text().count("\n") == 2

    _wait_until_solving(process, ready=easy_done)
    process.send_signal(signal.SIGINT)
    stdout, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    assert kept and {r["puzzle"] for r in kept} == {"p0"}
    assert all(r["ok"] for r in kept)
    assert b"interrupted" in err and b"Traceback" not in err
    assert b"cpsat:1" in stdout  # the summary of what finished


# -- input ------------------------------------------------------------------------------------


def test_input_that_is_not_text_empty_missing_or_a_folder(tmp_path: Path) -> None:
    binary = tmp_path / "board.txt"
    binary.write_bytes(b"5x5:\xff\xfe")
    assert "not UTF-8" in one_line_error(here("solve", "signpost", str(binary)))
    assert "not UTF-8" in one_line_error(here("solve", "signpost", "-", stdin=b"\x80abc"))
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    for genre in ("signpost", "hidato", "numbrix", "magic", "loop", "zebra"):
        one_line_error(here("solve", genre, str(empty)))
        one_line_error(here("solve", genre, "-", stdin=b"  \n\n"))
    assert "directory" in one_line_error(here("solve", "loop", str(tmp_path)))
    assert "no such file" in one_line_error(here("solve", "hidato", str(tmp_path / "x.txt")))


def test_a_50_mb_input_is_refused_unread(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:  # a sparse file: 50 MB that were never written
        f.truncate(50 * 2**20)
    err = one_line_error(here("solve", "loop", str(huge)))
    assert "52428800 bytes; the limit is 10485760" in err
    piped = one_line_error(here("solve", "loop", "-", stdin=b"\xe2\x94\x80" * (17 * 2**20)))
    assert "standard input is over 10485760 bytes" in piped


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
        "from gridsat.registry import get_genre\n"
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
        "--encodings", "integer", "--memory-limit", "0.5", "--time-limit", "8", "--json",
        stdin=empty_magic(15).encode(),
    )  # fmt: skip
    answer = json.loads(result.stdout)
    runs = {r["backend"]: r for r in answer["results"]}
    assert runs["sat:cadical195"]["status"] == "out-of-memory"
    assert "ran out of memory" in runs["sat:cadical195"]["error"]
    assert runs["cpsat:1"]["status"] in ("timeout", "solved")  # the other went on
    assert answer["agree"] and result.returncode == 0  # a limit reached is no disagreement


def test_the_pb_encoder_failing_to_load_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under a 0.3 GB cap, compare on an empty order-15 magic board ended in an internal error:
    # pindakaas failed to load, python-sat failed an assertion. Where the cap then falls
    # (loading, or a native library's own allocation) depends on the machine, so the load
    # failure is checked here directly.
    import importlib.util

    from gridsat.solvers.sat import pb_encoder

    monkeypatch.setitem(sys.modules, "pysat.pb", None)  # importing it fails, as it did
    with pytest.raises(MemoryError, match="pindakaas"):
        pb_encoder()
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)  # not installed at all
    with pytest.raises(BackendError, match=r"pip install 'python-sat\[pb\]'"):
        pb_encoder()
