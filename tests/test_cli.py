"""The command line as a user runs it: real arguments, real exit codes, real output; in this
process through ``cli.main``, and as a real process where the process is what is tested (the
console script, ``python -m gridsat``, standard input from a pipe or a terminal, a reader that
goes away)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA, gridsat, gridsat_process
from gridsat.registry import Genre, all_genres

SEED_FILE = DATA / "signpost" / "seed.txt"
SEED = SEED_FILE.read_text().strip()
SEED_SOLUTION = json.loads((DATA / "signpost" / "seed.solution.json").read_text())
FEWER = (DATA / "signpost" / "seed-fewer-givens.txt").read_text().strip()


def grid_of(text: str) -> list[list[int]]:
    return [[int(v) for v in line.split()] for line in text.strip().splitlines()]


def test_solves_an_id_given_as_argument() -> None:
    run = gridsat("solve", "signpost", SEED)
    assert run.returncode == 0, run.stderr
    assert grid_of(run.stdout) == SEED_SOLUTION
    assert run.stderr == ""


def test_solves_a_file_and_stdin_alike() -> None:
    from_file = gridsat_process("solve", "signpost", str(SEED_FILE))
    from_stdin = gridsat_process("solve", "signpost", stdin=SEED + "\n")
    from_dash = gridsat_process("solve", "signpost", "-", stdin=SEED)
    assert from_file.returncode == from_stdin.returncode == from_dash.returncode == 0
    assert from_file.stdout == from_stdin.stdout == from_dash.stdout


@pytest.mark.parametrize("backend", ["cpsat", "cpsat:1", "sat:glucose4", "kissat404"])
@pytest.mark.parametrize("encoding", ["position", "circuit"])
def test_json_reports_unique_solution_and_times(backend: str, encoding: str) -> None:
    run = gridsat("solve", "signpost", SEED, "--unique", "--json", "-b", backend, "-e", encoding)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["status"] == "unique"
    assert out["solution"] == SEED_SOLUTION
    assert out["encoding"] == encoding and out["genre"] == "signpost"
    assert out["backend"].endswith(backend)
    assert set(out["times"]) == {"parse", "build", "solve", "unique"}
    assert "second_solution" not in out


def test_tatham_format_prints_the_solve_string() -> None:
    run = gridsat("solve", "signpost", SEED, "--format", "tatham")
    assert run.returncode == 0
    numbers = [
        int(t)
        for t in run.stdout.strip()[1:]
        .replace("a", " ")
        .replace("b", " ")
        .replace("c", " ")
        .replace("d", " ")
        .replace("e", " ")
        .replace("f", " ")
        .replace("g", " ")
        .replace("h", " ")
        .split()
    ]
    assert run.stdout.startswith("S1c20c9e")
    assert numbers == [v for row in SEED_SOLUTION for v in row]


def test_several_solutions_exit_3_with_both_and_the_cells_that_differ() -> None:
    run = gridsat("solve", "signpost", FEWER, "--unique")
    assert run.returncode == 3
    assert "not unique" in run.stdout and "differ in" in run.stdout
    as_json = json.loads(gridsat("solve", "signpost", FEWER, "--unique", "--json").stdout)
    assert as_json["status"] == "multiple"
    assert as_json["solution"] != as_json["second_solution"]
    first, second = as_json["solution"], as_json["second_solution"]
    differing = [
        f"r{r + 1}c{c + 1}" for r in range(5) for c in range(5) if first[r][c] != second[r][c]
    ]
    assert as_json["differences"] == differing


def test_without_unique_several_solutions_still_exit_0() -> None:
    assert gridsat("solve", "signpost", FEWER).returncode == 0


def test_count_is_exact_below_the_limit_and_a_floor_at_it() -> None:
    exact = json.loads(gridsat("solve", "signpost", FEWER, "--count", "50", "--json").stdout)
    assert (exact["count"], exact["count_exact"], exact["status"]) == (14, True, "multiple")
    capped = gridsat("solve", "signpost", FEWER, "--count", "5")
    assert capped.returncode == 0
    assert capped.stdout.strip().endswith("at least 5 solutions")
    one = gridsat("solve", "signpost", SEED, "--count", "3", "-b", "cpsat")
    assert one.stdout.strip().endswith("\n1 solution")


def test_no_solution_is_an_answer_with_exit_1() -> None:
    run = gridsat("solve", "signpost", "2x1:1a2a")
    assert run.returncode == 1
    assert run.stdout.strip() == "no solution"
    out = json.loads(gridsat("solve", "signpost", "2x1:1a2a", "--json").stdout)
    assert out["status"] == "unsolvable" and out["solution"] is None


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "signpost", "5x5:1cceefcfggeeccghcac3e12hch10ah25z"], "unexpected 'z'"),
        (["solve", "signpost", "missing-file.txt"], "no such file: missing-file.txt"),
        (["solve", "signpost", str(DATA)], "is a directory"),
        (["solve", "nosuch", SEED], "unknown genre 'nosuch'"),
        (["solve", "signpost", SEED, "-b", "sat:nosuch"], "unknown SAT solver 'nosuch'"),
        (["solve", "signpost", SEED, "-b", "cpsat:0"], "cpsat:N wants a number"),
        (["solve", "signpost", SEED, "-e", "flow"], "no encoding 'flow'"),
        (["solve", "signpost", SEED, "-f", "svg"], "no output format 'svg'"),
        (["solve", "signpost", "--count", "0", SEED], "expected a whole number"),
        (["solve", "signpost", "--time-limit", "-1", SEED], "expected a number of seconds"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    run = gridsat(*args)
    assert run.returncode == 2
    assert message in run.stderr
    assert "Traceback" not in run.stderr
    assert run.stdout == ""


def test_empty_and_binary_stdin_are_errors() -> None:
    empty = gridsat("solve", "signpost", stdin="")
    assert empty.returncode == 2 and "empty input" in empty.stderr
    binary = gridsat("solve", "signpost", stdin=b"\xff\xfe5x5")
    assert binary.returncode == 2 and "not UTF-8" in binary.stderr


def test_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as f:
        f.truncate(50 * 1024 * 1024)
    run = gridsat("solve", "signpost", str(big))
    assert run.returncode == 2 and "the limit is" in run.stderr


def test_every_listed_genre_has_an_example_that_solves_uniquely() -> None:
    listing = json.loads(gridsat("genres", "--json").stdout)
    assert {"signpost", "hidato", "numbrix"} <= {g["name"] for g in listing}
    text = gridsat("genres").stdout
    for entry in listing:
        assert entry["default_encoding"] in entry["encodings"]
        run = gridsat("solve", entry["name"], entry["example"], "--unique")
        assert run.returncode == 0, (entry["name"], run.stderr)
        assert "unique solution" in run.stdout
        assert entry["name"] in text


def test_number_boards_from_a_file_with_holes_and_named_tokens(tmp_path: Path) -> None:
    run = gridsat("solve", "hidato", str(DATA / "hidato" / "rosetta.txt"), "--json")
    assert json.loads(run.stdout)["solution"][0][5] is None  # a hole prints as null
    board = tmp_path / "board.txt"
    board.write_text("@ * @\n@ @ @\n")  # a U-shaped board: the path runs either way
    run = gridsat("solve", "numbrix", str(board), "--blank", "@", "--hole", "*", "--count", "9")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().endswith("\n2 solutions")
    wrong = gridsat("solve", "signpost", SEED, "--hole", "*")
    assert wrong.returncode == 2 and "signpost takes no --hole" in wrong.stderr


def test_hidato_no_solution_and_several_solutions_exit_codes() -> None:
    none = gridsat("solve", "hidato", "1 _ 3\n_ _ _\n_ _ 2")
    assert (none.returncode, none.stdout.strip()) == (1, "no solution")
    several = gridsat("solve", "hidato", "1 _ _\n_ _ _\n_ _ 9", "--unique")
    assert several.returncode == 3
    bad = gridsat("solve", "hidato", "1 2\n2 _")
    assert bad.returncode == 2 and "2 is given twice" in bad.stderr


def test_backends_lists_cpsat_and_sat_solvers_with_availability() -> None:
    rows = json.loads(gridsat("backends", "--json").stdout)
    names = {r["name"]: r for r in rows}
    assert names["cpsat"]["available"] and names["sat:cadical195"]["available"]
    assert "incremental" not in names["sat:kissat404"]["capabilities"]
    assert all(r["available"] or r["reason"] for r in rows)


def test_console_script_is_installed() -> None:
    exe = Path(sys.executable).parent / "gridsat"
    done = subprocess.run(
        [str(exe), "solve", "signpost", SEED], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and grid_of(done.stdout) == SEED_SOLUTION


def test_a_reader_that_goes_away_ends_the_run_quietly() -> None:
    # `gridsat solve ... | head -0`: the output has nowhere to go, which is no error.
    run = subprocess.Popen(
        [sys.executable, "-m", "gridsat", "solve", "signpost", FEWER, "--count", "50"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert run.stdout is not None
    run.stdout.close()
    _, err = run.communicate(timeout=120)
    assert (run.returncode, err) == (0, b"")


def test_magic_count_flags_and_exit_codes() -> None:
    count = gridsat("solve", "magic", "[[_, _, _], [_, _, _], [_, _, _]]", "--count", "10")
    assert count.returncode == 0 and count.stdout.strip().endswith("\n8 solutions")
    impossible = gridsat("solve", "magic", "_ _\n_ _", "--range", "1..4", "--sum", "5")
    assert (impossible.returncode, impossible.stdout.strip()) == (1, "no solution")
    free = gridsat(
        "solve",
        "magic",
        "_ _ _\n_ _ _\n_ _ _",
        "--range",
        "1..3",
        "--repeat",
        "--no-diagonals",
        "--json",
    )
    board = json.loads(free.stdout)["solution"]
    sums = {sum(row) for row in board} | {sum(col) for col in zip(*board, strict=True)}
    assert free.returncode == 0 and len(sums) == 1
    seed = gridsat("solve", "magic", str(DATA / "magic" / "seed.txt"), "--unique")
    assert seed.returncode == 0 and "every line sums to 85" in seed.stdout
    bad = gridsat("solve", "magic", "_ _\n_ _", "--range", "4..1")
    assert bad.returncode == 2 and "the low end is above the high end" in bad.stderr


def test_magic_board_given_by_its_order_in_every_command(tmp_path: Path) -> None:
    from gridsat.parsers.magic import parse
    from gridsat.puzzles.magic import check

    run = gridsat("solve", "magic", "3", "--count", "10", "--json")
    out = json.loads(run.stdout)
    assert run.returncode == 0 and (out["count"], out["count_exact"]) == (8, True)
    assert check(parse("3"), tuple(map(tuple, out["solution"]))) == []
    text = gridsat("solve", "magic", "4x4")
    assert text.returncode == 0 and "every line sums to 34" in text.stdout
    compare = gridsat("compare", "magic", "3", "--backends", "cpsat:1", "--repeat", "1")
    assert compare.returncode == 0 and compare.stdout.count("multiple") == 2
    diagnose = gridsat("diagnose", "magic", "3")  # prints ? in the free cells, and the sum
    assert diagnose.returncode == 3, diagnose.stderr
    assert diagnose.stdout.startswith("? ? ?\n? 5 ?\n? ? ?\nevery line sums to 15\n")
    pytest.importorskip("matplotlib")
    picture = tmp_path / "empty.svg"
    assert gridsat("render", "magic", "4", str(picture)).returncode == 0
    assert picture.read_text().count('id="cell-') == 16
    bad = gridsat("solve", "magic", "4x5")
    assert bad.returncode == 2 and "a magic board is square; this one is 4x5" in bad.stderr


def test_loop_formats_and_exit_codes() -> None:
    seed = str(DATA / "loop" / "seed.txt")
    glyphs = gridsat("solve", "loop", seed, "--unique")
    assert glyphs.returncode == 0 and glyphs.stdout.startswith("┏┳━━┓")
    masks = gridsat("solve", "loop", seed, "--format", "mask")
    assert masks.returncode == 0 and len(masks.stdout.split()) == 100
    again = gridsat("solve", "loop", "-", "--format", "mask", stdin=masks.stdout)
    assert again.stdout == masks.stdout  # a solved board is its own answer
    out = json.loads(gridsat("solve", "loop", seed, "--json").stdout)
    assert out["solution"][0] == "┏┳━━┓┏┳┓┏┓"
    assert gridsat("solve", "loop", "╹━\n━━").returncode == 1
    assert gridsat("solve", "loop", "╹╹\n╺╸", "--unique").returncode == 3
    assert gridsat("solve", "loop", "╹╹\n╺╸", "--connected").returncode == 1


def test_zebra_table_json_and_exit_codes(tmp_path: Path) -> None:
    path = DATA / "zebra" / "zebra.txt"
    run = gridsat("solve", "zebra", str(path), "--unique")
    assert run.returncode == 0 and "unique solution" in run.stdout
    assert run.stdout.splitlines()[1].split() == [
        "1",
        "yellow",
        "norwegian",
        "water",
        "kools",
        "fox",
    ]
    out = json.loads(gridsat("solve", "zebra", str(path), "--json").stdout)
    assert out["solution"][4]["row5"] == "zebra" and out["solution"][0]["row3"] == "water"
    loose = tmp_path / "loose.txt"
    loose.write_text(path.read_text().replace("= japanese parliament\n", ""))
    several = gridsat("solve", "zebra", str(loose), "--unique")
    assert several.returncode == 3 and "differ in" in several.stdout
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(path.read_text() + "= norwegian zebra\n")
    assert gridsat("solve", "zebra", str(wrong)).returncode == 1


def test_version_is_the_package_version() -> None:
    from importlib.metadata import version

    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    declared = re.search(r'^version = "([^"]+)"', pyproject, re.MULTILINE)
    assert declared is not None and version("gridsat") == declared[1]
    for flag in ("--version", "-V"):
        run = gridsat(flag)
        assert (run.returncode, run.stdout, run.stderr) == (0, f"gridsat {declared[1]}\n", "")


def test_version_falls_back_to_pyproject_when_not_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.metadata

    from gridsat import arguments

    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert f'\nversion = "{arguments.version()}"\n' in pyproject


def test_bare_command_prints_the_usage_and_exits_0() -> None:
    run = gridsat()
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith("usage: gridsat")
    for command in ("solve", "compare", "bench", "render", "diagnose", "generate", "genres"):
        assert f"\n    {command} " in run.stdout


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_terminal_on_stdin_is_told_how_to_end_the_puzzle() -> None:
    """Reading a terminal, solve says once that it waits and how to end (Ctrl-D); a pipe gets
    no such line."""
    leader, terminal = os.openpty()
    try:
        os.write(leader, SEED.encode() + b"\n\x04")  # the line, then Ctrl-D: end of input
        done = subprocess.run(
            [sys.executable, "-m", "gridsat", "solve", "signpost"],
            stdin=terminal,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        os.close(terminal)
        os.close(leader)
    assert done.returncode == 0, done.stderr
    assert grid_of(done.stdout) == SEED_SOLUTION
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gridsat: waiting for the puzzle on standard")
    assert "Ctrl-D" in lines[0]
    assert gridsat("solve", "signpost", stdin=SEED).stderr == ""


def test_options_may_come_between_the_genre_and_the_input() -> None:
    # argparse filled the optional INPUT with "-" once it had the genre: the file was refused
    # as an unrecognized argument.
    seed = str(DATA / "signpost" / "seed.txt")
    result = gridsat("solve", "signpost", "--unique", "-b", "sat:glucose4", seed)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "unique solution"
    result = gridsat("diagnose", "signpost", "--json", seed)
    assert result.returncode == 0 and json.loads(result.stdout)["status"] == "unique"
    # Two inputs, or an unknown option, are still refused in one line.
    for extra in (["--unique", seed, seed], ["--bogus", seed]):
        result = gridsat("solve", "signpost", *extra)
        assert result.returncode == 2 and "unrecognized arguments" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("genre", [g for g in all_genres() if ":" in g.example])
def test_a_number_of_thousands_of_digits_in_a_game_id_is_one_line(genre: Genre) -> None:
    # Python refuses to convert more than 4300 digits: Signpost, Loopy and Bridges sizes, and
    # Solo givens, Towers clues and Keen's repeated walls ended in an internal error.
    colon = genre.example.index(":")
    digits = re.search(r"\d+", genre.example[colon + 1 :])
    at = colon + 1 + (digits.start() if digits else 0)
    end = colon + 1 + digits.end() if digits else at
    for text in (
        "9" * 5000 + "x5:a",  # the size
        genre.example[:at] + "9" * 5000 + genre.example[end:],  # the first number after ':'
    ):
        result = gridsat("solve", genre.name, text)
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and len(result.stderr) < 400


@pytest.mark.parametrize("genre", all_genres(), ids=lambda g: g.name)
def test_a_digit_of_another_script_is_one_line(genre: Genre) -> None:
    # str.isdigit() takes '¹' and '²', which int() refuses: Sudoku, Towers, Keen, Unruly and
    # Pattern ended in an internal error (exit 70) on such a digit in place of an ASCII one.
    places = [m.start() for m in re.finditer(r"\d", genre.example)][:3]
    for at in places:
        result = gridsat("solve", genre.name, genre.example[:at] + "¹" + genre.example[at + 1 :])
        assert result.returncode in (0, 1, 2, 3), result.stderr
        assert "internal error" not in result.stderr
        assert len(result.stderr.strip().splitlines()) <= 1


def test_a_count_or_worker_number_not_in_ascii_digits_is_one_line() -> None:
    for option in (["-c", "¹"], ["-c", "9" * 30], ["-b", "cpsat:²"]):
        result = gridsat("solve", "signpost", SEED, *option)
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_every_command_with_a_grammar_has_a_handler_and_no_other() -> None:
    from gridsat.arguments import COMMANDS
    from gridsat.cli import HANDLERS

    assert list(HANDLERS) == list(COMMANDS)
