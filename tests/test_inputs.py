"""One reader of input for the library, the command line and bench: the same bad input gets the
same one-line message through each; and the crashes a newcomer hit are one-line errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import gridsat
from conftest import DATA, ROOT, gridsat_process
from gridsat import cli
from gridsat.inputs import MAX_INPUT_BYTES


def said(capsys: pytest.CaptureFixture[str]) -> str:
    """The one line the command printed on stderr, without its prefix."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.removeprefix("gridsat: error: ").rstrip("\n")


def library_says(call: object) -> str:
    """The PuzzleError message of a library call (given as a callable)."""
    with pytest.raises(gridsat.PuzzleError) as raised:
        call()  # type: ignore[operator]
    return str(raised.value)


def test_a_bad_byte_is_counted_from_the_start_of_the_file_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It was "byte 7" on the command line and "byte 4" in the library (after the BOM).
    bad = tmp_path / "board.txt"
    bad.write_bytes(b"\xef\xbb\xbf5x5:\xff")
    message = f"{bad} is not UTF-8 text (byte 7)"
    assert library_says(lambda: gridsat.read("signpost", bad)) == message
    assert library_says(lambda: gridsat.read("signpost", str(bad))) == message
    assert library_says(lambda: gridsat.bench("signpost", [bad])) == message
    assert cli.main(["solve", "signpost", str(bad)]) == 2
    assert said(capsys) == message
    assert cli.main(["bench", "signpost", str(bad)]) == 2
    assert said(capsys) == message


def test_standard_input_is_read_through_the_same_reader(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf\x80")))
    assert cli.main(["solve", "signpost", "-"]) == 2
    assert said(capsys) == "standard input is not UTF-8 text (byte 3)"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf\x80")))
    message = library_says(lambda: gridsat.read("signpost", "-"))
    assert message == "standard input is not UTF-8 text (byte 3)"


def test_a_file_over_the_limit_is_refused_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)
    message = f"{big} is {MAX_INPUT_BYTES + 1} bytes; the limit is {MAX_INPUT_BYTES}"
    assert library_says(lambda: gridsat.read("signpost", big)) == message
    assert cli.main(["solve", "signpost", str(big)]) == 2
    assert said(capsys) == message
    found = gridsat.bench("signpost", [big])
    assert {r["error"] for r in found.records} == {message}


def test_a_folder_and_a_missing_file_are_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert library_says(lambda: gridsat.read("signpost", tmp_path)) == (
        f"{tmp_path} is a directory, not a puzzle file"
    )
    assert cli.main(["solve", "signpost", str(tmp_path)]) == 2
    assert said(capsys) == f"{tmp_path} is a directory, not a puzzle file"
    missing = str(tmp_path / "none.txt")
    assert library_says(lambda: gridsat.read("signpost", missing)) == f"no such file: {missing}"


def test_a_json_lines_file_is_named_as_bench_input_by_the_library_too() -> None:
    path = str(DATA / "signpost" / "corpus.jsonl")
    message = library_says(lambda: gridsat.read("signpost", path))
    assert "JSON-lines file of" in message and f"gridsat bench signpost {path}" in message


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000])
def test_deeply_nested_brackets_on_standard_input_are_bad_input(
    text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The JSON-lines check met a RecursionError: exit 70, "internal error".
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode() + b"\n")))
    assert cli.main(["solve", "hidato", "-"]) == 2
    assert not said(capsys).startswith("internal error")


def test_deeply_nested_brackets_in_bench_input_are_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = tmp_path / "deep.jsonl"
    lines.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    assert cli.main(["bench", "hidato", str(lines)]) == 2
    assert said(capsys) == f"{lines}:1: not a puzzle line (JSON with `puzzle` or `id`)"


def full() -> Path:
    """/dev/full, a device every write to fails (no space left), or a skip."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    return Path("/dev/full")


def test_standard_output_that_cannot_be_written_is_an_io_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # It was "internal error: OSError: [Errno 28] No space left on device", exit 70.
    with full().open("w") as out:
        monkeypatch.setattr(sys, "stdout", out)
        code = cli.main(["solve", "signpost", str(DATA / "signpost" / "seed.txt")])
    assert code == 74
    assert said(capsys) == "cannot write standard output: No space left on device"


def test_bench_out_that_cannot_be_written_is_an_io_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seed = str(DATA / "signpost" / "seed.txt")
    assert cli.main(["bench", "signpost", seed, "-e", "position", "--out", str(full())]) == 74
    assert said(capsys).startswith("cannot write --out /dev/full: No space left on device")


def test_the_command_line_module_runs_as_a_script() -> None:
    # main() ran before HANDLERS was defined: NameError, exit 70.
    run = subprocess.run([sys.executable, "-m", "gridsat.cli", "backends", "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("[")


def test_a_closed_standard_input_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `gridsat solve tapa <&-` (no puzzle, standard input closed) was exit 70: "NoneType object
    # has no attribute isatty", as Python sets sys.stdin to None when fd 0 is closed.
    monkeypatch.setattr(sys, "stdin", None)
    assert cli.main(["solve", "tapa"]) == 2
    assert said(capsys) == "standard input is closed: give the puzzle as an argument or a file"
    assert "standard input is closed" in library_says(lambda: gridsat.read("tapa", "-"))


def test_a_url_on_standard_input_names_its_genre() -> None:
    # `echo URL | gridsat solve -` was "unknown genre '-'": the URL names the genre, as it does
    # when given as the argument.
    url = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
    run = gridsat_process("solve", "-", "--unique", "--json", stdin=url + "\n")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["genre"] == "sudoku"
    plain = gridsat_process("solve", "-", stdin="..\n..\n")
    assert plain.returncode == 2
    assert plain.stderr.count("\n") == 1 and "name the genre before '-'" in plain.stderr
