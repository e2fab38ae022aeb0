"""gridsat as a Python library: every genre end to end through the API, its errors, its
limits, its lazy loading, and the command line's ``solve --all`` built on the same stream."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
from typing import Any

import pytest

import gridsat
from conftest import DATA, gridsat_process
from conftest import gridsat as command_line
from gridsat.registry import BUILTIN, get_genre
from gridsat.solvers import Status
from gridsat.solvers.base import Session

MAGIC_3 = "[[_, _, _], [_, _, _], [_, _, _]]"  # eight magic squares: the turns and mirrors of one


def other_backend(name: str) -> str:
    """A backend of the other family than ``name``: compare runs both."""
    return "sat:glucose4" if name.startswith("cpsat") else "cpsat:1"


def checked(puzzle: gridsat.Puzzle, solution: gridsat.Solution | None) -> gridsat.Solution:
    """The solution, after the genre's own checker (written from the rules) has passed it."""
    assert solution is not None
    assert get_genre(puzzle.name).check(puzzle.data, solution.value) == []
    return solution


@pytest.mark.parametrize("name", BUILTIN)
def test_every_genre_end_to_end(name: str) -> None:
    text = (DATA / name / "multiple.txt").read_text(encoding="utf-8")
    puzzle = gridsat.read(name, text)
    assert puzzle.name == name
    assert gridsat.read(name, str(puzzle)).data == puzzle.data  # str() is the genre's own format

    result = gridsat.solve(puzzle, unique=True)
    assert result.status is Status.MULTIPLE
    first, second = checked(puzzle, result.solution), checked(puzzle, result.second_solution)
    assert first != second and result.differences
    assert result.to_json()["status"] == "multiple"
    assert result.to_json()["solution"] == first.to_json()
    assert str(first) in str(result) and "not unique" in str(result)

    walk = gridsat.solutions(puzzle)
    one, two = next(walk), next(walk)
    walk.close()
    assert checked(puzzle, one) != checked(puzzle, two)

    found = gridsat.count(puzzle, 2)
    assert found == 2 and not found.exact

    default = get_genre(name).default_backend
    comparison = gridsat.compare(
        puzzle, backends=[default, other_backend(default)], encodings=[result.encoding],
        repeat=1,
    )  # fmt: skip
    assert comparison.agree, comparison.disagreements
    assert {r.status for r in comparison.runs} == {Status.MULTIPLE}
    results = comparison.to_json()["results"]
    assert len(results) == 2 and all(r["times"]["parse"] is not None for r in results)


@pytest.mark.parametrize("name", BUILTIN)
def test_every_genre_diagnosed_and_generated(name: str) -> None:
    genre = get_genre(name)
    made = gridsat.generate(name, genre.about.making.small, seed=1)
    assert checked(made.puzzle, made.solution) == made.solution
    result = gridsat.solve(made.puzzle, unique=True)
    assert result.status is Status.UNIQUE
    assert result.solution is not None and result.solution.value == made.solution.value

    found = gridsat.diagnose(made.puzzle)
    assert found.status is Status.UNIQUE and not found.free
    assert checked(made.puzzle, found.solution).value == made.solution.value
    assert found.to_json()["status"] == "unique"


def test_a_puzzle_with_no_solution_is_a_status_not_an_error() -> None:
    puzzle = gridsat.read("hidato", (DATA / "hidato" / "unsolvable.txt").read_text())
    result = gridsat.solve(puzzle, unique=True)
    assert result.status is Status.UNSOLVABLE and result.solution is None
    assert str(result) == "no solution"
    assert list(gridsat.solutions(puzzle)) == []
    assert gridsat.count(puzzle, 5) == 0 and gridsat.count(puzzle, 5).exact


def test_count_is_exact_when_it_ran_out_before_its_limit() -> None:
    puzzle = gridsat.read("magic", MAGIC_3)
    every = gridsat.count(puzzle, 20)
    assert every == 8 and every.exact and every.status is Status.MULTIPLE
    assert repr(every) == "Count(8, exact=True)"
    walked = list(gridsat.solutions(puzzle))
    assert len(walked) == 8 and len({str(s) for s in walked}) == 8
    for solution in walked:
        checked(puzzle, solution)


