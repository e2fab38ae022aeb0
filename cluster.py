"""``--cluster``: bench and generate tasks on a Dask cluster (``local:N`` or a scheduler's
address). Dask is an optional extra, imported only here, only when a cluster is asked for."""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import math
import queue
import uuid
import warnings
from collections.abc import Callable, Generator, Iterator
from typing import Any

INSTALL = "pip install 'gridsat[cluster]'"

CHUNK_SECONDS = 0.5
"""Work aimed at per chunk of bench tasks (puzzle x backend x encoding) shipped to a worker at
once, from the seconds per task measured so far: Dask's own cost of a task (6.6 ms of CPU
between the client, the scheduler and the worker, measured with one-task chunks) is then about
1 % of it, and a worker killed mid-chunk costs at most about this much work run again."""

MAX_CHUNK = 1000
"""The most tasks in a chunk, however fast they are (a chunk's arguments travel whole)."""

IN_FLIGHT = 2
"""Chunks queued or running per worker thread: one running and the next one waiting, so no
worker waits for the client; the chunks after them are sized from what was measured by then."""

MEASURED = 32
"""The latest tasks whose median time sizes the next chunk (a corpus sorted by size drifts)."""

CONNECT_SECONDS = 10
"""How long to try to reach a scheduler, and to reach it again after losing it."""


class ClusterError(Exception):
    """The cluster cannot be used: the extra is missing, or the address is wrong or unreachable
    (a usage error, exit 2)."""


class SchedulerLost(Exception):
    """The scheduler went away during the run; what finished before is kept."""


def connect(address: str, deadline: float | None = None) -> Any:
    """A Dask client for ``local:N`` (a local cluster of N worker processes, one thread each)
    or ``tcp://host:port`` (a running scheduler, tried for CONNECT_SECONDS, or until
    ``deadline``, a ``time.monotonic()`` instant, if sooner)."""
    import time

    try:  # (a module seen as Any: Dask's calls are not all typed)
        distributed: Any = importlib.import_module("distributed")
    except ImportError as e:
        raise ClusterError(f"--cluster needs dask and distributed: {INSTALL}") from e
    _quiet()
    if address.startswith("local:"):
        number = address.removeprefix("local:")
        if not (number.isascii() and number.isdigit()) or not 0 < int(number) <= 1024:
            raise ClusterError(f"--cluster {address!r}: local:N takes N worker processes, 1-1024")
        with warnings.catch_warnings():  # (its HTTP server moved off a port in use: no matter)
            warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
            local = distributed.LocalCluster(
                n_workers=int(number),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,
            )
        return distributed.Client(local, timeout=CONNECT_SECONDS)
    if "://" not in address:
        raise ClusterError(
            f"--cluster {address!r}: give local:N or a scheduler's address, tcp://HOST:PORT"
        )
    timeout: float = CONNECT_SECONDS  # (counted once Dask is loaded: that takes a second)
    if deadline is not None:
        timeout = max(min(timeout, deadline - time.monotonic()), 0.01)
    try:
        return distributed.Client(address, timeout=timeout)
    except (OSError, ValueError) as e:
        raise ClusterError(f"--cluster: no Dask scheduler reached at {address} ({e})") from e
    except MemoryError as e:  # (a frame length read from another protocol's answer: HTTP's)
        raise ClusterError(
            f"--cluster: no Dask scheduler reached at {address} (something answers there, "
            "but not in Dask's protocol)"
        ) from e


