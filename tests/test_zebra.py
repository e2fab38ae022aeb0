"""Logic grids in Grizzly format: every clue type decides a small puzzle; errors name the line."""

from __future__ import annotations

import itertools

import pytest

from conftest import DATA
from gridsat.parsers import ParseError
from gridsat.parsers.zebra import format_puzzle, parse
from gridsat.pipeline import solve
from gridsat.puzzles.zebra import Zebra, check
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

ZEBRA = get_genre("zebra")
ZEBRA_TEXT = (DATA / "zebra" / "zebra.txt").read_text()
GRID = "1 2 3 4\na b c d\n"


def brute_force(puzzle: Zebra) -> set[tuple[tuple[str, ...], ...]]:
    """Every arrangement of the rows that the checker accepts: the clues, with no solver."""
    found = set()
    for perms in itertools.product(*(itertools.permutations(r) for r in puzzle.rows[1:])):
        grid = (puzzle.rows[0], *perms)
        if not check(puzzle, grid):
            found.add(grid)
    return found


# One small puzzle per clue type; the last clue is the one that decides the answer.
DECIDED_BY = {
    "=": "= a 3\n= b 1\n= c 4",
    "!": "= a 1\n= b 2\n! c 3",
    "<": "= a 1\n= b 2\n< d c",
    ">": "= a 1\n= b 2\n> c d",
    "A": "= a 1\n= b 4\nA c b",
    "1": "1 a b\n1 b c\n1 c d",
    "i": "= a 1\n= b 2\ni 4 c a",
    "^": "1 a b\n1 b c\n^ 1 a 2 b",
    "p": "= a 1\n= b 2\np c 4 d 3",
    "X": "= a 1\n= b 2\nX c 4 c 3 d 4",
}


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195", "sat:kissat404"])
@pytest.mark.parametrize("kind", sorted(DECIDED_BY))
def test_every_clue_type_decides_its_puzzle(kind: str, backend: str) -> None:
    text = GRID + "%%\n" + DECIDED_BY[kind]
    puzzle = parse(text)
    assert puzzle.clues[-1].kind == kind
    solutions = brute_force(puzzle)
    without_last = brute_force(Zebra(puzzle.rows, puzzle.clues[:-1]))
    assert len(solutions) == 1 < len(without_last)  # the last clue decides it
    for p in (puzzle, Zebra(puzzle.rows, puzzle.clues[:-1])):
        outcome = solve(ZEBRA, p, get_backend(backend), limit=50)
        assert set(outcome.solutions) == brute_force(p)


def test_zebra_reads_and_round_trips() -> None:
    puzzle = parse(ZEBRA_TEXT)
    assert len(puzzle.rows) == 6 and len(puzzle.clues) == 14 and puzzle.size == 5
    assert parse(format_puzzle(puzzle)) == puzzle


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195"])
def test_removing_a_clue_leaves_two_answers_and_adding_one_leaves_none(backend: str) -> None:
    puzzle = parse(ZEBRA_TEXT)
    loose = Zebra(
        puzzle.rows, tuple(c for c in puzzle.clues if c.symbols != ("japanese", "parliament"))
    )
    outcome = solve(ZEBRA, loose, get_backend(backend), limit=2)
    assert outcome.status == "multiple"
    contradiction = parse(ZEBRA_TEXT + "\n= norwegian zebra\n")
    assert solve(ZEBRA, contradiction, get_backend(backend), limit=2).status == "unsolvable"


@pytest.mark.parametrize(
    "text, message",
    [
        ("1 2\na b\n= a 1", "no categories"),  # without %% it is read as the clue language
        ("1 2\n%%\n", "at least one more row"),
        ("1 2\na b c\n%%", "line 2: 3 symbols, but the first row has 2"),
        ("1 2\na 1\n%%", "line 2: symbol '1' already stands on line 1"),
        ("1 2\na b\n%%\n? a b", "line 4: unknown clue type '?'"),
        ("1 2\na b\n%%\n< a", "line 4: clue '<' takes exactly 2 symbols, not 1"),
        ("1 2\na b\n%%\nX a b 1", "line 4: clue 'X' takes an even number of symbols, not 3"),
        ("1 2\na b\n%%\n= a zz", "line 4: unknown symbol 'zz'"),
    ],
)
def test_parse_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)
