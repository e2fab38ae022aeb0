"""Yajilin: pzprjs's own URLs and answers, the checker against broken answers, solution counts
against brute force on small boards (every encoding), plain layouts and URLs round-trip, bad
input refused in one line, and the maker."""

from __future__ import annotations

import json
import random
from functools import cache
from itertools import combinations, product

import pytest

from conftest import DATA
from gridsat.parsers import ParseError
from gridsat.parsers.puzzlink import split
from gridsat.parsers.yajilin import format_puzzle, format_url, parse, parse_url
from gridsat.pipeline import solve
from gridsat.puzzles import yajilin
from gridsat.puzzles.yajilin import GIVENS, Yajilin, check, make
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("yajilin")
BOARDS = [json.loads(line) for line in (DATA / "yajilin" / "boards.jsonl").read_text().splitlines()]


def pzprv3(text: str) -> tuple[str, ...]:
    """A pzprv3 answer file of pzprjs's tests as a solution: its shaded cells (``#``), and its
    lines (borders between cells across, then down) as each cell's direction mask."""
    parts = [p for p in text.split("/") if p]
    h, w = int(parts[2]), int(parts[3])
    rows = parts[4:]
    if rows[0] == "o":
        rows = rows[1:]
    clues = [row.split() for row in rows[:h]]
    answers = [row.split() for row in rows[h : 2 * h]]
    across = [row.split() for row in rows[2 * h : 3 * h]]
    down = [row.split() for row in rows[3 * h : 4 * h - 1]]
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
    return tuple(
        "".join(
            "." if clues[r][c] != "." else "#" if answers[r][c] == "#" else format(masks[r][c], "x")
            for c in range(w)
        )
        for r in range(h)
    )


SOLVED = pzprv3(
    "pzprv3/yajilin/5/5/. . . . . /. . . . . /. . . 3,2 . /. . . . . /. . . . 1,0 /. . . . . /"
    ". . . . + /# . # . + /. . + . + /. . . # . /1 1 -1 1 /1 -1 1 -1 /0 0 0 -1 /1 -1 1 1 /"
    "1 1 0 0 /1 -1 1 1 1 /0 1 0 0 1 /0 1 0 0 1 /1 -1 1 0 0 /"
)
"""pzprjs's test answer to its URL ``yajilin/5/5/m32j10``."""


def test_pzprjs_test_url_reads_and_solves_to_its_answer() -> None:
    puzzle = GENRE.read("https://puzz.link/p?yajilin/5/5/m32j10")
    assert puzzle.clues() == {(2, 3): ("<", 2), (4, 4): ("^", 0)}
    assert check(puzzle, SOLVED) == []
    outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), limit=2)
    assert outcome.solutions == [SOLVED]
    assert format_url(puzzle) == "https://puzz.link/p?yajilin/5/5/m32j10"


def test_the_outside_flag_of_pzprjs_test() -> None:
    # pzprjs's "shInside" answer shades r2c2, inside the loop, under the o flag: refused.
    puzzle = parse("outside\n. . .\n. . .\n. . .")
    assert puzzle.outside
    assert check(puzzle, pzprv3("pzprv3/yajilin/3/3/o/. . . /. . . /. . . /# . . /. . . /. . . /"
                                "0 1 /1 0 /1 1 /0 1 1 /1 0 1 /")) == []  # fmt: skip
    ring = ("95c", "a#a", "356")  # (the shaded centre is inside the loop)
    blank = Yajilin(((None,) * 3,) * 3)
    assert check(blank, ring) == []
    assert check(Yajilin(blank.rows, outside=True), ring) == [
        "the shaded cell r2c2 is inside the loop"
    ]
    url = format_url(Yajilin(blank.rows, outside=True, grey=True))
    assert "/ob/" in url and GENRE.read(url) == Yajilin(blank.rows, outside=True)


def test_the_checker_names_each_broken_rule() -> None:
    puzzle = GENRE.read("yajilin/5/5/m32j10")
    assert check(puzzle, SOLVED[:-1]) == ["the solution is not a 5x5 board"]
    rows = list(SOLVED)
    rows[2] = "#a#ca"  # (the clue cell written as a line)
    assert any("is a clue" in p for p in check(puzzle, tuple(rows)))
    rows = list(SOLVED)
    rows[0] = "#5c9c"  # r1c1 shaded: two of the loop's cells lose their line to it
    assert any("none back" in p for p in check(puzzle, tuple(rows)))
    rows = list(SOLVED)
    rows[4] = "356.."  # r5c4 neither shaded nor on the loop
    assert "r5c4 is neither shaded nor on the loop" in check(puzzle, tuple(rows))
    # A count off: the 2< sees two shaded cells; one fewer breaks it.
    other = GENRE.read("yajilin/5/5/m31j10")
    assert any("says 1 shaded <, but 2 are" in p for p in check(other, SOLVED))
    # Shaded cells side by side.
    blank = Yajilin(((None,) * 4,) * 3)
    assert check(blank, ("##9c", "956a", "3556")) == [
        "the shaded cells r1c1 and r1c2 share an edge"
    ]
    # Two loops.
    wide = Yajilin(((None,) * 5,) * 2)
    assert any("not one loop" in p for p in check(wide, ("9c#9c", "36#36")))