def test_breaking_out_of_the_solutions_frees_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    open_sessions: set[int] = set()
    enter, leave = Session.__enter__, Session.__exit__

    def entered(self: Session) -> Session:
        open_sessions.add(id(self))
        return enter(self)

    def left(self: Session, *exc: object) -> None:
        open_sessions.discard(id(self))
        leave(self, *exc)

    monkeypatch.setattr(Session, "__enter__", entered)
    monkeypatch.setattr(Session, "__exit__", left)
    puzzle = gridsat.read("magic", MAGIC_3)
    for backend in ("sat:glucose4", "cpsat:1"):
        walk = gridsat.solutions(puzzle, backend=backend)
        checked(puzzle, next(walk))
        assert open_sessions  # the solver is held while the walk goes on
        walk.close()
        assert not open_sessions
        for solution in gridsat.solutions(puzzle, backend=backend):
            checked(puzzle, solution)
            break
        assert not open_sessions  # the loop's generator is gone, and its solver closed


def test_solutions_stop_at_their_limit_and_time_limit() -> None:
    puzzle = gridsat.read("magic", MAGIC_3)
    assert len(list(gridsat.solutions(puzzle, limit=3))) == 3
    many = gridsat.read("magic", "5")  # far more magic squares than a second can walk
    walked = list(gridsat.solutions(many, backend="cpsat:1", time_limit=0.5))
    assert len(walked) < 10_000
    for solution in walked[:3]:
        checked(many, solution)


@pytest.mark.parametrize("isolate", [False, True])
def test_a_count_the_time_limit_cut_is_not_exact(isolate: bool) -> None:
    many = gridsat.read("magic", "5")  # CP-SAT's own enumeration, stopped by the limit
    stopped = gridsat.count(many, 10**6, backend="cpsat:1", time_limit=0.5, isolate=isolate)
    assert stopped.status is Status.TIMEOUT and not stopped.exact


def test_isolated_runs_keep_to_their_time_limit() -> None:
    puzzle = gridsat.read("signpost", (DATA / "signpost" / "seed.txt").read_text())
    result = gridsat.solve(puzzle, unique=True, time_limit=60, isolate=True, memory_limit=2)
    assert result.status is Status.UNIQUE
    assert result.to_json()["solution"] == json.loads(
        (DATA / "signpost" / "seed.solution.json").read_text()
    )
    assert set(result.times) == {"parse", "build", "solve", "unique"}


def test_a_diagnosis_in_a_child_stops_at_its_time_limit() -> None:
    puzzle = gridsat.read("magic", "5")
    assert gridsat.diagnose(puzzle, time_limit=0.5, isolate=True).status is Status.TIMEOUT
    with pytest.raises(gridsat.PuzzleError, match="needs isolate=True"):
        gridsat.diagnose(puzzle, time_limit=0.5)