def _quiet() -> None:
    """Dask's own logs (a worker lost, a reconnection, its traceback) silenced: gridsat says
    what matters in one line. (Its loggers each have a level of their own, from its config.)"""
    names = [n for n in logging.root.manager.loggerDict if n.startswith(("distributed", "tornado"))]
    for name in ["distributed", "tornado", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def close(client: Any) -> None:
    """The client closed, and the local cluster it started (if any) with it."""
    local = client.cluster
    with contextlib.suppress(Exception):  # (a scheduler already gone: nothing left to close)
        client.close(timeout=CONNECT_SECONDS)
    if local is not None:
        with contextlib.suppress(Exception):
            local.close(timeout=CONNECT_SECONDS)


def workers(client: Any) -> int:
    """The workers alive now (0 when the scheduler cannot be asked)."""
    try:
        return len(client.scheduler_info(n_workers=-1)["workers"])
    except Exception:
        return 0


def chunk_size(per_task: float | None, left: int, threads: int) -> int:
    """Tasks in the next chunk: ``CHUNK_SECONDS`` of work at ``per_task`` seconds each (one task
    while nothing is measured), at most MAX_CHUNK, and at most half of each worker thread's
    share of the ``left`` tasks, so the last chunks are spread over the workers."""
    if per_task is None:
        return 1
    aimed = int(CHUNK_SECONDS / max(per_task, CHUNK_SECONDS / MAX_CHUNK))
    return max(1, min(aimed, math.ceil(left / (2 * max(1, threads)))))


def run_chunk(
    topic: str, work: Callable[..., dict[str, Any]], tasks: list[tuple[int, tuple[Any, ...]]]
) -> list[tuple[int, float, str]]:
    """On a worker: ``work(*a)`` for each ``(index, a)`` of ``tasks``, each record sent back as
    soon as it is made (on ``topic``: its index, the seconds it took and its JSON text), and
    all of them returned at the end."""
    import time

    from distributed import get_worker

    try:
        worker: Any = get_worker()
    except ValueError:  # (not on a worker: run inline)
        worker = None
    made = []
    for index, each in tasks:
        start = time.perf_counter()
        record = json.dumps(work(*each))
        one = (index, time.perf_counter() - start, record)
        made.append(one)
        if worker is not None:
            worker.log_event(topic, list(one))
    return made


def stream(
    client: Any, work: Callable[..., dict[str, Any]], arguments: list[tuple[Any, ...]]
) -> Iterator[dict[str, Any]]:
    """Every record of ``work(*a)`` over ``arguments`` once, as they come, run on the cluster in
    chunks sized by chunk_size from the seconds per task measured so far (a chunk that a dead
    worker took runs again elsewhere: its records heard before are not given again).
    SchedulerLost when the scheduler goes away."""
    import statistics
    import time
    from collections import deque

    topic = f"gridsat-{uuid.uuid4().hex}"
    heard: queue.Queue[tuple[str, Any]] = queue.Queue()
    client.subscribe_topic(topic, lambda event: heard.put(("record", event[1])))
    running: dict[int, tuple[Any, range]] = {}  # chunk -> (its future, its tasks' indexes)
    given: set[int] = set()  # the tasks whose record was given
    times: deque[float] = deque(maxlen=MEASURED)
    threads, asked = 1, -math.inf
    sent = 0  # tasks submitted so far

    def give(index: int, seconds: float, record: str) -> Iterator[dict[str, Any]]:
        times.append(seconds)
        if index not in given:
            given.add(index)
            yield json.loads(record)

    try:
        while sent < len(arguments) or running:
            if time.monotonic() - asked >= 1.0:  # (workers come and go)
                asked = time.monotonic()
                with contextlib.suppress(Exception):  # (the scheduler gone: said below)
                    threads = max(1, sum(client.nthreads().values()))
            while sent < len(arguments) and len(running) < IN_FLIGHT * threads:
                per_task = statistics.median(times) if times else None
                size = chunk_size(per_task, len(arguments) - sent, threads)
                indexes = range(sent, min(len(arguments), sent + size))
                part = [(i, arguments[i]) for i in indexes]
                future = client.submit(run_chunk, topic, work, part, pure=False)
                chunk = sent
                future.add_done_callback(lambda f, c=chunk: heard.put(("done", (c, f))))
                running[chunk] = (future, indexes)
                sent = indexes.stop
            try:
                kind, value = heard.get(timeout=1.0)
            except queue.Empty:
                if client.status not in ("running", "connecting"):
                    raise SchedulerLost from None
                continue
            if kind == "record":
                yield from give(*value)
                continue
            chunk, future = value
            indexes = running.pop(chunk)[1]
            if future.status == "finished":
                if not given.issuperset(indexes):  # (its last records not heard yet)
                    for one in future.result():
                        yield from give(*one)
            elif future.status == "cancelled" or client.status != "running":
                raise SchedulerLost
            else:  # a chunk that failed on every worker it was given to (KilledWorker)
                future.result()
    finally:
        for future, _ in running.values():
            if not future.done():
                future.cancel()
        with contextlib.suppress(Exception):  # (the scheduler gone)
            client.unsubscribe_topic(topic)


def workers_note(client: Any, every: float = 1.0) -> Callable[[], str]:
    """``N workers`` for a progress line, asked of the scheduler at most every ``every`` s."""
    import time

    last = [-math.inf, 0.0]

    def note() -> str:
        now = time.monotonic()
        if now - last[0] >= every:
            last[:] = [now, float(workers(client))]
        alive = int(last[1])
        return f"{alive} worker{'' if alive == 1 else 's'}"

    return note


class Topic:
    """Text sent from a task on a worker to the client that subscribed to ``name`` (picklable,
    so that it travels with the task)."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name or f"gridsat-{uuid.uuid4().hex}"

    def __call__(self, text: str) -> None:
        from distributed import get_worker

        with contextlib.suppress(ValueError):  # (not on a worker: nobody to tell)
            get_worker().log_event(self.name, text)


def in_order(
    client: Any,
    work: Callable[..., Any],
    arguments: list[tuple[Any, ...]],
    deadline: float | None,
    progress: Callable[[int, int, float], None] | None = None,
    topic: Topic | None = None,
    heard: Callable[[str], None] | None = None,
) -> Generator[Any, None, None]:
    """``work(*a)`` for each of ``arguments``, one task each on the cluster, the results in
    the order of ``arguments``; TimedOut past ``deadline`` (time.monotonic), SchedulerLost when
    the scheduler goes away. While it waits, ``progress`` hears the tasks finished (in any
    order), of how many, and the seconds since the start, and ``heard`` the texts the tasks
    send on ``topic``, in this thread. The tasks not yet done are cancelled at the end."""
    import time

    from .isolation import TimedOut

    start = time.monotonic()
    texts: queue.Queue[str] = queue.Queue()
    if topic is not None:
        client.subscribe_topic(topic.name, lambda event: texts.put(event[1]))
    finished: list[None] = []  # one per task done (appended from Dask's thread)
    futures = [client.submit(work, *each, pure=False) for each in arguments]
    for future in futures:
        future.add_done_callback(lambda _: finished.append(None))
    shown = -1

    def tell(given: int) -> None:
        nonlocal shown
        while not texts.empty():
            if heard is not None:
                heard(texts.get())
        done = max(len(finished), given)  # (a result given may not be counted yet)
        if progress is not None and done != shown:
            shown = done
            progress(done, len(futures), time.monotonic() - start)

    try:
        for given, future in enumerate(futures):
            while True:
                tell(given)
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise TimedOut
                try:
                    made = future.result(timeout=1.0 if left is None else min(1.0, left))
                    break
                except (KeyboardInterrupt, GeneratorExit):
                    raise
                except BaseException:  # (Dask's CancelledError is one: the scheduler gone)
                    if future.status not in ("error", "cancelled"):  # a second waited
                        if client.status not in ("running", "connecting"):
                            raise SchedulerLost from None
                        continue
                    if future.status == "cancelled" or client.status != "running":
                        raise SchedulerLost from None
                    raise
            tell(given + 1)
            yield made
    finally:
        for future in futures:
            if not future.done():
                future.cancel()
        if topic is not None:
            with contextlib.suppress(Exception):  # (the scheduler gone)
                client.unsubscribe_topic(topic.name)
