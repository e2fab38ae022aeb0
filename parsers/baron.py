"""Logic grids written in English, Puzzle Baron-style: category lists, then free English clues.

    Names: Dana, Hugo, Mira               (or the two-part layout: a line of category names,
    Prices: $25, $30, $35                  a blank line, then one line of values per category)
    Dishes: salad, soup, pasta
    1. Hugo is the one who ordered the salad.
    2. The person who paid $35 is not Mira.
    3. Dana paid $5 more than the one who ordered the soup.

Values are found in a clue by their names (case, articles, a possessive 's, a plural s, ordinal
suffixes on dates aside); the words around them say how they relate. Ordered categories are
recognised from their values (money, lengths, weights, counts, dates, times, ages, years) and a
comparison's word and unit say which one it speaks of. A clue that reads no way, or two ways,
is an error naming it: nothing is guessed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..contract import GenerateError
from ..puzzles.quantities import SCALE, UNITS, Quantity, digits, normal, read_quantity
from ..puzzles.zebra import POSITION, Clue, Grid, Zebra, arranged, holds
from . import ParseError, check_grid_size
from .relations import COMPARATIVES

STYLE = "baron"
"""The ``style`` of a puzzle read or made in this layout."""

_NUMBER_WORDS = re.split(
    " ", "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
)  # fmt: skip


# -- the layout: categories, then clues --------------------------------------------------------

_CATEGORY = re.compile(r"([A-Za-z][\w' -]*?)\s*:\s+(.+)")
_NUMBERED = re.compile(r"\s*(?:clue\s*)?(\d+)\s*[.):]\s+(.*)", re.IGNORECASE)


def _split_values(text: str) -> list[str]:
    """Comma-separated values; a comma inside a number (``$1,250``) is no separator."""
    parts = re.split(r",(?!\d{3}\b)", text.strip().rstrip("."))
    values = [" ".join(p.split()) for p in parts]
    if values and re.match(r"(?:and|or) ", values[-1]):
        values[-1] = values[-1].split(" ", 1)[1]
    return values


def is_baron(lines: Sequence[str]) -> bool:
    """Whether text is in this layout: the two-part one; category lists (values between
    commas) then numbered clues; or such lists and clues that this layout reads and the clue
    language does not (when neither does, clues written as sentences, with full stops)."""
    found = _layout(lines)
    if found is None:
        return False
    _categories, clues, two_part = found
    if two_part:
        return True
    if any(_NUMBERED.fullmatch(text) for _, text in clues):
        return True
    from .cluelang import parse_clues

    try:  # the clue language's own category lines may have commas too
        parse_clues(list(lines))
        return False
    except ParseError:
        pass
    try:
        parse_baron(lines)
        return True
    except ParseError:  # neither reads it: the error of the one it looks written for
        return bool(clues) and sum(t.endswith(".") for _, t in clues) * 2 > len(clues)


def _layout(
    lines: Sequence[str],
) -> tuple[list[tuple[int, str, list[str]]], list[tuple[int, str]], bool] | None:
    """The categories (line, name, values) and the clue lines; whether the layout was the
    two-part one. None when the text starts with neither layout."""
    body = [(n, line.strip()) for n, line in enumerate(lines, 1)]
    filled = [(n, t) for n, t in body if t and not t.startswith("#")]
    if not filled:
        return None
    categories: list[tuple[int, str, list[str]]] = []
    first_n, first = filled[0]
    names_line = all(len(x.split()) <= 3 for x in first.split(","))  # (not a story's sentence)
    if ":" not in first and "," in first and names_line:  # the two-part layout
        names = [" ".join(x.split()) for x in first.split(",")]
        after = [(n, t) for n, t in filled if n > first_n]
        if len(after) < len(names) or not all(names):
            return None
        if any(_CATEGORY.fullmatch(text) for _, text in after[: len(names)]):
            return None  # values with a label of their own: the other layout
        blank = any(not t for n, t in body if first_n < n < after[0][0])
        for (n, text), name in zip(after, names, strict=False):
            categories.append((n, name, _split_values(text)))
        if not blank:
            return None
        return categories, after[len(names) :], True
    clues: list[tuple[int, str]] = []
    for n, text in filled:
        match = _CATEGORY.fullmatch(text)
        if match and not clues and "," in match[2] and not _NUMBERED.fullmatch(text):
            categories.append((n, match[1].strip(), _split_values(match[2])))
        else:
            clues.append((n, text))
    if not categories:
        return None
    return categories, clues, False


def parse_baron(lines: Sequence[str]) -> Zebra:
    """A logic grid in this layout; errors name the line, the clue and the words not read."""
    found = _layout(lines)
    if found is None:
        raise ParseError("no categories: start with lines such as `Names: Dana, Hugo, Mira`")
    categories, clue_lines, _ = found
    size = len(categories[0][2])
    seen: dict[str, int] = {}
    for n, name, values in categories:
        key = name.lower()
        if key in seen:
            raise ParseError(f"line {n}: category {name!r} is named on line {seen[key]}")
        seen[key] = n
        if len(values) != size:
            raise ParseError(
                f"line {n}: category {name!r} has {len(values)} values, the first has {size}"
            )
        if not all(values):
            raise ParseError(f"line {n}: an empty value between commas")
        lowered = [normal(v) for v in values]
        if len(set(lowered)) != len(lowered):
            raise ParseError(f"line {n}: category {name!r} names a value twice")
    if size < 2 or len(categories) < 2:
        raise ParseError("a logic grid needs at least 2 categories of 2 values")
    check_grid_size(len(categories) + 1, size)
    names = tuple(name.lower() for _, name, _ in categories)
    rows = tuple(tuple(f"{name}:{v}" for v in values) for name, (_, _, values) in
                 zip(names, categories, strict=True))  # fmt: skip
    reader = Reader(names, rows)
    clues: list[Clue] = []
    for n, text in clue_lines:
        numbered = _NUMBERED.fullmatch(text)
        said = numbered[2] if numbered else text
        label = f"clue {numbered[1]} (line {n})" if numbered else f"line {n}"
        for clue in reader.read(said, label):
            clues.append(Clue(clue.kind, clue.symbols, clue.amount, clue.row, text, n))
    numbered_rows = (tuple(f"{POSITION}:{p}" for p in range(1, size + 1)), *rows)
    shifted = tuple(
        Clue(c.kind, c.symbols, c.amount, c.row + 1, c.source, c.line)
        if c.kind in ("+", "more")
        else c
        for c in clues
    )
    puzzle = Zebra(numbered_rows, (), (POSITION, *names), "implicit", style=STYLE)
    return arranged(puzzle, shifted)


# -- reading one clue ---------------------------------------------------------------------------

# Comparative words: the direction (1: the first is the greater) and the kinds they fit.
_COMPARATIVES = COMPARATIVES  # (the grammar's: each word's direction and the kinds it fits)
_COMPARATIVE = re.compile(
    r"(?:(?<![\w$])(?!(?:a bit|a little|a lot) )"
    r"(?P<amount>\$ ?[\d,]+(?:\.\d+)?|\d[\d,]*(?:\.\d+)?|an?|one|"
    + "|".join(_NUMBER_WORDS[2:])
    + r")(?: (?P<scale>thousand|million|billion))?(?: (?P<unit>[a-z]+))? )?"
    r"(?:(?:somewhat|sometime|some time|a bit|a little|much) )?"
    r"\b(?P<word>more expensive|less expensive|"
    + "|".join(sorted(_COMPARATIVES, key=len, reverse=True))
    + r")\b(?:(?: (?P<after>[a-z]+(?: [a-z]+)?))? than\b)?"
)
_NEGATION = re.compile(r"\b(?:not|never|no)\b|n't\b")
# Words that speak of something a free identity cannot say: never read as "is".
_RELATIONS = re.compile(
    r"\b(?:next|left|right|between|beside|besides|adjacent|than|either|neither|nor|or|both|"
    r"same|different|other|another|each|every|all|only|except|unless|if|until|while|most|"
    r"least|first|last|before|after|earlier|later|older|younger|taller|shorter|more|less|"
    r"behind|ahead|apart|away|above|below|higher|lower|greater|fewer|sooner|prior|preceded|"
    r"followed|somewhere)\b"
)
_LOOSE_NUMBER = re.compile(r"\d")
"""A number among a clue's free words is a quantity no value holds ("1000 votes behind"):
never dropped to read the rest as an identity."""
_GLUE = frozenset(re.split(
    " ", "the a an is was are were who whom whose which that one person people of in on at by "
    "for to with from and has had have did does do got went it its his her their they he she "
    "this these those there as"
))  # fmt: skip


def is_comparison(text: str) -> bool:
    """Whether a clue compares two values of an ordered category ("$5 more than", "later")."""
    return _COMPARATIVE.search(normal(text).rstrip(".!").strip()) is not None


class Reader:
    """The values of a puzzle's categories, found in clues, and the clues' meanings."""

    def __init__(self, names: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> None:
        self.names = names
        self.rows = rows
        self.kinds: list[Quantity | None] = []
        for row in rows:
            read = [read_quantity(s.split(":", 1)[1]) for s in row]
            same = (
                all(q is not None for q in read) and len({(q.kind, q.unit) for q in read if q}) == 1
            )
            kind = read[0] if same else None
            if kind is not None and kind.kind == "number":
                name = names[len(self.kinds)]
                if re.search(r"\bages?\b", name):
                    kind = Quantity("age", 0)
                elif re.search(r"\byears?\b", name) or all(
                    q is not None and 1000 <= q.amount <= 2999 for q in read
                ):
                    kind = Quantity("year", 0)
            self.kinds.append(kind)
        forms: dict[str, list[int]] = {}
        self.symbols = [s for row in rows for s in row]
        for i, symbol in enumerate(self.symbols):
            forms.setdefault(normal(symbol.split(":", 1)[1]), []).append(i)
        self.forms = forms
        pattern = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
        self.finder = re.compile(rf"(?<![\w$])({pattern})(?:'s|s|es)?(?![\w])")
        self.row_of = {s: r for r, row in enumerate(rows) for s in row}

    def read(self, text: str, label: str) -> list[Clue]:
        """The constraints one clue says (rows as in ``rows``); ParseError naming it if none."""
        said = normal(text).rstrip(".!").strip()
        comparison = _COMPARATIVE.search(said)
        skeleton, found = self._mentions(said, label, text, comparison)
        ask = _Ask(label, text, skeleton, found)
        if comparison is not None:
            return [self._compare(ask, comparison, said)]
        return self._relation(ask)

    def _mentions(
        self, said: str, label: str, text: str, comparison: re.Match[str] | None
    ) -> tuple[str, list[str]]:
        """The clue with each value found replaced by ``@``, and the values, in order."""
        hidden = said
        if comparison is not None:  # the amount is no value: "$5 more" is not the price $5
            hidden = (
                said[: comparison.start()] + "~" * len(comparison[0]) + said[comparison.end() :]
            )
        found: list[str] = []
        parts: list[str] = []
        last = 0
        for match in self.finder.finditer(hidden):
            choices = self.forms[match[1]]
            if len(choices) > 1:  # the words around may tell: "the 25-year-old" is an age
                told = self._told(choices, hidden[match.end() :])
                choices = told or choices
            if len(choices) > 1:
                what = " or ".join(
                    f"{self.symbols[i].split(':', 1)[0]} {match[1]!r}" for i in choices
                )
                raise ParseError(
                    f"{label}: {text!r} reads two ways: {match[1]!r} is {what}; "
                    "name it so that it is one value"
                )
            found.append(self.symbols[choices[0]])
            parts.append(hidden[last : match.start()])
            last = match.end()
        parts.append(hidden[last:])
        skeleton = "@".join(parts)
        if comparison is not None:
            skeleton = skeleton.replace("~" * len(comparison[0]), "<cmp>")
        return " ".join(skeleton.split()), found

    def _told(self, choices: list[int], after: str) -> list[int]:
        """The values a word may be that the unit after it fits (``25 years old``: an age;
        ``20 points``: the category counted in points); empty when it tells nothing."""
        unit = re.match(r"[ -]([a-z]+)", after)
        if unit is None:
            return []
        fits = []
        for i in choices:
            row = self.row_of[self.symbols[i]]
            if self.kinds[row] is not None and self._fits_unit(row, unit[1]):
                fits.append(i)
        return fits if len(fits) == 1 else []

    def _compare(self, ask: _Ask, match: re.Match[str], said: str) -> Clue:
        """``A ... [amount] more|taller|before ... [than] B`` in one ordered category."""
        sign, fits = _COMPARATIVES[match["word"]]
        unit = match["unit"] or ""
        if match["amount"] and match["amount"].startswith("$"):
            unit = "$"
        if not unit and match["after"]:  # "6 more wins than": the word after may be the unit
            named = [r for r, q in enumerate(self.kinds) if q is not None and
                     self._fits_unit(r, match["after"])]  # fmt: skip
            unit = match["after"] if named else ""
        rows = [r for r, q in enumerate(self.kinds) if q is not None and q.kind in fits]
        if unit:
            counted = [r for r in rows if self._fits_unit(r, unit)]
            bare = [r for r in rows if (q := self.kinds[r]) and (q.kind, q.unit) == ("number", "")]
            # a word no category is measured in counts the one category of bare numbers
            # ("7 points lower", of scores 41, 48, ...)
            rows = counted or (bare if unit not in UNITS and len(bare) == 1 else [])
        rows = [r for r in rows if not all(self.row_of[s] == r for s in ask.found)]
        if not rows:
            ask.fail("no ordered category fits " + repr(match[0]))
        if len(rows) > 1:
            which = " or ".join(self.names[r] for r in rows)
            ask.fail(f"reads two ways: {match[0]!r} may compare {which}", words=False)
        row = rows[0]
        if len(ask.found) != 2 or not re.fullmatch(r"[^@]*@[^@]*<cmp>[^@]*@[^@]*", ask.skeleton):
            ask.fail("a comparison needs one value before it and one after")
        if _NEGATION.search(ask.skeleton) or _RELATIONS.search(ask.skeleton.replace("<cmp>", "")):
            ask.fail("a comparison with more in it than one order")
        first, second = ask.found
        vague = re.search(r"\b(?:somewhat|sometime|some time|a bit|a little|much)\b", match[0])
        if match["amount"] is None or vague:  # "an APR somewhat higher": no amount said
            return Clue("more", (first, second) if sign > 0 else (second, first), row=row)
        amount = self._amount(ask, match, row, unit)
        return Clue("+", (first, second), amount=sign * amount, row=row)

    def _fits_unit(self, row: int, unit: str) -> bool:
        """Whether a unit word of an amount measures this category."""
        kind = self.kinds[row]
        assert kind is not None
        if unit in UNITS:
            unit_kind = UNITS[unit][0]
            if unit_kind == "years":
                return kind.kind in ("age", "year")
            if unit_kind == "date":
                return kind.kind == "date"
            return unit_kind == kind.kind
        if kind.kind in ("month",):
            return unit in ("month", "months")
        if kind.kind == "order":  # "1 spot after", "1 chapter after" (values "Chapter 1", ...)
            return unit.rstrip("s") in ("spot", "place", "position", kind.unit.rstrip("s"))
        named = self.names[row].split()[-1].rstrip("s")  # "7 votes more": votes; "3 sizes"
        whole = self.names[row].rstrip("s")  # or all its name: "14 fewer shooting stars"
        return kind.kind == "number" and unit.rstrip("s") in (kind.unit.rstrip("s"), named, whole)

    def _amount(self, ask: _Ask, match: re.Match[str], row: int, unit: str) -> int:
        """The amount of a comparison, in the category's smallest unit."""
        text = match["amount"]
        count: Fraction | None
        if text.startswith("$"):
            count = digits(text[1:].strip())
        elif text in ("a", "an", "one"):
            count = Fraction(1)
        elif text in _NUMBER_WORDS:
            count = Fraction(_NUMBER_WORDS.index(text))
        else:
            count = digits(text)
        if count is None:
            ask.fail(f"the amount {match['amount']!r} is past any puzzle's numbers", words=False)
        assert count is not None
        count *= SCALE.get(match["scale"] or "", 1)
        kind = self.kinds[row]
        assert kind is not None
        size = UNITS[unit][1] if unit in UNITS and UNITS[unit][0] != "years" else 1
        if kind.kind == "money" and not unit:  # "made 3 million less": dollars, not cents
            size = 100
        if kind.kind == "time" and not unit:
            ask.fail("say how long: minutes or hours")
        if kind.kind in ("length", "metric length", "weight", "metric weight") and not unit:
            ask.fail("say the unit of the amount")
        value = count * size
        if value.denominator != 1:
            ask.fail(f"the amount {match[0]!r} is no whole number of the category's steps")
        return int(value)

    def _relation(self, ask: _Ask) -> list[Clue]:
        """Identity, negation, either-or, neither-nor, of-and, lists: by the words between."""
        s, found = ask.skeleton, ask.found
        if len(found) < 2:
            ask.fail("found fewer than two values in it")
        free = "([^@]*)"
        if m := re.fullmatch(rf"neither {free}@{free} nor {free}@{free}@{free}", s):
            ask.plain(m, "neither-nor")
            a, b, c = found
            return self._distinct([(a, c), (b, c)], ask)
        of = rf"of {free}@{free} and {free}@{free},? one {free}@{free},? and the other {free}@"
        if m := re.fullmatch(of + free, s):
            ask.plain(m, "of-and-the-other")
            self._apart(ask, found[0], found[1])
            self._apart(ask, found[2], found[3])
            return [Clue("p", tuple(found))]
        if m := re.fullmatch(r"(?:the )?(\w+) (\w+) (?:are|were|was|is) (.*)", s):
            items = re.split(r",? and |, ", m[3])
            if len(items) >= 2 and all(i.count("@") == 1 for i in items):
                number = _NUMBER_WORDS.index(m[1]) if m[1] in _NUMBER_WORDS else (
                    int(m[1]) if m[1].isdigit() else -1)  # fmt: skip
                if number != len(found):
                    ask.fail(f"it says {m[1]} but lists {len(found)}", words=False)
                ask.plain(re.fullmatch("(.*)", "".join(items)), "a list")
                return [Clue("!", tuple(found))]
        either = re.fullmatch(rf"{free}@{free}either {free}@{free} or {free}@{free}", s)
        first = re.fullmatch(rf"either {free}@{free} or {free}@{free}@{free}", s)
        if either or first:
            ask.plain(either or first, "either-or")
            a, b, c = found if either else (found[2], found[0], found[1])
            clues = [Clue("|", (a, b, c))]
            if self.row_of[b] != self.row_of[c]:  # exactly one of them is so
                clues.append(Clue("!", (b, c)))
            return clues
        if len(found) != 2:
            ask.fail(f"it names {len(found)} values and none of the forms with as many")
        if _RELATIONS.search(s):
            ask.fail("words of a relation this reader does not know")
        if _LOOSE_NUMBER.search(s):
            ask.fail("a number that is none of the values (a quantity it cannot place)")
        a, b = found
        if _NEGATION.search(s):
            return [Clue("!", (a, b))]
        if self.row_of[a] == self.row_of[b]:
            ask.fail("two values of one category cannot be one", words=False)
        return [Clue("=", (a, b))]

    def _apart(self, ask: _Ask, a: str, b: str) -> None:
        """The two of a pair ("of A and B") are two values, not one named twice."""
        if a == b:
            ask.fail("names one value twice", words=False)

    def _distinct(self, pairs: list[tuple[str, str]], ask: _Ask) -> list[Clue]:
        """Neither A nor B is C: three different people (as Puzzle Baron means it: the two
        named are two, and neither is the third)."""
        (a, c), (b, _) = pairs
        return [Clue("!", (a, b, c))]


