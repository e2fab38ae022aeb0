"""Number paths: 1..N through every node of a graph once, consecutive numbers joined by an arc.

Signpost (arcs along the arrows), Hidato (king moves) and Numbrix (orthogonal moves) are all this
model on a different graph; each genre builds the graph and maps nodes back to its board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .graph import add_hamiltonian_path, members
from .model import Assignment, Built, Later, Model, TooLarge

ENCODINGS = ("position", "circuit")
WIDE = 24
"""Nodes from which a domain's reach is found by a graph's ``Spread`` (whole lines of the board
at once) rather than node by node."""
Spread = Callable[[int], int]
"""The nodes reached in one step from a set of nodes, both as bitmasks."""
MAX_CANDIDATES = 1_000_000
"""(number, node) pairs left after pruning: a Boolean each, and several clauses each."""


@dataclass(frozen=True, slots=True)
class NumberPath:
    """Nodes ``0..n-1``, the nodes the path may go to next from each, and the given numbers."""

    succ: Sequence[Sequence[int]]
    givens: Mapping[int, int] = field(default_factory=dict)
    masks: tuple[Sequence[int], Sequence[int]] | None = field(default=None, compare=False)
    """Each node's successors and predecessors as bitmasks, when the graph's maker has them
    cheaper than ``bitmasks`` finds them (Signpost: whole lines of the board at once)."""

    @property
    def n(self) -> int:
        """The path's length: every node is visited once."""
        return len(self.succ)

    def pred(self) -> list[list[int]]:
        """For each node, the nodes from which the path may come to it."""
        pred: list[list[int]] = [[] for _ in range(self.n)]
        for c, nexts in enumerate(self.succ):
            for d in nexts:
                pred[d].append(c)
        return pred

    def bitmasks(self) -> tuple[Sequence[int], Sequence[int]]:
        """Each node's successors, and its predecessors, as bitmasks of nodes."""
        if self.masks is not None:
            return self.masks
        succ = [_mask(nexts) for nexts in self.succ]
        prec = [0] * self.n
        for c, nexts in enumerate(self.succ):
            bit = 1 << c
            for d in nexts:
                prec[d] |= bit
        return succ, prec


def unpruned(path: NumberPath) -> list[int]:
    """For each number (index k-1), the bitmask of nodes that may hold it: givens only fixed."""
    n = path.n
    free = ((1 << n) - 1) & ~_mask(path.givens)
    dom = [free] * n
    for node, value in path.givens.items():
        dom[value - 1] = 1 << node
    return dom


