"""Shikaku as a model: each clue's rectangle chosen from the rectangles of its area around it
(``rectangles``), or each cell labelled with its clue, each label's cells joined and squared
off (``labels``): both on the shared region rules of ``models/regions.py``."""

from __future__ import annotations

from collections.abc import Callable

from ..puzzles.shikaku import HIDDEN, Labels, Shikaku, numbered, rectangles_around
from .model import Assignment, Built, Lit, Model
from .regions import add_labelled_regions, add_tiling, grid_neighbours

ENCODINGS = ("rectangles", "labels")

Shape = frozenset[int]


def candidates(puzzle: Shikaku, prune: bool = True) -> list[list[Shape]]:
    """Per clue (in reading order), the rectangles it may be: its area (any, for a ``?``),
    around its cell, holding no other clue. ``prune`` then drops, until nothing changes, the
    rectangles that cover a cell every rectangle of another clue covers, and keeps only the
    rectangles that cover a cell no other clue can reach."""
    w, h = puzzle.width, puzzle.height
    clues = list(puzzle.clues().items())
    at = {r * w + c for (r, c), _ in clues}
    found: list[list[Shape]] = []
    for (r, c), n in clues:
        areas = range(1, w * h + 1) if n == HIDDEN else [n]
        shapes = []
        for area in areas:
            for top, left, rows, cols in rectangles_around(w, h, (r, c), area):
                shape = frozenset(
                    y * w + x for y in range(top, top + rows) for x in range(left, left + cols)
                )
                if len(shape & at) == 1:
                    shapes.append(shape)
        found.append(shapes)
    if not prune:
        return found
    changed = True
    while changed:
        changed = False
        sure = [frozenset.intersection(*s) if s else frozenset() for s in found]
        taken: dict[int, int] = {}
        for k, cells in enumerate(sure):
            for n in cells:
                taken[n] = k
        reached: dict[int, set[int]] = {}
        for k, shapes in enumerate(found):
            for shape in shapes:
                for n in shape:
                    reached.setdefault(n, set()).add(k)
        only = {n: next(iter(ks)) for n, ks in reached.items() if len(ks) == 1}
        for k, shapes in enumerate(found):
            mine = [n for n, owner in only.items() if owner == k]
            kept = [
                s
                for s in shapes
                if all(taken.get(n, k) == k for n in s) and all(n in s for n in mine)
            ]
            if len(kept) < len(shapes):
                found[k] = kept
                changed = True
    return found


def build(puzzle: Shikaku, encoding: str = "rectangles", prune: bool = True) -> Built[Labels]:
    """``rectangles``: a literal per rectangle a clue may be, each clue one rectangle, each cell
    in exactly one (``add_tiling``). ``labels``: a literal per cell and clue whose rectangles
    reach it, each cell one label, each label's cells joined (lazy cuts) and counted to the
    clue, and squared off: no 2x2 window holds three of a label's cells, or two across a
    diagonal (a joined set with neither is a rectangle). ``prune`` first drops the rectangles
    the others rule out (see ``candidates``)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    w, h = puzzle.width, puzzle.height
    shapes = candidates(puzzle, prune)
    model = Model()
    cells = range(w * h)
    if encoding == "rectangles":
        flat = [shape for group in shapes for shape in group]
        owners, start = [], 0
        for group in shapes:
            owners.append(list(range(start, start + len(group))))
            start += len(group)
        lits = add_tiling(model, cells, flat, owners)
        owner_of = [k for k, group in enumerate(shapes) for _ in group]
        model.answer = list(lits)
        chosen = list(zip(lits, flat, owner_of, strict=True))
        return Built(model, _from_shapes(puzzle, chosen))
    clues = list(puzzle.clues().items())
    reach = {k: frozenset().union(*group) for k, group in enumerate(shapes)}
    homes = {k: r * w + c for k, ((r, c), _) in enumerate(clues)}
    sizes = {k: n for k, (_, n) in enumerate(clues) if n != HIDDEN}
    reached = frozenset().union(*reach.values()) if reach else frozenset()
    if len(reached) < w * h:  # a cell no rectangle can cover
        never = model.bool_var()
        model.add_clause([never])
        model.add_clause([-never])
        return Built(model, lambda a: ())
    regions = add_labelled_regions(model, grid_neighbours(w, h), reach, homes, sizes)
    inside = regions.inside
    for k in reach:
        for r in range(h - 1):
            for c in range(w - 1):
                window = [r * w + c, r * w + c + 1, (r + 1) * w + c + 1, (r + 1) * w + c]
                x = [inside.get((n, k), 0) for n in window]  # 0: never this label's
                if sum(1 for v in x if v) < 2:
                    continue
                for i in range(4):
                    # Not three of the window's cells (around the corner i leaves out).
                    three = [x[(i + j) % 4] for j in (1, 2, 3)]
                    if all(three):
                        _clause(model, [-v for v in three] + [x[i]])
                for i in (0, 1):
                    # Not two across a diagonal alone.
                    a, b, c1, c2 = x[i], x[i + 2], x[i + 1], x[(i + 3) % 4]
                    if a and b:
                        _clause(model, [-a, -b, c1, c2])
    model.answer = list(inside.values())
    return Built(model, _from_labels(puzzle, inside))


def _clause(model: Model, lits: list[Lit]) -> None:
    """A clause over the literals that exist (0: a literal always false, dropped)."""
    model.add_clause([v for v in lits if v])


def _from_shapes(
    puzzle: Shikaku, chosen: list[tuple[Lit, Shape, int]]
) -> Callable[[Assignment], Labels]:
    w = puzzle.width

    def decode(a: Assignment) -> Labels:
        grid = [[-1] * w for _ in range(puzzle.height)]
        for lit, shape, k in chosen:
            if a(lit):
                for n in shape:
                    grid[n // w][n % w] = k
        return numbered(grid)

    return decode


def _from_labels(
    puzzle: Shikaku, inside: dict[tuple[int, object], Lit]
) -> Callable[[Assignment], Labels]:
    w = puzzle.width

    def decode(a: Assignment) -> Labels:
        grid: list[list[object]] = [[-1] * w for _ in range(puzzle.height)]
        for (n, k), lit in inside.items():
            if a(lit):
                grid[n // w][n % w] = k
        return numbered(grid)

    return decode
