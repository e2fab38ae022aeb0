"""How hard a puzzle is for a person, measured by the strength of reasoning that finishes it on
the genre's own model, the same for every genre: 1 unit propagation alone; 2 propagation and
failed-literal probing repeated to a fixed point; 3 deeper lookahead (probing inside a probe),
bounded; 4 search. The model is the SAT encoding the ``sat`` backend writes, and python-sat's
own propagation (``propagate`` under assumptions) does every step: no propagator of our own."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .genres import Genre
from .models.model import Assignment, IntVar, Lit, Model

LEVELS = {1: "propagation", 2: "probing", 3: "lookahead", 4: "search"}
"""Each level's name, by the reasoning that finishes a puzzle of that level."""

BANDS: Mapping[str, tuple[int, ...]] = {
    "easy": (1,),
    "medium": (2,),
    "hard": (3,),
    "extreme": (4,),
}
"""The levels of each difficulty band (``generate --difficulty``); a genre may declare its own
on its ``About`` (``bands``)."""

SOLVER = "minisat22"
"""The python-sat solver whose propagation grades: plain unit propagation, no preprocessing."""

LOOKAHEAD_BUDGET = 200_000
"""Propagations allowed to the level-3 lookahead: past them the puzzle is graded 4 (search). A
count, not a time, so a puzzle grades the same on any machine."""

WEIGHTS = {"propagation": 0.0, "probing": 1.0, "lookahead": 8.0}
"""The score's weight of one elimination by each step (see ``score``)."""


class GradeTimeout(Exception):
    """The deadline passed before the grade was settled."""


class Unsolvable(Exception):
    """Propagation found a contradiction: the puzzle has no solution."""


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade: its level, a score that orders puzzles within and across levels, the
    probing rounds and the candidates each step eliminated."""

    level: int  # 1 propagation, 2 failed-literal probing, 3 deeper lookahead, 4 search
    score: float  # orders puzzles within and across levels
    rounds: int  # probing rounds (passes over the open candidates) that eliminated something
    eliminated: dict[str, int]  # candidates eliminated by each step
    candidates: int = 0  # answer candidates to eliminate in all (one value per cell is kept)
    left: int = 0  # candidates still open when the grade was settled (level 4: for search)
    exact: bool = True  # False: stopped at ``max_level``; the level is a lower bound
    propagations: int = 0  # calls of the solver's propagation: the work done
    solution: Any = None  # read from the propagated literals, when they fixed every answer

    @property
    def name(self) -> str:
        """The level's name."""
        return LEVELS[self.level]


def bands(genre: Genre[Any, Any]) -> Mapping[str, tuple[int, ...]]:
    """The difficulty bands of ``genre``: its own when its About declares them, else BANDS."""
    return dict(genre.about.bands) if genre.about.bands else BANDS


def grade_encoding(genre: Genre[Any, Any]) -> str:
    """The encoding a genre is graded on: its About's ``grade_encoding``, else its default."""
    return genre.about.grade_encoding or genre.default_encoding


GRADE_PRUNE = False
"""Grade on the model without the builder's domain pruning: the pruning is itself reasoning
(Sudoku's pencil marks, singles) that the grade should count; measured in the README."""


def grade(
    genre: Genre[Any, Any],
    puzzle: Any,
    max_level: int = 4,
    deadline: float | None = None,
    encoding: str | None = None,
    prune: bool = GRADE_PRUNE,
) -> Grade:
    """The grade of a puzzle assumed unique (one with several solutions grades 4: nothing less
    than search can fix an answer that is not fixed). ``deadline`` is a ``time.monotonic()``
    instant: GradeTimeout past it. Unsolvable when propagation meets a contradiction."""
    built = genre.build(puzzle, encoding or grade_encoding(genre), prune=prune)
    prober = _Prober(built.model, deadline)
    try:
        return prober.run(max_level, built.decode)
    finally:
        prober.close()


def score(level: int, eliminated: Mapping[str, int], rounds: int, candidates: int) -> float:
    """``level - 1`` plus a fraction below 1 that grows with the weighted work of the steps
    (WEIGHTS: an elimination by probing counts 1, by lookahead 8) and the probing rounds, per
    candidate: levels never overlap, and within one more and deeper work scores higher."""
    work = sum(WEIGHTS.get(step, 0.0) * n for step, n in eliminated.items()) + rounds
    fraction = work / (work + max(candidates, 1) / 10)
    return round(level - 1 + fraction, 4)


