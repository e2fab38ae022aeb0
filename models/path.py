"""Number paths: 1..N through every node of a graph once, consecutive numbers joined by an arc.

Signpost (arcs along the arrows), Hidato (king moves) and Numbrix (orthogonal moves) are all this
model on a different graph; each genre builds the graph and maps nodes back to its board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .graph import add_hamiltonian_path, members, step
from .model import Assignment, Built, Model, TooLarge

ENCODINGS = ("position", "circuit")
MAX_CANDIDATES = 1_000_000
"""(number, node) pairs left after pruning: a Boolean each, and several clauses each."""


@dataclass(frozen=True)
class NumberPath:
    """Nodes ``0..n-1``, the nodes the path may go to next from each, and the given numbers."""

    succ: Sequence[Sequence[int]]
    givens: Mapping[int, int] = field(default_factory=dict)

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
    pred: Sequence[Sequence[int]],
    memo: tuple[dict[int, int], dict[int, int]] | None = None,
) -> list[int] | None:
    """For each number, the nodes that may hold it after sound pruning; None if one has none.

    Number k+1 stands one step after a place of k, and k one step before a place of k+1: so k is
    within distance |k - g| of every given g, along the graph (Chebyshev distance for king
    moves, Manhattan for orthogonal ones, rays for arrows) and never on another given's node.
    A node left to one number takes it; a number left with one node takes it from all others.
    Repeated to a fixed point. ``memo``: the steps already taken on this graph, forward and
    backward, by node mask (kept by a caller that prunes the same graph many times).
    """
    n = path.n
    full = (1 << n) - 1
    succ = [_mask(nexts) for nexts in path.succ]
    prec = [_mask(prevs) for prevs in pred]
    # step() remembered by mask: far from the givens, long runs of numbers share a domain.
    ahead, behind = memo if memo is not None else ({}, {})
    dom = unpruned(path)
    changed = True
    while changed:
        here = dom[0]
        for k in range(1, n):
            if here and not here & (here - 1):  # one node: its own successors
                reach = succ[here.bit_length() - 1]
            else:
                known = ahead.get(here)
                reach = ahead[here] = step(here, succ) if known is None else known
            here = dom[k] = dom[k] & reach
        here = dom[n - 1]
        for k in range(n - 2, -1, -1):
            if here and not here & (here - 1):
                reach = prec[here.bit_length() - 1]
            else:
                known = behind.get(here)
                reach = behind[here] = step(here, prec) if known is None else known
            here = dom[k] = dom[k] & reach
        if not all(dom):
            return None
        # A node that only one number may take, that number takes.
        once = twice = 0
        for d in dom:
            twice |= once & d
            once |= d
        if once != full:
            return None  # some node can hold no number
        only = once & ~twice
        changed = False
        fixed = 0
        for k, d in enumerate(dom):
            mine = d & only
            if mine and mine != d:
                if mine & (mine - 1):
                    return None  # one number would need two nodes
                dom[k] = d = mine
                changed = True
            if d & (d - 1) == 0:
                fixed |= d
        # A number with one node left takes it from all other numbers.
        for k, d in enumerate(dom):
            if d & (d - 1) and d & fixed:
                dom[k] = d & ~fixed
                changed = True
    return dom


def build_path(path: NumberPath, encoding: str, prune: bool = True) -> Built[list[int]]:
    """The model of a number path; the decoder gives each node's number.

    ``prune=False`` keeps every number possible on every free node: for studying the solvers.
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    pred = path.pred()
    dom = domains(path, pred) if prune else unpruned(path)
    if dom is None:
        # Pruning proved there is no path: an empty clause says so to every backend.
        model = Model()
        model.add_clause([])
        return Built(model, lambda a: [0] * path.n)
    candidates = sum(d.bit_count() for d in dom)
    if candidates > MAX_CANDIDATES:
        raise TooLarge(
            f"{candidates} places are left open for the numbers (the limit is {MAX_CANDIDATES}): "
            "give more numbers" + (", or leave pruning on" if not prune else "")
        )
    if encoding == "position":
        return _position(path, dom, pred, prune)
    return _circuit(path, dom)


def _position(
    path: NumberPath, dom: list[int], pred: Sequence[Sequence[int]], pruned: bool = True
) -> Built[list[int]]:
    """One Boolean per (node, number): the node holds the number; ``pruned``: ``dom`` came
    from ``domains``, so consecutive numbers' nodes are next to each other."""
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
    # Every node holds exactly one number: a node pruning left to one number, which that
    # number was left alone (a fixed number), is said already.
    by_node: list[list[int]] = [[] for _ in range(n)]
    for row in x:
        for c, lit in row.items():
            by_node[c].append(lit)
    alone = {lit for row in x if len(row) == 1 for lit in row.values()}
    for group in by_node:
        if len(group) > 1 or group[0] not in alone:
            model.add_exactly_one(group)
    # From the node of k the path goes on to the node of k+1, which it reaches from that of k.
    # Between two fixed numbers this holds already when pruning kept each next to the other.
    for k in range(n - 1):
        here, there = x[k], x[k + 1]
        if pruned and len(here) == 1 and len(there) == 1:
            continue
        for c, lit in here.items():
            model.add_clause([-lit, *(there[d] for d in path.succ[c] if d in there)])
        for d, lit in there.items():
            model.add_clause([-lit, *(here[c] for c in pred[d] if c in here)])
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
