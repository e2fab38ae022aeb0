"""Dominosa as a model: a Boolean per place a domino can lie (two cells side by side), each
cell covered once and each pair of numbers laid once."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..puzzles.dominosa import Board, Domino, Dominosa
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("both", "cells", "pairs", "basic")
"""``basic`` is ``both`` with the rules of Tatham's Basic level behind a switch, and his Hard
level's sets of a number's cells behind another (as clauses written on demand): what grading
is done on."""


def forced(puzzle: Dominosa, spots: list[Domino]) -> tuple[set[int], set[int]] | None:
    """The spots laid and the spots ruled out by the rules alone, from the given dominoes: a
    domino rules out the spots over its cells and the other spots of its pair; a cell with one
    spot left, or a pair with one, lays it. None on a contradiction (a cell or a pair with no
    spot left)."""
    at_cell: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
    at_pair: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
    for k, (a, b) in enumerate(spots):
        at_cell[a].append(k)
        at_cell[b].append(k)
        at_pair[puzzle.pair((a, b))].append(k)
    index = {d: k for k, d in enumerate(spots)}
    laid: set[int] = set()
    out: set[int] = set()
    todo = [index[d] for d in sorted(puzzle.placed)]
    n = puzzle.largest
    groups = [at_cell[cell] for cell in at_cell]
    groups += [at_pair.get((a, b), []) for a in range(n + 1) for b in range(a, n + 1)]
    while True:
        while todo:
            k = todo.pop()
            if k in laid:
                continue
            if k in out:
                return None
            laid.add(k)
            a, b = spots[k]
            out.update(j for j in (*at_cell[a], *at_cell[b], *at_pair[puzzle.pair(spots[k])])
                       if j != k)  # fmt: skip
        for group in groups:
            if any(k in laid for k in group):
                continue
            left = [k for k in group if k not in out]
            if not left:
                return None
            if len(left) == 1:
                todo.append(left[0])
        if not todo:
            return laid, out


def build(puzzle: Dominosa, encoding: str = "both", prune: bool = True) -> Built[Board]:
    """A literal per spot a domino can lie on. ``both``: exactly one domino over each cell and
    exactly one on the spots of each pair of numbers. ``cells``: exactly one over each cell, at
    most one per pair; ``pairs``: exactly one per pair, at most one over each cell (either half
    implies the other: (N+1)(N+2)/2 dominoes cover the (N+1)(N+2) cells and lay as many
    pairs). ``prune`` first lays what the given dominoes, lone spots of a cell and lone spots
    of a pair force, so the model keeps the open spots alone."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    basic = encoding == "basic"
    encoding = "both" if basic else encoding
    spots = puzzle.spots()
    model = Model()
    laid: set[int] = set()
    out: set[int] = set()
    if prune:
        found = forced(puzzle, spots)
        if found is None:
            # The rules cannot all hold: a model with no solution says so.
            x = model.bool_var()
            model.add_clause([x])
            model.add_clause([-x])
            return Built(model, lambda a: ())
        laid, out = found
    open_spots = [k for k in range(len(spots)) if k not in laid and k not in out]
    lit: dict[int, Lit] = dict(zip(open_spots, model.bool_vars(len(open_spots)), strict=True))
    if not prune:
        index = {d: k for k, d in enumerate(spots)}
        for d in puzzle.placed:
            model.add_clause([lit[index[d]]])
    at_cell: defaultdict[tuple[int, int], list[Lit]] = defaultdict(list)
    at_pair: defaultdict[tuple[int, int], list[Lit]] = defaultdict(list)
    done_cells: set[tuple[int, int]] = set()
    done_pairs: set[tuple[int, int]] = set()
    for k in laid:
        done_cells.update(spots[k])
        done_pairs.add(puzzle.pair(spots[k]))
    for k, x in lit.items():
        a, b = spots[k]
        at_cell[a].append(x)
        at_cell[b].append(x)
        at_pair[puzzle.pair(spots[k])].append(x)
    n = puzzle.largest
    cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)]
    pairs = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    cell_groups = [at_cell[cell] for cell in cells if cell not in done_cells]
    pair_groups = [at_pair[p] for p in pairs if p not in done_pairs]
    for groups, exact in ((cell_groups, encoding != "pairs"), (pair_groups, encoding != "cells")):
        for group in groups:
            if exact:
                model.add_exactly_one(group)
            elif len(group) > 1:
                model.add_at_most_one(group)
    model.answer = list(lit.values())
    tiers: tuple[Lit, ...] = ()
    hints = None
    if basic:
        switch, sets = model.bool_vars(2)
        model.add_clause([switch])
        model.add_clause([sets])
        tiers = (switch, sets)
        _basic(model, puzzle, {spots[k]: x for k, x in lit.items()}, switch)
        hints = _sets(puzzle, [spots[k] for k in laid], {spots[k]: x for k, x in lit.items()}, sets)
    return Built(model, _decoder(puzzle, spots, laid, lit), hints=hints, tiers=tiers)


