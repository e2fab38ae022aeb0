"""The number-path model says nothing twice: numbers pruning fixed are no variable (one literal
that is always true stands for them all), and the steps next to them are left to pruning only
when pruning ran."""

from __future__ import annotations

import json

import pytest

from conftest import DATA
from gridsat.models.path import NumberPath, build_path
from gridsat.pipeline import solve
from gridsat.registry import get_genre
from gridsat.solvers import Status, get_backend

CORPUS = [json.loads(s) for s in (DATA / "signpost" / "corpus.jsonl").read_text().splitlines()]


def test_a_board_pruning_fixes_is_one_unit_clause() -> None:
    signpost = get_genre("signpost")
    row = next(r for r in CORPUS if r["params"] == "5x5c" and r["id"] == CORPUS[9]["id"])
    puzzle = signpost.parse(row["id"])
    built = signpost.build(puzzle, "position")
    model = built.model
    assert model.num_bools == 1
    assert model.clauses == [(1,)]
    assert model.exactly_one == []
    assert model.answer == []  # nothing left open: a second solution is ruled out at once
    assert built.keys is not None and all(list(v.values()) == [1] for v in built.keys.values())
    outcome = solve(signpost, puzzle, get_backend("sat:cadical195"), "position", limit=2)
    assert outcome.status is Status.UNIQUE
    assert signpost.check(puzzle, outcome.solutions[0]) == []
    assert [list(r) for r in outcome.solutions[0]] == row["solution"]


@pytest.mark.parametrize("backend", ["sat:cadical195", "cpsat:1"])
def test_unpruned_givens_that_do_not_follow_each_other_have_no_path(backend: str) -> None:
    # 0 -> 1 -> 2 -> 3 -> 1: 1 on node 0 and 2 on node 2 are two steps apart, and the rest
    # (3 on node 3, 4 on node 1) would follow on.
    path = NumberPath([[1], [2], [3], [1]], {0: 1, 2: 2})
    built = build_path(path, "position", prune=False)
    session = get_backend(backend).open(built.model)
    with session:
        results = list(session.enumerate(1, None))
    assert results[0].status is Status.UNSOLVABLE


@pytest.mark.parametrize("row", CORPUS[:12], ids=lambda r: r["id"])
def test_pruned_and_unpruned_models_agree(row: dict[str, object]) -> None:
    signpost = get_genre("signpost")
    puzzle = signpost.parse(str(row["id"]))
    for prune in (True, False):
        outcome = solve(
            signpost, puzzle, get_backend("sat:cadical195"), "position", limit=2, prune=prune
        )
        assert outcome.status is Status.UNIQUE
        assert signpost.check(puzzle, outcome.solutions[0]) == []
        assert [list(r) for r in outcome.solutions[0]] == row["solution"]


@pytest.mark.parametrize(("width", "height"), [(9, 5), (5, 9), (1, 7), (7, 1), (4, 4)])
def test_signpost_rays_are_the_rulebooks(width: int, height: int) -> None:
    from gridsat.models.signpost import number_path
    from gridsat.puzzles.signpost import DIRECTIONS, Signpost

    for arrow in range(len(DIRECTIONS)):
        puzzle = Signpost(width, height, (arrow,) * (width * height), {})
        path = number_path(puzzle)
        for cell in range(puzzle.size):
            assert list(path.succ[cell]) == puzzle.ray(cell), (arrow, cell)


def test_a_ranges_mask_is_the_mask_of_its_nodes() -> None:
    from gridsat.models.path import _mask

    for start in range(25):
        for step in (1, 2, 3, 9, 10, 11, -1, -2, -9, -10, -11):
            for stop in range(-25, 50):
                nodes = range(start, stop, step)
                if all(c >= 0 for c in nodes):
                    assert _mask(nodes) == sum(1 << c for c in set(nodes)), nodes


def _random_signposts(count: int, seed: int) -> list[object]:
    import random

    from gridsat.puzzles.signpost import Signpost

    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        width, height = rng.randint(1, 8), rng.randint(1, 8)
        n = width * height
        arrows = tuple(rng.randrange(8) for _ in range(n))
        values = rng.sample(range(1, n + 1), rng.randint(0, max(1, n // 3)))
        cells = rng.sample(range(n), len(values))
        boards.append(Signpost(width, height, arrows, dict(zip(cells, values, strict=True))))
    return boards


def test_signpost_bitmasks_are_its_rays_and_their_reverse() -> None:
    from gridsat.models.path import _mask
    from gridsat.models.signpost import number_path

    for puzzle in _random_signposts(300, 5):
        path = number_path(puzzle)
        succ, prec = path.bitmasks()
        rays = [puzzle.ray(c) for c in range(puzzle.size)]  # type: ignore[attr-defined]
        assert [list(r) for r in path.succ] == rays
        assert list(succ) == [_mask(r) for r in rays]
        assert list(prec) == [
            sum(1 << c for c in range(puzzle.size) if d in rays[c]) for d in range(puzzle.size)
        ]


def test_signpost_bitmasks_are_the_same_from_kept_rays_and_made_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Boards up to SHAPES_UP_TO cells take their rays from those kept for their size, larger
    # ones make them cell by cell: both must give the same masks (checked against the rays
    # themselves by the test above, for the kept ones).
    from gridsat.models import signpost

    boards = _random_signposts(150, 7)
    kept = [signpost._masks(puzzle) for puzzle in boards]  # type: ignore[arg-type]
    monkeypatch.setattr(signpost, "SHAPES_UP_TO", 0)
    assert [signpost._masks(puzzle) for puzzle in boards] == kept  # type: ignore[arg-type]


def test_pruned_domains_are_closed_under_every_rule() -> None:
    # What the position model leaves out next to a fixed number holds only at a fixed point:
    # each number's nodes are one step from some node of the number before and after it.
    from gridsat.models.graph import step
    from gridsat.models.path import domains
    from gridsat.models.signpost import number_path

    for puzzle in _random_signposts(400, 6):
        path = number_path(puzzle)
        succ, prec = path.bitmasks()
        dom = domains(path, succ, prec)
        if dom is None:
            continue
        for k in range(path.n - 1):
            assert dom[k + 1] & ~step(dom[k], succ) == 0
            assert dom[k] & ~step(dom[k + 1], prec) == 0
        fixed = [d for d in dom if d & (d - 1) == 0]
        assert len(set(fixed)) == len(fixed)
        assert all(d & f == 0 for d in dom if d & (d - 1) for f in fixed)


def test_givens_whose_neighbours_have_no_place_leave_no_path() -> None:
    # The givens' neighbours are narrowed before the sweeps: consecutive givens not joined by
    # an arc, and a given with no arc on to the next number's free nodes, are no path.
    from gridsat.models.path import domains

    line = [[1], [2], [3], []]  # 0 -> 1 -> 2 -> 3
    for givens, some in (({0: 1, 2: 2}, False), ({3: 1}, False), ({0: 1}, True)):
        path = NumberPath(line, givens)
        found = domains(path, *path.bitmasks())
        assert (found is not None) == some, givens
    path = NumberPath(line, {0: 1})
    assert domains(path, *path.bitmasks()) == [1, 2, 4, 8]
