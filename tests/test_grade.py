"""Grading: levels known by construction (a Sudoku finished by singles, one that needs a probe,
one that needs lookahead, one that needs search), a level-1 verdict vouched for by the checker,
the score's order, and `gridsat grade` on the command line (text, JSON, errors, time limit)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from conftest import DATA, gridsat
from gridsat import grading
from gridsat.grading import BANDS, LEVELS, Grade, bands, grade
from gridsat.registry import get_genre

SUDOKU = get_genre("sudoku")
SOLO = [json.loads(line) for line in (DATA / "sudoku" / "tatham.jsonl").read_text().splitlines()]
SOLVED = (
    (1, 2, 3, 4, 5, 6, 7, 8, 9),
    (4, 5, 6, 7, 8, 9, 1, 2, 3),
    (7, 8, 9, 1, 2, 3, 4, 5, 6),
    (2, 3, 1, 5, 6, 4, 8, 9, 7),
    (5, 6, 4, 8, 9, 7, 2, 3, 1),
    (8, 9, 7, 2, 3, 1, 5, 6, 4),
    (3, 1, 2, 6, 4, 5, 9, 7, 8),
    (6, 4, 5, 9, 7, 8, 3, 1, 2),
    (9, 7, 8, 3, 1, 2, 6, 4, 5),
)


def plain(rows: Any) -> str:
    """A board in the plain form, 0 for a blank."""
    return "\n".join("".join(str(v) for v in row) for row in rows)


def solo(params: str, i: int = 0) -> Any:
    """The i-th corpus Solo puzzle of these params."""
    record = [r for r in SOLO if r["params"] == params][i]
    return SUDOKU.parse(record["id"])


def singles() -> Any:
    """A full board with one blank per row, each in its own column: every blank is the last
    cell of its row, so unit propagation (a naked single) places it."""
    rows = [list(row) for row in SOLVED]
    for r in range(9):
        rows[r][(r * 4) % 9] = 0
    return SUDOKU.parse(plain(rows))


def test_singles_alone_grade_1_and_the_propagated_literals_spell_the_solution() -> None:
    puzzle = singles()
    found = grade(SUDOKU, puzzle)
    assert (found.level, found.name, found.rounds) == (1, "propagation", 0)
    assert found.eliminated["probing"] == found.eliminated["lookahead"] == 0
    # Level 1 means propagation fixed every answer: the board read from the propagated
    # literals alone passes the independent checker, and it is the full board.
    assert found.solution is not None and SUDOKU.check(puzzle, found.solution) == []
    assert found.solution == SOLVED
    assert 0 <= found.score < 1
    # The same without the builder's pruning: unit propagation alone does it.
    bare = grade(SUDOKU, puzzle, prune=False)
    assert bare.level == 1 and bare.eliminated["propagation"] > 0
    assert bare.solution == SOLVED and SUDOKU.check(puzzle, bare.solution) == []


def test_every_level_1_verdict_on_the_corpus_is_a_solution_the_checker_passes() -> None:
    for params in ("3x3dt", "3x3db"):
        for i in range(3):
            puzzle = solo(params, i)
            found = grade(SUDOKU, puzzle)
            assert found.level == 1
            assert SUDOKU.check(puzzle, found.solution) == []


def test_solo_trivial_needs_no_switch_and_basic_its_switch() -> None:
    # Tatham's Trivial level places digits by a block's hidden singles alone: the grading
    # encoding propagates those with its Basic switch off (score 0). His Basic level adds
    # naked singles and a row's or column's hidden singles: the switch on (score 0.5).
    assert grade(SUDOKU, singles()).score == 0  # every block has one blank
    assert grade(SUDOKU, singles(), prune=False).score == 0  # the givens hold without it
    for params, want in (("3x3dt", 0), ("3x3db", 0.5)):
        for i in range(3):
            puzzle = solo(params, i)
            found = grade(SUDOKU, puzzle)
            assert (found.level, found.score) == (1, want), (params, i)
            assert SUDOKU.check(puzzle, found.solution) == []


def test_a_puzzle_singles_cannot_finish_needs_a_probe() -> None:
    # Tatham's graded solver finishes it only with intermediate techniques, past singles.
    puzzle = solo("3x3di")
    assert grade(SUDOKU, puzzle, max_level=1).level == 2  # propagation stalls ...
    found = grade(SUDOKU, puzzle)
    assert found.level == 2 and found.rounds >= 1 and found.eliminated["probing"] >= 1
    assert SUDOKU.check(puzzle, found.solution) == []  # ... and probing finishes it
    assert 1 <= found.score < 2


def test_easter_monster_needs_lookahead() -> None:
    puzzle = SUDOKU.parse((DATA / "sudoku" / "easter-monster.txt").read_text())
    stalled = grade(SUDOKU, puzzle, max_level=2)
    assert (stalled.level, stalled.exact) == (3, False) and stalled.solution is None
    found = grade(SUDOKU, puzzle)
    assert found.level == 3 and found.eliminated["lookahead"] >= 1
    assert SUDOKU.check(puzzle, found.solution) == []


def test_a_puzzle_lookahead_cannot_settle_needs_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # With no budget for lookahead, a puzzle that needs it is left to search.
    monkeypatch.setattr(grading, "LOOKAHEAD_BUDGET", 1)
    puzzle = SUDOKU.parse((DATA / "sudoku" / "easter-monster.txt").read_text())
    found = grade(SUDOKU, puzzle)
    assert found.level == 4 and found.name == "search" and found.solution is None
    assert found.left > 0 and 3 <= found.score < 4


@pytest.mark.slow
def test_a_25x25_board_past_the_lookahead_budget_needs_search() -> None:
    puzzle = SUDOKU.parse((DATA / "sudoku" / "25x25.txt").read_text())
    found = grade(SUDOKU, puzzle)
    assert found.level == 4 and found.exact and found.solution is None and found.left > 0


def test_the_score_rises_with_tathams_levels_on_solo() -> None:
    medians = []
    for params in ("3x3dt", "3x3di", "3x3du"):
        scores = sorted(grade(SUDOKU, solo(params, i)).score for i in range(3))
        medians.append(scores[1])
    assert medians == sorted(medians) and len(set(medians)) == 3


def test_other_genres_graded_on_known_puzzles() -> None:
    towers = get_genre("towers")
    corpus = [
        json.loads(line) for line in (DATA / "towers" / "tatham.jsonl").read_text().splitlines()
    ]
    easy = towers.parse(next(r["id"] for r in corpus if r["params"] == "4de"))
    found = grade(towers, easy)
    assert found.level == 1 and towers.check(easy, found.solution) == []
    extreme = towers.parse(next(r["id"] for r in corpus if r["params"] == "6dx"))
    assert grade(towers, extreme).level >= 2
    unruly = get_genre("unruly")
    rows = [json.loads(x) for x in (DATA / "unruly" / "tatham.jsonl").read_text().splitlines()]
    trivial = unruly.parse(next(r["id"] for r in rows if r["params"] == "6x6dt"))
    found = grade(unruly, trivial)
    assert found.level == 1 and unruly.check(trivial, found.solution) == []


def test_light_up_levels_and_a_clause_with_a_literal_twice() -> None:
    # 7x7:i2gBa2c2a4c3a3g2i has a clause that names a literal twice: the solver keeps it as a
    # unit at level 0, where propagate() never reports it; grading once probed it forever.
    lightup = get_genre("lightup")
    rows = [json.loads(x) for x in (DATA / "lightup" / "tatham.jsonl").read_text().splitlines()]
    for record in rows:
        if not record["params"].startswith("7x7"):
            continue
        puzzle = lightup.parse(record["id"])
        found = grade(lightup, puzzle)
        assert found.level == (1 if record["params"].endswith("d0") else 2), record["id"]
        assert lightup.check(puzzle, found.solution) == []
    bare = lightup.parse("7x7:i2gBa2c2a4c3a3g2i")
    found = grade(lightup, bare, prune=False)
    assert found.level == 2 and lightup.check(bare, found.solution) == []


LOOPY = get_genre("loopy")


def test_loopy_corner_rules_let_propagation_finish_what_took_probes() -> None:
    # One clue more than the genre's example: finished by a player's rules (counting at cells
    # and dots, corners, the loop rule), which the grading encoding gives unit propagation.
    puzzle = LOOPY.parse(".3.1\n...2\n0..1\n.1.2")
    found = grade(LOOPY, puzzle)
    assert (found.level, found.rounds, found.eliminated["probing"]) == (1, 0, 0)
    assert LOOPY.check(puzzle, found.solution) == []
    # Without the corner rules (the edges encoding, once the grading one) it takes probes.
    assert grade(LOOPY, puzzle, encoding="edges").level == 2


def test_loopy_example_needs_a_probe() -> None:
    # The genre's example, the board above less its 2 at r4c4: propagation stops short.
    puzzle = LOOPY.parse(".3.1\n...2\n0..1\n.1..")
    found = grade(LOOPY, puzzle)
    assert found.level == 2 and found.eliminated["probing"] >= 1
    assert 1 < found.score < 2
    assert LOOPY.check(puzzle, found.solution) == []


def test_loopy_loop_rule_counts_as_propagation(monkeypatch: pytest.MonkeyPatch) -> None:
    # Here the last step is the player's loop rule (a line that would close a loop too early
    # is off): the model's hints give it to propagation; without them it takes a probe.
    puzzle = LOOPY.parse("3.10\n..1.\n3..1\n....")
    found = grade(LOOPY, puzzle)
    assert found.level == 1 and LOOPY.check(puzzle, found.solution) == []
    monkeypatch.setattr("gridsat.models.loopy._closing", lambda lines, puzzle: lambda _: [])
    assert grade(LOOPY, puzzle).level == 2


def test_loopy_easy_normal_and_tricky_grade_1_by_their_rules_with_their_solution() -> None:
    # Tatham's Easy, Normal and Tricky levels use only rules the grading encoding propagates:
    # Easy's with no switch on (score 0), Normal's with its switch (a third), Tricky's with
    # both; the propagated lines are each puzzle's one solution (so no rule cut it off).
    records = [json.loads(x) for x in (DATA / "loopy" / "tatham.jsonl").read_text().splitlines()]
    scores = {"5x5t0de": 0, "7x7t0dn": 0.3333, "10x10t0dt": 0.6667}
    for record in records:
        if record["params"] not in scores:
            continue
        found = grade(LOOPY, LOOPY.parse(record["id"]))
        assert found.level == 1, record["id"]
        assert found.score == scores[record["params"]], record["id"]
        lines = found.solution
        assert ["".join(map(str, row)) for row in lines.h] == record["solution"]["h"]
        assert ["".join(map(str, row)) for row in lines.v] == record["solution"]["v"]


def test_bands_name_levels() -> None:
    assert set(BANDS) == {"easy", "medium", "hard", "extreme"}
    assert sorted(level for levels in BANDS.values() for level in levels) == [1, 2, 3, 4]
    from types import SimpleNamespace

    bare = SimpleNamespace(about=SimpleNamespace(grading=SimpleNamespace(bands=())))
    assert bands(bare) == BANDS and set(LEVELS) == {1, 2, 3, 4}  # (a genre with no bands)
    assert isinstance(grade(SUDOKU, singles()), Grade)


def test_a_genre_declares_its_own_bands_by_score() -> None:
    loopy = bands(get_genre("loopy"))
    assert set(loopy) == set(BANDS)
    # Tatham's Easy, Normal and Tricky all solve by propagation: its score parts them.
    assert [loopy[b].holds(s) for b, s in [("easy", 0), ("medium", 1 / 3), ("hard", 2 / 3)]] == [
        True, True, True
    ]  # fmt: skip
    assert not loopy["easy"].holds(1 / 3) and not loopy["hard"].holds(1.2)
    assert tuple(loopy["easy"]) == (1,) and tuple(loopy["extreme"]) == (2, 3)
    assert (str(loopy["easy"]), str(BANDS["hard"])) == ("1 (score 0 up to 0.25)", "3")
    assert all(BANDS[b].holds(level - 1) and level in BANDS[b] for b, level in
               [("easy", 1), ("medium", 2), ("hard", 3), ("extreme", 4)])  # fmt: skip


# -- the command line ------------------------------------------------------------------------


def test_grade_prints_level_score_rounds_and_eliminations() -> None:
    done = gridsat("grade", "sudoku", plain(singles().rows))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("level 1 (propagation), score 0\n")
    assert "probing rounds: 0" in done.stdout and "eliminated: propagation" in done.stdout


def test_grade_json() -> None:
    record = next(r for r in SOLO if r["params"] == "3x3di")
    done = gridsat("grade", "solo", record["id"], "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["level"] == 2 and data["name"] == "probing" and data["status"] == "unique"
    assert 1 <= data["score"] < 2 and data["rounds"] >= 1
    assert set(data["eliminated"]) == {"propagation", "probing", "lookahead"}


def test_grade_loopy_json_and_solve_on_the_grading_encoding() -> None:
    # Tatham's Basic Solo board, graded from the command line: level 1 with the switch on.
    record = next(r for r in SOLO if r["params"] == "3x3db")
    data = json.loads(gridsat("grade", "solo", record["id"], "--json").stdout)
    assert (data["level"], data["score"]) == (1, 0.5)
    done = gridsat("grade", "loopy", ".3.1\n...2\n0..1\n.1.2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["level"], data["score"], data["rounds"]) == (1, 0.3333, 0)
    # Solving on the grading encoding gives the one solution the default encoding gives.
    lines = [gridsat("solve", "loopy", ".3.1\n...2\n0..1\n.1..", "-e", e, "--json", "--unique")
             for e in ("grade", "cells")]  # fmt: skip
    assert [done.returncode for done in lines] == [0, 0]
    assert json.loads(lines[0].stdout)["solution"] == json.loads(lines[1].stdout)["solution"]


def test_grade_from_stdin() -> None:
    done = gridsat("grade", "sudoku", "-", stdin=plain(singles().rows))
    assert done.returncode == 0 and done.stdout.startswith("level 1")


def test_not_unique_and_unsolvable_are_answers_not_grades() -> None:
    several = gridsat("grade", "sudoku", str(DATA / "sudoku" / "multiple.txt"))
    assert several.returncode == 3 and several.stdout.startswith("not unique")
    none = gridsat("grade", "sudoku", str(DATA / "sudoku" / "unsolvable.txt"), "--json")
    assert none.returncode == 1
    assert json.loads(none.stdout) == {
        "genre": "sudoku",
        "status": "unsolvable",
        "level": None,
        "score": None,
    }


@pytest.mark.parametrize(
    "args",
    [
        ("grade", "sudoku", "12345"),
        ("grade", "nosuch", "x"),
        ("grade", "sudoku", "no/such/file.txt"),
        ("grade", "sudoku", "x", "-t", "0"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    done = gridsat(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("gridsat: error: ") and done.stderr.count("\n") == 1


def test_grade_time_limit_exit_4() -> None:
    # A 25x25 board takes the grading far past a tenth of a second.
    done = gridsat("grade", "sudoku", str(DATA / "sudoku" / "25x25.txt"), "-t", "0.1")
    assert done.returncode == 4 and done.stdout == ""
    assert done.stderr.startswith("gridsat: error: ") and "0.1 s" in done.stderr


def test_solve_grade_adds_the_difficulty() -> None:
    record = next(r for r in SOLO if r["params"] == "3x3di")
    done = gridsat("solve", "solo", record["id"], "--grade", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["status"] == "unique" and data["difficulty"]["level"] == 2
    assert data["difficulty"]["name"] == "probing" and 1 <= data["difficulty"]["score"] < 2
    text = gridsat("solve", "solo", record["id"], "--grade")
    assert text.returncode == 0 and "\ndifficulty: level 2 (probing), score 1." in text.stdout
    plain_json = json.loads(gridsat("solve", "solo", record["id"], "--json").stdout)
    assert "difficulty" not in plain_json


def test_solve_all_grade_adds_the_difficulty_after_the_count() -> None:
    # --all once ran without the grade, silently.
    record = next(r for r in SOLO if r["params"] == "3x3di")
    done = gridsat("solve", "solo", record["id"], "--all", "--grade", "--json")
    assert done.returncode == 0, done.stderr
    *found, summary = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(found) == 1 and summary["status"] == "unique"
    assert summary["difficulty"]["level"] == 2 and summary["difficulty"]["name"] == "probing"
    text = gridsat("solve", "solo", record["id"], "--all", "--grade")
    assert text.returncode == 0
    assert "\n1 solution, all of them\ndifficulty: level 2 (probing), score 1." in text.stdout
    several = str(DATA / "sudoku" / "multiple.txt")
    done = gridsat("solve", "sudoku", several, "--all", "--count", "2", "--grade", "--json")
    assert done.returncode == 0 and json.loads(done.stdout.splitlines()[-1])["difficulty"] is None


def test_solve_grade_on_a_puzzle_with_several_solutions_has_no_difficulty() -> None:
    done = gridsat("solve", "sudoku", str(DATA / "sudoku" / "multiple.txt"), "--grade", "--json")
    assert done.returncode == 0
    data = json.loads(done.stdout)
    assert data["status"] == "multiple" and data["difficulty"] is None


def test_solve_grade_time_limit_exit_4() -> None:
    # The magic square solves in well under a second and grades in many: the limit stops the
    # grade, and the solution is still printed.
    magic = str(DATA / "magic" / "seed.txt")
    done = gridsat("solve", "magic", magic, "--grade", "--json", "-t", "5")
    assert done.returncode == 4
    data = json.loads(done.stdout)
    assert data["status"] == "unique" and data["difficulty"] is None
    assert done.stderr == "gridsat: error: the grade did not finish within 5 s\n"


def test_grade_stops_at_its_deadline() -> None:
    with pytest.raises(grading.GradeTimeout):
        grade(SUDOKU, solo("3x3du"), deadline=time.monotonic() - 1)


def test_grade_stops_past_its_effort() -> None:
    # a count of propagations, not a clock: the same everywhere
    with pytest.raises(grading.GradeEffort):
        grade(SUDOKU, solo("3x3du"), effort=1)
    assert grade(SUDOKU, solo("3x3du"), effort=1_000_000) == grade(SUDOKU, solo("3x3du"))


def test_solve_grade_says_when_a_puzzle_is_not_graded() -> None:
    # It exited 0 with no word of the grade: the reader could not tell "not graded" from a
    # grade line lost.
    run = gridsat("solve", "sudoku", str(DATA / "sudoku" / "multiple.txt"), "--grade")
    assert run.returncode == 0
    assert run.stdout.rstrip().endswith("difficulty: not graded (only a puzzle with exactly one "
                                        "solution is graded)")  # fmt: skip


def test_grade_json_past_its_time_limit_is_still_an_object() -> None:
    # The 25x25 Sudoku grades in tens of seconds: one second stops it.
    done = gridsat("grade", "sudoku", str(DATA / "sudoku" / "25x25.txt"), "--json", "-t", "1")
    assert done.returncode == 4
    said = "the grade did not finish within 1 s"
    assert json.loads(done.stdout) == {
        "genre": "sudoku",
        "status": "timeout",
        "level": None,
        "score": None,
        "error": said,
    }
    assert done.stderr == f"gridsat: error: {said}\n"


def test_a_grade_told_where_to_stop_stops_past_it_and_only_there() -> None:
    """``stop``: the grade so far once the score reaches it (a generator asking for a band
    below it), else the full grade."""
    genre = get_genre("dominosa")
    records = [json.loads(line) for line in (DATA / "dominosa" / "tatham.jsonl").open()]
    puzzle = genre.parse(next(r for r in records if r["params"] == "6de")["id"])
    full = grade(genre, puzzle, encoding="both")
    assert full.level == 2 and full.exact and full.score > 1
    stopped = grade(genre, puzzle, encoding="both", stop=1.0)
    assert not stopped.exact and 1.0 <= stopped.score <= full.score
    assert stopped.propagations < full.propagations
    assert grade(genre, puzzle, encoding="both", stop=full.score + 0.01) == full
