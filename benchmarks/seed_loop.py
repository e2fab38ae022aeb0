"""Python 3 port of the seed document's ∞ Loop solver (constraint propagation + backtracking).

Source: the user's seed document on ∞ Loop, "Solving Loop Puzzles". Kept, standalone
(nothing imported from the project), as the baseline that ``benchmarks/bench_loop.py
--baseline`` times. Same data structures (``Character`` as a 4-tuple of bools, ``Puzzle`` as a
grid of sets of still-possible rotations, a one-tile border set), same ``constrain`` pass
(every tile, every remaining rotation against every rotation of its four neighbours, repeated
until nothing changes), same backtracking (a LIFO list of states, the first unclear tile in
row-major order, one ``deepcopy`` per remaining rotation, pushed in set iteration order).

    python benchmarks/seed_loop.py BOARD.txt [--limit SECONDS]    # or the board on stdin

Changed: the missing ``import copy, logging, sys`` were added; the script part (read stdin,
solve, print) became ``main()``, which also reads a file, times ``solve()`` with
``time.perf_counter``, exits 1 without a solution and, after ``--limit`` seconds (a SIGALRM
timer, so the search itself is untouched), prints ``timeout`` and exits 3.
``Puzzle.__init__`` strips only newlines around the board (``strip('\\n')``): ``strip()`` also
ate the empty tiles (spaces) that begin the first row or end the last, leaving ragged rows.
Otherwise only ruff's spellings of the same operations: ``class X:`` for ``class X(object):``,
f-strings for ``str.format`` (still evaluated eagerly, as before), ``_`` for an unused loop
variable, double quotes, and ``while puzzle.constrain(): pass`` split over two lines.

Note: the backtracking order is set iteration order, which for ``Character`` follows
``hash(symbol)`` and so varies with ``PYTHONHASHSEED``, as it did in the original; set
``PYTHONHASHSEED`` for repeatable timings.
"""

import argparse
import copy
import logging
import signal
import sys
import time


class Character:
    """A box drawing character or empty space ( ╸╻┓╺━┏┳╹┛┃┫┗┻┣╋)."""

    order = " ╸╻┓╺━┏┳╹┛┃┫┗┻┣╋"
    sides = {"top": (0, 2), "right": (1, 3), "bottom": (2, 0), "left": (3, 1)}  # noqa: RUF012 -- the seed's plain class attribute, never mutated

    def __init__(self, symbol_or_bits):
        """
        Create a new character from either the symbol (must be a valid symbol)
        or a 4-tuple of booleans representing the sides (top, right, bottom,
        left).
        """

        if isinstance(symbol_or_bits, str):
            self.symbol = symbol_or_bits

            bits = bin(Character.order.find(symbol_or_bits))[2:]
            bits = "0" * (4 - len(bits)) + bits

            self.bits = tuple(bit == "1" for bit in bits)
        else:
            self.bits = symbol_or_bits
            self.symbol = Character.order[
                int("".join("1" if bit else "0" for bit in symbol_or_bits), 2)
            ]

    def rotate(self):
        """Return the next rotation for this character."""

        return Character(tuple(self.bits[i] for i in range(-1, 3)))

    def rotations(self):
        """Generate all four of the rotations this character could have."""

        c = self
        for _ in range(4):
            yield c
            c = c.rotate()

    def can_neighbor(self, other, side):
        """
        Test if this character can neighbor a given other on a given side.

        Two characters can be neighbors if they either both have a line on that
        side or neither does. If other is not set, that is assumed to be a
        outside of the puzzle and thus not have a line.
        """

        my_bit, their_bit = Character.sides[side]

        # print(side, self, other, my_bit, their_bit, self.bits, other.bits) # DEBUG

        if other:
            return self.bits[my_bit] == other.bits[their_bit]
        else:
            return not self.bits[my_bit]

    def __hash__(self):
        """Use the symbol as a hash. This is so we can put characters in sets."""

        return hash(self.symbol)

    def __eq__(self, other):
        """Characters are equal if they have the same symbol."""

        return self.symbol == other.symbol

    def __repr__(self):
        """Print which character this is."""

        return self.symbol


