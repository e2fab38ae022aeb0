"""Shared graph rules: Hamiltonian paths as circuits, and the cuts that make circuits lazy."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from .model import Circuit, Connected, Lit, Matching, Model


def add_hamiltonian_path(
    model: Model,
    num_nodes: int,
    arcs: Iterable[tuple[int, int]],
    starts: Iterable[int],
    ends: Iterable[int],
) -> dict[tuple[int, int], Lit]:
    """A path through all nodes along ``arcs``: a circuit closed by a dummy node.

    The dummy node ``num_nodes`` has an arc to every possible first node and from every possible
    last node. Returns the literal of each real arc.
    """
    dummy = num_nodes
    arc_lits = {arc: model.bool_var() for arc in arcs}
    circuit = [(u, v, lit) for (u, v), lit in arc_lits.items()]
    circuit += [(dummy, s, model.bool_var()) for s in starts]
    circuit += [(e, dummy, model.bool_var()) for e in ends]
    model.add_circuit(circuit)
    return arc_lits


def degree_groups(circuit: Circuit) -> list[tuple[Lit, ...]]:
    """Exactly one arc leaves and one enters every node (a self-loop counts as both)."""
    out: defaultdict[int, list[Lit]] = defaultdict(list)
    into: defaultdict[int, list[Lit]] = defaultdict(list)
    for u, v, lit in circuit.arcs:
        out[u].append(lit)
        into[v].append(lit)
    nodes = sorted(set(out) | set(into))
    return [tuple(out[n]) for n in nodes] + [tuple(into[n]) for n in nodes]


def cycles(successor: dict[int, int]) -> list[list[int]]:
    """The cycles of ``node -> next node``: of a permutation, or of part of one (the arcs a
    grader has made certain so far), whose chains that end are no cycle."""
    seen: set[int] = set()
    found = []
    for start in successor:
        if start in seen:
            continue
        chain = []
        node = start
        while node in successor and node not in seen:
            seen.add(node)
            chain.append(node)
            node = successor[node]
        if node in chain:  # (else it ended, or ran into a chain already walked)
            found.append(chain[chain.index(node) :])
    return found


def subtour_cuts(circuit: Circuit, is_true: Callable[[Lit], bool]) -> list[tuple[Lit, ...]]:
    """Clauses that cut every subtour of an assignment that meets the degree rules.

    For a subtour ``S`` the cut says: if a node of ``S`` and some node outside it are both on the
    circuit, an arc leaves ``S``. Empty when the true arcs already form a single circuit.
    """
    loop: dict[int, Lit] = {}
    successor: dict[int, int] = {}
    nodes: set[int] = set()
    for u, v, lit in circuit.arcs:
        nodes.update((u, v))
        if u == v:
            loop[u] = lit
        elif is_true(lit):
            successor[u] = v
    tours = cycles(successor)
    if len(tours) <= 1:
        return []
    cuts = []
    for tour in tours:
        inside = set(tour)
        leaving = [lit for u, v, lit in circuit.arcs if u in inside and v not in inside]
        # Prefer a node of S that cannot be skipped: then the cut needs no condition on it.
        u = next((n for n in tour if n not in loop), tour[0])
        condition = [loop[u]] if u in loop else []
        if not any(n not in loop for n in nodes - inside):
            # Every node outside S may be skipped: name one that is on the circuit now.
            w = next(n for n in successor if n not in inside)
            condition.append(loop[w])
        cuts.append((*condition, *leaving))
    return cuts


@lru_cache(maxsize=64)
def _shape(constraint: Connected) -> tuple[dict[int, Lit], dict[int, list[tuple[int, Lit]]]]:
    """A network's node literals and each node's edges, read once: a grader asks for its cuts
    after every probe, hundreds of thousands of times on one board."""
    near: dict[int, list[tuple[int, Lit]]] = {n: [] for n in constraint.nodes}
    for u, v, lit in constraint.edges:
        near.setdefault(u, []).append((v, lit))
        near.setdefault(v, []).append((u, lit))
    return constraint.when, near


def connectivity_cuts(
    constraint: Connected, is_true: Callable[[Lit], bool]
) -> list[tuple[Lit, ...]]:
    """Clauses that join the networks of an assignment: for each network but when there is only
    one, some edge leaving it must be true. Empty when the nodes are already one network.

    With nodes that take part only when their literal holds, the cut is conditional: if a node
    of this network and one of another both take part, an edge leaves this network (an open
    edge of literal 0 leaves it when the node across takes part). An anchor (a set of nodes
    of which one always takes part) inside the network, or wholly outside it, stands in for
    the condition on that side, and so does a known total (``size``) larger than the network."""
    when, near = _shape(constraint)
    taking = [n for n in constraint.nodes if n not in when or is_true(when[n])]
    part = set(taking)
    # Each network named by its first node in the nodes' order, filled from it.
    label: dict[int, int] = {}
    for start in taking:
        if start in label:
            continue
        label[start] = start
        todo = [start]
        while todo:
            for v, lit in near[todo.pop()]:
                if v in part and v not in label and (lit == 0 or is_true(lit)):
                    label[v] = start
                    todo.append(v)
    group = {n: label[n] for n in taking}
    groups: defaultdict[int, list[int]] = defaultdict(list)
    for n, r in group.items():
        groups[r].append(n)
    if len(groups) <= 1:
        return []
    leaving: defaultdict[int, list[Lit]] = defaultdict(list)
    for u, v, lit in constraint.edges:
        gu, gv = group.get(u), group.get(v)
        if gu == gv:
            continue
        # The edge joins across only if it is on and the node across takes part: name the
        # one of the two that fails now (so the cut always excludes this assignment).
        if gu is not None and (gv is not None or v in when):
            leaving[gu].append(lit if gv is not None else when[v])
        if gv is not None and (gu is not None or u in when):
            leaving[gv].append(lit if gu is not None else when[u])
    # The networks that hold an anchor whole, and how many anchors touch each network.
    whole: set[int] = set()
    touching: defaultdict[int, int] = defaultdict(int)
    for anchor in constraint.anchors:
        met = {group.get(n) for n in anchor}  # None: a node that does not take part
        for g in met:
            if g is not None:
                touching[g] += 1
                if len(met) == 1:
                    whole.add(g)
    # Per network, a node that always takes part, if it has one.
    fixed = {r: next((n for n in members if n not in when), None) for r, members in groups.items()}
    steady = [r for r, n in fixed.items() if n is not None][:2]
    cuts = []
    for r, members in groups.items():
        # Name a node of this network and one of another: fixed ones need no condition, nor
        # a side that holds an anchor whole.
        condition = []
        if fixed[r] is None and r not in whole:
            condition.append(-when[members[0]])
        # A network of fewer nodes than the known total must reach past its edge, whether
        # another network takes part or not.
        short = 0 < len(members) < constraint.size
        if touching[r] == len(constraint.anchors) and not short:  # no anchor wholly outside
            other = next((g for g in steady if g != r), None)
            if other is None:
                other = next(g for g in groups if g != r)
                condition.append(-when[groups[other][0]])
        cuts.append((*condition, *leaving[r]))
    return cuts


def matching_cuts(constraint: Matching, is_true: Callable[[Lit], bool]) -> list[tuple[Lit, ...]]:
    """Clauses that each left node left unpaired by a largest pairing needs: the left nodes it
    reaches along alternating paths (a set S with fewer true right neighbours than members, so
    Hall's condition fails) need one more of their right literals true. Empty when every left
    node has a partner."""
    near: defaultdict[int, list[Lit]] = defaultdict(list)
    for left, right in constraint.edges:
        near[left].append(right)
    partner: dict[Lit, int] = {}  # a true right literal -> its left node
    mate: dict[int, Lit] = {}  # a left node -> its right literal
    cuts: set[tuple[Lit, ...]] = set()
    for left in near:
        # Breadth first along alternating paths, to a true right literal still free.
        came: dict[Lit, int] = {}  # a right literal reached -> the left node it came from
        reached = [left]
        free = None
        for node in reached:
            for right in near[node]:
                if right in came or not is_true(right):
                    continue
                came[right] = node
                if right not in partner:
                    free = right
                    break
                reached.append(partner[right])
            if free is not None:
                break
        if free is not None:
            while free is not None:  # flip the path: each left node takes the right before it
                node = came[free]
                previous = mate.get(node)
                partner[free], mate[node] = node, free
                free = previous
            continue
        # The search visited exactly the true right neighbours of the nodes reached: all are
        # paired within them, so Hall's condition fails there and one more must be true.
        cuts.add(tuple(sorted({r for n in reached for r in near[n] if not is_true(r)}, key=abs)))
    return sorted(cuts)


def add_connected_by_levels(
    model: Model, nodes: Sequence[int], edges: Sequence[tuple[int, int, Lit]]
) -> None:
    """The true edges join all ``nodes`` into one network, as clauses with no lazy cuts: the
    first node is reached at level 0; a node is reached by level k exactly when it is reached by
    level k-1 or a true edge joins it to a node reached by level k-1; every node is reached by
    the last level (one less than the nodes: no shortest path is longer). Every variable is
    defined by the edges, so each network has one assignment (counting stays exact)."""
    if len(nodes) < 2:
        return
    index = {n: i for i, n in enumerate(nodes)}
    around: list[list[tuple[int, Lit]]] = [[] for _ in nodes]
    for u, v, lit in edges:
        around[index[u]].append((index[v], lit))
        around[index[v]].append((index[u], lit))
    # Level 1: the first node's neighbours along true edges; then a level more each round.
    reached: list[Lit] = [0] * len(nodes)  # 0 for the first node: always reached
    for i in range(1, len(nodes)):
        reached[i] = model.bool_var()
        _either(model, reached[i], [lit for j, lit in around[i] if j == 0])
    for _ in range(2, len(nodes)):
        level: list[Lit] = [0]
        for i in range(1, len(nodes)):
            steps = [reached[i]]
            for j, lit in around[i]:
                there = reached[j]
                if not there:
                    steps.append(lit)
                    continue
                step = model.bool_var()  # the edge is true and its other end was reached
                model.add_clause([-step, lit])
                model.add_clause([-step, there])
                model.add_clause([step, -lit, -there])
                steps.append(step)
            level.append(model.bool_var())
            _either(model, level[i], steps)
        reached = level
    for last in reached[1:]:
        model.add_clause([last])


def _either(model: Model, here: Lit, steps: Sequence[Lit]) -> None:
    """``here`` holds exactly when one of ``steps`` does."""
    model.add_clause([-here, *steps])
    for step in steps:
        model.add_clause([here, -step])


def step(mask: int, neighbours: Sequence[int]) -> int:
    """The union of the neighbours of the nodes in ``mask``."""
    out = 0
    while mask:
        low = mask & -mask
        out |= neighbours[low.bit_length() - 1]
        mask ^= low
    return out


def members(mask: int) -> list[int]:
    """The nodes of a bitmask, in increasing order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def drawn_pieces(
    edges: Iterable[tuple[int, int, Lit]], certain: Callable[[Lit], bool]
) -> tuple[Callable[[int], int], dict[int, list[Lit]]]:
    """The lines drawn for certain (the edges whose literal ``certain`` holds) joined into
    pieces: the piece of each node (a node standing for it), and each piece's lines. A grade's
    loop hints ask it: a line that would join two nodes of one piece closes a loop."""
    parent: dict[int, int] = {}

    def root(n: int) -> int:
        while parent.get(n, n) != n:
            n = parent[n]
        return n

    drawn = [(u, v, e) for u, v, e in edges if certain(e)]
    for u, v, _ in drawn:
        ru, rv = root(u), root(v)
        if ru != rv:
            parent[ru] = rv
    pieces: dict[int, list[Lit]] = {}
    for u, _, e in drawn:
        pieces.setdefault(root(u), []).append(e)
    return root, pieces