def _sets(
    puzzle: Dominosa, laid: list[Domino], lit: dict[Domino, Lit], switch: Lit
) -> Callable[[Callable[[Lit], bool]], list[tuple[Lit, ...]]]:
    """Tatham's Hard level, as clauses written on demand (when ``switch`` holds): some cells of
    one number whose dominoes left are as many as they are, none a double that could cover two
    of them, take those dominoes between them, so no other spot takes one."""
    by_number: defaultdict[int, list[tuple[int, int]]] = defaultdict(list)
    for r, row in enumerate(puzzle.rows):
        for c, number in enumerate(row):
            by_number[number].append((r, c))
    cover: defaultdict[tuple[int, int], list[Domino]] = defaultdict(list)
    for spot in [*laid, *lit]:
        cover[spot[0]].append(spot)
        cover[spot[1]].append(spot)
    of_pair: defaultdict[tuple[int, int], list[Domino]] = defaultdict(list)
    for spot in lit:
        of_pair[puzzle.pair(spot)].append(spot)

    # Per number: its cells, and per cell the spots over it with the other number each shows
    # and, for a double, the other cell's index.
    numbers: list[tuple[int, list[tuple[int, int]], list[list[tuple[Domino, int, int]]]]] = []
    for number, cells in by_number.items():
        if len(cells) > 16:
            continue  # (as Tatham's: too many subsets to look through)
        index = {cell: i for i, cell in enumerate(cells)}
        spots_of = []
        for cell in cells:
            near = []
            for spot in cover[cell]:
                a, b = puzzle.pair(spot)
                twin = index[spot[0] if spot[1] == cell else spot[1]] if a == b else -1
                near.append((spot, a + b - number, twin))
            spots_of.append(near)
        numbers.append((number, cells, spots_of))
    known: dict[tuple[int, ...], list[tuple[int, int]]] = {}  # (sets found, by the cells' bits)

    def tight(others: tuple[int, ...], doubled: tuple[int, ...]) -> list[tuple[int, int]]:
        """The sets of cells (as bits) whose dominoes left (as bits) are as many as they are,
        none a double that could cover two of them, between 2 and all but 2 of the cells."""
        n = len(others)
        union = [0] * (1 << n)
        clash = [False] * (1 << n)
        size = [0] * (1 << n)
        found = []
        # A cell with one domino left is a set of its own, whose domino the simpler rules
        # take away elsewhere; and a set found is not looked for again inside a larger one
        # (as Tatham's solver does).
        done = sum(1 << i for i, bits in enumerate(others) if bits.bit_count() <= 1)
        for chosen in range(1, 1 << n):
            if chosen & done:
                continue
            low = (chosen & -chosen).bit_length() - 1
            rest = chosen & (chosen - 1)
            union[chosen] = union[rest] | others[low]
            size[chosen] = size[rest] + 1
            clash[chosen] = clash[rest] or bool(doubled[low] & chosen)
            k = union[chosen].bit_count()
            if not clash[chosen] and k == size[chosen] and 1 < k < n - 1:
                found.append((chosen, union[chosen]))
                done |= chosen
        return found

    def hints(certain: Callable[[Lit], bool]) -> list[tuple[Lit, ...]]:
        if not certain(switch):
            return []

        def possible(spot: Domino) -> bool:
            return spot not in lit or not certain(-lit[spot])

        found: list[tuple[Lit, ...]] = []
        for number, cells, spots_of in numbers:
            others = []
            doubled = []
            for near in spots_of:
                bits = twins = 0
                for spot, other, twin in near:
                    if possible(spot):
                        bits |= 1 << other
                        if twin >= 0:
                            twins |= 1 << twin
                others.append(bits)
                doubled.append(twins)
            key = (number, *others, *doubled)
            if key not in known:
                known[key] = tight(tuple(others), tuple(doubled))
            for chosen, union in known[key]:
                members = [i for i in range(len(cells)) if chosen >> i & 1]
                inside = {cells[i] for i in members}
                # Why: the spots of these cells with a domino outside the set are all off.
                why = [
                    lit[spot]
                    for i in members
                    for spot, _, _ in spots_of[i]
                    if spot in lit and not possible(spot)
                ]
                for other in range(puzzle.largest + 1):
                    if not union >> other & 1:
                        continue
                    pair = (min(number, other), max(number, other))
                    for spot in of_pair[pair]:
                        if possible(spot) and not inside & set(spot):
                            found.append((-switch, -lit[spot], *why))
        return found

    return hints


