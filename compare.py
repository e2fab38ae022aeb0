"""One puzzle on many backends and encodings: timed phases, and a check that they all agree."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .genres import Genre
from .pipeline import CheckFailed, OutOfMemory, solve_isolated
from .solvers import Backend, BackendError

PHASES = ("build", "solve", "unique")


@dataclass
class Run:
    """One backend and encoding: its status, median phase times (seconds), answer or error."""

    backend: str
    encoding: str
    # solved | unique | multiple | unsolvable | timeout | out-of-memory | unavailable | error
    status: str
    times: dict[str, float] = field(default_factory=dict)
    solution: Any = None
    error: str | None = None

    @property
    def total(self) -> float:
        return sum(self.times.values()) if self.times else float("inf")


def compare(
    genre: Genre[Any, Any],
    puzzle: Any,
    backends: list[Backend],
    encodings: list[str],
    repeat: int = 3,
    time_limit: float | None = None,
    memory_limit: int | None = -1,
) -> tuple[list[Run], list[str]]:
    """Every backend x encoding, each run in a fresh solver ``repeat`` times, fastest first;
    and the disagreements found (empty when all answers match)."""
    runs = []
    for backend in backends:
        reason = backend.unavailable()
        for encoding in encodings:
            if reason:
                runs.append(Run(backend.name, encoding, "unavailable", error=reason))
                continue
            runs.append(
                _measure(genre, puzzle, backend, encoding, repeat, time_limit, memory_limit)
            )
    runs.sort(key=lambda r: r.total)
    return runs, disagreements(genre, puzzle, runs)


def _measure(
    genre: Genre[Any, Any],
    puzzle: Any,
    backend: Backend,
    encoding: str,
    repeat: int,
    time_limit: float | None,
    memory_limit: int | None = -1,
) -> Run:
    """``repeat`` fresh runs of one pair; the most frequent status, median times."""
    statuses: list[str] = []
    samples: list[dict[str, float]] = []
    solution = None
    for _ in range(repeat):
        times: dict[str, float] = {}
        try:
            outcome = solve_isolated(
                genre,
                backend,
                encoding,
                puzzle=puzzle,
                limit=2,
                time_limit=time_limit,
                times=times,
                memory_limit=memory_limit,
            )
        except OutOfMemory as e:  # a limit reached, like a timeout: not a disagreement
            return Run(backend.name, encoding, "out-of-memory", error=str(e))
        except (BackendError, CheckFailed) as e:
            return Run(backend.name, encoding, "error", error=str(e))
        statuses.append(outcome.status)
        samples.append({k: times[k] for k in PHASES})
        if outcome.solutions:
            solution = outcome.solutions[0]
    medians = {k: statistics.median(s[k] for s in samples) for k in PHASES}
    status = Counter(statuses).most_common(1)[0][0]
    return Run(backend.name, encoding, status, medians, solution)


def plot(runs: list[Run], path: str, title: str) -> None:
    """The median phase times as stacked bars, one per backend and encoding (PNG or SVG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    timed = [r for r in runs if r.times]
    labels = [f"{r.backend} {r.encoding}" for r in timed]
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(timed) + 1.5))
    left = [0.0] * len(timed)
    for phase in PHASES:
        widths = [r.times[phase] * 1000 for r in timed]
        ax.barh(labels, widths, left=left, label=phase)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.invert_yaxis()
    ax.set_xlabel("milliseconds (median)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def disagreements(genre: Genre[Any, Any], puzzle: Any, runs: list[Run]) -> list[str]:
    """What the runs disagree on: a status, the one answer of a unique puzzle, or an error."""
    found = [f"{r.backend}/{r.encoding}: {r.error}" for r in runs if r.status == "error"]
    settled = [r for r in runs if r.status in ("solved", "unique", "multiple", "unsolvable")]
    solved = {"solved", "unique", "multiple"}
    kinds = {r.status for r in settled if r.status != "solved"}
    if len(kinds) > 1:
        found.append(
            "statuses differ: " + ", ".join(f"{r.backend}/{r.encoding} {r.status}" for r in settled)
        )
    elif any(r.status in solved for r in settled) and any(
        r.status == "unsolvable" for r in settled
    ):
        found.append("some found a solution and some found none")
    if kinds == {"unique"}:
        first = next(r for r in settled if r.status == "unique")
        for r in settled:
            if r.solution is not None and r.solution != first.solution:
                cells = genre.differences(puzzle, first.solution, r.solution)
                found.append(
                    f"{r.backend}/{r.encoding} and {first.backend}/{first.encoding} "
                    f"give different unique answers (at {' '.join(cells[:8])})"
                )
    return found
