"""A library call leaves the calling process as it found it: its garbage collector (on or off,
and what it has frozen), its signal handlers, the stack size of new threads and its memory
limit. (A forked child may change its own; the ``gridsat`` command sets up its own process.)"""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import DATA

# Each library call in a fresh interpreter whose state was first made unlike the defaults, so
# that a call that resets it (not only one that changes it) is seen; the state after each call.
PROBE = """
import dataclasses, gc, json, resource, signal, sys, threading
import gridsat

def handler(number, frame):
    pass

for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(number, handler)
threading.stack_size(1 << 20)
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
resource.setrlimit(resource.RLIMIT_AS, (hard if hard != resource.RLIM_INFINITY else soft, hard))
gc.freeze()  # (what the caller keeps out of its collections)
if sys.argv[1] == "off":
    gc.disable()

def stack():
    size = threading.stack_size()  # (which sets it to the default: set back)
    threading.stack_size(size)
    return size

def state():
    return {
        "gc": gc.isenabled(),
        "frozen": gc.get_freeze_count() > 0,
        "handlers": [signal.getsignal(n) is handler
                     for n in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)],
        "stack": stack(),
        "memory": resource.getrlimit(resource.RLIMIT_AS),
    }

signpost = gridsat.read("signpost", open(sys.argv[2]).read())
sudoku = gridsat.read("sudoku", open(sys.argv[3]).read())
# The genre's checker, which runs inside each call, notes the state there too.
during = []

def check(puzzle, solution, check=signpost.genre.check):
    during.append(state())
    return check(puzzle, solution)

watched = dataclasses.replace(signpost, genre=dataclasses.replace(signpost.genre, check=check))
calls = {
    "solve, watched": lambda: gridsat.solve(watched, unique=True),
    "solutions, watched": lambda: list(gridsat.solutions(watched)),

    "solve": lambda: gridsat.solve(signpost, unique=True),
    "solve with a time limit": lambda: gridsat.solve(signpost, time_limit=30),
    "solve on CP-SAT": lambda: gridsat.solve(signpost, backend="cpsat", unique=True),
    "solve isolated": lambda: gridsat.solve(signpost, isolate=True, time_limit=30),
    "solutions": lambda: list(gridsat.solutions(signpost)),
    "solutions isolated": lambda: list(gridsat.solutions(signpost, isolate=True)),
    "count": lambda: gridsat.count(signpost, 3),
    "compare": lambda: gridsat.compare(signpost, backends=["sat:glucose4"], repeat=1),
    "diagnose": lambda: gridsat.diagnose(signpost),
    "diagnose isolated": lambda: gridsat.diagnose(signpost, isolate=True),
    "grade": lambda: gridsat.grade(sudoku),
    "generate": lambda: gridsat.generate("signpost", "4x4", seed=1),
}
before = state()
after = {}
for name, call in calls.items():
    call()
    after[name] = state()
assert during  # (the checker ran)
after.update((f"during a watched call ({i})", each) for i, each in enumerate(during))
print(json.dumps({"before": before, "after": after}))
"""


def _states(collector: str) -> tuple[dict[str, object], dict[str, dict[str, object]]]:
    """The state before, and after each call, with the caller's collector ``on`` or ``off``."""
    done = subprocess.run(
        [
            sys.executable, "-c", PROBE, collector,
            str(DATA / "signpost" / "seed.txt"), str(DATA / "sudoku" / "inkala.txt"),
        ],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    return found["before"], found["after"]


def test_library_calls_leave_the_process_as_they_found_it() -> None:
    before, after = _states("on")
    assert before["gc"] is True and before["frozen"] is True
    assert before["handlers"] == [True, True, True] and before["stack"] == 1 << 20
    for name, state in after.items():
        assert state == before, name


def test_a_caller_that_turned_the_collector_off_finds_it_off() -> None:
    before, after = _states("off")
    assert before["gc"] is False
    for name, state in after.items():
        assert state == before, name
