"""Work done in a forked child process, so that it can always be stopped: at a deadline, on
Ctrl-C, or when a native solver crashes. Native solvers hold the interpreter while they search,
and some (Kissat, Lingeling, CaDiCaL) cannot be interrupted at all; a child can be killed.
A child never outlives its parent, even one killed with SIGKILL (see ``die_with``)."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import struct
import sys
import time
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

# (pickle, select, tempfile and threading load when a child is started: a run that needs no
# child, ``pipeline.solve_quick``, imports this module for its names alone)

T = TypeVar("T")

_HEADER = struct.Struct("!Q")

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Signals that stop gridsat as Ctrl-C does: its children stopped and collected first."""

ORPHANED = 1
"""The exit code of a child that finds its parent gone."""

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>

THREAD_STACK = 256 * 1024
"""Bytes of stack for the threads a child with a memory limit starts (a solver's alarm): a
thread's stack is address space, and counts to the limit."""

_running: set[int] = set()
"""This process's children at work (see ``stop_children``)."""


class TimedOut(Exception):
    """The child was still working at its deadline, and was stopped."""


class Crashed(Exception):
    """The child died without an answer (a native crash, or killed from outside)."""


def can_isolate() -> bool:
    """Whether this platform can fork; where it cannot, work runs in this process."""
    return hasattr(os, "fork")


def default_memory_limit() -> int | None:
    """Three quarters of this machine's memory, in bytes: a runaway model stops short of it."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") * 3 // 4
    except (ValueError, OSError, AttributeError):
        return None


def run_isolated(
    work: Callable[[Callable[[Any], None]], T],
    timeout: float | None = None,
    on_message: Callable[[Any], None] | None = None,
    memory_limit: int | None = None,
    prepare: Callable[[], None] | None = None,
) -> T:
    """``work(send)`` in a child process; its return value or exception comes back here.

    ``send(x)`` passes ``x`` to ``on_message`` in this process as soon as it is sent, so what the
    child found before it was stopped is not lost. TimedOut after ``timeout`` seconds, Crashed
    when the child dies without an answer (with the first line it wrote to stderr); Ctrl-C here
    stops the child and is raised here. ``memory_limit`` caps the child's address space (bytes),
    after ``prepare()`` has made what must be made before (a thread: one started under a tight
    limit may fail halfway and never say so).
    """
    deliver = on_message or (lambda _: None)
    if not can_isolate():
        return work(deliver)
    heard = isolated(work, timeout, memory_limit, prepare)
    try:
        while True:
            deliver(next(heard))
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    finally:
        heard.close()  # (a ``deliver`` that raised: the child stopped and collected)


def isolated(
    work: Callable[[Callable[[Any], None]], T],
    timeout: float | None = None,
    memory_limit: int | None = None,
    prepare: Callable[[], None] | None = None,
) -> Generator[Any, None, T]:
    """``run_isolated`` as a generator, for a caller that hands each message on as it comes
    (``gridsat.solutions(isolate=True)``): it yields what the child sends and returns the value
    of ``work``; closing it stops the child and collects it. Needs ``can_isolate()``."""
    import tempfile

    for stream in (sys.stdout, sys.stderr):
        stream.flush()  # so the child does not inherit, and write out, the same buffered text
    with tempfile.TemporaryFile() as errors:
        read_fd, write_fd = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the child: never returns into the caller's code
            # The parent's objects kept out of the child's garbage collections: a collection
            # touches every object, which copies all the pages the child shares with the parent
            # (that doubled what a fork cost a small puzzle). The parent's collector is left
            # as it was.
            gc.freeze()
            die_with(parent)
            _running.clear()  # the parent's children, not this one's
            os.close(read_fd)
            # Python's own stderr stays the terminal (a log asked for, such as CP-SAT's); the
            # native libraries' complaints on fd 2 are kept for a crash report.
            sys.stderr = open(os.dup(2), "w", encoding="utf-8", errors="replace")  # noqa: SIM115
            os.dup2(errors.fileno(), 2)
            _child(work, write_fd, memory_limit, parent, prepare)
        _running.add(pid)
        os.close(write_fd)
        try:
            return (yield from _parent(pid, read_fd, timeout))  # type: ignore[no-any-return]
        except Crashed as e:
            errors.seek(0)
            lines = errors.read().decode("utf-8", "replace").strip().splitlines()
            raise Crashed(f"{e}: {lines[0][:200]}" if lines else str(e)) from None
        finally:
            _running.discard(pid)


def stop_children() -> None:
    """Kill and collect this process's children at work: for a process told to end at once
    (``os._exit``, no unwinding), so that none is left behind, not even as a zombie."""
    for pid in list(_running):
        _reap(pid)
        _running.discard(pid)


def die_with(parent: int) -> None:
    """End this process when ``parent`` ends, however it ends (SIGKILL included), so that no
    solver goes on alone at full CPU. Called first thing in a process ``parent`` started."""
    if not _parent_death_signal():  # where the kernel cannot do it: a thread that watches
        import threading

        threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the death signal was set
        os._exit(ORPHANED)


def _parent_death_signal() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies (prctl PR_SET_PDEATHSIG);
    False where that cannot be done."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return False
    return bool(prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)


def _watch(parent: int) -> None:
    """End this process once ``parent`` is gone (this process is then re-parented). Runs while
    the native solvers search: they let go of the interpreter."""
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(ORPHANED)


def _parent(pid: int, read_fd: int, timeout: float | None) -> Generator[Any, None, Any]:
    """The child's messages, then its value (returned) or exception; the child collected."""
    deadline = None if timeout is None else time.monotonic() + timeout
    status = None
    try:
        for kind, value in _frames(read_fd, deadline):
            if kind == "message":
                yield value
            elif kind == "return":
                return value
            else:
                raise value
        _, status = os.waitpid(pid, 0)  # the pipe closed with no answer: the child died
        raise Crashed(_death(status))
    finally:
        os.close(read_fd)
        if status is None:
            _reap(pid)


