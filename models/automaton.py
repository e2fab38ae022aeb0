"""A line of cells read by a finite automaton, written as clauses on which unit propagation
alone finds every cell the line's rule decides (a person reading a line: of all the ways the
line's clue fits, what they agree on). The clauses are Bacchus's for the regular constraint:
a literal per (position, state) reached and per transition taken, each the conjunction of the
state before and the cell's value, with supports both ways.

Used where a genre's rule is a line's rule: Tents' rows (so many tents, never two side by side).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TypeVar

from .model import Lit, Model

State = TypeVar("State", bound=Hashable)


def add_automaton(
    model: Model,
    cells: Sequence[Lit | bool],
    start: State,
    step: Callable[[State, bool], State | None],
    accepts: Callable[[State], bool],
    switch: Lit | None = None,
) -> None:
    """The cells, read in order (True a cell whose literal holds), take the automaton from
    ``start`` to an accepting state; ``step`` gives the next state, None where the word cannot
    go on. A cell given as a bool is known. With a ``switch``, every clause holds only when the
    switch does (a redundant rule that grading turns on). Every variable is defined by the
    cells, so solutions keep their number."""
    add_word(
        model,
        [{cell: True} if isinstance(cell, bool) else {False: -cell, True: cell} for cell in cells],
        start,
        step,
        accepts,
        switch,
    )


Letter = TypeVar("Letter", bound=Hashable)


def add_word(
    model: Model,
    positions: Sequence[Mapping[Letter, Lit | bool]],
    start: State,
    step: Callable[[State, Letter], State | None],
    accepts: Callable[[State], bool],
    switch: Lit | None = None,
) -> None:
    """As ``add_automaton``, for positions that each hold one of several letters: a position
    maps each letter it may hold to the literal that says it does (True: known). Exactly one
    letter per position is the caller's rule. (A variable read at two positions is sound but
    propagates less than all the word's ways agree on.)"""
    guard = [] if switch is None else [-switch]

    def add(*lits: Lit | bool) -> None:
        if any(x is True for x in lits):  # (not `True in lits`: the literal 1 equals True)
            return
        model.add_clause([*guard, *(x for x in lits if not isinstance(x, bool))])

    layers: list[set[State]] = [{start}]
    for letters in positions:
        layers.append({t for s in layers[-1] for v in letters if (t := step(s, v)) is not None})
    alive: list[set[State]] = [set() for _ in layers]
    alive[-1] = {s for s in layers[-1] if accepts(s)}
    for i in range(len(positions) - 1, -1, -1):
        alive[i] = {s for s in layers[i] for v in positions[i] if step(s, v) in alive[i + 1]}
    if not alive[0]:
        add()  # no word of these letters is accepted
        return
    here: dict[State, Lit | bool] = {start: True}
    for i, letters in enumerate(positions):
        nxt = alive[i + 1]
        there: dict[State, Lit | bool] = (
            {s: True for s in nxt}
            if len(nxt) == 1
            else dict(zip(nxt, model.bool_vars(len(nxt)), strict=True))
        )
        if len(nxt) > 1:
            states = list(there.values())
            add(*states)
            for a in range(len(states)):
                for b in range(a + 1, len(states)):
                    add(-states[a], -states[b])
        incoming: dict[State, list[Lit | bool]] = {t: [] for t in nxt}
        outgoing: dict[State, list[Lit | bool]] = {s: [] for s in here}
        reading: dict[Letter, list[Lit | bool]] = {v: [] for v in letters}
        for s, q in here.items():
            for v, x in letters.items():
                t = step(s, v)
                if t not in nxt:
                    continue
                conj = [y for y in (q, x) if not isinstance(y, bool)]
                if not conj:
                    e: Lit | bool = True
                elif len(conj) == 1:
                    e = conj[0]
                else:
                    e = model.bool_var()
                    # e is the state before and the letter read together
                    add(-e, conj[0])
                    add(-e, conj[1])
                    add(e, -conj[0], -conj[1])
                incoming[t].append(e)
                outgoing[s].append(e)
                reading[v].append(e)
                r = there[t]
                if e is not True:
                    add(-e, r)  # the transition taken reaches its state
                else:
                    add(r)
        for t, es in incoming.items():  # a state reached came by some transition
            r = there[t]
            if not isinstance(r, bool):
                add(-r, *es)
        for s, es in outgoing.items():  # a state left takes some transition
            q = here[s]
            if isinstance(q, bool):
                add(*es)
            else:
                add(-q, *es)
        for v, es in reading.items():  # the letter is read by some transition
            x = letters[v]
            if not isinstance(x, bool):
                add(-x, *es)
            elif not es:
                add()  # a known letter no way reads
        here = there
