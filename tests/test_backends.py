"""CP-SAT and the python-sat backends agree on small declarative models.

Every model here is small enough to enumerate by brute force. The tests enumerate each model's
solutions through each backend (solve, exclude, repeat until UNSAT; and ``Session.enumerate``,
which CP-SAT implements with its own enumeration), check every assignment a backend returns
against an evaluator written here from the constraints' meaning (it shares no code with the
backends or with ``gridsat.models.graph``), and compare the set of solutions, projected on
``model.answer``, with the brute-force set and across backends. Edge cases that once broke a
backend stay as regression tests; the time limit is checked on hard instances (marked slow).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence

import pytest

from gridsat.models.graph import add_hamiltonian_path
from gridsat.models.model import (
    Answer,
    Choice,
    Circuit,
    IntVar,
    Linear,
    Model,
    Table,
    WeightedSum,
    boolean,
)
from gridsat.solvers import Result, Status, all_backends, get_backend

# One single-worker CP-SAT and three python-sat solvers (kissat404 is rebuilt on every call).
BACKENDS = ("cpsat:1", "sat:cadical195", "sat:minicard", "sat:kissat404")
SAT_BACKENDS = tuple(b for b in BACKENDS if b.startswith("sat:"))

Bools = Sequence[bool]
"""``bools[v]`` is the value of variable ``v``; index 0 is unused, as in ``Assignment``."""
Ints = Sequence[int]
Solutions = frozenset[tuple[int, ...]]


# -- the independent evaluator ---------------------------------------------------------------


def lit_value(bools: Bools, lit: int) -> bool:
    return bools[lit] if lit > 0 else not bools[-lit]


def term_value(bools: Bools, ints: Ints, x: Answer) -> int:
    if isinstance(x, IntVar):
        return ints[x.number]
    return int(lit_value(bools, x))


def compare(lhs: int, op: str, rhs: int) -> bool:
    if op == "<=":
        return lhs <= rhs
    if op == ">=":
        return lhs >= rhs
    if op == "==":
        return lhs == rhs
    raise AssertionError(f"unknown operator {op!r}")


def circuit_holds(circuit: Circuit, bools: Bools) -> bool:
    """A true self-loop skips its node; the other nodes lie on one cycle of true arcs.

    Every node with an incident arc has exactly one true outgoing and one true incoming arc (a
    true self-loop is both). With every node skipped the constraint holds: the API docs do not
    say so, but CP-SAT's own solution checker (``CircuitConstraintIsFeasible`` in
    ``cp_model_checker.cc``: ``if (cycle_size == 0) return true;``) accepts it, and so does the
    solver (``test_circuit_with_every_node_skipped_is_a_solution``).
    """
    nodes: set[int] = set()
    succ: defaultdict[int, list[int]] = defaultdict(list)
    pred: defaultdict[int, list[int]] = defaultdict(list)
    for u, v, lit in circuit.arcs:
        nodes.update((u, v))
        if lit_value(bools, lit):
            succ[u].append(v)
            pred[v].append(u)
    if any(len(succ[n]) != 1 or len(pred[n]) != 1 for n in nodes):
        return False
    on = {n for n in nodes if succ[n][0] != n}
    if not on:
        return True
    start = min(on)
    seen = {start}
    node = succ[start][0]
    while node != start:
        if node in seen:
            return False
        seen.add(node)
        node = succ[node][0]
    return seen == on


def sum_holds(s: WeightedSum, bools: Bools) -> bool:
    total = sum(w * lit_value(bools, lit) for lit, w in zip(s.lits, s.weights, strict=True))
    return compare(total, s.op, s.bound)


def linear_holds(c: Linear, bools: Bools, ints: Ints) -> bool:
    if not all(lit_value(bools, e) for e in c.enforce):
        return True
    return compare(sum(k * term_value(bools, ints, x) for k, x in c.terms), c.op, c.rhs)


def table_holds(t: Table, bools: Bools, ints: Ints) -> bool:
    """The columns' values form one of the rows; a one-hot column has exactly one true literal."""
    values = []
    for col in t.columns:
        if isinstance(col, IntVar):
            values.append(ints[col.number])
            continue
        true = [v for v, lit in col if lit_value(bools, lit)]
        if len(true) != 1:
            return False
        values.append(true[0])
    return tuple(values) in t.rows


BoolCheck = Callable[[Bools], bool]
IntCheck = Callable[[Bools, Ints], bool]


def checks(model: Model) -> tuple[list[BoolCheck], list[IntCheck]]:
    """One predicate per constraint: those that read only Booleans, then those that read ints."""
    on_bools: list[BoolCheck] = []
    on_ints: list[IntCheck] = []
    for clause in model.clauses:
        on_bools.append(lambda b, c=clause: any(lit_value(b, lit) for lit in c))
    for group in model.exactly_one:
        on_bools.append(lambda b, g=group: sum(lit_value(b, lit) for lit in g) == 1)
    for group in model.at_most_one:
        on_bools.append(lambda b, g=group: sum(lit_value(b, lit) for lit in g) <= 1)
    for s in model.sums:
        on_bools.append(functools.partial(sum_holds, s))
    for circuit in model.circuits:
        on_bools.append(functools.partial(circuit_holds, circuit))
    for c in model.linears:
        on_ints.append(functools.partial(linear_holds, c))
    for t in model.tables:
        on_ints.append(functools.partial(table_holds, t))
    return on_bools, on_ints


def satisfies(model: Model, bools: Bools, ints: Ints) -> bool:
    on_bools, on_ints = checks(model)
    return all(f(bools) for f in on_bools) and all(f(bools, ints) for f in on_ints)


def project(model: Model, bools: Bools, ints: Ints) -> tuple[int, ...]:
    return tuple(term_value(bools, ints, x) for x in model.answer)


def brute_force(model: Model) -> Solutions:
    """Every assignment of all Booleans and integers, filtered, projected on the answer."""
    assert model.num_bools <= 16, "too many Booleans to brute-force"
    on_bools, on_ints = checks(model)
    domains = [x.domain for x in model.ints]
    found = set()
    for bits in itertools.product((False, True), repeat=model.num_bools):
        bools = (False, *bits)
        if not all(f(bools) for f in on_bools):
            continue
        for ints in itertools.product(*domains):
            if all(f(bools, ints) for f in on_ints):
                found.add(project(model, bools, ints))
    return frozenset(found)


# -- enumeration through a backend -----------------------------------------------------------


