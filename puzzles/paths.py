"""Random paths through every cell: what the makers of Hidato, Numbrix and Signpost number."""

from __future__ import annotations

import random
from collections.abc import Sequence


def random_hamiltonian_path(
    neighbours: Sequence[Sequence[int]], start_path: Sequence[int], rng: random.Random, moves: int
) -> list[int]:
    """A random Hamiltonian path, by ``moves`` backbite moves from a given one (Mansfield).

    A backbite joins an end to one of its neighbours on the path and drops the path edge after
    that neighbour, reversing the stretch between: the path stays Hamiltonian, and the walk over
    paths mixes with no search. ``neighbours`` must be symmetric.
    """
    path = list(start_path)
    n = len(path)
    if n < 2:  # a single node has no neighbour to bite: it is the only path
        return path
    index = {node: i for i, node in enumerate(path)}
    for _ in range(moves):
        if rng.random() < 0.5:  # the last node bites: path[j] joins it, path[j+1:] turns round
            j = index[rng.choice(neighbours[path[-1]])]
            lo, hi = j + 1, n
        else:  # the first node bites: path[j] joins it, path[:j] turns round
            j = index[rng.choice(neighbours[path[0]])]
            lo, hi = 0, j
        path[lo:hi] = path[lo:hi][::-1]
        for i in range(lo, hi):
            index[path[i]] = i
    return path


def snake(width: int, height: int) -> list[int]:
    """The cells row by row, every other row backwards: a path through every cell."""
    return [
        r * width + (c if r % 2 == 0 else width - 1 - c)
        for r in range(height)
        for c in range(width)
    ]
