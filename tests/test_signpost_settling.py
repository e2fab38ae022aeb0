"""Signpost's pruning as a generator asks it, step after step: each narrowed from a fixed point
found before (``path.Fixpoints``), with the same answers as from scratch and the same puzzles."""

from __future__ import annotations

import dataclasses
import random

import pytest

from gridsat.generator import Additions, generate, size_of
from gridsat.models.path import Fixpoints, NumberPath, domains, spreads
from gridsat.models.signpost import Rays, Settling, _board_masks, _board_spreads, settled
from gridsat.puzzles.signpost import Signpost, make
from gridsat.registry import get_genre

GENRE = get_genre("signpost")

MADE = {
    ("7x7", 1): "7x7:ceece42fgedce49ag19fdea45ddff31abbacgaegdhdgab35baa9ahga15bgaa1h24a",
    ("7x7", 2): "7x7:e49acd39gggbf44cgfehabegbgecdceabfa1b26cbf18gg10c12aga5ag36ecca22agaa",
    ("7x7", 3): "7x7:ecde41fgeebefgcf5c1df13ffgededbhdh37c15babahebcc27haf49aba25hb21ga7h",
    ("7x7", 4): "7x7:cde1cegeccfb42df11ead45f49acgfeccefeh34acaa16eafbb24aa18dg5hbcchagh",
    ("7x7", 5): "7x7:3ddfgg1gedeggdh35adcbf16d8fh18e49agbbg45fccbcah24fcfcadghcca28chha",
    ("10x10", 1): "10x10:d36ccefcdgggeceggd87befgacdcffgfgfd71bff50eefbhaba41cca7afdfgd66c9c78gfe"
    "h4h92d27eabbacd1fagfc15a100afbga74c95ghcgcfbagb55chcagcha23a83g45aa",
    ("10x10", 2): "10x10:51ce26fgcgeee100add73cee89geac78gd97dccegb30ffee69c1cg67c14egeefcccdha"
    "46hfa93gbdc54cfggh55ehbg21ag48fcbgdaabcabda32ggeb7bfgcah44h63ahabag80hgc3ghh",
    ("10x10", 3): "10x10:c93gcdfeee74fecd9egeag25ghgdebdd96dageec53ce59gdh58gagg89cbhbec29daa42"
    "abcdd5d86h40b16fe85gecghaccf71h81fec21b100af1ahgga36aac35gb46ghhghb63bghcaaahh",
    ("10x10", 4): "10x10:95deeccf30e88g10ef80dde6deg22ef55ga99dbh15dc76dggeeaagfhehg1cga62abcbff"
    "gga42cec100af27edf38bgb44b57ddefc13hhedfgb83ehagbg68cf24cb86ahfaha73cbgcaagaah",
    ("10x10", 5): "10x10:dddeg17efcd83e63cdddbggee25ee31dbadfff1g76g42ef71egde6gc50fheaaca18aeaf"
    "aacdfeh96hahg10b93bc38eddgb100a81ebabafhh21aaa45acabch90fagaabh34ggag87h69ha",
}
"""Puzzles made before the pruning went on from earlier fixed points: the same seeds make
the same puzzles."""


@pytest.mark.parametrize(("size", "seed"), sorted(MADE))
def test_the_same_seed_makes_the_same_puzzle_as_before(size: str, seed: int) -> None:
    made = generate(GENRE, size_of(GENRE, size), random.Random(seed))
    assert GENRE.format_puzzle(made.puzzle) == MADE[size, seed]
    assert GENRE.check(made.puzzle, made.solution) == []


def _scratch(puzzle: Signpost) -> list[int] | None:
    """The pruning from ``unpruned``, node by node: what every faster way must equal."""
    masks = _board_masks(puzzle.width, puzzle.height, puzzle.arrows)
    return domains(NumberPath(Rays(puzzle), puzzle.givens, masks), *masks)


