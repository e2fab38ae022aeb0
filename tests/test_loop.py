"""∞ Loop: both input forms, the seed board, generated boards, no solution, two solutions."""

from __future__ import annotations

import itertools
import random

import pytest

from conftest import DATA, gridsat
from gridsat.models.loop import settle
from gridsat.parsers import ParseError
from gridsat.parsers.loop import GLYPH, format_puzzle, parse
from gridsat.pipeline import solve
from gridsat.puzzles.loop import (
    Loop,
    check,
    random_layout,
    random_tree_layout,
    rotations,
    scramble,
    turn,
)
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

LOOP = get_genre("loop")
SEED_TEXT = (DATA / "loop" / "seed.txt").read_text()


def test_glyphs_mean_their_pipes() -> None:
    assert GLYPH["┃"] == 1 | 4 and GLYPH["━"] == 2 | 8 and GLYPH["┏"] == 2 | 4
    assert GLYPH["╹"] == 1 and GLYPH[" "] == 0 and GLYPH["╋"] == 15 and len(GLYPH) == 31
    assert GLYPH["╵"] == 1 and GLYPH["╶"] == 2 and GLYPH["╷"] == 4 and GLYPH["╴"] == 8
    assert GLYPH["└"] == 1 | 2 and GLYPH["┐"] == 4 | 8 and GLYPH["├"] == 1 | 2 | 4
    assert GLYPH["┬"] == 2 | 4 | 8 and GLYPH["┼"] == 15 and GLYPH["─"] == GLYPH["━"]


def test_light_tiles_read_as_the_heavy_ones_mixed_or_not() -> None:
    heavy = parse(SEED_TEXT)
    light = SEED_TEXT.translate(str.maketrans("╸╻┓╺━┏┳╹┛┃┫┗┻┣╋", "╴╷┐╶─┌┬╵┘│┤└┴├┼"))
    assert light != SEED_TEXT and parse(light) == heavy
    mixed = "".join(
        h if i % 2 else g for i, (h, g) in enumerate(zip(SEED_TEXT, light, strict=True))
    )
    assert parse(mixed) == heavy
    assert format_puzzle(parse(light)) == format_puzzle(heavy)  # printed in the heavy set
    assert format_puzzle(parse("┌┐\n└┘")) == "┏┓\n┗┛"


def test_a_space_between_tiles_separates_them() -> None:
    ring = parse("┏┓\n┗┛")
    assert parse("┌ ┐\n└ ┘") == ring
    assert parse("  ┌ ┐\n  └ ┘") == Loop(((0, 6, 12), (0, 3, 9)))  # an empty tile, then two
    assert parse(" ┌ ┐\n └ ┘") == ring  # a leading space before the first tile
    assert parse("┌ ─ ┐\n│   │\n└ ─ ┘") == parse("┏━┓\n┃ ┃\n┗━┛")  # the empty tile inside
    assert parse("┃ ┃\n┗━┛") == Loop(((5, 0, 5), (3, 10, 9)))  # a row side by side: dense
    spaced = "\n".join(" ".join(line) for line in SEED_TEXT.split("\n"))
    puzzle = parse(spaced)
    assert puzzle == parse(SEED_TEXT)
    outcome = solve(LOOP, puzzle, get_backend("sat:cadical195"), limit=1)
    assert outcome.status == "solved" and check(puzzle, outcome.solutions[0]) == []


def test_spaces_in_columns_that_differ_by_row_are_refused() -> None:
    with pytest.raises(ParseError) as err:
        parse("┌ ┐\n └ ┘")
    assert "row 1 has its tiles in columns 1, 3, 5" in str(err.value)
    assert "row 2 in columns 2, 4, 6" in str(err.value)


def test_turns_and_distinct_rotations() -> None:
    assert turn(GLYPH["╹"]) == GLYPH["╺"] and turn(GLYPH["┏"]) == GLYPH["┓"]
    assert len(rotations(GLYPH["┃"])) == 2 and len(rotations(GLYPH["╋"])) == 1
    assert len(rotations(GLYPH["┏"])) == 4 and rotations(0) == [0]


