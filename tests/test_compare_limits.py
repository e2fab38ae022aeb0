"""gridsat compare under time limits: a run cut in any phase, on any genre and backend, is a
result (status timeout, the phases it reached, the others missing), never a crash."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, gridsat, gridsat_process
from gridsat import pipeline
from gridsat.cli import main
from gridsat.comparison import FINISHED, PHASES, STATUSES, Run, compare
from gridsat.models.model import Model
from gridsat.registry import Genre, all_genres, get_genre
from gridsat.solvers import Backend, Result, Session, get_backend
from gridsat.views import compare_json as _compare_json
from gridsat.views import compare_table as _compare_table

BACKENDS = ("cpsat:1", "sat:cadical195")


def stall() -> Any:
    """Wait for ever: the phase that calls this is only ever ended by the time limit."""
    threading.Event().wait()


class Stalling(Backend):
    """A test double: a real backend whose session stalls on its ``at``-th call (0: the first
    solution, the solve phase; 1: the second, the uniqueness phase)."""

    def __init__(self, inner: Backend, at: int | None) -> None:
        self.inner, self.at = inner, at
        self.name, self.family = inner.name, inner.family
        self.capabilities = inner.capabilities

    def unavailable(self) -> str | None:
        return self.inner.unavailable()

    def open(self, model: Model, params: Any = None) -> Session:
        # A genre's own parameters (magic's, on CP-SAT) reach the real backend as they would.
        inner, at = self.inner.open(model, params), self.at

        class Stalls(Session):
            calls = 0

            def solve(self, time_limit: float | None = None) -> Result:
                if self.calls == at:
                    stall()
                self.calls += 1
                return inner.solve(None)  # the real answer, however long the limit

            def exclude(self, assignment: Any, among: Sequence[Any] | None = None) -> None:
                inner.exclude(assignment, among)

            def close(self) -> None:
                inner.close()

        return Stalls()


def stalled(genre: Genre, backend: str, phase: str) -> tuple[Genre, Backend]:
    """The genre and backend, with ``phase`` stalling."""
    if phase == "parse":
        # Both readers stall: a genre whose example is a puzz.link URL reads it with parse_url.
        reader = lambda *_, **__: stall()  # noqa: E731
        genre = dataclasses.replace(
            genre, parse=reader, parse_url=reader if genre.parse_url else None
        )
    elif phase == "build":
        genre = dataclasses.replace(genre, build=lambda *_, **__: stall())
    at = {"solve": 0, "unique": 1}.get(phase)
    return genre, Stalling(get_backend(backend), at)


def warm_up(genre: Genre, puzzle: Any, backend: str) -> None:
    """Solve once here, so the runs' child processes start with the genre's modules and the
    solver library loaded (on a busy machine, importing OR-tools alone can pass the limit)."""
    pipeline.solve(genre, puzzle, get_backend(backend), genre.default_encoding)


def well_formed(run: Run | dict[str, Any]) -> None:
    """A run's status is one of the documented ones; the phases it reached come in order, the
    first ones; a run that finished reached every phase its answer needed."""
    if isinstance(run, Run):
        status, reached = run.status, list(run.times)
    else:
        status = run["status"]
        assert list(run["times"]) == list(PHASES)  # every phase, null when not reached
        reached = [k for k, v in run["times"].items() if v is not None]
        assert all(run["times"][k] >= 0 for k in reached)
    assert status in STATUSES
    assert reached == list(PHASES[: len(reached)]), reached
    if status in FINISHED:
        found = status in ("unique", "multiple", "solved")
        assert reached == list(PHASES[: 4 if found else 3])


@pytest.fixture
def short_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stalled run is stopped 0.05 s past its limit instead of 0.5 s: the same path, faster."""
    monkeypatch.setattr(pipeline, "GRACE", 0.05)


def _stall_cases() -> list[Any]:
    """Every genre x phase x backend; in the fast run, two of each genre's eight, turn about
    (each phase on each backend in every four genres in a row: the cut is the pipeline's, the
    genre only what runs before it)."""
    return [
        pytest.param(
            g,
            phase,
            backend,
            id=f"{g.name}-{phase}-{backend}",
            marks=[pytest.mark.slow] if (i * len(BACKENDS) + j + k) % 4 else [],
        )
        for k, g in enumerate(all_genres())
        for i, phase in enumerate(PHASES)
        for j, backend in enumerate(BACKENDS)
    ]


