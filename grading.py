"""How hard a puzzle is for a person, measured by the strength of reasoning that finishes it on
the genre's own model, the same for every genre: 1 unit propagation alone; 2 propagation and
failed-literal probing repeated to a fixed point; 3 deeper lookahead (probing inside a probe),
bounded; 4 search. The model is the SAT encoding the ``sat`` backend writes, and python-sat's
own propagation (``propagate`` under assumptions) does every step: no propagator of our own."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .models.model import Assignment, IntVar, Lit, Model
from .registry import Genre

LEVELS = {1: "propagation", 2: "probing", 3: "lookahead", 4: "search"}
"""Each level's name, by the reasoning that finishes a puzzle of that level."""


@dataclass(frozen=True, slots=True)
class Band:
    """A difficulty band (``generate --difficulty``): the grades scored from ``low`` up to, not
    including, ``high``; as a collection, the levels it spans (a level L scores L - 1 to L)."""

    low: float
    high: float

    @property
    def levels(self) -> tuple[int, ...]:
        """The levels whose scores the band takes in, wholly or in part."""
        return tuple(level for level in LEVELS if level - 1 < self.high and level > self.low)

    def __iter__(self) -> Iterator[int]:
        return iter(self.levels)

    def __contains__(self, level: object) -> bool:
        return level in self.levels

    def holds(self, score: float) -> bool:
        """Whether a grade of this score is in the band."""
        return self.low <= score < self.high

    def __str__(self) -> str:
        whole = self.low == min(self.levels) - 1 and self.high == max(self.levels)
        if whole:
            return "/".join(str(level) for level in self.levels)
        levels = "/".join(str(level) for level in self.levels)
        return f"{levels} (score {self.low:g} up to {self.high:g})"


BANDS: Mapping[str, Band] = {
    "easy": Band(0, 1),
    "medium": Band(1, 2),
    "hard": Band(2, 3),
    "extreme": Band(3, 4),
}
"""Each difficulty band (``generate --difficulty``): a level each, the same in every genre
unless its ``About`` declares its own table (``bands``: a score range each), where the scores
within a level part puzzles as people do (Loopy's switches of harder rules)."""

SOLVER = "minisat22"
"""The python-sat solver whose propagation grades: plain unit propagation, no preprocessing."""

LOOKAHEAD_BUDGET = 200_000
"""Propagations allowed to the level-3 lookahead: past them the puzzle is graded 4 (search). A
count, not a time, so a puzzle grades the same on any machine."""

WAVE_SCALE = 20
"""Waves of propagation (in a genre scored so) that score half way through level 1."""

WORK_SCALE = 500
"""Level 2 work (depth times probes) that scores half way through the level (see ``score``)."""


class GradeTimeout(Exception):
    """The deadline passed before the grade was settled."""


class GradeEffort(Exception):
    """The grade took more propagations than it was allowed (a count, the same on every
    machine: a generator gives the attempt up)."""


class Unsolvable(Exception):
    """Propagation found a contradiction: the puzzle has no solution."""


@dataclass(frozen=True, slots=True)
class Grade:
    """A puzzle's grade: its level, a score that orders puzzles within and across levels, the
    probing rounds and the candidates each step eliminated."""

    level: int  # 1 propagation, 2 failed-literal probing, 3 deeper lookahead, 4 search
    score: float  # orders puzzles within and across levels
    rounds: int  # probing rounds (passes over the open candidates) that eliminated something
    eliminated: dict[str, int]  # candidates eliminated by each step
    depth: int = 0  # the deepest probe needed: literals propagated before its contradiction
    candidates: int = 0  # answer candidates to eliminate in all (one value per cell is kept)
    left: int = 0  # candidates still open when the grade was settled (level 4: for search)
    exact: bool = True  # False: stopped at ``max_level``; the level is a lower bound
    propagations: int = 0  # calls of the solver's propagation: the work done
    solution: Any = None  # read from the propagated literals, when they fixed every answer

    @property
    def name(self) -> str:
        """The level's name."""
        return LEVELS[self.level]


def band_of(genre: Genre[Any, Any], score: float) -> str | None:
    """The difficulty band a grade of this score is in (``generate --difficulty`` makes it)."""
    return next((name for name, band in bands(genre).items() if band.holds(score)), None)


