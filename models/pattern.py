"""Pattern as a model: a Boolean per cell (black), and each line's clue as an automaton over
its cells or as the start cells of its runs."""

from __future__ import annotations

from collections.abc import Sequence

from ..puzzles.pattern import Board, Clue, Pattern
from .model import Assignment, Built, Lit, Model

ENCODINGS = ("automaton", "starts")

TRUE = 1 << 60
"""A constant literal inside the builder (its negation is false); clauses drop it."""


def build(puzzle: Pattern, encoding: str = "automaton", prune: bool = True) -> Built[Board]:
    """``automaton``: a line reads its clue as a word 0* 1^a 0+ 1^b ... 0*, the states being
    how much of that word has been read, kept as "at least q read" Booleans after each cell.
    ``starts``: a Boolean per run and start cell, exactly one start per run, runs in order and
    a gap apart, a cell black exactly when a run covers it. ``prune`` keeps each state and
    start to the cells the clue leaves it (without it, anywhere on the line)."""
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r} (choose from {', '.join(ENCODINGS)})")
    model = Model()
    w, h = puzzle.width, puzzle.height
    cells = model.bool_vars(w * h)  # cell (r, c) is black
    clauses: list[tuple[Lit, ...]] = []
    line = _automaton if encoding == "automaton" else _starts
    known: dict[tuple[int, int], int] | None = dict(puzzle.fixed)
    if prune:
        # What each line alone says, to a fixed point: on the collection's puzzles, every cell.
        known = presolve(puzzle)
    if known is None:  # some line cannot be filled
        clauses.append(())
    else:
        # Each column's runs of black cells, top to bottom, are its clue.
        for c, clue in enumerate(puzzle.columns):
            if not all((r, c) in known for r in range(h)):
                line(model, clauses, [cells[r * w + c] for r in range(h)], clue, prune)
        # Each row's runs of black cells, left to right, are its clue.
        for r, clue in enumerate(puzzle.rows):
            if not all((r, c) in known for c in range(w)):
                line(model, clauses, list(cells[r * w : (r + 1) * w]), clue, prune)
        # A cell shown from the start keeps its colour (and one the lines fix, that one).
        for (r, c), v in known.items():
            clauses.append((cells[r * w + c] if v else -cells[r * w + c],))
    model.clauses.extend(
        c if -TRUE not in c else tuple(lit for lit in c if lit != -TRUE)
        for c in clauses
        if TRUE not in c
    )
    model.answer = list(cells)

    def decode(a: Assignment) -> Board:
        return tuple(tuple(a(cells[r * w + c]) for c in range(w)) for r in range(h))

    return Built(model, decode)


def _automaton(
    model: Model, clauses: list[tuple[Lit, ...]], xs: Sequence[Lit], clue: Clue, prune: bool
) -> None:
    """The line's cells spell its clue's word. The word is the runs with one white cell between
    them, ``n`` letters; white cells may also stand before it, between runs and after it.
    ``g[i][q]``: after ``i`` cells, at least ``q`` letters of the word have been read."""
    length = len(xs)
    if not clue:  # an all-white line
        clauses.extend((-x,) for x in xs)
        return
    word = [bit for k, run in enumerate(clue) for bit in [1] * run + [0] * (k + 1 < len(clue))]
    n = len(word)
    slack = length - n
    if slack < 0:
        clauses.append(())
        return
    # g[i][q], q = 0..n+1: true up to the letters every reading has read after i cells (with
    # pruning, the rest of the line must still hold the rest of the word), false past i
    # letters; a Boolean between.
    low = [max(0, i - slack) if prune or i == length else 0 for i in range(length + 1)]
    g: list[list[Lit]] = []
    for i in range(length + 1):
        top = min(i, n)
        layer = [TRUE] * (low[i] + 1)
        if top > low[i]:
            layer += model.bool_vars(top - low[i])
        layer += [-TRUE] * (n + 2 - len(layer))
        g.append(layer)
    add = clauses.append
    for i in range(length):
        here, after, x = g[i], g[i + 1], xs[i]
        for q in range(low[i], min(i, n) + 1):  # the rest holds whatever the cell is
            a, b, c = here[q], here[q + 1], after[q + 1]
            if q > 0:
                # Having read q letters, the count only grows; "at least q" holds when
                # "at least q+1" does.
                add((-a, after[q]))
                add((-b, a))
                # One cell reads at most one letter.
                add((-c, a))
            # Exactly q letters read (a and not b): the cell decides what comes next.
            if q == n:  # the word is done: only white cells remain
                add((-a, -x))
            elif word[q] == 0:  # a run just ended: a white cell, read as the gap
                add((-a, b, -x))
                add((-a, b, c))
            elif q == 0 or word[q - 1] == 0:  # before a run: black starts it, white waits
                add((-a, b, -x, c))
                add((-a, b, x, -c))
            else:  # inside a run: it goes on
                add((-a, b, x))
                add((-a, b, c))