def require(backend: str) -> None:
    why = get_backend(backend).unavailable()
    if why:
        pytest.skip(why)


def enumerate_solutions(
    backend: str, model: Model, time_limit: float | None = None, limit: int = 400
) -> Solutions:
    """Solve, check the assignment, exclude it, repeat until UNSAT; the projections found."""
    require(backend)
    found: list[tuple[int, ...]] = []
    with get_backend(backend).open(model) as session:
        while True:
            result = session.solve(time_limit)
            if result.status is Status.UNSOLVABLE:
                break
            assert result.status is Status.SOLVED, f"{backend}: {result.status}"
            a = result.assignment
            assert a is not None
            assert len(a.bools) == model.num_bools + 1
            assert len(a.ints) == len(model.ints)
            for x, value in zip(model.ints, a.ints, strict=True):
                assert value in x.domain, f"{backend}: {x.name} = {value} not in {x.domain}"
            assert satisfies(model, a.bools, a.ints), f"{backend} returned a non-solution: {a}"
            assert a.project(model.answer) == project(model, a.bools, a.ints)
            found.append(project(model, a.bools, a.ints))
            assert len(found) <= limit, f"{backend}: enumeration does not stop"
            session.exclude(a)
    assert len(set(found)) == len(found), f"{backend} returned an excluded solution again"
    return frozenset(found)


def answer_all(model: Model) -> Model:
    """The answer: every Boolean variable, then every integer variable."""
    model.answer = [*range(1, model.num_bools + 1), *model.ints]
    return model


# -- hand-made models ------------------------------------------------------------------------


def m_empty() -> Model:
    m = Model()
    m.bool_var()
    return answer_all(m)


def m_no_variables() -> Model:
    return Model()  # one solution, the empty one


def m_empty_answer() -> Model:
    # exclude() of an empty answer forbids everything: one solution, projected to ().
    m = Model()
    a, b = m.bool_vars(2)
    m.add_clause([a, b])
    return m


def m_lone_ints() -> Model:
    m = Model()
    m.int_var((4,), "fixed")
    m.int_var((-1, 2, 7), "free")
    return answer_all(m)


def m_empty_clause() -> Model:
    m = Model()
    a, b = m.bool_vars(2)
    m.add_clause([a, b])
    m.add_clause([])
    return answer_all(m)


def m_clauses() -> Model:
    m = Model()
    a, b, c, d = m.bool_vars(4)
    m.add_clause([a, b])
    m.add_clause([-a, c])
    m.add_clause([-b, -c, d])
    m.add_clause([c, c])  # a repeated literal
    m.add_clause([d, -d])  # a tautology
    return answer_all(m)


def m_unused_vars() -> Model:
    # Variables in no constraint at all (the SAT solver never hears of 3 and 4 before exclude).
    m = Model()
    a, _b, _c, _d = m.bool_vars(4)
    m.add_clause([a])
    return answer_all(m)


def m_groups_pairwise() -> Model:
    m = Model()
    v = m.bool_vars(6)
    m.add_exactly_one([v[0], v[1], -v[2]])
    m.add_at_most_one([v[2], v[3], v[4], -v[5]])
    m.add_exactly_one([v[5]])
    return answer_all(m)


def m_groups_ladder() -> Model:
    # Groups larger than the pairwise threshold (6) take the ladder encoding on SAT.
    m = Model()
    v = m.bool_vars(10)
    m.add_exactly_one(v[:7])
    m.add_at_most_one([v[3], -v[4], v[5], v[6], v[7], v[8], v[9], v[0]])
    return answer_all(m)


def m_exactly_one_empty() -> Model:
    m = Model()
    m.bool_vars(2)
    m.add_exactly_one([])
    return answer_all(m)


def m_at_most_one_empty() -> Model:
    m = Model()
    a, b = m.bool_vars(2)
    m.add_at_most_one([])
    m.add_clause([a, b])
    return answer_all(m)


def m_groups_repeated() -> Model:
    m = Model()
    a, b, c, d = m.bool_vars(4)
    m.add_exactly_one([a, a, b])  # a counts twice: a false, b true
    m.add_exactly_one([c, -c])  # always exactly one
    m.add_at_most_one([d, d])  # d false
    return answer_all(m)


def m_sums_unreachable_pb() -> Model:
    m = Model()
    a, b, c = m.bool_vars(3)
    m.add_sum([a, b, c], [2, 3, 4], ">=", 10)
    return answer_all(m)


def m_sums_unreachable_eq() -> Model:
    m = Model()
    a, b, c = m.bool_vars(3)
    m.add_sum([a, b, c], [2, 3, 4], "==", 1)
    return answer_all(m)


def m_sums_unreachable_card() -> Model:
    m = Model()
    a, b = m.bool_vars(2)
    m.add_sum([a, -a, b], [1, 1, 1], ">=", 3)  # at most 2 of these can hold
    return answer_all(m)


def m_sums_mixed() -> Model:
    m = Model()
    v = m.bool_vars(7)
    m.add_sum(v[:4], [1, 1, 1, 1], "==", 2)
    m.add_sum([v[2], -v[4], v[5], v[6]], [1, 1, 1, 1], ">=", 2)
    m.add_sum([v[0], v[4], v[6]], [1, 1, 1], "<=", 1)
    m.add_sum([v[1], v[3], -v[5], v[6]], [3, -2, 2, -1], "<=", 1)
    m.add_sum([v[0], v[2], v[4], -v[6]], [2, -1, 3, 0], ">=", 2)
    m.add_sum([v[1], v[1], v[4]], [2, -1, 1], "==", 1)  # a repeated literal
    return answer_all(m)


def m_sums_trivial() -> Model:
    m = Model()
    a, b, c = m.bool_vars(3)
    m.add_sum([], [], "==", 0)
    m.add_sum([], [], "<=", 0)
    m.add_sum([a, b, c], [1, 1, 1], "<=", 3)
    m.add_sum([a, b], [1, 1], ">=", 0)
    m.add_sum([a, c], [0, 0], "==", 0)
    m.add_sum([b, c], [1, 1], "==", 0)
    return answer_all(m)


def m_linear_gappy() -> Model:
    m = Model()
    a, b = m.bool_vars(2)
    x = m.int_var((1, 3, 5), "x")
    y = m.int_var((5, 1, 3), "y")
    m.add_linear([(1, x), (1, y)], "==", 6)
    m.add_linear([(2, x), (-1, y)], ">=", 1, enforce=[a])
    m.add_linear([(1, y)], "<=", 3, enforce=[-b])
    return answer_all(m)


