"""puzz.link URLs: the codes read and written as pzprjs does (round trips, pzprjs's own
spellings), pzprjs's test puzzles read and solved to pzprjs's answers, real URLs read or
refused in one line, the lenient forms people paste, flags refused by name, and the command
line (a URL's genre found, ``convert``, ``generate --format url``, ``bench`` on a file of URLs)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from conftest import DATA, gridsat
from gridsat.parsers import ParseError, puzzlink
from gridsat.pipeline import solve
from gridsat.registry import get_genre, url_genre
from gridsat.solvers import Status, get_backend

URLS = [
    line.strip()
    for line in (DATA / "puzzlink" / "urls.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
GENRES = ("sudoku", "towers", "bridges", "loopy", "lightup", "tents", "magnets", "pattern")


def _read(url: str) -> Any:
    return url_genre(puzzlink.split(url).word).read(url)


# -- the codes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_each_code_reads_back_what_it_writes(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 90)
    numbers = [rng.choice([puzzlink.EMPTY] * 6 + [puzzlink.UNKNOWN, 0, 5, 15, 16, 200, 4095])
               for _ in range(n)]  # fmt: skip
    assert puzzlink.read_number16(puzzlink.write_number16(numbers), n) == (numbers, "")
    small = [rng.choice([puzzlink.EMPTY] * 5 + [puzzlink.UNKNOWN, 0, 1, 2, 3, 4]) for _ in range(n)]
    assert puzzlink.read_number4(puzzlink.write_number4(small), n) == (small, "")
    marks = [rng.random() < 0.2 for _ in range(n)]
    assert puzzlink.read_marked(puzzlink.write_marked(marks), n) == (marks, "")
    assert puzzlink.read_bits(puzzlink.write_bits(marks), n) == (marks, "")
    triples = [rng.choice((0, 0, 1, 2)) for _ in range(n)]
    assert puzzlink.read_triples(puzzlink.write_triples(triples), n) == (triples, "")
    # each code stops where its places are full, and leaves the rest to the next
    assert puzzlink.read_number4(puzzlink.write_number4(small) + "xyz", n)[1] == "xyz"


def test_the_codes_spell_as_pzprjs_does() -> None:
    assert puzzlink.write_number16([puzzlink.EMPTY] * 81) == "zzzzg"  # an empty 9x9
    assert puzzlink.write_number16([16, 255, 256]) == "-10-ff+100"
    # number-4 takes in up to two empty cells after a clue; both spellings read the same
    assert puzzlink.write_number4([2, puzzlink.EMPTY, puzzlink.EMPTY, 1]) == "cb"  # (as at the end)
    assert puzzlink.read_number4("71", 3)[0] == puzzlink.read_number4("7b", 3)[0]
    assert puzzlink.write_marked([False] * 3 + [True] + [False] * 2) == "k2"


# -- pzprjs's test puzzles, solved to pzprjs's answers -----------------------------------------

ANSWERS = {  # the complete boards of pzprjs's test files (their entry with no error code)
    "sudoku/4/4/g1k23k3g": ["2143", "4312", "3421", "1234"],
    "skyscrapers/4/4/k13h4j3g": ["2143", "1234", "4312", "3421"],
    "lightup/6/6/nekcakbl": ["..L...", ".L#L..", "..L.#L", ".#..L.", "L..#..", "...L.."],
    "nonogram/6/6/12g1111h11112j12g11g21j11g3h": [
        "110100", "100010", "010110", "000000", "100010", "011100"
    ],
    "tents/5/5/2g0h1i1j82323": [".T^..", "....T", "T^..^", "...^T", "T^..."],
    "magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000400": [
        "+-+-.", "-+-+.", "+-#.-", "..+.+", "-+-+-"
    ],
}  # fmt: skip


@pytest.mark.parametrize("url", [u for u in URLS if u.startswith("http://pzv.jp")])
def test_pzprjs_test_puzzles_are_read_solved_and_written_back(url: str) -> None:
    body = url.partition("?")[2]
    genre = url_genre(puzzlink.split(url).word)
    puzzle = genre.read(url)
    outcome = solve(genre, puzzle, get_backend(genre.default_backend), limit=2)
    assert outcome.status is Status.UNIQUE
    (found,) = outcome.solutions
    assert genre.check(puzzle, found) == []
    if body in ANSWERS:
        shown = genre.to_json(puzzle, found)
        rows = ["".join(map(str, row)) for row in shown]
        assert rows == ANSWERS[body]
    word = {"hashikake": "hashi", "lightup": "akari"}.get(body.split("/")[0], body.split("/")[0])
    assert genre.format_url(puzzle) == f"{puzzlink.SITE}{word}/{body.split('/', 1)[1]}"


# -- real URLs ----------------------------------------------------------------------------------


@pytest.mark.parametrize("url", URLS)
def test_real_urls_are_read_to_a_board_that_writes_back_or_refused_in_a_line(url: str) -> None:
    genre = url_genre(puzzlink.split(url).word)
    try:
        puzzle = genre.read(url)
    except ParseError as e:
        assert str(e) and "\n" not in str(e)
        return
    written = genre.format_url(puzzle)
    assert written.startswith(puzzlink.SITE)
    assert genre.read(written) == puzzle
    assert genre.format_url(genre.read(written)) == written


def test_most_real_urls_are_read() -> None:
    read = 0
    for url in URLS:
        try:
            _read(url)
            read += 1
        except ParseError:
            pass
    assert read >= 34, read  # refused: islands of '?' or past 8 bridges, a clue too long for
    # its line, towers not square


# -- gridsat's own boards, written as URLs and read back -----------------------------------------


@pytest.mark.parametrize("name", GENRES)
def test_made_boards_are_written_and_read_back_as_the_same(name: str) -> None:
    genre = get_genre(name)
    records = [json.loads(line) for line in (DATA / genre.data / "tatham.jsonl").open()]
    for record in records[:6]:
        puzzle = genre.read(record["id"])
        try:
            url = genre.format_url(puzzle)
        except ValueError as e:  # what the site's genre cannot hold, said
            assert name in ("sudoku", "bridges") and str(e)
            continue
        again = genre.read(url)
        assert genre.format_puzzle(again) == genre.format_puzzle(genre.read(genre.format_puzzle(
            again)))  # fmt: skip
        if name == "tents":  # counts, trees: the same board
            assert (again.rows, again.row_counts, again.column_counts) == (
                puzzle.rows, puzzle.row_counts, puzzle.column_counts)  # fmt: skip
        elif name == "sudoku":
            assert again.rows == puzzle.rows and again.shape == puzzle.shape
        elif name == "loopy":  # (how it was written, a game ID, is part of the value)
            assert again.rows == puzzle.rows
        else:
            assert again == puzzle
        assert genre.format_url(again) == url


# -- as people paste them -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?sudoku/4/4/g1k23k3g",
        "http://puzz.link/p?sudoku/4/4/g1k23k3g",
        "https://puzz.link/p.html?sudoku/4/4/g1k23k3g",
        "https://pzprxs.vercel.app/p?sudoku/4/4/g1k23k3g",
        "https://pzplus.tck.mn/p.html?sudoku/4/4/g1k23k3g",
        "http://indi.s58.xrea.com/pzpr/v3/p.html?sudoku/4/4/g1k23k3g",
        "https://puzz.link/p?type=editor&sudoku/4/4/g1k23k3g",
        "https://puzz.link/p?sudoku_edit/4/4/g1k23k3g",
        "https://puzz.link/p?sudoku_play/4/4/g1k23k3g/",
        "https://puzz.link/p?sudoku/4/4/g1k23k3g&id=259flcep",
        "https://puzz.link/p?sudoku/4/4/g1k23k3g%22",
        "  https://puzz.link/p?sudoku/4/4/g1k23k3g\n",
        "sudoku/4/4/g1k23k3g",
        "puzz.link/p?sudoku/4/4/g1k23k3g",  # copied without the scheme
        "pzv.jp/p.html?sudoku/4/4/g1k23k3g",
        "pzprxs.vercel.app/p?sudoku/4/4/g1k23k3g",
        "https://puzz.link/p?sudoku/4/4/g1k23k3",  # (the final empty run left out)
    ],
)
def test_urls_are_read_as_leniently_as_pzprjs_reads_them(url: str) -> None:
    genre = get_genre("sudoku")
    assert genre.read(url).rows == ((0, 1, 0, 0), (0, 0, 0, 2), (3, 0, 0, 0), (0, 0, 3, 0))


@pytest.mark.parametrize(
    ("name", "url", "said"),
    [
        ("loopy", "https://puzz.link/p?slither/f/5/5/cbcbcddad", "the flag 'f' changes"),
        ("magnets", "https://puzz.link/p?magnets/a/2/2/g1g1g1g10", "the flag 'a' changes"),
        ("sudoku", "https://puzz.link/p?sudoku/v:x/4/4/g1k23k3g", "rule variant 'x'"),
        ("sudoku", "https://puzz.link/p?sudoku/4/4/g1k2!3k3g", "unexpected '!'"),
        ("sudoku", "https://puzz.link/p?sudoku/8/8/zzzg", "puzz.link's are 4x4, 6x6"),
        ("sudoku", "https://puzz.link/p?sudoku/4/4/g1k23k3g5", "left over after the board"),
        ("sudoku", "https://puzz.link/p?sudoku/4/4/g9k23k3g", "gives 9 (1 to 4"),
        ("sudoku", "https://puzz.link/p?sudoku/g1k23k3g", "reads ?GENRE/COLS/ROWS/BODY"),
        ("sudoku", "https://puzz.link/p?sudoku/four/4/g1k23k3g", "no size"),
        ("sudoku", "https://puzz.link/p?sudoku/999/999/g", "each side must be 1 to 200"),
        ("sudoku", "https://puzz.link/p?pzprv3/sudoku/4/", "whole pzprv3 file"),
        ("sudoku", "https://puzz.link/p?slither/5/5/cbcbcddad", "gridsat reads as loopy"),
        ("sudoku", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "gridsat reads as nurikabe"),
        ("loopy", "https://puzz.link/p?slither/2/1/.1", "'?' clue"),
        ("towers", "https://puzz.link/p?skyscrapers/3/5/1235433212312321", "square"),
        ("tents", "https://puzz.link/p?tents/2/2/.hg", "column 1's count is '?'"),
        ("pattern", "https://puzz.link/p?nonogram/2/2/.ggg", "'?'"),
    ],
)
def test_what_a_url_says_that_gridsat_cannot_read_is_refused_in_a_line(
    name: str, url: str, said: str
) -> None:
    with pytest.raises(ParseError) as refused:
        get_genre(name).read(url)
    assert "\n" not in str(refused.value) and said in str(refused.value)


def test_a_genre_gridsat_has_not_on_puzzlink_writes_no_url() -> None:
    assert get_genre("keen").format_url is None and not get_genre("keen").about.reading.urls


# -- the command line ---------------------------------------------------------------------------


def test_solve_takes_the_genre_from_the_url() -> None:
    run = gridsat("solve", "https://puzz.link/p?lightup/6/6/nekcakbl", "--unique")
    assert run.returncode == 0 and run.stdout.splitlines()[:2] == ["..L...", ".L4L.."]
    run = gridsat("solve", "towers", "https://puzz.link/p?skyscrapers/4/4/k13h4j3g")
    assert run.returncode == 0, run.stderr
    run = gridsat("solve", "lightup", "https://puzz.link/p?slither/5/5/cbcbcddad")
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert "puzz.link's 'slither', which gridsat reads as loopy, not lightup" in run.stderr
    run = gridsat("solve", "https://puzz.link/p?mochikoro/5/5/g5k2o1k3g")
    assert run.returncode == 2 and "'mochikoro' is no genre gridsat reads" in run.stderr


def test_convert_writes_each_form_and_solutions() -> None:
    url = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
    run = gridsat("convert", url, "--to", "tatham")
    assert run.returncode == 0 and run.stdout.startswith("4:")
    back = gridsat("convert", "towers", run.stdout.strip(), "--to", "url")
    assert back.returncode == 0 and back.stdout.strip() == url
    run = gridsat("convert", url, "--to", "json", "--solution")
    assert json.loads(run.stdout) == [[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 1, 2], [3, 4, 2, 1]]
    slow = gridsat("convert", "sudoku", str(DATA / "sudoku" / "easter-monster.txt"), "--to", "json",
                   "--solution", "-t", "0.0001")  # fmt: skip
    assert slow.returncode == 4 and "time limit reached" in slow.stderr
    run = gridsat("convert", "keen", (DATA / "keen" / "kenken-6x6.txt").read_text(), "--to", "url")
    assert (
        run.returncode == 2 and "keen has no format 'url' (choose from text, tatham)" in run.stderr
    )
    run = gridsat("convert", "lightup", "#L\n..\n..", "--to", "url")  # a mark the URL cannot hold
    assert run.returncode == 2 and run.stderr.count("\n") == 1


def test_generate_writes_urls_that_solve_back() -> None:
    run = gridsat("generate", "lightup", "--size", "7x7", "--seed", "3", "--format", "url")
    assert run.returncode == 0 and run.stdout.startswith(puzzlink.SITE + "akari/7/7/")
    again = gridsat("solve", run.stdout.strip(), "--unique")
    assert again.returncode == 0 and "unique solution" in again.stdout


def test_bench_reads_a_file_of_urls(tmp_path: Any) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text("# sudoku\n" + "\n".join(u for u in URLS if "?sudoku/" in u) + "\n")
    run = gridsat("bench", "sudoku", str(urls), "--json")
    assert run.returncode == 0, run.stderr
    records = json.loads(run.stdout)["records"]
    assert {r["puzzle"] for r in records} == {f"{urls}:{n}" for n in range(2, 10)}
    assert {r["status"] for r in records} <= {"unique", "multiple"}


def test_the_library_finds_the_genre_a_url_or_link_names() -> None:
    import gridsat

    url = "https://puzz.link/p?akari/6/6/nekcakbl"
    assert gridsat.read(gridsat.genre_of(url), url).genre.name == "lightup"
    assert gridsat.genre_of((DATA / "tatham" / "loopy.sav").read_text()) == "loopy"
    with pytest.raises(gridsat.PuzzleError, match="names no genre"):
        gridsat.genre_of("5x5:a3a23a13b3b032e321a")
    with pytest.raises(gridsat.PuzzleError, match="'mochikoro' is no genre"):
        gridsat.genre_of("https://puzz.link/p?mochikoro/5/5/g5k2o1k3g")