def test_both_forms_read_the_same_board_and_round_trip() -> None:
    puzzle = parse(SEED_TEXT)
    assert (puzzle.width, puzzle.height) == (10, 10)
    masks = format_puzzle(puzzle, "mask")
    assert parse(masks) == puzzle
    assert parse("10\n10\n" + masks) == puzzle  # size lines, as the challenge gives them
    assert parse(format_puzzle(puzzle)) == puzzle
    assert parse("┏┓\n┗") == Loop(((6, 12), (3, 0)))  # a short line is padded with empty tiles
    assert parse("┏┓\n┗┛\n\nanything after a blank line") == parse("┏┓\n┗┛")


@pytest.mark.parametrize(
    "text, message",
    [
        ("┏┓\n┗x", "unknown tile 'x' at row 2, column 2"),
        ("┌┐\n└x", "unknown tile 'x' at row 2, column 2"),  # one tile quoted, not the row
        ("┌ ┐\n└ x", "unknown tile 'x' at row 2, column 2"),  # column of the tile
        ("┌┐╔", "unknown tile '╔' at row 1, column 3"),
        ("1 4\n3 16", "unknown tile '16' at row 2, column 2"),
        ("1 2\n3", "row 1 has 2 tiles but the last row has 1"),
        ("3\n2\n1 2\n3 4", "the size lines say 3 rows and 2 columns but the board has 2 rows"),
        ("", "empty board"),
    ],
)
def test_reader_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)


def test_the_seed_board_has_the_published_answer_only() -> None:
    puzzle = parse(SEED_TEXT)
    outcome = solve(LOOP, puzzle, get_backend("sat:cadical195"), limit=10)
    assert outcome.status == "unique" and outcome.count_exact
    assert check(puzzle, outcome.solutions[0]) == []


def test_checker_catches_open_pipes_and_foreign_tiles() -> None:
    puzzle = parse("┏┓\n┗┛")
    assert check(puzzle, puzzle.rows) == []
    assert any("meets no pipe" in p for p in check(puzzle, ((6, 12), (2, 9))))
    assert any("off the board" in p for p in check(puzzle, ((9, 12), (3, 9))))
    assert any("not a turn" in p for p in check(puzzle, ((15, 12), (3, 9))))


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195", "sat:glucose4"])
@pytest.mark.parametrize("size", [10, 50, pytest.param(200, marks=pytest.mark.slow)])
def test_generated_boards_solve(size: int, backend: str) -> None:
    rng = random.Random(size)
    puzzle = parse(format_puzzle(Loop(scramble(random_layout(size, size, rng), rng))))
    outcome = solve(LOOP, puzzle, get_backend(backend), limit=1, time_limit=120)
    assert outcome.status == "solved"
    assert check(puzzle, outcome.solutions[0]) == []


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195", "sat:kissat404"])
def test_odd_pipe_ends_and_two_solutions(backend: str) -> None:
    odd = parse("╹━\n━━")  # seven pipe ends cannot pair up
    assert solve(LOOP, odd, get_backend(backend), limit=2).status == "unsolvable"
    ring = parse("╹╹\n╺╸")  # the four stubs pair up down the columns or along the rows
    two = solve(LOOP, ring, get_backend(backend), limit=10)
    assert two.status == "multiple" and len(two.solutions) == 2 and two.count_exact


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195", "sat:glucose4"])
@pytest.mark.parametrize("size", [6, 20])
def test_net_boards_solve_as_one_tree(size: int, backend: str) -> None:
    rng = random.Random(size)
    text = format_puzzle(Loop(scramble(random_tree_layout(size, size, rng), rng)))
    for flags in ({"connected": True}, {"tree": True}):
        puzzle = parse(text, **flags)
        outcome = solve(LOOP, puzzle, get_backend(backend), limit=1, time_limit=120)
        assert outcome.status == "solved"
        assert check(puzzle, outcome.solutions[0]) == []  # the checker walks the network


@pytest.mark.parametrize("backend", ["cpsat", "sat:cadical195", "sat:kissat404"])
def test_connectivity_rules_out_split_networks(backend: str) -> None:
    two_pieces = parse("╹╹\n╺╸", connected=True)  # pairs by columns or by rows: always two
    assert solve(LOOP, two_pieces, get_backend(backend), limit=2).status == "unsolvable"
    rings = parse("┏┓┏┓\n┗┛┗┛", connected=True)  # two rings that cannot join
    assert solve(LOOP, rings, get_backend(backend), limit=2).status == "unsolvable"
    cycle = parse("┏┓\n┗┛", tree=True)  # one ring: connected, but a cycle
    assert solve(LOOP, cycle, get_backend(backend), limit=2).status == "unsolvable"
    assert solve(LOOP, parse("┏┓\n┗┛", connected=True), get_backend(backend)).status == "solved"


