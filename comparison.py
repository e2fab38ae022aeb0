"""One puzzle on many backends and encodings: timed phases, and a check that they all agree."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .pipeline import CheckFailed, OutOfMemory, solve_isolated, stats_json
from .registry import Genre
from .solvers import FINISHED, FOUND, Backend, BackendError, Status

PHASES = ("parse", "build", "solve", "unique")
LIMITS = (Status.TIMEOUT, Status.OUT_OF_MEMORY)
"""The statuses of a run stopped by its time or memory limit: a result, not a disagreement."""
STATUSES = (*FINISHED, *LIMITS, Status.UNAVAILABLE, Status.ERROR)


@dataclass(slots=True)
class Run:
    """One backend and encoding: its status, median phase times (seconds), answer or error.

    ``times`` holds only the phases the run reached; a phase a limit cut short has its time up
    to the cut, and a phase never reached is absent (not 0)."""

    backend: str
    encoding: str
    status: Status  # one of STATUSES
    times: dict[str, float] = field(default_factory=dict)
    solution: Any = None
    error: str | None = None
    stats: dict[str, dict[str, int]] = field(default_factory=dict)  # of its first run

    @property
    def total(self) -> float:
        """Seconds over the phases reached (for a run cut by a limit: a lower bound)."""
        return sum(self.times.values()) if self.times else float("inf")


def reached(times: dict[str, float], found: bool) -> dict[str, float]:
    """The phases a run reached, of the times it recorded: the uniqueness search starts only
    from a first solution (``found``), whatever placeholder the run left for it."""
    return {k: times[k] for k in PHASES if k in times and (k != "unique" or found)}


def order(run: Run) -> tuple[int, float]:
    """Fastest first: runs that finished, then runs stopped by a limit, then the rest."""
    rank = 0 if run.status in FINISHED else 1 if run.status in LIMITS else 2
    return rank, run.total


def compare(
    genre: Genre[Any, Any],
    puzzle: Any,
    backends: list[Backend],
    encodings: list[str],
    repeat: int = 3,
    time_limit: float | None = None,
    memory_limit: int | None = -1,
    load: Callable[[dict[str, float]], Any] | None = None,
    progress: Callable[[Run, int, int], None] | None = None,
    params: Mapping[str, Mapping[str, str]] | None = None,
) -> tuple[list[Run], list[str]]:
    """Every backend x encoding, each run in a fresh solver ``repeat`` times, fastest first;
    and the disagreements found (empty when all answers match). ``load`` reads the puzzle
    again in each run (timed as its parse phase, under the time limit); ``progress`` hears
    each backend and encoding as it finishes, with how many are done and of how many;
    ``params`` are each backend's ``--param`` pairs, by its name."""
    runs: list[Run] = []
    total = len(backends) * len(encodings)
    for backend in backends:
        reason = backend.unavailable()
        for encoding in encodings:
            if reason:
                run = Run(backend.name, encoding, Status.UNAVAILABLE, error=reason)
            else:
                run = _measure(
                    genre, puzzle, backend, encoding, repeat, time_limit, memory_limit, load,
                    (params or {}).get(backend.name),
                )  # fmt: skip
            runs.append(run)
            if progress:
                progress(run, len(runs), total)
    runs.sort(key=order)
    return runs, disagreements(genre, puzzle, runs)


def _measure(
    genre: Genre[Any, Any],
    puzzle: Any,
    backend: Backend,
    encoding: str,
    repeat: int,
    time_limit: float | None,
    memory_limit: int | None = -1,
    load: Callable[[dict[str, float]], Any] | None = None,
    params: Mapping[str, str] | None = None,
) -> Run:
    """``repeat`` fresh runs of one pair (a run that reaches the time limit is not repeated:
    the next would only wait as long); the most frequent status, and the median times of the
    runs that had it, phase by phase over those that reached the phase."""
    samples: list[tuple[Status, dict[str, float]]] = []
    stats: dict[Status, dict[str, dict[str, int]]] = {}  # of the first run of each status
    solution = None
    for _ in range(repeat):
        times: dict[str, float] = {}
        try:
            outcome = solve_isolated(
                genre,
                backend,
                encoding,
                puzzle=puzzle,
                load=load,
                limit=2,
                time_limit=time_limit,
                times=times,
                memory_limit=memory_limit,
                params=params,
            )
        except OutOfMemory as e:  # a limit reached, like a timeout: not a disagreement
            return Run(backend.name, encoding, Status.OUT_OF_MEMORY, error=str(e))
        except (BackendError, CheckFailed) as e:
            return Run(backend.name, encoding, Status.ERROR, error=str(e))
        samples.append((outcome.status, reached(times, bool(outcome.solutions))))
        stats.setdefault(outcome.status, stats_json(outcome))
        if outcome.solutions:
            solution = outcome.solutions[0]
        if outcome.status == Status.TIMEOUT:
            break
    status = Counter(s for s, _ in samples).most_common(1)[0][0]
    alike = [t for s, t in samples if s == status]
    medians = {
        k: statistics.median(t[k] for t in alike if k in t)
        for k in PHASES
        if any(k in t for t in alike)
    }
    return Run(backend.name, encoding, status, medians, solution, stats=stats[status])


def progress_line(run: Run, done: int, total: int) -> str:
    """One backend and encoding as it finishes, for a person watching: status and time."""
    head = f"[{done}/{total}] {run.backend}/{run.encoding}: {run.status}"
    if not run.times:
        return head
    seconds = run.total
    took = f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.1f} s"
    return f"{head} after {took}" if run.status in LIMITS else f"{head} in {took}"


def plot(runs: list[Run], path: str, title: str) -> None:
    """The median phase times as stacked bars, one per backend and encoding (PNG or SVG); a
    run stopped by a limit is marked so, its bar the phases it reached."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    timed = [r for r in runs if r.times]
    labels = [
        f"{r.backend} {r.encoding}" + (f" ({r.status})" if r.status in LIMITS else "")
        for r in timed
    ]
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(timed) + 1.5))
    left = [0.0] * len(timed)
    for phase in PHASES:
        widths = [r.times.get(phase, 0.0) * 1000 for r in timed]
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
    found = [f"{r.backend}/{r.encoding}: {r.error}" for r in runs if r.status == Status.ERROR]
    settled = [r for r in runs if r.status in FINISHED]
    solved = set(FOUND)
    kinds = {r.status for r in settled if r.status != Status.SOLVED}
    if len(kinds) > 1:
        found.append(
            "statuses differ: " + ", ".join(f"{r.backend}/{r.encoding} {r.status}" for r in settled)
        )
    elif any(r.status in solved for r in settled) and any(
        r.status == Status.UNSOLVABLE for r in settled
    ):
        found.append("some found a solution and some found none")
    if kinds == {Status.UNIQUE}:
        first = next(r for r in settled if r.status == Status.UNIQUE)
        for r in settled:
            if r.solution is not None and r.solution != first.solution:
                cells = genre.differences(puzzle, first.solution, r.solution)
                found.append(
                    f"{r.backend}/{r.encoding} and {first.backend}/{first.encoding} "
                    f"give different unique answers (at {' '.join(cells[:8])})"
                )
    return found