@dataclass(slots=True)
class _Ask:
    """One clue being read: what to say when it cannot be read."""

    label: str
    text: str
    skeleton: str
    found: list[str]

    def plain(self, match: re.Match[str] | None, form: str) -> None:
        """The free words of a form say nothing more (no other relation, no negation)."""
        assert match is not None
        rest = " ".join(g for g in match.groups() if g)
        if _RELATIONS.search(rest) or _NEGATION.search(rest) or _LOOSE_NUMBER.search(rest):
            self.fail(f"more than {form} in it")

    def fail(self, why: str, words: bool = True) -> Any:
        """A ParseError naming the clue, why, and the words not understood."""
        unknown = [
            w
            for w in re.findall(r"[a-z][a-z'-]*", self.skeleton.replace("<cmp>", ""))
            if w not in _GLUE
        ]
        listed = (
            f"; words not understood: {' '.join(dict.fromkeys(unknown))}"
            if words and unknown
            else ""
        )
        values = ", ".join(s.split(":", 1)[1] for s in self.found) or "none"
        raise ParseError(
            f"{self.label}: cannot read {self.text!r}: {why} (values found: {values}){listed}"
        )


# -- writing: the puzzle in this layout, and made puzzles ---------------------------------------


def format_baron(puzzle: Zebra) -> str:
    """Category lines (``Names: Dana, Hugo``), a blank line, the clues numbered as written."""
    head = [
        f"{name.capitalize()}: {', '.join(s.split(':', 1)[1] for s in row)}"
        for i, (name, row) in enumerate(zip(puzzle.names, puzzle.rows, strict=True))
        if not (i == 0 and puzzle.positions == "implicit")
    ]
    lines: list[str] = []
    for clue in puzzle.clues:
        numbered = _NUMBERED.fullmatch(clue.source)
        said = numbered[2] if numbered else clue.source
        if said and said not in lines:
            lines.append(said)
    body = [f"{n}. {text}" for n, text in enumerate(lines, 1)]
    return "\n".join([*head, "", *body])