def test_checker_sees_split_networks_and_cycles() -> None:
    ring = ((6, 12, 6, 12), (3, 9, 3, 9))
    assert any("more than one network" in p for p in check(Loop(ring, connected=True), ring))
    assert check(Loop(ring), ring) == []
    one = ((6, 12), (3, 9))
    assert check(Loop(one, True, True), one) == ["the network has a cycle"]


def test_connected_with_empty_tiles_is_an_answer_not_a_crash() -> None:
    # Two networks apart, beside empty tiles: the lazy cut looked up the empty tiles' links
    # among the network's tiles (an internal error, exit 70) before it left them out.
    puzzle = parse("0 0 0\n4 4 8\n2 1 2", connected=True)
    for backend in ("sat:cadical195", "cpsat"):
        assert solve(LOOP, puzzle, get_backend(backend), limit=2).status == "unsolvable"
    joined = parse("8 5 12\n1 2 5\n0 0 4", connected=True)
    outcome = solve(LOOP, joined, get_backend("sat:cadical195"), limit=10)
    assert outcome.count_exact and all(check(joined, s) == [] for s in outcome.solutions)


def test_forced_tiles_are_settled_before_the_model_is_built() -> None:
    # Every tile here is forced: the corners and edges by the border, the middle corner only
    # by its neighbours (two straight pipes on the edges that must lie along them), and the
    # rest by the pipes those force. The model holds no choice at all.
    board = "┏━┓\n┃┏┫\n┗┻┛"
    rng = random.Random(3)
    puzzle = parse(format_puzzle(Loop(scramble(parse(board).rows, rng))))
    assert puzzle.rows != parse(board).rows
    settled = settle(puzzle)
    assert settled.options is not None and all(len(o) == 1 for o in settled.options)
    assert settled.options[4] == (GLYPH["┏"],)
    built = LOOP.build(puzzle)
    assert built.model.answer == [] and built.model.exactly_one == []
    outcome = solve(LOOP, puzzle, get_backend("sat:cadical195"), limit=2)
    assert outcome.status == "unique" and outcome.solutions[0] == parse(board).rows
    assert check(puzzle, outcome.solutions[0]) == []


def test_a_large_board_keeps_only_its_open_tiles() -> None:
    rng = random.Random(40)
    puzzle = parse(format_puzzle(Loop(scramble(random_layout(40, 40, rng), rng))))
    built = LOOP.build(puzzle)
    # Unsettled, every tile that can turn was a choice and every link a variable (over 3,000).
    assert built.model.num_bools < 40 * 40 / 2
    outcome = solve(LOOP, puzzle, get_backend("sat:cadical195"), limit=1)
    assert outcome.status == "solved" and check(puzzle, outcome.solutions[0]) == []


def test_settling_finds_a_tile_with_no_turn_left() -> None:
    for text in ("╋╋", "┃\n╸"):  # crosses off the board; an end that meets a straight side
        puzzle = parse(text)
        assert settle(puzzle).options is None
        assert solve(LOOP, puzzle, get_backend("sat:cadical195"), limit=2).status == "unsolvable"


def small_loops() -> list[Loop]:
    """Small random boards, some with fixed tiles, with at most 4,096 ways to turn them."""
    rng = random.Random(11)
    found = [parse("╹╹\n╺╸"), parse("╹╹╻\n╺╸┃")]  # (boards with more than one answer)
    while len(found) < 24:
        w, h = rng.choice([(2, 2), (3, 2), (2, 3), (3, 3), (4, 2)])
        if len(found) % 3:  # a layout scrambled: it has an answer at least
            rows = scramble(random_layout(w, h, rng, rng.choice((0.5, 0.8))), rng)
        else:
            rows = tuple(tuple(rng.choice((0, 1, 3, 5, 15)) for _ in range(w)) for _ in range(h))
        fixed = {
            (r, c): rng.choice(rotations(rows[r][c]))
            for r in range(h)
            for c in range(w)
            if rng.random() < 0.15
        }
        ways = 1
        for row in rows:
            for t in row:
                ways *= len(rotations(t))
        if ways <= 4096:
            found.append(Loop(rows, fixed=fixed))
    return found


