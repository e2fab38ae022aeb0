"""Loopy (Slitherlink): Tatham's game IDs and plain rows read and written back, the checker
against broken loops, solution counts against brute force, and one loop, never two."""

from __future__ import annotations

import functools
import itertools
import json
import random
from typing import Any

import pytest

from conftest import BACKENDS, DATA, refused
from gridsat import cli
from gridsat.models.graph import connectivity_cuts
from gridsat.models.model import Lit, Model
from gridsat.parsers import ParseError
from gridsat.parsers.loopy import format_id, parse, solve_move
from gridsat.pipeline import solve
from gridsat.puzzles.loopy import Lines, Loopy, check, lines_around, make, random_region
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

GENRE = get_genre("loopy")
CORPUS = [json.loads(line) for line in (DATA / "loopy" / "tatham.jsonl").read_text().splitlines()]
PLAIN = sorted((DATA / "loopy").glob("*.txt"))


def lines_of(h: list[str], v: list[str]) -> Lines:
    return Lines(tuple(tuple(map(int, r)) for r in h), tuple(tuple(map(int, r)) for r in v))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# -- reading and writing ------------------------------------------------------------------------


@pytest.mark.parametrize("row", CORPUS, ids=[r["id"][:24] for r in CORPUS])
def test_every_corpus_id_is_written_back_exactly_and_its_answer_checks(row: dict[str, Any]) -> None:
    puzzle = parse(row["id"])
    assert puzzle.tatham and GENRE.format_puzzle(puzzle) == row["id"]
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle
    answer = lines_of(row["solution"]["h"], row["solution"]["v"])
    assert check(puzzle, answer) == []
    assert GENRE.to_json(puzzle, answer) == row["solution"]


@pytest.mark.parametrize("path", PLAIN, ids=[p.name for p in PLAIN])
def test_plain_examples_round_trip(path: Any) -> None:
    puzzle = parse(path.read_text())
    assert not puzzle.tatham
    assert parse(GENRE.format_puzzle(puzzle)) == puzzle


def test_both_forms_read_the_same_board() -> None:
    plain = parse("3.2\n.1.\n0..")
    tatham = parse("3x3t0:3a2a1a0b")
    assert plain.rows == tatham.rows == ((3, None, 2), (None, 1, None), (0, None, None))
    assert format_id(plain) == "3x3t0:3a2a1a0b"
    # A prefix, no grid type, a difficulty, and white space inside are accepted.
    for text in (
        "loopy:3x3t0:3a2a1a0b",
        "3x3:3a2a1a0b",
        "3x3t0de:3a2a\n 1a0b",
        " 3x3t0:3a2a1a0b\n",
    ):
        assert parse(text).rows == tatham.rows
    # Spaces between cells and other marks for no clue read as the plain form.
    assert parse("3 . 2\n- 1 _\n0 . .\n\n").rows == plain.rows


def test_long_runs_of_blank_cells_chain_letters() -> None:
    puzzle = Loopy(((None,) * 30, (None,) * 29 + (2,)))
    text = format_id(puzzle)
    assert text == "30x2t0:zzg2"  # 26 + 26 + 7 blank cells, then the 2
    assert parse(text).rows == puzzle.rows


ID_ERRORS = [
    ("5x5t0", "no ':'"),
    ("5y5t0:" + "a" * 25, "expected 'x' between width and height at column 2"),
    ("x5t0:a", "expected the width at column 1"),
    ("0x5t0:", "bad size 0x5"),
    ("101x5t0:", "sides up to 100"),
    ("5x5t1:" + "y", "grid type t1 at column 5 of the game ID is not the square grid"),
    ("5x5t12:" + "y", "grid type t12"),
    ("5x5t0q:" + "y", "unexpected 'q' at column 6"),
    ("5x5t0:a3a2!a", "unexpected '!' at column 11"),
    ("5x5t0:a3_a", "unexpected '_' at column 9"),
    ("5x5t0:a3a5a", "clue 5 ('5') at column 10 of the game ID: a square has only 4 sides"),
    ("5x5t0:a3aCa", "clue 12 ('C') at column 10"),
    ("2x2t0:abc", "too many cells: 'c' at column 9 of the game ID runs to cell 6 of 4"),
    ("2x2t0:1111" + "2", "too many cells: clue 2 at column 11"),
    ("3x3t0:a3a", "too few cells: the description gives 3 of 3x3 = 9, ending at the end"),
]


