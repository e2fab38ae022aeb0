"""Python 3 port of the seed document's magic number board solver (best-first search).

Source: the user's seed document on Hidoku and magic boards, "Magic number board puzzle solver in
Python" (Rainhard Findling, 2014/11; Python 2). Kept, standalone, as the baseline that
``benchmarks/bench_magic.py`` compares against. Same data structures (Cell, Board), same
heuristic (weighted histogram of group fill states), same branch cutting (permutation check on
groups with >= 3 filled cells), same successor generation (deepcopy, fill one cell of the
fullest unfinished group) and same best-first loop (sort, pop the best, list-based open/closed).

    python benchmarks/seed_magic.py [--repeat N] [--path]

Changed for Python 3 only: print function; ``reduce`` from functools; ``filter``/``map``
wrapped in ``list()`` where Python 2 returned lists; ``range`` kept a list for the number range;
``__cmp__`` is no longer called, so ``__lt__`` delegates to it (``list.sort`` only uses ``<``,
as Python 2 did for these classes via the ``__cmp__`` fallback: same order, same stability).
Besides: the unused ``import numpy`` is dropped; the module-level script became ``search()``
plus a timing ``main()``; ``x not in``/``class X:``/``zip(strict=False)`` are ruff's spellings of
the same operations. No integer division occurs in the original.
"""

import argparse
import copy
import itertools
import statistics
import sys
import time
from functools import reduce

# Magic number square solver implementation. The magic number square is a 5x5 number board in
# which each field must contain a nr [5,25]. Some numbers are given at the start, all others have
# to be found. In the end, each nr must be used once and all rows, columns and both diagonals
# have to sum to 85.
# Rainhard Findling
# 2014/11
#
# Core concepts:
#
# Branch cutting: we look at each generated board: for each row (incl. row, col, diagonal) the
# remaining numbers must contain at least one permutation with which the row sums up exactly to
# 85, otherwise the board can only create invalid solutions and is skipped in future search.
#
# Heuristic (search direction): we prefer boards which are more filled over boards not so
# filled. We futher prefer rows with more filled cells over rows with less filled cells. In fact,
# we use a monotinic metric: 1 row with N filled cells is always worth more than [MAX] rows which
# have N-1 cell filled less. Therefore, we always try to fill the row with already has the most
# filled cells (except of completely filled rows).
#
# Successor generation: of a board only those successors get created that fill a number to the
# row with most already filled cells (excluding completely filled rows). This is intuitive, but
# it seems it would not be necessary as we do heuristic sorting whcih would prefer "more filled"
# boards always. But it's also required for another reason: it is important in combination with
# branch cutting (it's one solution to the problem that would emerge otherwise). For a board with
# a row where only 1 cell is not filled yet, that cell could remain unfilled (even if we have a
# heuristic that would enforce this cell to be filled next) - simply because filling the cell
# makes the row valid, but there are no valid successors of the resulting board possible
# anymore. This would lead to the irrational behavior of trying this cell and discarding all
# successors, then trying the other candidates from the list which still have this one cell
# free, therefore leaving this cell free (for getting a still high bonus for having one nearly
# filled row) and trying to fill cells elsewhere. The approach of only filling the row with
# already highest filling status - except completely filled rows - ensures that there are no
# states that allow for "leaving out because resulting successors are invalid" scenarios.
#

global_sum = 85
global_nrs_range = list(range(5, 30))
global_branchcutting_min_amount_of_filled_cells_to_perform_permutation_check = 3
# why? because with 5*5 we have 12 rows to validate in total. therefore, if we want to favor
# boards that have more filled or nearly filled rows, our base b for hist**b has to be 12 for the
# metric order to be monotone. why 6 weights if we have 5*5? because we weight the '0-fills' too.
global_heuristics_row_fill_stat_hist_weights = [12**x for x in range(6)]
_ = "__"  # placeholder for empty fields


class Cell:
    """representation of a cells in the gameboard."""

    def __init__(self, nr=_):
        self.nr = nr
        # if(self.nr != _):
        # self.available_nrs = []
        # else:
        # self.available_nrs = global_nrs_range

    def __str__(self):
        return "%2s" % str(self.nr)  # noqa: UP031 -- the original's formatting, kept verbatim

    def str_verbose(self):
        """str with more information about this cell than __str__."""
        return self.__str__() + " (" + ",".join([str(x) for x in self.available_nrs]) + ")"

    def __repr__(self):
        return self.__str__()

    # (sic) single-underscore-prefixed in the original, so never used: deepcopy copies __dict__.
    def __deepcopy(self, memo):
        return Cell(self.nr)


