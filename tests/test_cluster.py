"""bench --cluster: a Dask cluster's results as --jobs 1's, each puzzle once though a worker
dies, a lost scheduler and a resumed run, and a real `dask scheduler` with two `dask worker`s."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, gridsat
from gridsat import cluster as dask_cluster
from gridsat.cluster import CHUNK_SECONDS, MAX_CHUNK, chunk_size

pytest.importorskip("distributed")  # the extra gridsat[cluster]: CI installs it with [test]

LINUX = sys.platform.startswith("linux")


def corpus(tmp_path: Path, n: int, copies: int = 1) -> Path:
    """The first ``n`` Signpost puzzles of the corpus, ``copies`` times under other names."""
    lines = (DATA / "signpost" / "corpus.jsonl").read_text().splitlines()[:n]
    rows = []
    for copy in range(copies):
        for number, line in enumerate(lines):
            row = json.loads(line)
            row["name"] = f"p{copy}-{number}"
            rows.append(json.dumps(row))
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(rows) + "\n")
    return path


def results(path: Path) -> dict[tuple[str, str, str], tuple[Any, ...]]:
    """Each record's key -> what does not depend on the machine; no key twice."""
    records = [json.loads(line) for line in path.read_text().splitlines()]
    keys = Counter((r["puzzle"], r["backend"], r["encoding"]) for r in records)
    assert not [k for k, n in keys.items() if n > 1], "a result written twice"
    return {
        (r["puzzle"], r["backend"], r["encoding"]): (r["status"], r["ok"], r.get("cells"))
        for r in records
    }


def test_a_chunk_carries_the_work_aimed_at_from_the_time_measured() -> None:
    assert chunk_size(None, 1000, 4) == 1  # nothing measured yet: one task
    assert chunk_size(CHUNK_SECONDS / 10, 1000, 4) == 10
    assert chunk_size(2 * CHUNK_SECONDS, 1000, 4) == 1  # a slow task alone
    assert chunk_size(1e-9, 10**7, 100) == MAX_CHUNK
    assert chunk_size(1e-6, 40, 4) == 5  # the last ones spread: half a thread's share


@pytest.fixture(scope="module")
def threads() -> Iterator[Any]:
    """A client of a cluster of 2 workers as threads of this process (quick to start)."""
    import logging
    import warnings

    import distributed

    warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                 dashboard_address=None, silence_logs=logging.CRITICAL) as local,
        distributed.Client(local) as client,
    ):  # fmt: skip
        yield client


HEARD = threading.Event()


def held(index: int) -> dict[str, Any]:
    """Task 1 waits until the record of task 0 was heard: a record sent only with the end of
    its chunk would leave it waiting out its 60 s."""
    if index == 1:
        HEARD.wait(60)
    return {"index": index, "heard": HEARD.is_set()}


def test_records_stream_per_task_not_per_chunk(
    threads: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dask_cluster, "chunk_size", lambda per_task, left, threads: 4)
    got = []
    for record in dask_cluster.stream(threads, held, [(i,) for i in range(4)]):
        got.append(record)
        if record["index"] == 0:
            HEARD.set()
    assert sorted(r["index"] for r in got) == [0, 1, 2, 3]
    assert all(r["heard"] for r in got if r["index"] >= 1)


def indexed(index: int) -> dict[str, Any]:
    return {"index": index}