# Made puzzles: the people's names, then categories each with a phrase for "the person with X".
_NAMES = re.split(" ", "Dana Hugo Mira Tom Ines Omar Lena Pavel Rosa Kai")
_PLAIN = [
    ("pets", "cat dog parrot hamster rabbit goldfish iguana ferret", "the owner of the {}"),
    ("dishes", "salad soup pasta steak curry tacos risotto omelet", "the one who ordered the {}"),
    ("towns", "Avon Bristol Dover Exeter Leeds York Bath Derby", "the person from {}"),
    ("colours", "red blue green yellow purple orange white black", "the one who wore {}"),
]


@dataclass(frozen=True, slots=True)
class _Ordered:
    """An ordered category to make: its values, a phrase, and how a comparison is said."""

    name: str
    value: Callable[[int], str]  # the value of a number
    phrase: str  # "the person who paid {}"
    verb: str  # "paid", "arrived", "is"
    more: str  # "more", "after", "taller"
    less: str
    amount: Callable[[int], str]  # a difference in words: "$5", "2 days"
    vague: tuple[str, ...] = ("somewhat",)


def _plural(count: int, unit: str) -> str:
    """``1 day``, ``2 days``."""
    return f"{count} {unit}{'' if count == 1 else 's'}"


def _ordinal(day: int) -> str:
    """``3rd``."""
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


