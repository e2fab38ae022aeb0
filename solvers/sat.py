"""python-sat: the model as CNF (cardinality and PB encodings, one-hot integers), lazy circuits."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import combinations
from typing import Any, TypeVar

from ..models.graph import connectivity_cuts, degree_groups, matching_cuts, subtour_cuts
from ..models.model import Assignment, IntVar, Lit, Model, Table
from .base import (
    Backend,
    BackendError,
    Result,
    Session,
    Status,
    Unfinished,
    UnknownParameter,
    raise_if_interrupted,
)

# The solvers python-sat offers, best known first.
SOLVERS = (
    "cadical195",
    "kissat404",
    "glucose42",
    "glucose4",
    "minisat22",
    "maplechrono",
    "mergesat3",
    "lingeling",
    "cadical153",
    "glucose3",
    "maplecm",
    "maplesat",
    "minicard",
    "gluecard4",
    "gluecard3",
    "minisatgh",
)
NOT_INCREMENTAL = frozenset({"kissat404"})
NO_INTERRUPT = frozenset({"cadical195", "cadical153", "kissat404", "lingeling"})
NO_BUDGET = frozenset({"lingeling", "kissat404"})
NATIVE_CARD = frozenset({"minicard", "gluecard3", "gluecard4"})
"""The solvers that hold cardinality constraints natively (python-sat's ``add_atmost``): an
at-most-one group or a sum of weight one is one constraint there, not clauses."""
PROBER = "minisat22"
"""The solver whose unit propagation probes ``Model.probe`` (python-sat lets it propagate
under assumptions, and it loads a formula fastest)."""
WARM = "cadical195"
"""The solver that, after a non-incremental solver's solution, first looks for the next one
from it: started with that solution as its phases, it finds a solution differing in a few
places within a few conflicts, where the non-incremental solver would search from scratch
(Hidato 30x30 with 30% shown: the second search 0.88 -> 0.04 s median, ten boards)."""
WARM_CONFLICTS = 1000
"""The warm start's conflict budget: past it, the non-incremental solver searches as before."""
PAIRWISE_UP_TO = 6
"""Exactly-one and at-most-one groups up to this size are pairwise clauses; larger ones a ladder."""
CARD_ENCODINGS = (
    "seqcounter",
    "totalizer",
    "mtotalizer",
    "kmtotalizer",
    "sortnetwrk",
    "cardnetwrk",
    "pairwise",
    "bitwise",
    "ladder",
)
"""``--param card=``: python-sat's cardinality encodings that give clauses (not ``native``)."""
AT_MOST_ONE_ONLY = frozenset({"pairwise", "bitwise", "ladder"})
"""The cardinality encodings python-sat has for a bound of one only."""
PB_ENCODINGS = (
    "best",
    "bdd",
    "seqcounter",
    "sortnetwrk",
    "adder",
    "binmerge",
    "totalizer",
    "mixedradix",
    "watchdog",
)
"""``--param pb=``: python-sat's pseudo-Boolean encodings that give clauses (not ``native``)."""
SAT_PARAMS = {"card": CARD_ENCODINGS, "pb": PB_ENCODINGS}
_T = TypeVar("_T")


class SatBackend(Backend):
    """One python-sat solver, named as python-sat names it (``sat:cadical195``)."""

    family = "sat"

    def __init__(self, solver: str) -> None:
        self.solver = solver
        self.name = f"sat:{solver}"
        caps = {"circuit-lazy", "linear"}
        if solver not in NOT_INCREMENTAL:
            caps.add("incremental")
        if solver not in NO_INTERRUPT or solver not in NO_BUDGET:
            caps.add("time-limit")
        if solver not in NO_BUDGET:
            caps.add("effort")  # Session.effort: a conflict budget
        self.capabilities = frozenset(caps)
        self.slices = solver not in NO_BUDGET  # Session.in_process, by conflict budgets

    def unavailable(self) -> str | None:
        try:
            from pysat.solvers import Solver
        except ImportError as e:
            raise_if_interrupted(e)
            return f"python-sat is not installed ({e})"
        try:
            with Solver(name=self.solver, bootstrap_with=[[1]]) as s:
                s.solve()
        except Exception as e:  # python-sat raises bare exceptions for missing solvers
            return f"python-sat cannot load {self.solver} ({e or type(e).__name__})"
        return None

    def open(self, model: Model, params: Mapping[str, str] | None = None) -> Session:
        return SatSession(model, self.solver, self.parameters(params or {}))

    def before_limit(self) -> None:
        """The thread that interrupts a search at its deadline, where one does (see _Alarm)."""
        if self.solver not in NO_INTERRUPT:
            _ALARM.ready()

    def loads_in_python(self, model: Model, params: Mapping[str, str] | None) -> bool:
        """Clauses and small groups are written here; sums and linear constraints may call
        python-sat's cardinality and PB encoders (native), as ``card=`` does for large groups."""
        return not (model.sums or model.linears or (params and "card" in params))

    def parameters(self, params: Mapping[str, str]) -> dict[str, Any]:
        """What python-sat lets us choose: ``card`` (the cardinality encoding: sums of
        weight one, and the at-most-one groups larger than PAIRWISE_UP_TO) and ``pb`` (the
        pseudo-Boolean encoding of weighted sums), each one of python-sat's names."""
        checked: dict[str, Any] = {}
        for key, text in params.items():
            choices = SAT_PARAMS.get(key)
            if choices is None:
                from difflib import get_close_matches  # (for a mistake: not on every run)

                close = get_close_matches(key, list(SAT_PARAMS), n=1, cutoff=0.5)
                hint = f"; did you mean {close[0]}?" if close else ""
                raise UnknownParameter(
                    f"unknown parameter {key!r} for {self.name} (it takes card= and pb=){hint}"
                )
            value = text.strip().lower()
            if value not in choices:
                from difflib import get_close_matches

                close = get_close_matches(value, choices, n=1, cutoff=0.6)
                hint = f"; did you mean {close[0]}?" if close else ""
                raise ValueError(
                    f"{self.name} parameter {key} wants one of {', '.join(choices)}, "
                    f"not {text!r}{hint}"
                )
            checked[key] = value
        return checked


class SatSession(Session):
    """The model's CNF in one solver; lazy subtour cuts and blocking clauses are added to it."""

    def __init__(self, model: Model, solver: str, params: Mapping[str, str] | None = None) -> None:
        from pysat.formula import IDPool

        self.model = model
        self.name = solver
        self.card: str | None = (params or {}).get("card")
        self.pb: str | None = (params or {}).get("pb")
        self.native = solver in NATIVE_CARD and self.card is None
        self.atmosts: list[tuple[list[int], int]] = []  # native: (lits, k), sum(lits) <= k
        self.pool = IDPool(start_from=model.num_bools + 1)
        self.clauses: list[list[int]] = []
        self.values: list[dict[int, int]] = [self._one_hot(x) for x in model.ints]
        self._translate(model)
        self.encoded = {"variables": self.pool.top, "clauses": len(self.clauses)}
        if self.atmosts:
            self.encoded["cardinality"] = len(self.atmosts)
        """The CNF as translated, before any cut or blocking clause."""
        self.solver: Any = None
        self.stale = True  # the solver must be (re)built from self.clauses
        self.loaded = 0  # clauses given to the native solver, at its building and since
        self.counted: dict[str, int] = {}  # its counters when last read (they accumulate)
        self.assumptions: list[Lit] = []  # literals every call assumes (a generator's givens)
        self.settled: set[int] | None = None  # the true variables of a CNF of units alone
        self.probed = not model.probe  # whether the failed-literal probing is done
        self.failed: int | None = None  # the literals it found false
        self.hint: list[int] | None = None  # a non-incremental solver's last solution

    # -- translation -------------------------------------------------------------------------

    def _translate(self, model: Model) -> None:
        """Every constraint of the model as clauses."""
        add = self.clauses.extend
        add(list(c) for c in model.clauses)
        for group in model.exactly_one:
            self.clauses.append(list(group))
            self._at_most_one(group)
        for group in model.at_most_one:
            self._at_most_one(group)
        for s in model.sums:
            add(self._sum(s.lits, s.weights, s.op, s.bound, alone=True))
        for c in model.linears:
            self._linear(c.terms, c.op, c.rhs, [-e for e in c.enforce])
        for xs in model.all_different:
            self._all_different(xs)
        for t, table in enumerate(model.tables):
            self._table(t, table)
        for circuit in model.circuits:
            for group in degree_groups(circuit):
                self.clauses.append(list(group))
                self._at_most_one(group)

    def _at_most_one(self, lits: Sequence[Lit]) -> None:
        """Pairwise for small groups, a sequential counter (linear size) for large ones, written
        here: a call into pysat's encoders per group costs more than the clauses. With
        ``card`` set, large groups take that encoding of python-sat's instead."""
        if self.native and len(lits) > 2:
            self.atmosts.append((list(lits), 1))
            return
        if self.card is not None and len(lits) > PAIRWISE_UP_TO:
            self.clauses.extend(self._card(list(lits), "<=", 1))
            return
        if len(lits) <= PAIRWISE_UP_TO:
            neg = [-a for a in lits]
            self.clauses.extend([a, b] for a, b in combinations(neg, 2))
            return
        # s[i]: one of lits[0..i] is true; a true literal needs no earlier one.
        s = self._fresh(len(lits) - 1)
        add = self.clauses.append
        add([-lits[0], s[0]])
        for i in range(1, len(lits) - 1):
            x = lits[i]
            add([-x, s[i]])
            add([-s[i - 1], s[i]])
            add([-x, -s[i - 1]])
        add([-lits[-1], -s[-1]])

    def _fresh(self, count: int) -> range:
        """``count`` new auxiliary variables (the pool's ``id`` costs more per variable)."""
        first = self.pool.top + 1
        self.pool.top += count
        return range(first, first + count)

    def _all_different(self, xs: Sequence[IntVar]) -> None:
        """At most one variable takes each value; exactly one when values and variables match
        one to one (a permutation), which propagates much better."""
        by_value: dict[int, list[int]] = {}
        for x in xs:
            for v, lit in self.values[x.number].items():
                by_value.setdefault(v, []).append(lit)
        permutation = len(by_value) == len(xs)
        for lits in by_value.values():
            if permutation:
                self.clauses.append(lits)
            self._at_most_one(lits)

    def _table(self, t: int, table: Table) -> None:
        """A selector per admissible row: some row is chosen, a chosen row sets every column,
        and each column value needs a chosen row that has it (which propagates fully)."""
        columns = [
            self.values[c.number] if isinstance(c, IntVar) else dict(c) for c in table.columns
        ]
        rows = [r for r in table.rows if all(v in col for v, col in zip(r, columns, strict=True))]
        if len(columns) == 2:  # a relation between two one-hot columns needs no selectors
            self._pairs(columns[0], columns[1], rows)
            return
        chosen = list(self._fresh(len(rows)))
        self.clauses.append(chosen)
        support: list[dict[int, list[int]]] = [{} for _ in columns]
        for sel, row in zip(chosen, rows, strict=True):
            for i, v in enumerate(row):
                self.clauses.append([-sel, columns[i][v]])
                support[i].setdefault(v, []).append(sel)
        for col, by_value in zip(columns, support, strict=True):
            for v, lit in col.items():
                self.clauses.append([-lit, *by_value.get(v, [])])

    def _pairs(self, first: dict[int, int], second: dict[int, int], rows: list[Any]) -> None:
        """Two columns take an allowed pair: each value of either column implies the values of
        the other it is paired with (each column holds exactly one value)."""
        partners: tuple[dict[int, list[int]], dict[int, list[int]]] = ({}, {})
        for a, b in rows:
            partners[0].setdefault(a, []).append(second[b])
            partners[1].setdefault(b, []).append(first[a])
        for col, found in zip((first, second), partners, strict=True):
            for v, lit in col.items():
                self.clauses.append([-lit, *found.get(v, [])])

    def _one_hot(self, x: IntVar) -> dict[int, int]:
        """A literal per value of ``x``, exactly one of them true."""
        lits = dict(zip(x.domain, self._fresh(len(x.domain)), strict=True))
        self.clauses.append(list(lits.values()))
        self._at_most_one(list(lits.values()))
        return lits

    def _linear(
        self, terms: Sequence[tuple[int, IntVar | Lit]], op: str, rhs: int, relax: list[Lit]
    ) -> None:
        """``sum(c * x) op rhs``; each clause is relaxed by ``relax`` (the negated enforcers)."""
        terms = [(k, x) for k, x in terms if k]
        ints = [(k, x) for k, x in terms if isinstance(x, IntVar)]
        if len(ints) == len(terms) and len(ints) in (1, 2):
            self._support(ints, op, rhs, relax)
            return
        # Otherwise a weighted sum over literals: an integer counts through its value literals.
        lits: list[int] = []
        weights: list[int] = []
        for k, x in terms:
            if isinstance(x, IntVar):
                for v, lit in self.values[x.number].items():
                    lits.append(lit)
                    weights.append(k * v)
            else:
                lits.append(x)
                weights.append(k)
        self.clauses.extend(relax + c for c in self._sum(lits, weights, op, rhs))

    def _sum(
        self, lits: Sequence[Lit], weights: Sequence[int], op: str, bound: int, alone: bool = False
    ) -> list[list[int]]:
        """Clauses for ``sum(w * lit) op bound``: a cardinality encoding when every weight is 1,
        a PB encoding otherwise; trivial bounds become no clause or the empty clause. ``alone``:
        the clauses are not relaxed by others, so a native cardinality constraint may stand in."""
        # Make every weight positive: w * lit = |w| * (not lit) - |w| when w < 0.
        pos_lits: list[int] = []
        pos_weights: list[int] = []
        for lit, w in zip(lits, weights, strict=True):
            if w > 0:
                pos_lits.append(lit)
                pos_weights.append(w)
            elif w < 0:
                pos_lits.append(-lit)
                pos_weights.append(-w)
                bound -= w
        total = sum(pos_weights)
        # The sum lies in 0..total: settle the bounds that need no encoding.
        if (op == "<=" and bound >= total) or (op == ">=" and bound <= 0):
            return []
        if (op != ">=" and bound < 0) or (op != "<=" and bound > total):
            return [[]]
        if op == "==" and bound in (0, total):
            return [[-lit] if bound == 0 else [lit] for lit in pos_lits]
        if all(w == 1 for w in pos_weights):
            if self.native and alone:
                # sum <= k as it is; sum >= k as at most n - k of the negations.
                if op != ">=":
                    self.atmosts.append((pos_lits, bound))
                if op != "<=":
                    self.atmosts.append(([-lit for lit in pos_lits], len(pos_lits) - bound))
                return []
            return self._card(pos_lits, op, bound)
        PBEnc = pb_encoder()
        pb = {"<=": PBEnc.atmost, ">=": PBEnc.atleast, "==": PBEnc.equals}[op]
        extra: dict[str, Any] = {}
        if self.pb is not None:
            from pysat.pb import EncType as PBType

            extra["encoding"] = getattr(PBType, self.pb)
        cnf = pb(lits=pos_lits, weights=pos_weights, bound=bound, vpool=self.pool, **extra)
        return [list(c) for c in cnf.clauses]

    def _card(self, lits: list[Lit], op: str, bound: int) -> list[list[int]]:
        """``sum(lits) op bound`` in the cardinality encoding chosen (a sequential counter
        unless ``card`` says otherwise)."""
        from pysat.card import CardEnc, EncType

        name = self.card or "seqcounter"
        if name in AT_MOST_ONE_ONLY and (op != "<=" or bound != 1):
            raise BackendError(
                f"card={name} encodes 'at most one' only, and this model has a sum "
                f"{op} {bound}; choose another card= (seqcounter, totalizer, ...)"
            )
        card = {"<=": CardEnc.atmost, ">=": CardEnc.atleast, "==": CardEnc.equals}[op]
        cnf = card(lits=lits, bound=bound, vpool=self.pool, encoding=getattr(EncType, name))
        return [list(c) for c in cnf.clauses]

    def _support(self, ints: list[tuple[int, IntVar]], op: str, rhs: int, relax: list[Lit]) -> None:
        """One or two integer terms: for each value of the first, the values the second allows."""
        holds = {"<=": int.__le__, ">=": int.__ge__, "==": int.__eq__}[op]
        (a, x), rest = ints[0], ints[1:]
        xs = self.values[x.number]
        for p, xlit in xs.items():
            if not rest:
                if not holds(a * p, rhs):
                    self.clauses.append([*relax, -xlit])
                continue
            b, y = rest[0]
            ys = self.values[y.number]
            if op == "==":  # the one value of y that balances p, when it is in y's domain
                q, r = divmod(rhs - a * p, b)
                allowed = [ys[q]] if r == 0 and q in ys else []
            else:
                allowed = [ylit for q, ylit in ys.items() if holds(a * p + b * q, rhs)]
            if len(allowed) < len(ys):
                self.clauses.append([*relax, -xlit, *allowed])

    # -- solving -----------------------------------------------------------------------------

    def solve(self, time_limit: float | None = None) -> Result:
        deadline = None if time_limit is None else time.monotonic() + time_limit
        cuts = 0
        while True:
            status = self._solve_once(deadline)
            if status is not Status.SOLVED:
                return Result(status, None, self._stats(cuts))
            true = self._true_vars()
            is_true = _truth(true)
            new = [list(cut) for c in self.model.circuits for cut in subtour_cuts(c, is_true)]
            new += [
                list(cut) for c in self.model.connected for cut in connectivity_cuts(c, is_true)
            ]
            new += [list(cut) for c in self.model.matchings for cut in matching_cuts(c, is_true)]
            if not new:
                return Result(Status.SOLVED, self._assignment(true), self._stats(cuts))
            cuts += len(new)
            self._add(new)

    def exclude(self, assignment: Assignment, among: Sequence[Lit | IntVar] | None = None) -> None:
        self._add([self._blocking(assignment, among)])

    def _blocking(
        self, assignment: Assignment, among: Sequence[Lit | IntVar] | None = None
    ) -> list[int]:
        """The clause that ``exclude`` adds: some answer variable differs from ``assignment``."""
        clause = []
        bools = assignment.bools
        for x in self.model.answer if among is None else among:
            if isinstance(x, IntVar):
                clause.append(-self.values[x.number][assignment(x)])
            elif bools[x] if x > 0 else not bools[-x]:
                clause.append(-x)
            else:
                clause.append(x)
        return clause

    def switch(self) -> Lit:
        """A fresh literal to hold clauses under, for a solver shared by many puzzles: what
        ``exclude_while`` adds holds in the calls that assume it, and ``retire`` sets it false
        for good (its clauses then hold nothing back)."""
        return self._fresh(1)[0]

    def exclude_while(
        self, assignment: Assignment, switch: Lit, among: Sequence[Lit | IntVar] | None = None
    ) -> None:
        """``exclude`` in the calls that assume ``switch``, and in no other."""
        self._add([[-switch, *self._blocking(assignment, among)]])

    def retire(self, switch: Lit) -> None:
        """``switch`` false from now on: what was excluded under it is allowed again."""
        self._add([[-switch]])

    def received(self) -> dict[str, int]:
        """The CNF as encoded (variables, clauses), and the clauses the solver was given in
        all: the encoding's, then the cuts and blocking clauses added since."""
        found = {**self.encoded, "clauses_loaded": self.loaded}
        if self.failed is not None:
            found["failed_literals"] = self.failed
        return found

    def _stats(self, cuts: int) -> dict[str, int]:
        """The search counters of the calls since the last read (python-sat's accumulate)."""
        found: dict[str, int] = {}
        counters = ("conflicts", "decisions", "propagations", "restarts")
        try:
            if self.solver is not None:
                now = self.solver.accum_stats()
            else:  # answered from the units alone: no search
                now = dict.fromkeys(counters, 0) if self.settled is not None else {}
        except Exception:  # Kissat keeps its counters to itself in python-sat
            now = {}
        for key in counters:
            if key in now:
                found[key] = max(0, int(now[key]) - self.counted.get(key, 0))
        self.counted = {k: int(v) for k, v in now.items()}
        found["cuts"] = cuts
        return found

    def literal(self, x: IntVar | Lit, value: int) -> Lit:
        """The literal that says answer variable ``x`` takes ``value``."""
        if isinstance(x, IntVar):
            return self.values[x.number][value]
        return x if value else -x

    def close(self) -> None:
        self.settled = None
        if self.solver is not None:
            self.solver.delete()
            self.solver = None
            self.counted = {}

    def _add(self, clauses: Iterable[list[int]]) -> None:
        """New clauses: into the live solver when it is incremental, else at the next rebuild."""
        clauses = list(clauses)
        self.clauses.extend(clauses)
        if self.solver is not None and self.name not in NOT_INCREMENTAL:
            self.solver.append_formula(clauses)
            self.loaded += len(clauses)
        else:
            self.stale = True

    def _solve_once(self, deadline: float | None) -> Status:
        """One call of the native solver, within the deadline where the solver can be stopped."""
        if self.stale and not self.assumptions and not self.atmosts:
            # Units alone (a model its builder's pruning settled): answered without a native
            # solver, whose making and two calls would cost more than the whole rest of a run.
            units = _units_only(self.clauses)
            if units is not None:
                self.close()
                agree, self.settled = units
                return Status.SOLVED if agree else Status.UNSOLVABLE
        from pysat.solvers import Solver

        if self.stale:
            self.close()
            if not self.probed and not self._probe(deadline):
                return Status.TIMEOUT
            if not self.clauses:  # MapleSAT crashes on a formula with no variable: give it one
                self.clauses.append([self._fresh(1)[0]])
            if self.hint is not None and (deadline is None or time.monotonic() < deadline):
                warm = self._guarded(self._warm)
                if warm is not None:
                    return warm
            try:
                self.solver = Solver(name=self.name, bootstrap_with=self.clauses)
                for lits, k in self.atmosts:
                    self.solver.add_atmost(lits, k)
                self.loaded = len(self.clauses) + len(self.atmosts)
            except Exception as e:
                raise BackendError(f"python-sat cannot load {self.name} ({e})") from e
            self.stale = self.name in NOT_INCREMENTAL
        status = self._guarded(lambda: self._call(self.solver, deadline))
        if status is Status.SOLVED and self.name in NOT_INCREMENTAL:
            self.hint = self.solver.get_model()
        return status

    def _guarded(self, call: Callable[[], _T]) -> _T:
        """A native call, Ctrl-C during it raised as KeyboardInterrupt."""
        try:
            return call()
        except Exception as e:
            # python-sat turns Ctrl-C during a native call into a plain error with this text.
            if "keyboard interrupt" in str(e).lower():
                raise KeyboardInterrupt from None
            raise

    def _warm(self) -> Status | None:
        """The next call after a non-incremental solver's solution: WARM, its phases set to that
        solution, within WARM_CONFLICTS conflicts; None when it does not settle the question in
        them (the non-incremental solver then searches from scratch). A solution that differs
        from the last in a few places is so found in a few conflicts (the solution itself is
        excluded, or refused by a cut). Left out with assumptions (the non-incremental solver
        takes none) or native cardinality constraints (it holds none)."""
        from pysat.solvers import Solver

        hint, self.hint = self.hint, None
        if hint is None or self.assumptions or self.atmosts:
            return None
        solver = Solver(name=WARM, bootstrap_with=self.clauses)
        solver.set_phases(hint)
        solver.conf_budget(WARM_CONFLICTS)
        answer = solver.solve_limited()
        if answer is None:
            solver.delete()
            return None
        self.solver = solver  # read as the native solver until the next rebuild
        self.loaded = len(self.clauses)
        if answer:
            self.hint = solver.get_model()  # the start of the call after this one
        return _status(answer)

    def _probe(self, deadline: float | None) -> bool:
        """Each literal of ``model.probe`` assumed in turn and propagated: one that fails is
        false in every solution and joins the clauses as a unit, before the first search, so
        the solver starts from places that propagation alone rules out two steps deep. False
        when the deadline passes first (the units found so far are kept)."""
        from pysat.solvers import Solver

        self.probed = True
        units: list[list[int]] = []
        done = True
        # (Native cardinality constraints, when the solver holds them, are left out here: a
        # literal that fails on fewer constraints fails on all, so the units stay sound.)
        with Solver(name=PROBER, bootstrap_with=self.clauses) as prober:
            for i, lit in enumerate(self.model.probe):
                if deadline is not None and not i % 256 and time.monotonic() > deadline:
                    done = False
                    break
                if not prober.propagate(assumptions=[lit], phase_saving=0)[0]:
                    prober.add_clause([-lit])
                    units.append([-lit])
        self.clauses.extend(units)
        self.failed = len(units)
        return done

    def _call(self, s: Any, deadline: float | None) -> Status:
        """The native call: stopped by an interrupt, or by conflict budgets, where it can be."""
        if self.effort is not None and self.name not in NO_BUDGET:
            s.conf_budget(self.effort)
            return _status(s.solve_limited(assumptions=self.assumptions))
        if deadline is None and self.in_process is not None and self.name not in NO_BUDGET:
            return self._slices(s, None, self.in_process)
        if deadline is None:
            return _status(s.solve(assumptions=self.assumptions))
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return Status.TIMEOUT
        if self.name not in NO_INTERRUPT:
            try:
                with _ALARM.at(deadline, s.interrupt):
                    answer = s.solve_limited(self.assumptions, expect_interrupt=True)
            finally:
                s.clear_interrupt()
            return _status(answer)
        if self.name not in NO_BUDGET:
            return self._slices(s, deadline)
        # This solver cannot be stopped in-process: solve_isolated's child is killed instead.
        return _status(s.solve(assumptions=self.assumptions))

    def _slices(self, s: Any, deadline: float | None, most: float | None = None) -> Status:
        """The search in slices of conflicts, each sized to take about a third of the time left
        before ``deadline``; TIMEOUT at the deadline. With ``most`` (a run in process), slices
        of at most that many seconds, and Unfinished once the search has taken them (many
        slices would slow it: each call starts the solver's search again)."""
        budget = 1000
        begun = time.monotonic()
        while True:
            target = float("inf")
            if most is not None:
                target = most - (time.monotonic() - begun)
                if target <= 0:
                    raise Unfinished
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return Status.TIMEOUT
                target = min(target, left / 3)
            s.conf_budget(budget)
            start = time.monotonic()
            answer = s.solve_limited(assumptions=self.assumptions)
            if answer is not None:
                return _status(answer)
            took = max(time.monotonic() - start, 1e-4)
            budget = max(100, min(budget * 4, int(budget * target / took)))

    def _true_vars(self) -> set[int]:
        """The variables the solver set true."""
        if self.settled is not None:
            return self.settled
        return {lit for lit in self.solver.get_model() if lit > 0}

    def _assignment(self, true: set[int]) -> Assignment:
        """The model's variables as the solver set them."""
        bools = tuple(v in true for v in range(self.model.num_bools + 1))
        ints = []
        for x, lits in zip(self.model.ints, self.values, strict=True):
            found = [v for v, lit in lits.items() if lit in true]
            if len(found) != 1:
                raise BackendError(f"integer {x.name} decoded to {len(found)} values")
            ints.append(found[0])
        return Assignment(bools, tuple(ints))


def _units_only(clauses: list[list[int]]) -> tuple[bool, set[int]] | None:
    """When no clause has two literals or more: whether the units agree (no empty clause, no
    literal with its negation), and the variables they set true (the others false); None when
    some clause is longer."""
    true: set[int] = set()
    false: set[int] = set()
    agree = True
    for clause in clauses:
        if len(clause) != 1:
            if clause:
                return None
            agree = False
            continue
        lit = clause[0]
        if lit > 0:
            true.add(lit)
        else:
            false.add(-lit)
    return agree and not true & false, true


def _truth(true: set[int]) -> Callable[[Lit], bool]:
    """The value of a literal, given the set of true variables."""
    return lambda lit: lit in true if lit > 0 else -lit not in true


def _status(answer: bool | None) -> Status:
    """python-sat's answers mapped to ours, in one place."""
    if answer is None:
        return Status.TIMEOUT
    return Status.SOLVED if answer else Status.UNSOLVABLE


def pb_encoder() -> Any:
    """python-sat's PB encoder; it loads pindakaas, whose library fails to load when the memory
    limit is reached, and python-sat then fails an assertion: say what it is instead."""
    try:
        from pysat.pb import PBEnc
    except (ImportError, AssertionError) as e:
        import importlib.util

        if importlib.util.find_spec("pindakaas") is None:
            raise BackendError(
                "python-sat's weighted sums need pindakaas: pip install 'python-sat[pb]'"
            ) from None
        raise MemoryError(f"the PB encoder (pindakaas) could not be loaded: {e}") from None
    return PBEnc


class _Alarm:
    """One thread that calls an action (a solver's interrupt) at a deadline. Made at the
    latest when first armed, or by ``ready`` before a child's memory limit is set: under a tight
    limit a new thread may fail after it began, and a ``threading.Timer`` then never starts
    and never says so (its ``start`` waits for it for ever). Its waits are on locks made with
    it, so an armed alarm allocates next to nothing; one busy elsewhere (another thread's
    search) leaves the arming to a Timer of its own."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._free = threading.Lock()
        self._making = threading.Lock()
        if hasattr(os, "register_at_fork"):  # (where there is fork)
            os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        self._making = threading.Lock()  # (a lock another thread held at the fork stays held)

    def ready(self) -> None:
        """The thread, started here unless it runs (a fork's child has none of its parent's)."""
        with self._making:
            if self._thread is None or not self._thread.is_alive():
                self._start()

    def _start(self) -> None:
        self._free = threading.Lock()
        self._wake, self._idle = threading.Lock(), threading.Lock()
        self._wake.acquire()
        self._idle.acquire()
        self._due: tuple[float, Callable[[], Any], Any] | None = None
        self._thread = threading.Thread(target=self._run, name="sat-alarm", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            self._wake.acquire()
            assert self._due is not None
            deadline, action, done = self._due
            left = min(max(0.0, deadline - time.monotonic()), threading.TIMEOUT_MAX)
            if not done.acquire(timeout=left):
                action()
                done.acquire()  # (the search has ended: the arming is over)
            self._idle.release()

    @contextmanager
    def at(self, deadline: float, action: Callable[[], Any]) -> Iterator[None]:
        """``action()`` at ``deadline`` (time.monotonic) unless the block has ended; not after
        it ends, so the search's interrupt can be cleared then."""
        self.ready()
        if not self._free.acquire(blocking=False):
            timer = threading.Timer(max(0.0, deadline - time.monotonic()), action)
            timer.start()
            try:
                yield
            finally:
                timer.cancel()
                timer.join()
            return
        try:
            done = threading.Lock()
            done.acquire()
            self._due = (deadline, action, done)
            self._wake.release()
            try:
                yield
            finally:
                done.release()
                self._idle.acquire()
        finally:
            self._free.release()


_ALARM = _Alarm()
