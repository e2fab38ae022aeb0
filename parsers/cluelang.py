"""The clue language for logic grids: categories, then one plain-English clue a line.

    # Who owns the fish?
    order house: 1 2 3 4 5          # optional: a category that numbers the positions
    colour: red green white yellow blue
    pet: dog bird cat horse fish
    brand: "Pall Mall", Dunhill, Blends, Blue Master, Prince   # quotes or commas: many words

    red is dog                      # same position          (is not: different positions)
    green is at 4                   # at position 4          (is not at)
    green is just left of white     # immediately left       (just right of)
    red is left of blue             # somewhere left         (right of)
    cat is next to horse            # neighbours             (is not next to)
    cat is 2 away from dog          # two positions apart, either way (one between them)
    dog is red or blue              # with one of them, at least
    of dog and bird, one is red and the other is green
    different: red, dog, 3          # all in different positions
    ann is 10 more than bob         # numbers: ages, sales...  (10 less than; more than;
    ann is more than bob in age     #   less than; `in CATEGORY` when several are numeric)
    the Pall Mall is red.           # `the`, `a`, `an` before a value and a full stop are fine

Values are named alone when the name is unique, or as ``category:value``. Without an ``order``
category the positions are 1..N; and when, besides, no clue speaks of positions (at, left,
right, next to, a position's number), positions are interchangeable, so the first category is
the key: its values stand at positions 1..N in the order listed, and only matches are sought.
"""

from __future__ import annotations

import re

from ..puzzles.zebra import (
    POSITION,
    Clue,
    Zebra,
    arranged,
    clue_text,
    value_name,
)
from . import ParseError, check_grid_size, is_digits

_CATEGORY = re.compile(r"(order\s+)?([A-Za-z][\w-]*)\s*:\s+(.*)", re.IGNORECASE)
_JOIN = "\ue000"
"""Joins the words of a multi-word value inside a clue, so that it reads as one word."""
_REF = r"(?:(?:the|an?) )?([^\s,]+)"
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
    (re.compile(rf"{_REF} is {_REF}((?: or (?:(?:the|an?) )?[^\s,]+)+)"), "|", ()),
    (re.compile(rf"{_REF} is {_REF}"), "=", (1, 2)),
    (re.compile(r"(?:all )?different:\s*(.+)"), "!*", ()),
]
_APART = re.compile(rf"{_REF} is (\d+) away from {_REF}")
_NUMERIC = re.compile(rf"{_REF} is (?:(\d+) )?(more|less) than {_REF}(?: in ([\w-]+))?")
_ARTICLE = re.compile(r"(?:the|an?)\s+")
_KEYWORDS = frozenset(re.split(
    " ", "is not at next to just immediately left right of somewhere or and one the other a an "
    "all different: more less than in away from"
))  # fmt: skip
"""The words of the clue forms, besides values."""
FORMS_HINT = (
    "A is B, A is not B, A is at 3, A is just left of B, A is left of B, A is next to "
    "B, A is 2 away from B, "
    "A is B or C, of A and B, one is C and the other is D, different: A, B, C"
)


def parse_clues(lines: list[str]) -> Zebra:
    """A logic grid in the clue language; errors name the line and the word."""
    categories: list[tuple[str, list[str], bool]] = []
    clue_lines: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(lines, 1):
        line = raw.replace(_JOIN, " ").split("#", 1)[0].strip()
        if not line:
            continue
        match = _CATEGORY.fullmatch(line)
        if match and not clue_lines and match[2].lower() != "different":
            name = match[2].lower()
            if name in seen:
                raise ParseError(f"line {number}: category {name!r} is named on line {seen[name]}")
            seen[name] = number
            values = _values(number, match[3])
            lowered = [v.lower() for v in values]
            if len(set(lowered)) != len(lowered):
                raise ParseError(f"line {number}: category {match[2]!r} names a value twice")
            categories.append((name, values, bool(match[1])))
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
    if not ordered and POSITION in seen:
        raise ParseError(
            f"line {seen[POSITION]}: `{POSITION}` names the positions 1..N: write "
            f"`order {POSITION}: ...` to name them yourself, or call the category otherwise"
        )
    numbered = (POSITION, [str(i) for i in range(1, size + 1)], True)
    order = ordered[0] if ordered else numbered
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
    # Bare numbers name a real category's value before the positions 1..N added here.
    weak = set() if ordered else set(rows[0])
    words = _Words(known, rows[0], weak)
    clues = tuple(_clue(number, line, words, numeric_rows) for number, line in clue_lines)
    if ordered:
        return Zebra(rows, clues, names)
    return arranged(Zebra(rows, (), names, "implicit"), clues)


def _values(number: int, text: str) -> list[str]:
    """A category's values: split at spaces; at commas when there are commas (so values may
    have several words); quoted values keep their words together."""
    if '"' in text:
        if text.count('"') % 2:
            raise ParseError(f'line {number}: a quote (") is not closed')
        found = re.findall(r'"([^"]*)"|([^\s,"]+)', text)
        values = [" ".join((quoted or bare).split()) for quoted, bare in found]
        if not all(values):
            raise ParseError(f'line {number}: an empty value ("")')
        return values
    if "," in text:
        values = [" ".join(v.split()) for v in text.split(",")]
        if not all(values[:-1]):
            raise ParseError(f"line {number}: an empty value between commas")
        return [v for v in values if v]
    return text.split()