def test_chunks_grow_from_one_task_and_each_record_comes_once(
    threads: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes = []
    measured = dask_cluster.chunk_size

    def size(per_task: float | None, left: int, threads: int) -> int:
        sizes.append(measured(per_task, left, threads))
        return sizes[-1]

    monkeypatch.setattr(dask_cluster, "chunk_size", size)
    got = [r["index"] for r in dask_cluster.stream(threads, indexed, [(i,) for i in range(300)])]
    assert sorted(got) == list(range(300))  # each once
    assert sizes[0] == 1 and max(sizes) > 10  # tasks of microseconds: chunks of many
    assert sum(sizes) == 300


def test_a_local_cluster_gives_the_results_of_one_job(tmp_path: Path) -> None:
    puzzles = corpus(tmp_path, 6)
    alone, spread = tmp_path / "alone.jsonl", tmp_path / "spread.jsonl"
    run = gridsat("bench", "signpost", str(puzzles), "-e", "position,circuit", "--out", str(alone))
    assert run.returncode == 0, run.stderr
    with socket.socket() as taken:  # Dask's default port for its HTTP server, held here
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with contextlib.suppress(OSError):  # (or held by another program already)
            taken.bind(("", 8787))
            taken.listen()
        run = gridsat(
            "bench", "signpost", str(puzzles), "-e", "position,circuit", "--cluster",
            "local:2", "--out", str(spread),
        )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert results(spread) == results(alone)
    assert len(results(spread)) == 12
    assert "position" in run.stdout and "circuit" in run.stdout  # the summary
    assert all(line.startswith("[") for line in run.stderr.splitlines()), run.stderr  # progress


def test_a_task_past_its_time_limit_is_a_result_on_the_cluster(tmp_path: Path) -> None:
    board = tmp_path / "big.txt"  # an empty order-12 magic square: not solved in 0.05 s
    board.write_text("\n".join(" ".join("_" * 12) for _ in range(12)) + "\n")
    out = tmp_path / "out.jsonl"
    run = gridsat("bench", "magic", str(board), "-b", "cpsat", "-e", "integer",
                  "--cluster", "local:1", "-t", "0.05", "--out", str(out))  # fmt: skip
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["status"] for r in records] == ["timeout"], run.stderr
    assert run.returncode == 0  # a result, as with --jobs


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--cluster", "local:x"], "local:N takes N worker processes"),
        (["--cluster", "local:0"], "local:N takes N worker processes"),
        (["--cluster", "somewhere"], "tcp://HOST:PORT"),
        (["--cluster", "local:2", "--jobs", "2"], "one or the other"),
    ],
)
def test_a_bad_cluster_is_one_line_and_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    run = gridsat("bench", "signpost", str(corpus(tmp_path, 1)), *args)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("gridsat: error: ")
    assert words in run.stderr