def _basic(model: Model, puzzle: Dominosa, lit: dict[Domino, Lit], switch: Lit) -> None:
    """The rules of Tatham's Basic level, as clauses that hold when ``switch`` does (each
    implied by the rules): a domino laid leaves every cell near it a way to be covered other
    than by a second domino of its pair; and no domino is laid where every spot left to
    another pair's domino would overlap it."""
    cover: defaultdict[tuple[int, int], list[Domino]] = defaultdict(list)
    of_pair: defaultdict[tuple[int, int], list[Domino]] = defaultdict(list)
    for spot in lit:
        cover[spot[0]].append(spot)
        cover[spot[1]].append(spot)
        of_pair[puzzle.pair(spot)].append(spot)
    for spot, x in lit.items():
        pair = puzzle.pair(spot)
        near = {cell for q in (*cover[spot[0]], *cover[spot[1]]) for cell in q} - set(spot)
        for cell in near | {c for q in of_pair[pair] for c in q} - set(spot):
            # Laid here, it leaves the cell a spot clear of it, of another pair.
            ways = [q for q in cover[cell] if not set(q) & set(spot)]
            if all(puzzle.pair(q) != pair for q in ways) and len(ways) == len(cover[cell]):
                continue  # (the cell's own rule says it)
            model.add_clause([-switch, -x, *(lit[q] for q in ways if puzzle.pair(q) != pair)])
        for other in {puzzle.pair(q) for cell in spot for q in cover[cell]} - {pair}:
            # Laid here, it leaves the other pair a spot clear of it.
            clear = [lit[q] for q in of_pair[other] if not set(q) & set(spot)]
            model.add_clause([-switch, -x, *clear])


def _decoder(
    puzzle: Dominosa, spots: list[Domino], laid: set[int], lit: dict[int, Lit]
) -> Callable[[Assignment], Board]:
    """The board from an assignment: the dominoes pruning laid, and those the solver laid."""

    def decode(a: Assignment) -> Board:
        grid = [["?"] * puzzle.width for _ in range(puzzle.height)]
        chosen = [*laid, *(k for k, x in lit.items() if a(x))]
        for k in chosen:
            (r, c), (r2, c2) = spots[k]
            grid[r][c], grid[r2][c2] = ("L", "R") if r == r2 else ("T", "B")
        return tuple("".join(row) for row in grid)

    return decode
