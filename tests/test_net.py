"""Net: Simon Tatham's game IDs and the plain forms, wrapping and barriers, counts against brute
force, the checker, the solve move, and errors that say where in the ID they are."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from conftest import BACKENDS, DATA, gridsat
from gridsat.parsers import ParseError
from gridsat.parsers.net import FROM_NET, TO_NET, anticlockwise, format_puzzle, parse
from gridsat.pipeline import solve
from gridsat.puzzles.loop import DOWN, LEFT, RIGHT, UP, Loop, random_tree_layout, rotations
from gridsat.puzzles.net import board, check
from gridsat.registry import get_genre
from gridsat.solvers import get_backend

NET = get_genre("net")
CORPUS = [json.loads(line) for line in (DATA / "net" / "tatham.jsonl").read_text().splitlines()]
PLAIN = sorted((DATA / "net").glob("*.txt"))


def test_bits_translate_between_net_and_loop() -> None:
    assert FROM_NET[1] == RIGHT and FROM_NET[2] == UP and FROM_NET[4] == LEFT
    assert FROM_NET[8] == DOWN and FROM_NET[0xF] == 15 and FROM_NET[5] == RIGHT | LEFT
    assert all(TO_NET[FROM_NET[t]] == t for t in range(16))


@pytest.mark.parametrize("row", CORPUS, ids=[r["params"] for r in CORPUS])
def test_every_corpus_id_round_trips_exactly(row: dict[str, str]) -> None:
    puzzle = parse(row["id"])
    assert format_puzzle(puzzle) == row["id"]
    assert parse(format_puzzle(puzzle)) == puzzle
    assert puzzle.wrap == ("w" in row["params"])
    assert bool(puzzle.barriers) == ("b" in row["params"])
    # The known solution is a turn of the given tiles that Net's rules accept.
    known = tuple(tuple(FROM_NET[int(ch, 16)] for ch in line) for line in row["solution"])
    assert check(puzzle, known) == []


@pytest.mark.parametrize("path", PLAIN, ids=[p.name for p in PLAIN])
def test_plain_examples_round_trip(path: object) -> None:
    text = path.read_text()  # type: ignore[attr-defined]
    puzzle = parse(text)
    assert parse(format_puzzle(puzzle)) == puzzle


def test_the_forms_read_the_same_board() -> None:
    row = CORPUS[0]
    puzzle = parse(row["id"])
    assert parse("net:" + row["id"]) == puzzle  # a genre prefix, as the collection writes
    assert parse(row["id"][:10] + "\n" + row["id"][10:]) == puzzle  # a line break inside
    assert parse((DATA / "net" / "hex-5x5.txt").read_text()) == puzzle
    assert parse("5x5\n" + (DATA / "net" / "hex-5x5.txt").read_text()) == puzzle
    assert parse(row["id"].upper().replace("X", "x")) == puzzle  # A-F read as a-f
    glyphs = NET.format_solution(puzzle, puzzle.rows, "grid").split("\n\n")[1]
    assert parse(glyphs) == puzzle  # the box-drawing picture reads back
    assert parse(NET.format_solution(puzzle, puzzle.rows, "grid")) == puzzle  # hex rows first


def test_fixed_tiles_are_written_as_plain_rows() -> None:
    text = "3x3\n4b*8\n169\n956"
    puzzle = parse(text)
    assert puzzle.fixed == {(0, 1): FROM_NET[0xB]}
    assert format_puzzle(puzzle) == text and parse(format_puzzle(puzzle)) == puzzle
    # A fixed tile is written as it stands, whatever the tile was before it was fixed.
    turned = board(parse("3x3:4b8169956").rows, fixed={(0, 1): FROM_NET[0xE]})
    assert format_puzzle(turned).splitlines()[1] == "4e*8"


def test_barriers_on_the_border_of_a_board_that_does_not_wrap_are_the_border() -> None:
    assert parse("2x1:14v") == parse("2x1:14")
    assert parse("2x1:14h") == parse("2x1:14")
    assert parse("2x1w:14v").barriers == {(0, 1, RIGHT)}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3x3", "no board under the size line '3x3'"),
        ("net 3x3 4b8", "unknown tile 'n' at row 1, column 1"),
        ("3y3:4b8169956", "unexpected 'y' at column 2 of the game ID"),
        ("x3:4b8169956", "bad size 'x3' at column 1 of the game ID"),
        ("0x3:", "bad size 0x3 at column 1 of the game ID"),
        ("1x1:0", "bad size 1x1 at column 1 of the game ID"),
        ("2000x2000:0", "over 1000000 tiles"),
        ("3" * 5000 + "x3:0", "over 1000000 tiles"),
        ("3x3q\n4b8\n169\n956", "unexpected 'q' at column 4 of the size line"),
        ("3x3:4b81g9956", "unexpected 'g' at column 9 of the game ID"),
        ("3x3:4b81699565", "too many tiles: '5' at column 14 of the game ID would be tile 10"),
        ("3x3:4b816995", "too few tiles: 8 of a 3x3 board's 9, ending at the end of the game ID"),
        ("3x3:v4b8169956", "barrier 'v' at column 5 of the game ID comes before any tile"),
        ("3x3w2:4b8169956", "unexpected '2' at column 5 of the game ID"),
        ("4b8\n169\n95", "row 3 has 2 tiles but row 1 has 3"),
        ("4b8\n1g9\n956", "unknown tile 'g' at row 2, column 2"),
        ("4x4\n4b8\n169\n956", "the size line says 4x4 but the board has 3 columns and 3 rows"),
        ("v4b\n169\n956", "'v' at row 1, column 1 comes before any tile"),
        ("", "empty input"),
    ],
)
def test_errors_say_where(text: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_a_bad_id_is_one_line_and_exit_2() -> None:
    run = gridsat("solve", "net", "3x3:4b81g9956")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [
        "gridsat: error: unexpected 'g' at column 9 of the game ID (a tile is a hex digit 0-9, "
        "a-f; v and h after it are its barriers)"
    ]


def test_a_wrapping_board_needs_its_wrapping_links() -> None:
    text = (DATA / "net" / "wrapping-5x5.txt").read_text()
    wrapping = parse(text)
    flat = parse(text.replace("5x5w", "5x5"))
    assert wrapping.wrap and not flat.wrap
    for backend in ("sat:cadical195", "cpsat"):
        for encoding in NET.encodings:
            found = solve(NET, wrapping, get_backend(backend), encoding, limit=2)
            assert found.status == "unique" and check(wrapping, found.solutions[0]) == []
            none = solve(NET, flat, get_backend(backend), encoding, limit=1)
            assert none.status == "unsolvable"
    # The answer uses links across the edges, which the flat board does not have.
    solved = solve(NET, wrapping, get_backend("sat:cadical195"), limit=1).solutions[0]
    assert any(row[0] & LEFT for row in solved) or any(t & UP for t in solved[0])
    assert check(flat, solved) != []


def test_barriers_are_respected() -> None:
    row = next(r for r in CORPUS if "b" in r["params"])
    puzzle = parse(row["id"])
    found = solve(NET, puzzle, get_backend("sat:cadical195"), limit=2)
    assert found.status == "unique"
    solved = found.solutions[0]
    for r, c, side in puzzle.barriers:  # no pipe on either side of any barrier
        if side == RIGHT:
            assert not solved[r][c] & RIGHT and not solved[r][(c + 1) % 9] & LEFT
        else:
            assert not solved[r][c] & DOWN and not solved[(r + 1) % 9][c] & UP
    # A barrier across a link the answer uses: that answer is gone, and any left keeps out.
    r, c = next((r, c) for r in range(9) for c in range(8) if solved[r][c] & RIGHT)
    walled = board(puzzle.rows, barriers=puzzle.barriers | {(r, c, RIGHT)})
    for other in solve(NET, walled, get_backend("sat:cadical195"), limit=5).solutions:
        assert other != solved and not other[r][c] & RIGHT and check(walled, other) == []


def test_a_barrier_between_the_only_two_tiles_leaves_no_solution() -> None:
    assert solve(NET, parse("2x1:14"), get_backend("sat:cadical195"), limit=2).status == "unique"
    assert solve(NET, parse("2x1:1v4"), get_backend("sat:cadical195")).status == "unsolvable"
    assert solve(NET, parse("3x1:1v54"), get_backend("sat:cadical195")).status == "unsolvable"
    # On a board that wraps, the way round the other side is open until a barrier closes it.
    assert solve(NET, parse("2x1w:1v4"), get_backend("sat:cadical195"), limit=2).status == "unique"
    assert solve(NET, parse("2x1w:1v4v"), get_backend("sat:cadical195")).status == "unsolvable"


def brute_force(puzzle: Loop) -> int:
    """Every way to turn the tiles, counted when Net's rules (the checker) accept it."""
    cells = [
        rotations(t) if (r, c) not in puzzle.fixed else [puzzle.fixed[r, c]]
        for r, row in enumerate(puzzle.rows)
        for c, t in enumerate(row)
    ]
    w = puzzle.width
    count = 0
    for turned in itertools.product(*cells):
        rows = tuple(tuple(turned[i : i + w]) for i in range(0, len(turned), w))
        count += check(puzzle, rows) == []
    return count