def _child(
    work: Callable[[Callable[[Any], None]], Any],
    fd: int,
    memory: int | None,
    parent: int,
    prepare: Callable[[], None] | None = None,
) -> None:
    """Run ``work``, sending its messages and then its result or exception down ``fd``."""
    import faulthandler
    import pickle

    code = 0
    try:
        if memory is not None:
            import threading

            threading.stack_size(THREAD_STACK)
        if prepare is not None:
            prepare()
        if memory is not None:
            import resource

            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard != resource.RLIM_INFINITY:
                memory = min(memory, hard)
            resource.setrlimit(resource.RLIMIT_AS, (memory, hard))
        faulthandler.disable()  # a crash is reported by the parent, not as a dump of our stack
        with contextlib.suppress(ValueError):  # ValueError: forked from a thread other than main
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent answers Ctrl-C, stops us
            for stop in STOP_SIGNALS:  # sent to the child itself, they end it
                signal.signal(stop, signal.SIG_DFL)

        def send(value: Any, kind: str = "message") -> None:
            if os.getppid() != parent:  # nobody to send to (where no death signal came)
                os._exit(ORPHANED)
            data = pickle.dumps((kind, value), protocol=pickle.HIGHEST_PROTOCOL)
            os.write(fd, _HEADER.pack(len(data)))
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]

        try:
            result = work(send)
        except BaseException as e:  # (every failure goes back to the parent)
            try:
                pickle.loads(pickle.dumps(e))
            except Exception:  # an exception that will not travel: its text will
                e = RuntimeError(f"{type(e).__name__}: {e}")
            send(e, "raise")
        else:
            send(result, "return")
    except MemoryError:  # no room left even to send the answer: said where the parent reads
        os.write(2, b"MemoryError: out of memory\n")
        code = 1
    except BaseException:  # (the pipe is gone: the parent stopped waiting)
        code = 1
    finally:
        os._exit(code)


def _frames(fd: int, deadline: float | None) -> Any:
    """(kind, value) frames read from ``fd`` until it closes; TimedOut at ``deadline``."""
    import pickle
    import select

    buffer = bytearray()
    while True:
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            raise TimedOut
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return
        buffer += chunk
        while len(buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(buffer)
            if len(buffer) < _HEADER.size + size:
                break
            frame = bytes(buffer[_HEADER.size : _HEADER.size + size])
            del buffer[: _HEADER.size + size]
            yield pickle.loads(frame)


def _reap(pid: int) -> None:
    """Stop the child if it still runs, and collect it."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)


def _death(status: int) -> str:
    """How the child ended, in words."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"killed by {name}"
    return f"exited with code {os.WEXITSTATUS(status)} before answering"


def stop_on(signals: Sequence[signal.Signals], received: list[signal.Signals]) -> dict[int, Any]:
    """Make each of ``signals`` (TERM, HUP) stop the program like Ctrl-C, noted in
    ``received``; the handlers they had. A later one while stopping is ignored."""

    def stop(number: int, frame: Any) -> None:
        received.append(signal.Signals(number))
        for each in signals:
            signal.signal(each, signal.SIG_IGN)
        raise KeyboardInterrupt

    previous: dict[int, Any] = {}
    for number in signals:
        with contextlib.suppress(ValueError):  # not the main thread: signals stay as they were
            previous[number] = signal.signal(number, stop)
    return previous
