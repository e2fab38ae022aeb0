"""Yajilin as a model: a literal per cell, "shaded", and a line per pair of side-by-side cells
that are not clues; a cell that is neither a clue nor shaded is on the one loop the shared line
rules draw (``models/lines.py``: ``edges``, ``circuit`` or ``faces``), no two shaded cells share
an edge (``models/shading.py``), and each arrow's count is a sum of the shaded cells it sees."""

from __future__ import annotations

from ..puzzles.yajilin import CLUE, SHADED, Board, Yajilin, ahead
from .lines import DOWN, LINE_ENCODINGS, CellLines, add_single_line, closing_hints
from .model import Assignment, Built, Lit, Model
from .shading import add_no_touching

ENCODINGS = LINE_ENCODINGS


def build(puzzle: Yajilin, encoding: str = "edges", prune: bool = True) -> Built[Board]:
    """The rules as clauses and sums. ``prune`` rules out before solving the shading of a cell
    an arrow with count 0 points at (propagation finds it too: a player's first look)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    h, w = puzzle.height, puzzle.width
    clues = puzzle.clues()
    model = Model()
    lines = CellLines(model, w, h, lambda a, b: a in clues or b in clues)
    on = add_single_line(lines, encoding)
    shaded: list[Lit | None] = [None] * (w * h)
    for r in range(h):
        for c in range(w):
            if (r, c) in clues:
                continue
            here = on[(r, c)]
            if here == lines.false:  # (no line can reach it: it is shaded)
                shaded[r * w + c] = lines.true
            else:
                shaded[r * w + c] = -here  # shaded exactly when the loop does not pass
    for (r, c), mark in puzzle.marks:
        s = shaded[r * w + c]
        if s is not None:
            lines.clause([s if mark else -s])
    add_no_touching(model, shaded, w, h)
    for cell, (arrow, count) in clues.items():
        if not arrow or count is None:
            continue
        seen = [s for r, c in ahead(puzzle, cell, arrow) if (s := shaded[r * w + c]) is not None]
        if prune and count == 0:
            for s in seen:
                lines.clause([-s])
        model.add_sum(seen, [1] * len(seen), "==", count)
    if puzzle.outside:
        _shaded_outside(model, lines, shaded)
    model.answer.extend(lines.all())  # (the lines fix the shading: shaded where none pass)

    def decode(a: Assignment) -> Board:
        masks = lines.masks(a)
        return tuple(
            "".join(
                CLUE if (r, c) in clues else SHADED if masks[r][c] == "0" else masks[r][c]
                for c in range(w)
            )
            for r in range(h)
        )

    return Built(model, decode, hints=closing_hints(lines))


def _shaded_outside(model: Model, lines: CellLines, shaded: list[Lit | None]) -> None:
    """No shaded cell inside the loop: a cell is inside when the lines running down from the
    cells to its left in its row are odd in number (``puzzles/yajilin.inside_cells``), an
    exclusive or carried along the row."""
    w = lines.width
    for r in range(lines.height):
        odd: Lit = lines.false
        for c in range(w):
            s = shaded[r * w + c]
            if s is not None:
                lines.clause([-s, -odd])
            down = lines.line(r, c, DOWN)
            if down == lines.false:
                continue
            if odd == lines.false:
                odd = down
                continue
            nxt = model.bool_var()  # odd after this cell: odd before it, or a line down, not both
            model.add_clause([-nxt, odd, down])
            model.add_clause([-nxt, -odd, -down])
            model.add_clause([nxt, -odd, down])
            model.add_clause([nxt, odd, -down])
            odd = nxt
