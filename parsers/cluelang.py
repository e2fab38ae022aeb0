"""The clue language for logic grids: categories, then one plain-English clue a line.

    # Who owns the fish?
    order house: 1 2 3 4 5          # optional: a category that numbers the positions
    colour: red green white yellow blue
    pet: dog bird cat horse fish

    red is dog                      # same position          (is not: different positions)
    green is at 4                   # at position 4          (is not at)
    green is just left of white     # immediately left       (just right of)
    red is left of blue             # somewhere left         (right of)
    cat is next to horse            # neighbours             (is not next to)
    dog is red or blue              # with one of them, at least
    of dog and bird, one is red and the other is green
    different: red, dog, 3          # all in different positions
    ann is 10 more than bob         # numbers: ages, sales...  (10 less than; more than;
    ann is more than bob in age     #   less than; `in CATEGORY` when several are numeric)

Values are named alone when the name is unique, or as ``category:value``. Without an ``order``
category the positions are 1..N.
"""

from __future__ import annotations

import re

from ..puzzles.zebra import Clue, Zebra
from . import ParseError, check_grid_size

_CATEGORY = re.compile(r"(order\s+)?([A-Za-z][\w-]*)\s*:\s+(.*)", re.IGNORECASE)
_REF = r"([\w:.-]+)"
# (pattern, kind, order of the captured references in the clue)
_FORMS: list[tuple[re.Pattern[str], str, tuple[int, ...]]] = [
    (
        re.compile(rf"of {_REF} and {_REF},? one is {_REF} and the other is {_REF}"),
        "p",
        (1, 2, 3, 4),
    ),
    (re.compile(rf"{_REF} is not next to {_REF}"), "N", (1, 2)),
    (re.compile(rf"{_REF} is next to {_REF}"), "A", (1, 2)),
    (re.compile(rf"{_REF} is (?:just|immediately) left of {_REF}"), "1", (1, 2)),
    (re.compile(rf"{_REF} is (?:just|immediately) right of {_REF}"), "1", (2, 1)),
    (re.compile(rf"{_REF} is (?:somewhere )?left of {_REF}"), "<", (1, 2)),
    (re.compile(rf"{_REF} is (?:somewhere )?right of {_REF}"), ">", (1, 2)),
    (re.compile(rf"{_REF} is not at {_REF}"), "!@", (1, 2)),
    (re.compile(rf"{_REF} is at {_REF}"), "=@", (1, 2)),
    (re.compile(rf"{_REF} is not {_REF}"), "!", (1, 2)),
    (re.compile(rf"{_REF} is {_REF}((?: or {_REF})+)"), "|", ()),
    (re.compile(rf"{_REF} is {_REF}"), "=", (1, 2)),
    (re.compile(r"(?:all )?different:\s*(.+)"), "!*", ()),
]
_NUMERIC = re.compile(rf"{_REF} is (?:(\d+) )?(more|less) than {_REF}(?: in ([\w-]+))?")
FORMS_HINT = (
    "A is B, A is not B, A is at 3, A is just left of B, A is left of B, A is next to "
    "B, A is B or C, of A and B, one is C and the other is D, different: A, B, C"
)


def parse_clues(lines: list[str]) -> Zebra:
    """A logic grid in the clue language; errors name the line and the word."""
    categories: list[tuple[str, list[str], bool]] = []
    clue_lines: list[tuple[int, str]] = []
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _CATEGORY.fullmatch(line)
        if match and not clue_lines and match[2].lower() != "different":
            values = [v for v in re.split(r"[\s,]+", match[3]) if v]
            if len(set(values)) != len(values):
                raise ParseError(f"line {number}: category {match[2]!r} names a value twice")
            categories.append((match[2].lower(), values, bool(match[1])))
        else:
            clue_lines.append((number, line))
    if not categories:
        raise ParseError("no categories: start with lines such as `colour: red green blue`")
    size = len(categories[0][1])
    for name, values, _ in categories:
        if len(values) != size:
            raise ParseError(f"category {name!r} has {len(values)} values, the first has {size}")
    check_grid_size(len(categories), size)
    ordered = [c for c in categories if c[2]]
    if len(ordered) > 1:
        raise ParseError("only one category can be the `order` of the positions")
    order = ordered[0] if ordered else ("position", [str(i) for i in range(1, size + 1)], True)
    rest = [c for c in categories if c is not order]
    cats = [order, *rest]
    rows = tuple(tuple(f"{name}:{v}" for v in values) for name, values, _ in cats)
    names = tuple(name for name, _, _ in cats)
    known: dict[str, list[str]] = {}
    for row in rows:
        for symbol in row:
            known.setdefault(symbol.split(":", 1)[1].lower(), []).append(symbol)
            known.setdefault(symbol.lower(), []).append(symbol)
    numeric_rows = {
        name: i
        for i, (name, values, _) in enumerate(cats)
        if all(re.fullmatch(r"-?\d+", v) for v in values)
    }
    clues = [_clue(number, line, known, rows[0], numeric_rows) for number, line in clue_lines]
    return Zebra(rows, tuple(clues), names)


