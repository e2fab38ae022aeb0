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
from collections.abc import Callable, Generator, Iterator
from typing import Any

INSTALL = "pip install 'gridsat[cluster]'"

CHUNK = 16
"""Most bench tasks (puzzle x backend x encoding) shipped to a worker at once: Dask's cost of a
task (a few ms, see benchmarks/bench_cluster.py) is then a small share of a chunk's time."""

CONNECT_SECONDS = 10
"""How long to try to reach a scheduler, and to reach it again after losing it."""


class ClusterError(Exception):
    """The cluster cannot be used: the extra is missing, or the address is wrong or unreachable
    (a usage error, exit 2)."""


class SchedulerLost(Exception):
    """The scheduler went away during the run; what finished before is kept."""


def connect(address: str) -> Any:
    """A Dask client for ``local:N`` (a local cluster of N worker processes, one thread each)
    or ``tcp://host:port`` (a running scheduler)."""
    try:  # (a module seen as Any: Dask's calls are not all typed)
        distributed: Any = importlib.import_module("distributed")
    except ImportError as e:
        raise ClusterError(f"--cluster needs dask and distributed: {INSTALL}") from e
    _quiet()
    if address.startswith("local:"):
        number = address.removeprefix("local:")
        if not (number.isascii() and number.isdigit()) or not 0 < int(number) <= 1024:
            raise ClusterError(f"--cluster {address!r}: local:N takes N worker processes, 1-1024")
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
    try:
        return distributed.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, ValueError) as e:
        raise ClusterError(f"--cluster: no Dask scheduler reached at {address} ({e})") from e


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


def chunk_size(tasks: int, threads: int) -> int:
    """Tasks per chunk: about four chunks per worker thread, so the last ones are spread, and
    at most CHUNK."""
    return max(1, min(CHUNK, math.ceil(tasks / max(1, 4 * threads))))


def run_chunk(
    topic: str, work: Callable[..., dict[str, Any]], arguments: list[tuple[Any, ...]]
) -> list[str]:
    """On a worker: ``work(*a)`` for each of ``arguments``, each record sent back as soon as it
    is made (on ``topic``, JSON text) and all of them returned at the end."""
    from distributed import get_worker

    try:
        worker: Any = get_worker()
    except ValueError:  # (not on a worker: run inline)
        worker = None
    records = []
    for each in arguments:
        record = json.dumps(work(*each))
        records.append(record)
        if worker is not None:
            worker.log_event(topic, record)
    return records


def stream(
    client: Any, work: Callable[..., dict[str, Any]], arguments: list[tuple[Any, ...]], size: int
) -> Iterator[dict[str, Any]]:
    """Every record of ``work(*a)`` over ``arguments``, run on the cluster in chunks of
    ``size``, as they come (each at least once: a chunk that a dead worker took runs again
    elsewhere, and its records that came before may come again; the caller keeps each once).
    SchedulerLost when the scheduler goes away."""
    topic = f"gridsat-{uuid.uuid4().hex}"
    heard: queue.Queue[tuple[str, Any]] = queue.Queue()
    client.subscribe_topic(topic, lambda event: heard.put(("record", event[1])))
    chunks = [arguments[i : i + size] for i in range(0, len(arguments), size)]
    futures: list[Any] = []
    try:
        for part in chunks:
            future = client.submit(run_chunk, topic, work, part, pure=False)
            future.add_done_callback(lambda f: heard.put(("done", f)))
            futures.append(future)
        left = len(futures)
        while left:
            try:
                kind, value = heard.get(timeout=1.0)
            except queue.Empty:
                if client.status not in ("running", "connecting"):
                    raise SchedulerLost from None
                continue
            if kind == "record":
                yield json.loads(value)
                continue
            left -= 1
            if value.status == "finished":
                for record in value.result():
                    yield json.loads(record)
            elif value.status == "cancelled" or client.status != "running":
                raise SchedulerLost
            else:  # a chunk that failed on every worker it was given to (KilledWorker)
                value.result()
    finally:
        for future in futures:
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


def in_order(
    client: Any, work: Callable[..., Any], arguments: list[tuple[Any, ...]], deadline: float | None
) -> Generator[Any, None, None]:
    """``work(*a)`` for each of ``arguments``, one task each on the cluster, the results in
    the order of ``arguments``; TimedOut past ``deadline`` (time.monotonic), SchedulerLost when
    the scheduler goes away. The tasks not yet done are cancelled at the end."""
    import time

    from distributed import TimeoutError as DaskTimeout

    from .isolation import TimedOut

    futures = [client.submit(work, *each, pure=False) for each in arguments]
    try:
        for future in futures:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                yield future.result(timeout=left)
            except (DaskTimeout, TimeoutError):
                raise TimedOut from None
            except (KeyboardInterrupt, GeneratorExit):
                raise
            except BaseException:  # (Dask's CancelledError is one: the scheduler gone)
                if future.status == "cancelled" or client.status != "running":
                    raise SchedulerLost from None
                raise
    finally:
        for future in futures:
            if not future.done():
                future.cancel()
