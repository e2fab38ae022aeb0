"""Light Up as a model: a light per white cell, and each rule over the row and column segments
(the maximal runs of white cells between black cells and the edges) that a light sees along."""

from __future__ import annotations

from collections.abc import Callable

from ..puzzles.lightup import BLACK, LIGHT, STEPS, WHITE, Board, LightUp
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("segments", "flags")


class Contradiction(ValueError):
    """The rules cannot all hold on this board."""


class Layout:
    """The board's white cells (flat indices ``r * width + c``), the segment of each, the
    cells of each segment, and the clues with their white neighbours."""

    def __init__(self, puzzle: LightUp) -> None:
        w, h = puzzle.width, puzzle.height
        text = "".join(puzzle.rows)
        self.width, self.height, self.text = w, h, text
        self.row_seg = [-1] * (w * h)
        self.col_seg = [-1] * (w * h)
        self.segments: list[list[int]] = []
        rows = [[r * w + c for c in range(w)] for r in range(h)]
        columns = [[r * w + c for r in range(h)] for c in range(w)]
        for lines, seg in ((rows, self.row_seg), (columns, self.col_seg)):
            for cells in lines:
                run: list[int] = []
                for i in [*cells, -1]:  # (-1: past the line's end, where a run ends too)
                    if i >= 0 and text[i] == WHITE:
                        run.append(i)
                        seg[i] = len(self.segments)
                    elif run:
                        self.segments.append(run)
                        run = []
        self.whites = [i for i, ch in enumerate(text) if ch == WHITE]
        self.clues: list[tuple[int, list[int]]] = []
        self.clues_at: dict[int, list[int]] = {}  # the clues next to each white cell
        for (r, c), n in puzzle.clues().items():
            near = [
                (r + dr) * w + c + dc
                for dr, dc in STEPS
                if 0 <= r + dr < h and 0 <= c + dc < w and text[(r + dr) * w + c + dc] == WHITE
            ]
            for j in near:
                self.clues_at.setdefault(j, []).append(len(self.clues))
            self.clues.append((n, near))


def propagate(board: Layout, known: dict[int, bool]) -> dict[int, bool]:
    """The lights and dark cells that follow from ``known`` by the rules alone: a light darkens
    its segments; a clue with all its lights darkens the rest, one with just enough room lights
    it; a cell that only one cell can still light gets that light. Raises Contradiction when a
    rule cannot hold. Each decision looks again only at the clues and segments it touches."""
    state: dict[int, bool] = {}
    lit = [False] * len(board.segments)
    open_ = [len(cells) for cells in board.segments]  # cells not yet decided, per segment
    todo: list[tuple[int, bool]] = list(known.items())
    clues = set(range(len(board.clues)))  # to look at again
    segments = set(range(len(board.segments)))

    def decide(i: int, light: bool) -> None:
        if i in state:
            if state[i] != light:
                raise Contradiction(f"cell {i} must be both lit and dark")
            return
        state[i] = light
        clues.update(board.clues_at.get(i, ()))
        for s in (board.row_seg[i], board.col_seg[i]):
            open_[s] -= 1
            segments.add(s)
            if light:
                if lit[s]:
                    raise Contradiction("two lights see each other")
                lit[s] = True
                todo.extend((j, False) for j in board.segments[s] if j != i)

    while todo or clues or segments:
        while todo:
            decide(*todo.pop())
        while clues:
            n, near = board.clues[clues.pop()]
            on = sum(state.get(j) is True for j in near)
            free = [j for j in near if j not in state]
            if on > n or on + len(free) < n:
                raise Contradiction("a clue cannot be met")
            if free and on == n:
                todo.extend((j, False) for j in free)
            elif free and on + len(free) == n:
                todo.extend((j, True) for j in free)
        if todo:
            continue
        while segments and not todo:
            for i in board.segments[segments.pop()]:
                a, b = board.row_seg[i], board.col_seg[i]
                if lit[a] or lit[b]:
                    continue
                room = open_[a] + open_[b] - (i not in state)
                if room == 0:
                    raise Contradiction("a cell cannot be lit")
                if room == 1:
                    j = next(j for s in (a, b) for j in board.segments[s] if j not in state)
                    todo.append((j, True))
    return state