def m_linear_three_ints() -> Model:
    m = Model()
    (a,) = m.bool_vars(1)
    x = m.int_var((1, 3, 5), "x")
    y = m.int_var((1, 3, 5), "y")
    z = m.int_var((0, 2, 4), "z")
    m.add_linear([(1, x), (1, y), (1, z)], "==", 9)
    m.add_linear([(1, x), (-2, y), (3, z)], ">=", 4, enforce=[a])
    return answer_all(m)


def m_linear_mixed() -> Model:
    m = Model()
    a, b, c = m.bool_vars(3)
    x = m.int_var((0, 2, 3), "x")
    y = m.int_var((-1, 1, 4), "y")
    m.add_linear([(1, x), (2, a), (-1, b)], ">=", 3)
    m.add_linear([(1, y), (-3, c), (1, -a)], "<=", 2, enforce=[-b, c])
    m.add_linear([(2, x), (1, y)], "==", 5, enforce=[b])
    return answer_all(m)


def m_linear_same_var_twice() -> Model:
    m = Model()
    (a,) = m.bool_vars(1)
    x = m.int_var((1, 3, 5), "x")
    y = m.int_var((0, 1, 2), "y")
    m.add_linear([(1, x), (1, x)], "==", 6)
    m.add_linear([(1, y), (1, y), (1, y), (1, a)], "<=", 4)
    return answer_all(m)


def m_linear_negative_support() -> Model:
    # One or two integer terms only: the SAT backend lists allowed pairs, any rhs works.
    m = Model()
    (a,) = m.bool_vars(1)
    x = m.int_var((-2, 0, 3), "x")
    y = m.int_var((-1, 2), "y")
    m.add_linear([(1, x), (-1, y)], "<=", -1)
    m.add_linear([(-2, x)], ">=", -4, enforce=[a])
    return answer_all(m)


def m_linear_unreachable() -> Model:
    m = Model()
    a, b = m.bool_vars(2)
    x = m.int_var((1, 3, 5), "x")
    y = m.int_var((1, 3, 5), "y")
    m.add_linear([(1, x), (1, y)], "==", 7, enforce=[a])  # odd + odd is even
    m.add_linear([(1, x), (1, y), (1, b)], ">=", 12, enforce=[-a])
    return answer_all(m)


def m_partial_answer() -> Model:
    # exclude() blocks only the answer's values: one solution per value of x.
    m = Model()
    a, b, c = m.bool_vars(3)
    x = m.int_var((1, 3, 5), "x")
    m.add_clause([a, b, c])
    m.add_linear([(1, x), (2, a)], "<=", 5)
    m.answer = [x, c]
    return m


def complete_digraph(n: int, loops: bool, m: Model | None = None) -> Model:
    m = m or Model()
    arcs = [(u, v, m.bool_var()) for u in range(n) for v in range(n) if u != v or loops]
    m.add_circuit(arcs)
    return answer_all(m)


def m_circuit_k4() -> Model:
    return complete_digraph(4, loops=False)


def m_circuit_k3_optional() -> Model:
    return complete_digraph(3, loops=True)


def m_circuit_ring_optional() -> Model:
    # A one-way ring with every node optional: all skipped, or the whole ring.
    m = Model()
    n = 5
    m.add_circuit(
        [(i, (i + 1) % n, m.bool_var()) for i in range(n)]
        + [(i, i, m.bool_var()) for i in range(n)]
    )
    return answer_all(m)


def m_circuit_some_mandatory() -> Model:
    m = Model()
    arcs = [(0, 1), (1, 0), (1, 2), (2, 0), (0, 2), (2, 3), (3, 1), (3, 0)]
    m.add_circuit(
        [(u, v, m.bool_var()) for u, v in arcs] + [(2, 2, m.bool_var()), (3, 3, m.bool_var())]
    )
    return answer_all(m)


def m_circuit_gappy_nodes_negative_lits() -> Model:
    # Node ids 0, 3, 7 (the others have no arc and are ignored); some arcs are negated literals.
    m = Model()
    v = m.bool_vars(8)
    m.add_circuit(
        [
            (0, 3, v[0]),
            (3, 7, -v[1]),
            (7, 0, v[2]),
            (3, 0, v[3]),
            (0, 7, -v[4]),
            (7, 3, v[5]),
            (0, 0, v[6]),
            (7, 7, -v[7]),
        ]
    )
    return answer_all(m)


def m_circuit_multi_arcs() -> Model:
    m = Model()
    m.add_circuit(
        [
            (0, 1, m.bool_var()),
            (0, 1, m.bool_var()),
            (1, 2, m.bool_var()),
            (2, 0, m.bool_var()),
            (2, 0, m.bool_var()),
            (1, 0, m.bool_var()),
            (2, 2, m.bool_var()),
        ]
    )
    return answer_all(m)


def m_circuit_only_loops() -> Model:
    m = Model()
    m.add_circuit([(n, n, m.bool_var()) for n in range(3)])
    return answer_all(m)


def m_circuit_dead_end() -> Model:
    # Node 1 has an incoming arc but no outgoing one, so it can never be on a circuit nor be
    # skipped: no solution.
    m = Model()
    a, b = m.bool_vars(2)
    m.add_circuit([(0, 0, a), (0, 1, b)])
    return answer_all(m)


def m_circuit_with_side_constraints() -> Model:
    m = complete_digraph(3, loops=True)  # arc (u, v) is variable 1 + 3u + v
    lits = {(u, v): 1 + 3 * u + v for u in range(3) for v in range(3)}
    extra = m.bool_var()
    m.add_clause([-lits[0, 0], extra])  # node 0 skipped -> extra
    m.add_sum([lits[0, 0], lits[1, 1], lits[2, 2]], [1, 1, 1], "<=", 1)
    return answer_all(m)


def m_two_circuits() -> Model:
    m = Model()
    m.add_circuit(
        [(0, 1, m.bool_var()), (1, 0, m.bool_var()), (0, 0, m.bool_var()), (1, 1, m.bool_var())]
    )
    m.add_circuit(
        [
            (0, 1, m.bool_var()),
            (1, 2, m.bool_var()),
            (2, 0, m.bool_var()),
            (0, 2, m.bool_var()),
            (2, 1, m.bool_var()),
            (1, 0, m.bool_var()),
        ]
    )
    return answer_all(m)


