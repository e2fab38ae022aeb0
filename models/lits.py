"""LITS as a model: each room's tetromino chosen from the tetrominoes that fit in it
(``models/regions.py``'s polyominoes), a cell shaded when its room's chosen one holds it; the
shaded cells joined by lazy cuts and free of 2x2 squares (``models/shading.py``)."""

from __future__ import annotations

from ..puzzles.lits import Board, Lits, shape
from ..puzzles.roomshading import room_cells
from .model import Built, Lit, Model
from .regions import grid_neighbours, polyominoes
from .shading import add_connected_shaded, add_no_2x2, dark_shading_of

ENCODINGS = ("types", "pairs")


def build(puzzle: Lits, encoding: str = "types", prune: bool = True) -> Built[Board]:
    """A literal per tetromino that fits in a room, exactly one chosen a room; a cell shaded
    exactly when its room's chosen one holds it. Two tetrominoes of one shape must not touch
    across rooms: ``types``, a literal per room and shape, and two shaded cells side by side
    in two rooms not of one shape; ``pairs``, a clause per two such tetrominoes that touch.
    ``prune`` leaves out the square (O), which the rule of no 2x2 shaded square forbids."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    w, h = puzzle.width, puzzle.height
    near = grid_neighbours(w, h)
    room = [k for row in puzzle.rooms for k in row]
    model = Model()
    shaded: list[Lit] = list(model.bool_vars(w * h))
    covering: list[list[Lit]] = [[] for _ in range(w * h)]
    pieces: list[tuple[Lit, frozenset[int], str, int]] = []
    for k, cells in enumerate(room_cells(puzzle.rooms)):
        inside = {r * w + c for r, c in cells}
        options = []
        for start in sorted(inside):

            def later(n: int, s: int = start, within: set[int] = inside) -> bool:
                return n > s and n in within

            for piece in polyominoes(start, 4, near, later):
                name = shape((n // w, n % w) for n in piece)
                if prune and name == "O":
                    continue
                lit = model.bool_var()
                options.append(lit)
                pieces.append((lit, piece, name, k))
                for n in piece:
                    covering[n].append(lit)
        model.add_exactly_one(options)
    for n, s in enumerate(shaded):
        model.add_clause([-s, *covering[n]])
        for lit in covering[n]:
            model.add_clause([-lit, s])
    if encoding == "types":
        kinds: dict[tuple[int, str], Lit] = {}
        by_kind: dict[tuple[int, str], list[Lit]] = {}
        for lit, _, name, k in pieces:
            by_kind.setdefault((k, name), []).append(lit)
        for key, lits in by_kind.items():
            t = kinds[key] = model.bool_var()
            model.add_clause([-t, *lits])
            for lit in lits:
                model.add_clause([-lit, t])
        for i in range(w * h):
            for j in near[i]:
                if j < i or room[i] == room[j]:
                    continue
                for name in "LITSO":
                    a, b = kinds.get((room[i], name)), kinds.get((room[j], name))
                    if a is not None and b is not None:
                        model.add_clause([-shaded[i], -shaded[j], -a, -b])
    else:
        by_room_name: dict[tuple[int, str], list[tuple[Lit, frozenset[int]]]] = {}
        for lit, piece, name, k in pieces:
            by_room_name.setdefault((k, name), []).append((lit, piece))
        for lit, piece, name, k in pieces:
            rim = {m for n in piece for m in near[n] if room[m] != k}
            for other_room in sorted({room[m] for m in rim}):
                if other_room < k:
                    continue
                for other, held in by_room_name.get((other_room, name), []):
                    if rim & held:
                        model.add_clause([-lit, -other])
    for (r, c), value in puzzle.marks.items():
        model.add_clause([shaded[r * w + c] if value else -shaded[r * w + c]])
    add_no_2x2(model, shaded, w, h)
    add_connected_shaded(model, shaded, w, h)
    model.answer = list(shaded)
    return Built(model, dark_shading_of(shaded, w, h))
