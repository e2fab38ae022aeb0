"""--stats and --param: the figures cross-checked against what the solvers were given, and
parameters that reach the backend (or fail on one line)."""

from __future__ import annotations

import contextlib
import json
from typing import Any, ClassVar

import pytest

from conftest import DATA
from gridsat.cli import main
from gridsat.models.model import Model
from gridsat.pipeline import solve, stats_json
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

X_SUDOKU = DATA / "sudoku" / "x.txt"
X_SOLUTION = json.loads((DATA / "sudoku" / "x.solution.json").read_text())
SIGNPOST = DATA / "signpost" / "seed.txt"


class CountingSolver:
    """A python-sat solver double: the real solver, and every clause it was given."""

    made: ClassVar[list[CountingSolver]] = []
    real: ClassVar[Any] = None

    def __init__(self, name: str, bootstrap_with: list[list[int]]) -> None:
        self.inner = self.real(name=name, bootstrap_with=bootstrap_with)
        self.bootstrapped = len(bootstrap_with)
        self.appended = 0
        self.final: dict[str, int] = {}
        CountingSolver.made.append(self)

    def append_formula(self, clauses: list[list[int]]) -> None:
        self.appended += len(clauses)
        self.inner.append_formula(clauses)

    def delete(self) -> None:
        with contextlib.suppress(NotImplementedError):  # Kissat keeps its counters
            self.final = dict(self.inner.accum_stats())
        self.inner.delete()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> type[CountingSolver]:
    import pysat.solvers

    CountingSolver.made = []
    CountingSolver.real = pysat.solvers.Solver
    monkeypatch.setattr(pysat.solvers, "Solver", CountingSolver)
    return CountingSolver


def x_sudoku() -> tuple[Any, Any]:
    genre = get_genre("sudoku")
    return genre, genre.parse(X_SUDOKU.read_text())


def test_sat_clause_counts_are_the_clauses_the_solver_was_given(
    counting: type[CountingSolver],
) -> None:
    genre, puzzle = x_sudoku()
    outcome = solve(genre, puzzle, get_backend("sat:minisat22"), "onehot", limit=2)
    assert outcome.status == "unique"
    [solver] = counting.made  # incremental: one solver, the blocking clause appended
    backend = outcome.sizes["backend"]
    assert backend["clauses"] == solver.bootstrapped
    assert solver.appended == 1
    assert backend["clauses_loaded"] == solver.bootstrapped + solver.appended
    # The search counters are the solver's own, summed over the two calls.
    search = stats_json(outcome)["search"]
    for key in ("conflicts", "decisions", "propagations", "restarts"):
        assert search[key] == solver.final[key]
    assert solver.final["propagations"] > 0


def test_a_rebuilt_solver_counts_its_calls_once(counting: type[CountingSolver]) -> None:
    """Kissat is built anew for each call: the clauses it got include the blocking clause."""
    genre, puzzle = x_sudoku()
    outcome = solve(genre, puzzle, get_backend("sat:kissat404"), "onehot", limit=2)
    assert outcome.status == "unique"
    first, second = counting.made
    assert second.bootstrapped == first.bootstrapped + 1
    assert outcome.sizes["backend"]["clauses_loaded"] == second.bootstrapped


def test_sizes_of_a_small_model_on_each_backend() -> None:
    """Counted by hand: a clause, an exactly-one of 3 (1 + 3 pairwise clauses on SAT), a sum."""
    model = Model()
    a, b, c = model.bool_vars(3)
    model.add_clause([a, b])
    model.add_exactly_one([a, b, c])
    model.add_sum([a, c], [1, 1], "<=", 1)
    model.answer = [a, b, c]
    assert {k: v for k, v in model.size().items() if v} == {
        "bools": 3,
        "clauses": 1,
        "exactly_one": 1,
        "sums": 1,
    }
    with get_backend("cpsat").open(model) as session:
        assert session.received() == {"variables": 3, "constraints": 3}
    with get_backend("sat:minisat22").open(model) as session:
        # The sum over two literals <= 1: the sequential counter's clauses for it.
        from pysat.card import CardEnc, EncType

        counter = CardEnc.atmost([a, c], 1, top_id=3, encoding=EncType.seqcounter)
        assert session.received()["clauses"] == 1 + 4 + len(counter.clauses)
        assert session.received()["variables"] == max(3, counter.nv)