def m_circuit_subtours() -> Model:
    # Two 2-cycles joined into one 4-cycle; nodes 2 and 3 optional. The 2-cycles together are
    # not a circuit (the SAT backend must cut them); 0 <-> 1 alone, or the 4-cycle, is.
    m = Model()
    arcs = [(0, 1), (1, 0), (2, 3), (3, 2), (1, 2), (3, 0), (2, 2), (3, 3)]
    m.add_circuit([(u, v, m.bool_var()) for u, v in arcs])
    return answer_all(m)


def m_hamiltonian_path() -> Model:
    # The path 0 - 1 - 2 (both directions) as a circuit closed by a dummy node: 2 paths.
    m = Model()
    add_hamiltonian_path(m, 3, [(0, 1), (1, 0), (1, 2), (2, 1)], range(3), range(3))
    return answer_all(m)


HAND_MADE: dict[str, Callable[[], Model]] = {
    name[2:].replace("_", "-"): f for name, f in globals().items() if name.startswith("m_")
}


# -- random models ---------------------------------------------------------------------------
# Most constraints are drawn to hold on a random "planted" solution (a random valid circuit when
# there is one), so that most models have solutions and each constraint cuts some; a few are
# drawn blind and may make the model unsatisfiable. The bounds of weighted sums and of linear
# constraints that the SAT backend hands to pysat's encoders stay >= 0 (and <= the number of
# literals for unit weights), and integer terms have non-zero coefficients: the cases outside
# that envelope, which the SAT backend must settle before pysat's encoders, are EDGE_CASES below.

OPS = ("<=", ">=", "==")
MAX_SOLUTIONS = 120
"""Random models are tightened until they have at most this many solutions (enumeration cost)."""


class Planted:
    """A random assignment of a model's variables, that most random constraints will respect."""

    def __init__(self, rng: random.Random, model: Model) -> None:
        self.rng = rng
        self.bools: tuple[bool, ...] = (
            False,
            *(rng.random() < 0.5 for _ in range(model.num_bools)),
        )
        self.ints = [rng.choice(x.domain) for x in model.ints]
        if model.circuits:
            circuits = [functools.partial(circuit_holds, c) for c in model.circuits]
            valid = [
                bits
                for bits in itertools.product((False, True), repeat=model.num_bools)
                if all(f((False, *bits)) for f in circuits)
            ]
            if valid:
                self.bools = (False, *rng.choice(valid))

    def blind(self) -> bool:
        """Whether the next constraint ignores the planted solution."""
        return self.rng.random() < 0.15

    def lit(self, v: int, true: bool) -> int:
        """The literal of ``v`` that has this value on the planted solution."""
        return v if self.bools[v] == true else -v

    def clause(self, variables: Sequence[int], k: int) -> list[int]:
        lits = [random_lit(self.rng, variables) for _ in range(k)]
        if not self.blind() and not any(lit_value(self.bools, lit) for lit in lits):
            lits[0] = -lits[0]
        return lits

    def group(self, variables: Sequence[int], size: int, exactly: bool) -> list[int]:
        chosen = self.rng.sample(variables, min(size, len(variables)))
        if self.blind():
            return [random_lit(self.rng, chosen) for _ in chosen]  # repeats allowed
        true = self.rng.randrange(len(chosen)) if exactly or self.rng.random() < 0.5 else -1
        return [self.lit(v, i == true) for i, v in enumerate(chosen)]

    def bound(
        self, value: int, op: str, at_least: int | None = None, at_most: int | None = None
    ) -> int:
        """A bound that ``value op bound`` meets, more or less tightly, clamped to the range."""
        slack = self.rng.choice((0, 0, 1, 2))
        bound = value + slack if op == "<=" else value - slack if op == ">=" else value
        if self.blind():
            bound += self.rng.choice((-2, -1, 1, 2))
        if at_least is not None:
            bound = max(bound, at_least)
        if at_most is not None:
            bound = min(bound, at_most)
        return bound

    def sum_bound(self, lits: Sequence[int], weights: Sequence[int], op: str) -> int:
        value = sum(w * lit_value(self.bools, lit) for lit, w in zip(lits, weights, strict=True))
        unit = all(w == 1 for w in weights)
        return self.bound(value, op, 0, len(lits) if unit else None)

    def linear_rhs(self, terms: Sequence[tuple[int, Answer]], op: str, pb: bool) -> int:
        value = sum(k * term_value(self.bools, self.ints, x) for k, x in terms)
        return self.bound(value, op, 0 if pb else None)

    def tighten(self, model: Model, variables: Sequence[int]) -> None:
        """Add planted clauses until the model has at most MAX_SOLUTIONS solutions."""
        while len(brute_force(model)) > MAX_SOLUTIONS:
            model.add_clause(
                [
                    self.lit(v, self.rng.random() < 0.5) if i else self.lit(v, True)
                    for i, v in enumerate(self.rng.sample(variables, 2))
                ]
            )


def random_lit(rng: random.Random, variables: Sequence[int]) -> int:
    v = rng.choice(variables)
    return v if rng.random() < 0.5 else -v


def random_groups(rng: random.Random, m: Model, v: Sequence[int], planted: Planted) -> None:
    """Clauses, exactly-one and at-most-one groups."""
    for _ in range(rng.randint(0, 3)):
        m.add_clause(planted.clause(v, rng.randint(1, 3)))
    for _ in range(rng.randint(0, 2)):
        exactly = rng.random() < 0.5
        group = planted.group(v, rng.choice((1, 2, 3, 4, 7)), exactly)
        (m.add_exactly_one if exactly else m.add_at_most_one)(group)


def random_sums(
    rng: random.Random, m: Model, v: Sequence[int], planted: Planted, count: int
) -> None:
    """Weighted sums: unit weights (cardinality), or weights of both signs and zero."""
    for _ in range(count):
        k = rng.randint(1, 5)
        lits = [random_lit(rng, v) for _ in range(k)]
        op = rng.choice(OPS)
        if rng.random() < 0.4:
            weights = [1] * k
        else:
            weights = [rng.choice((-3, -2, -1, 0, 1, 2, 3, 4)) for _ in range(k)]
        m.add_sum(lits, weights, op, planted.sum_bound(lits, weights, op))


