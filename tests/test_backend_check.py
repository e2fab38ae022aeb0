"""Every command checks a backend it is given by name the same way: one that cannot run here is
bad input (exit 2, one line), never an internal error; compare's ``all`` lists it instead."""

from __future__ import annotations

import pytest

from conftest import DATA
from gridsat.cli import main
from gridsat.solvers.sat import SatBackend


@pytest.fixture
def no_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine where python-sat's solvers cannot load."""
    monkeypatch.setattr(SatBackend, "unavailable", lambda self: "python-sat is not here (test)")


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "signpost", "data/signpost/seed.txt", "-b", "sat:glucose4"],
        ["generate", "signpost", "--size", "4x4", "-b", "sat:glucose4"],
        ["generate", "hidato", "--size", "4x4"],  # its default backend is a SAT one
        ["compare", "signpost", "data/signpost/seed.txt", "--backends", "cpsat:1,sat:glucose4"],
        ["bench", "signpost", str(DATA / "signpost"), "--backends", "cpsat:1,sat:glucose4"],
        ["bench", "signpost", str(DATA / "signpost")],  # its default backend is a SAT one
    ],
    ids=lambda a: " ".join(a[:1] + a[3:]),
)
def test_an_unavailable_backend_named_is_a_usage_error(
    args: list[str], no_sat: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    name = "sat:glucose4" if "sat:glucose4" in " ".join(args) else "sat:cadical195"
    assert (
        err
        == f"gridsat: error: backend {name} is not available here: python-sat is not here (test)\n"
    )


def test_compare_all_lists_the_backends_that_cannot_run(
    no_sat: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["compare", "signpost", "data/signpost/seed.txt", "--repeat", "1", "-t", "10"])
    table = capsys.readouterr().out.splitlines()
    assert code == 0
    rows = {tuple(r.split()[:3]) for r in table[1:]}
    assert ("sat:glucose4", "position", "unavailable") in rows
    assert ("cpsat:1", "circuit", "unique") in rows


def test_bench_all_runs_the_backends_that_can(
    no_sat: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "signpost", "data/signpost/seed.txt", "--backends", "all"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert {r.split()[0] for r in rows} == {"cpsat", "cpsat:1"}


def test_a_backend_list_naming_none_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "signpost", "data/signpost/seed.txt", "--backends", " , "]) == 2
    assert "names no backend" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("backend", "module"),
    [("cpsat:1", "ortools.sat.python.cp_model"), ("sat:glucose4", "pysat.solvers")],
)
def test_a_stop_during_a_solver_import_stops_the_run(
    monkeypatch: pytest.MonkeyPatch, backend: str, module: str
) -> None:
    # A compiled module whose start is cut by SIGTERM or Ctrl-C raises
    # ImportError('initialization failed') from the KeyboardInterrupt: that is the stop,
    # not a library missing (which would be exit 2, "not installed").
    import builtins

    from gridsat.solvers import get_backend

    real_import = builtins.__import__

    def stopped(name: str, *args: object, **kwargs: object) -> object:
        if name == module:
            try:
                raise KeyboardInterrupt
            except KeyboardInterrupt as e:
                raise ImportError("initialization failed") from e
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", stopped)
    with pytest.raises(KeyboardInterrupt):
        get_backend(backend).unavailable()


@pytest.mark.parametrize("backend", ["sat:", "cpsat:"])
def test_a_backend_with_nothing_after_its_colon_is_a_usage_error(
    backend: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # ``sat:`` was quietly the default SAT solver, ``cpsat:`` the default workers.
    assert main(["solve", "sudoku", "data/sudoku/x.txt", "-b", backend]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"gridsat: error: bad backend '{backend}'")
    assert "minisat22" in err and "cpsat:N" in err