def test_card_totalizer_changes_the_encoding_and_the_answer_still_checks() -> None:
    genre, puzzle = x_sudoku()
    backend = get_backend("sat:minisat22")
    plain = solve(genre, puzzle, backend, "onehot", limit=2)
    totalizer = solve(genre, puzzle, backend, "onehot", limit=2, params={"card": "totalizer"})
    assert plain.sizes["model"] == totalizer.sizes["model"]
    assert totalizer.sizes["backend"]["clauses"] > plain.sizes["backend"]["clauses"]
    assert totalizer.sizes["backend"]["variables"] > plain.sizes["backend"]["variables"]
    for outcome in (plain, totalizer):
        assert outcome.status == "unique"
        assert genre.check(puzzle, outcome.solutions[0]) == []
        assert genre.to_json(puzzle, outcome.solutions[0]) == X_SOLUTION


def test_an_at_most_one_encoding_refuses_a_larger_bound() -> None:
    from gridsat.solvers import BackendError

    model = Model()
    lits = list(model.bool_vars(4))
    model.add_sum(lits, [1] * 4, "<=", 2)
    with pytest.raises(BackendError, match="card=ladder encodes 'at most one' only"):
        get_backend("sat:minisat22").open(model, {"card": "ladder"})


def run(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as e:  # argparse's own errors
        code = int(e.code or 0)
    out, err = capfd.readouterr()
    return code, out, err


def test_solve_stats_block_after_the_answer(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capfd, "solve", "sudoku", str(X_SUDOKU), "-b", "sat:minisat22",
                         "--stats", "--unique")  # fmt: skip
    assert code == 0, err
    answer, stats = out.split("stats:\n")
    assert answer.strip().endswith("unique solution")
    model, backend, search = stats.splitlines()
    assert model.split(":")[0].strip() == "model" and "exactly-one groups" in model
    assert backend.split(":")[0].strip() == "backend" and " clauses" in backend
    assert search.split(":")[0].strip() == "search" and "conflicts" in search


def test_solve_json_carries_stats_always(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capfd, "solve", "sudoku", str(X_SUDOKU), "-b", "cpsat", "-e", "onehot", "--json"
    )
    assert code == 0, err
    stats = json.loads(out)["stats"]
    assert stats["model"]["exactly_one"] > 0
    assert stats["backend"]["variables"] == stats["model"]["bools"]
    assert stats["backend"]["constraints"] >= stats["model"]["exactly_one"]
    assert set(stats["search"]) >= {"conflicts", "branches", "restarts"}


def test_param_num_workers_reaches_cp_sat(capfd: pytest.CaptureFixture[str]) -> None:
    """CP-SAT's own log (on stderr, so --json stays one object) says how many workers ran."""
    logs = {}
    for workers in ("1", "3"):
        code, out, err = run(capfd, "solve", "signpost", str(SIGNPOST), "-b", "cpsat", "--json",
                             "--param", f"num_workers={workers}",
                             "--param", "log_search_progress=true")  # fmt: skip
        assert code == 0, err
        assert json.loads(out)["status"] == "solved"
        logs[workers] = err
    assert "with 1 workers" in logs["1"] and "with 3 workers" not in logs["1"]
    assert "with 3 workers" in logs["3"]


def test_param_deterministic_limit_is_a_time_limit(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capfd, "solve", "magic", "5", "-b", "cpsat", "--json", "--stats",
                         "--param", "max_deterministic_time=0")  # fmt: skip
    assert code == 4, err
    data = json.loads(out)
    assert data["status"] == "timeout" and data["solution"] is None
    assert data["stats"]["model"]["all_different"] == 1  # the sizes of a run cut short too
    code, out, err = run(capfd, "solve", "magic", "5", "-b", "cpsat", "--stats",
                         "--param", "max_deterministic_time=0")  # fmt: skip
    assert code == 4
    assert out.startswith("time limit reached") and "\nstats:\n" in out


def test_all_with_stats_prints_them_after_the_summary(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capfd, "solve", "magic", "3", "--all", "--stats")
    assert code == 0, err
    answer, stats = out.split("\nstats:\n")
    assert answer.endswith("8 solutions, all of them")
    model, backend, search = stats.splitlines()
    assert model.startswith("  model:") and "all-different" in model
    assert backend.startswith("  backend:") and search.startswith("  search:")


def test_param_reaches_the_backend_with_all(capfd: pytest.CaptureFixture[str]) -> None:
    # --all once checked the parameter and then ran without it, finding both squares.
    code, out, err = run(capfd, "solve", "magic", "5", "-b", "cpsat", "--all", "--count", "2",
                         "--param", "max_deterministic_time=0")  # fmt: skip
    assert code == 4, err
    assert out == "time limit reached before a solution was found\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-b", "cpsat", "--param", "num_worker=1"],
         "--param num_worker=1: unknown CP-SAT parameter 'num_worker'; did you mean num_workers"),
        (["-b", "cpsat", "--param", "num_workers=many"],
         "--param num_workers=many: CP-SAT parameter num_workers wants a whole number"),
        (["-b", "cpsat", "--param", "log_search_progress=perhaps"],
         "CP-SAT parameter log_search_progress wants true or false, not 'perhaps'"),
        (["-b", "cpsat", "--param", "search_branching=sideways"],
         "CP-SAT parameter search_branching wants one of AUTOMATIC_SEARCH"),
        (["-b", "cpsat", "--param", "subsolvers=x"], "is a list or a message"),
        (["-b", "sat:minisat22", "--param", "card=totaliser"],
         "parameter card wants one of seqcounter, totalizer"),
        (["-b", "sat:minisat22", "--param", "crad=totalizer"],
         "unknown parameter 'crad' for sat:minisat22 (it takes card= and pb=); did you mean card?"),
        (["-b", "sat:minisat22", "--param", "num_workers=1"], "unknown parameter 'num_workers'"),
        (["-b", "cpsat", "--param", "num_workers"], "expected KEY=VALUE, not 'num_workers'"),
    ],
)  # fmt: skip
def test_bad_params_fail_on_one_line(
    capfd: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capfd, "solve", "sudoku", str(X_SUDOKU), *args)
    assert code == 2
    assert out == ""
    assert err.startswith("gridsat: error: ") and err.count("\n") == 1
    assert message in err