# -- brute force -------------------------------------------------------------------------------


@cache
def every_answer(puzzle: Yajilin) -> list[tuple[str, ...]]:
    """Every board of shaded cells, clue cells and lines the checker accepts: by brute force
    over the shadings and the lines between side-by-side cells that are neither."""
    h, w = puzzle.height, puzzle.width
    clues = puzzle.clues()
    free = [(r, c) for r in range(h) for c in range(w) if (r, c) not in clues]
    found = []
    for k in range(len(free) + 1):
        for shaded in combinations(free, k):
            dark = set(shaded)
            if any((r, c + 1) in dark or (r + 1, c) in dark for r, c in dark):
                continue  # (shaded cells side by side: the checker refuses every such board)
            rest = [cell for cell in free if cell not in dark]
            pairs = [((r, c), (r + dr, c + dc)) for r, c in rest for dr, dc in ((0, 1), (1, 0))
                     if (r + dr, c + dc) in rest]  # fmt: skip
            for bits in product((0, 1), repeat=len(pairs)):
                masks = {cell: 0 for cell in rest}
                for ((r, c), (rr, cc)), on in zip(pairs, bits, strict=True):
                    if on:
                        masks[(r, c)] |= 1 if cc > c else 8
                        masks[(rr, cc)] |= 4 if cc > c else 2
                if any(bin(m).count("1") != 2 for m in masks.values()):
                    continue
                answer = tuple(
                    "".join(
                        "." if (r, c) in clues else "#" if (r, c) in dark
                        else format(masks[(r, c)], "x") for c in range(w)
                    )
                    for r in range(h)
                )  # fmt: skip
                if not check(puzzle, answer):
                    found.append(answer)
    return found


SMALL = [
    ". . .\n. . .\n. . .",
    "? . .\n. . .\n. . .",
    ". . .\n. . .\n. . 1^",
    ". . .\n. 0< .\n. . .",
    "1> . .\n. . .\n. . .",
    ". . . .\n. . . .\n. ? . .",
    ". . . .\n1> . . .\n. . . .",
    "outside\n. . . .\n. . . .\n. . . .",
]


@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(encoding: str) -> None:
    for text in (SMALL[1], SMALL[3]):
        puzzle = parse(text)
        outcome = solve(GENRE, puzzle, get_backend("sat:cadical195"), encoding, limit=500)
        assert outcome.count_exact
        assert sorted(outcome.solutions) == sorted(every_answer(puzzle)), text


@pytest.mark.slow
@pytest.mark.parametrize("encoding", GENRE.encodings)
@pytest.mark.parametrize("backend", ["cpsat", "sat:minicard"])
def test_counts_match_brute_force_on_larger_boards(encoding: str, backend: str) -> None:
    assert len(every_answer(parse(SMALL[0]))) == 5  # the ring around a shaded centre, four Us
    for text in SMALL:
        puzzle = parse(text)
        outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=500)
        assert sorted(outcome.solutions) == sorted(every_answer(puzzle)), text


def test_brute_force_counts_are_not_trivial() -> None:
    assert len(every_answer(parse(". .\n. ."))) == 1  # the 2x2 ring
    assert every_answer(parse("0> .\n. .")) == []


# -- reading and writing -------------------------------------------------------------------------


def test_plain_layouts_round_trip() -> None:
    for text in [*SMALL, (DATA / "yajilin" / "plain.txt").read_text(), "12v .\n. ?<"]:
        puzzle = parse(text)
        assert parse(format_puzzle(puzzle)) == puzzle
    assert parse("2r .\n. 1U\n? ?v") == parse("2> .\n. 1^\n? ?v")
    assert parse("..2<\n0^..") == parse(". . 2<\n0^ . .")


@pytest.mark.parametrize("row", BOARDS[:3], ids=lambda r: r["params"])
def test_urls_round_trip(row: dict[str, str]) -> None:
    puzzle = GENRE.read(row["id"])
    assert format_url(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle


def test_long_counts_and_runs_round_trip() -> None:
    rows = [[None] * 30 for _ in range(2)]
    rows[0][0] = (">", 17)
    rows[1][29] = ("v", 300)
    rows[1][0] = ("", None)
    puzzle = Yajilin(tuple(tuple(r) for r in rows))
    url = format_url(puzzle)
    assert GENRE.read(url) == puzzle


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "empty input"),
        (". 2 .", "line 1, column 3: the clue '2' has no arrow"),
        (". x .", "line 1, column 3: 'x' is not a cell"),
        (". .\n. . .", "line 2: 3 cells, but the first row has 2"),
        ("https://puzz.link/p?yajilin/2/2/03", "r1c1 has the number 3 and no arrow"),
        ("https://puzz.link/p?yajilin/2/2/+", "shaded cell given"),
        ("https://puzz.link/p?yajilin/x/2/2/a", "the flag 'x' changes"),
        ("https://puzz.link/p?yajilin/2/2/d00", "left over"),
        ("https://puzz.link/p?yajilin/2/2/A", "unexpected 'A' at character 1"),
    ],
)
def test_bad_input_is_refused_in_one_line(text: str, said: str) -> None:
    with pytest.raises(ParseError) as error:
        GENRE.read(text)
    assert said in str(error.value) and "\n" not in str(error.value)