def cli_error(*args: str) -> str:
    """The message of the command line's one error line, for comparison with the API's."""
    done = command_line(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("gridsat: error: ") and done.stderr.count("\n") == 1
    return done.stderr.removeprefix("gridsat: error: ").strip()


def test_bad_input_raises_puzzle_error_with_the_command_lines_message() -> None:
    with pytest.raises(gridsat.PuzzleError) as bad:
        gridsat.read("hidato", "1 2\n3")
    assert str(bad.value) == cli_error("solve", "hidato", "1 2\n3")
    with pytest.raises(gridsat.PuzzleError) as bad:
        gridsat.read("nonesuch", "1")
    assert str(bad.value) == cli_error("solve", "nonesuch", "1")
    puzzle = gridsat.read("magic", MAGIC_3)
    with pytest.raises(gridsat.PuzzleError) as bad:
        gridsat.solve(puzzle, backend="sat:nonesuch")
    assert str(bad.value) == cli_error("solve", "magic", MAGIC_3, "-b", "sat:nonesuch")
    with pytest.raises(gridsat.PuzzleError) as bad:
        gridsat.solve(puzzle, encoding="nonesuch")
    assert str(bad.value) == cli_error("solve", "magic", MAGIC_3, "-e", "nonesuch")
    with pytest.raises(gridsat.PuzzleError, match="takes no option 'nonesuch'"):
        gridsat.read("magic", MAGIC_3, nonesuch="@")
    with pytest.raises(gridsat.PuzzleError, match="time limit"):
        gridsat.solve(puzzle, time_limit=0)
    with pytest.raises(gridsat.PuzzleError, match="memory limit needs isolate"):
        gridsat.solve(puzzle, memory_limit=1)
    with pytest.raises(gridsat.PuzzleError, match="limit 0"):
        gridsat.solutions(puzzle, limit=0)
    with pytest.raises(gridsat.PuzzleError, match="no output format"):
        gridsat.solve(puzzle).format("nonesuch")
    with pytest.raises(gridsat.PuzzleError, match="bad size"):
        gridsat.generate("magic", "3x4x5")
    with pytest.raises(gridsat.PuzzleError, match=r"cannot read .*nonesuch\.txt"):
        gridsat.read("magic", DATA / "magic" / "nonesuch.txt")
    with pytest.raises(TypeError, match=r"expected a gridsat\.Puzzle"):
        gridsat.solve(MAGIC_3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("backend", "params", "words"),
    [
        ("cpsat:1", {"num_worker": "1"}, "did you mean num_workers"),
        ("cpsat:1", {"num_workers": "many"}, "num_workers=many"),
        ("sat:minisat22", {"card": "nonesuch"}, "card=nonesuch"),
        ("sat:minisat22", {"num_workers": "1"}, "unknown parameter 'num_workers'"),
    ],
)
def test_a_parameter_the_backend_lacks_or_a_bad_value_is_a_puzzle_error(
    backend: str, params: dict[str, str], words: str
) -> None:
    # As `--param` on the command line (exit 2): bad input, not the backend's own exception.
    puzzle = gridsat.read("magic", MAGIC_3)
    with pytest.raises(gridsat.PuzzleError, match=words):
        gridsat.solve(puzzle, backend=backend, params=params)
    with pytest.raises(gridsat.PuzzleError, match=words):
        gridsat.count(puzzle, 3, backend=backend, params=params)
    with pytest.raises(gridsat.PuzzleError, match=words):
        gridsat.solutions(puzzle, backend=backend, params=params)


def test_a_path_is_read_as_its_file() -> None:
    path = DATA / "magic" / "seed.txt"
    assert gridsat.read("magic", path) == gridsat.read("magic", path.read_text())


def test_a_solution_the_checker_refuses_raises() -> None:
    puzzle = gridsat.read("magic", MAGIC_3)
    strict = dataclasses.replace(puzzle.genre, check=lambda p, s: ["a rule the model missed"])
    broken = gridsat.Puzzle(strict, puzzle.data)
    with pytest.raises(gridsat.CheckFailed, match="a rule the model missed"):
        gridsat.solve(broken)
    with pytest.raises(gridsat.CheckFailed, match="a rule the model missed"):
        next(gridsat.solutions(broken))


def test_results_print_and_draw_as_the_command_line_does(tmp_path: Any) -> None:
    pytest.importorskip("matplotlib")
    text = (DATA / "signpost" / "seed.txt").read_text().strip()
    result = gridsat.solve(gridsat.read("signpost", text), unique=True)
    done = command_line("solve", "signpost", text, "--unique")
    assert str(result) + "\n" == done.stdout
    result.render(str(tmp_path / "seed.svg"))
    assert (tmp_path / "seed.svg").read_text().lstrip().startswith(("<?xml", "<svg"))


def test_grade_is_a_status_and_a_level_never_an_exception() -> None:
    # It raised the grader's Unsolvable on a puzzle with no solution, and graded a puzzle with
    # several solutions as if it had one (level 4), where `gridsat grade` says exit 1 and 3.
    puzzle = gridsat.read("sudoku", (DATA / "sudoku" / "4x4.txt").read_text())
    graded = gridsat.grade(puzzle)
    assert graded.status is Status.UNIQUE and graded.level is not None and graded.level >= 1
    assert graded.to_json()["level"] == graded.level and "level" in str(graded)
    for name, status in (("unsolvable.txt", Status.UNSOLVABLE), ("multiple.txt", Status.MULTIPLE)):
        other = gridsat.grade(gridsat.read("sudoku", (DATA / "sudoku" / name).read_text()))
        assert other.status is status and other.level is None and other.grade is None
    slow = gridsat.read("sudoku", (DATA / "sudoku" / "easter-monster.txt").read_text())
    assert gridsat.grade(slow, time_limit=0.001).status is Status.TIMEOUT


def test_genres_lists_the_registry() -> None:
    assert [g.name for g in gridsat.genres()] == list(BUILTIN)


def test_importing_gridsat_loads_no_solver_until_a_solve_runs() -> None:
    code = (
        "import json, sys, gridsat\n"
        "heavy = lambda: sorted({m.split('.')[0] for m in sys.modules}"
        " & {'ortools', 'pysat', 'matplotlib'})\n"
        "p = gridsat.read('signpost', gridsat.genres()[0].reading.example)\n"
        "before = heavy()\n"
        "gridsat.solve(p, backend='cpsat')\n"
        "print(json.dumps([before, heavy()]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    before, after = json.loads(done.stdout)
    assert before == []
    assert after == ["ortools"]  # the solve did load its solver: the check can see one


def gridsat_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return command_line(*args)


def magic(solution: list[list[int]]) -> Any:
    """A magic board's solution as the genre holds it, from its JSON."""
    return tuple(tuple(row) for row in solution)


def test_solve_all_prints_every_solution_each_checked() -> None:
    genre = get_genre("magic")
    puzzle = genre.parse(MAGIC_3)
    run = gridsat_cli("solve", "magic", MAGIC_3, "--all")
    assert run.returncode == 0, run.stderr
    boards = run.stdout.split("\n\n")
    assert [b.splitlines()[0] for b in boards[:-1]] == [f"solution {i}:" for i in range(1, 9)]
    assert boards[-1] == "8 solutions, all of them\n"
    shown = {magic([[int(v) for v in line.split()] for line in b.splitlines()[1:4]])
             for b in boards[:-1]}  # fmt: skip
    assert len(shown) == 8 and all(genre.check(puzzle, s) == [] for s in shown)

    run = gridsat_cli("solve", "magic", MAGIC_3, "--all", "--json")
    assert run.returncode == 0, run.stderr
    *lines, last = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["index"] for line in lines] == list(range(1, 9))
    assert len({magic(line["solution"]) for line in lines}) == 8
    assert all(genre.check(puzzle, magic(line["solution"])) == [] for line in lines)
    assert last["status"] == "multiple" and last["count"] == 8 and last["count_exact"] is True
    assert "solution" not in last


def test_solve_all_stops_at_count_and_at_the_time_limit() -> None:
    run = gridsat_cli("solve", "magic", MAGIC_3, "--all", "--count", "3", "--json")
    assert run.returncode == 0
    *lines, last = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(lines) == 3 and last["count"] == 3 and last["count_exact"] is False

    run = gridsat_cli("solve", "magic", MAGIC_3, "--all", "--count", "3")
    assert run.stdout.endswith("3 solutions shown; there may be more (--count 3 reached)\n")
    run = gridsat_cli("solve", "magic", MAGIC_3, "--all", "--count", "1")
    assert run.stdout.endswith("\n1 solution shown; there may be more (--count 1 reached)\n")

    run = gridsat_cli("solve", "magic", "5", "--all", "--count", "100000", "-t", "1", "--json")
    assert run.returncode == 4
    *lines, last = [json.loads(line) for line in run.stdout.splitlines()]
    assert last["status"] == "timeout" and last["count"] == len(lines)


def test_solve_all_exit_codes(tmp_path: Any) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "two.svg"
    run = gridsat_cli("solve", "magic", MAGIC_3, "--all", "--unique", "--render", str(picture))
    assert run.returncode == 3 and run.stdout.endswith("8 solutions, all of them\n")
    assert picture.read_text().count("solution 2 (differences shaded)") == 1
    # A memory limit wants a fresh process: this one's memory is the test run's.
    run = gridsat_process("solve", "magic", "12", "-b", "cpsat", "--memory-limit", "0.05",
                          "--all", "--json")  # fmt: skip
    assert run.returncode == 4 and run.stderr.count("\n") == 1
    assert json.loads(run.stdout)["status"] == "out-of-memory"
    unsolvable = str(DATA / "magic" / "unsolvable.txt")
    run = gridsat_cli("solve", "magic", unsolvable, "--all")
    assert (run.returncode, run.stdout) == (1, "no solution\n")
    run = gridsat_cli("solve", "magic", unsolvable, "--all", "--json")
    assert run.returncode == 1 and json.loads(run.stdout)["status"] == "unsolvable"
    run = gridsat_cli("solve", "magic", "[[1, 1, _], [_, _, _], [_, _, _]]", "--all", "--json")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("gridsat: error: ") and run.stderr.count("\n") == 1


def test_solve_all_interrupted_keeps_what_it_printed() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(
        [sys.executable, "-m", "gridsat", "solve", "magic", "5", "--all", "--count", "100000",
         "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    ) as child:  # fmt: skip
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()  # a solution printed: the search is at work
        child.send_signal(signal.SIGINT)
        rest, errors = child.communicate(timeout=60)
    assert child.returncode == 130
    assert errors.strip().splitlines()[-1] == "gridsat: error: interrupted"
    for line in [first, *rest.splitlines()]:
        assert "solution" in json.loads(line)  # whole lines, and no summary


def test_solve_all_unique_proves_uniqueness_even_at_count_1() -> None:
    # `--all --unique --count 1` stopped at the first solution and exited 0 on a board with 8.
    run = gridsat_cli("solve", "magic", MAGIC_3, "--all", "--unique", "--count", "1")
    assert run.returncode == 3 and "solution 2:" in run.stdout


def test_the_package_and_the_api_name_the_same_library() -> None:
    import inspect

    # One list (``__all__``): each name resolves, and the functions are plain functions with
    # their own signatures and docstrings (not modules made callable).
    for name in gridsat.__all__:
        assert getattr(gridsat, name) is not None
        assert name in dir(gridsat)
    for name in ("compare", "diagnose", "generate", "genres", "grade", "solve"):
        function = getattr(gridsat, name)
        assert inspect.isfunction(function), name
        assert function.__doc__ and "args" not in str(inspect.signature(function)), name
    with pytest.raises(AttributeError):
        gridsat.checked_genre  # noqa: B018  (in the API's module, but not the library's)


def test_solutions_walk_in_a_child_when_isolated() -> None:
    from gridsat import isolation

    puzzle = gridsat.read("magic", MAGIC_3)
    walked = list(gridsat.solutions(puzzle, backend="sat:glucose4", isolate=True))
    assert len(walked) == 8 and {str(s) for s in walked} == {
        str(s) for s in gridsat.solutions(puzzle, backend="sat:glucose4")
    }
    for solution in walked:
        checked(puzzle, solution)
    walk = gridsat.solutions(puzzle, isolate=True, memory_limit=2)
    checked(puzzle, next(walk))
    assert isolation._running  # the child holds the solver while the walk goes on
    walk.close()
    assert not isolation._running  # closed: the child stopped and collected
    many = gridsat.read("magic", "5")  # more than the time limit walks, on a solver that a
    # call cannot stop: the child is stopped at the limit, the solutions found are the walk's
    stopped = list(gridsat.solutions(many, backend="sat:lingeling", time_limit=0.5, isolate=True))
    for solution in stopped[:3]:
        checked(many, solution)
    with pytest.raises(gridsat.PuzzleError, match="needs isolate=True"):
        gridsat.solutions(puzzle, memory_limit=2)
    big = gridsat.read("magic", "12")  # its model needs more than 0.3 GB on a SAT solver
    with pytest.raises(gridsat.BackendError, match="ran out of memory"):
        list(gridsat.solutions(big, backend="sat:cadical195", isolate=True, memory_limit=0.3))


def test_solve_all_ends_as_solve_does() -> None:
    # One ending for both: after the answer (or the count), the same lines in the same order,
    # and the same JSON fields past the outcome's own.
    unsolvable = str(DATA / "zebra" / "unsolvable.txt")
    one = gridsat_cli("solve", "zebra", unsolvable, "--grade")
    every = gridsat_cli("solve", "zebra", unsolvable, "--grade", "--all")
    assert one.returncode == every.returncode == 1
    assert one.stdout.splitlines()[0] == every.stdout.splitlines()[0] == "no solution"
    assert one.stdout.splitlines()[1].startswith("difficulty: not graded")
    assert every.stdout == one.stdout
    published = str(DATA / "sudoku" / "published-sections.txt")
    one = gridsat_cli("solve", "sudoku", published, "--grade", "--json")
    lines = gridsat_cli("solve", "sudoku", published, "--grade", "--json", "--all").stdout
    summary = json.loads(lines.splitlines()[-1])
    extras = ["file_solution", "file_differences", "difficulty"]
    assert [k for k in json.loads(one.stdout) if k in extras] == extras
    assert [k for k in summary if k in extras] == extras
    assert {k: summary[k] for k in extras} == {k: json.loads(one.stdout)[k] for k in extras}
    assert summary["file_solution"] == "matches" and summary["difficulty"]["level"] >= 1


def test_a_time_limit_holds_in_process_on_a_backend_that_cannot_be_stopped() -> None:
    # Kissat (Hidato's default) cannot be stopped inside a call: a time limit runs it in a
    # child, which the limit stops. An empty order-6 magic square takes it far longer (in
    # this process the call ran on past the limit: still running after 20 s).
    hard = gridsat.read("magic", "\n".join(" ".join("_" * 6) for _ in range(6)))
    result = gridsat.solve(hard, backend="sat:kissat404", time_limit=1)
    assert result.status is Status.TIMEOUT and result.solution is None


def test_a_walk_with_a_time_limit_holds_on_a_backend_that_cannot_be_stopped() -> None:
    # The same for solutions(): on Kissat a time limit walks in a child, which the limit stops.
    hard = gridsat.read("magic", "\n".join(" ".join("_" * 6) for _ in range(6)))
    walked = list(gridsat.solutions(hard, backend="sat:kissat404", time_limit=1))
    for solution in walked:
        checked(hard, solution)


def test_a_grade_with_a_time_limit_proves_uniqueness_in_a_child_on_kissat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Kissat (Hidato's default) cannot be stopped inside a call: the uniqueness proof a grade
    # starts with ran it in this process, past the limit (a 30x30 board: 3.7 s for 0.5 s).
    from gridsat import pipeline

    here, real, unstoppable = os.getpid(), pipeline.solve, []

    def spy(genre: Any, puzzle: Any, backend: Any, *args: Any, **kw: Any) -> Any:
        stoppable = "time-limit" in backend.capabilities
        if os.getpid() == here and kw.get("time_limit") is not None and not stoppable:
            unstoppable.append(backend.name)
        return real(genre, puzzle, backend, *args, **kw)

    monkeypatch.setattr(pipeline, "solve", spy)
    board = gridsat.read("hidato", (DATA / "hidato" / "seed.txt").read_text())
    graded = gridsat.grade(board, time_limit=120)
    assert unstoppable == []
    assert graded.status is Status.UNIQUE and graded.level == gridsat.grade(board).level


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"max_level": 0}, "max_level 0: a level from 1 to 4"),  # it graded level 2, score 1
        ({"max_level": 5}, "max_level 5: a level from 1 to 4"),
        ({"encoding": "zz"}, "hidato has no encoding 'zz' (choose from position, circuit)"),
        ({"bogus": 1}, "grade takes no option 'bogus' (it takes encoding, max_level, prune)"),
        ({"time_limit": -1}, "time limit -1: a number of seconds > 0"),  # it said timeout
    ],
)
def test_a_grade_with_a_bad_option_is_a_puzzle_error(options: dict[str, Any], said: str) -> None:
    board = gridsat.read("hidato", (DATA / "hidato" / "seed.txt").read_text())
    with pytest.raises(gridsat.PuzzleError) as raised:
        gridsat.grade(board, **options)
    assert str(raised.value) == said