@pytest.mark.parametrize("genre, phase, backend", _stall_cases())
def test_a_run_cut_in_any_phase_is_a_timeout_with_the_phases_it_reached(
    genre: Genre, phase: str, backend: str, short_grace: None, tmp_path: Path
) -> None:
    text = genre.example
    puzzle = genre.parse(text)
    warm_up(genre, puzzle, backend)
    double, stalling = stalled(genre, backend, phase)
    runs, problems = compare(
        double,
        puzzle,
        [stalling],
        [genre.default_encoding],
        repeat=2,
        time_limit=0.3,
        load=lambda times: pipeline.parse(double, text, times),
    )
    assert problems == []
    [run] = runs
    well_formed(run)
    # Cut in the stalled phase: it has its time up to the cut; the ones after it are missing.
    assert run.status == "timeout"
    assert list(run.times) == list(PHASES[: PHASES.index(phase) + 1])
    assert run.times[phase] > 0
    # The table, the JSON and the picture all show it as it is.
    row = _compare_table(runs).splitlines()[1]
    cells = row.split()[3:7]  # backend, encoding, status, then one cell a phase
    assert row.split()[2] == "timeout"
    assert [c == "-" for c in cells] == [k not in run.times for k in PHASES]
    answer = json.loads(json.dumps(_compare_json(genre, runs, problems, 0.3)))
    well_formed(answer["results"][0])
    assert [answer["results"][0]["times"][k] is None for k in PHASES] == [
        k not in run.times for k in PHASES
    ]


def test_a_stalled_run_beside_finished_ones_is_no_disagreement(short_grace: None) -> None:
    genre = get_genre("signpost")
    puzzle = genre.parse(genre.example)
    warm_up(genre, puzzle, "cpsat:1")
    warm_up(genre, puzzle, "sat:cadical195")
    _, stalling = stalled(genre, "sat:cadical195", "unique")
    runs, problems = compare(
        genre, puzzle, [stalling, get_backend("cpsat:1")], ["position"], repeat=1, time_limit=0.3
    )
    assert problems == []
    assert [r.status for r in runs] == ["unique", "timeout"]  # the finished run first
    table = _compare_table(runs).splitlines()
    assert table[1].split()[-1] == "1.00" and table[2].split()[-1].startswith(">")


def sources(genre: Genre) -> list[str]:
    """The genre's example and its bundled puzzles."""
    return [genre.example, *map(str, sorted((DATA / genre.data).glob("*.txt")))]


def _source_cases(fast: Callable[[str, str], bool] = lambda source, limit: True) -> list[Any]:
    """Each genre's sources at each tiny limit; in the fast run, those ``fast`` names."""
    return [
        pytest.param(
            g,
            s,
            limit,
            id=f"{limit}-{g.name}-{Path(s).name if s.endswith('.txt') else 'example'}",
            marks=[] if fast(s, limit) else [pytest.mark.slow],
        )
        for limit in ("0.001", "0.05")
        for g in all_genres()
        for s in sources(g)
    ]


def _telling(source: str, limit: str) -> bool:
    """The example at every limit, and the puzzles of no solution and of several at the longer
    one (their outcomes are statuses of their own); the other bundled puzzles in the slow run."""
    outcome = {"multiple", "unsolvable"} & set(Path(source).stem.split("-"))
    return not source.endswith(".txt") or (limit == "0.05" and bool(outcome))


@pytest.mark.parametrize("genre, source, limit", _source_cases(_telling))
def test_compare_under_tiny_limits_is_well_formed_on_every_genre(
    genre: Genre, source: str, limit: str, short_grace: None, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "compare",
        genre.name,
        source,
        "--backends",
        ",".join(BACKENDS),
        "--time-limit",
        limit,
        "--repeat",
        "1",
        "--encodings",
        genre.default_encoding,
        "--json",
    ]
    code = main(args)
    answer = json.loads(capsys.readouterr().out)
    assert (code, answer["agree"], answer["disagreements"]) == (0, True, [])
    assert len(answer["results"]) == len(BACKENDS)
    for run in answer["results"]:
        well_formed(run)