@pytest.mark.parametrize(("text", "message"), ID_ERRORS, ids=[t for t, _ in ID_ERRORS])
def test_id_errors_name_where_in_the_id(text: str, message: str) -> None:
    said, ran = refused("loopy", text, parse)
    assert message in said
    assert ran.stdout == "" and ran.stderr == f"gridsat: error: {said}\n"


def test_a_grid_description_says_other_tilings_are_refused() -> None:
    with pytest.raises(ParseError, match="only the square grid"):
        parse("5x5t0:_a3")


PLAIN_ERRORS = [
    ("3.2\n.x.", "unexpected 'x' at line 2, column 2"),
    ("3.2\n.5.", "unexpected '5' at line 2, column 2 (a square has only 4 sides"),
    ("3.2\n..\n...", "line 2 has 2 cells, but the first row (line 1) has 3"),
    ("\n \n", "empty input"),
    ("." * 101, "too large at line 1"),
]


@pytest.mark.parametrize(("text", "message"), PLAIN_ERRORS, ids=[m for _, m in PLAIN_ERRORS])
def test_plain_errors_name_the_line_and_column(text: str, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_drawing_shows_dots_lines_and_clues() -> None:
    puzzle = parse("3.\n..")
    lines = lines_around([[True, False], [False, False]])
    assert (
        GENRE.format_solution(puzzle, lines, "grid") == "+---+   +\n| 3 |\n+---+   +\n\n+   +   +"
    )


def test_the_solve_move_numbers_edges_as_the_square_grid_does() -> None:
    # Faces in reading order: top (first row only), right, bottom, left (first column only).
    two = lines_around([[True, True]])
    assert solve_move(two) == "S0y1n2y3y4y5y6y"
    one = lines_around([[False, True], [False, False]])
    #  face (0,0): 0 top, 1 right, 2 bottom, 3 left; face (0,1): 4 top, 5 right, 6 bottom;
    #  face (1,0): 7 right, 8 bottom, 9 left; face (1,1): 10 right, 11 bottom.
    assert solve_move(one) == "S0n1y2n3n4y5y6y7n8n9n10n11n"


def test_the_solve_move_names_every_edge_once_on_a_corpus_board() -> None:
    row = CORPUS[-1]
    puzzle = parse(row["id"])
    answer = lines_of(row["solution"]["h"], row["solution"]["v"])
    move = GENRE.format_solution(puzzle, answer, "tatham")
    w, h = puzzle.width, puzzle.height
    edges = move[1:].replace("y", " ").replace("n", " ").split()
    assert edges == [str(i) for i in range(w * (h + 1) + h * (w + 1))]
    assert move.count("y") == sum(map(sum, answer.h)) + sum(map(sum, answer.v))


# -- the checker --------------------------------------------------------------------------------


def flipped(lines: Lines, kind: str, y: int, x: int) -> Lines:
    h = [list(r) for r in lines.h]
    v = [list(r) for r in lines.v]
    grid = h if kind == "h" else v
    grid[y][x] ^= 1
    return Lines(tuple(map(tuple, h)), tuple(map(tuple, v)))


def test_the_checker_rejects_each_broken_rule() -> None:
    row = CORPUS[0]
    puzzle = parse(row["id"])
    answer = lines_of(row["solution"]["h"], row["solution"]["v"])
    assert check(puzzle, answer) == []
    # A clue with a side too many or too few (and the dots at that side's ends).
    broken = check(puzzle, flipped(answer, "h", 0, 0))  # r1c1 has no clue; r1c2 is 3
    assert "the top-left corner of r1c1 has 1 line, not 0 or 2" in broken
    assert "the top-left corner of r1c2 has 3 lines, not 0 or 2" in broken  # a branch
    broken = check(puzzle, flipped(answer, "h", 0, 1))
    assert any(p.startswith("r1c2 has 2 sides on the loop, not 3") for p in broken)
    # Two loops where one is asked for.
    two = lines_around([[True, False, True]])
    assert check(parse("4.4"), two) == [
        "the lines are not one loop: 4 of the 8 dots on lines are joined to the top-left "
        "corner of r1c1"
    ]
    # No loop at all; a board of the wrong size.
    assert check(parse("..\n.."), lines_around([[False] * 2] * 2)) == [
        "no line is drawn: there is no loop"
    ]
    assert check(parse("..\n.."), two) == ["the lines are not those of a 2x2 board"]


def test_random_regions_are_bordered_by_one_loop() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        w, h = rng.randint(1, 9), rng.randint(1, 9)
        puzzle, lines, always = make((w, h), rng, None)
        assert check(puzzle, lines) == [] and always == []
        assert sum(map(sum, random_region(w, h, rng))) >= 1


# -- one loop, and counts against brute force ---------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_clues_that_two_loops_meet_have_no_solution(backend: str, encoding: str) -> None:
    puzzle = parse("4.4")
    assert check(puzzle, lines_around([[True, False, True]]))  # only the one-loop rule fails
    assert solve(GENRE, puzzle, get_backend(backend), encoding, limit=2).status == "unsolvable"


@functools.cache
def all_lines(w: int, h: int) -> list[Lines]:
    """Every set of lines on a w x h board."""
    n_h, n_v = (h + 1) * w, h * (w + 1)
    found = []
    for bits in itertools.product((0, 1), repeat=n_h + n_v):
        hs = tuple(tuple(bits[y * w : (y + 1) * w]) for y in range(h + 1))
        vs = tuple(tuple(bits[n_h + y * (w + 1) : n_h + (y + 1) * (w + 1)]) for y in range(h))
        found.append(Lines(hs, vs))
    return found


def small_boards() -> list[Loopy]:
    rng = random.Random(7)
    boards = [Loopy(((None,) * w,) * h) for w, h in ((1, 1), (2, 1), (3, 1), (2, 2), (4, 1))]
    for _ in range(8):
        w, h = rng.choice(((2, 2), (3, 1), (4, 1), (2, 1)))
        boards.append(
            Loopy(
                tuple(
                    tuple(rng.choice((None, None, 0, 1, 2, 3)) for _ in range(w)) for _ in range(h)
                )
            )
        )
    return boards


@functools.cache
def brute_count(puzzle: Loopy) -> int:
    """How many sets of lines on the board the checker accepts."""
    return sum(1 for lines in all_lines(puzzle.width, puzzle.height) if not check(puzzle, lines))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_counts_match_brute_force(backend: str, encoding: str) -> None:
    for puzzle in small_boards():
        want = brute_count(puzzle)
        outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=100)
        assert outcome.count_exact and len(outcome.solutions) == want, puzzle
        assert all(check(puzzle, s) == [] for s in outcome.solutions)


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_counts_on_3x2_boards_match_brute_force(backend: str) -> None:
    for puzzle in (Loopy(((None,) * 3,) * 2), parse("2.1\n.3."), parse("...\n1.2")):
        want = brute_count(puzzle)
        for encoding in GENRE.encodings:
            outcome = solve(GENRE, puzzle, get_backend(backend), encoding, limit=100)
            assert outcome.count_exact and len(outcome.solutions) == want, (puzzle, encoding)


