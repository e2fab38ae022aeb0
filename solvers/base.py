"""The small interface every backend implements, and the statuses they all map to."""

from __future__ import annotations

import enum
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..models.model import Assignment, IntVar, Lit, Model


class Status(str, enum.Enum):
    """Every status gridsat speaks of, one enum: what a solver call found (SOLVED, UNSOLVABLE,
    TIMEOUT), what a run found, and how a run of compare or bench ended. The values are the
    words of the JSON output."""

    SOLVED = "solved"  # a solution (a solver call: satisfiable)
    UNIQUE = "unique"  # one solution, and the proof there is no other
    MULTIPLE = "multiple"  # two or more
    UNSOLVABLE = "unsolvable"  # none (a solver call: unsatisfiable)
    TIMEOUT = "timeout"  # stopped by the time limit before it could tell
    OUT_OF_MEMORY = "out-of-memory"  # stopped by the memory limit
    UNAVAILABLE = "unavailable"  # the backend cannot run here
    ERROR = "error"  # a backend failed, or a checker refused its answer
    BAD_INPUT = "bad-input"  # the puzzle could not be read

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


FOUND = (Status.SOLVED, Status.UNIQUE, Status.MULTIPLE)
"""The statuses of a run that found a solution."""
FINISHED = (*FOUND, Status.UNSOLVABLE)
"""The statuses of a run that found its answer (not stopped by a limit or a failure)."""


@dataclass(frozen=True, slots=True)
class Result:
    """A status, and the assignment when there is one."""

    status: Status
    assignment: Assignment | None = None
    stats: dict[str, int] = field(default_factory=dict)


class UnknownParameter(ValueError):
    """A parameter the backend does not have (a bad value of one it has is a ValueError)."""


class Unfinished(Exception):
    """A search in process (``Session.in_process``) that did not end in the time it had there."""


class BackendError(RuntimeError):
    """A backend could not load or failed while solving."""


def raise_if_interrupted(error: ImportError) -> None:
    """Re-raise the Ctrl-C or stop signal that broke a solver library's import: a compiled
    module stopped while it starts says ImportError('initialization failed'), which must not
    read as a library that is not installed."""
    cause = error.__cause__ or error.__context__
    if isinstance(cause, KeyboardInterrupt):
        raise cause


class Session(ABC):
    """A model loaded into one solver, asked again and again (incrementally where it can)."""

    effort: int | None = None
    """A budget per call that does not depend on the machine (SAT: conflicts; CP-SAT on one
    worker: deterministic time in milliseconds), where the backend has one; UNKNOWN past it."""

    in_process: float | None = None
    """For a run in the gridsat process itself (no child to kill): the seconds each call may
    search there, in native calls that return often enough for a stop signal to be answered,
    before it raises Unfinished (the search then goes on in a child, unsliced); set only on a
    backend whose sessions honour it (``Backend.slices``)."""

    @abstractmethod
    def solve(self, time_limit: float | None = None) -> Result:
        """The next solution, or why there is none."""

    @abstractmethod
    def exclude(self, assignment: Assignment, among: Sequence[Lit | IntVar] | None = None) -> None:
        """Forbid this assignment's values of the model's answer variables (or of ``among``,
        some of them): the next solution differs from it in at least one of them."""

    def enumerate(self, limit: int, time_limit: float | None = None) -> Iterator[Result]:
        """Up to ``limit`` solutions distinct on the answer variables, then (if the search ended
        before the limit) the result that ended it: UNSAT when all were found, or UNKNOWN."""
        deadline = None if time_limit is None else time.monotonic() + time_limit
        for found in range(limit):
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            result = self.solve(remaining)
            yield result
            if result.status is not Status.SOLVED or result.assignment is None:
                return
            if found + 1 < limit:
                self.exclude(result.assignment)

    def received(self) -> dict[str, int]:
        """The size of what the solver was given (its own counts), for ``--stats``."""
        return {}

    def close(self) -> None:  # noqa: B027  (a no-op unless the backend holds native memory)
        """Free the native solver."""

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Backend(ABC):
    """A solver family behind one name: declares what it can do and opens sessions."""

    name: str
    family: str
    capabilities: frozenset[str] = frozenset()
    slices: bool = False
    """Whether its sessions honour ``Session.in_process``: a run on it can then be searched
    in the gridsat process itself, its signals answered (``pipeline.solve_quick``)."""

    @abstractmethod
    def unavailable(self) -> str | None:
        """Why this backend cannot run here, or None when it can."""

    @abstractmethod
    def open(self, model: Model, params: Mapping[str, str] | None = None) -> Session:
        """Load ``model`` into a fresh solver set by ``params`` (``--param KEY=VALUE``, as
        text; ValueError naming a bad one, as ``parameters`` does)."""

    def before_limit(self) -> None:
        """What a search with a deadline needs made before a memory limit is set (a thread,
        which under a tight limit may fail halfway): nothing, unless the backend says."""
        return None

    def loads_in_python(self, model: Model, params: Mapping[str, str] | None) -> bool:
        """Whether ``open`` runs only Python code on this model: then it raises MemoryError at
        the memory limit (a native encoder's failed allocation may abort the process)."""
        return False

    def parameters(self, params: Mapping[str, str]) -> dict[str, Any]:
        """``params`` checked and typed, or ValueError naming the first bad one: a backend
        takes none unless it says which."""
        for key in params:
            raise UnknownParameter(f"backend {self.name} takes no parameter {key!r}")
        return {}

    def solve(
        self, model: Model, time_limit: float | None = None, params: Mapping[str, str] | None = None
    ) -> Result:
        """One solution of ``model``, or why there is none."""
        with self.open(model, params) as session:
            return session.solve(time_limit)
