"""Hostile input, generated: every genre's reader fed random text, random bytes and mutated
puzzles, through the command line. Allowed: an answer (a solution, "no solution", not unique,
out of time) or a one-line error with exit 2. Never a traceback, never an internal error.

GRIDSAT_FUZZ_EXAMPLES sets the examples per genre and kind (default 10: with seventeen genres the
default run stays short; benchmarks/fuzz.py runs thousands); GRIDSAT_FUZZ_TALLY
names a file that gets one line per example (genre, kind, exit code), for benchmarks/fuzz.py.
"""

from __future__ import annotations

import io
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridsat import cli
from gridsat.registry import all_genres, get_genre

DATA = Path(__file__).resolve().parent.parent / "data"
EXAMPLES = int(os.environ.get("GRIDSAT_FUZZ_EXAMPLES", "10"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ANSWERS = {
    cli.EXIT_OK,
    cli.EXIT_NO_SOLUTION,
    cli.EXIT_NOT_UNIQUE,
    cli.EXIT_TIMEOUT,
}
GENRES = [g.name for g in all_genres()]


def seeds(genre: str) -> list[str]:
    """Valid puzzles of the genre: its registry example and its small bundled files."""
    found = [get_genre(genre).example]
    folder = DATA / genre
    if folder.is_dir():
        found += [
            p.read_text(encoding="utf-8")
            for p in sorted(folder.glob("*.txt"))
            if p.stat().st_size < 4000
        ]
    return found


@st.composite
def mutated(draw: st.DrawFn, genre: str) -> str:
    """A valid puzzle with one to three edits, as people and programs damage them."""
    text = draw(st.sampled_from(seeds(genre)))
    for _ in range(draw(st.integers(1, 3))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        edit = draw(
            st.sampled_from(["delete", "duplicate", "swap", "truncate", "number", "size", "char"])
        )
        if edit == "delete":
            text = text[:i] + text[i + 1 :]
        elif edit == "duplicate":
            text = text[:i] + text[i] + text[i:]
        elif edit == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
        elif edit == "truncate":  # a line cut short
            end = text.find("\n", i)
            cut = draw(st.integers(i, end if end >= 0 else len(text)))
            text = text[:cut] + (text[end:] if end >= 0 else "")
        elif edit == "number":  # a huge (or negative) number where a character was
            digits = str(draw(st.sampled_from([10**6, 10**12, 10**40, -1, 0, 2**63])))
            text = text[:i] + digits + text[i + 1 :]
        elif edit == "size":  # a huge size header, in the genre's own words
            size = draw(st.sampled_from(["100000x100000", "99999", "0x0", "3x0", "1000000x1"]))
            text = draw(
                st.sampled_from(
                    [
                        f"{size}:{text.partition(':')[2]}",
                        f"size {size}\n{text}",
                        f"{size}\n{text}",
                    ]
                )
            )
        else:  # a character from anywhere in Unicode
            text = text[:i] + draw(st.characters()) + text[i + 1 :]
    return text


def run_cli(genre: str, data: bytes) -> tuple[int, str, str]:
    """``gridsat solve GENRE -`` on ``data`` as standard input: exit code, stdout, stderr."""
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    argv = ["solve", genre, "-", "--unique", "--time-limit", "5"]
    with mock.patch.object(sys, "stdin", stdin), redirect_stdout(out), redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_well_behaved(genre: str, kind: str, data: bytes) -> None:
    code, out, err = run_cli(genre, data)
    tally = os.environ.get("GRIDSAT_FUZZ_TALLY")
    if tally:
        with open(tally, "a", encoding="utf-8") as f:
            f.write(f"{genre}\t{kind}\t{code}\n")
    assert "Traceback" not in out + err
    if code == cli.EXIT_USAGE:
        assert out == ""
        assert err.count("\n") == 1 and err.startswith("gridsat: error: "), err
        return
    if code == cli.EXIT_INTERNAL and "differs from the solution in the file" in err:
        # A mutated published layout whose [Solution] no longer fits its board: the answer is
        # printed and checked against the file's, and the mismatch is exit 70, as documented.
        assert err.count("\n") == 1 and out.strip()
        return
    assert code in ANSWERS, (code, err, data[:200])
    assert out.strip(), "an answer is printed"


@pytest.mark.parametrize("genre", GENRES)
def test_random_text(genre: str) -> None:
    @FUZZ
    @given(st.text(max_size=300))
    def check(text: str) -> None:
        assert_well_behaved(genre, "text", text.encode("utf-8", "surrogatepass"))

    check()


@pytest.mark.parametrize("genre", GENRES)
def test_random_bytes(genre: str) -> None:
    @FUZZ
    @given(st.binary(max_size=300), st.booleans())
    def check(data: bytes, as_text: bool) -> None:
        if as_text:  # the bytes read as Latin-1 text: valid UTF-8 of odd characters
            data = data.decode("latin-1").encode("utf-8")
        assert_well_behaved(genre, "bytes", data)

    check()


@pytest.mark.parametrize("genre", GENRES)
def test_mutated_puzzles(genre: str) -> None:
    @FUZZ
    @given(mutated(genre))
    def check(text: str) -> None:
        assert_well_behaved(genre, "mutation", text.encode("utf-8", "surrogatepass"))

    check()
