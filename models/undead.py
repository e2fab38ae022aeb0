"""Undead as a model: a Boolean per (cell, monster), exactly one per cell, the totals as counts,
and each clue as a count over its line of sight: of "seen" literals, one per visit (a ghost not
there, looking directly; a vampire not there, in a mirror: ``seen``), or of the monsters that
would be seen (``kinds``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..puzzles.undead import MIRRORS, MONSTERS, Board, Undead, turn, visible
from .automaton import add_word
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("seen", "kinds", "paths")
"""``paths`` is ``seen`` with each line of sight read whole, both its clues at once, behind a
switch: what grading is done on (Tatham's solver reasons so, a path at a time)."""

Cell = tuple[int, int]
SEEN = {False: "VZ", True: "GZ"}
"""The monsters seen on a visit, directly (False) or in a mirror (True)."""


def allowed(puzzle: Undead, prune: bool = True) -> dict[Cell, str]:
    """The monsters each cell may hold: its shown one, else all three; ``prune`` takes away
    what a clue of 0 (nothing seen on its line) or of every cell it passes (all seen) forbids,
    and what a total of 0 forbids."""
    found = {
        (r, c): ch if ch in MONSTERS else MONSTERS
        for r, row in enumerate(puzzle.rows)
        for c, ch in enumerate(row)
        if ch not in MIRRORS
    }
    if not prune:
        return found
    for monster, total in puzzle.totals().items():
        if total == 0:
            for cell in found:
                found[cell] = found[cell].replace(monster, "")
    for _, clue, _, visits in puzzle.clues():
        if clue == 0 or clue == len(visits):
            for cell, mirrored in visits:
                keep = (
                    SEEN[mirrored]
                    if clue
                    else "".join(m for m in MONSTERS if m not in SEEN[mirrored])
                )
                found[cell] = "".join(m for m in found[cell] if m in keep)
    return found


def build(puzzle: Undead, encoding: str = "seen", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle`` in ``encoding``; ``prune`` first narrows each cell by the clues
    of 0 and of every cell (``allowed``)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    domains = allowed(puzzle, prune)
    if any(not values for values in domains.values()):
        model.add_clause([])  # some cell can hold no monster: no solution
        domains = {cell: values or "G" for cell, values in domains.items()}
    x: dict[Cell, dict[str, Lit]] = {}
    for cell, values in domains.items():
        x[cell] = dict(zip(values, model.bool_vars(len(values)), strict=True))
        # Every cell without a mirror holds exactly one monster.
        model.add_exactly_one(x[cell].values())
    # As many of each monster as the totals say. Read as a person reads them (``paths``): no
    # more than each total, which says the same when the totals add up to the cells, since
    # every cell holds one (Tatham's solver counts so: that the last cells must be the
    # monsters still missing takes it past his Easy level).
    totals = puzzle.totals()
    most = encoding == "paths" and sum(totals.values()) == len(x)
    for monster, total in totals.items():
        lits = [v[monster] for v in x.values() if monster in v]
        if len(lits) < total or (total and not lits):
            model.add_clause([])
        elif lits:
            model.add_sum(lits, [1] * len(lits), "<=" if most else "==", total)
    # Each clue counts the monsters seen along its line.
    for _, clue, _, visits in puzzle.clues():
        weights: dict[Lit, int] = {}
        need = clue
        for cell, mirrored in visits:
            for lit, sign in _counted(x[cell], SEEN[mirrored], encoding):
                if lit == 0:
                    need -= sign
                else:
                    weights[lit] = weights.get(lit, 0) + sign
        lits = list(weights)
        if need < 0 or need > sum(weights.values()):
            model.add_clause([])
        elif lits:
            model.add_sum(lits, [weights[lit] for lit in lits], "==", need)
    cells = list(x)
    model.answer = [lit for cell in cells for lit in x[cell].values()]
    tiers: tuple[Lit, ...] = ()
    if encoding == "paths":
        switch = model.bool_var()
        model.add_clause([switch])
        tiers = (switch,)
        for path, first, last in _paths(puzzle):
            passes = [(x[cell], before, after) for cell, before, after in path]
            _read_path(model, passes, first, last, switch)
    decoder = _decoder(puzzle, x)
    return Built(model, decoder, {cell: dict(x[cell]) for cell in cells}, tiers=tiers)


Path = list[tuple[Cell, bool, bool]]
"""The cells a line of sight passes, each with whether a mirror lies between it and the
path's first end, and between it and its last."""


def _paths(puzzle: Undead) -> list[tuple[Path, int | None, int | None]]:
    """Every line of sight with a clue at either end, once: its cells, its first and last
    clues."""
    found = []
    done: set[Cell] = set()
    for place, _, start, step in puzzle.entries():
        if place in done:
            continue
        (r, c), passed, mirrors = start, [], 0
        while 0 <= r < puzzle.height and 0 <= c < puzzle.width:
            ch = puzzle.rows[r][c]
            if ch in MIRRORS:
                step, mirrors = turn(ch, step), mirrors + 1
            else:
                passed.append(((r, c), mirrors))
            r, c = r + step[0], c + step[1]
        done |= {place, (r, c)}
        first, last = puzzle.clue_at(place), puzzle.clue_at((r, c))
        if passed and (first is not None or last is not None):
            path = [(cell, k > 0, k < mirrors) for cell, k in passed]
            found.append((path, first, last))
    return found


def _read_path(
    model: Model,
    visits: Sequence[tuple[Mapping[str, Lit], bool, bool]],
    first: int | None,
    last: int | None,
    switch: Lit,
) -> None:
    """A line of sight read as a person reads it, both clues at once: of all the ways its
    cells fit both counts, the monsters they agree on; an automaton counting the monsters seen
    from either end."""

    State = tuple[int, int, int]  # the visits read, the monsters seen from each end so far

    def step(state: State, monster: str) -> State | None:
        at, a, b = state
        _, before, after = visits[at]
        a += visible(monster, before)
        b += visible(monster, after)
        if (first is not None and a > first) or (last is not None and b > last):
            return None
        return at + 1, a, b

    def accepts(state: State) -> bool:
        _, a, b = state
        return (first is None or a == first) and (last is None or b == last)

    add_word(model, [cell for cell, _, _ in visits], (0, 0, 0), step, accepts, switch)


def _counted(cell: Mapping[str, Lit], seen: str, encoding: str) -> list[tuple[Lit, int]]:
    """What a visit adds to its clue's count, as (literal, 1) pairs, or (0, 1) for a monster
    seen for sure: ``seen``, one literal (the monster not seen not there, or the one seen
    there); ``kinds``, the literal of each monster that would be seen."""
    here = [m for m in cell if m in seen]
    if len(here) == len(cell):
        return [(0, 1)]
    if not here:
        return []
    if encoding == "kinds":
        return [(cell[m], 1) for m in here]
    hidden = [m for m in cell if m not in seen]
    if len(hidden) == 1:
        return [(-cell[hidden[0]], 1)]
    return [(cell[here[0]], 1)]


def _decoder(puzzle: Undead, x: Mapping[Cell, Mapping[str, Lit]]) -> Callable[[Assignment], Board]:
    def decode(a: Assignment) -> Board:
        return tuple(
            "".join(
                ch if ch in MIRRORS else next(m for m, lit in x[(r, c)].items() if a(lit))
                for c, ch in enumerate(row)
            )
            for r, row in enumerate(puzzle.rows)
        )

    return decode