def domains(
    path: NumberPath,
    succ: Sequence[int],
    prec: Sequence[int],
    start: Sequence[int] | None = None,
    spread: tuple[Spread, Spread] | None = None,
) -> list[int] | None:
    """For each number, the nodes that may hold it after sound pruning; None if one has none.

    Number k+1 stands one step after a place of k, and k one step before a place of k+1: so k is
    within distance |k - g| of every given g, along the graph (Chebyshev distance for king
    moves, Manhattan for orthogonal ones, rays for arrows) and never on another given's node.
    A node left to one number takes it; a number left with one node takes it from all others.
    Repeated to a fixed point (the same whatever the order, as every rule only narrows), each
    sweep carrying only the domains that narrowed since the last, and the node rules looking
    only at the numbers not yet fixed: after the first sweeps most numbers are settled.
    ``succ`` and ``prec`` are the bitmasks of ``path.bitmasks``.

    ``start``: the fixed point for a subset of ``path.givens`` (or any domains holding this
    one's), to narrow from rather than from ``unpruned``: every rule only narrows, so the fixed
    point is the same, and only the numbers its new givens narrow are carried on at first.
    ``spread``: the graph's ``Spread`` forward and backward, for the same answer sooner.
    """
    n = path.n
    full = (1 << n) - 1
    # forth[k]: dom[k] narrowed since the forward sweep last carried it on; back[n - 1 - k]:
    # the same for the backward sweep, which runs over the domains reversed.
    if start is None:
        dom = unpruned(path)
        forth = [True] * n
        back = [True] * n
    else:
        begun = _narrowed(path, start)
        if begun is None:
            return None
        dom, forth, back = begun
    fixed = 0  # the nodes of the numbers with one node left
    open_ = list(range(n))  # the numbers with more than one
    # The masks by a node's bit length (one more than the node): a subtraction less a lookup.
    succ1, prec1 = [0, *succ], [0, *prec]
    if start is None:
        # Each given's neighbours in the path first: the sweeps then carry the smaller of two
        # sides' domains over the numbers between givens, where from one side only they fan out.
        # A given is so carried on both ways already, and its neighbours need not be carried
        # back onto it (each of their nodes is next to its node, for good): the sweeps start
        # from the other numbers, and run on from those.
        for node, value in path.givens.items():
            if value < n:
                dom[value] &= succ[node]
                back[n - 1 - value] = False
            if value > 1:
                dom[value - 2] &= prec[node]
                forth[value - 2] = False
            forth[value - 1] = back[n - value] = False
        if not all(dom):
            return None
    while True:
        if _sweep(dom, forth, back, succ1, prec1, spread and spread[0]) is None:
            return None
        turned = dom[::-1]
        # (narrowing a domain that the forward sweep has yet to carry on)
        changed = _sweep(turned, back, forth, prec1, succ1, spread and spread[1])
        if changed is None:
            return None
        dom = turned[::-1]
        # A number with one node left takes it from all other numbers; a node that only one
        # number may take, that number takes.
        still = []
        for k in open_:
            d = dom[k]
            if not d & (d - 1):
                fixed |= d
            else:
                still.append(k)
        once = twice = 0
        for k in still:
            d = dom[k]
            if d & fixed:
                d &= ~fixed
                if not d:
                    return None
                dom[k] = d
                forth[k] = back[n - 1 - k] = changed = True
            twice |= once & d
            once |= d
        if once | fixed != full:
            return None  # some node can hold no number
        only = once & ~twice
        for k in still if only else ():
            d = dom[k]
            mine = d & only
            if mine and mine != d:
                if mine & (mine - 1):
                    return None  # one number would need two nodes
                dom[k] = mine
                forth[k] = back[n - 1 - k] = changed = True
        open_ = still
        if not changed:
            return dom


class Fixpoints:
    """``domains`` asked again and again of one graph as givens are added, and some dropped
    again (a generator's steps), each narrowed from a fixed point found before rather than from
    ``unpruned``. Givens added are kept in order, with the fixed points as they grew (up to
    ``KEPT``, evenly spread): a set with more givens goes on from the last. A set lacking one
    of them goes on from that of itself without the ``BLOCK`` of givens added around the one
    missing, found once for the whole block (from the fixed point of the givens added before
    it) while a generator tries to drop each of them, last first."""

    KEPT = 256
    BLOCK = 8

    def __init__(
        self,
        path: NumberPath,
        masks: tuple[Sequence[int], Sequence[int]] | None = None,
        spread: tuple[Spread, Spread] | None = None,
    ) -> None:
        self.masks = path.bitmasks() if masks is None else masks
        self.spread = spread
        self.base = dict(path.givens)
        self.base_dom = domains(path, *self.masks, spread=spread)
        self.order: list[tuple[int, int]] = []  # the givens added to the first, in order
        # The fixed points as the givens grew: with the first givens and ``order[:count]``.
        self.chain: list[tuple[int, list[int]]] = [(0, self.base_dom or [])]
        # The last fixed point of a set lacking a block of the givens added, by that set.
        self.fewer: tuple[dict[int, int], list[int]] | None = None

    def domains(self, path: NumberPath) -> list[int] | None:
        """``domains(path, ...)`` for ``path`` on the same graph: the same answer, sooner."""
        givens = path.givens
        if self.base_dom is None or not _within(self.base, givens):
            return domains(path, *self.masks, spread=self.spread)
        # The givens added so far that are all still given: order[:upto].
        upto = next(
            (i for i, (node, value) in enumerate(self.order) if givens.get(node) != value),
            len(self.order),
        )
        if upto == len(self.order):  # the givens grew: go on from the last
            found = domains(path, *self.masks, self.chain[-1][1], self.spread)
            if found is not None:
                ordered = set(self.order)
                self.order.extend(
                    (node, value)
                    for node, value in givens.items()
                    if node not in self.base and (node, value) not in ordered
                )
                self.chain.append((len(self.order), found))
                if len(self.chain) > self.KEPT:
                    self.chain = self.chain[(len(self.chain) - 1) % 2 :: 2]  # the last stays
            return found
        # Without the block of BLOCK added givens that holds the first one missing: a set
        # within this one, the same for each given of the block a generator tries to drop.
        low = upto - upto % self.BLOCK
        block = set(self.order[low : low + self.BLOCK])
        fewer = {node: value for node, value in givens.items() if (node, value) not in block}
        if self.fewer is None or self.fewer[0] != fewer:
            earlier = (c for c in self.chain if c[0] <= low)
            start = max(earlier, key=lambda c: c[0], default=(0, self.base_dom))[1]
            found = domains(NumberPath(path.succ, fewer), *self.masks, start, self.spread)
            if found is None:
                return None  # no path with fewer givens, so none with more
            self.fewer = (fewer, found)
        return domains(path, *self.masks, self.fewer[1], self.spread)


