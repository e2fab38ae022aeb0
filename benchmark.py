"""gridsat bench: many puzzles x backends x encodings, results kept as they finish."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any, TextIO

from . import inputs
from .checks import PuzzleError
from .comparison import LIMITS, reached
from .isolation import STOP_SIGNALS, can_isolate, die_with, stop_children
from .models.model import TooLarge
from .parsers import ParseError
from .parsers.numbergrid import file_solution
from .pipeline import (
    IN_PROCESS,
    CheckFailed,
    Outcome,
    OutOfMemory,
    genre_params,
    runs_in_process,
    solve_assumed,
    solve_isolated,
    solve_quick,
    stats_json,
)
from .registry import Genre, get_genre
from .solvers import FINISHED, FOUND, Backend, BackendError, Status, get_backend
from .solvers.base import Unfinished

PUZZLE_SUFFIXES = {"", ".txt"}


@dataclass(frozen=True, slots=True)
class Item:
    """One puzzle to run: where it came from, its text, and its known answer if any."""

    name: str
    text: str
    solution: Any = None
    error: str = ""  # why the file is bad input (over the size limit), its text left unread
    answer: Any = None  # the known answer to the puzzle's question (a JSON line's ``answer``)


def items(paths: list[str]) -> Iterator[Item]:
    """The puzzles in files, folders (their ``.txt`` files, with ``NAME.solution.json`` beside
    them) and JSON-lines files (``puzzle`` or ``id``, optional ``solution`` and ``name``)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for child in sorted(path.iterdir()):
                if child.is_file() and child.suffix in PUZZLE_SUFFIXES:
                    yield _file_item(child)
                elif child.suffix == ".jsonl":
                    yield from _lines(child)
        elif path.suffix == ".jsonl":
            yield from _lines(path)
        elif path.is_file():
            yield from _urls(path) or [_file_item(path)]
        elif inputs.odd_file(raw):  # a pipe, a device: bench reads what it can name and read again
            raise ValueError(f"{raw} is {inputs.odd_file(raw)}")
        else:
            raise FileNotFoundError(f"no such file or folder: {raw}")


def _urls(path: Path) -> list[Item]:
    """The puzzles of a file of puzz.link URLs, one a line (blank lines and ``#`` comments
    skipped); empty when any other line is in it (a file of one puzzle, read whole)."""
    from .parsers import puzzlink

    try:
        text = inputs.read_file(str(path))
    except inputs.TooLong:
        return []
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]  # fmt: skip
    if not found or not all(puzzlink.is_url(line) for _, line in found):
        return []
    return [Item(f"{path}:{n}", line) for n, line in found]


def _file_item(path: Path) -> Item:
    """A puzzle file, its known answer from ``NAME.solution.json`` beside it or else from its
    own ``[Solution]`` section (a published layout), as ``solve`` checks it."""
    answer = path.with_name(path.stem + ".solution.json")
    try:
        text = inputs.read_file(str(path))
    except inputs.TooLong as e:  # (as solve says it: bad input for this file, not read)
        return Item(str(path), "", error=str(e))
    known = _answer(answer) if answer.exists() else _own_solution(text, path)
    return Item(str(path), text, known)


def _answer(path: Path) -> Any:
    """A ``NAME.solution.json`` file's answer; a ValueError naming the file when it is not
    JSON (it said only where in the file, not which)."""
    text = inputs.read_file(str(path))
    try:
        return inputs.json_value(text)
    except json.JSONDecodeError as e:
        raise ValueError(
            f"{path} is not JSON ({e.msg}: line {e.lineno} column {e.colno})"
        ) from None
    except ValueError as e:  # (nested too deeply)
        raise ValueError(f"{path} is not JSON ({e})") from None


def _own_solution(text: str, where: object) -> Any:
    """The rows of a puzzle's own ``[Solution]`` section, None when it has none; a ValueError
    that names ``where`` when they cannot be read."""
    try:
        return file_solution(text)
    except ParseError as e:
        raise ValueError(f"{where}: {e}") from None