_DOES = {
    "pets": ("owns the {}", "does not own the {}"),
    "dishes": ("ordered the {}", "didn't order the {}"),
    "towns": ("is from {}", "is not from {}"),
    "colours": ("wore {}", "did not wear {}"),
    "prices": ("paid {}", "didn't pay {}"),
    "dates": ("arrived on {}", "did not arrive on {}"),
    "heights": ("is {} tall", "is not {} tall"),
    "ages": ("is {} years old", "isn't {} years old"),
}
"""What a person with a value does, and does not, in words."""

_ORDERED_MADE = [
    _Ordered(
        "prices",
        lambda x: f"${x}",
        "the person who paid {}",
        "paid",
        "more",
        "less",
        lambda d: f"${d // 100}",
    ),
    _Ordered(
        "dates",
        lambda x: f"May {x}",
        "the one who arrived on {}",
        "arrived",
        "after",
        "before",
        lambda d: _plural(d, "day"),
        ("sometime",),
    ),
    _Ordered(
        "heights",
        lambda x: f"{x} inches",
        "the person who is {} tall",
        "is",
        "taller",
        "shorter",
        lambda d: _plural(d, "inch").replace("inchs", "inches"),
    ),
    _Ordered(
        "ages", str, "the {}-year-old", "is", "older", "younger", lambda d: _plural(d, "year")
    ),
]


