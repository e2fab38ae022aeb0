"""Make one venv per peer and install it from PyPI at a pinned version.

    python benchmarks/peers/setup_venvs.py                 # into benchmarks/peers/.venvs/
    python benchmarks/peers/setup_venvs.py /tmp/peers --only akari-sat

Each peer gets a venv of its own (``DIR/NAME``), so no peer shares a package with gridsat or
with another peer. Runs with any Python 3.10+; uses only the standard library.
"""

from __future__ import annotations

import argparse
import glob
import shutil
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent

# venv name -> pinned requirement(s); akari-sat asks for Python 3.13 or later
PEERS: dict[str, list[str]] = {
    "puzzlekit": ["puzzlekit==0.3.4"],
    "multi-puzzle-solver": ["multi-puzzle-solver==1.1.10"],
    "akari-sat": ["akari-sat==0.1.2"],
    "nonogram": ["nonogram==3.1.1"],
}


NEEDS = {"akari-sat": (3, 13)}


def interpreter(version: tuple[int, int], given: str | None) -> str:
    """A Python of at least ``version``: ``given``, this one, one on PATH, or one of pyenv's."""
    if given:
        return given
    if sys.version_info[:2] >= version:
        return sys.executable
    for minor in range(version[1], version[1] + 5):
        found = shutil.which(f"python{version[0]}.{minor}")
        if found and subprocess.run([found, "-V"], capture_output=True).returncode == 0:
            return found
        pattern = f".pyenv/versions/{version[0]}.{minor}*/bin/python3"
        pyenv = sorted(glob.glob(str(Path.home() / pattern)))
        if pyenv:
            return pyenv[-1]
    raise SystemExit(f"no Python {version[0]}.{version[1]}+ found: give one with --python313")


def python_of(folder: Path, name: str) -> Path:
    return folder / name / "bin" / "python"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(HERE / ".venvs"))
    parser.add_argument("--only", action="append", choices=sorted(PEERS), default=[])
    parser.add_argument("--python313", help="a Python 3.13+ for akari-sat (found if not given)")
    args = parser.parse_args()
    folder = Path(args.folder)
    failed = []
    for name, requirements in PEERS.items():
        if args.only and name not in args.only:
            continue
        target = folder / name
        if not python_of(folder, name).exists():
            print(f"{name}: making {target}", flush=True)
            if name in NEEDS:
                base = interpreter(NEEDS[name], args.python313)
                subprocess.run([base, "-m", "venv", "--clear", str(target)], check=True)
            else:
                venv.EnvBuilder(with_pip=True, clear=True).create(target)
        print(f"{name}: pip install {' '.join(requirements)}", flush=True)
        done = subprocess.run(
            [str(python_of(folder, name)), "-m", "pip", "install", "-q",
             "--disable-pip-version-check", *requirements],
            check=False,
        )  # fmt: skip
        if done.returncode:
            failed.append(name)
            print(f"{name}: install failed (exit {done.returncode})", file=sys.stderr)
    if failed:
        raise SystemExit(f"not installed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
