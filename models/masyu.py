"""Masyu as a model: a line per pair of side-by-side cells, the circles' rules as clauses on the
lines around them, and one loop through the circles by the shared line rules
(``models/lines.py``: ``edges``, ``circuit`` or ``faces``)."""

from __future__ import annotations

from collections.abc import Callable

from ..puzzles.masyu import BLACK, Masks, Masyu
from .lines import (
    DOWN,
    LEFT,
    LINE_ENCODINGS,
    RIGHT,
    UP,
    CellLines,
    add_cell_shapes,
    add_single_line,
    closing_hints,
)
from .model import Assignment, Built, Lit, Model

ENCODINGS = (*LINE_ENCODINGS, "shapes")
"""``shapes`` is ``edges`` with each cell's shape (a straight, a corner, nothing) and the
circles' rules read on the shapes of the cells beside them, as Tatham's solver reads them:
what grading is done on."""

BACK = {RIGHT: LEFT, LEFT: RIGHT, UP: DOWN, DOWN: UP}

STEP = {RIGHT: (0, 1), UP: (-1, 0), LEFT: (0, -1), DOWN: (1, 0)}


def build(puzzle: Masyu, encoding: str = "edges", prune: bool = True) -> Built[Masks]:
    """The circles' rules on the lines, and one loop through every circle. ``prune`` rules out
    before solving the lines a black circle cannot take (toward the edge or a black circle
    next to it, where the two straight cells beyond do not fit)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    shaped = encoding == "shapes"
    encoding = "edges" if shaped else encoding
    circles = puzzle.circles()
    h, w = puzzle.height, puzzle.width
    banned: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    if prune:
        for (r, c), colour in circles.items():
            if colour != BLACK:
                continue
            for dr, dc in STEP.values():
                far, beyond = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if not (0 <= beyond[0] < h and 0 <= beyond[1] < w) or circles.get(far) == BLACK:
                    banned.add(((r, c), far))
                    banned.add((far, (r, c)))
    model = Model()
    lines = CellLines(model, w, h, lambda a, b: (a, b) in banned)
    # A switch of the rules a player reads further from the circles (the cells beyond them),
    # held true: ``grade`` turns it on only when propagation is stuck without it.
    switch = model.bool_var()
    model.add_clause([switch])
    for (r, c), colour in circles.items():
        right, up, left, down = (lines.line(r, c, bit) for bit in (RIGHT, UP, LEFT, DOWN))
        if colour == BLACK:
            # The loop turns here, and goes straight on through the next cell each way.
            lines.clause([-left, -right])
            lines.clause([-up, -down])
            lines.clause([left, right])  # (implied: one line across, one up or down)
            lines.clause([up, down])
            for bit, (dr, dc) in STEP.items():
                out, far = lines.line(r, c, bit), (r + dr, c + dc)
                lines.clause([-out, lines.line(*far, bit)])
                # (implied, behind the switch: the cell beyond is a straight, its sides off)
                for side in (UP, DOWN) if bit in (LEFT, RIGHT) else (LEFT, RIGHT):
                    lines.clause([-switch, -out, -lines.line(*far, side)])
        else:
            # Straight through, and a turn in the next cell on one side at least.
            lines.clause([-left, right])
            lines.clause([-right, left])
            lines.clause([-up, down])
            lines.clause([-down, up])
            lines.clause([left, up])  # (implied: across or up and down, not both)
            lines.clause([-left, -up])
            lines.clause([-left, -lines.line(r, c - 1, LEFT), -lines.line(r, c + 1, RIGHT)])
            lines.clause([-up, -lines.line(r - 1, c, UP), -lines.line(r + 1, c, DOWN)])
            # (implied, behind the switch: a turn beside it is a line up or down from a cell
            # beside it, across)
            turns_across = [lines.line(r, c + dc, b) for dc in (-1, 1) for b in (UP, DOWN)]
            turns_down = [lines.line(r + dr, c, b) for dr in (-1, 1) for b in (LEFT, RIGHT)]
            lines.clause([-switch, -left, *turns_across])
            lines.clause([-switch, -up, *turns_down])
    add_single_line(lines, encoding, must=circles)
    model.answer.extend(lines.all())
    if shaped:
        _read_shapes(lines, circles)
    # The player's loop rule (a line that would close a loop too early is off), behind a
    # switch of its own after the circles' further rules: Tatham's Easy solver does without it.
    loop = model.bool_var()
    model.add_clause([loop])
    closing = closing_hints(lines, circles)

    def hints(certain: Callable[[Lit], bool]) -> list[tuple[Lit, ...]]:
        return [(-loop, *clause) for clause in closing(certain)]

    def decode(a: Assignment) -> Masks:
        return tuple(lines.masks(a))

    return Built(model, decode, hints=hints, tiers=(switch, loop))


def _read_shapes(lines: CellLines, circles: dict[tuple[int, int], str]) -> None:
    """The circles' rules on the shapes of the cells beside them, as a person (and Tatham's
    Easy solver) reads them: a black circle's line goes on straight through the next cell; a
    white circle runs along a line only where a cell beside it can turn toward it, and where
    one side goes on straight the other turns."""

    def corner(shapes: dict[int, Lit], bit: int) -> list[Lit]:
        """The shapes of a cell that turn, one of their lines going ``bit``."""
        return [s for shape, s in shapes.items() if shape & bit and shape & ~(bit | BACK[bit])]

    def straight(shapes: dict[int, Lit], bit: int) -> list[Lit]:
        return [s for shape, s in shapes.items() if shape == bit | BACK[bit]]

    def allowed(cell: tuple[int, int], shape: int) -> bool:
        colour = circles.get(cell)
        if colour is None:
            return True
        turns = shape not in (RIGHT | LEFT, UP | DOWN, 0)
        return turns if colour == BLACK else shape in (RIGHT | LEFT, UP | DOWN)

    shapes = add_cell_shapes(lines, allowed)
    none: dict[int, Lit] = {}
    for (r, c), colour in circles.items():
        for bit, (dr, dc) in STEP.items():
            far = shapes.get((r + dr, c + dc), none)
            out = lines.line(r, c, bit)
            if colour == BLACK and out != lines.false:
                # A line out of a black circle goes straight on through the next cell.
                lines.clause([-out, *straight(far, bit)])
            if colour == BLACK:
                continue
            if bit not in (RIGHT, DOWN):
                continue
            near = shapes.get((r - dr, c - dc), none)
            for along in straight(shapes[(r, c)], bit):
                # Along this way only if a cell beside it turns toward it.
                lines.clause([-along, *corner(far, BACK[bit]), *corner(near, bit)])
                # One side going on straight, the other turns toward it.
                for side, other, toward in ((far, near, bit), (near, far, BACK[bit])):
                    for s in straight(side, bit):
                        lines.clause([-along, -s, *corner(other, toward)])