def make_baron(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A random answer (names, then categories, one ordered at least) and random clues true
    in it, each written in English, added until the answer is the only one; one comparison
    is kept whatever the generator takes away."""
    categories, n = size
    plain_count = min(categories - 2, len(_PLAIN))
    if categories < 2 or n < 2:
        raise GenerateError("a logic grid needs at least 2 categories of 2 values")
    if n > len(_NAMES) - 2 or categories > 1 + len(_PLAIN) + len(_ORDERED_MADE):
        raise GenerateError(
            f"the baron style makes up to {1 + len(_PLAIN) + len(_ORDERED_MADE)} categories "
            f"of up to {len(_NAMES) - 2} values"
        )
    ordered = rng.sample(_ORDERED_MADE, categories - 1 - plain_count)
    plain = rng.sample(_PLAIN, plain_count)
    cats: list[tuple[str, list[str], str, _Ordered | None]] = [
        ("names", rng.sample(_NAMES, n), "{}", None)
    ]
    for name, words, phrase in plain:
        cats.append((name, rng.sample(words.split(), n), phrase, None))
    for made in ordered:
        step = rng.randint(1, 5 if n < 6 else 4)
        start = rng.randint(1, 31 - step * (n - 1)) if made.name == "dates" else rng.randint(2, 30)
        cats.append((made.name, [made.value(start + i * step) for i in range(n)], made.phrase,
                     made))  # fmt: skip
    rng.shuffle(cats)
    cats.sort(key=lambda c: c[0] != "names")  # the names first: the key
    names = tuple(c[0] for c in cats)
    rows = tuple(tuple(f"{c[0]}:{v}" for v in c[1]) for c in cats)
    hidden = (rows[0], *(tuple(rng.sample(row, n)) for row in rows[1:]))
    col = {s: p for row in hidden for p, s in enumerate(row)}
    row_of = {s: r for r, row in enumerate(rows) for s in row}

    def say(symbol: str, how: str = "") -> str:
        """A person by one of their values, in words (or ``how``, a phrase such as "owns
        the {}" or its negation, said of one)."""
        cat = cats[row_of[symbol]]
        value = symbol.split(":", 1)[1]
        if cat[3] is not None and cat[3].name == "dates" and rng.random() < 0.5:
            value = f"May {_ordinal(int(value.split()[1]))}"
        if how:
            said = _DOES.get(cat[0])
            return "" if said is None else said[how == "not"].format(value)
        return str(cat[2]).format(value)

    numeric = [r for r, c in enumerate(cats) if c[3] is not None]
    clues: list[Clue] = []
    kept: list[Clue] = []
    while True:
        clue = _random_clue(rng, rows, hidden, col, numeric)
        if clue is None or clue in clues or not holds(clue, col, hidden):
            continue
        text = _sentence(clue, say, cats, rng)
        clues.append(Clue(clue.kind, clue.symbols, clue.amount, clue.row, text))
        if not kept and clue.kind in ("+", "more"):
            kept.append(clue)
        puzzle = Zebra(rows, tuple(clues), names, "key", style=STYLE)
        if kept and len(clues) % 4 == 0 and len(solutions(puzzle, 2)) == 1:
            return puzzle, hidden, kept


def _random_clue(
    rng: random.Random, rows: Grid, hidden: Grid, col: dict[str, int], numeric: list[int]
) -> Clue | None:
    """A random clue of a kind the layout says; None when the draw makes no sense."""
    kind = rng.choice(["=", "!", "!", "|", "neither", "p", "list", "+", "+", "more", "more"])
    k = len(rows)
    if kind in ("+", "more"):
        r = rng.choice(numeric)
        others = [i for i in range(k) if i != r]
        a, b = (rng.choice(rows[rng.choice(others)]) for _ in range(2))
        if col[a] == col[b]:
            return None
        if kind == "more":
            return Clue("more", (a, b), row=r)
        from ..puzzles.zebra import number

        amount = number(hidden[r][col[a]]) - number(hidden[r][col[b]])
        return Clue("+", (a, b), amount=amount, row=r)
    if kind == "list":
        count = min(k, rng.choice([3, 4]), len(rows[0]))
        if count < 3:
            return None
        chosen = rng.sample(range(k), count)
        return Clue("!", tuple(rng.choice(rows[r]) for r in chosen))
    if kind in ("|", "neither"):
        r1, r2 = rng.sample(range(k), 2)
        b, c = rng.sample(rows[r2], 2)
        a = rng.choice(rows[r1])
        return Clue("|", (a, b, c)) if kind == "|" else Clue("!", (b, c, a))
    if kind == "p":
        r1, r2 = rng.sample(range(k), 2)
        a, b = rng.sample(rows[r1], 2)
        c, d = rng.sample(rows[r2], 2)
        return Clue("p", (a, b, c, d))
    r1, r2 = rng.sample(range(k), 2)
    return Clue(kind, (rng.choice(rows[r1]), rng.choice(rows[r2])))


def _sentence(
    clue: Clue, say: Callable[[str, str], str], cats: list[Any], rng: random.Random
) -> str:
    """A clue in English, in one of a few phrasings."""
    words = [say(s, "") for s in clue.symbols]
    kind = clue.kind
    does, does_not = (say(clue.symbols[-1], how) for how in ("do", "not"))
    if kind == "=":
        text = rng.choice(["{0} is {1}", "{1} is {0}", *(["{0} {2}"] * bool(does))])
        text = text.format(*words, does)
    elif kind == "!" and len(words) == 2:
        text = rng.choice(["{0} is not {1}", "{1} isn't {0}", *(["{0} {2}"] * bool(does_not))])
        text = text.format(*words, does_not)
    elif kind == "!" and clue.symbols[0].split(":")[0] == clue.symbols[1].split(":")[0]:
        text = rng.choice(
            ["neither {0} nor {1} is {2}", *(["neither {0} nor {1} {3}"] * bool(does))]
        )
        text = text.format(*words, does)
    elif kind == "!":
        count = _NUMBER_WORDS[len(words)]
        text = f"the {count} people are {', '.join(words[:-1])} and {words[-1]}"
    elif kind == "|":
        text = "{} is either {} or {}".format(*words)
    elif kind == "p":
        text = "of {} and {}, one is {} and the other is {}".format(*words)
    else:
        made: _Ordered = cats[clue.row][3]
        if kind == "more":
            word = rng.choice([made.more, made.less])
            first, second = words if word == made.more else words[::-1]
            hedge = rng.choice([*made.vague, ""])
            text = f"{first} {made.verb} {hedge} {word} than {second}"
        else:
            first, second = words
            word = made.more if clue.amount > 0 else made.less
            if rng.random() < 0.5:  # the same, said the other way round
                first, second = second, first
                word = made.less if word == made.more else made.more
            text = f"{first} {made.verb} {made.amount(abs(clue.amount))} {word} than {second}"
        text = " ".join(text.replace(" than ", " " if made.name == "dates" else " than ").split())
    return text[0].upper() + text[1:] + "."
