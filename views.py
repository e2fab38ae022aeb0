"""What the commands print: results as text for a person and as JSON for a program. The
solution's shape is the genre's business: every board, place and given is shown through it."""

from __future__ import annotations

import contextlib
import os
from typing import Any

from .checks import OutputError, PuzzleError
from .contract import About
from .solvers.base import Status


def places(genre: Any, puzzle: Any, where: list[tuple[int, int]]) -> list[str]:
    """Places of a solution in the player's words, as the genre names them."""
    return [genre.place_name(puzzle, place) for place in where]


def diagnosis_json(genre: Any, puzzle: Any, backend: str, found: Any) -> dict[str, Any]:
    """``diagnose --json``: the places and givens in the player's words."""
    rules = genre.givens
    return {
        "genre": genre.name,
        "backend": backend,
        "status": found.status,
        "solution": genre.to_json(puzzle, found.solution) if found.solution else None,
        "forced": places(genre, puzzle, found.forced),
        "free": places(genre, puzzle, found.free),
        "suggestion": [rules.describe(puzzle, g) for g in found.suggestion],
        "redundant": [rules.describe(puzzle, g) for g in found.redundant],
        "removable_together": [rules.describe(puzzle, g) for g in found.removable],
        "core": [rules.describe(puzzle, g) for g in found.core],
        "calls": found.calls,
        "seconds": round(found.seconds, 6),
    }


def diagnosis_text(genre: Any, puzzle: Any, found: Any) -> str:
    """The diagnosis for a person: the board with free cells as ``?``, then what to do."""
    rules = genre.givens
    say = ", ".join
    if found.status is Status.UNSOLVABLE:
        if not found.core:
            return "no solution, even without any givens: the board itself is contradictory"
        core = [rules.describe(puzzle, g) for g in found.core]
        return (
            f"no solution; these {len(core)} givens contradict each other "
            f"(without any one of them there is a solution): {say(core)}"
        )
    lines = [genre.format_marked(puzzle, found.solution, set(found.free))]
    total = len(found.forced) + len(found.free)
    if found.status is Status.MULTIPLE:
        lines.append(f"not unique: {len(found.free)} of {total} cells are free (?), "
                     f"{len(found.forced)} forced")  # fmt: skip
        if found.suggestion:
            given = [rules.describe(puzzle, g) for g in found.suggestion]
            lines.append(f"add {say(given)} and the solution is unique (proved)")
        else:
            lines.append("no given makes it unique: none shown yet tells the solutions apart")
    else:
        lines.append(f"unique solution: all {total} cells forced")
        if found.redundant:
            lines.append("redundant givens (each could go alone): "
                         + say(rules.describe(puzzle, g) for g in found.redundant))  # fmt: skip
            lines.append("removable together (still unique): "
                         + say(rules.describe(puzzle, g) for g in found.removable))  # fmt: skip
        else:
            lines.append("no given is redundant: each one is needed")
    lines.append(f"({found.calls} solver calls, {found.seconds:.2f} s)")
    return "\n".join(lines)


def givens(genre: Any, puzzle: Any, shown: list[Any]) -> list[str]:
    """Givens in the player's words, as the genre describes them."""
    return [genre.givens.describe(puzzle, g) for g in shown]


def core_text(genre: Any, puzzle: Any, core: list[Any] | None) -> str:
    """After "no solution": the givens that contradict each other, one a line, or why none."""
    if core is None:
        return "(the givens that contradict each other were not found within the time limit)\n"
    if not core:
        return "no solution even without any givens\n"
    lines = [
        f"these {len(core)} contradict each other (without any one of them there is a solution):"
        if len(core) > 1
        else "this one cannot hold (without it there is a solution):"
    ]
    return "\n".join([*lines, *(f"  {g}" for g in givens(genre, puzzle, core))]) + "\n"


def compare_json(
    genre: Any, runs: list[Any], problems: list[str], time_limit: float | None
) -> dict[str, Any]:
    """``compare --json``: every run with every phase, null for a phase it did not reach."""
    from .comparison import PHASES

    return {
        "genre": genre.name,
        "agree": not problems,
        "disagreements": problems,
        "time_limit": time_limit,
        "results": [
            {
                "backend": r.backend,
                "encoding": r.encoding,
                "status": r.status,
                "times": {k: round(r.times[k], 6) if k in r.times else None for k in PHASES},
                "stats": r.stats or None,
                **({"error": r.error} if r.error else {}),
            }
            for r in runs
        ],
    }