def spreads(masks: Sequence[int]) -> Spread:
    """The ``Spread`` of a graph given by each node's bitmask of neighbours: a table for each
    byte of nodes of the union of their masks, so a set's reach takes a step per byte of it
    rather than per node."""
    tables = []
    for first in range(0, len(masks), 8):
        own = masks[first : first + 8]
        table = [0] * 256
        for b in range(1, 1 << len(own)):
            low = b & -b
            table[b] = table[b ^ low] | own[low.bit_length() - 1]
        tables.append(table)
    size = len(tables)

    def spread(nodes: int) -> int:
        out = 0
        for table, b in zip(tables, nodes.to_bytes(size, "little"), strict=False):
            if b:
                out |= table[b]
        return out

    return spread


def _within(few: Mapping[int, int], more: Mapping[int, int]) -> bool:
    """Whether every given of ``few`` is one of ``more``."""
    return len(few) <= len(more) and all(more.get(node) == value for node, value in few.items())


def _narrowed(
    path: NumberPath, start: Sequence[int]
) -> tuple[list[int], list[bool], list[bool]] | None:
    """``start`` within ``unpruned(path)``: each given's number on its node, no other number
    there; with the numbers so narrowed marked for both sweeps. None if one is left no node."""
    n = path.n
    dom = list(start)
    forth = [False] * n
    back = [False] * n
    taken = 0  # the nodes of the givens not already fixed in ``start``
    placed = set()  # and their numbers
    for node, value in path.givens.items():
        bit = 1 << node
        k = value - 1
        if dom[k] != bit:
            if not dom[k] & bit:
                return None
            dom[k] = bit
            forth[k] = back[n - 1 - k] = True
            taken |= bit
            placed.add(k)
    if taken:
        for k, d in enumerate(dom):
            if d & taken and k not in placed:
                d &= ~taken
                if not d:
                    return None
                dom[k] = d
                forth[k] = back[n - 1 - k] = True
    return dom, forth, back


def _sweep(
    dom: list[int],
    dirty: list[bool],
    mark: list[bool],
    nexts: Sequence[int],
    prevs: Sequence[int],
    spread: Spread | None = None,
) -> bool | None:
    """Carry each narrowed domain on to the next number's, in the order of ``dom``, as far as
    it narrows them: from each ``dirty`` number on, jumping over the runs that nothing
    narrowed. ``mark`` hears the numbers narrowed, in the other sweep's (reversed) order.
    ``nexts`` and ``prevs`` are indexed by a node's bit length: node c's mask at c + 1.
    ``spread``: the union of ``nexts`` over a set's nodes, for sets of ``WIDE`` nodes or more.
    Whether any narrowed; None when one is left no node."""
    n = len(dom)
    narrowed_any = False
    # Each wide domain's reach, remembered: far from the givens (a near-empty board) long runs
    # of numbers share one domain, and walking its thousands of nodes again for each of them
    # made a 100x100 board's pruning take minutes.
    seen: dict[int, int] = {}
    k = 0
    while True:
        try:
            k = dirty.index(True, k)
        except ValueError:
            return narrowed_any
        dirty[k] = False
        here = dom[k]
        k += 1
        while k < n:
            now = dom[k]
            if not here & (here - 1):  # one node: its own successors
                narrowed = now & nexts[here.bit_length()]
            elif (size := now.bit_count()) < here.bit_count() and (spread is None or size < WIDE):
                # Fewer nodes here than before: keep those some node before reaches.
                narrowed = rest = now
                while rest:
                    low = rest & -rest
                    if not prevs[low.bit_length()] & here:
                        narrowed ^= low
                    rest ^= low
            else:
                reach = seen.get(here, -1)
                if reach < 0 and spread is not None and here.bit_count() >= WIDE:
                    reach = seen[here] = spread(here)
                elif reach < 0:
                    reach, rest = 0, here
                    while rest:
                        low = rest & -rest
                        reach |= nexts[low.bit_length()]
                        rest ^= low
                    seen[here] = reach
                narrowed = now & reach
            if narrowed != now:
                if not narrowed:
                    return None
                dom[k] = now = narrowed
                mark[n - 1 - k] = narrowed_any = True
                dirty[k] = False
            elif dirty[k]:
                dirty[k] = False
            else:
                break
            here = now
            k += 1