def build(puzzle: LightUp, encoding: str = "segments", prune: bool = True) -> Built[Board]:
    """``segments``: a light per white cell, at most one light per segment, and each cell lit
    by a light of its row segment or its column segment (one clause over both). ``flags``: the
    same lights, and a flag per segment, "this segment is dark": exactly one of the segment's
    lights and its flag holds, and no cell has both its segments dark (two-literal clauses).
    Clues count the lights next to them. ``prune`` first settles what the rules force (a
    clue's 0 or its full count, a light's segments, a cell only one light can reach), so the
    model keeps only the open cells."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    board = Layout(puzzle)
    w = board.width
    model = Model()
    marks = {r * w + c: light for (r, c), light in puzzle.marks.items()}
    fixed: dict[int, bool] = {}
    if prune:
        try:
            fixed = propagate(board, marks)
        except Contradiction:
            # The rules cannot all hold: a model with no solution says so.
            x = model.bool_var()
            model.add_clause([x])
            model.add_clause([-x])
            return Built(model, lambda a: ())
    # A light per open white cell (a given mark is a unit clause when nothing was pruned).
    open_cells = [i for i in board.whites if i not in fixed]
    light: dict[int, Lit] = dict(zip(open_cells, model.bool_vars(len(open_cells)), strict=True))
    if not prune:
        for i, on in marks.items():
            model.add_clause([light[i] if on else -light[i]])
    seg_lit = [False] * len(board.segments)
    for i, on in fixed.items():
        if on:
            seg_lit[board.row_seg[i]] = seg_lit[board.col_seg[i]] = True
    seg_open = [[light[i] for i in cells if i in light] for cells in board.segments]
    if encoding == "segments":
        # No two lights see each other: at most one light in each segment.
        for s, lits in enumerate(seg_open):
            if len(lits) > 1 and not seg_lit[s]:
                model.add_at_most_one(lits)
        # Every white cell is lit: a light in its row segment or in its column segment.
        for i in board.whites:
            a, b = board.row_seg[i], board.col_seg[i]
            if not (seg_lit[a] or seg_lit[b]):
                model.add_clause(seg_open[a] + seg_open[b])
    else:
        # A segment is dark, or holds exactly one light: exactly one of its lights and its flag.
        dark: list[Lit | None] = [None] * len(board.segments)  # None: lit for sure
        for s, lits in enumerate(seg_open):
            if seg_lit[s]:
                continue
            dark[s] = flag = model.bool_var()
            model.add_exactly_one([*lits, flag])
        # Every white cell is lit: its row segment and its column segment are not both dark.
        for i in board.whites:
            across, down = dark[board.row_seg[i]], dark[board.col_seg[i]]
            if across is not None and down is not None:
                model.add_clause([-across, -down])
    # Each numbered black cell has exactly that many lights next to it.
    for n, near in board.clues:
        lits = [light[j] for j in near if j in light]
        need = n - sum(fixed.get(j) is True for j in near)
        if lits or need:
            model.add_sum(lits, [1] * len(lits), "==", need)
    model.answer = list(light.values())
    return Built(model, _decoder(puzzle, board, fixed, light))


def _decoder(
    puzzle: LightUp, board: Layout, fixed: dict[int, bool], light: dict[int, Lit]
) -> Callable[[Assignment], Board]:
    """The board from an assignment: the pruned lights, and the open cells the solver lit."""
    w = board.width

    def decode(a: Assignment) -> Board:
        cells = [BLACK if ch != WHITE else WHITE for ch in board.text]
        for i, on in fixed.items():
            if on:
                cells[i] = LIGHT
        for i, lit in light.items():
            if a(lit):
                cells[i] = LIGHT
        return tuple("".join(cells[r * w : (r + 1) * w]) for r in range(board.height))

    return decode
