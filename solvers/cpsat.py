"""OR-tools CP-SAT: every constraint of the model in its native form."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..models.graph import connectivity_cuts, matching_cuts
from ..models.model import Assignment, Choice, IntVar, Lit, Model, boolean_of
from .base import (
    Backend,
    BackendError,
    Result,
    Session,
    Status,
    UnknownParameter,
    raise_if_interrupted,
)

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


class CpSatBackend(Backend):
    """CP-SAT with ``workers`` search workers (0: its own default, one per core)."""

    family = "cpsat"
    capabilities = frozenset({"circuit", "linear", "time-limit", "effort"})

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self.name = "cpsat" if workers == 0 else f"cpsat:{workers}"

    def unavailable(self) -> str | None:
        try:
            import ortools.sat.python.cp_model  # noqa: F401
        except ImportError as e:
            raise_if_interrupted(e)
            return f"OR-tools is not installed ({e})"
        return None

    def open(self, model: Model, params: Mapping[str, str] | None = None) -> Session:
        return CpSatSession(model, self.workers, self.parameters(params or {}))

    def parameters(self, params: Mapping[str, str]) -> dict[str, Any]:
        """Each name checked against CP-SAT's own ``SatParameters``, each value read as that
        field's type (a bool, a number, a string or an enum's name), then the values checked
        by CP-SAT itself (a range, a sign), so a bad one is bad input, not a failed run."""
        typed = {key: _typed(key, text) for key, text in params.items()}
        if typed:
            _check_values(tuple(typed.items()))
        return typed


class CpSatSession(Session):
    """A CP-SAT model; CP-SAT is not incremental, so each call solves the grown model anew."""

    def __init__(self, model: Model, workers: int, params: Mapping[str, Any] | None = None) -> None:
        from ortools.sat.python import cp_model

        self._cp = cp_model
        self.model = model
        self.workers = workers
        self.params = dict(params or {})
        m = self.cp = cp_model.CpModel()
        self.vars = [m.new_bool_var(f"b{v}") for v in range(1, model.num_bools + 1)]
        self.ints = [
            m.new_int_var_from_domain(cp_model.Domain.from_values(x.domain), x.name)
            for x in model.ints
        ]
        lit = self.lit
        for clause in model.clauses:
            m.add_bool_or([lit(v) for v in clause])
        for group in model.exactly_one:
            m.add_exactly_one([lit(v) for v in group])
        for group in model.at_most_one:
            m.add_at_most_one([lit(v) for v in group])
        for s in model.sums:
            expr = cp_model.LinearExpr.weighted_sum([lit(v) for v in s.lits], s.weights)
            _compare(m, expr, s.op, s.bound)
        for c in model.linears:
            expr = cp_model.LinearExpr.weighted_sum(
                [self.term(x) for _, x in c.terms], [k for k, _ in c.terms]
            )
            ct = _compare(m, expr, c.op, c.rhs)
            if c.enforce:
                ct.only_enforce_if([lit(v) for v in c.enforce])
        for xs in model.all_different:
            m.add_all_different([self.ints[x.number] for x in xs])
        for table in model.tables:
            m.add_allowed_assignments([self.column(c) for c in table.columns], table.rows)
        for circuit in model.circuits:
            if circuit.arcs:  # a circuit over no nodes holds trivially
                m.add_circuit([(u, v, lit(a)) for u, v, a in circuit.arcs])

    def lit(self, v: Lit) -> Any:
        """The CP-SAT literal of a model literal."""
        return self.vars[v - 1] if v > 0 else ~self.vars[-v - 1]

    def term(self, x: IntVar | Lit) -> Any:
        """The CP-SAT expression of an integer variable or a literal."""
        return self.ints[x.number] if isinstance(x, IntVar) else self.lit(x)

    def column(self, c: IntVar | Choice) -> Any:
        """A table column: an integer variable, or one made for a one-hot group's value."""
        if isinstance(c, IntVar):
            return self.ints[c.number]
        own = boolean_of(c)
        if own is not None:  # a Boolean is its own 0/1 column: no variable made for it
            return self.lit(own)
        x = self.cp.new_int_var_from_domain(
            self._cp.Domain.from_values([v for v, _ in c]), "choice"
        )
        for v, lit in c:
            self.cp.add(x == v).only_enforce_if(self.lit(lit))
        return x

    def _solver(self, time_limit: float | None) -> Any:
        """A CP-SAT solver with our workers and time limit. It leaves Ctrl-C to Python: its own
        handler, once done, restores the default one, and the next Ctrl-C would kill Python."""
        solver = self._cp.CpSolver()
        solver.parameters.catch_sigint_signal = False
        if self.workers:
            solver.parameters.num_workers = self.workers
        if time_limit is not None:
            solver.parameters.max_time_in_seconds = max(time_limit, 0.001)
        if self.effort is not None:
            solver.parameters.max_deterministic_time = self.effort / 1000
        for key, value in self.params.items():  # the user's word wins over ours
            if key == "enumerate_all_solutions":  # (enumerate's to choose: see there)
                continue
            current = getattr(solver.parameters, key)
            if isinstance(value, str) and not isinstance(current, str):  # an enum, by name
                value = getattr(type(current), value)
            setattr(solver.parameters, key, value)
        if solver.parameters.log_search_progress and "log_to_stdout" not in self.params:
            # The log asked for goes to stderr: stdout holds the answer (and --json's object).
            solver.parameters.log_to_stdout = False
            solver.log_callback = _log_line
        return solver

    def received(self) -> dict[str, int]:
        """The CP-SAT model's own size: variables (ours and the ones made for tables and
        blocking) and constraints, as in its proto."""
        proto = self.cp.Proto()
        return {"variables": len(proto.variables), "constraints": len(proto.constraints)}

    def solve(self, time_limit: float | None = None) -> Result:
        """Solve; connectivity is lazy here too: cut the networks apart and solve again."""
        deadline = None if time_limit is None else time.monotonic() + time_limit
        cuts = 0
        stats: dict[str, int] = {}
        while True:
            solver = self._solver(None if deadline is None else deadline - time.monotonic())
            code = solver.solve(self.cp)
            status = _status_map().get(code)
            if status is None:
                raise BackendError(
                    f"CP-SAT: {solver.status_name(code)} {self.cp.validate() or ''}".strip()
                )
            stats = _search_stats(solver, stats)
            stats["cuts"] = cuts
            if status is not Status.SOLVED:
                return Result(status, None, stats)
            assignment = self.assignment(solver.response_proto.solution)

            def is_true(lit: Lit, a: Assignment = assignment) -> bool:
                return bool(a(lit))

            new = [cut for c in self.model.connected for cut in connectivity_cuts(c, is_true)]
            new += [cut for c in self.model.matchings for cut in matching_cuts(c, is_true)]
            if not new:
                return Result(Status.SOLVED, assignment, stats)
            cuts += len(new)
            for cut in new:
                self.cp.add_bool_or([self.lit(v) for v in cut])

    def enumerate(self, limit: int, time_limit: float | None = None) -> Iterator[Result]:
        """Few solutions by blocking and re-solving; many by CP-SAT's own enumeration, kept
        distinct on the answer variables (it repeats solutions that differ elsewhere only).
        With ``enumerate_all_solutions`` (a genre's parameter, or the user's), two solutions,
        the proof of uniqueness, come from one enumeration too: one search, without most of
        the presolve, where blocking solves and presolves twice (on small models the presolve
        is most of the time; on large ones it pays)."""
        lazy = self.model.connected or self.model.matchings
        asked = self.params.get("enumerate_all_solutions") is True
        one_search = limit > 2 or (limit == 2 and asked)
        if not one_search or lazy:  # lazy constraints need the blocking loop
            yield from super().enumerate(limit, time_limit)
            return
        cp_model = self._cp
        solver = self._solver(time_limit)
        solver.parameters.enumerate_all_solutions = True
        collector = _Collector(cp_model, self, limit)
        code = solver.solve(self.cp, collector)
        if collector.found:  # one search found them all: its counters go with the first
            first = collector.found[0]
            collector.found[0] = Result(first.status, first.assignment, _search_stats(solver))
        yield from collector.found
        if len(collector.found) < limit:
            status = _status_map().get(code)
            if status is None:
                raise BackendError(f"CP-SAT: {solver.status_name(code)}")
            # A completed search that found solutions reports OPTIMAL: none are left. One the
            # time limit (or effort) stopped after some reports FEASIBLE: there may be more.
            stopped = status is Status.TIMEOUT or code == cp_model.FEASIBLE
            end = Status.TIMEOUT if stopped else Status.UNSOLVABLE
            yield Result(end, None, {} if collector.found else _search_stats(solver))

    def assignment(self, values: Sequence[int]) -> Assignment:
        """The model's variables from CP-SAT's solution vector (ours come first, in order)."""
        nb = self.model.num_bools
        bools = (False, *(bool(values[i]) for i in range(nb)))
        ints = tuple(int(values[nb + i]) for i in range(len(self.ints)))
        return Assignment(bools, ints)

    def exclude(self, assignment: Assignment, among: Sequence[Lit | IntVar] | None = None) -> None:
        m = self.cp
        differ = []
        for x in self.model.answer if among is None else among:
            value = assignment(x)
            if isinstance(x, IntVar):
                flag = m.new_bool_var("")
                m.add(self.ints[x.number] != value).only_enforce_if(flag)
                differ.append(flag)
            else:
                differ.append(~self.lit(x) if value else self.lit(x))
        m.add_bool_or(differ)