def compare_table(runs: list[Any]) -> str:
    """Backends fastest first: status, median phase times in ms (- for a phase not reached),
    ratio to the fastest; a run stopped by a limit shows its time as a lower bound (>)."""
    from .comparison import PHASES
    from .solvers import FINISHED

    finished = [r for r in runs if r.status in FINISHED and r.times]
    best = min((r.total for r in finished), default=0.0) or 1e-9
    width = max((len(r.backend) for r in runs), default=7)
    enc = max([9, *(len(r.encoding) for r in runs)])  # a long encoding name keeps the columns
    phases = " ".join(f"{k:>9}" for k in PHASES)
    lines = [
        f"{'backend'.ljust(width)}  {'encoding':{enc}} {'status':13} {phases} "
        f"{'total':>9} {'ratio':>7}   (ms, medians)"
    ]
    for r in runs:
        head = f"{r.backend.ljust(width)}  {r.encoding:{enc}} {r.status:13}"
        if not r.times:
            lines.append(f"{head} {r.error or ''}".rstrip())
            continue
        cells = " ".join(
            f"{r.times[k] * 1000:9.2f}" if k in r.times else f"{'-':>9}" for k in PHASES
        )
        bound = "" if r.status in FINISHED else ">"
        total = f"{bound}{r.total * 1000:.2f}"
        ratio = f"{bound}{r.total / best:.2f}" if finished else "-"
        lines.append(f"{head} {cells} {total:>9} {ratio:>7}")
    return "\n".join(lines)


STATS_WORDS = {
    "bools": "Booleans",
    "ints": "integers",
    "exactly_one": "exactly-one groups",
    "at_most_one": "at-most-one groups",
    "sums": "weighted sums",
    "linears": "linear constraints",
    "all_different": "all-different groups",
    "connected": "connectivity constraints",
    "tables": "tables",
    "clauses_loaded": "clauses in all (with cuts and blocking clauses)",
}
"""The words of ``--stats`` for the counters whose names are not words already."""


def stats_line(counts: dict[str, int], keep_zero: bool = False) -> str:
    """Counters as ``12 clauses, 3 circuits``: the model's zeros left out, the search's kept."""
    shown = [
        f"{n} {STATS_WORDS.get(k, k.replace('_', ' '))}"
        for k, n in counts.items()
        if n or keep_zero
    ]
    return ", ".join(shown) or "-"


def stats_text(sizes: dict[str, dict[str, int]], search: dict[str, int]) -> str:
    """``--stats`` after the answer: the model as built, what the backend got, its search."""
    return "\n".join(
        [
            "stats:",
            f"  model:   {stats_line(sizes.get('model', {}))}",
            f"  backend: {stats_line(sizes.get('backend', {}))}",
            f"  search:  {stats_line(search, keep_zero=True)}",
        ]
    )


def compare_stats_text(runs: list[Any]) -> str:
    """``compare --stats``: the figures of each backend and encoding's first run."""
    lines = ["stats (of each first run):"]
    for r in runs:
        if not r.stats:
            continue
        lines.append(f"  {r.backend}/{r.encoding}:")
        lines.append(f"    model:   {stats_line(r.stats['model'])}")
        lines.append(f"    backend: {stats_line(r.stats['backend'])}")
        lines.append(f"    search:  {stats_line(r.stats['search'], keep_zero=True)}")
    return "\n".join(lines)


def outcome_json(genre: Any, outcome: Any, count: int | None) -> dict[str, Any]:
    sols = outcome.solutions
    data: dict[str, Any] = {
        "genre": genre.name,
        "backend": outcome.backend,
        "encoding": outcome.encoding,
        "status": outcome.status,
        "solution": genre.to_json(outcome.puzzle, sols[0]) if sols else None,
    }
    if sols and genre.extras is not None:  # the genre's other shapes of the answer
        data.update(genre.extras(outcome.puzzle, sols[0]))
    if outcome.status is Status.MULTIPLE:
        data["second_solution"] = genre.to_json(outcome.puzzle, sols[1])
        data["differences"] = genre.differences(outcome.puzzle, sols[0], sols[1])
    if count is not None:
        data["count"] = len(sols)
        data["count_exact"] = outcome.count_exact
    data["times"] = {k: round(v, 6) for k, v in outcome.times.items()}
    from .pipeline import stats_json

    data["stats"] = stats_json(outcome)
    return data


def outcome_text(genre: Any, outcome: Any, style: str, count: int | None) -> str:
    sols = outcome.solutions
    show = genre.format_solution
    if outcome.status is Status.UNSOLVABLE:
        return "no solution"
    if outcome.status is Status.TIMEOUT and not sols:
        return "time limit reached before a solution was found"
    lines = [show(outcome.puzzle, sols[0], style)]
    if outcome.status is Status.TIMEOUT:
        lines.append(f"time limit reached after {len(sols)} solution(s)")
    elif count is not None:
        more = "" if outcome.count_exact else "at least "
        lines.append(f"{more}{len(sols)} solution{'s' if len(sols) != 1 else ''}")
    elif outcome.status is Status.UNIQUE:
        lines.append("unique solution")
    elif outcome.status is Status.MULTIPLE:
        cells = genre.differences(outcome.puzzle, sols[0], sols[1])
        lines += [
            "",
            "not unique; a second solution:",
            show(outcome.puzzle, sols[1], style),
            f"the two differ in {len(cells)} cells: "
            + (", " if any(" " in c for c in cells) else " ").join(cells),
        ]
    return "\n".join(lines)