def test_a_grade_past_its_time_limit_says_so() -> None:
    hard = gridsat.read("sudoku", (DATA / "sudoku" / "easter-monster.txt").read_text())
    graded = gridsat.grade(hard, time_limit=0.001)  # not even the child's start fits in it
    assert graded.status is Status.TIMEOUT
    assert str(graded) == "time limit reached: not graded"  # (it once said "no solution")


def test_genres_of_the_library_are_what_the_genres_command_lists() -> None:
    # The library's entries had no encodings and gave generate_backend '' where the command
    # filled them in.
    listed = json.loads(command_line("genres", "--json").stdout)
    entries = {g.name: g for g in gridsat.genres()}
    assert [row["name"] for row in listed] == list(entries)
    for row in listed:
        entry = entries[row["name"]]
        solving = entry.solving
        assert list(solving.encodings) == row["encodings"] and solving.encodings
        assert solving.default_encoding in solving.encodings
        assert entry.making.backend == row["generate_backend"] != ""
        assert solving.default_backend == row["default_backend"]


def test_a_backend_family_takes_the_encoding_the_genre_measured_best_on_it() -> None:
    puzzle = gridsat.read("towers", "data/towers/hard-6x6.txt")
    on_cpsat = gridsat.solve(puzzle, "cpsat:1", unique=True)
    on_sat = gridsat.solve(puzzle, "sat:minicard", unique=True)
    assert (on_cpsat.encoding, on_sat.encoding) == ("table-integer", "visibility")
    assert on_cpsat.solution == on_sat.solution
    assert gridsat.solve(puzzle, "cpsat:1", "table").encoding == "table"  # asked: kept