def small_boards() -> list[Loop]:
    """Small boards of random tiles (trees and not), some wrapping, some with barriers, with
    at most 4,096 ways to turn their tiles."""
    rng = random.Random(17)
    found = []
    for w, h, wrap in [(2, 2, False), (3, 2, False), (2, 3, True), (3, 3, False), (3, 2, True)]:
        for k in range(3):
            if k == 0:  # a scrambled spanning tree: at least the tree itself is an answer
                rows = random_tree_layout(w, h, rng, wrap)
            else:
                rows = tuple(tuple(rng.randrange(1, 16) for _ in range(w)) for _ in range(h))
            barriers = frozenset(
                (r, c, rng.choice((RIGHT, DOWN)))
                for r in range(h)
                for c in range(w)
                if rng.random() < 0.15
            )
            puzzle = board(rows, wrap, barriers)
            ways = 1
            for row in rows:
                for t in row:
                    ways *= len(rotations(t))
            if ways <= 4096:
                found.append(puzzle)
    return found


BOARDS = small_boards()
COUNTS: dict[int, int] = {}


def count_of(i: int) -> int:
    """The brute-force count of BOARDS[i], worked out once."""
    if i not in COUNTS:
        COUNTS[i] = brute_force(BOARDS[i])
    return COUNTS[i]


