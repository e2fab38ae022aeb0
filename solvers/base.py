"""The small interface every backend implements, and the statuses they all map to."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from ..models.model import Assignment, Model


class Status(enum.Enum):
    """What one solver call found."""

    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"  # stopped by the time limit


@dataclass(frozen=True)
class Result:
    """A status, and the assignment when there is one."""

    status: Status
    assignment: Assignment | None = None
    stats: dict[str, int] = field(default_factory=dict)


class BackendError(RuntimeError):
    """A backend could not load or failed while solving."""


class Session(ABC):
    """A model loaded into one solver, asked again and again (incrementally where it can)."""

    @abstractmethod
    def solve(self, time_limit: float | None = None) -> Result:
        """The next solution, or why there is none."""

    @abstractmethod
    def exclude(self, assignment: Assignment) -> None:
        """Forbid this assignment's values of the model's answer variables."""

    def close(self) -> None:
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

    @abstractmethod
    def unavailable(self) -> str | None:
        """Why this backend cannot run here, or None when it can."""

    @abstractmethod
    def open(self, model: Model) -> Session:
        """Load ``model`` into a fresh solver."""

    def solve(self, model: Model, time_limit: float | None = None) -> Result:
        """One solution of ``model``, or why there is none."""
        with self.open(model) as session:
            return session.solve(time_limit)