class _Words:
    """What the words of clues name: values, alone or as ``category:value``, and positions."""

    def __init__(self, known: dict[str, list[str]], positions: tuple[str, ...], weak: set[str]):
        self.known = known
        self.positions = positions
        self.weak = weak
        # Multi-word values, longest first, found in a clue and joined into one word.
        several = sorted({k for k in known if " " in k}, key=len, reverse=True)
        self.joiner = (
            re.compile(
                r"(?<![^\s:\"])(" + "|".join(re.escape(k) for k in several) + r")(?![^\s,.\"])"
            )
            if several
            else None
        )

    def prepare(self, number: int, text: str) -> str:
        """The clue in lower case, one space apart, multi-word values (quoted or known) joined,
        and a full stop at its end dropped."""
        text = " ".join(text.split()).lower()
        if text.count('"') % 2:
            raise ParseError(f'line {number}: a quote (") is not closed')
        text = re.sub(r'"([^"]*)"', lambda m: _JOIN.join(m[1].split()), text)
        if self.joiner is not None:
            text = self.joiner.sub(lambda m: m[1].replace(" ", _JOIN), text)
        if text.endswith(".") and text.rsplit(" ", 1)[-1].replace(_JOIN, " ") not in self.known:
            text = text[:-1].rstrip()
        return text

    def ref(self, number: int, word: str) -> str:
        """The symbol a word names."""
        word = _ARTICLE.sub("", word.strip(), count=1) if " " in word.strip() else word.strip()
        word = word.replace(_JOIN, " ")
        found = self.known.get(word.lower())
        if not found:
            raise ParseError(f"line {number}: unknown word {word!r}")
        if len(found) > 1:
            strong = [s for s in found if s not in self.weak]
            if len(strong) == 1:
                return strong[0]
            cats = " and ".join(s.split(":", 1)[0] for s in found)
            raise ParseError(
                f"line {number}: {word!r} is a value of {cats}; write "
                f"{found[0].split(':', 1)[0]}:{word} or the like"
            )
        return found[0]

    def means(self, word: str) -> bool:
        """Whether a word of a clue is a value, a number or a word of the forms."""
        return (
            not word
            or is_digits(word)
            or word in _KEYWORDS
            or word.replace(_JOIN, " ") in self.known
        )

    def position(self, number: int, word: str) -> str:
        """A position: its number 1..N, or a value of the order category."""
        word = word.replace(_JOIN, " ")
        if is_digits(word) and 1 <= int(word) <= len(self.positions):
            return self.positions[int(word) - 1]
        symbol = None if is_digits(word) else self.ref(number, word)
        if symbol not in self.positions:
            raise ParseError(
                f"line {number}: {word!r} is not a position (1..{len(self.positions)})"
            )
        assert symbol is not None
        return symbol


def _clue(number: int, line: str, words: _Words, numeric_rows: dict[str, int]) -> Clue:
    """One clue line, kept with its text and number."""
    clue = _meaning(number, words.prepare(number, line), line, words, numeric_rows)
    return Clue(clue.kind, clue.symbols, clue.amount, clue.row, " ".join(line.split()), number)


def _meaning(
    number: int, text: str, line: str, words: _Words, numeric_rows: dict[str, int]
) -> Clue:
    """What a prepared clue says."""
    apart = _APART.fullmatch(text)
    if apart:
        a, b = (words.ref(number, w) for w in (apart[1], apart[3]))
        return Clue("D", (a, b), amount=int(apart[2]))
    numeric = _NUMERIC.fullmatch(text)
    if numeric:
        return _numeric_clue(number, numeric, words, numeric_rows)
    for pattern, kind, order in _FORMS:
        match = pattern.fullmatch(text)
        if not match:
            continue
        if kind == "!*":
            listed = [w for w in re.split(r"[\s,]+", match[1]) if w]
            listed = [w for w in listed if w not in ("the", "a", "an") or w in words.known]
            if len(listed) < 2:
                raise ParseError(f"line {number}: `different:` needs at least two values")
            return Clue("!", tuple(words.ref(number, w) for w in listed))
        if kind == "|":
            listed = [match[1], match[2], *match[3].split(" or ")[1:]]
            return Clue("|", tuple(words.ref(number, w) for w in listed))
        refs = [match[i] for i in order]
        if kind in ("=@", "!@"):
            return Clue(kind[0], (words.ref(number, refs[0]), words.position(number, refs[1])))
        return Clue(kind, tuple(words.ref(number, w) for w in refs))
    unknown = next((w for w in re.split(r"[\s,]+", text) if not words.means(w)), None)
    why = f": unknown word {unknown.replace(_JOIN, ' ')!r}" if unknown else ""
    raise ParseError(f"line {number}: cannot read {line!r}{why}; clues read like: {FORMS_HINT}")


def _numeric_clue(
    number: int, match: re.Match[str], words: _Words, numeric_rows: dict[str, int]
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
    a, b = (words.ref(number, w) for w in (first, second))
    row = numeric_rows[category]
    if amount is None:  # a comparison: "more" means A's number is the greater
        return Clue("more", (a, b) if direction == "more" else (b, a), row=row)
    k = int(amount) if direction == "more" else -int(amount)
    return Clue("+", (a, b), amount=k, row=row)


# -- writing: a puzzle (or one clue) in the clue language, read back as the same ---------------


def format_puzzle(puzzle: Zebra) -> str:
    """A named logic grid in the clue language: its categories, then its clues."""
    head = []
    for i, (name, row) in enumerate(zip(puzzle.names, puzzle.rows, strict=True)):
        if i == 0 and puzzle.positions == "implicit":
            continue
        prefix = "order " if i == 0 and puzzle.positions == "given" else ""
        values = [value_name(puzzle, s) for s in row]
        listed = ", ".join(values) if any(" " in v for v in values) else " ".join(values)
        head.append(f"{prefix}{name}: {listed}")
    return "\n".join([*head, "", *(clue_text(puzzle, c) for c in puzzle.clues)])