def random_bool_model(seed: int) -> Model:
    rng = random.Random(seed)
    m = Model()
    v = list(m.bool_vars(rng.randint(5, 9)))
    planted = Planted(rng, m)
    random_groups(rng, m, v, planted)
    random_sums(rng, m, v, planted, rng.randint(1, 3))
    answer_all(m)
    planted.tighten(m, v)
    return m


def random_int_model(seed: int) -> Model:
    rng = random.Random(seed)
    m = Model()
    v = list(m.bool_vars(rng.randint(2, 5)))
    xs = []
    for i in range(rng.randint(2, 3)):
        domain = set(rng.sample(range(-3, 7), rng.randint(1, 4)))
        if domain == {0}:
            domain.add(rng.choice((-1, 2)))
        xs.append(m.int_var(domain, f"x{i}"))
    planted = Planted(rng, m)

    def coef() -> int:
        return rng.choice((-3, -2, -1, 1, 2, 3))

    for _ in range(rng.randint(2, 4)):
        shape = rng.choice(("one", "two", "mixed", "mixed", "three"))
        terms: list[tuple[int, Answer]]
        if shape == "one":
            terms = [(coef(), rng.choice(xs))]
        elif shape == "two" or len(xs) < 3:
            terms = [(coef(), x) for x in rng.sample(xs, 2)]
        elif shape == "mixed":
            terms = [(coef(), x) for x in rng.sample(xs, rng.randint(1, 2))]
            terms += [(coef(), random_lit(rng, v)) for _ in range(rng.randint(1, 2))]
            rng.shuffle(terms)
        else:
            terms = [(coef(), x) for x in xs]
        pb = len(terms) > 2 or not all(isinstance(x, IntVar) for _, x in terms)
        op = rng.choice(OPS)
        enforce = [random_lit(rng, v) for _ in range(rng.choice((0, 0, 1, 2)))]
        m.add_linear(terms, op, planted.linear_rhs(terms, op, pb), enforce)
    if rng.random() < 0.5:
        m.add_clause(planted.clause(v, 2))
    answer_all(m)
    planted.tighten(m, v)
    return m


def random_arcs(rng: random.Random, m: Model, n: int, max_bools: int) -> list[tuple[int, int, int]]:
    """A random digraph on ``n`` nodes, some optional, some arcs negated literals.

    Mostly the digraph holds a cycle through a random subset of >= 2 nodes, the other nodes
    being optional, so that it has at least one circuit.
    """
    nodes = list(range(n))
    rng.shuffle(nodes)
    if rng.random() < 0.85:
        cycle = nodes[: rng.randint(2, n)]
        arcs = [(u, cycle[(i + 1) % len(cycle)]) for i, u in enumerate(cycle)]
        loops = [u for u in nodes if u not in cycle or rng.random() < 0.4]
    else:
        arcs = []
        loops = [u for u in nodes if rng.random() < 0.5]
    # Reversed arcs make 2-cycles, hence subtours that the SAT backend must cut.
    arcs += [(w, u) for u, w in arcs if (w, u) not in arcs and rng.random() < 0.6]
    pairs = [(u, w) for u in range(n) for w in range(n) if u != w and (u, w) not in arcs]
    arcs += [p for p in pairs if rng.random() < 0.3]
    arcs = arcs[: max_bools - len(loops)]
    lits = [(u, w, m.bool_var()) for u, w in arcs] + [(u, u, m.bool_var()) for u in loops]
    lits = [(u, w, -lit if rng.random() < 0.15 else lit) for u, w, lit in lits]
    rng.shuffle(lits)
    return lits


def random_circuit_model(seed: int) -> Model:
    rng = random.Random(seed)
    m = Model()
    m.add_circuit(random_arcs(rng, m, rng.randint(4, 5), 12))
    v = list(range(1, m.num_bools + 1))
    planted = Planted(rng, m)
    if rng.random() < 0.4:
        m.add_clause(planted.clause(v, 2))
    if rng.random() < 0.3:
        m.add_sum(*random_weighted(rng, v, planted))
    return answer_all(m)


def random_weighted(
    rng: random.Random, v: Sequence[int], planted: Planted
) -> tuple[list[int], list[int], str, int]:
    lits = rng.sample(v, min(len(v), rng.randint(2, 4)))
    weights = [rng.choice((-2, -1, 1, 2, 3)) for _ in lits]
    op = rng.choice(OPS)
    return lits, weights, op, planted.sum_bound(lits, weights, op)


def random_mixed_model(seed: int) -> Model:
    """A circuit, side constraints on its arcs, and an integer tied to the arcs by a linear."""
    rng = random.Random(seed)
    m = Model()
    arcs = random_arcs(rng, m, rng.randint(3, 4), 9)
    m.add_circuit(arcs)
    m.bool_vars(rng.randint(0, 2))
    v = list(range(1, m.num_bools + 1))
    x = m.int_var(rng.sample(range(0, 7), rng.randint(2, 4)), "cost")
    planted = Planted(rng, m)
    random_groups(rng, m, v, planted)
    random_sums(rng, m, v, planted, rng.randint(0, 1))
    terms: list[tuple[int, Answer]] = [(rng.choice((1, 2, 3)), lit) for _, _, lit in arcs[:4]]
    terms.append((-1, x))
    op = rng.choice(OPS)
    enforce = [planted.clause(v, 1)[0]] if rng.random() < 0.4 else []
    m.add_linear(terms, op, planted.linear_rhs(terms, op, pb=True), enforce)
    answer_all(m)
    planted.tighten(m, v)
    return m


def random_table_model(seed: int) -> Model:
    """Integers and a one-hot group that must take one of a few rows together (some rows hold
    values outside a domain, which no backend may pick), with a side sum on the group."""
    rng = random.Random(seed)
    m = Model()
    xs = [m.int_var(rng.sample(range(1, 5), rng.randint(2, 3)), f"x{i}") for i in range(2)]
    values = rng.sample(range(1, 5), 3)
    lits = list(m.bool_vars(3))
    m.add_exactly_one(lits)
    choice: Choice = tuple(zip(values, lits, strict=True))
    rows = {tuple(rng.randint(1, 4) for _ in range(3)) for _ in range(rng.randint(0, 9))}
    m.add_table([xs[0], choice, xs[1]], sorted(rows))
    if rng.random() < 0.5:
        m.add_table(
            [xs[1], xs[0]], sorted({(rng.randint(1, 4), rng.randint(1, 4)) for _ in range(5)})
        )
    return answer_all(m)


