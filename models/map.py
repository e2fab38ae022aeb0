"""Map as a model: a colour per region, regions that share a side different. Three ways:
four Booleans per region, exactly one true (``onehot``); two Booleans per region, the colour's
bits (``binary``, the log encoding); an integer per region, pairs that touch all different
(``integer``)."""

from __future__ import annotations

from collections.abc import Callable

from ..puzzles.map import COLOURS, Board, Map
from .model import Assignment, Built, Later, Lit, Model

ENCODINGS = ("onehot", "binary", "integer")


def candidates(puzzle: Map, prune: bool = True) -> list[list[int]]:
    """The colours each region may take: its shown one, else all four; ``prune`` takes from a
    region the colours shown on the regions it touches."""
    found = [[v] if v is not None else list(range(COLOURS)) for v in puzzle.colours]
    if prune:
        for a, b in puzzle.borders():
            for x, y in ((a, b), (b, a)):
                shown = puzzle.colours[y]
                if shown is not None and puzzle.colours[x] is None and shown in found[x]:
                    found[x].remove(shown)
    return found


def build(puzzle: Map, encoding: str = "onehot", prune: bool = True) -> Built[Board]:
    """The model of ``puzzle`` in ``encoding``; ``prune`` first narrows each region by the
    colours shown next to it."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    domains = candidates(puzzle, prune)
    if any(not d for d in domains):
        model.add_clause([])  # a region with no colour left: no solution
        domains = [d or [0] for d in domains]
    borders = sorted(puzzle.borders())
    if encoding == "integer":
        ints = [model.int_var(d, f"region{k}") for k, d in enumerate(domains)]
        for a, b in borders:
            model.add_all_different([ints[a], ints[b]])
        model.answer = list(ints)
        return Built(model, _decoder(puzzle, lambda a, k: a(ints[k])))
    if encoding == "binary":
        bits = [(model.bool_var(), model.bool_var()) for _ in domains]
        for k, d in enumerate(domains):
            for v in range(COLOURS):
                if v not in d:  # this colour is not the region's: its bits never spell it
                    model.add_clause([-_bit(bits[k], v, j) for j in range(2)])
        for a, b in borders:
            # For each colour, not both regions: four literals per clause.
            for v in set(domains[a]) & set(domains[b]):
                model.add_clause([-_bit(bits[a], v, j) for j in range(2)]
                                 + [-_bit(bits[b], v, j) for j in range(2)])  # fmt: skip
        model.answer = [lit for pair in bits for lit in pair]

        def colour(a: Assignment, k: int) -> int:
            return a(bits[k][0]) + 2 * a(bits[k][1])

        return Built(model, _decoder(puzzle, colour))
    x: list[dict[int, Lit]] = []
    for d in domains:
        x.append(dict(zip(d, model.bool_vars(len(d)), strict=True)))
        model.add_exactly_one(x[-1].values())
    for a, b in borders:
        for v in set(x[a]) & set(x[b]):
            model.add_clause([-x[a][v], -x[b][v]])
    model.answer = [lit for lits in x for lit in lits.values()]

    def onehot(a: Assignment, k: int) -> int:
        return next(v for v, lit in x[k].items() if a(lit))

    cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)]
    keys = Later(lambda: {(r, c): x[puzzle.rows[r][c]] for r, c in cells})
    return Built(model, _decoder(puzzle, onehot), keys)


def _bit(pair: tuple[Lit, Lit], v: int, j: int) -> Lit:
    """Bit j of colour v, as the literal that holds when the region's bit j is that bit."""
    return pair[j] if v >> j & 1 else -pair[j]


def _decoder(
    puzzle: Map, colour: Callable[[Assignment, int], int]
) -> Callable[[Assignment], Board]:
    def decode(a: Assignment) -> Board:
        found = [colour(a, k) for k in range(puzzle.regions)]
        return tuple("".join(str(found[k]) for k in row) for row in puzzle.rows)

    return decode
