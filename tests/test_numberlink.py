"""Numberlink: pzprjs's own URL and answer, the checker against broken answers, solution counts
against brute force on small boards (every encoding, with and without "every cell"), plain
layouts and URLs round-trip, bad input refused in one line, and the maker."""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import product

import pytest

from conftest import DATA
from gridsat.models import numberlink as numberlink_model
from gridsat.parsers import ParseError
from gridsat.parsers.numberlink import format_puzzle, format_url, parse
from gridsat.pipeline import solve
from gridsat.puzzles.numberlink import GIVENS, Numberlink, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("numberlink")
BOARDS = [
    json.loads(line) for line in (DATA / "numberlink" / "boards.jsonl").read_text().splitlines()
]


def pzprv3(text: str) -> tuple[str, ...]:
    """A pzprv3 answer file of pzprjs's tests as direction masks: its lines between cells
    across, then down."""
    parts = [p for p in text.split("/") if p]
    h, w = int(parts[2]), int(parts[3])
    rows = parts[4 + h :]
    across = [row.split() for row in rows[:h]]
    down = [row.split() for row in rows[h : 2 * h - 1]]
    masks = [[0] * w for _ in range(h)]
    for r in range(h):
        for c in range(w - 1):
            if across[r][c] == "1":
                masks[r][c] |= 1
                masks[r][c + 1] |= 4
    for r in range(h - 1):
        for c in range(w):
            if down[r][c] == "1":
                masks[r][c] |= 8
                masks[r + 1][c] |= 2
    return tuple("".join(format(m, "x") for m in row) for row in masks)


SOLVED = pzprv3(
    "pzprv3/numlin/5/5/1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /1 -1 1 1 /"
    "0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /1 1 1 1 1 /1 0 1 1 0 /"
)
"""pzprjs's test answer to its URL ``numlin/5/5/1j2h3m1h2j3``."""


def test_pzprjs_test_url_reads_and_solves_to_its_answer() -> None:
    puzzle = GENRE.read("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
    assert puzzle.ends() == {1: [(0, 0), (3, 1)], 2: [(1, 0), (3, 4)], 3: [(1, 3), (4, 4)]}
    assert not puzzle.every_cell
    assert check(puzzle, SOLVED) == []
    for encoding in GENRE.encodings:
        outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=2)
        assert outcome.solutions == [SOLVED]
    assert format_url(puzzle) == "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
    assert parse(GENRE.example) == puzzle


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = GENRE.read("numlin/5/5/1j2h3m1h2j3")
    assert check(puzzle, SOLVED[:-1]) == ["the solution is not a 5x5 board"]
    rows = list(SOLVED)
    rows[0] = "0c95c"  # (the 1 at r1c1 without its line)
    assert any("r1c1 holds a number and has 0 lines" in p for p in check(puzzle, tuple(rows)))
    assert any("none back" in p for p in check(puzzle, tuple(rows)))
    blank = Numberlink(((1, None, 1), (None, None, None), (2, None, 2)))
    assert check(blank, ("154", "000", "154")) == []
    assert check(blank, ("144", "000", "154")) == [
        "r1c2 has 1 lines, not 0 or 2",
        "r1c3 has a line to r1c2, which has none back",
    ]
    # Paths that end at another number.
    crossed = Numberlink(((1, None, 2), (None, None, None), (2, None, 1)))
    assert any("ends at r1c3, not at its other 1" in p
               for p in check(crossed, ("154", "000", "154")))  # fmt: skip
    # A loop of its own, and a cell left empty on an every-cell board.
    wide = Numberlink(((1, 1, None, None), (None, None, None, None), (None, None, None, None)))
    assert check(wide, ("1400", "009c", "0036")) == [
        "a loop joins no numbers, through r2c3"
    ]  # fmt: skip
    assert check(Numberlink(wide.rows), ("1400", "0000", "0000")) == []
    every = Numberlink(wide.rows, every_cell=True)
    assert "r2c1 has 0 lines, not 2" in check(every, ("1400", "0000", "0000"))


# -- brute force -------------------------------------------------------------------------------