class Board:
    """Representation of a gameboard holding all numbers + helper infos for solving it."""

    def __init__(self, gameboard, parent, available_nrs=None):
        self.gameboard = gameboard
        self.parent = parent
        if available_nrs != None:  # noqa: E711 -- as in the original
            self.available_nrs = available_nrs
        else:
            self.available_nrs = self.generate_available_nrs_from_gameboard()

    def generate_available_nrs_from_gameboard(self):
        """derive still available numbers from gameboard."""
        return [
            x
            for x in global_nrs_range
            if x not in list(map(lambda x: x.nr, self.all_cells_as_vector()))
        ]

    def all_cells_as_vector(self):
        return reduce(lambda x, y: x + y, self.gameboard)

    def __str__(self):
        return self.str_gameboard(self.gameboard)

    def str_gameboard(self, gameboard):
        """string representation of a gameboard = board."""
        s = "\n================\n"
        for row in gameboard:
            s += "|" + " ".join([x.__str__() for x in row]) + "|\n"
        s += "================\n"
        return s

    def __repr__(self):
        return self.__str__()

    def __deepcopy__(self, memo):
        # we do not/cannot deepcopy parent!
        return Board(copy.deepcopy(self.gameboard), self.parent, copy.deepcopy(self.available_nrs))

    def __eq__(self, other):
        # `other == None` calls Board.__eq__(other, None) for a board, exactly as in Python 2.
        if other == None:  # noqa: E711 -- kept: same calls as the original, not `is None`
            return False
        for self_row, other_row in zip(self.gameboard, other.gameboard, strict=False):
            for self_cell, other_cell in zip(self_row, other_row, strict=False):
                if not self_cell.nr == other_cell.nr:
                    return False
        return True

    def __cmp__(self, other):
        # __cmp__ should return a negative integer if self < other, zero if self == other, and
        # positive if self > other
        if self.heuristic() < other.heuristic():
            return -1
        if self.heuristic() == other.heuristic():
            return 0
        else:
            return 1

    def __lt__(self, other):
        # Python 3 ignores __cmp__; Python 2's sort reached it through `<`, so delegate.
        return self.__cmp__(other) < 0

    def copy_transposed(self):
        """get a transposed copy of the gameboard: rows become columns, columns become rows."""
        return [[row[nr] for row in self.gameboard] for nr in range(len(self.gameboard))]

    def diagonal_topleft_bottomright(self):
        """get the topleft to bottomright diagonal 'row'"""
        return [self.gameboard[nr][nr] for nr in range(len(self.gameboard))]

    def diagonal_topright_bottomleft(self):
        """get the topright to bottomleft diagonal 'row'"""
        return [
            self.gameboard[len(self.gameboard) - nr - 1][nr] for nr in range(len(self.gameboard))
        ]

    def get_all_groups(self):
        """returns all groups (rows, cols, diagonals) that have to fulfill certain criteria."""
        return (
            self.gameboard
            + self.copy_transposed()
            + [self.diagonal_topleft_bottomright()]
            + [self.diagonal_topright_bottomleft()]
        )

    def is_valid(self):
        """checks if this gameboard is valid / can still be solved in a valid way."""
        for row in self.get_all_groups():
            free = len(list(filter(lambda cell: cell.nr == _, row)))
            # print 'free', free
            if (
                len(self.gameboard) - free
                < global_branchcutting_min_amount_of_filled_cells_to_perform_permutation_check
            ):
                # too many unfilled cells, we don't check if permutations can still make this row
                # valid
                # print 'skipping row with', str(free), 'free cells during checks'
                continue
            if free == 0:
                # is already filled. sanity check: is it's filled in valid way?
                if reduce(lambda x, y: x + y.nr, row, 0) != global_sum:
                    return False
                    # raise Exception('Completely filled row does not sum to ' + str(global_sum)
                    #                 + ': ' + str(row))
                continue
            # sum of nrs currently in this row
            cur_sum = reduce(lambda x, y: x + (y.nr if y.nr != _ else 0), row, 0)
            # check that from nrs still available it's still possible to get this row to the
            # target sum
            sum_remainder = global_sum - cur_sum
            # does any combination of available nrs still fulfill this criteria?
            permutations = itertools.permutations(self.available_nrs, free)
            if not any([sum(x) == sum_remainder for x in permutations]):
                return False

        return True

    def is_filled(self):
        """checks if all fields are filled. valid + filled therefore means solved."""
        for row in self.gameboard:
            for cell in row:
                if cell.nr == _:
                    return False
        return True

    def generate_successors(self):
        """generate all possible successor states of this board."""
        successors = []
        counts = [
            len(list(filter(lambda cell: cell.nr != _, row))) for row in self.get_all_groups()
        ]
        row_nr = counts.index(max(list(filter(lambda x: x < len(self.gameboard), set(counts)))))
        # for row_nr in range(len(self.gameboard)):
        row = self.get_all_groups()[row_nr]
        for cell_nr in range(len(row)):
            cell = row[cell_nr]
            if cell.nr == _:
                # this cell can be set as next step
                for nr in self.available_nrs:
                    # generate clone
                    suc = copy.deepcopy(self)
                    # modify to show new state
                    suc.available_nrs.remove(nr)
                    suc.get_all_groups()[row_nr][cell_nr].nr = nr
                    suc.parent = self
                    if suc.is_valid():
                        successors.append(suc)
        return successors

    def fill_stat_hist(self):
        """histogram of how row fill states: how much rows exist with have 0, 1, 2 etc. filled
        cells."""
        counts = [
            len(list(filter(lambda cell: cell.nr != _, row))) for row in self.get_all_groups()
        ]
        # fill_stat_hist = [len(list(group)) for key,group in itertools.groupby(counts)]
        fill_stat_hist = [
            len(list(filter(lambda x: x == i, counts))) for i in range(len(self.gameboard) + 1)
        ]
        return fill_stat_hist

    def fill_stat_hist_weighted(self):
        """the same hist weighted by how much we think it's worth to have more of 'such' row fill
        states."""
        return list(
            map(
                lambda x: x[0] * x[1],
                zip(
                    self.fill_stat_hist(),
                    global_heuristics_row_fill_stat_hist_weights,
                    strict=False,
                ),
            )
        )

    def heuristic(self):
        """heuristic of how good this field is. bigger means better."""
        return sum(self.fill_stat_hist_weighted())

    def path(self):
        """evolution chain from beginning to this state - for getting detailled insight."""
        return (
            [self]
            if self.parent == None  # noqa: E711 -- as in the original (calls Board.__eq__)
            else self.parent.path() + [self]  # noqa: RUF005 -- as in the original
        )