def _lines(path: Path) -> Iterator[Item]:
    for number, line in enumerate(inputs.read_file(str(path), None).splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = inputs.json_value(line)
            text = row.get("puzzle") or row["id"]
        except (ValueError, KeyError, AttributeError) as e:
            raise ValueError(
                f"{path}:{number}: not a puzzle line (JSON with `puzzle` or `id`)"
            ) from e
        if not isinstance(text, str):
            raise ValueError(f"{path}:{number}: the puzzle is not text (a JSON string)")
        question = row.get("question")
        if isinstance(question, str) and question.strip() and question.strip() not in text:
            text = f"{text}\n{question}"  # (ZebraLogic keeps the question apart)
        known = row.get("solution")
        if known is None:
            known = _own_solution(text, f"{path}:{number}")
        name = row.get("name") or (row.get("id") if row.get("puzzle") else None)  # (an id
        # names a record that has its puzzle apart; else the id is the puzzle)
        yield Item(str(name or f"{path}:{number}"), text, known, answer=row.get("answer"))


def run_one(
    genre_name: str,
    item: Item,
    backend_name: str,
    encoding: str,
    time_limit: float | None,
    memory_limit: int | None = -1,
    params: dict[str, str] | None = None,
) -> dict[str, Any]:
    """One puzzle on one backend and encoding, as a result record (picklable for --jobs)."""
    genre = get_genre(genre_name)
    read = _read(genre, item, backend_name, encoding)
    if isinstance(read, dict):  # bad input
        return read
    record, puzzle, times = read
    try:
        outcome = solve_isolated(
            genre,
            get_backend(backend_name),
            encoding,
            puzzle=puzzle,
            limit=2,
            time_limit=time_limit,
            memory_limit=memory_limit,
            times=times,
            params=params,
        )
    except OutOfMemory as e:  # a limit reached, like a timeout: a result, not a failure
        return {**record, "status": Status.OUT_OF_MEMORY, "ok": True, Status.ERROR: str(e)}
    except (BackendError, CheckFailed) as e:
        return {**record, "status": Status.ERROR, "ok": False, Status.ERROR: str(e)}
    return _result(record, genre, item, puzzle, outcome, times, params)


def _read(
    genre: Genre[Any, Any], item: Item, backend_name: str, encoding: str
) -> dict[str, Any] | tuple[dict[str, Any], Any, dict[str, float]]:
    """The item's puzzle, read and timed, with its record begun; or, for bad input (unread, or
    its own answer wrong), its whole record."""
    record: dict[str, Any] = {"puzzle": item.name, "backend": backend_name, "encoding": encoding}
    times: dict[str, float] = {}
    if item.error:
        return {**record, "status": Status.BAD_INPUT, "ok": False, Status.ERROR: item.error}
    start = time.perf_counter()
    try:
        puzzle = genre.read(inputs.game_id(genre.name, item.text))
    except (ParseError, PuzzleError) as e:  # (a link or save file of another genre: PuzzleError)
        return {**record, "status": Status.BAD_INPUT, "ok": False, Status.ERROR: str(e)}
    times["parse"] = time.perf_counter() - start
    cells = genre.cell_count(puzzle)
    if cells is not None:  # (a genre that tells no size of its puzzles leaves it out)
        record["cells"] = cells
    broken = None if item.solution is None else genre.refuted(puzzle, item.solution)
    if broken is not None:  # the file's own answer is wrong: bad input, not a disagreement
        error = f"its solution breaks the rules: {broken}"
        return {**record, "status": Status.BAD_INPUT, "ok": False, Status.ERROR: error}
    return record, puzzle, times


def _result(
    record: dict[str, Any], genre: Genre[Any, Any], item: Item, puzzle: Any, outcome: Outcome,
    times: dict[str, float], params: dict[str, str] | None,
) -> dict[str, Any]:  # fmt: skip
    """The record of a run that ended: its status, times, sizes and whether it is right."""
    backend_name, encoding = record["backend"], record["encoding"]
    record["status"] = outcome.status
    # The phases it reached: one stopped by the time limit has its time up to the cut, and no
    # time at all for the phases after it.
    record["times"] = {k: round(v, 6) for k, v in reached(times, bool(outcome.solutions)).items()}
    record["total"] = round(sum(record["times"].values()), 6)
    record["stats"] = stats_json(outcome)
    if item.solution is not None and outcome.status == Status.UNIQUE:
        record["ok"] = _same(genre, puzzle, outcome.solutions[0], item.solution)
    else:  # every printed solution already passed the checker; "no solution" is an answer too,
        # and a run stopped by its time limit is a result (the summary counts it under limit)
        record["ok"] = outcome.status in (*FOUND, *LIMITS) or (
            outcome.status == Status.UNSOLVABLE and item.solution is None
        )
    if outcome.solutions and genre.questions is not None and genre.questions(puzzle):
        _answered(record, genre, puzzle, backend_name, encoding, item.answer, params)
    return record


SHAPES = 4
"""The shared solvers a batch keeps at once, per backend and encoding: those of the shapes met
last (a file of one size needs one)."""


RENEW = 500
"""Puzzles a shared solver runs before it is made afresh: each leaves a retired switch, a
variable that every solution the solver gives still holds (and gridsat reads back)."""


class Batch:
    """The runs of ``bench`` in this process, when it may run them here (no time or memory
    limit, a backend whose search returns to Python often enough to answer a stop:
    ``pipeline.runs_in_process``) rather than each in a child of its own, which costs a small
    puzzle most of its time. Where the genre's model parts into a shape and clues
    (``contract.Assumes``) and the backend is an incremental SAT solver, the puzzles of one shape
    share one solver: the shape's model is built and loaded once, and each puzzle's clues are
    assumed in its calls (``pipeline.solve_assumed``). Any other puzzle runs as ``solve`` runs one
    (``pipeline.solve_quick``: here, or in a child when its model is large or its search long);
    one whose search on the shared solver takes a call past ``IN_PROCESS`` seconds runs again,
    from the start, as it would without a batch (``run_one``), as does everything when the batch
    may not run here. A shared solver is made afresh every RENEW puzzles. The answers and
    verdicts are the same either way."""

    def __init__(
        self,
        genre: Genre[Any, Any],
        time_limit: float | None,
        memory_limit: int | None,
        params: dict[str, dict[str, str]] | None = None,
    ) -> None:
        self.genre, self.time_limit, self.memory_limit = genre, time_limit, memory_limit
        self.params = params or {}
        self.sessions: dict[tuple[str, str, Hashable], tuple[Any, Any]] = {}
        self.runs: dict[tuple[str, str, Hashable], int] = {}  # puzzles run on each shape

    def run(self, item: Item, backend_name: str, encoding: str) -> dict[str, Any]:
        """``run_one``'s record of the item on this backend and encoding."""
        params = self.params.get(backend_name)
        backend = get_backend(backend_name)
        if not runs_in_process(backend, self.time_limit, self.memory_limit):
            return run_one(self.genre.name, item, backend_name, encoding, self.time_limit,
                           self.memory_limit, params)  # fmt: skip
        read = _read(self.genre, item, backend_name, encoding)
        if isinstance(read, dict):
            return read
        record, puzzle, times = read
        try:
            outcome = self._solve(puzzle, backend, encoding, times, params)
        except Unfinished:  # a long search on the shared solver: as it runs without a batch
            return run_one(self.genre.name, item, backend_name, encoding, self.time_limit,
                           self.memory_limit, params)  # fmt: skip
        except OutOfMemory as e:
            return {**record, "status": Status.OUT_OF_MEMORY, "ok": True, Status.ERROR: str(e)}
        except (BackendError, CheckFailed) as e:
            return {**record, "status": Status.ERROR, "ok": False, Status.ERROR: str(e)}
        return _result(record, self.genre, item, puzzle, outcome, times, params)

    def _solve(
        self, puzzle: Any, backend: Backend, encoding: str, times: dict[str, float],
        params: dict[str, str] | None,
    ) -> Outcome:  # fmt: skip
        """The run of one puzzle: on its shape's solver where it has one, else as ``solve``."""
        assumes = self.genre.assumes
        shape = None
        if assumes is not None and "incremental" in backend.capabilities:
            shape = assumes.shape(puzzle, encoding)
        if shape is None:
            return solve_quick(self.genre, backend, encoding, load=lambda _: puzzle, limit=2,
                               times=times, params=params)  # fmt: skip
        assert assumes is not None
        start = time.perf_counter()
        key = (backend.name, encoding, shape)
        opened = self.sessions.pop(key, None)  # (put back last: the shapes met last stay)
        if opened is None:
            try:
                shaped = assumes.shape_model(puzzle, encoding)
            except TooLarge:  # (unpruned past a limit that the puzzle's own model keeps within)
                opened = None, None
            else:
                opened = self._open(shaped, backend, params)
            mine = [k for k in self.sessions if k[:2] == key[:2]]  # (the shape met longest
            for one in mine[: max(0, len(mine) - SHAPES + 1)]:  # ago closed, past SHAPES)
                self.close(one)
        self.sessions[key] = opened
        built, session = opened
        if session is None:  # (a backend whose sessions take no assumptions, a shape too large)
            return solve_quick(self.genre, backend, encoding, load=lambda _: puzzle, limit=2,
                               times=times, params=params)  # fmt: skip
        runs = self.runs[key] = self.runs.get(key, 0) + 1
        if runs % RENEW == 0:  # a fresh solver, without the switches the last runs retired
            session.close()
            built, session = self.sessions[key] = self._open(built, backend, params)
        clues = assumes.clues(puzzle, built)
        times["build"] = time.perf_counter() - start
        return solve_assumed(self.genre, puzzle, built, session, clues, backend.name, encoding,
                             times=times)  # fmt: skip

    def _open(self, built: Any, backend: Backend, params: dict[str, str] | None) -> tuple[Any, Any]:
        """A solver of the shape's model, its calls in process (``IN_PROCESS`` seconds each
        at most); None for one that takes no assumptions."""
        from .solvers.sat import SatSession

        chosen = genre_params(self.genre, backend, params)
        session = backend.open(built.model, chosen) if chosen else backend.open(built.model)
        if not isinstance(session, SatSession):
            session.close()
            return built, None
        session.in_process = IN_PROCESS
        return built, session

    def close(self, key: tuple[str, str, Hashable] | None = None) -> None:
        """The shared solver of one shape closed (``key``), or all of them."""
        for one in [key] if key is not None else list(self.sessions):
            _, session = self.sessions.pop(one, (None, None))
            if session is not None:
                session.close()


def _answered(
    record: dict[str, Any], genre: Genre[Any, Any], puzzle: Any, backend_name: str,
    encoding: str, known: Any, params: dict[str, str] | None,
) -> None:  # fmt: skip
    """The record's ``answer`` (proved: one that every solution gives, else None) and the
    ``possible_answers``; with a known answer, ``answer_ok`` and ``ok`` say whether it is it."""
    from .pipeline import answers

    found = answers(genre, puzzle, get_backend(backend_name), encoding, params=params)
    forced = [p[0] if whole and len(p) == 1 else None for p, whole in found]
    record["answer"] = forced[0] if len(forced) == 1 else forced
    record["possible_answers"] = [p for p, _ in found] if len(found) > 1 else found[0][0]
    if known is not None:
        said = [known] if len(forced) == 1 else list(known) if isinstance(known, list) else []
        record["answer_ok"] = len(said) == len(forced) and all(
            f is not None and str(f).strip().lower() == str(k).strip().lower()
            for f, k in zip(forced, said, strict=False)
        )
        record["ok"] = record["ok"] and record["answer_ok"]


def _same(genre: Genre[Any, Any], puzzle: Any, solution: Any, known: Any) -> bool:
    """Whether a known answer is this solution: as the genre reads a solution back, in any of
    its shapes (a logic grid's ZebraLogic ``{header, rows}``), else as it writes one."""
    if genre.from_json is not None:
        try:
            return bool(genre.from_json(puzzle, known) == solution)
        except ParseError:
            pass
    return bool(genre.to_json(puzzle, solution) == known)


def failed(record: dict[str, Any]) -> bool:
    """Whether a run failed: a wrong answer or an error. A run stopped by a limit did not,
    even as written by earlier versions (``ok`` false)."""
    return not record["ok"] and record["status"] not in LIMITS


def run_loaded(*task: Any) -> dict[str, Any]:
    """``run_one(*task)`` where the backend's library (``task[2]`` names the backend) is loaded
    first (once per process: a cluster worker starts without it), so that no puzzle's time
    includes loading it."""
    get_backend(task[2]).unavailable()
    return run_one(*task)


def run(
    genre: Genre[Any, Any],
    puzzles: list[Item],
    backends: list[str],
    encodings: list[str],
    out: TextIO | None,
    done: set[tuple[str, str, str]],
    jobs: int = 1,
    time_limit: float | None = None,
    progress: Callable[[int, int, float], None] | None = None,
    memory_limit: int | None = -1,
    params: dict[str, dict[str, str]] | None = None,
    cluster: Any = None,
    records: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Run every task not in ``done``, writing each record to ``out`` as it finishes (in the
    order they finish, with --jobs); each (puzzle, backend, encoding) once; ``params`` are
    each backend's ``--param`` pairs, by its name. ``cluster`` (a Dask client) runs them on its
    workers instead, in chunks (cluster.SchedulerLost when its scheduler goes away). Each
    record is appended to ``records`` too, if given: the caller has what finished when a stop
    (Ctrl-C, a stop signal) cuts the run short."""
    params = params or {}
    tasks = []
    queued = set(done)
    for item in puzzles:
        for b in backends:
            for e in encodings:
                if (item.name, b, e) not in queued:
                    queued.add((item.name, b, e))
                    tasks.append((item, b, e))
    records = [] if records is None else records
    for name in backends:  # load each solver library once, so no first puzzle pays for it
        get_backend(name).unavailable()
    start = time.monotonic()

    kept: set[tuple[str, str, str]] = set()

    def keep(record: dict[str, Any]) -> None:
        key = (record["puzzle"], record["backend"], record["encoding"])
        if key in kept:  # a task run again after its worker died: its first record stands
            return
        kept.add(key)
        records.append(record)
        if out is not None:
            out.write(json.dumps(record) + "\n")
            out.flush()
        if progress:
            progress(len(records), len(tasks), time.monotonic() - start)

    if cluster is not None:
        from . import cluster as dask_cluster

        arguments = [
            (genre.name, item, b, e, time_limit, memory_limit, params.get(b))
            for item, b, e in tasks
        ]
        for record in dask_cluster.stream(cluster, run_loaded, arguments):
            keep(record)
        return records
    if jobs <= 1:
        batch = Batch(genre, time_limit, memory_limit, params)
        try:
            for item, b, e in tasks:
                keep(batch.run(item, b, e))
        finally:
            batch.close()
        return records
    # Forked, as the solver children are: each worker a child of this process that dies with it.
    before = set(multiprocessing.active_children())  # (the workers are the children added)
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, max(1, len(tasks))),  # (forked, each worker starts at once)
        mp_context=multiprocessing.get_context("fork" if can_isolate() else None),
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )
    try:
        futures = [
            pool.submit(run_batched, genre.name, item, b, e, time_limit, memory_limit, params)
            for item, b, e in tasks
        ]
        for future in as_completed(futures):
            keep(future.result())
    except BaseException:  # Ctrl-C, a stop signal, or a failure: no worker goes on solving
        _stop_workers([p for p in multiprocessing.active_children() if p not in before])
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return records


STOP_GRACE = 5.0
"""Seconds a stopped --jobs worker has to collect its solver child and end, before SIGKILL."""


_batches: dict[tuple[str, float | None, int | None, str], Batch] = {}
"""A --jobs worker's batches: one per genre, limits and parameters (a run has one)."""


def run_batched(
    genre_name: str,
    item: Item,
    backend_name: str,
    encoding: str,
    time_limit: float | None,
    memory_limit: int | None,
    params: dict[str, dict[str, str]],
) -> dict[str, Any]:
    """``run_one`` in a --jobs worker, on the worker's own ``Batch``, kept from task to task."""
    key = (genre_name, time_limit, memory_limit, json.dumps(params, sort_keys=True))
    batch = _batches.get(key)
    if batch is None:
        batch = _batches[key] = Batch(get_genre(genre_name), time_limit, memory_limit, params)
    return batch.run(item, backend_name, encoding)


def _worker_start(parent: int) -> None:
    """A --jobs worker: ends with ``parent``, leaves Ctrl-C to it, and a stop signal ends it
    with its solver child collected."""
    _batches.clear()  # (forked: none of the parent's solvers)
    die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers it: it stops the workers
    for stop in STOP_SIGNALS:
        signal.signal(stop, _worker_stop)


def _worker_stop(number: int, frame: Any) -> None:
    """A worker told to stop: its solver child killed and collected, then out at once. (Told
    twice, as by a signal to the whole group and then by the parent: answered once.)"""
    for stop in STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    stop_children()
    os._exit(128 + number)


def _stop_workers(processes: list[Any]) -> None:
    """End the pool's workers now, whatever they run: ``shutdown`` alone would wait for the
    puzzles under way (minutes, on a hard one). The executor offers no way to stop them before
    Python 3.14: they are the children ``multiprocessing.active_children`` added with it."""
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    deadline = time.monotonic() + STOP_GRACE
    running = {p.sentinel: p for p in processes}
    while running and (left := deadline - time.monotonic()) > 0:
        for ended in wait(list(running), timeout=left):
            del running[ended]
    for process in running.values():
        with contextlib.suppress(OSError, ValueError):
            process.kill()


def summary(records: list[dict[str, Any]]) -> str:
    """Per backend x encoding: counts, and the median, 90th percentile and max time (ms). A run
    stopped by a limit counts as slower than any that finished: a statistic that falls on one
    shows ``>limit``, not the time the run was given."""
    groups: defaultdict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[(r["backend"], r["encoding"])].append(r)
    width = max((len(b) for b, _ in groups), default=0)
    width = max(width, len("backend"))
    lines = [
        f"{'backend'.ljust(width)}  {'encoding':9} {'runs':>5} {'unique':>6} {'multi':>5} "
        f"{'none':>4} {'limit':>5} {'failed':>6} {'median':>9} {'p90':>9} {'max':>9}   (ms)"
    ]
    rows = []
    for (backend, encoding), rs in groups.items():
        totals = sorted(r["total"] for r in rs if r["status"] in FINISHED and "total" in r)
        stopped = sum(r["status"] in LIMITS for r in rs)
        totals += [float("inf")] * stopped
        count = Counter(r["status"] for r in rs)
        broken = sum(failed(r) for r in rs)
        if totals:
            p90 = totals[min(len(totals) - 1, int(0.9 * len(totals)))]
            picks = [statistics.median(totals), p90, totals[-1]]
        else:  # nothing timed: every run failed before it was measured
            picks = [float("nan")] * 3
        rows.append(
            (
                picks[0] if totals else float("inf"),
                f"{backend.ljust(width)}  {encoding:9} {len(rs):5} "
                f"{count['unique']:6} {count['multiple']:5} {count['unsolvable']:4} "
                f"{stopped:5} {broken:6} {' '.join(_ms(t) for t in picks)}",
            )
        )
    lines += [line for _, line in sorted(rows)]
    unread = sum(r["status"] == Status.BAD_INPUT for r in records)
    if unread:
        lines.append(f"not read (bad input, each with the reason in its record): {unread}")
    asked = [r for r in records if "answer" in r]
    if asked:
        forced = sum(
            None not in (r["answer"] if isinstance(r["answer"], list) else [r["answer"]])
            for r in asked
        )
        known = [r for r in asked if "answer_ok" in r]
        matched = sum(r["answer_ok"] for r in known)
        lines.append(f"questions: {forced} of {len(asked)} answered (proved forced); "
                     f"{matched} of {len(known)} known answers matched")  # fmt: skip
    limited = Counter(r["status"] for r in records if r["status"] in LIMITS)
    if limited:
        said = [f"{limited[s]} {LIMIT_WORDS[s]}" for s in LIMITS if limited[s]]
        lines.append(f"stopped by a limit (a result, not a failure): {', '.join(said)}")
    return "\n".join(lines)


LIMIT_WORDS = {Status.TIMEOUT: "past the time limit", Status.OUT_OF_MEMORY: "past the memory limit"}
"""How the summary names the runs a limit stopped."""


def _ms(seconds: float) -> str:
    """A time in the summary: milliseconds, ``>limit`` past a limit, ``-`` for none."""
    if seconds != seconds:  # NaN
        return f"{'-':>9}"
    return f"{'>limit':>9}" if seconds == float("inf") else f"{seconds * 1000:9.2f}"


def plot(records: list[dict[str, Any]], path: str) -> None:
    """Time against puzzle size per backend and encoding (log scale), as PNG or SVG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    groups: defaultdict[str, list[tuple[int, float]]] = defaultdict(list)
    for r in records:
        if r.get("cells") and r.get("total") and r["status"] in FINISHED:
            groups[f"{r['backend']} {r['encoding']}"].append((r["cells"], r["total"]))
    for label, points in sorted(groups.items()):
        points.sort()
        ax.plot([p[0] for p in points], [p[1] for p in points], "o", label=label, alpha=0.7)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("cells")
    ax.set_ylabel("seconds (build + solve + prove unique)")
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def progress_printer(
    stream: TextIO, every: float = 5.0, note: Callable[[], str] | None = None
) -> Callable[[int, int, float], None]:
    """A progress bar on a terminal; otherwise (a log) a plain line at most every ``every``
    seconds, and the last one; ``note`` adds its text to each (a cluster's workers alive)."""
    tty = stream.isatty()
    shown = 0.0  # when the last line was written, in seconds from the start

    def show(done: int, total: int, elapsed: float) -> None:
        nonlocal shown
        left = elapsed / done * (total - done) if done else 0.0
        text = f"[{done}/{total}] {100 * done // max(total, 1)}% {elapsed:.1f}s, ~{left:.0f}s left"
        if note is not None:
            text += f", {note()}"
        if tty:
            bar = "#" * (30 * done // max(total, 1))
            stream.write(f"\r{bar.ljust(30)} {text}")
            if done == total:
                stream.write("\n")
        elif done == total or elapsed - shown >= every:
            shown = elapsed
            stream.write(text + "\n")
        else:
            return
        stream.flush()

    return show


def read_done(path: Path) -> tuple[list[dict[str, Any]], set[tuple[str, str, str]]]:
    """The records already in a results file, and their keys (for --resume)."""
    records = []
    if path.exists():
        for number, line in enumerate(inputs.read_file(str(path), None).splitlines(), 1):
            try:
                record = inputs.json_value(line)
            except ValueError:
                continue  # a line cut short by an interruption
            if not isinstance(record, dict) or not record.keys() >= RECORD_KEYS:
                raise ValueError(
                    f"{path}:{number}: not a result of gridsat bench (a JSON object with "
                    "puzzle, backend, encoding, status and ok): --resume continues its own file"
                )
            records.append(record)
    return records, {(r["puzzle"], r["backend"], r["encoding"]) for r in records}


RECORD_KEYS = {"puzzle", "backend", "encoding", "status", "ok"}
"""What every result line has (``read_done`` refuses a file whose lines lack them)."""
