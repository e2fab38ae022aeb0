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


# -- add_word: positions holding one of several letters (Undead's lines of sight) ------------

WORD_CASES = [
    # (the letters each position may hold, the mirror after which position (or None), counts
    # seen from the first end and from the last)
    (["GVZ"] * 4, 1, 2, 2),
    (["GVZ", "GV", "GVZ", "Z", "GVZ"], 2, 4, 2),
    (["GVZ"] * 3, None, 2, 2),
    (["GZ", "GVZ", "V", "GVZ"], 0, 1, 3),
    (["GVZ"] * 3, 1, 4, 0),  # none fits
]


def seen(letter: str, mirrored: bool) -> bool:
    """A zombie is seen always, a vampire only directly, a ghost only in a mirror."""
    return letter == "Z" or (letter == "V" and not mirrored) or (letter == "G" and mirrored)


def word_rule(letters: list[str], mirror: int | None, first: int, last: int):  # type: ignore[no-untyped-def]
    """The step and acceptance of a line of sight with a mirror after position ``mirror``."""

    def step(state: tuple[int, int, int], letter: str) -> tuple[int, int, int] | None:
        at, a, b = state
        a += seen(letter, mirror is not None and at > mirror)
        b += seen(letter, mirror is not None and at <= mirror)
        return None if a > first or b > last else (at + 1, a, b)

    return step, lambda s: s[1] == first and s[2] == last


def letter_words(letters: list[str], mirror: int | None, first: int, last: int) -> set[str]:
    """Every word the rule accepts, brute force."""
    step, accepts = word_rule(letters, mirror, first, last)
    found = set()
    for word in itertools.product(*letters):
        state: tuple[int, int, int] | None = (0, 0, 0)
        for letter in word:
            state = None if state is None else step(state, letter)
        if state is not None and accepts(state):
            found.add("".join(word))
    return found


def word_model(letters: list[str], mirror: int | None, first: int, last: int):  # type: ignore[no-untyped-def]
    """The model: a literal per (position, letter), exactly one per position, and the word."""
    from gridsat.models.automaton import add_word

    model = Model()
    positions: list[dict[str, int | bool]] = []
    for choice in letters:
        lits = dict(zip(choice, model.bool_vars(len(choice)), strict=True))
        model.add_exactly_one(lits.values())
        positions.append(dict(lits))
    step, accepts = word_rule(letters, mirror, first, last)
    add_word(model, positions, (0, 0, 0), step, accepts)
    model.answer = [lit for p in positions for lit in p.values()]  # type: ignore[misc]
    return model, positions


@pytest.mark.parametrize(("letters", "mirror", "first", "last"), WORD_CASES)
def test_a_word_of_letters_allows_exactly_the_accepted_words(
    letters: list[str], mirror: int | None, first: int, last: int
) -> None:
    model, positions = word_model(letters, mirror, first, last)
    found = set()
    for result in get_backend("sat:minisat22").open(model).enumerate(1000):
        a = result.assignment
        if a is None:
            break
        found.add("".join(next(v for v, lit in p.items() if a(lit)) for p in positions))
    assert found == letter_words(letters, mirror, first, last)


@pytest.mark.parametrize(("letters", "mirror", "first", "last"), WORD_CASES[:4])
def test_propagation_alone_rules_out_every_letter_no_word_holds(
    letters: list[str], mirror: int | None, first: int, last: int
) -> None:
    from pysat.solvers import Solver

    from gridsat.solvers.sat import SatSession

    model, positions = word_model(letters, mirror, first, last)
    clauses = SatSession(model, "minisat22").clauses
    units = [c[0] for c in clauses if len(c) == 1]
    rest = [c for c in clauses if len(c) > 1]
    all_words = letter_words(letters, mirror, first, last)
    with Solver(name="minisat22", bootstrap_with=rest) as solver:
        ok, implied = solver.propagate(assumptions=units)
        assert ok
        implied = [*units, *implied]
        for i, p in enumerate(positions):
            held = {w[i] for w in all_words}
            for letter, lit in p.items():
                assert (-lit in implied) == (letter not in held)  # type: ignore[operator]


def test_some_word_case_has_letters_no_word_holds() -> None:
    out = [
        (letter, i)
        for letters, mirror, first, last in WORD_CASES[:4]
        for i, choice in enumerate(letters)
        for letter in choice
        if letter not in {w[i] for w in letter_words(letters, mirror, first, last)}
    ]
    assert len(out) >= 4