def test_the_pruning_goes_on_from_earlier_fixed_points_to_the_same_fixed_point() -> None:
    # Random boards, givens added from 1 and N in random order (one or a few at a time), then
    # random given sets that keep 1 and N: the same domains as from scratch, every time.
    rng = random.Random(7)
    asked = fixed_all = 0
    for _ in range(40):
        full, _solution, keep = make((rng.randint(2, 9), rng.randint(2, 9)), rng, None)
        cells = {r * full.width + c: n for (r, c), n in keep}
        base = Signpost(full.width, full.height, full.arrows, cells)
        settling = Settling(base)
        settling.fixpoints.KEPT = rng.choice([4, 256])  # few kept: spread out as they grow
        rest = [c for c in full.givens if c not in cells]
        rng.shuffle(rest)
        shown = dict(cells)
        sets = []
        while rest:
            step = rng.choice([1, 1, 1, 3])
            for c in rest[:step]:
                shown[c] = full.givens[c]
            rest = rest[step:]
            sets.append(dict(shown))
        for _ in range(10):
            sets.append({c: n for c, n in full.givens.items() if c in cells or rng.random() < 0.3})
        for givens in sets:
            puzzle = Signpost(full.width, full.height, full.arrows, givens)
            want = _scratch(puzzle)
            assert want is not None
            dom = settling.fixpoints.domains(NumberPath(Rays(puzzle), givens, settling.masks))
            assert dom == want
            assert settling(puzzle) == settled(puzzle)
            asked += 1
            fixed_all += all(not d & (d - 1) for d in dom)
    assert asked > 400 and 0 < fixed_all < asked  # both outcomes came up


def test_a_start_that_contradicts_the_givens_finds_no_path() -> None:
    # 1 and 4 fixed where the path has them; then a given of 2 on 4's cell: no path, as from
    # scratch (and with a fixed point kept, the next set is still answered rightly).
    full = GENRE.parse("2x2:1c2e4a3g")
    base = Signpost(2, 2, full.arrows, {0: 1, 2: 4})
    fixpoints = Fixpoints(NumberPath(Rays(base), base.givens))
    wrong = {0: 1, 2: 4, 1: 3}
    assert _scratch(Signpost(2, 2, full.arrows, wrong)) is None
    assert fixpoints.domains(NumberPath(Rays(base), wrong)) is None
    right = {0: 1, 2: 4, 1: 2}
    assert fixpoints.domains(NumberPath(Rays(base), right)) == [1, 2, 8, 4]


def test_a_spread_is_the_union_of_the_nodes_masks() -> None:
    rng = random.Random(3)
    for _ in range(200):
        w, h = rng.randint(1, 12), rng.randint(1, 12)
        arrows = tuple(rng.randrange(8) for _ in range(w * h))
        succ, prec = _board_masks(w, h, arrows)
        ahead, behind = _board_spreads(w, h, arrows)
        nodes = rng.getrandbits(w * h) & rng.getrandbits(w * h)
        members = [c for c in range(w * h) if nodes >> c & 1]
        forth = back = 0
        for c in members:
            forth |= succ[c]
            back |= prec[c]
        assert ahead(nodes) == forth and behind(nodes) == back
        assert spreads([1 << c for c in range(w * h)])(nodes) == nodes


def test_the_adding_loop_asks_the_settling_pruning() -> None:
    # The generator's loop goes through the genre's ``settling``: the same steps as through
    # ``settled`` alone, each asked afresh.
    full = GENRE.parse("4x3:3c9d1f4f6e2h5g11f7c8a12a10a")
    solution = ((3, 9, 1, 4), (6, 2, 5, 11), (7, 8, 12, 10))
    keep = [((0, 2), 1), ((2, 2), 12)]
    order = [g for g in GENRE.givens.of(full) if g not in keep]
    assert GENRE.settling is Settling
    steps = []
    for genre in (GENRE, dataclasses.replace(GENRE, settling=None)):
        adding = Additions(genre, full, solution, keep, order)
        adding.run()
        steps.append(adding.steps)
    assert steps[0] == steps[1]
    assert steps[0] == [("add", ((0, 0), 3)), ("add", ((0, 1), 9)), ("drop", ((0, 0), 3))]