def _starts(
    model: Model, clauses: list[tuple[Lit, ...]], xs: Sequence[Lit], clue: Clue, prune: bool
) -> None:
    """``start[k][p]``: run ``k`` starts at cell ``p``. Exactly one start per run, each run a
    gap after the one before, a run's cells black and the cells around it white, and a black
    cell covered by some run."""
    length = len(xs)
    if not clue:
        clauses.extend((-x,) for x in xs)
        return
    need = sum(clue) + len(clue) - 1
    if need > length:
        clauses.append(())
        return
    slack = length - need
    starts: list[dict[int, Lit]] = []
    first = 0
    for run in clue:
        cells = range(first, first + slack + 1) if prune else range(length - run + 1)
        starts.append(dict(zip(cells, model.bool_vars(len(cells)), strict=True)))
        first += run + 1
    covers: list[list[Lit]] = [[] for _ in range(length)]
    for k, run in enumerate(clue):
        # Each run starts at exactly one cell.
        model.add_exactly_one(starts[k].values())
        for p, s in starts[k].items():
            # Its cells are black, and the cells just before and after it white.
            for i in range(p, p + run):
                clauses.append((-s, xs[i]))
                covers[i].append(s)
            if p > 0:
                clauses.append((-s, -xs[p - 1]))
            if p + run < length:
                clauses.append((-s, -xs[p + run]))
            if k + 1 < len(clue):
                # The next run starts after it, past a white cell.
                later = [t for q, t in starts[k + 1].items() if q > p + run]
                clauses.append((-s, *later))
            if k > 0:
                # and the run before ends before it, with a white cell between.
                earlier = [t for q, t in starts[k - 1].items() if q + clue[k - 1] < p]
                clauses.append((-s, *earlier))
    # A black cell is covered by some run.
    for i, x in enumerate(xs):
        clauses.append((-x, *covers[i]))


# -- pruning: what each line alone says, to a fixed point ------------------------------------


def _fill(seeds: int, through: int) -> int:
    """Positions reached from ``seeds`` by steps of +1 onto positions of ``through``. In each
    block of consecutive positions of ``through | seeds``, adding the seeds carries from the
    lowest seed to the block's top, flipping exactly the positions it reaches."""
    block = through | seeds
    return ((block ^ (block + seeds)) & block) | seeds


def _prefixes(clue: Clue, length: int, black: int, fitting: list[int]) -> tuple[list[int], bool]:
    """For j = 0..k, the set (a bit mask over positions 0..length) of the p such that cells
    [0, p) can hold the first j runs with cell p-1 white (or p = 0), against the cells known
    ``black`` and where each run may start (``fitting``); and whether all k runs fit with
    the last one ending the line."""
    full = (1 << length) - 1
    open_cells = ~black & full  # cells that may be white
    through = open_cells << 1  # p+1 follows p when cell p may be white
    reach = [_fill(1, through)]
    last = 1 << length
    ended = False
    for fits, run in zip(fitting, clue, strict=True):
        ends = (reach[-1] & fits) << run  # the cell after the run
        ended = bool(ends & last)
        reach.append(_fill((ends & open_cells) << 1, through))
    return reach, ended


