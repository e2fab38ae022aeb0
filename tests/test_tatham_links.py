"""Simon Tatham's page links and save files: each of the 12 genres read from his game IDs reads
the same puzzle from the ID in a link (plain or URL-escaped) and from a save file (written here
in the midend's format, and the collection's own), through the one reader every command and the
library use; a link to a random seed, a save file cut short or changed, a game gridsat does not
have and a link of another genre are each refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import gridsat
from conftest import DATA
from conftest import gridsat as run
from gridsat.inputs import looks_like_path
from gridsat.parsers import ParseError
from gridsat.parsers.tatham import Link, unwrap

FOLDER = DATA / "tatham"
RECORDS = [json.loads(line) for line in (FOLDER / "ids.jsonl").read_text().splitlines()]
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/{}.html#{}"
TITLES = {"solo": "Solo", "lightup": "Light Up"}  # the others are their page's name, capitalised
GENRES = {"solo": "sudoku"}  # Tatham's name where gridsat's differs

SAVED = {  # each save file of the collection's icons: its game ID, CPARAMS:DESC, typed here
    "solo": "3x3:a2e9a5b6a2b3_7a1_4a9_6a2b4_1a7_2b1_7e6_9b2_5a8_1b6a5_9a3_8a7_2b8a6b1a1e4a",
    "towers": "4de:2/2/1/3/2/2/3/1/3/1/2/2/2/3/2/1",
    "keen": "5de:a__a_3a_5a_a_a_3b_bac_,a5m15a7a10s2s2d2s3m40m2s2",
    "unruly": "6x6de:faCADAJeBd",
    "bridges": "10x10i30e10m2d2:a1a4a4b4k4b6b2a4b2b2b1e2e1a4b4c3j25d2a1f2c3a4d4c3",
    "loopy": "7x7t0de:02g222b3b2e2a2b322b2a2a3a2a1d1b",
    "net": "5x5:1115337157375775157135131",
    "lightup": "7x7b25s4d1:b3gB0c0dBaBaBa1aBd1c01g0b",
    "tents": "8x8de:ea_ddidfaabkd,3,0,2,1,2,2,1,1,3,1,1,1,1,1,3,1",
    "magnets": "6x5dtS:2.2..1,.3.2.,2.21..,2..0.,TLRTLRBLRBTTLRLRBBLRTTTTLRBBBB",
    "pattern": "10x10:3.4/2.2/4.1/2.3/2.3.2/4/6/6/3.1/1/5/5/1.1/4/5/6/2.3/3.3/1.1.3/1.1.4",
    "signpost": "4x4c:1eceebecfbfhgcaa16a",
}


def genre(game: str) -> str:
    """gridsat's name of a game of Tatham's."""
    return GENRES.get(game, game)


def title(game: str) -> str:
    """The game's name as a save file's GAME line writes it."""
    return TITLES.get(game, game.capitalize())


def save_file(lines: list[tuple[str, str]], newline: str = "\n") -> str:
    """A save file as the midend writes it: ``KEY:LENGTH:VALUE``, the key padded to 8."""
    return "".join(f"{key:<8}:{len(value)}:{value}{newline}" for key, value in lines)


def saved(record: dict[str, Any], moves: list[str] | None = None) -> list[tuple[str, str]]:
    """The lines of a save file of ``record``'s puzzle, its full parameters in PARAMS and
    CPARAMS as the midend writes them, the seed it was made from, and ``moves`` played."""
    desc = record["id"].split(":", 1)[1]
    moves = moves or []
    return [
        ("SAVEFILE", "Simon Tatham's Portable Puzzle Collection"),
        ("VERSION", "1"),
        ("GAME", title(record["genre"])),
        ("PARAMS", record["params"]),
        ("CPARAMS", record["params"]),
        ("SEED", record["seed_id"].split("#", 1)[1]),
        ("DESC", desc),
        ("NSTATES", str(len(moves) + 1)),
        ("STATEPOS", str(len(moves) + 1)),
        *[("MOVE", move) for move in moves],
    ]


def refused(game: str, text: str) -> str:
    """The one-line message ``read`` refuses ``text`` with."""
    with pytest.raises(gridsat.PuzzleError) as e:
        gridsat.read(genre(game), text)
    message = str(e.value)
    assert "\n" not in message and message
    return message


@pytest.fixture(params=RECORDS, ids=[f"{r['genre']}-{r['params']}" for r in RECORDS])
def record(request: pytest.FixtureRequest) -> dict[str, Any]:
    found: dict[str, Any] = request.param
    return found


def test_the_ids_cover_every_genre_read_from_ids() -> None:
    assert {r["genre"] for r in RECORDS} == set(SAVED)


def test_a_page_link_reads_as_its_id(record: dict[str, Any]) -> None:
    game, given = record["genre"], record["id"]
    bare = gridsat.read(genre(game), given)
    links = [
        PAGE.format(game, given),
        PAGE.format(game, quote(given, safe="")),  # every ':', ',' and '/' escaped
        f"www.chiark.greenend.org.uk/~sgtatham/puzzles/js/{game}.html#{given}",  # no scheme
        f"http://localhost:8000/{game}/#{given}",  # another host, a page of a folder
        f"  {PAGE.format(game, given)}\n",
    ]
    for link in links:
        assert unwrap(link) == Link(game, given, "link")
        puzzle = gridsat.read(genre(game), link)
        assert puzzle.data == bare.data, link
        assert puzzle.source is not None and puzzle.source[0] == given  # compare reads the ID


def test_a_save_file_reads_as_its_id(record: dict[str, Any], tmp_path: Path) -> None:
    game, given = record["genre"], record["id"]
    bare = gridsat.read(genre(game), given)
    desc = given.split(":", 1)[1]
    plain = save_file(saved(record))
    assert unwrap(plain) == Link(title(game), f"{record['params']}:{desc}", "save file")
    played = saved(record, ["a move", "another"])
    played[6:6] = [("AUXINFO", "0a1b2c"), ("UI", "O0,0;C2,2"), ("TIME", "75.2958")]
    for text in [plain, save_file(played), save_file(saved(record), "\r\n"), "\n" + plain]:
        assert gridsat.read(genre(game), text).data == bare.data
    longer = save_file(saved(record), "\r\n").replace(
        f"DESC    :{len(desc)}:", f"DESC    :{len(desc) + 1}:"
    )
    assert "DESC line (line 7) of the save file says its value is" in refused(game, longer)
    path = tmp_path / f"{game}.sav"
    path.write_text(save_file(played) + "junk after the states the file counts is never read")
    assert gridsat.read(genre(game), str(path)).data == bare.data
    assert gridsat.read(genre(game), path).data == bare.data


@pytest.mark.parametrize("game", sorted(SAVED))
def test_the_collections_own_save_files(game: str) -> None:
    path = FOLDER / f"{game}.sav"
    puzzle = gridsat.read(genre(game), str(path))
    assert puzzle.data == gridsat.read(genre(game), SAVED[game]).data
    result = gridsat.solve(puzzle)
    if game == "pattern":  # the 2006 icon's clues allow no picture (see data/tatham/README.md)
        assert result.status is gridsat.Status.UNSOLVABLE
        return
    assert result.solution is not None
    assert puzzle.check(result.solution) == []


def test_the_command_line_reads_links_and_save_files() -> None:
    record = next(r for r in RECORDS if r["genre"] == "loopy")
    by_id = run("solve", "loopy", record["id"])
    assert by_id.returncode == 0, by_id.stderr
    for given in [PAGE.format("loopy", quote(record["id"], safe="")), str(FOLDER / "loopy.sav")]:
        done = run("solve", "loopy", given)
        assert done.returncode == 0, done.stderr
    done = run("solve", "loopy", "-", stdin=save_file(saved(record)))
    assert done.returncode == 0 and done.stdout == by_id.stdout


def test_a_random_seed_link_is_refused(record: dict[str, Any]) -> None:
    game, seed = record["genre"], record["seed_id"]
    for link in [PAGE.format(game, seed), PAGE.format(game, seed.replace("#", "%23"))]:
        message = refused(game, link)
        assert "random seed" in message and "Game > Specific..." in message, message
        assert seed in message or seed[:40] in message


def test_a_link_with_no_puzzle_is_refused() -> None:
    params = refused("loopy", PAGE.format("loopy", "5x5t0"))
    assert "only the parameters '5x5t0'" in params and "Game > Specific..." in params
    assert "nothing after its '#'" in refused("loopy", PAGE.format("loopy", ""))


def test_a_link_or_save_of_another_genre_is_refused() -> None:
    record = next(r for r in RECORDS if r["genre"] == "loopy")
    message = refused("solo", PAGE.format("loopy", record["id"]))
    assert message == "this is a loopy link, not sudoku: read it as loopy (gridsat solve loopy ...)"
    message = refused("loopy", str(FOLDER / "lightup.sav"))
    assert "Light Up save file, not loopy" in message and "gridsat solve lightup" in message
    message = refused("towers", PAGE.format("solo", RECORDS[0]["id"]))
    assert "solo link, not towers: read it as sudoku" in message  # Tatham's Solo is sudoku
    assert "a loopy link, not loop" in refused("loop", PAGE.format("loopy", record["id"]))


def test_a_game_gridsat_does_not_have_is_refused() -> None:
    for text in [str(FOLDER / "mines.sav"), PAGE.format("mines", "9x9:0,0,me0691ca8a")]:
        message = refused("loopy", text)
        assert "ines" in message and "gridsat does not solve" in message, message


def test_a_save_file_cut_short_is_refused_at_every_cut() -> None:
    text = (FOLDER / "solo.sav").read_text()
    whole = gridsat.read("sudoku", text).data
    for end in range(len("SAVEFILE:"), len(text)):
        try:
            puzzle = gridsat.read("sudoku", text[:end])
        except gridsat.PuzzleError as e:
            assert "\n" not in str(e) and "save file" in str(e), (end, str(e))
        else:  # only the final newline may be missing
            assert end == len(text) - 1 and puzzle.data == whole
    cut = text.index("DESC    :73:") + 30
    assert "cut short in its DESC line (line 6)" in refused("solo", text[:cut])
    cut = text.index("NSTATES")
    assert refused("solo", text[:cut]).endswith("it ends before its NSTATES line")
    cut = text.index("MOVE    :6:R5,0,1")
    assert refused("solo", text[:cut]).endswith("it ends after 2 of its 28 MOVE lines")


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (("DESC    :73:", "DESC    :72:"), "DESC line (line 6)"),
        (("DESC    :73:", "DESC    :74:"), "DESC line (line 6)"),
        (("DESC    :73:", "DESC    :7x:"), "DESC line (line 6) of the save file has no length"),
        (("CPARAMS :3:", "CPARAMS:3:"), "line 5 of the save file is no KEY:LENGTH:VALUE"),
        (("NSTATES :2:29", "NSTATES :2:-1"), "NSTATES '-1'"),
        (("STATEPOS:2:29", "STATEPOS:2:30"), "STATEPOS 30 is past its NSTATES 29"),
        (("VERSION :1:1", "VERSION :1:2"), "VERSION '2'"),
        (("GAME    :4:Solo", "GAME    :4:    "), "no GAME line"),
        (("DESC    :", "DISC    :"), "no DESC line"),
        (("Simon Tatham", "Simon Thatam"), "not a save file of Simon Tatham's"),
        (("a2e9a5", "a2\te95"), "DESC line (line 6) of the save file holds '\\t'"),
    ],
)
def test_a_changed_save_file_is_refused_naming_the_key(change: tuple[str, str], named: str) -> None:
    text = (FOLDER / "solo.sav").read_text()
    assert change[0] in text
    message = refused("solo", text.replace(change[0], change[1], 1))
    assert named in message, message


def test_params_stand_in_for_missing_cparams() -> None:
    record = RECORDS[0]
    lines = [line for line in saved(record) if line[0] != "CPARAMS"]
    assert (
        gridsat.read("sudoku", save_file(lines)).data == gridsat.read("sudoku", record["id"]).data
    )
    lines = [line for line in lines if line[0] != "PARAMS"]
    assert "no CPARAMS line" in refused("solo", save_file(lines))


def test_other_text_is_no_link() -> None:
    for text in [
        "5x5t0:a3a23a13b3b032e321a",  # a bare ID
        "5x5t0de#123456",  # a bare seed: its genre's reader refuses it
        "https://puzz.link/p?slither/5/5/g3h3#x",  # a query: puzz.link's, not Tatham's
        "puzzles/loopy#1.txt",  # a file's name
        "# a comment\n3x3:abc",
        "",
    ]:
        assert unwrap(text) is None, text
    with pytest.raises(ParseError, match="cut short"):
        unwrap("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\n")


def test_a_link_is_not_taken_for_a_missing_file() -> None:
    link = "www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#5x5t0:a3a23a13b3b032e32"
    assert not looks_like_path(link)
    assert looks_like_path("puzzles/loopy.sav")
    message = refused("loopy", link)
    assert "no such file" not in message and "too few cells" in message, message
    assert refused("loopy", "puzzles/loopy.sav") == "no such file: puzzles/loopy.sav"


def test_the_genre_may_be_left_out_before_a_link_or_a_save_file(tmp_path: Path) -> None:
    link = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#5x5t0:a3a23a13b3b032e321a"
    run_ = run("solve", link, "--unique")
    assert run_.returncode == 0 and "unique solution" in run_.stdout
    saved = run("solve", str(DATA / "tatham" / "lightup.sav"))
    assert saved.returncode == 0, saved.stderr
    mines = run("solve", str(DATA / "tatham" / "mines.sav"))
    assert (
        mines.returncode == 2
        and "a game of Tatham's collection that gridsat does not solve" in (mines.stderr)
    )
    # bench reads save files and links as solve does
    bench = run("bench", "lightup", str(DATA / "tatham" / "lightup.sav"), "--json")
    assert bench.returncode == 0 and json.loads(bench.stdout)["records"][0]["status"] == "unique"