def test_an_empty_2x2_board_has_13_loops() -> None:
    # 4 single cells, 4 dominoes, 4 L-trominoes and the whole square.
    board = Loopy(((None, None), (None, None)))
    assert sum(1 for lines in all_lines(2, 2) if not check(board, lines)) == 13


@pytest.mark.parametrize("encoding", GENRE.encodings)
def test_pruning_changes_no_answer(encoding: str) -> None:
    for row in CORPUS[:6]:
        puzzle = parse(row["id"])
        bare = GENRE.build(puzzle, encoding, prune=False).model.num_bools
        lean = GENRE.build(puzzle, encoding).model.num_bools
        assert lean < bare
    for puzzle in small_boards():
        counts = []
        for prune in (True, False):
            built = GENRE.build(puzzle, encoding, prune=prune)
            with get_backend("sat:cadical195").open(built.model) as session:
                counts.append(sum(1 for r in session.enumerate(100) if r.assignment is not None))
        assert counts[0] == counts[1]


# -- the shared connectivity rule, with nodes that take part only when their literal holds -----


def networks(nodes: set[int], links: list[tuple[int, int]]) -> int:
    """How many networks the links make of the nodes (links to absent nodes do not count)."""
    parent = {x: x for x in nodes}

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in links:
        if a in nodes and b in nodes:
            parent[root(a)] = root(b)
    return len({root(x) for x in nodes})