class Puzzle:
    """Represent a grid of possible characters."""

    border = {Character(" ")}  # noqa: RUF012 -- the seed's plain class attribute, never mutated

    def __init__(self, data):
        """Initialize from a string containing characters."""

        # Port: strip('\n'), not strip(), so empty tiles (spaces) at the board's edges survive.
        self.data = [
            [set(Character(c).rotations()) for c in line] for line in data.strip("\n").split("\n")
        ]
        self.rows = len(self.data)
        self.cols = len(self.data[0])

    def possibilities(self):
        """
        Return the number of possibilities in the form (unsolved squares, total
        possibilities). A solved puzzle will return (0, rows * cols).
        """

        return (
            sum(0 if len(el) == 1 else 1 for row in self.data for el in row),
            sum(len(el) for row in self.data for el in row),
        )

    def is_solvable(self):
        """Test if the puzzle is still solvable (no empty possibilities.)"""

        return not any(len(el) == 0 for row in self.data for el in row)

    def is_solved(self):
        """Test if this puzzle is currently solved."""

        return all(len(el) == 1 for row in self.data for el in row)

    def constrain(self):
        """
        Constrain this puzzle by removing any rotations that could not possibly
        be used (there's no possibility in the neighbor to match them).

        Only make one pass, call this function multiple times in case one
        constraint cascades.

        Return if anything changed.
        """

        logging.debug(f"Applying constraints, possiblities: {self.possibilities()}")

        offsets = [
            ("top", -1, 0),
            ("right", 0, 1),
            ("bottom", 1, 0),
            ("left", 0, -1),
        ]

        something_changed = False

        for row in range(self.rows):
            for col in range(self.cols):
                invalid = set()
                for first_point in self[row, col]:
                    if not all(
                        any(
                            first_point.can_neighbor(second_point, direction)
                            for second_point in self[row + row_offset, col + col_offset]
                        )
                        for direction, row_offset, col_offset in offsets
                    ):
                        invalid.add(first_point)

                for impossibility in invalid:
                    something_changed = True
                    self[row, col].remove(impossibility)

        return something_changed

    def __getitem__(self, pt):
        """
        Fetch the current possibility set from a given row and column.

        If the index is out of bounds, instead return a 'border character' with
        no edges to help guarantee that no pieces point outwards.
        """

        row, col = pt
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.data[row][col]
        else:
            return Puzzle.border

    def __repr__(self):
        """If solved, print the puzzle; if not, print remaining possibilities."""

        if self.is_solved():
            return "\n".join("".join(str(list(el)[0]) for el in row) for row in self.data)  # noqa: RUF015 -- seed's spelling

        else:

            def pad_set(el):
                return "".join(str(each) for each in el) + " " * (4 - len(el))

            line_seperator = "\n" + ("┈" * (7 * self.cols - 3)) + "\n"

            return line_seperator.join(" ┆ ".join(pad_set(el) for el in row) for row in self.data)
            return repr(self.data)


def solve(puzzle):
    """
    Use a hybrid constraint / backtracking solver to solve the puzzle.

    while not solved:
        apply constraint solver until it doesn't work any more
        find the first mismatched point and try each possibility
    """

    queue = [puzzle]
    while queue:
        puzzle = queue.pop()
        logging.info(
            f"Running backtracker, states: {len(queue)}, "
            f"possiblities in current state: {puzzle.possibilities()}"
        )
        logging.debug(puzzle)

        # Apply constraint until the constrain function returns false
        while puzzle.constrain():
            pass
        logging.debug(puzzle)

        if not puzzle.is_solvable():
            logging.info("Unsolveable state found, removing it")
            continue

        if puzzle.is_solved():
            logging.info("Solved state found, returning it")
            return puzzle

        # Split to backtracking
        def first_unclear_point():
            # Port: the closure reads the loop's `puzzle`, but it is called at once, in the same
            # iteration, as in the seed; hence the B023 noqa.
            for row in range(puzzle.rows):  # noqa: B023
                for col in range(puzzle.cols):  # noqa: B023
                    if len(puzzle[row, col]) > 1:  # noqa: B023
                        return row, col, puzzle[row, col]  # noqa: B023

        row, col, possibilities = first_unclear_point()
        for possibility in possibilities:
            copied_puzzle = copy.deepcopy(puzzle)
            copied_puzzle[row, col].clear()
            copied_puzzle[row, col].add(possibility)

            queue.append(copied_puzzle)

    # If we made it out of the loop, there is no solution to the puzzle
    return None


class Timeout(Exception):
    """Raised by the SIGALRM handler when ``--limit`` runs out."""


def _on_alarm(signum, frame):
    raise Timeout


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("board", nargs="?", help="file with the board as glyph rows (default: stdin)")
    ap.add_argument(
        "--limit", type=float, default=600.0, help="seconds before giving up (0: no limit)"
    )
    args = ap.parse_args(argv)

    if args.board:
        with open(args.board, encoding="utf-8") as f:
            text = f.read()
    else:
        text = sys.stdin.read()
    if not text.strip("\n"):
        print("empty board", file=sys.stderr)
        return 2

    puzzle = Puzzle(text)
    signal.signal(signal.SIGALRM, _on_alarm)
    start = time.perf_counter()
    try:
        if args.limit > 0:
            signal.setitimer(signal.ITIMER_REAL, args.limit)
        solution = solve(puzzle)
    except Timeout:
        print("timeout")
        print(f"time: {time.perf_counter() - start:.3f} s (limit {args.limit:g} s)")
        return 3
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    took = time.perf_counter() - start

    if solution is None:
        print("no solution")
        print(f"time: {took:.3f} s")
        return 1
    print(solution)
    print(f"time: {took:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