@pytest.mark.slow
@pytest.mark.parametrize(
    "genre, source",
    [
        pytest.param(g, s, id=f"{g.name}-{Path(s).name if s.endswith('.txt') else 'example'}")
        for g in all_genres()
        for s in sources(g)
    ],
)
@pytest.mark.parametrize("limit", ["0.01", "0.1", "0.3"])
def test_compare_under_small_limits_on_every_encoding(
    genre: Genre, source: str, limit: str, short_grace: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "compare",
            genre.name,
            source,
            "--backends",
            ",".join(BACKENDS),
            "--time-limit",
            limit,
            "--repeat",
            "2",
            "--json",
        ]
    )
    answer = json.loads(capsys.readouterr().out)
    assert (code, answer["agree"]) == (0, True)
    for run in answer["results"]:
        well_formed(run)


def empty_board(n: int) -> str:
    return "\n".join("[" + ", ".join("_" * n) + "]" for _ in range(n))


def test_a_sat_run_past_its_limit_is_a_result(tmp_path: Path) -> None:
    run = gridsat(
        "compare",
        "numbrix",
        "-",
        "--time-limit",
        "0.2",
        "--encodings",
        "position",
        "--backends",
        "sat:cadical195,cpsat:1",
        "--json",
        stdin=empty_board(25),
    )
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["agree"] and {r["status"] for r in answer["results"]} == {"timeout"}
    for result in answer["results"]:
        well_formed(result)
        assert result["times"]["unique"] is None  # no first solution: never reached


def test_runs_past_their_limit_in_the_table_and_the_plot(
    tmp_path: Path, short_grace: None, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    board, picture = tmp_path / "empty.txt", tmp_path / "phases.svg"
    board.write_text(empty_board(25))
    code = main(
        [
            "compare",
            "numbrix",
            str(board),
            "--time-limit",
            "0.1",
            "--repeat",
            "1",
            "--backends",
            "sat:cadical195,cpsat:1",
            "--plot",
            str(picture),
        ]
    )
    assert code == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert len(rows) == 4
    for row in rows:
        cells = row.split()
        assert cells[2] == "timeout" and cells[-2].startswith(">") and cells[6] == "-"
    assert picture.read_bytes().count(b"(timeout)") == 4


@pytest.mark.slow
def test_the_empty_magic_board_past_its_limit() -> None:
    run = gridsat(
        "compare",
        "magic",
        "-",
        "--time-limit",
        "3",
        "--repeat",
        "1",
        "--backends",
        "cpsat:1,sat:cadical195",
        "--json",
        stdin=empty_board(8),
    )
    assert run.returncode == 0, run.stderr
    for result in json.loads(run.stdout)["results"]:
        well_formed(result)


def test_a_sat_search_with_a_deadline_under_a_tiny_memory_limit_never_waits_for_it() -> None:
    # With CP-SAT loaded first, python-sat's time-limit thread began in the child under the
    # limit and failed halfway: its start waited for ever, and the run ended at its time limit
    # as a timeout. The alarm thread is made before the limit: each run ends on its own, found
    # or out of memory.
    done = gridsat_process(  # a fresh process: what it has loaded and where its memory stands
        "compare", "sudoku", str(DATA / "sudoku" / "x.txt"),
        "-b", "cpsat:1,sat:minisat22,sat:glucose4", "-e", "sums", "--memory-limit", "0.001",
        "--repeat", "1", "-t", "30", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    statuses = {r["backend"]: r["status"] for r in json.loads(done.stdout)["results"]}
    assert set(statuses) == {"cpsat:1", "sat:minisat22", "sat:glucose4"}
    assert set(statuses.values()) <= {"unique", "out-of-memory"}, statuses


def test_the_sat_alarm_acts_at_its_deadline_and_not_after_its_block() -> None:
    import time

    from gridsat.solvers.sat import _Alarm

    alarm = _Alarm()
    fired = threading.Event()
    with alarm.at(time.monotonic(), fired.set):
        assert fired.wait(60)
    late: list[str] = []
    with alarm.at(time.monotonic() + 3600, lambda: late.append("outer")):
        inner = threading.Event()  # armed while busy: a Timer of its own does it
        with alarm.at(time.monotonic(), inner.set):
            assert inner.wait(60)
    with alarm.at(time.monotonic() + 3600, lambda: late.append("again")):
        pass
    assert late == []