def _clue(
    number: int,
    line: str,
    known: dict[str, list[str]],
    positions: tuple[str, ...],
    numeric_rows: dict[str, int],
) -> Clue:
    """One clue line."""
    text = " ".join(line.split())
    numeric = _NUMERIC.fullmatch(text.lower())
    if numeric:
        return _numeric_clue(number, numeric, known, positions, numeric_rows)
    for pattern, kind, order in _FORMS:
        match = pattern.fullmatch(text.lower())
        if not match:
            continue
        if kind == "!*":
            words = [w for w in re.split(r"[\s,]+", match[1]) if w]
            if len(words) < 2:
                raise ParseError(f"line {number}: `different:` needs at least two values")
            return Clue("!", tuple(_ref(number, w, known, positions) for w in words))
        if kind == "|":
            words = [match[1], match[2], *match[3].split(" or ")[1:]]
            return Clue("|", tuple(_ref(number, w, known, positions) for w in words))
        refs = [match[i] for i in order]
        if kind in ("=@", "!@"):
            return Clue(
                kind[0],
                (
                    _ref(number, refs[0], known, positions),
                    _position(number, refs[1], known, positions),
                ),
            )
        return Clue(kind, tuple(_ref(number, w, known, positions) for w in refs))
    raise ParseError(f"line {number}: cannot read {line!r}; clues read like: {FORMS_HINT}")


def _numeric_clue(
    number: int,
    match: re.Match[str],
    known: dict[str, list[str]],
    positions: tuple[str, ...],
    numeric_rows: dict[str, int],
) -> Clue:
    """``A is [K] more|less than B [in CATEGORY]``, in a category of numbers."""
    first, amount, direction, second, category = match.groups()
    if category is None:
        choices = [name for name, row in numeric_rows.items() if row] or list(numeric_rows)
        if len(choices) != 1:
            raise ParseError(
                f"line {number}: say which numbers: `... in CATEGORY` "
                f"(numeric categories: {', '.join(numeric_rows) or 'none'})"
            )
        category = choices[0]
    if category not in numeric_rows:
        raise ParseError(f"line {number}: {category!r} is not a category of numbers")
    a, b = (_ref(number, w, known, positions) for w in (first, second))
    row = numeric_rows[category]
    if amount is None:  # a comparison: "more" means A's number is the greater
        return Clue("more", (a, b) if direction == "more" else (b, a), row=row)
    k = int(amount) if direction == "more" else -int(amount)
    return Clue("+", (a, b), amount=k, row=row)


def _ref(number: int, word: str, known: dict[str, list[str]], positions: tuple[str, ...]) -> str:
    """The symbol a word names."""
    found = known.get(word.lower())
    if not found:
        raise ParseError(f"line {number}: unknown word {word!r}")
    if len(found) > 1:
        cats = " and ".join(s.split(":", 1)[0] for s in found)
        raise ParseError(
            f"line {number}: {word!r} is a value of {cats}; write "
            f"{found[0].split(':', 1)[0]}:{word} or the like"
        )
    return found[0]


def _position(
    number: int, word: str, known: dict[str, list[str]], positions: tuple[str, ...]
) -> str:
    """A position: its number 1..N, or a value of the order category."""
    if word.isdigit() and 1 <= int(word) <= len(positions):
        return positions[int(word) - 1]
    symbol = None if word.isdigit() else _ref(number, word, known, positions)
    if symbol not in positions:
        raise ParseError(f"line {number}: {word!r} is not a position (1..{len(positions)})")
    assert symbol is not None
    return symbol