def test_compare_params_go_to_the_backends_that_have_them(
    capfd: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capfd, "compare", "sudoku", str(X_SUDOKU), "--repeat", "1",
                         "-b", "cpsat,sat:minisat22", "-e", "onehot", "--json",
                         "--param", "card=totalizer", "--param", "num_workers=1")  # fmt: skip
    assert code == 0, err
    results = {r["backend"]: r for r in json.loads(out)["results"]}
    plain = solve(*x_sudoku(), get_backend("sat:minisat22"), "onehot", limit=2)
    sat = results["sat:minisat22"]["stats"]["backend"]
    assert sat["clauses"] > plain.sizes["backend"]["clauses"]  # the totalizer's
    assert results["cpsat"]["stats"]["backend"]["constraints"] > 0
    # A parameter no backend of the run has is an error, as a misspelled one.
    code, out, err = run(capfd, "compare", "sudoku", str(X_SUDOKU), "-b", "cpsat,sat:minisat22",
                         "--param", "num_worker=1")  # fmt: skip
    assert code == 2 and err.count("\n") == 1 and "did you mean num_workers" in err


def test_compare_stats_text(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capfd, "compare", "sudoku", str(X_SUDOKU), "--repeat", "1",
                         "-b", "sat:minisat22", "-e", "onehot,integer", "--stats")  # fmt: skip
    assert code == 0, err
    block = out.split("stats (of each first run):\n")[1].splitlines()
    assert [line.strip() for line in block[::4]] == [
        "sat:minisat22/onehot:",
        "sat:minisat22/integer:",
    ] or [line.strip() for line in block[::4]] == [
        "sat:minisat22/integer:",
        "sat:minisat22/onehot:",
    ]
    assert "integers" in out and "all-different groups" in out


def test_bench_records_stats_and_takes_params(
    capfd: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    results = tmp_path / "results.jsonl"
    code, out, err = run(capfd, "bench", "sudoku", str(X_SUDOKU), "-b", "sat:minisat22",
                         "-e", "onehot", "--out", str(results),
                         "--param", "card=totalizer")  # fmt: skip
    assert code == 0, err
    assert "sat:minisat22" in out  # the summary
    [record] = [json.loads(line) for line in results.read_text().splitlines()]
    plain = solve(*x_sudoku(), get_backend("sat:minisat22"), "onehot", limit=2)
    assert record["stats"]["backend"]["clauses"] > plain.sizes["backend"]["clauses"]
    code, _, err = run(capfd, "bench", "sudoku", str(X_SUDOKU), "-b", "cpsat",
                       "--param", "num_workers=0.5")  # fmt: skip
    assert code == 2 and err.count("\n") == 1


def test_pb_encoding_changes_the_weighted_sums() -> None:
    """Magic boards' line sums are weighted sums: pb=adder encodes them in fewer clauses."""
    genre = get_genre("magic")
    puzzle = genre.parse("3")
    backend = get_backend("sat:minisat22")
    best = solve(genre, puzzle, backend, "onehot", limit=9)
    adder = solve(genre, puzzle, backend, "onehot", limit=9, params={"pb": "adder"})
    assert best.sizes["model"] == adder.sizes["model"] and best.sizes["model"]["sums"] > 0
    assert adder.sizes["backend"]["clauses"] != best.sizes["backend"]["clauses"]
    for outcome in (best, adder):  # the 8 Lo Shu squares, each passed the checker
        assert outcome.count_exact and len(outcome.solutions) == 8
        assert all(genre.check(puzzle, s) == [] for s in outcome.solutions)
    assert sorted(map(str, best.solutions)) == sorted(map(str, adder.solutions))
