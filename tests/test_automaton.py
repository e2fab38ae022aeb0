"""The shared line automaton (models/automaton.py): its clauses allow exactly the words the
automaton accepts, and unit propagation alone finds every cell they all agree on."""

from __future__ import annotations

import itertools

import pytest

from gridsat.models.automaton import add_automaton
from gridsat.models.model import Model
from gridsat.solvers import get_backend


def step_of(count: int):  # type: ignore[no-untyped-def]
    """So many tents in a line, never two side by side (Tents' reading of a line)."""

    def step(state: tuple[int, bool], tent: bool) -> tuple[int, bool] | None:
        read, last = state
        if not tent:
            return (read, False)
        return None if last or read == count else (read + 1, True)

    return step


def words(known: list[bool | None], count: int) -> set[tuple[bool, ...]]:
    """Every filling of the unknown cells that the rule accepts, brute force."""
    found = set()
    for bits in itertools.product((False, True), repeat=len(known)):
        if any(k is not None and k != b for k, b in zip(known, bits, strict=True)):
            continue
        if sum(bits) == count and not any(a and b for a, b in itertools.pairwise(bits)):
            found.add(bits)
    return found


CASES = [
    ([None] * 5, 2),
    ([None] * 6, 3),
    ([None, False, None, None, None, True, None], 3),
    ([None] * 3, 2),
    ([None, True, None, None], 2),
    ([None] * 4, 3),  # none fits
]


@pytest.mark.parametrize("backend", ["sat:minisat22", "cpsat"])
@pytest.mark.parametrize(("known", "count"), CASES)
def test_the_clauses_allow_exactly_the_accepted_words(
    known: list[bool | None], count: int, backend: str
) -> None:
    model = Model()
    cells: list[int | bool] = []
    xs = []
    for k in known:
        if k is None:
            x = model.bool_var()
            xs.append(x)
            cells.append(x)
        else:
            cells.append(k)
    add_automaton(model, cells, (0, False), step_of(count), lambda s: s[0] == count)
    model.answer = xs
    found = set()
    for result in get_backend(backend).open(model).enumerate(1000):
        a = result.assignment
        if a is None:
            break
        it = iter(xs)
        found.add(tuple(k if k is not None else a(next(it)) for k in known))
    assert found == words(known, count)


@pytest.mark.parametrize(("known", "count"), CASES[:5])
def test_propagation_alone_fixes_every_cell_all_words_agree_on(
    known: list[bool | None], count: int
) -> None:
    from pysat.solvers import Solver

    model = Model()
    cells: list[int | bool] = [model.bool_var() if k is None else k for k in known]
    add_automaton(model, cells, (0, False), step_of(count), lambda s: s[0] == count)
    all_words = words(known, count)
    # (python-sat reports what the assumptions imply: the unit clauses are given as ones)
    units = [c[0] for c in model.clauses if len(c) == 1]
    rest = [c for c in model.clauses if len(c) > 1]
    with Solver(name="minisat22", bootstrap_with=rest) as solver:
        ok, implied = solver.propagate(assumptions=units)
        implied = [*units, *implied]
        assert ok
        for i, cell in enumerate(cells):
            if isinstance(cell, bool):
                continue
            values = {w[i] for w in all_words}
            if values == {True}:
                assert cell in implied
            elif values == {False}:
                assert -cell in implied
            else:
                assert cell not in implied and -cell not in implied


def test_some_case_has_cells_all_words_agree_on() -> None:
    agreed = [
        i
        for known, count in CASES[:5]
        for i in range(len(known))
        if known[i] is None and len({w[i] for w in words(known, count)}) == 1
    ]
    assert len(agreed) >= 4