def known_level(genre: Genre[Any, Any], score: float) -> str | None:
    """The level of the genre's own that people know (Tatham's Advanced Sudoku) a grade of
    this score matches, where the genre names its levels (``Grading.levels``)."""
    found = (name for name, low, high in genre.about.grading.levels if low <= score < high)
    return next(found, None)


def bands(genre: Genre[Any, Any]) -> Mapping[str, Band]:
    """The difficulty bands of ``genre``: its own when its About declares them, else BANDS."""
    if not genre.about.grading.bands:
        return BANDS
    return {name: Band(low, high) for name, low, high in genre.about.grading.bands}


def grade_encoding(genre: Genre[Any, Any]) -> str:
    """The encoding a genre is graded on: its About's ``grade_encoding``, else its default."""
    return genre.about.grading.encoding or genre.default_encoding


GRADE_PRUNE = True
"""Grade on the model with the builder's domain pruning, which agrees as well or better with
people's levels than the bare model (measured in the README; Keen 0.79 against 0.75), and is
faster. The pruning deduces only what the givens force outright."""


def grade(
    genre: Genre[Any, Any],
    puzzle: Any,
    max_level: int = 4,
    deadline: float | None = None,
    encoding: str | None = None,
    prune: bool | None = None,
    stop: float | None = None,
    effort: int | None = None,
) -> Grade:
    """The grade of a puzzle assumed unique (one with several solutions grades 4: nothing less
    than search can fix an answer that is not fixed). ``deadline`` is a ``time.monotonic()``
    instant: GradeTimeout past it. Unsolvable when propagation meets a contradiction. On the
    pruned model (``prune``) unless the genre says otherwise (``Grading.prune``). ``stop``: once
    the score reaches it (as probing and lookahead go on, it only rises), the grade so far, not
    exact (a generator asking for a band below it need not know how far past it lies).
    ``effort``: GradeEffort past that many propagations."""
    pruned = GRADE_PRUNE and genre.about.grading.prune if prune is None else prune
    built = genre.build(puzzle, encoding or grade_encoding(genre), prune=pruned)
    prober = _Prober(built.model, deadline, built.hints, built.tiers, effort)
    prober.waves = genre.about.grading.waves
    try:
        return prober.run(max_level, built.decode, stop)
    finally:
        prober.close()


@dataclass(slots=True)
class _Work:
    """What the grading did so far, for the score."""

    candidates: int
    rounds: int = 0
    depth: int = 0
    tiers: int = 0  # switches of harder rules turned on
    of: int = 0  # switches the model has
    waves: int = 0  # waves of propagation that solve it (where the genre scores level 1 so)


def score(level: int, eliminated: Mapping[str, int], work: _Work, left: int) -> float:
    """``level - 1`` plus a fraction below 1, so levels never overlap. Level 1: the share of the
    model's switches of harder rules it needed, ``tiers / (switches + 1)``; 0 for a model with
    none, as propagation alone leaves no lookahead to weigh (any order tried agreed worse).
    Level 2: ``x / (x + WORK_SCALE)`` with ``x = depth * (1 + probing eliminations)``, the
    deepest probe needed times how many probes it took. Level 3: ``n / (n + 5)`` for ``n``
    lookahead eliminations. Level 4: the share of candidates left for search."""
    if level == 1 and work.waves:
        fraction = work.waves / (work.waves + WAVE_SCALE)
    elif level == 1:
        fraction = work.tiers / (work.of + 1)
    elif level == 2:
        x = work.depth * (1 + eliminated.get("probing", 0))
        fraction = x / (x + WORK_SCALE)
    elif level == 3:
        n = eliminated.get("lookahead", 0)
        fraction = n / (n + 5)
    else:
        fraction = left / max(work.candidates, 1)
    return round(level - 1 + min(fraction, 0.9999), 4)