@cache
def every_answer(puzzle: Numberlink) -> list[tuple[str, ...]]:
    """Every set of lines between side-by-side cells the checker accepts."""
    h, w = puzzle.height, puzzle.width
    pairs = [((r, c), (r, c + 1)) for r in range(h) for c in range(w - 1)]
    pairs += [((r, c), (r + 1, c)) for r in range(h - 1) for c in range(w)]
    found = []
    for bits in product((0, 1), repeat=len(pairs)):
        masks = [[0] * w for _ in range(h)]
        for ((r, c), (rr, cc)), on in zip(pairs, bits, strict=True):
            if on:
                masks[r][c] |= 1 if cc > c else 8
                masks[rr][cc] |= 4 if cc > c else 2
        degrees = [bin(m).count("1") for row in masks for m in row]
        numbers = [n for row in puzzle.rows for n in row]
        if any(
            (d != 1) if n is not None else d not in (0, 2)
            for d, n in zip(degrees, numbers, strict=True)
        ):
            continue  # (a cell the checker refuses whatever the rest: a quicker count)
        answer = tuple("".join(format(m, "x") for m in row) for row in masks)
        if not check(puzzle, answer):
            found.append(answer)
    return found


SMALL = [
    "1 . 1\n. . .\n2 . 2",
    "1 . 2\n. . .\n2 . 1",
    "1 . .\n. . .\n. . 1",
    "every cell\n1 . .\n. . .\n. . 1",
    "every cell\n1 . 2\n. . .\n. 2 1",
    "1 2 . .\n. . . 1\n. . 2 .",
    "every cell\n1 . . .\n. 2 . .\n. . 2 1",
]


@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(encoding: str) -> None:
    for text in (SMALL[0], SMALL[3]):
        puzzle = parse(text)
        outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=500)
        assert outcome.count_exact
        assert sorted(outcome.solutions) == sorted(every_answer(puzzle)), text


@pytest.mark.slow
@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("backend", ["cpsat", "sat:minicard", "sat:glucose4"])
def test_counts_match_brute_force_on_larger_boards(encoding: str, backend: str) -> None:
    assert not every_answer(parse(SMALL[1]))  # (1s and 2s crossed: the paths cannot both pass)
    for text in SMALL:
        puzzle = parse(text)
        outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=500)
        assert sorted(outcome.solutions) == sorted(every_answer(puzzle)), text


def test_brute_force_counts_are_not_trivial() -> None:
    counts = [len(every_answer(parse(text))) for text in (SMALL[0], SMALL[3])]
    assert counts[0] > 1 and counts[1] == 2  # (every cell: the two ways around the border)


def random_boards(height: int, width: int, count: int, seed: int) -> list[Numberlink]:
    """Boards of two or three pairs on random cells, cells allowed empty (Nikoli's rule)."""
    rng, boards = random.Random(seed), []
    for _ in range(count):
        cells = rng.sample(
            [(r, c) for r in range(height) for c in range(width)], 2 * rng.choice((2, 3))
        )
        rows = [[None] * width for _ in range(height)]
        for i, (r, c) in enumerate(cells):
            rows[r][c] = i // 2 + 1
        boards.append(Numberlink(tuple(tuple(row) for row in rows)))
    return boards


def uniqueness_matches_brute_force(
    boards: list[Numberlink], runs: list[tuple[str, str]]
) -> set[str]:
    """Each board's verdict for one or two answers (the narrowed model searched first) is the
    brute force's; the kinds of board seen, so a test can ask that each kind came up."""
    kinds = set()
    for puzzle in boards:
        assert GENRE.build(puzzle, "binary").narrowed is not None
        found = every_answer(puzzle)
        expected = ["unsolvable", "unique"][len(found)] if len(found) < 2 else "multiple"
        for backend, encoding in runs:
            outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=2)
            assert outcome.status == expected, (puzzle, backend, encoding)
            assert all(s in found for s in outcome.solutions)
        whole = len(found) == 1 and all("0" not in row for row in found[0])
        kinds.add("unique, every cell" if whole else f"{expected}")
    return kinds


def test_shortest_paths_first_keep_the_verdicts_of_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(numberlink_model, "NARROW_FROM", 0)  # (on boards of short paths too)
    # A unique answer that leaves cells empty is proved on the model itself: some come up here.
    kinds = uniqueness_matches_brute_force(random_boards(3, 3, 10, 1), [("sat:minicard", "binary")])
    assert kinds == {"unsolvable", "unique", "multiple", "unique, every cell"}


@pytest.mark.slow
def test_shortest_paths_first_keep_the_verdicts_of_brute_force_everywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(numberlink_model, "NARROW_FROM", 0)
    runs = [(b, e) for b in ("sat:minicard", "sat:cadical195", "cpsat") for e in GENRE.encodings]
    uniqueness_matches_brute_force(random_boards(3, 3, 60, 1), runs)
    uniqueness_matches_brute_force(random_boards(3, 4, 12, 2), runs)


Cell = tuple[int, int]