def random_boolean_table_model(seed: int) -> Model:
    """Booleans as table columns, some negated, beside an integer: lines of 0s and 1s chosen
    from a few allowed ones (CP-SAT takes a Boolean as its own column), with a side clause."""
    rng = random.Random(seed)
    m = Model()
    v = list(m.bool_vars(4))
    x = m.int_var(rng.sample(range(0, 3), 2), "x")
    for _ in range(rng.randint(1, 2)):
        lits = [rng.choice((1, -1)) * b for b in rng.sample(v, 3)]
        rows = {(*(rng.randint(0, 1) for _ in lits), rng.randint(0, 2)) for _ in range(8)}
        m.add_table([*(boolean(lit) for lit in lits), x], sorted(rows))
    m.add_clause(rng.sample([*v, *(-b for b in v)], 2))
    return answer_all(m)


RANDOM: dict[str, Callable[[], Model]] = {
    **{f"rand-table-{s}": functools.partial(random_table_model, s) for s in range(15)},
    **{f"rand-bool-table-{s}": functools.partial(random_boolean_table_model, s) for s in range(10)},
    **{f"rand-bool-{s}": functools.partial(random_bool_model, s) for s in range(25)},
    **{f"rand-int-{s}": functools.partial(random_int_model, s) for s in range(25)},
    **{f"rand-circuit-{s}": functools.partial(random_circuit_model, s) for s in range(20)},
    **{f"rand-mixed-{s}": functools.partial(random_mixed_model, s) for s in range(15)},
}

CASES: dict[str, Callable[[], Model]] = {**HAND_MADE, **RANDOM}


@functools.cache
def expected(case: str) -> Solutions:
    return brute_force(CASES[case]())


@functools.cache
def found(backend: str, case: str) -> Solutions:
    return enumerate_solutions(backend, CASES[case]())


# -- the agreement tests ---------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", list(CASES))
def test_enumeration_matches_brute_force(case: str, backend: str) -> None:
    assert found(backend, case) == expected(case)


@pytest.mark.parametrize("case", list(CASES))
def test_backends_find_the_same_solutions(case: str) -> None:
    for backend in BACKENDS:
        require(backend)
    first, *rest = BACKENDS
    for backend in rest:
        assert found(backend, case) == found(first, case), f"{first} vs {backend}"


def test_hand_made_counts() -> None:
    """The brute force itself, on models whose counts are known by hand."""
    counts = {
        "empty": 2,
        "no-variables": 1,
        "empty-answer": 1,
        "lone-ints": 3,
        "empty-clause": 0,
        "exactly-one-empty": 0,
        "at-most-one-empty": 3,
        "groups-repeated": 2,
        "sums-unreachable-pb": 0,
        "sums-unreachable-eq": 0,
        "sums-unreachable-card": 0,
        "linear-unreachable": 0,
        "circuit-k4": 6,
        "circuit-k3-optional": 6,
        "circuit-ring-optional": 2,
        "circuit-only-loops": 1,
        "circuit-dead-end": 0,
        "circuit-subtours": 2,
        "hamiltonian-path": 2,
        "partial-answer": 6,
        "unused-vars": 8,
        "linear-same-var-twice": 4,
    }
    assert {case: len(expected(case)) for case in counts} == counts


def test_random_models_are_not_trivial() -> None:
    """The random models mix satisfiable and unsatisfiable ones; nearly all cut something."""
    sizes = [len(expected(case)) for case in RANDOM]
    assert sum(s == 0 for s in sizes) >= 3
    assert sum(s >= 3 for s in sizes) >= 15
    loose = []
    for case, size in zip(RANDOM, sizes, strict=True):
        model = CASES[case]()
        if size == 2**model.num_bools * math.prod(len(x.domain) for x in model.ints):
            loose.append(case)
    assert len(loose) <= 3, f"these random models constrain nothing: {loose}"


@pytest.mark.parametrize("backend", BACKENDS)
def test_circuit_with_every_node_skipped_is_a_solution(backend: str) -> None:
    model = complete_digraph(3, loops=True)
    all_skipped = tuple(int(u == v) for u in range(3) for v in range(3))
    assert circuit_holds(model.circuits[0], (False, *map(bool, all_skipped)))
    assert all_skipped in enumerate_solutions(backend, model)


def optional_circuits(n: int) -> int:
    """Circuits of a complete digraph with self-loops: all skipped, or a cycle on k >= 2 nodes."""
    return 1 + sum(math.comb(n, k) * math.factorial(k - 1) for k in range(2, n + 1))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("n", "loops"), [(4, False), (5, False), (4, True), (5, True)])
def test_complete_digraph_circuit_count(n: int, loops: bool, backend: str) -> None:
    # Too many arcs to brute-force: the count is (n-1)! Hamiltonian circuits, or with every
    # node optional one circuit per subset of >= 2 nodes and cyclic order, plus all skipped.
    model = complete_digraph(n, loops)
    want = optional_circuits(n) if loops else math.factorial(n - 1)
    assert len(enumerate_solutions(backend, model)) == want


@pytest.mark.parametrize("backend", BACKENDS)
def test_time_limit_keeps_the_answers(backend: str) -> None:
    """The time-limited code paths (interrupt, conflict budget) find the same solutions."""
    for case in ("rand-bool-3", "rand-int-4", "rand-circuit-5", "circuit-ring-optional"):
        assert enumerate_solutions(backend, CASES[case](), time_limit=30.0) == expected(case)


# -- Session.enumerate -----------------------------------------------------------------------
# CP-SAT overrides it with its own enumeration (several workers may report a solution twice),
# so the default multi-worker "cpsat" is checked too.

ENUMERATE_BACKENDS = (*BACKENDS, "cpsat")


def check_results(backend: str, model: Model, results: Sequence[Result]) -> Solutions:
    """Every result is a SAT solution of the model, new on the answer; their projections."""
    seen = []
    for result in results:
        assert result.status is Status.SOLVED, f"{backend}: {result.status}"
        a = result.assignment
        assert a is not None
        assert satisfies(model, a.bools, a.ints), f"{backend} returned a non-solution: {a}"
        seen.append(project(model, a.bools, a.ints))
    assert len(set(seen)) == len(seen), f"{backend} returned a solution twice"
    return frozenset(seen)