def build_path(path: NumberPath, encoding: str, prune: bool = True) -> Built[list[int]]:
    """The model of a number path; the decoder gives each node's number.

    ``prune=False`` keeps every number possible on every free node: for studying the solvers.
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    masks = path.bitmasks()
    dom = domains(path, *masks) if prune else unpruned(path)
    if dom is None:
        # Pruning proved there is no path: an empty clause says so to every backend.
        model = Model()
        model.add_clause([])
        return Built(model, lambda a: [0] * path.n)
    candidates = sum(map(int.bit_count, dom))
    if candidates > MAX_CANDIDATES:
        raise TooLarge(
            f"{candidates} places are left open for the numbers (the limit is {MAX_CANDIDATES}): "
            "give more numbers" + (", or leave pruning on" if not prune else ""),
            # any cell may hold most numbers: the places grow as the square of the cells
            cells=int(path.n * (MAX_CANDIDATES / candidates) ** 0.5),
        )
    if encoding == "position":
        return _position(path, dom, masks, prune)
    return _circuit(path, dom)


def _position(
    path: NumberPath,
    dom: list[int],
    masks: tuple[Sequence[int], Sequence[int]],
    pruned: bool = True,
) -> Built[list[int]]:
    """One Boolean per (node, number): the node holds the number; ``pruned``: ``dom`` came
    from ``domains``, so consecutive numbers' nodes are next to each other.

    On a pruned model a number left one node is no variable: it stands there, no other number
    may take that node, and each of its neighbours' places is next to it, so none of its rules
    needs a clause. The model holds only the open choices, and the answer only their literals
    (a second solution must differ there); the one node of a fixed number is, for ``keys``, a
    single literal that is always true."""
    if not pruned:
        return _position_all(path, dom, masks)
    model = Model()
    n = path.n
    numbers = [0] * n  # the fixed numbers, by node
    # x[k][c]: number k+1 stands on node c, for the numbers left open (in order).
    x: dict[int, dict[int, int]] = {}
    by_node: dict[int, list[int]] = {}
    answer: list[int] = []
    for k, d in enumerate(dom):
        if not d & (d - 1):
            numbers[d.bit_length() - 1] = k + 1
            continue
        nodes = members(d)
        lits = model.bool_vars(len(nodes))
        x[k] = row = dict(zip(nodes, lits, strict=True))
        answer.extend(lits)
        # Every number stands on exactly one node.
        model.exactly_one.append(tuple(lits))
        for c, lit in row.items():
            group = by_node.get(c)
            if group is None:
                by_node[c] = [lit]
            else:
                group.append(lit)
    # Every node holds exactly one number (a node of a fixed number holds no other).
    model.exactly_one.extend(tuple(group) for group in by_node.values())
    # From the node of k the path goes on to the node of k+1, which it reaches from that of k.
    clauses = model.clauses
    succ, prec = masks
    for k, here in x.items():
        there = x.get(k + 1)
        if there is None:
            continue
        for row, other, masks_of, within in (
            (here, there, succ, dom[k + 1]),
            (there, here, prec, dom[k]),
        ):
            for c, lit in row.items():
                clause = [-lit]
                rest = masks_of[c] & within
                while rest:
                    low = rest & -rest
                    clause.append(other[low.bit_length() - 1])
                    rest ^= low
                clauses.append(tuple(clause))
    model.answer = list(answer)
    one = 0
    if any(numbers):
        one = model.bool_var()
        model.clauses.append((one,))

    def keys() -> dict[int, dict[int, int]]:
        found = {c: {v: one} for c, v in enumerate(numbers) if v}
        for k, open_row in x.items():
            for c, lit in open_row.items():
                found.setdefault(c, {})[k + 1] = lit
        return found

    def decode(a: Assignment) -> list[int]:
        found = list(numbers)
        true = a.bools
        for k, open_row in x.items():
            for c, lit in open_row.items():
                if true[lit]:
                    found[c] = k + 1
        return found

    return Built(model, decode, Later(keys))


def _position_all(
    path: NumberPath, dom: list[int], masks: tuple[Sequence[int], Sequence[int]]
) -> Built[list[int]]:
    """The position model with a Boolean for every (node, number) left, fixed ones too: for
    domains that did not come from ``domains``, where no rule can be taken as said."""
    model = Model()
    n = path.n
    # x[k][c]: number k+1 stands on node c.
    x: list[dict[int, int]] = []
    for d in dom:
        nodes = members(d)
        x.append(dict(zip(nodes, model.bool_vars(len(nodes)), strict=True)))
    # Every number stands on exactly one node.
    for row in x:
        model.add_exactly_one(row.values())
    # Every node holds exactly one number.
    by_node: list[list[int]] = [[] for _ in range(n)]
    for row in x:
        for c, lit in row.items():
            by_node[c].append(lit)
    for group in by_node:
        model.add_exactly_one(group)
    # From the node of k the path goes on to the node of k+1, which it reaches from that of k.
    succ, prec = masks
    for k in range(n - 1):
        here, there = x[k], x[k + 1]
        for c, lit in here.items():
            model.add_clause([-lit, *(there[d] for d in members(succ[c] & dom[k + 1]))])
        for d, lit in there.items():
            model.add_clause([-lit, *(here[c] for c in members(prec[d] & dom[k]))])
    model.answer = [lit for row in x for lit in row.values()]

    def decode(a: Assignment) -> list[int]:
        numbers = [0] * n
        for k, row in enumerate(x):
            for c, lit in row.items():
                if a(lit):
                    numbers[c] = k + 1
        return numbers

    keys: dict[int, dict[int, int]] = {}
    for k, row in enumerate(x):
        for c, lit in row.items():
            keys.setdefault(c, {})[k + 1] = lit
    return Built(model, decode, keys)


def _circuit(path: NumberPath, dom: list[int]) -> Built[list[int]]:
    """Arcs forming one path, closed by a dummy node; an integer position per node."""
    model = Model()
    n = path.n
    # The numbers each node may hold.
    holds: list[list[int]] = [[] for _ in range(n)]
    for k, d in enumerate(dom):
        for c in members(d):
            holds[c].append(k + 1)
    pos = [model.int_var(holds[c], f"pos{c}") for c in range(n)]
    # An arc c -> d is kept only where some k on c may be followed by k+1 on d.
    arcs = [
        (c, d)
        for c in range(n)
        for d in path.succ[c]
        if any(dom[k] >> d & 1 for k in holds[c] if k < n)
    ]
    # The path runs from the node of 1 to the node of N through every node once.
    arc_lits = add_hamiltonian_path(model, n, arcs, members(dom[0]), members(dom[n - 1]))
    # Following an arc adds one to the position.
    for (c, d), lit in arc_lits.items():
        model.add_linear([(1, pos[d]), (-1, pos[c])], "==", 1, enforce=[lit])
    model.answer = list(pos)
    return Built(model, lambda a: [a(p) for p in pos])


def _mask(nodes: Iterable[int]) -> int:
    """The bitmask of some nodes; a range of two or more (a Signpost ray) in closed form, as a
    geometric series of its stride."""
    if isinstance(nodes, range) and len(nodes) > 1:
        run = nodes if nodes.step > 0 else nodes[::-1]
        return ((1 << run.step * len(run)) - 1) // ((1 << run.step) - 1) << run.start
    out = 0
    for c in nodes:
        out |= 1 << c
    return out