def answers_by_paths(puzzle: Numberlink) -> set[tuple[str, ...]]:
    """Every answer, walked pair by pair: each simple path from a pair's first cell to its
    second through cells no earlier path took and no other number holds (a brute force of
    its own, quick enough for 4x5 boards)."""
    h, w = puzzle.height, puzzle.width
    ends = sorted(puzzle.ends().items())
    numbers = {cell for _, cells in ends for cell in cells}
    found: set[tuple[str, ...]] = set()
    steps = ((0, 1, 1, 4), (-1, 0, 2, 8), (0, -1, 4, 1), (1, 0, 8, 2))

    def walk(k: int, at: Cell, used: set[Cell], masks: list[list[int]]) -> None:
        if k == len(ends):
            found.add(tuple("".join(format(m, "x") for m in row) for row in masks))
            return
        goal = ends[k][1][1]
        if at == goal:
            if k + 1 < len(ends):
                walk(k + 1, ends[k + 1][1][0], used | {ends[k + 1][1][0]}, masks)
            else:
                walk(k + 1, at, used, masks)
            return
        r, c = at
        for dr, dc, bit, back in steps:
            to = (r + dr, c + dc)
            if not (0 <= to[0] < h and 0 <= to[1] < w) or to in used:
                continue
            if to in numbers and to != goal:
                continue
            masks[r][c] |= bit
            masks[to[0]][to[1]] |= back
            walk(k, to, used | {to}, masks)
            masks[r][c] &= ~bit
            masks[to[0]][to[1]] &= ~back

    first = ends[0][1][0]
    walk(0, first, {first}, [[0] * w for _ in range(h)])
    if puzzle.every_cell:
        found = {a for a in found if all("0" not in row for row in a)}
    return found


def test_the_two_brute_forces_agree() -> None:
    for text in (SMALL[0], SMALL[3]):
        puzzle = parse(text)
        assert answers_by_paths(puzzle) == set(every_answer(puzzle)), text


@pytest.mark.slow
def test_the_two_brute_forces_agree_on_every_small_board() -> None:
    for text in SMALL:
        puzzle = parse(text)
        assert answers_by_paths(puzzle) == set(every_answer(puzzle)), text


def narrowing_holds(boards: list[Numberlink], runs: list[tuple[str, str]]) -> set[str]:
    """The narrowed model's answers (up to 20 of them) against every answer walked: each is an
    answer; there is one when there is any; and one alone that passes every cell is the
    puzzle's only answer. The kinds of board seen."""
    kinds = set()
    for puzzle in boards:
        found = answers_by_paths(puzzle)
        for backend, encoding in runs:
            narrowed = GENRE.build(puzzle, encoding).narrowed
            assert narrowed is not None
            with get_backend(backend).open(narrowed.model) as session:
                kept = {
                    narrowed.decode(r.assignment)
                    for r in session.enumerate(20)
                    if r.assignment is not None
                }  # (two would do: a few more)
            assert kept <= found, (puzzle, backend, encoding)
            assert bool(kept) == bool(found), (puzzle, backend, encoding)
            whole = len(kept) == 1 and all("0" not in row for row in next(iter(kept)))
            if whole:
                assert len(found) == 1, (puzzle, backend, encoding)
            said = f"{min(len(found), 2)} answers, {len(kept)} kept"
            kinds.add(said + (", whole" if whole else ""))
    return kinds


def walked_boards(height: int, width: int, count: int, seed: int) -> list[Numberlink]:
    """Boards whose pairs are the ends of random walks through free cells (two to seven
    cells each, until no walk starts), cells allowed empty: most with one answer or a few."""
    rng, boards = random.Random(seed), []
    for _ in range(count):
        free = {(r, c) for r in range(height) for c in range(width)}
        rows: list[list[int | None]] = [[None] * width for _ in range(height)]
        for number in range(1, 10):
            starts = [cell for cell in sorted(free) if any(
                n in free for n in ((cell[0] + 1, cell[1]), (cell[0] - 1, cell[1]),
                                    (cell[0], cell[1] + 1), (cell[0], cell[1] - 1)))]  # fmt: skip
            if not starts:
                break
            walk = [rng.choice(starts)]
            free.discard(walk[0])
            for _ in range(rng.randint(1, 6)):
                r, c = walk[-1]
                steps = [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in free]
                if not steps:
                    break
                walk.append(rng.choice(steps))
                free.discard(walk[-1])
            for r, c in (walk[0], walk[-1]):
                rows[r][c] = number
        boards.append(Numberlink(tuple(tuple(row) for row in rows)))
    return boards


def test_the_narrowed_model_keeps_what_the_first_search_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(numberlink_model, "NARROW_FROM", 0)
    boards = walked_boards(4, 4, 12, 6) + random_boards(4, 4, 6, 3)
    kinds = narrowing_holds(boards, [("sat:minicard", "binary")])
    assert {"0 answers, 0 kept", "1 answers, 1 kept, whole"} <= kinds
    assert any(k.startswith("2 answers") for k in kinds)