def test_settled_and_unsettled_models_count_what_the_rules_allow() -> None:
    counts = set()
    for puzzle in small_loops():
        cells = [
            [puzzle.fixed[r, c]] if (r, c) in puzzle.fixed else rotations(t)
            for r, row in enumerate(puzzle.rows)
            for c, t in enumerate(row)
        ]
        w = puzzle.width
        want = {
            rows
            for turned in itertools.product(*cells)
            if not check(
                puzzle, rows := tuple(tuple(turned[i : i + w]) for i in range(0, len(turned), w))
            )
        }
        counts.add(min(len(want), 2))
        for prune in (True, False):
            outcome = solve(LOOP, puzzle, get_backend("sat:cadical195"), limit=5000, prune=prune)
            assert outcome.count_exact and set(outcome.solutions) == want, (puzzle, prune)
    assert counts == {0, 1, 2}  # boards with no answer, one, and several


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("2 2\n6 12\n3 9\n", ((6, 12), (3, 9))),  # the size above a board two tiles wide
        ("2 3 0\n6 10 12\n3 10 9\n", ((6, 10, 12), (3, 10, 9))),  # and a mode, three wide
        ("3 2\n2 2\n6 12\n3 9\n", ((2, 2), (6, 12), (3, 9))),  # a size line, then a row 2 2
        ("2 2\n6 12\n3 9\n6 12\n", ((2, 2), (6, 12), (3, 9), (6, 12))),  # 2 2 is no size here
    ],
)
def test_a_first_line_as_long_as_a_row_giving_the_size_of_the_rest_is_the_size_line(
    text: str, rows: tuple[tuple[int, ...], ...]
) -> None:
    # A 2 2 size line above a board two tiles wide was read as a first row of tiles.
    assert parse(text).rows == rows


def test_number_rows_whose_first_reads_as_the_size_are_written_under_size_lines() -> None:
    board = parse("3 2\n2 2\n6 12\n3 9\n")
    for style in ("mask", "glyph"):
        assert parse(format_puzzle(board, style)).rows == board.rows
    fixed = parse("3 2\n2 2\n6* 12\n3 9\n")
    assert parse(format_puzzle(fixed)) == fixed
    assert format_puzzle(fixed).startswith("3\n2\n")


@pytest.mark.parametrize(
    "rows",
    [
        ((0,),),
        ((0,), (0,)),
        ((0, 0),),
        ((0, 4), (0, 1)),
        ((0, 0), (6, 12)),
        ((0, 4, 0, 4), (0, 1, 0, 1)),
    ],
    ids=["1x1 empty", "1x2 empty", "2x1 empty", "empty column", "empty row", "spaced"],
)
def test_a_board_whose_glyphs_would_not_read_back_is_written_in_numbers(
    rows: tuple[tuple[int, ...], ...],
) -> None:
    # `generate loop --size 1x2 --seed 2` made a board of empty tiles, written as two spaces:
    # "empty board". Glyphs that lose a row or a column (or read as tiles a space apart) too.
    puzzle = Loop(rows)
    assert parse(format_puzzle(puzzle)) == puzzle


def test_a_generated_board_of_empty_tiles_reads_back() -> None:
    made = gridsat("generate", "loop", "--size", "1x2", "--seed", "2")
    assert made.returncode == 0, made.stderr
    solved = gridsat("solve", "loop", "-", "--unique", stdin=made.stdout)
    assert solved.returncode == 0, solved.stderr


def test_a_fixed_tile_stands_as_it_is_fixed() -> None:
    # The generator keeps some tiles fixed as the solution turns them: the board it prints
    # shows them so, and reads back as the same puzzle (its rows held the tile as scrambled).
    puzzle = Loop(((1, 4), (1, 4)))
    kept = get_genre("loop").givens.keep(puzzle, [((0, 1), 8)])
    assert kept.rows == ((1, 8), (1, 4)) and kept.fixed == {(0, 1): 8}
    assert parse(format_puzzle(kept)) == kept