def grade_json(genre: Any, status: Status, found: Any) -> dict[str, Any]:
    """``gridsat grade --json``: the grade, or null fields when the puzzle is not unique."""
    data: dict[str, Any] = {"genre": genre.name, "status": status}
    if found is None:
        return {**data, "level": None, "score": None}
    return {**data, **grade_fields(found, genre)}


def grade_fields(found: Any, genre: Any = None) -> dict[str, Any]:
    """A grade as JSON fields (``grade --json``, ``solve --grade --json``'s ``difficulty``): with
    the genre, its band and the level of the genre's own that people know (or null)."""
    named = {} if genre is None else _named(genre, found.score)
    return {
        "level": found.level,
        "name": found.name,
        "score": found.score,
        **named,
        "rounds": found.rounds,
        "eliminated": found.eliminated,
        "candidates": found.candidates,
        "propagations": found.propagations,
    }


def _named(genre: Any, score: float) -> dict[str, str | None]:
    """The band of a score and the genre's own level people know, by name."""
    from .grading import band_of, known_level

    return {"band": band_of(genre, score), "known_level": known_level(genre, score)}


def band_said(genre: Any, score: float) -> str:
    """``hard (Tatham's Advanced)``: the band, and the level people know where there is one."""
    named = _named(genre, score)
    whose = genre.about.grading.levels_of
    known = f" ({whose} {named['known_level']})".replace("( ", "(") if named["known_level"] else ""
    return f"{named['band']}{known}" if named["band"] else ""


def grade_text(status: Status, found: Any, genre: Any = None) -> str:
    """``gridsat grade``: the level and its name, the score, the band (and the genre's own
    level people know), the rounds and eliminations."""
    if found is None:
        if status is Status.MULTIPLE:
            return "not unique: more than one solution, so no grade (it assumes one solution)"
        if status is Status.TIMEOUT:
            return "time limit reached: not graded"
        return "no solution: nothing to grade"
    steps = ", ".join(f"{step} {n}" for step, n in found.eliminated.items())
    eliminated = (
        f"eliminated: {steps} (of {found.candidates} candidates)"
        if found.candidates
        else "eliminated: none left to eliminate (the givens settle every cell outright)"
    )
    band = band_said(genre, found.score) if genre is not None else ""
    return (
        f"level {found.level} ({found.name}), score {found.score:g}\n"
        + (f"band: {band}\n" if band else "")
        + f"probing rounds: {found.rounds}\n{eliminated}"
    )


def generated_remark(name: str, givens: int, of: int, graded: Any, genre: Any = None) -> str:
    """``generate``'s line on stderr for a puzzle made: givens left, and its grade (a floor,
    when the grader stopped at the level asked), with its band where it is exact."""
    from .grading import LEVELS

    if graded is None:
        return f"{name}: {givens} of {of} givens (not graded: `gridsat grade` grades it)"
    if graded.exact:
        band = band_said(genre, graded.score) if genre is not None else ""
        return (f"{name}: {givens} of {of} givens; grade {graded.level} ({graded.name}), score "
                f"{graded.score:g}" + (f", {band}" if band else ""))  # fmt: skip
    return (f"{name}: {givens} of {of} givens; grade {graded.level} or more (more than "
            f"{LEVELS[graded.level - 1]})")  # fmt: skip


def generated_json(
    name: str, puzzle: str, solution: Any, givens: int, of: int, propagation: bool, graded: Any,
    genre: Any = None,
) -> dict[str, Any]:  # fmt: skip
    """``generate --json``'s line for a puzzle made (a bench corpus row)."""
    grade = None
    if graded is not None:
        named = _named(genre, graded.score) if genre is not None and graded.exact else {}
        grade = {"level": graded.level, "name": graded.name, "score": graded.score,
                 "exact": graded.exact, **named}  # fmt: skip
    return {"name": name, "puzzle": puzzle, "solution": solution, "givens": givens, "of": of,
            "propagation": propagation, "grade": grade}  # fmt: skip