@pytest.mark.parametrize("backend", ENUMERATE_BACKENDS)
@pytest.mark.parametrize("case", list(CASES))
def test_session_enumerate_matches_brute_force(case: str, backend: str) -> None:
    require(backend)
    model = CASES[case]()
    with get_backend(backend).open(model) as session:
        *solutions, last = session.enumerate(limit=1000)
    assert last.status is Status.UNSOLVABLE and last.assignment is None
    assert check_results(backend, model, solutions) == expected(case)


@pytest.mark.parametrize("backend", ENUMERATE_BACKENDS)
@pytest.mark.parametrize("limit", [1, 2, 3, 5, 24, 25])
def test_session_enumerate_stops_at_the_limit(limit: int, backend: str) -> None:
    # K5 has 24 Hamiltonian circuits: up to 24, exactly ``limit`` solutions and no final
    # status; past it, all 24 and then UNSAT.
    require(backend)
    model = complete_digraph(5, loops=False)
    with get_backend(backend).open(model) as session:
        results = list(session.enumerate(limit=limit))
    if limit <= 24:
        assert len(results) == limit
        check_results(backend, model, results)
    else:
        *solutions, last = results
        assert last.status is Status.UNSOLVABLE
        assert len(check_results(backend, model, solutions)) == 24


@pytest.mark.parametrize("backend", ENUMERATE_BACKENDS)
def test_session_enumerate_after_exclude(backend: str) -> None:
    # Solutions excluded before enumerate() stay excluded, whichever way it enumerates.
    require(backend)
    model = CASES["circuit-k3-optional"]()
    with get_backend(backend).open(model) as session:
        first = session.solve()
        assert first.assignment is not None
        session.exclude(first.assignment)
        *solutions, last = session.enumerate(limit=100)
    assert last.status is Status.UNSOLVABLE
    rest = check_results(backend, model, solutions)
    assert rest | {first.assignment.project(model.answer)} == expected("circuit-k3-optional")
    assert first.assignment.project(model.answer) not in rest


# -- known backend bugs ----------------------------------------------------------------------


def b_card_bound_above_length() -> Model:
    m = Model()
    a, b, c = m.bool_vars(3)
    m.add_sum([a, b, c], [1, 1, 1], ">=", 4)  # unreachable: no solution
    return answer_all(m)


def b_card_negative_bound() -> Model:
    m = Model()
    a, b = m.bool_vars(2)
    m.add_sum([a, b], [1, 1], "<=", -1)  # unreachable: no solution
    return answer_all(m)


def b_pb_negative_bound() -> Model:
    m = Model()
    a, b = m.bool_vars(2)
    m.add_sum([a, b], [2, -3], "<=", -1)  # b = 1: two solutions
    return answer_all(m)


def b_linear_negative_rhs() -> Model:
    m = Model()
    (a,) = m.bool_vars(1)
    x = m.int_var((-2, 1), "x")
    m.add_linear([(1, x), (1, a)], ">=", -1)  # fails only for x = -2, a = 0
    return answer_all(m)


def b_linear_no_terms() -> Model:
    m = Model()
    m.bool_vars(1)
    m.add_linear([], ">=", 1)  # 0 >= 1: no solution
    return answer_all(m)


def b_linear_zero_coefficient() -> Model:
    m = Model()
    (a,) = m.bool_vars(1)
    m.add_linear([(0, a)], "==", 1)  # 0 == 1: no solution
    return answer_all(m)


def b_linear_zero_valued_ints() -> Model:
    m = Model()
    m.bool_vars(1)
    x, y, z = (m.int_var((0,), name) for name in "xyz")
    m.add_linear([(1, x), (1, y), (1, z)], "==", 2)  # 0 == 2: no solution
    return answer_all(m)


def b_two_ints_zero_coefficient() -> Model:
    m = Model()
    m.bool_vars(1)
    x = m.int_var((1, 2), "x")
    y = m.int_var((0, 3), "y")
    m.add_linear([(1, x), (0, y)], "==", 2)  # x = 2, y free: two solutions
    return answer_all(m)


def b_empty_circuit() -> Model:
    m = Model()
    m.bool_vars(1)
    m.add_circuit([])  # no nodes: nothing to constrain
    return answer_all(m)


