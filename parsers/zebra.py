"""Logic grids in Ben Lynn's Grizzly format: rows of symbols, a line ``%%``, one clue a line."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from ..contract import GenerateError
from ..puzzles.zebra import ARITY, NUMERIC_KINDS, Clue, Grid, Question, Zebra, clue_text
from . import ParseError, check_grid_size

MAX_SYMBOLS = 10_000
_NOT_GRIZZLY = (*NUMERIC_KINDS, "D", "B", "?")
"""Clue kinds that carry an amount: the clue language's and English's, not Grizzly's."""


def parse(text: str) -> Zebra:
    """Grizzly when a line is exactly ``%%``; English when the text declares categories with
    their values and has clues (``prose``: any publisher's layout); else the clue language
    (``cluelang``)."""
    lines = text.replace("\r", "").split("\n")
    if any(line.strip() == "%%" for line in lines):
        return parse_grizzly(lines)
    from . import houses, prose
    from .baron import is_baron, parse_baron
    from .cluelang import parse_clues

    if houses.detect(lines):
        return prose.parse_prose(lines, "houses")
    if is_baron(lines):  # Puzzle Baron's plain layouts: its two-part one, or lists and clues
        return parse_baron(lines) if _two_part(lines) else prose.parse_prose(lines, "baron")
    found = prose.layout(lines)
    sentences = sum(c.text.rstrip().endswith((".", "!")) for c in found.clues) * 2 > len(
        found.clues
    )
    english = (
        found.noun
        or sentences
        or any(re.match(r"\s*(?:clue\s*)?\d+\s*[.):]", line, re.IGNORECASE) for line in lines)
    )
    if found.categories and found.clues and english and not _clue_language(lines, found):
        return prose.parse_prose(lines, "english")
    return parse_clues(lines)


def _two_part(lines: list[str]) -> bool:
    """Whether the text is in Puzzle Baron's two-part layout (the category names, then each
    one's values a line), which the Puzzle Baron reader reads and the English one does not."""
    from .baron import _layout

    found = _layout(lines)
    return found is not None and found[2]


def _clue_language(lines: list[str], found: Any) -> bool:
    """Whether category lines and unnumbered clues are the clue language's (its category lines
    may have commas too): when the clue language reads them."""
    from .cluelang import parse_clues

    if found.noun or any(c.number != i for i, c in enumerate(found.clues, 1)):
        return False
    if any(re.match(r"\s*(?:clue\s*)?\d+\s*[.):]", line, re.IGNORECASE) for line in lines):
        return False
    try:
        parse_clues(list(lines))
    except ParseError:
        return False
    return True