def waves(clauses: list[list[Lit]], facts: list[Lit]) -> int:
    """How many waves of propagation reach the fixed point from the facts: each wave deduces at
    once every literal a clause forces from what the waves before it knew, as a person going
    over the board again and again deduces what is plain from the board as it stands. (A wave
    looks again only at the clauses of what the wave before it deduced.)"""
    known: dict[int, bool] = {abs(lit): lit > 0 for lit in facts}
    touching: dict[int, list[int]] = {}
    for k, clause in enumerate(clauses):
        for lit in clause:
            touching.setdefault(abs(lit), []).append(k)
    look: set[int] = set(range(len(clauses)))
    count = 0
    while look:
        found: dict[int, bool] = {}
        for k in look:
            open_lit = 0
            for lit in clauses[k]:
                value = known.get(abs(lit))
                if value is None:
                    if open_lit:
                        break
                    open_lit = lit
                elif value == (lit > 0):
                    break
            else:
                if open_lit and abs(open_lit) not in found:
                    found[abs(open_lit)] = open_lit > 0
        if not found:
            return count
        known.update(found)
        count += 1
        look = {k for var in found for k in touching.get(var, ())}
    return count


def facts_and_clauses(
    written: list[list[Lit]], leave_out: tuple[Lit, ...] = ()
) -> tuple[list[Lit], list[list[Lit]]]:
    """A model's clauses as the sat backend wrote them, for python-sat's ``propagate``: its
    units as facts to assume (a solver keeps a unit at level 0, where ``propagate`` never
    reports it; a literal written twice counts once), the others as clauses; the units in
    ``leave_out`` dropped. Unsolvable on an empty clause."""
    facts: list[Lit] = []
    clauses: list[list[Lit]] = []
    for each in written:
        clause = list(dict.fromkeys(each))
        if len(clause) == 1 and clause[0] in leave_out:
            continue
        if len(clause) == 1:
            facts.append(clause[0])
        elif not clause:
            raise Unsolvable("the model has an empty clause")
        else:
            clauses.append(clause)
    return facts, clauses