def random_network(seed: int, most: int) -> tuple[Model, dict[int, Lit], list[Any], list[set[int]]]:
    """A small random network: some nodes take part only when their literal holds, some edges
    are open (literal 0), and maybe an anchor (a pair of nodes, one of which takes part)."""
    rng = random.Random(seed)
    n = rng.randint(2, most)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.6]
    model = Model()
    active = {node: model.bool_var() for node in range(n) if rng.random() < 0.7}
    edges = [(a, b, model.bool_var() if rng.random() < 0.7 else 0) for a, b in pairs]
    anchors = [set(rng.sample(range(n), 2))] if n > 2 and rng.random() < 0.5 else []
    model.add_connected(range(n), edges, active.items(), anchors)
    model.answer = list(range(1, model.num_bools + 1))
    return model, active, edges, anchors


def joined(
    n: int, on: set[int], active: dict[int, Lit], edges: list[Any], anchors: list[set[int]]
) -> bool | None:
    """Whether the nodes taking part under ``on`` are one network (None: an anchor fails)."""
    present = {x for x in range(n) if x not in active or active[x] in on}
    if not all(present & a for a in anchors):
        return None
    return networks(present, [(a, b) for a, b, lit in edges if lit == 0 or lit in on]) <= 1


def test_connectivity_cuts_exclude_their_assignment_and_no_solution() -> None:
    # Every assignment of small random networks: a split one gets cuts that it breaks and that
    # every joined one keeps; a joined one gets none.
    for seed in range(40):
        model, active, edges, anchors = random_network(seed, 4)
        n, rule = len(model.connected[0].nodes), model.connected[0]
        cases = []
        for bits in itertools.product((0, 1), repeat=model.num_bools):
            on = {v for v in range(1, model.num_bools + 1) if bits[v - 1]}
            cases.append((on, joined(n, on, active, edges, anchors)))

        def holds(lit: Lit, on: set[int]) -> bool:
            return lit in on if lit > 0 else -lit not in on

        solutions = [on for on, ok in cases if ok]
        for on, ok in cases:
            cuts = connectivity_cuts(rule, lambda lit, on=on: holds(lit, on))
            assert (ok is None) or bool(cuts) != ok, (seed, on)
            for cut in cuts:
                assert not any(holds(lit, on) for lit in cut), (seed, on, cut)
                assert all(any(holds(lit, s) for lit in cut) for s in solutions), (seed, cut)


@pytest.mark.parametrize("backend", BACKENDS)
def test_conditional_connectivity_counts_match_brute_force(backend: str) -> None:
    for seed in range(10):
        model, active, edges, anchors = random_network(seed, 4)
        for anchor in anchors:  # an anchor is a fact: some node of it takes part
            if all(x in active for x in anchor):
                model.add_clause([active[x] for x in anchor])
        n = len(model.connected[0].nodes)
        want = sum(
            bool(
                joined(
                    n,
                    {v for v in range(1, model.num_bools + 1) if bits[v - 1]},
                    active,
                    edges,
                    anchors,
                )
            )
            for bits in itertools.product((0, 1), repeat=model.num_bools)
        )
        with get_backend(backend).open(model) as session:
            got = sum(1 for r in session.enumerate(1000) if r.assignment is not None)
        assert got == want, seed


@pytest.mark.parametrize(("band", "scores"), [("easy", {0.0}), ("hard", {0.6667})])
def test_generated_puzzles_grade_in_their_own_band(band: str, scores: set[float]) -> None:
    # Loopy's bands part its propagation level by the switches of harder rules a puzzle needs,
    # as Tatham's Easy, Normal and Tricky do: an easy one needs none (score 0).
    from gridsat.generator import generate
    from gridsat.grading import bands, grade

    genre = get_genre("loopy")
    found = set()
    for seed in (1, 2):
        made = generate(genre, (6, 6), random.Random(seed), levels=bands(genre)[band])
        assert check(made.puzzle, made.solution) == []
        assert solve(genre, made.puzzle, get_backend("cpsat"), limit=2).status == "unique"
        found.add(grade(genre, made.puzzle).score)
    assert found == scores


def test_generate_difficulty_easy_makes_an_easy_loopy(capfd: pytest.CaptureFixture[str]) -> None:
    from gridsat.grading import grade

    code = cli.main(["generate", "loopy", "--size", "7x7", "--difficulty", "easy", "--seed", "1",
                     "--json"])  # fmt: skip
    out, err = capfd.readouterr()
    assert code == 0, err
    made = json.loads(out)
    assert made["grade"]["score"] == 0
    genre = get_genre("loopy")
    assert grade(genre, genre.parse(made["puzzle"])).score == 0  # graded again, from its text