def parse_grizzly(lines: list[str]) -> Zebra:
    """Rows of space-separated symbols (row 0 names the positions), ``%%``, then clues: a
    one-character kind and its symbols. Blank lines and lines starting with ``#`` are skipped."""
    rows: list[tuple[str, ...]] = []
    where: dict[str, int] = {}
    number = 0
    for number, line in enumerate(lines, 1):
        if line.strip() == "%%":
            break
        symbols = tuple(line.split())
        if not symbols or symbols[0].startswith("#"):
            continue
        if rows and len(symbols) != len(rows[0]):
            raise ParseError(
                f"line {number}: {len(symbols)} symbols, but the first row has {len(rows[0])}"
            )
        for s in symbols:
            if s in where:
                raise ParseError(f"line {number}: symbol {s!r} already stands on line {where[s]}")
            where[s] = number
        if len(where) > MAX_SYMBOLS:
            raise ParseError(f"line {number}: over {MAX_SYMBOLS} symbols; that is the limit")
        rows.append(symbols)
    if len(rows) < 2:
        raise ParseError("a logic grid needs the positions row and at least one more row")
    check_grid_size(len(rows), len(rows[0]))
    clues = []
    for n, line in enumerate(lines[number:], number + 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        kind, symbols = words[0], tuple(words[1:])
        if kind not in ARITY or kind in _NOT_GRIZZLY:
            kinds = " ".join(k for k in ARITY if k not in _NOT_GRIZZLY)
            raise ParseError(f"line {n}: unknown clue type {kind!r} (one of {kinds})")
        least, exact, pairs = ARITY[kind]
        if (
            len(symbols) < least
            or (exact and len(symbols) != exact)
            or (pairs and len(symbols) % 2)
        ):
            want = (
                f"exactly {exact}"
                if exact
                else ("an even number of" if pairs else f"at least {least}")
            )
            raise ParseError(f"line {n}: clue {kind!r} takes {want} symbols, not {len(symbols)}")
        for s in symbols:
            if s not in where:
                raise ParseError(f"line {n}: unknown symbol {s!r}")
        clues.append(Clue(kind, symbols, source=" ".join(words), line=n))
    return Zebra(tuple(rows), tuple(clues))


def format_styled(puzzle: Zebra, style: str) -> str:
    """The puzzle written in one of the genre's styles (``houses``, ``baron``; ``""`` its plain
    layout): the puzzle keeps the layout it was read in, and this one replaces it. English
    speaks of categories by name: a puzzle whose categories have none (Grizzly's) is refused
    (ValueError)."""
    if style and not puzzle.names:
        raise ValueError("its categories have no names for English to speak of them by")
    return format_puzzle(replace(puzzle, style=style))


def format_puzzle(puzzle: Zebra) -> str:
    """The puzzle in its own format, read back as the same: the clue language when its
    categories have names, else Grizzly."""
    if puzzle.style == "houses":
        from .houses import format_houses

        return format_houses(puzzle)
    if puzzle.style == "baron":
        from .baron import format_baron

        return format_baron(puzzle)
    if puzzle.names:
        from .cluelang import format_puzzle as in_words

        return in_words(puzzle)
    rows = [" ".join(row) for row in puzzle.rows]
    clues = [" ".join((c.kind, *c.symbols)) for c in puzzle.clues]
    return "\n".join([*rows, "%%", *clues])


def format_solution(puzzle: Zebra, solution: Grid, style: str = "table") -> str:
    """A table: one line per position, one column per category."""
    names = puzzle.category_names()
    table = [list(names)]
    table += [[_shown(puzzle, row[p]) for row in solution] for p in range(puzzle.size)]
    widths = [max(len(line[i]) for line in table) for i in range(len(names))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
        for line in table
    ]
    for asked in puzzle.questions:
        lines.append(f"{asked.text} {answer_of(puzzle, solution, asked)}")
    return "\n".join(lines)


def answer_of(puzzle: Zebra, solution: Grid, asked: Question | None = None) -> str:
    """The answer to a question of the puzzle (the first, unless said) in this solution: a
    value as declared, or a position (``?`` where the solution is marked unknown, as diagnose
    shows free cells)."""
    asked = asked or puzzle.question
    assert asked is not None
    place = next((row.index(asked.subject) for row in solution if asked.subject in row), None)
    return "?" if place is None else _shown(puzzle, solution[asked.row][place])


def json_extras(puzzle: Zebra, solution: Grid) -> dict[str, Any]:
    """ZebraLogic's answer shape (``grid``: a header, a row per position) and the answer to
    the question asked, when one is."""
    header = list(puzzle.labels or puzzle.category_names())
    rows = [[_shown(puzzle, row[p]) for row in solution] for p in range(puzzle.size)]
    extras: dict[str, Any] = {"grid": {"header": header, "rows": rows}}
    if puzzle.questions:
        answers = [answer_of(puzzle, solution, q) for q in puzzle.questions]
        extras["answer"] = answers[0] if len(answers) == 1 else answers
    return extras


def two_ways(puzzle: Zebra) -> list[tuple[str, list[str]]]:
    """Each clue that reads two ways (or more): its text, and each reading in the clue
    language."""
    return [
        (clue.source, [" and ".join(clue_text(puzzle, c) for c in way) for way in clue.readings])
        for clue in puzzle.clues
        if clue.kind == "?"
    ]


def read_as(puzzle: Zebra, picks: tuple[int, ...]) -> Zebra:
    """The puzzle with each clue that reads two ways read the ``picks``-th way, in order."""
    from ..puzzles.zebra import read_as as chosen

    return chosen(puzzle, picks)


def questions(puzzle: Zebra) -> list[str]:
    """The questions the puzzle asks, in order."""
    return [q.text for q in puzzle.questions]


def remarks(puzzle: Zebra) -> list[str]:
    """The sentences set aside as no clue: they name no value."""
    return [f"line {n}: not a clue (it names no value): {text!r}" for n, text in puzzle.notes]


def explain(puzzle: Zebra) -> list[str]:
    """Each clue as read: its number, its text (with its line) and its reading in the clue
    language, so a person can check what was understood."""
    said = []
    for n, clue in enumerate(puzzle.clues, 1):
        where = f"clue {n} (line {clue.line}): {clue.source}" if clue.source else f"clue {n}:"
        said.append(f"{where}  =>  {clue_text(puzzle, clue)}")
    said += remarks(puzzle)
    for question in puzzle.questions:
        subject = question.subject
        of = subject.replace(":", " ", 1) if subject.startswith("house:") else subject
        asked = puzzle.category_names()[question.row]
        said.append(f"question: {question.text}  =>  {asked} of {of}")
    return said


def from_json(puzzle: Zebra, data: Any) -> Grid:
    """A solution given as JSON: as ``to_json`` writes it (a position's values by category,
    in position order), or ZebraLogic's ``{"header": [...], "rows": [[position, value,
    ...], ...]}`` (the columns in the order the categories are declared)."""
    names = puzzle.category_names()
    if isinstance(data, dict) and isinstance(data.get("rows"), list):
        rows = data["rows"]
        if not all(isinstance(r, list) and len(r) == len(names) for r in rows):
            raise ParseError(f"a solution's rows must each have {len(names)} values")
        table = [dict(zip(names, (str(v) for v in r), strict=True)) for r in rows]
    elif isinstance(data, list) and all(isinstance(r, dict) for r in data):
        table = [{k: str(v) for k, v in r.items()} for r in data]
    else:
        raise ParseError("a solution is a list of positions, or {header, rows}")
    if len(table) != puzzle.size:
        raise ParseError(f"a solution of {len(table)} positions, not {puzzle.size}")
    grid = []
    for name, row in zip(names, puzzle.rows, strict=True):
        by_name = {_shown(puzzle, s).lower(): s for s in row}
        try:
            grid.append(tuple(by_name[place[name].lower()] for place in table))
        except KeyError as e:
            raise ParseError(f"a solution's {name} is not one of its values: {e}") from None
    return tuple(grid)


def to_json(puzzle: Zebra, solution: Grid) -> list[dict[str, str]]:
    """In position order, each position's value in every category."""
    names = puzzle.category_names()
    return [
        {name: _shown(puzzle, row[p]) for name, row in zip(names, solution, strict=True)}
        for p in range(puzzle.size)
    ]


def _shown(puzzle: Zebra, symbol: str) -> str:
    """A value as the player wrote it (the clue language keeps ``category:value`` inside; a
    mark such as ``?`` stands as it is)."""
    return symbol.split(":", 1)[-1] if puzzle.names else symbol


def make_styled(size: tuple[int, int], rng: random.Random, solutions: Any, style: str) -> Any:
    """A made logic grid written in a style (``generate --style``): ``houses``, N houses of M
    characteristics in English; ``baron``, names and categories with clues in English as Puzzle
    Baron writes them. (Made in the clue language, a puzzle is the rulebook's ``make``.)"""
    if style == "baron":
        from .baron import make_baron

        return make_baron(size, rng, solutions)
    if style == "houses":
        from .houses import make_houses

        return make_houses(size, rng, solutions)
    raise GenerateError(f"no style {style!r}: zebra writes houses, baron, or its clue language")