def test_a_url_names_its_parts() -> None:
    url = split("https://puzz.link/p?yajilin/ob/5/5/m32j10")
    assert parse_url(url).outside and parse_url(url).grey


# -- every bundled board ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("row", BOARDS, ids=lambda r: r["params"])
def test_every_bundled_board_has_its_one_solution(row: dict[str, object]) -> None:
    puzzle = GENRE.read(str(row["id"]))
    found = solve(GENRE, puzzle, get_backend("sat:minicard"), limit=2).solutions
    assert len(found) == 1
    assert check(puzzle, found[0]) == []
    assert list(found[0]) == row["solution"]


# -- the maker and the givens --------------------------------------------------------------------


def test_the_maker_makes_unique_puzzles_and_the_givens_are_its_clues() -> None:
    backend = get_backend("sat:cadical195")

    def solutions(puzzle: Yajilin, n: int) -> list[tuple[str, ...]]:
        return solve(GENRE, puzzle, backend, limit=n).solutions

    puzzle, solution, _ = make((6, 6), random.Random(2), solutions)
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]
    shown = GIVENS.of(puzzle)
    assert shown and all(clue is not None for _, clue in shown)
    bare = GIVENS.keep(puzzle, [])
    assert set(bare.clues()) == set(puzzle.clues())  # (the clue cells stay, telling nothing)
    assert check(bare, solution) == []
    assert GIVENS.keep(bare, shown) == puzzle
    for place, clue in shown:
        assert GIVENS.at(puzzle, solution, place) == (place, clue)


def test_a_large_board_is_made_a_window_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # (a small board through the large boards' way: windows that do not cover it, reach 1)
    monkeypatch.setattr(yajilin, "LOCAL", 0)
    monkeypatch.setattr(yajilin, "WINDOW", 4)
    monkeypatch.setattr(yajilin, "REACH", 1)
    backend = get_backend("sat:minicard")
    asked: list[Yajilin] = []

    def solutions(puzzle: Yajilin, n: int) -> list[tuple[str, ...]]:
        asked.append(puzzle)
        return solve(GENRE, puzzle, backend, limit=n).solutions

    puzzle, solution, keep = make((8, 7), random.Random(1), solutions)
    assert check(puzzle, solution) == []
    assert solutions(puzzle, 2) == [solution]
    assert keep == GIVENS.of(puzzle)  # (every count shown stays)
    assert any(p.marks for p in asked)  # (windows were settled with the rest given)
    assert not puzzle.marks
    clue_cells = puzzle.clues()
    assert clue_cells and all(n is not None for _, n in clue_cells.values())  # (Nikoli's look)
    assert len(keep) == len(clue_cells)
    again = make((8, 7), random.Random(1), solutions)
    assert again[:2] == (puzzle, solution)


def test_the_loop_grows_round_the_idle_cells_and_not_through_the_shaded() -> None:
    from gridsat.puzzles.masyu import DOWN, LEFT, RIGHT, UP, loop_masks

    rng = random.Random(3)
    inside = yajilin.spread_region(11, 9, rng, 0.3)
    before = loop_masks(inside)
    shaded = {(r, c) for r in range(10) for c in range(12) if not before[r][c] and (r + c) % 4 == 0}
    after = loop_masks(yajilin._grown([row[:] for row in inside], shaded, rng))
    on = {(r, c) for r in range(10) for c in range(12) if after[r][c]}
    assert on > {(r, c) for r in range(10) for c in range(12) if before[r][c]}  # (it grew)
    assert not on & shaded
    assert all(bin(after[r][c]).count("1") == 2 for r, c in on)  # (a loop: two ends a cell)
    start = min(on)  # (and one loop: every cell on it reached from one)
    seen, todo = {start}, [start]
    steps = {UP: (-1, 0), DOWN: (1, 0), LEFT: (0, -1), RIGHT: (0, 1)}
    while todo:
        r, c = todo.pop()
        for bit, (dr, dc) in steps.items():
            if after[r][c] & bit and (r + dr, c + dc) not in seen:
                seen.add((r + dr, c + dc))
                todo.append((r + dr, c + dc))
    assert seen == on