def generate_board(board):
    return Board([[Cell(x) for x in row] for row in board], None)


def search(b):
    """The original's module-level best-first search loop, unchanged but for print()."""
    # best first search
    nodes = [b]
    closed = []
    solutions = []
    while len(nodes) > 0:
        # sort: bigger heuristic = best = last in list
        nodes.sort()
        node = nodes.pop()
        closed.append(node)
        #    print 'current board:', node
        # print 'nodes remaining in list:', len(nodes)
        # print 'fill_stat_hist:', str(node.fill_stat_hist())
        # print 'fill_stat_hist weighted:', str(node.fill_stat_hist_weighted())
        #    print 'solutions:', len(solutions)
        # produce some kiddies
        successors = node.generate_successors()
        suc_finished = list(filter(lambda suc: suc.is_filled(), successors))
        if len(suc_finished) > 0:
            # print 'solution(s):', map(lambda x:x.path(), suc_finished)
            solutions += suc_finished
            print("solutions:", len(solutions))
            # break
        suc_unfinished = list(filter(lambda suc: not suc.is_filled(), successors))
        suc_to_add = list(
            filter(lambda suc: suc not in nodes and suc not in closed, suc_unfinished)
        )
        nodes += suc_to_add
    return solutions


EXAMPLE = [
    [_, _, _, _, 15],
    [_, _, 25, 17, _],
    [_, 26, _, 5, _],
    [_, 18, _, _, 11],
    [_, _, 21, _, _],
]
EXPECTED = [
    [28, 24, 6, 12, 15],
    [13, 7, 25, 17, 23],
    [8, 26, 19, 5, 27],
    [20, 18, 14, 22, 11],
    [16, 10, 21, 29, 9],
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="timed runs; the median is reported")
    ap.add_argument("--path", action="store_true", help="print each solution's full path")
    args = ap.parse_args()

    # generate board
    print(generate_board(EXAMPLE))

    times = []
    solutions = []
    for _run in range(max(1, args.repeat)):
        t0 = time.perf_counter()
        solutions = search(generate_board(EXAMPLE))
        times.append(time.perf_counter() - t0)
        found = [[[cell.nr for cell in row] for row in s.gameboard] for s in solutions]
        assert found == [EXPECTED], found

    if args.path:
        print(list(map(lambda x: x.path(), solutions)))
    else:
        for s in solutions:
            print(s)
    print("found solutions:", len(solutions))
    print("finished.")
    runs = ", ".join(f"{t:.3f}" for t in times)
    print(f"wall time: median {statistics.median(times):.3f} s over {len(times)} runs ({runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