def test_brute_force_boards_cover_every_answer_count() -> None:
    counts = [count_of(i) for i in range(len(BOARDS))]
    assert (
        len(BOARDS) >= 10
        and 0 in counts
        and any(n == 1 for n in counts)
        and any(n > 1 for n in counts)
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_counts_match_brute_force(backend: str) -> None:
    for i, puzzle in enumerate(BOARDS):
        want = count_of(i)
        for encoding in NET.encodings:
            outcome = solve(NET, puzzle, get_backend(backend), encoding, limit=1000)
            assert outcome.count_exact
            assert len(outcome.solutions) == want, (format_puzzle(puzzle), encoding)


def test_the_checker_rejects_each_broken_rule() -> None:
    puzzle = parse("3x3:4b8169956")
    solved = solve(NET, puzzle, get_backend("sat:cadical195"), limit=1).solutions[0]
    assert check(puzzle, solved) == []

    def changed(r: int, c: int, tile: int) -> tuple[tuple[int, ...], ...]:
        rows = [list(row) for row in solved]
        rows[r][c] = tile
        return tuple(tuple(row) for row in rows)

    # A tile that is not a turn of the given one.
    assert any("not a turn" in p for p in check(puzzle, changed(0, 0, 15)))
    # A fixed tile turned.
    fixed = board(puzzle.rows, fixed={(1, 1): solved[1][1]})
    other = next(t for t in rotations(puzzle.rows[1][1]) if t != solved[1][1])
    assert any("fixed" in p for p in check(fixed, changed(1, 1, other)))
    # A connection that meets none: a tile turned the wrong way.
    corner = next(
        (r, c) for r in range(3) for c in range(3) if len(rotations(puzzle.rows[r][c])) > 1
    )
    turned = next(
        t for t in rotations(puzzle.rows[corner[0]][corner[1]]) if t != solved[corner[0]][corner[1]]
    )
    assert check(puzzle, changed(*corner, turned)) != []
    # A pipe off the border of a board that does not wrap.
    line = parse("2x1:14")
    assert any("off the board" in p for p in check(line, ((RIGHT | LEFT, LEFT),)))
    # A pipe through a barrier (of a wrapping board, where the border is open).
    walled = board(((RIGHT, LEFT),), wrap=True, barriers=frozenset({(0, 0, RIGHT)}))
    assert any("barrier" in p for p in check(walled, ((RIGHT, LEFT),)))
    # Two networks, and a cycle.
    split = board(((RIGHT, LEFT), (RIGHT, LEFT)))
    assert any("more than one network" in p for p in check(split, split.rows))
    ring = board(((RIGHT | DOWN, LEFT | DOWN), (UP | RIGHT, UP | LEFT)))
    assert any("more than one network" in p or "cycle" in p for p in check(ring, ring.rows))
    wrapped = board(((RIGHT | LEFT, RIGHT | LEFT),), wrap=True)
    assert any("cycle" in p for p in check(wrapped, wrapped.rows))
    # An empty tile cannot join the network.
    hole = board(((RIGHT, LEFT, 0),))
    assert any("network" in p for p in check(hole, hole.rows))


def apply_move(puzzle: Loop, move: str) -> list[list[int]]:
    """Net's solve move played on the puzzle's tiles, in Net's own bits."""
    tiles = [[TO_NET[t] for t in row] for row in puzzle.rows]
    parts = move.split(";")
    assert parts[0] == "S"
    for part in parts[1:]:
        kind, (x, y) = part[0], map(int, part[1:].split(","))
        turns = {"A": 1, "F": 2, "C": 3}[kind]
        for _ in range(turns):
            tiles[y][x] = anticlockwise(tiles[y][x])
    return tiles


@pytest.mark.parametrize("row", CORPUS[:10], ids=[r["id"][:12] for r in CORPUS[:10]])
def test_the_solve_move_turns_the_puzzle_into_the_solution(row: dict[str, str]) -> None:
    puzzle = parse(row["id"])
    solved = solve(NET, puzzle, get_backend("sat:cadical195"), limit=1).solutions[0]
    move = NET.format_solution(puzzle, solved, "tatham")
    assert ["".join(f"{t:x}" for t in line) for line in apply_move(puzzle, move)] == row["solution"]


def test_the_solve_move_names_the_first_of_anticlockwise_clockwise_round() -> None:
    puzzle = parse("2x1:44")  # two ends pointing left; the answer: right, left
    solved = solve(NET, puzzle, get_backend("sat:cadical195"), limit=1).solutions[0]
    assert NET.format_solution(puzzle, solved, "tatham") == "S;F0,0"
    straight = parse("3x1:1a4")  # a straight standing up turns a quarter: A comes first
    solved = solve(NET, straight, get_backend("sat:cadical195"), limit=1).solutions[0]
    assert NET.format_solution(straight, solved, "tatham") == "S;A1,0"


def test_grid_output_is_hex_rows_then_the_picture() -> None:
    puzzle = parse(CORPUS[0]["id"])
    solved = solve(NET, puzzle, get_backend("sat:cadical195"), limit=1).solutions[0]
    hex_rows, picture = NET.format_solution(puzzle, solved, "grid").split("\n\n")
    assert hex_rows.splitlines() == CORPUS[0]["solution"] == NET.to_json(puzzle, solved)
    assert len(picture.splitlines()) == 5 and all(len(line) == 5 for line in picture.splitlines())


def test_loop_tree_is_unchanged_by_the_net_rules() -> None:
    # ∞ Loop's --tree leaves empty tiles out of the network; Net takes every tile in.
    loop = get_genre("loop")
    drawn = " ╺╸"  # an empty tile, then two ends that face each other
    assert loop.parse(drawn, tree=True).spanning is False
    assert solve(loop, loop.parse(drawn, tree=True), get_backend("sat:cadical195")).status == (
        "solved"
    )
    assert solve(NET, parse(drawn), get_backend("sat:cadical195")).status == "unsolvable"


def loop_boards() -> list[tuple[Loop, int]]:
    """∞ Loop --connected and --tree boards with empty tiles: random 3x2 trees with one or two
    leaves taken away (and, for some, one link more, closing a cycle), scrambled; each with its
    brute-force count by ∞ Loop's checker."""
    from gridsat.puzzles.loop import OPPOSITE, STEP, scramble
    from gridsat.puzzles.loop import check as loop_check

    rng = random.Random(5)
    found: list[tuple[Loop, int]] = []
    for k in range(6):
        rows = [list(row) for row in random_tree_layout(3, 2, rng)]
        for _ in range(1 + k % 2):  # take away a leaf, and its neighbour's link to it
            r, c = rng.choice([(r, c) for r in range(2) for c in range(3) if rows[r][c] in STEP])
            dr, dc = STEP[rows[r][c]]
            rows[r + dr][c + dc] &= ~OPPOSITE[rows[r][c]]
            rows[r][c] = 0
        if k % 3 == 2:  # one link more between two tiles with pipes
            r, c = rng.choice([(r, c) for r in range(2) for c in range(2) if rows[r][c]])
            if rows[r][c + 1] and not rows[r][c] & RIGHT:
                rows[r][c] |= RIGHT
                rows[r][c + 1] |= LEFT
        turned = scramble(tuple(tuple(row) for row in rows), rng)
        ways = [rotations(t) for row in turned for t in row]
        for tree in (False, True):
            puzzle = Loop(turned, connected=True, tree=tree)
            want = sum(loop_check(puzzle, (t[0:3], t[3:6])) == [] for t in itertools.product(*ways))
            found.append((puzzle, want))
    return found


LOOP_BOARDS = loop_boards()


def test_loop_boards_have_answers_to_count() -> None:
    assert sum(1 for _, want in LOOP_BOARDS if want) >= 3
    assert any(p.rows[r][c] == 0 for p, _ in LOOP_BOARDS for r in range(2) for c in range(3))


@pytest.mark.parametrize("backend", ["sat:cadical195", "cpsat"])
def test_loop_tree_and_connected_counts_match_brute_force_in_every_encoding(backend: str) -> None:
    # ∞ Loop's --tree and --connected boards, empty tiles left out of the network, on the model
    # Net shares: both encodings count what the rules allow.
    loop = get_genre("loop")
    for puzzle, want in LOOP_BOARDS:
        for encoding in loop.encodings:
            outcome = solve(loop, puzzle, get_backend(backend), encoding, limit=5000)
            assert outcome.count_exact and len(outcome.solutions) == want


@pytest.mark.parametrize("name", ["wrapping-5x5.txt", "barriers-9x9.txt"])
def test_the_solved_hex_rows_read_back_as_the_same_board_turned(name: str) -> None:
    # The rows left out the size line that says the board wraps, and the barriers: read back,
    # a wrapping board had no solution, and a board with barriers was another board.
    puzzle = parse((DATA / "net" / name).read_text())
    solved = solve(NET, puzzle, get_backend("sat:cadical195"), limit=1).solutions[0]
    again = parse(NET.format_solution(puzzle, solved, "grid"))
    assert (again.wrap, again.barriers, again.rows) == (puzzle.wrap, puzzle.barriers, solved)
    assert NET.check(again, solved) == []