def genre_rows(described: list[About]) -> list[dict[str, Any]]:
    """``gridsat genres --json``: what each genre says of itself (``gridsat.genres()``)."""
    return [
        {
            "name": g.name,
            "aliases": list(g.aliases),
            "summary": g.summary,
            "input": g.reading.input_format,
            "example": g.reading.example,
            "encodings": list(g.solving.encodings),
            "default_encoding": g.solving.default_encoding,
            "encodings_on": dict(g.solving.encodings_on),
            "default_backend": g.solving.default_backend,
            "generate_backend": g.making.backend,
            "formats": list(g.reading.output_formats),
            "styles": list(g.making.styles),
            "puzzlink": list(g.reading.urls),
            "sizes": g.making.sizes,
            "size": g.making.size or g.making.small,
        }
        for g in described
    ]


def genres_text(rows: list[dict[str, Any]]) -> str:
    """``gridsat genres``: each genre's summary, input, an example command, and its choices."""
    import shlex  # (here alone: not on a solve's start-up)

    lines = []
    for r in rows:
        aliases = f" (also: {', '.join(r['aliases'])})" if r["aliases"] else ""
        lines.append(f"{r['name']}{aliases}: {r['summary']}")
        lines.append(f"  input:     {r['input']}")
        lines.append(f"  example:   gridsat solve {r['name']} {shlex.quote(r['example'])}")
        on = {e: f for f, e in r["encodings_on"].items()}
        encodings = ", ".join(
            e
            + (" (default)" if e == r["default_encoding"] else "")
            + (f" (default on {on[e]})" if e in on else "")
            for e in r["encodings"]
        )
        lines.append(f"  encodings: {encodings}")
        made_on = r["generate_backend"]
        made = f"; generate on {made_on}" if made_on != r["default_backend"] else ""
        lines.append(f"  backend:   {r['default_backend']} by default{made}")
        lines.append(f"  formats:   {', '.join(r['formats'])}")
        lines.append(f"  generate:  --size {r['sizes']}; {r['size']} unless told")
        if r["styles"]:
            lines.append(f"  styles:    {', '.join(r['styles'])} (generate --style)")
        if r["puzzlink"]:
            lines.append(f"  puzz.link: {', '.join(r['puzzlink'])} (its URLs are read; the first "
                         "is written)")  # fmt: skip
    return "\n".join(lines)


def backends_text(rows: list[dict[str, Any]]) -> str:
    """``gridsat backends``: one line each, whether it runs here and what it can do."""
    width = max(len(r["name"]) for r in rows)
    lines = []
    for r in rows:
        state = "available" if r["available"] else f"unavailable: {r['reason']}"
        lines.append(f"{r['name'].ljust(width)}  {state}; {', '.join(r['capabilities'])}")
    return "\n".join(lines)


def checked_picture(genre: Any, path: str) -> None:
    """A picture can be drawn for this genre into ``path``, or PuzzleError says why not."""
    from .pictures import RenderError, check_target, has_picture

    if not has_picture(genre):
        raise PuzzleError(f"{genre.name} has no pictures yet")
    try:
        check_target(path)
    except RenderError as e:
        raise PuzzleError(str(e)) from e
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise PuzzleError(f"cannot write {path}: there is no folder {folder}")
    if os.path.isdir(path):  # (said before the run, not after its answer)
        raise PuzzleError(f"cannot write {path}: it is a folder")


def draw(
    genre: Any, puzzle: Any, solutions: list[Any], status: Status | None, path: str,
    title: str | None = None, marked: set[Any] | None = None,
) -> None:  # fmt: skip
    """The picture of a run: the puzzle when nothing was found, the solution, or two solutions
    side by side with their differences marked (or the ``marked`` places, under ``title``)."""
    from .pictures import render

    shown = solutions[:2] if status is Status.MULTIPLE else solutions[:1]
    titles = [title] if title is not None else {
        0: ["no solution" if status is Status.UNSOLVABLE else "puzzle"],
        1: ["unique solution" if status is Status.UNIQUE else "solution"],
        2: ["solution 1", "solution 2 (differences shaded)"],
    }[len(shown)]  # fmt: skip
    try:
        render(genre, puzzle, shown, path, titles, marked)
    except OSError as e:
        raise PuzzleError(f"cannot write {path}: {e.strerror}") from e


class Output:
    """Standard output, whose failure to write (a full disk, /dev/full) is an OutputError that
    names it; what it still holds then goes nowhere, so the exit does not fail on it again."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """``text`` written, or OutputError."""
        with self._named():
            return int(self.stream.write(text))

    def flush(self) -> None:
        """What is held written, or OutputError."""
        with self._named():
            self.stream.flush()

    @contextlib.contextmanager
    def _named(self) -> Any:
        try:
            yield
        except BrokenPipeError:  # (the reader went away: not an error of the output)
            raise
        except OSError as e:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), self.stream.fileno())
            raise OutputError(f"cannot write standard output: {e.strerror}") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