# Edge cases that once broke a backend: out-of-range bounds, sums with no terms, zero
# coefficients, a circuit with no arcs.
EDGE_CASES: dict[str, tuple[Callable[[], Model], frozenset[tuple[int, ...]]]] = {
    "card-bound-above-length": (b_card_bound_above_length, frozenset()),
    "card-negative-bound": (b_card_negative_bound, frozenset()),
    "pb-negative-bound": (b_pb_negative_bound, frozenset({(0, 1), (1, 1)})),
    "linear-negative-rhs": (b_linear_negative_rhs, frozenset({(0, 1), (1, -2), (1, 1)})),
    "linear-no-terms": (b_linear_no_terms, frozenset()),
    "linear-zero-coefficient": (b_linear_zero_coefficient, frozenset()),
    "linear-zero-valued-ints": (b_linear_zero_valued_ints, frozenset()),
    "two-ints-zero-coefficient": (
        b_two_ints_zero_coefficient,
        frozenset({(0, 2, 0), (0, 2, 3), (1, 2, 0), (1, 2, 3)}),
    ),
    "empty-circuit": (b_empty_circuit, frozenset({(0,), (1,)})),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", sorted(EDGE_CASES))
def test_edge_cases(case: str, backend: str) -> None:
    build, want = EDGE_CASES[case]
    assert brute_force(build()) == want  # the evaluator agrees with the hand count
    assert enumerate_solutions(backend, build()) == want


# -- the time limit --------------------------------------------------------------------------


def pigeonhole(pigeons: int, holes: int) -> Model:
    m = Model()
    x = [list(m.bool_vars(holes)) for _ in range(pigeons)]
    for row in x:
        m.add_clause(row)
    for h in range(holes):
        for i, j in itertools.combinations(range(pigeons), 2):
            m.add_clause([-x[i][h], -x[j][h]])
    return answer_all(m)


def random_3sat(n: int, ratio: float, seed: int) -> Model:
    rng = random.Random(seed)
    m = Model()
    m.bool_vars(n)
    for _ in range(int(n * ratio)):
        m.add_clause([v if rng.random() < 0.5 else -v for v in rng.sample(range(1, n + 1), 3)])
    return answer_all(m)


HARD = {
    # Pigeonhole 10 -> 9: exponential for resolution, so for CDCL. Not for CP-SAT: its LP
    # worker proves it in ~0.05 s once there are >= 4 workers, and one worker can finish it in
    # ~2 s, so CP-SAT gets a random 3-SAT formula past the threshold (350 vars, 1610 clauses)
    # that neither CP-SAT (16 workers, 5 s) nor CaDiCaL (60 s) settles.
    "pigeonhole-10-9": (functools.partial(pigeonhole, 10, 9), ("sat:glucose4", "sat:cadical195")),
    "random-3sat-350": (
        functools.partial(random_3sat, 350, 4.6, 1),
        ("cpsat", "cpsat:1", "sat:glucose4", "sat:cadical195"),
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("instance", "backend"), [(i, b) for i, (_, backends) in HARD.items() for b in backends]
)
def test_time_limit_stops_a_hard_instance(instance: str, backend: str) -> None:
    require(backend)
    model = HARD[instance][0]()
    with get_backend(backend).open(model) as session:
        result = session.solve(time_limit=0.5)
    # UNKNOWN is only ever the limit's answer: these instances take the solvers far longer
    # than the limit to settle (see HARD). No bound on the time taken: that is the machine's.
    assert result.status is Status.TIMEOUT
    assert result.assignment is None


@pytest.mark.parametrize(
    "backend", ["cpsat:1", *(b.name for b in all_backends() if b.name.startswith("sat:"))]
)
def test_a_model_with_nothing_left_to_decide_is_one_solution(backend: str) -> None:
    # A puzzle that pruning settles whole leaves a model with no variable: MapleSAT crashed on
    # it (SIGSEGV), so `compare` on such a Sudoku ended in an internal error.
    b = get_backend(backend)
    if b.unavailable():
        pytest.skip(b.unavailable() or "")
    session = b.open(Model())
    try:
        first = session.solve(10)
        assert first.status == Status.SOLVED
        session.exclude(first.assignment, [])
        assert session.solve(10).status == Status.UNSOLVABLE
    finally:
        session.close()


@pytest.fixture
def native_solvers(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], type]:
    """The names of the native python-sat solvers made while the test runs, in order, and
    python-sat's own Solver class: which calls reach a native solver is what is tested."""
    import pysat.solvers

    real = pysat.solvers.Solver
    made: list[str] = []

    def counted(name: str, bootstrap_with: list[list[int]]) -> object:
        made.append(name)
        return real(name=name, bootstrap_with=bootstrap_with)

    monkeypatch.setattr(pysat.solvers, "Solver", counted)
    return made, real


def test_units_alone_are_answered_without_a_native_solver(
    native_solvers: tuple[list[str], type],
) -> None:
    # A model its builder's pruning settled is units alone, with nothing open in its answer:
    # the answer is read from them and the blocking clause is empty; one over open variables
    # goes to a native solver, which must agree.
    made, _ = native_solvers
    model = Model()
    a, b, c = model.bool_vars(3)
    model.add_clause([a])
    model.add_clause([-b])
    model.answer = []
    with get_backend("sat:cadical195").open(model) as session:
        results = list(session.enumerate(2))
    assert [r.status for r in results] == [Status.SOLVED, Status.UNSOLVABLE]
    first = results[0].assignment
    assert first is not None and (first(a), first(b), first(c)) == (True, False, False)
    assert made == []
    assert results[0].stats == {"conflicts": 0, "decisions": 0, "propagations": 0,
                                "restarts": 0, "cuts": 0}  # fmt: skip
    # c is open: the second solution sets it true, found by the native solver.
    model.answer = [a, b, c]
    with get_backend("sat:cadical195").open(model) as session:
        results = list(session.enumerate(3))
    assert [r.status for r in results] == [Status.SOLVED, Status.SOLVED, Status.UNSOLVABLE]
    assert {r.assignment(c) for r in results[:2] if r.assignment} == {True, False}
    assert made == ["cadical195"]
    # Units that contradict each other: no solution, again without a native solver.
    model.add_clause([-a])
    with get_backend("sat:cadical195").open(model) as session:
        assert session.solve().status is Status.UNSOLVABLE
    assert made == ["cadical195"]


def test_a_solver_with_cardinality_constraints_holds_groups_and_sums_natively() -> None:
    """MiniCard takes an at-most-one group and a sum of weight one as one constraint each (no
    clauses), and counts as the clause encodings do; ``card=`` asks for clauses instead."""
    model = Model()
    xs = model.bool_vars(6)
    model.add_exactly_one(xs[:4])
    model.add_sum(list(xs), [1] * 6, "==", 3)
    model.answer = list(xs)
    native = get_backend("sat:minicard").open(model)
    clauses = get_backend("sat:minicard").open(model, {"card": "seqcounter"})
    assert native.received()["cardinality"] == 3  # the group's, and the sum's two sides
    assert "cardinality" not in clauses.received()
    assert native.encoded["clauses"] < clauses.encoded["clauses"]
    want = math.comb(4, 1) * math.comb(2, 2)  # one of the four, both of the last two
    for session in (native, clauses):
        found = [r for r in session.enumerate(10) if r.status is Status.SOLVED]
        assert len(found) == want


def test_a_non_incremental_solver_s_next_call_starts_from_its_last_solution(
    native_solvers: tuple[list[str], type], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After Kissat's solution, the next call is CaDiCaL's, its phases that solution, within a
    conflict budget; when the budget runs out Kissat searches from scratch, and the count of
    solutions is the brute-force one either way."""
    from gridsat.solvers import sat

    made, real = native_solvers
    model = Model()
    xs = model.bool_vars(4)
    model.add_clause(xs)  # 15 solutions over 4 free variables
    model.answer = list(xs)
    with get_backend("sat:kissat404").open(model) as session:
        results = list(session.enumerate(20))
    assert [r.status for r in results].count(Status.SOLVED) == 15
    assert results[-1].status is Status.UNSOLVABLE
    assert len({tuple(r.assignment(x) for x in xs) for r in results[:15] if r.assignment}) == 15
    assert made[0] == "kissat404" and set(made[1:]) == {sat.WARM}  # each later call warm
    # A warm start that runs out of its budget gives up, and Kissat searches again.
    made.clear()
    monkeypatch.setattr(
        real, "solve_limited", lambda self, assumptions=(), expect_interrupt=False: None
    )
    with get_backend("sat:kissat404").open(model) as session:
        results = list(session.enumerate(20))
    assert [r.status for r in results].count(Status.SOLVED) == 15
    assert made.count("kissat404") == 16 and made.count(sat.WARM) == 15