@pytest.mark.slow
def test_the_narrowed_model_keeps_what_the_first_search_needs_everywhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(numberlink_model, "NARROW_FROM", 0)
    runs = [("sat:minicard", e) for e in GENRE.encodings] + [("cpsat", "binary")]
    narrowing_holds(walked_boards(4, 4, 40, 2) + random_boards(4, 4, 20, 4), runs)
    narrowing_holds(walked_boards(4, 5, 30, 3), runs)


# -- reading and writing -------------------------------------------------------------------------


def test_plain_layouts_round_trip() -> None:
    texts = [*SMALL, (DATA / "numberlink" / "plain.txt").read_text(), "12 . 12\n. . .", "1─1"]
    for text in texts:
        puzzle = parse(text)
        assert parse(format_puzzle(puzzle)) == puzzle
    assert parse("1.1\n2.2") == parse("1 . 1\n2 . 2")
    marked = parse("1 ─ 1\n. · .")
    assert marked.marks == (((0, 1), 5), ((1, 1), 0))
    assert parse(format_puzzle(marked)) == marked


@pytest.mark.parametrize("row", BOARDS[:3], ids=lambda r: r["params"])
def test_urls_round_trip(row: dict[str, str]) -> None:
    puzzle = GENRE.read(row["id"])
    assert format_url(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle


def test_arukone_says_every_cell() -> None:
    puzzle = GENRE.read("https://puzz.link/p?arukone/5/5/1j2h3m1h2j3")
    assert puzzle.every_cell
    assert format_url(puzzle) == "https://puzz.link/p?arukone/5/5/1j2h3m1h2j3"
    assert not GENRE.read("https://puzz.link/p?arukone/e/5/5/1j2h3m1h2j3").every_cell
    assert parse(format_puzzle(puzzle)) == puzzle


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "empty input"),
        ("every cell\n", "no board"),
        ("1 . x", "line 1, column 5: 'x' is not a cell"),
        ("1 . 1\n2 . .", "the number 2 stands on 1 cell (line 2, column 1)"),
        ("1 1 1\n. . .", "the number 1 stands on 3 cells"),
        ("1 .\n. . .", "line 2: 3 cells, but the first row has 2"),
        ("https://puzz.link/p?numlin/2/2/1.1", "r1c2 holds a number not told"),
        ("https://puzz.link/p?numlin/2/2/1i", "the number 1 stands on 1 cell (r1c1)"),
        ("https://puzz.link/p?numlin/e/2/2/1h1", "the flag 'e' changes"),
        ("https://puzz.link/p?numlin/2/2/1h1zz", "left over"),
    ],
)
def test_bad_input_is_refused_in_one_line(text: str, said: str) -> None:
    with pytest.raises(ParseError) as error:
        GENRE.read(text)
    assert said in str(error.value) and "\n" not in str(error.value)


# -- every bundled board ----------------------------------------------------------------------


# -- the maker and the givens --------------------------------------------------------------------


def test_the_maker_makes_unique_puzzles_and_the_givens_are_its_numbers() -> None:
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: Numberlink, n: int) -> list[tuple[str, ...]]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    puzzle, solution, _ = make((6, 6), random.Random(2), solutions)
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]
    shown = GIVENS.of(puzzle)
    assert shown and all(isinstance(n, int) for _, n in shown)
    assert GIVENS.keep(puzzle, shown) == puzzle
    # A number shown on one of its cells alone is not shown.
    assert GIVENS.keep(puzzle, shown[1:]).ends().keys() == puzzle.ends().keys() - {shown[0][1]}
    for place, n in shown:
        assert GIVENS.at(puzzle, solution, place) == (place, n)
    free = next((r, c) for r in range(6) for c in range(6) if puzzle.rows[r][c] is None)
    mark = GIVENS.at(puzzle, solution, free)
    assert check(GIVENS.keep(puzzle, [*shown, mark]), solution) == []


def test_the_maker_makes_numlin_boards_whose_answer_is_unique_with_cells_allowed_empty() -> None:
    backend = get_backend("sat:minicard")

    def solutions(puzzle: Numberlink, n: int) -> list[tuple[str, ...]]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    puzzle, solution, _ = make((6, 6), random.Random(3), solutions, numlin=True)
    assert not puzzle.every_cell
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]
    # Joined paths: fewer pairs than the every-cell board of the same seed.
    every, _, _ = make((6, 6), random.Random(3), solutions)
    assert len(puzzle.ends()) < len(every.ends())