SEARCH = (
    ("conflicts", "num_conflicts"),
    ("branches", "num_branches"),
    ("binary_propagations", "num_binary_propagations"),
    ("integer_propagations", "num_integer_propagations"),
    ("restarts", "num_restarts"),
    ("lp_iterations", "num_lp_iterations"),
)
"""The search counters of CP-SAT's response, under our names."""


def _log_line(line: str) -> None:
    """A line of CP-SAT's log (``--param log_search_progress=true``), to stderr."""
    import sys

    print(line, file=sys.stderr, flush=True)


def _search_stats(solver: Any, before: Mapping[str, int] | None = None) -> dict[str, int]:
    """The counters of the solve just done, added to ``before`` (the earlier calls of a
    solve that cut and solved again)."""
    response = solver.response_proto
    found = dict(before or {})
    for ours, theirs in SEARCH:
        found[ours] = found.get(ours, 0) + int(getattr(response, theirs))
    return found


@lru_cache(maxsize=64)
def _check_values(params: tuple[tuple[str, Any], ...]) -> None:
    """CP-SAT's own verdict on parameter values, from a solve of the empty model (its check of
    them is not offered apart): ValueError with its words when it refuses them. Kept: a
    genre's own parameters come with every puzzle of it, and the check costs a solve."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    for key, value in params:
        current = getattr(solver.parameters, key)
        if isinstance(value, str) and not isinstance(current, str):  # an enum, by name
            value = getattr(type(current), value)
        setattr(solver.parameters, key, value)
    solver.parameters.catch_sigint_signal = False
    solver.parameters.log_search_progress = False  # (the check is no run to log)
    if solver.solve(cp_model.CpModel()) == cp_model.MODEL_INVALID:
        raise ValueError(f"CP-SAT refuses it: {solver.solution_info()}")


def _typed(key: str, text: str) -> Any:
    """The value of CP-SAT parameter ``key`` read from ``text`` as its field's type;
    ValueError naming the parameter (and the closest names, when there is none by that name)."""
    from ortools.sat import sat_parameters_pb2

    fields = sat_parameters_pb2.SatParameters.DESCRIPTOR.fields_by_name
    field: Any = fields.get(key)
    if field is None:
        from difflib import get_close_matches

        close = get_close_matches(key, list(fields), n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise UnknownParameter(f"unknown CP-SAT parameter {key!r}{hint}")
    FieldDescriptor = type(field)  # its class holds the names of the types
    repeated = getattr(field, "is_repeated", None)  # (newer protobufs: label() is deprecated)
    if repeated is None:
        repeated = field.label == FieldDescriptor.LABEL_REPEATED
    if repeated or field.type in (
        FieldDescriptor.TYPE_MESSAGE,
        FieldDescriptor.TYPE_GROUP,
    ):
        raise ValueError(f"CP-SAT parameter {key} is a list or a message: not settable here")
    value = text.strip()
    kind = field.type
    if kind == FieldDescriptor.TYPE_BOOL:
        words = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}
        if value.lower() not in words:
            raise ValueError(f"CP-SAT parameter {key} wants true or false, not {text!r}")
        return words[value.lower()]
    if kind == FieldDescriptor.TYPE_ENUM:
        names = list(field.enum_type.values_by_name)
        if value.upper() not in names:
            raise ValueError(
                f"CP-SAT parameter {key} wants one of {', '.join(names)}, not {text!r}"
            )
        return value.upper()
    if kind == FieldDescriptor.TYPE_STRING:
        return value
    if kind in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        try:
            number = float(value)
        except ValueError:
            number = float("nan")
        if number != number:  # NaN, or no number at all
            raise ValueError(f"CP-SAT parameter {key} wants a number, not {text!r}")
        return number
    unsigned = kind in (FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_UINT64)
    bits = 64 if kind in (FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT64) else 32
    low, high = (0, 2**bits - 1) if unsigned else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    try:
        whole = int(value)
    except ValueError:
        whole = None
    if whole is None or not low <= whole <= high:
        raise ValueError(
            f"CP-SAT parameter {key} wants a whole number from {low} to {high}, not {text!r}"
        )
    return whole


def _compare(m: cp_model.CpModel, expr: Any, op: str, bound: int) -> Any:
    """Post ``expr op bound``."""
    if op == "<=":
        return m.add(expr <= bound)
    if op == ">=":
        return m.add(expr >= bound)
    return m.add(expr == bound)


def _status_map() -> dict[Any, Status]:
    """CP-SAT's statuses mapped to ours, in one place."""
    from ortools.sat.python import cp_model

    return {
        cp_model.OPTIMAL: Status.SOLVED,
        cp_model.FEASIBLE: Status.SOLVED,
        cp_model.INFEASIBLE: Status.UNSOLVABLE,
        cp_model.UNKNOWN: Status.TIMEOUT,
    }


def _Collector(cp_model: Any, session: CpSatSession, limit: int) -> Any:
    """A solution callback that keeps solutions new on the answer variables, up to ``limit``."""

    class Collector(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.found: list[Result] = []
            self.seen: set[tuple[int, ...]] = set()

        def on_solution_callback(self) -> None:
            assignment = session.assignment(self.response_proto.solution)
            key = assignment.project(session.model.answer)
            if key in self.seen:
                return
            self.seen.add(key)
            self.found.append(Result(Status.SOLVED, assignment))
            if len(self.found) >= limit:
                self.stop_search()

    return Collector()