def _fits(clue: Clue, length: int, white: int) -> list[int]:
    """For each run, the cells where it may start: inside the line, over no white cell."""
    may_black = ~white & ((1 << length) - 1)
    found = []
    for run in clue:
        fits = may_black
        for t in range(1, run):
            fits &= may_black >> t
        found.append(fits & (1 << max(0, length - run + 1)) - 1)
    return found


def _reverse(mask: int, bits: int) -> int:
    """The mask read backwards over ``bits`` bits."""
    return int(format(mask, f"0{bits}b")[::-1], 2) if bits else 0


def line_solve(clue: Clue, length: int, black: int, white: int) -> tuple[int, int] | None:
    """The cells of a line that are black in every filling that matches its clue and the known
    cells (masks, bit i for cell i), and those white in every one; None when none matches."""
    full = (1 << length) - 1
    fitting = _fits(clue, length, white)
    forward, ended = _prefixes(clue, length, black, fitting)
    if not (ended or forward[-1] >> length & 1):
        return None
    back = clue[::-1]
    backward, _ = _prefixes(
        back, length, _reverse(black, length), _fits(back, length, _reverse(white, length))
    )
    # after[j]: positions p where [p, length) holds runs j.. with cell p white (or p = length).
    k = len(clue)
    after = [_reverse(backward[k - j], length + 1) for j in range(k + 1)]
    can_black = 0
    for j, (run, fits) in enumerate(zip(clue, fitting, strict=True)):
        starts = forward[j] & fits & (after[j + 1] >> run)
        for t in range(run):
            starts_t = starts << t
            can_black |= starts_t
        can_black &= full
    can_white = 0
    for j in range(k + 1):
        can_white |= (forward[j] >> 1) & after[j]
    can_white &= full
    return full & ~can_white, full & ~can_black


def presolve(puzzle: Pattern) -> dict[tuple[int, int], int] | None:
    """Every cell that line-by-line reasoning fixes (the collection's own solver reasons so),
    from the clues and the fixed cells; None when some line cannot be filled."""
    w, h = puzzle.width, puzzle.height
    # Known cells as bit masks, per row (bit c) and per column (bit r): black, then white.
    rows = [[0, 0] for _ in range(h)]
    cols = [[0, 0] for _ in range(w)]
    for (r, c), v in puzzle.fixed.items():
        rows[r][1 - v] |= 1 << c
        cols[c][1 - v] |= 1 << r
    # Rows, then columns, then the rows that changed, and so on.
    sides = ((puzzle.rows, rows, cols, w), (puzzle.columns, cols, rows, h))
    dirty = [set(range(h)), set(range(w))]
    turn = 0
    while dirty[0] or dirty[1]:
        clues, masks, other, length = sides[turn]
        for i in sorted(dirty[turn]):
            known = masks[i]
            got = line_solve(clues[i], length, known[0], known[1])
            if got is None:
                return None
            for colour in (0, 1):
                new = got[colour] & ~known[colour]
                known[colour] |= new
                bit = 1 << i
                while new:
                    low = new & -new
                    j = low.bit_length() - 1
                    other[j][colour] |= bit
                    dirty[1 - turn].add(j)
                    new ^= low
        dirty[turn].clear()
        turn = 1 - turn
    found: dict[tuple[int, int], int] = {}
    for r, (black, white) in enumerate(rows):
        for colour, mask in ((1, black), (0, white)):
            while mask:
                low = mask & -mask
                found[r, low.bit_length() - 1] = colour
                mask ^= low
    return found