class _Prober:
    """The model's clauses in one python-sat solver; the facts deduced so far are assumptions
    (python-sat reports no literal fixed at level 0), lazy constraints add their cuts."""

    def __init__(self, model: Model, deadline: float | None) -> None:
        from pysat.solvers import Solver

        from .solvers.sat import SatSession

        translated = SatSession(model, SOLVER)  # the encoder of the sat backend, reused
        self.model = model
        self.values = translated.values
        self.deadline = deadline
        self.facts: list[Lit] = []
        clauses = []
        for clause in translated.clauses:
            if len(clause) == 1:
                self.facts.append(clause[0])
            elif not clause:
                raise Unsolvable("the model has an empty clause")
            else:
                clauses.append(clause)
        self.solver: Any = Solver(name=SOLVER, bootstrap_with=clauses)
        self.cuts: set[tuple[Lit, ...]] = set()
        self.calls = 0
        # The answer's candidates: a literal per value of an integer, both of a Boolean.
        self.groups: list[list[Lit]] = []
        for x in model.answer:
            if isinstance(x, IntVar):
                self.groups.append(list(self.values[x.index].values()))
            else:
                self.groups.append([x, -x])
        self.lazy = bool(model.circuits or model.connected or model.matchings)

    def close(self) -> None:
        """The native solver's memory back."""
        self.solver.delete()

    # -- propagation ---------------------------------------------------------------------------

    def propagate(self, assumptions: list[Lit]) -> set[Lit] | None:
        """Everything unit propagation implies from ``assumptions``, lazy constraints included
        (their cuts are added as they bite); None on a contradiction."""
        while True:
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise GradeTimeout
            self.calls += 1
            ok, implied = self.solver.propagate(assumptions=assumptions)
            if not ok:
                return None
            found = set(implied)
            if not self.lazy or not self._cut(found):
                return found

    def _cut(self, implied: set[Lit]) -> bool:
        """Add the cuts of the lazy constraints that propagate or fail under ``implied``; True
        when one was added (the caller propagates again)."""
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

    def run(self, max_level: int, decode: Callable[[Assignment], Any]) -> Grade:
        """Propagation, then probing to a fixed point, then bounded lookahead, as far as needed."""
        total = sum(len(g) - 1 for g in self.groups)
        steps = {"propagation": 0, "probing": 0, "lookahead": 0}
        rounds = 0
        implied = self.propagate(self.facts)
        if implied is None:
            raise Unsolvable("unit propagation meets a contradiction")
        done = self.eliminated(implied)
        steps["propagation"] = done
        level = 1
        budget = LOOKAHEAD_BUDGET
        while not self.solved(implied):
            if max_level < 2:
                return self._grade(2, steps, rounds, total, implied, decode, False)
            # One round of probing: each open candidate that fails is ruled out at once.
            progress = False
            for lit in self.open_candidates(implied):
                if lit in implied or -lit in implied:
                    continue
                if self.propagate([*self.facts, lit]) is None:
                    self.facts.append(-lit)
                    implied = self.propagate(self.facts)
                    if implied is None:
                        raise Unsolvable("probing meets a contradiction")
                    steps["probing"] += 1
                    now = self.eliminated(implied)
                    steps["propagation"] += now - done - 1
                    done = now
                    progress = True
            if progress:
                rounds += 1
                level = max(level, 2)
                continue
            if max_level < 3:
                return self._grade(3, steps, rounds, total, implied, decode, False)
            # Probing is stuck: a round of lookahead, probing inside each probe.
            found, budget = self._lookahead(implied, budget)
            if found is None:
                return self._grade(4, steps, rounds, total, implied, decode, True)
            self.facts.append(-found)
            implied = self.propagate(self.facts)
            if implied is None:
                raise Unsolvable("lookahead meets a contradiction")
            steps["lookahead"] += 1
            now = self.eliminated(implied)
            steps["propagation"] += now - done - 1
            done = now
            rounds += 1
            level = 3
        return self._grade(level, steps, rounds, total, implied, decode, True)

    def _lookahead(self, implied: set[Lit], budget: int) -> tuple[Lit | None, int]:
        """An open candidate whose probe, itself probed to a fixed point, fails; None when
        none does, or the budget of propagations runs out first."""
        for lit in self.open_candidates(implied):
            inner = self.propagate([*self.facts, lit])
            budget -= 1
            if inner is None:
                return lit, budget
            assumed = [*self.facts, lit]
            changed = True
            while changed and inner is not None:
                changed = False
                for other in self.open_candidates(inner):
                    if other in inner or -other in inner:
                        continue
                    budget -= 1
                    if budget <= 0:
                        return None, 0
                    if self.propagate([*assumed, other]) is None:
                        assumed.append(-other)
                        inner = self.propagate(assumed)
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
        rounds: int,
        total: int,
        implied: set[Lit],
        decode: Callable[[Assignment], Any],
        exact: bool,
    ) -> Grade:
        """The grade, and the solution read from the propagated literals when they fix it."""
        solution = self._decode(implied, decode) if self.solved(implied) else None
        left = total - self.eliminated(implied)
        return Grade(
            level=level,
            score=score(level, steps, rounds, total),
            rounds=rounds,
            eliminated=dict(steps),
            candidates=total,
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