@pytest.mark.slow  # (Dask's own 10 s wait: an address with no scheduler is reached within a time
# limit by test_generate_past_its_time_limit_while_reaching_the_scheduler_exits_4, and the line
# is checked by test_an_address_that_answers_another_protocol_is_one_line_and_exit_2)
def test_no_scheduler_at_the_address_is_one_line_and_exit_2(tmp_path: Path) -> None:
    port = free_port()
    run = gridsat(
        "bench", "signpost", str(corpus(tmp_path, 1)), "--cluster", f"tcp://127.0.0.1:{port}"
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "no Dask scheduler reached" in run.stderr


def test_without_dask_the_error_names_the_install_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gridsat.cli import main

    monkeypatch.setitem(sys.modules, "distributed", None)  # an import of it fails
    code = main(["bench", "signpost", str(corpus(tmp_path, 1)), "--cluster", "local:1"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == "gridsat: error: --cluster needs dask and distributed: "\
        "pip install 'gridsat[cluster]'\n"  # fmt: skip


class Lost:
    """A client whose scheduler is gone: it has no workers and closes without a word."""

    cluster = None

    def close(self, timeout: float = 0) -> None:
        pass


def test_a_lost_scheduler_in_bench_keeps_the_results_and_exits_75(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gridsat import api, cli
    from gridsat import benchmark as bench
    from gridsat.cluster import SchedulerLost

    def cut(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        args[4].write('{"puzzle": "p0-0", "backend": "b", "encoding": "e"}\n')  # (out)
        raise SchedulerLost

    monkeypatch.setattr(api, "_cluster", lambda address: Lost())
    monkeypatch.setattr(bench, "run", cut)
    out = tmp_path / "out.jsonl"
    code = cli.main(["bench", "signpost", str(corpus(tmp_path, 1)), "--cluster",
                     "tcp://127.0.0.1:1", "--out", str(out)])  # fmt: skip
    assert code == 75
    assert capsys.readouterr().err == (
        "gridsat: error: lost the Dask scheduler at tcp://127.0.0.1:1 mid-run; the results so "
        f"far are in {out}: the same command with --resume finishes\n"
    )
    assert json.loads(out.read_text())["puzzle"] == "p0-0"  # kept


@pytest.mark.parametrize("out", [False, True])
def test_a_stop_signal_in_bench_prints_the_table_of_what_finished_and_exits_143(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    out: bool,
) -> None:  # fmt: skip
    from gridsat import api, cli

    def stream(client: Any, work: Any, arguments: list[Any]) -> Iterator[dict[str, Any]]:
        """Two records from the cluster, then SIGTERM, as a user's `kill` would send it."""
        for done, (_, item, backend, encoding, *_) in enumerate(arguments):
            if done == 2:
                os.kill(os.getpid(), signal.SIGTERM)
            yield {"puzzle": item.name, "backend": backend, "encoding": encoding,
                   "status": "unique", "ok": True, "total": 0.01 * (done + 1)}  # fmt: skip

    monkeypatch.setattr(api, "_cluster", lambda address: Lost())
    monkeypatch.setattr(dask_cluster, "stream", stream)
    saved = tmp_path / "out.jsonl"
    keep = ["--out", str(saved)] if out else []
    code = cli.main(["bench", "signpost", str(corpus(tmp_path, 5)), "-e", "position",
                     "--cluster", "tcp://127.0.0.1:1", *keep])  # fmt: skip
    assert code == 143
    printed = capsys.readouterr()
    table = printed.out.splitlines()
    assert len(table) == 2 and table[1].split()[:4] == ["sat:cadical195", "position", "2", "2"]
    assert printed.err.splitlines()[-1] == (
        "interrupted: the results above are the ones that finished"
    )
    if out:
        assert [json.loads(line)["puzzle"] for line in saved.read_text().splitlines()] == [
            "p0-0", "p0-1"
        ]  # fmt: skip


def test_a_lost_scheduler_in_generate_keeps_the_puzzles_printed_and_exits_75(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gridsat import cli, cluster
    from gridsat.cluster import SchedulerLost

    def cut(*args: Any, **kwargs: Any) -> Iterator[Any]:
        raise SchedulerLost
        yield

    monkeypatch.setattr(cluster, "connect", lambda address, deadline=None: Lost())
    monkeypatch.setattr(cluster, "in_order", cut)
    code = cli.main(["generate", "signpost", "--size", "4x4", "--count", "3",
                     "--cluster", "tcp://127.0.0.1:1"])  # fmt: skip
    assert code == 75
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("gridsat: error: lost the Dask scheduler at tcp://127.0.0.1:1")


# -- processes: found in /proc, killed by id, none left behind -------------------------------


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for_lines(path: Path, count: int, process: subprocess.Popen[str]) -> int:
    """Until ``path`` holds ``count`` lines (or the process ended): how many it holds."""
    deadline = time.monotonic() + 120
    lines = 0
    while time.monotonic() < deadline and process.poll() is None:
        lines = len(path.read_text().splitlines()) if path.exists() else 0
        if lines >= count:
            break
        time.sleep(0.05)
    return lines


@pytest.mark.skipif(not LINUX, reason="finds the worker processes in /proc")
def test_a_worker_killed_mid_run_costs_its_task_and_each_puzzle_is_written_once(
    tmp_path: Path,
) -> None:
    puzzles = corpus(tmp_path, 30, copies=4)  # 120 puzzles: a few seconds on two workers
    out = tmp_path / "out.jsonl"
    run = subprocess.Popen(
        [sys.executable, "-m", "gridsat", "bench", "signpost", str(puzzles), "--cluster",
         "local:2", "-e", "position", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        written = wait_for_lines(out, 10, run)
        workers = [p for p in children(run.pid) if "resource_tracker" not in command(p)]
        assert written < 120 and len(workers) == 2, (written, workers)
        os.kill(workers[0], signal.SIGKILL)
        _, err = run.communicate(timeout=300)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 0, err
    assert len(results(out)) == 120  # every puzzle, none twice
    assert all(r["ok"] for r in map(json.loads, out.read_text().splitlines()))
    assert not alive(workers[1])  # the cluster ended with the run


# -- a real scheduler and workers -------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def dask(*args: str) -> subprocess.Popen[bytes]:
    """``dask ARGS`` (the command of the venv this Python runs in), its output dropped."""
    tool = Path(sys.executable).with_name("dask")
    return subprocess.Popen(
        [str(tool), *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip


class Cluster:
    """A `dask scheduler` and two `dask worker`s on 127.0.0.1, each one stopped at the end."""

    def __init__(self, port: int) -> None:
        self.address = f"tcp://127.0.0.1:{port}"
        self.processes = [dask("scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard")]  # fmt: skip
        wait_for_port(port)
        self.processes += [
            dask("worker", self.address, "--nthreads", "1", "--no-dashboard", "--no-nanny")
            for _ in range(2)
        ]

    def stop(self, index: int | None = None) -> None:
        """Kill one process (the scheduler is 0), or all of them and their groups."""
        for process in self.processes if index is None else [self.processes[index]]:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for_port(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"no scheduler on port {port}")


@pytest.fixture
def clusters() -> Iterator[list[Cluster]]:
    made: list[Cluster] = []
    yield made
    for cluster in made:
        cluster.stop()
    if LINUX:
        pids = [p.pid for c in made for p in c.processes]
        assert not [p for p in pids if alive(p)], "a dask process left behind"


@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="finds the processes in /proc")
def test_a_real_scheduler_lost_mid_run_then_resume_finishes(
    tmp_path: Path, clusters: list[Cluster]
) -> None:
    puzzles = corpus(tmp_path, 30, copies=4)
    out = tmp_path / "out.jsonl"
    first = Cluster(free_port())
    clusters.append(first)
    run = subprocess.Popen(
        [sys.executable, "-m", "gridsat", "bench", "signpost", str(puzzles), "--cluster",
         first.address, "-e", "position", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        written = wait_for_lines(out, 10, run)
        assert written < 120, written
        first.stop(0)  # the scheduler
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 75  # cut short, resumable: not an internal error
    assert err.count("\n") == 1 and "lost the Dask scheduler" in err and "--resume" in err
    kept = results(out)
    assert 10 <= len(kept) < 120
    first.stop()
    second = Cluster(free_port())
    clusters.append(second)
    run2 = gridsat("bench", "signpost", str(puzzles), "-e", "position",
                   "--cluster", second.address, "--out", str(out), "--resume")  # fmt: skip
    assert run2.returncode == 0, run2.stderr
    assert len(results(out)) == 120  # the rest run, none twice
    assert all(r["ok"] for r in map(json.loads, out.read_text().splitlines()))


# -- generate --------------------------------------------------------------------------------


def test_each_puzzle_has_its_own_seed_and_the_first_is_the_runs() -> None:
    from gridsat.generator import puzzle_seed

    assert puzzle_seed(7, 1) == 7
    seeds = {puzzle_seed(7, i) for i in range(2, 200)} | {puzzle_seed(8, i) for i in range(2, 200)}
    assert len(seeds) == 396 and all(0 <= s < 2**63 for s in seeds)


def test_generate_on_a_cluster_makes_the_puzzles_made_here(tmp_path: Path) -> None:
    from gridsat.pipeline import solve
    from gridsat.registry import get_genre
    from gridsat.solvers import Status, get_backend

    args = ["generate", "signpost", "--size", "4x4", "--seed", "5", "--count", "4", "--json",
            "--difficulty", "easy"]  # fmt: skip
    here, there = gridsat(*args), gridsat(*args, "--cluster", "local:2")
    assert here.returncode == 0 and there.returncode == 0, there.stderr
    assert there.stdout == here.stdout
    assert re.search(r"^\[4/4\] 100% .*, [12] workers?$", there.stderr, re.M), there.stderr
    alone = gridsat(*args[:6], *args[8:])  # the same without --count
    assert alone.stdout.splitlines()[0] == here.stdout.splitlines()[0]  # --seed S: the first
    genre = get_genre("signpost")
    rows = [json.loads(line) for line in there.stdout.splitlines()]
    assert len({r["puzzle"] for r in rows}) == 4
    for row in rows:  # each unique, its one solution (passed by the checker) the one given
        puzzle = genre.parse(row["puzzle"])
        outcome = solve(genre, puzzle, get_backend(genre.default_backend), limit=2)
        assert outcome.status == Status.UNIQUE
        assert genre.to_json(puzzle, outcome.solutions[0]) == row["solution"]


SAID = threading.Event()


def chatty(index: int, topic: Any) -> dict[str, Any]:
    """Says a line, then waits until it was heard (or 60 s)."""
    topic(f"puzzle {index}: still at it\n")
    SAID.wait(60)
    return {"index": index, "heard": SAID.is_set()}


def test_in_order_passes_on_the_lines_of_a_task_under_way_and_counts_those_done(
    threads: Any,
) -> None:
    topic = dask_cluster.Topic()
    said: list[str] = []
    seen: list[tuple[int, int]] = []

    def hear(text: str) -> None:
        said.append(text)
        SAID.set()

    made = list(dask_cluster.in_order(
        threads, chatty, [(0, topic), (1, topic)], None,
        lambda done, of, elapsed: seen.append((done, of)), topic, hear,
    ))  # fmt: skip
    assert [m["index"] for m in made] == [0, 1]
    assert all(m["heard"] for m in made)  # heard while the task was still running
    assert "puzzle 0: still at it\n" in said
    assert seen[0] == (0, 2) and seen[-1] == (2, 2)
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})  # each count once, rising


def test_generate_on_a_cluster_past_its_time_limit_exits_4(tmp_path: Path) -> None:
    run = gridsat("generate", "signpost", "--size", "9x9", "--count", "50", "-t", "0.5",
                  "--cluster", "local:1", "--out", str(tmp_path / "made"))  # fmt: skip
    assert run.returncode == 4, run.stderr
    assert run.stderr.splitlines()[-1].startswith("gridsat: error: time limit of 0.5 s")


def test_generate_past_its_time_limit_while_reaching_the_scheduler_exits_4() -> None:
    address = f"tcp://127.0.0.1:{free_port()}"  # no scheduler there
    run = gridsat("generate", "signpost", "--size", "4x4", "-t", "2", "--cluster", address)
    assert (run.returncode, run.stdout) == (4, "")
    assert run.stderr == (
        f"gridsat: error: time limit of 2 s reached while reaching the Dask scheduler at "
        f"{address} (none was made)\n"
    )


def test_the_time_limit_bounds_the_wait_for_the_scheduler(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import distributed

    from gridsat import cli

    waits: list[float] = []

    def client(address: str, timeout: float) -> Any:
        waits.append(timeout)
        raise OSError(f"Timed out trying to connect to {address} after {timeout} s")

    monkeypatch.setattr(distributed, "Client", client)
    assert cli.main(["generate", "signpost", "--size", "4x4", "-t", "60", "--cluster",
                     "tcp://127.0.0.1:1"]) == 2  # fmt: skip
    assert cli.main(["generate", "signpost", "--size", "4x4", "-t", "1.5", "--cluster",
                     "tcp://127.0.0.1:1"]) in (2, 4)  # fmt: skip
    assert waits[0] == dask_cluster.CONNECT_SECONDS and 0 < waits[1] <= 1.5
    capsys.readouterr()


def test_an_address_that_answers_another_protocol_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import distributed

    from gridsat import cli

    def client(address: str, timeout: float) -> Any:  # an HTTP server's answer, read as Dask's
        raise MemoryError("Unable to allocate 3.07 EiB for an array")

    monkeypatch.setattr(distributed, "Client", client)
    code = cli.main(["bench", "signpost", str(DATA / "signpost" / "corpus.jsonl"), "--cluster",
                     "tcp://127.0.0.1:1"])  # fmt: skip
    assert code == 2
    assert capsys.readouterr().err == (
        "gridsat: error: --cluster: no Dask scheduler reached at tcp://127.0.0.1:1 (something "
        "answers there, but not in Dask's protocol)\n"
    )


def test_the_progress_line_counts_the_workers_alive() -> None:
    import io

    from gridsat.benchmark import progress_printer

    stream = io.StringIO()
    alive = iter(["2 workers", "1 worker"])
    show = progress_printer(stream, every=5.0, note=lambda: next(alive))
    show(1, 4, 6.0)
    show(4, 4, 7.0)
    assert stream.getvalue().splitlines() == [
        "[1/4] 25% 6.0s, ~18s left, 2 workers",
        "[4/4] 100% 7.0s, ~0s left, 1 worker",
    ]