class _Prober:
    """The model's clauses in two python-sat solvers: ``solver`` takes the facts deduced so far
    as assumptions and reports all they imply (python-sat reports no literal fixed at level 0);
    ``prober`` holds them as unit clauses, so a probe propagates from its own literal alone.
    Lazy constraints (circuits, networks, pairings) and the model's hints add their cuts to
    both as they bite."""

    def __init__(
        self,
        model: Model,
        deadline: float | None,
        hints: Callable[[Callable[[Lit], bool]], list[tuple[Lit, ...]]] | None = None,
        tiers: tuple[Lit, ...] = (),
        effort: int | None = None,
    ) -> None:
        from pysat.solvers import Solver

        from .solvers.sat import SatSession

        translated = SatSession(model, SOLVER)  # the encoder of the sat backend, reused
        self.model = model
        self.values = translated.values
        self.deadline = deadline
        self.effort = effort  # propagations allowed (None: any number)
        # (a switch of harder rules is left out, turned on in turn: see run)
        self.facts, clauses = facts_and_clauses(translated.clauses, tiers)
        self.clauses = clauses
        self.waves = False  # level 1 scored by its waves of propagation (Grading.waves)
        self.solver: Any = Solver(name=SOLVER, bootstrap_with=clauses)
        self.prober: Any = Solver(name=SOLVER, bootstrap_with=clauses)
        self.settled = 0  # facts already given to the prober as units
        self.cuts: set[tuple[Lit, ...]] = set()
        self.calls = 0
        # The answer's candidates: a literal per value of an integer, both of a Boolean.
        self.groups: list[list[Lit]] = []
        for x in model.answer:
            if isinstance(x, IntVar):
                self.groups.append(list(self.values[x.number].values()))
            else:
                self.groups.append([x, -x])
        self.hints = hints
        self.tiers = tiers
        self.lazy = bool(model.circuits or model.connected or model.matchings or hints)

    def close(self) -> None:
        """The native solvers' memory back."""
        self.solver.delete()
        self.prober.delete()

    # -- propagation ---------------------------------------------------------------------------

    def _tick(self) -> None:
        """One more propagation; GradeTimeout past the deadline, GradeEffort past the effort."""
        self.calls += 1
        if self.effort is not None and self.calls > self.effort:
            raise GradeEffort
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise GradeTimeout

    def state(self) -> set[Lit] | None:
        """Everything unit propagation implies from the facts, lazy constraints included; None
        on a contradiction. The prober takes the new facts as units."""
        while True:
            self._tick()
            ok, implied = self.solver.propagate(assumptions=self.facts)
            if not ok:
                return None
            found = set(implied)
            if not self.lazy or not self._cut(found):
                break
        for lit in self.facts[self.settled :]:
            self.prober.add_clause([lit])
        self.settled = len(self.facts)
        return found

    def probe(self, assumptions: list[Lit], base: set[Lit]) -> int | None:
        """None when ``assumptions`` propagate from the current facts (``base``, what they
        imply) without a contradiction; else how many literals were propagated before it."""
        while True:
            self._tick()
            ok, trail = self.prober.propagate(assumptions=assumptions)
            if not ok:
                return len(trail)
            if not self.lazy or not self._cut(base.union(trail)):
                return None

    def closure(self, assumptions: list[Lit], base: set[Lit]) -> set[Lit] | None:
        """What ``assumptions`` imply with the facts, or None on a contradiction."""
        while True:
            self._tick()
            ok, trail = self.prober.propagate(assumptions=assumptions)
            if not ok:
                return None
            found = base.union(trail)
            if not self.lazy or not self._cut(found):
                return found

    def _cut(self, implied: set[Lit]) -> bool:
        """Add the cuts of the lazy constraints that propagate or fail under ``implied``; True
        when one was added (the caller propagates again). A network's and a pairing's cuts are
        taken over the edges still possible, a circuit's over the arcs already certain."""
        from .models.graph import connectivity_cuts, matching_cuts, subtour_cuts

        def possible(lit: Lit) -> bool:
            return -lit not in implied

        def certain(lit: Lit) -> bool:
            return lit in implied

        cuts: list[tuple[Lit, ...]] = []
        for c in self.model.connected:
            cuts += connectivity_cuts(c, possible)
        for m in self.model.matchings:
            cuts += matching_cuts(m, possible)
        for circuit in self.model.circuits:
            cuts += subtour_cuts(circuit, certain)
        if self.hints is not None:
            cuts += self.hints(certain)
        added = False
        for cut in cuts:
            open_ = [lit for lit in cut if -lit not in implied]
            if len(open_) > 1 or any(lit in implied for lit in cut) or cut in self.cuts:
                continue  # neither fails nor forces anything now
            self.cuts.add(cut)
            added = True
            if len(cut) == 1:
                self.facts.append(cut[0])
            elif not cut:
                self.facts.extend([1, -1])  # a contradiction whatever holds
            else:
                self.solver.add_clause(list(cut))
                self.prober.add_clause(list(cut))
        return added

    # -- the levels ----------------------------------------------------------------------------

    def open_candidates(self, implied: set[Lit]) -> list[Lit]:
        """The answer candidates neither implied nor ruled out, in the model's order."""
        found = []
        for group in self.groups:
            if any(lit in implied for lit in group) and len(group) > 2:
                continue  # this value is placed: its other values are out with it
            found += [lit for lit in group if lit not in implied and -lit not in implied]
        return found

    def eliminated(self, implied: set[Lit]) -> int:
        """How many answer candidates ``implied`` rules out."""
        out = 0
        for group in self.groups:
            if len(group) == 2:
                out += sum(1 for lit in group if -lit in implied)
            elif any(lit in implied for lit in group):
                out += len(group) - 1
            else:
                out += sum(1 for lit in group if -lit in implied)
        return out

    def solved(self, implied: set[Lit]) -> bool:
        """Every answer variable is fixed."""
        return all(any(lit in implied for lit in group) for group in self.groups)

    def run(
        self, max_level: int, decode: Callable[[Assignment], Any], stop: float | None = None
    ) -> Grade:
        """Propagation, turning the model's switches of harder rules on one at a time while it
        is stuck; then rounds of probing, easiest first, to a fixed point; then bounded
        lookahead; as far as needed. A round probes every open candidate from the same facts
        and rules out those whose contradiction lies within the depth needed so far, or, when
        none does, the shallowest: the depth is how far a person must look ahead (the literals
        propagated before the contradiction, beyond the facts), and the grade keeps the
        deepest step it needed."""
        total = sum(len(g) - 1 for g in self.groups)
        steps = {"propagation": 0, "probing": 0, "lookahead": 0}
        work = _Work(total, of=len(self.tiers))
        implied = self.state()
        while implied is not None and work.tiers < work.of and not self.solved(implied):
            self.facts.append(self.tiers[work.tiers])  # harder rules, easiest first
            work.tiers += 1
            implied = self.state()
        if implied is None:
            raise Unsolvable("unit propagation meets a contradiction")
        given = self.eliminated(set(self.facts))
        done = self.eliminated(implied)
        steps["propagation"] = done - given
        level = 1
        if self.waves and self.solved(implied):
            work.waves = waves(self.clauses, self.facts)
        budget = LOOKAHEAD_BUDGET
        while not self.solved(implied):
            if stop is not None and level > 1 and score(level, steps, work, 0) >= stop:
                return self._grade(level, steps, work, implied, decode, False)
            if max_level < 2:
                return self._grade(2, steps, work, implied, decode, False)
            failed: list[tuple[int, Lit]] = []
            for lit in self.open_candidates(implied):
                depth = self.probe([lit], implied)
                if depth is not None:
                    failed.append((depth, lit))
            if failed:
                work.rounds += 1
                work.depth = max(work.depth, min(d for d, _ in failed))
                out = [-lit for d, lit in failed if d <= work.depth]
                steps["probing"] += len(out)
                level = max(level, 2)
            else:
                if max_level < 3:
                    return self._grade(3, steps, work, implied, decode, False)
                # Probing is stuck: a round of lookahead, probing inside each probe.
                found, budget = self._lookahead(implied, budget)
                if found is None:
                    return self._grade(4, steps, work, implied, decode, True)
                out = [-found]
                steps["lookahead"] += 1
                work.rounds += 1
                level = 3
            self.facts.extend(out)
            implied = self.state()
            if implied is None:
                raise Unsolvable("probing meets a contradiction")
            now = self.eliminated(implied)
            steps["propagation"] += now - done - len(out)
            done = now
        return self._grade(level, steps, work, implied, decode, True)

    def _lookahead(self, implied: set[Lit], budget: int) -> tuple[Lit | None, int]:
        """An open candidate whose probe, itself probed to a fixed point, fails; None when
        none does, or the budget of propagations runs out first."""
        for lit in self.open_candidates(implied):
            assumed = [lit]
            inner = self.closure(assumed, implied)
            budget -= 1
            changed = True
            while changed and inner is not None:
                changed = False
                for other in self.open_candidates(inner):
                    if other in inner or -other in inner:
                        continue
                    budget -= 1
                    if budget <= 0:
                        return None, 0
                    if self.probe([*assumed, other], inner) is not None:
                        assumed.append(-other)
                        inner = self.closure(assumed, implied)
                        changed = True
                        if inner is None:
                            break
            if inner is None:
                return lit, budget
        return None, budget

    def _grade(
        self,
        level: int,
        steps: dict[str, int],
        work: _Work,
        implied: set[Lit],
        decode: Callable[[Assignment], Any],
        exact: bool,
    ) -> Grade:
        """The grade, and the solution read from the propagated literals when they fix it."""
        solution = self._decode(implied, decode) if self.solved(implied) else None
        left = work.candidates - self.eliminated(implied)
        return Grade(
            level=level,
            score=score(level, steps, work, left),
            rounds=work.rounds,
            eliminated=dict(steps),
            depth=work.depth,
            candidates=work.candidates,
            left=left,
            exact=exact,
            propagations=self.calls,
            solution=solution,
        )

    def _decode(self, implied: set[Lit], decode: Callable[[Assignment], Any]) -> Any:
        """The solution the implied literals spell, when the model's own variables are all
        fixed by them (auxiliary ones may be left open: a Boolean not implied reads false)."""
        bools = tuple(v in implied for v in range(self.model.num_bools + 1))
        ints = []
        for lits in self.values:
            found = [v for v, lit in lits.items() if lit in implied]
            if len(found) != 1:
                return None
            ints.append(found[0])
        try:
            return decode(Assignment(bools, tuple(ints)))
        except (KeyError, ValueError, IndexError):
            return None
