"""Shared test settings: the backends every golden test runs on, the data folder, the command
line run in this process (most tests) or as a real process (the end-to-end ones), and the check
that bad input is refused in one line."""

from __future__ import annotations

import gc
import io
import os
import resource
import signal
import subprocess
import sys
import threading
import zlib
from collections.abc import Callable, Iterable, Sequence
from itertools import product
from pathlib import Path
from typing import Any

import pytest

# A shell's background job starts with Ctrl-C ignored, and its children inherit that: gridsat
# then never sees the SIGINT the Ctrl-C tests send. Take Ctrl-C back, as a terminal gives it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"

THINNED = {
    "test_diagnose_prints_well_formed_answers",
    "test_a_run_cut_in_any_phase_is_a_timeout_with_the_phases_it_reached",
    "test_compare_under_tiny_limits_is_well_formed_on_every_genre",
    "test_backends_agree_on_every_genres_example",
    "test_generate_piped_into_solve",
    "test_a_time_limit_stops_diagnose_with_one_line_and_exit_4",
    "test_the_command_prints_the_library_result",
    "test_every_genre_end_to_end",
    "test_generated_puzzles_read_back_from_the_smallest_size",
    "test_every_genre_draws_puzzle_and_solution",
    "test_mutated_puzzles",
}
"""The costliest of the tests every genre goes through (each case a second or so, each genre
several): the fast run takes a third of each one's cases, a fixed third chosen by the case's
name (so every genre is in some of them, each case in the same run every time); the slow run
all."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: Any, items: list[pytest.Item]) -> None:
    """Two thirds of the cases of the THINNED tests marked slow, before ``-m 'not slow'`` leaves
    them out."""
    for item in items:
        name = getattr(item, "originalname", "")
        if name in THINNED and zlib.crc32(item.name.encode()) % 3:
            item.add_marker(pytest.mark.slow)


_HANDLED = [
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
]
"""The signals whose handlers a command may change: put back after an in-process run."""


class _Kept(io.BytesIO):
    """A stream's bytes, kept when the command closes the stream (it closes stderr when its
    reader went away)."""

    kept = b""

    def close(self) -> None:
        if not self.closed:
            self.kept = self.getvalue()
        super().close()


def _text(stream: io.TextIOWrapper, data: _Kept) -> str:
    """What the command wrote to ``stream``, decoded as a process's output is."""
    if not stream.closed:
        stream.flush()
    return (data.kept if data.closed else data.getvalue()).decode("utf-8", "replace")


def gridsat(
    *args: str, stdin: str | bytes = "", cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """``gridsat ARGS`` run in this process through ``cli.main``, from the project's folder (or
    ``cwd``), as ``gridsat_process`` runs it in a child but without the child's start-up: its
    exit code and its output as text (``stdin`` its input, text or bytes; an empty one by
    default).

    The command may change what a process holds (signal handlers, the collector, the memory
    limit, the working folder): all of it is put back. A test of a memory limit, a signal or the
    start-up itself needs a fresh process: ``gridsat_process``."""
    from gridsat.cli import main

    data = stdin.encode() if isinstance(stdin, str) else stdin
    out, err = _Kept(), _Kept()
    streams = sys.stdin, sys.stdout, sys.stderr
    handlers = {number: signal.getsignal(number) for number in _HANDLED}
    collecting, limit = gc.isenabled(), resource.getrlimit(resource.RLIMIT_AS)
    stack, recursion, folder = threading.stack_size(), sys.getrecursionlimit(), os.getcwd()
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    os.chdir(cwd)
    try:
        try:
            code = main(list(args))
        except SystemExit as e:  # argparse's errors, --help and --version end this way
            if isinstance(e.code, str):
                print(e.code, file=sys.stderr)
            code = e.code if isinstance(e.code, int) else int(e.code is not None)
        stdout, stderr = _text(sys.stdout, out), _text(sys.stderr, err)
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        for number, handler in handlers.items():
            signal.signal(number, handler)
        if collecting:
            gc.enable()
        else:
            gc.disable()
        resource.setrlimit(resource.RLIMIT_AS, limit)
        threading.stack_size(stack)
        sys.setrecursionlimit(recursion)
        os.chdir(folder)
    return subprocess.CompletedProcess(["gridsat", *args], code, stdout, stderr)


def gridsat_process(
    *args: str, stdin: str = "", timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python -m gridsat ARGS`` as a user runs it from the project's folder, in a process of
    its own: its exit code and its output as text (``stdin`` its input; an empty one by
    default, so nothing waits on it)."""
    return subprocess.run(
        [sys.executable, "-m", "gridsat", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def refused(
    genre: str, text: str, read: Callable[[str], object], match: str | None = None
) -> tuple[str, subprocess.CompletedProcess[str]]:
    """Bad input is named, never a traceback: ``read(text)`` raises a ParseError whose message
    ``match`` finds (a regular expression, as ``pytest.raises`` takes it; None: any message),
    and ``gridsat solve GENRE TEXT`` exits 2 with one line, ``gridsat: error: ...``. The
    message and the command's run, for what a test checks further."""
    from gridsat.parsers import ParseError

    with pytest.raises(ParseError, match=match) as error:
        read(text)
    run = gridsat("solve", genre, text)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("gridsat: error: ") and run.stderr.count("\n") == 1, run.stderr
    return str(error.value), run


# One CP-SAT and three python-sat solvers of different lineages (one of them not incremental).
BACKENDS = ("cpsat", "sat:cadical195", "sat:glucose4", "sat:kissat404")


def board_runs(
    boards: Iterable[str],
    encodings: Sequence[str],
    quick: Callable[..., bool],
    prunes: bool = True,
) -> list[Any]:
    """Every small board, backend, encoding (and pruning, with ``prunes``) as test parameters
    ``(name, backend, encoding[, prune])``: the default run takes those ``quick`` picks (it is
    asked with the same arguments), the whole product runs under ``slow``."""
    runs = []
    for name, backend, encoding, prune in product(
        sorted(boards), BACKENDS, encodings, (True, False) if prunes else (None,)
    ):
        args = (name, backend, encoding) if prune is None else (name, backend, encoding, prune)
        said = "" if prune is None else f"-{'prune' if prune else 'no-prune'}"
        runs.append(
            pytest.param(
                *args,
                id=f"{name}-{backend}-{encoding}{said}",
                marks=[] if quick(*args) else [pytest.mark.slow],
            )
        )
    return runs


def one_board_on_all(board: str) -> Callable[[str, str, str, bool], bool]:
    """``board_runs``'s most common pick: every backend and encoding on ``board``, pruned; the
    other boards on CaDiCaL alone."""

    def quick(name: str, backend: str, encoding: str, prune: bool) -> bool:
        return (name == board and prune) or (backend == "sat:cadical195" and name != board)

    return quick
