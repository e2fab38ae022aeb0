"""Logic grids written in English in the "houses" layout (ZebraLogic's and its relatives'):

    There are 3 houses, numbered 1 to 3 from left to right, as seen from across the street. ...
     - Each person has a unique name: `Arnold`, `Eric`, `Peter`
     - The people keep unique animals: `horse`, `cat`, `bird`
    ## Clues:
    1. The person who keeps horses is directly left of Eric.
    2. There is one house between Arnold and the cat lover.
    What is the name of the person who lives in House 1?

Values are found by the words the bullets declare (any case, plurals, articles; the longest
value where one holds another). A value of two characteristics is told apart by the
characteristic's own words around it ("whose child is named Fred"; a name alone is the
person's). A clue read two ways, or with words that neither a value, a characteristic nor a
clue form explains, is an error that names it: never a guess.
"""

from __future__ import annotations

import random
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

from ..contract import GenerateError
from ..puzzles.zebra import Clue, Question, Zebra, clue_text, made
from . import ParseError, check_grid_size
from .english import count, forms, number, ordinal, plural, singular, singulars, words

_BULLET = re.compile(r"\s*[-*•]\s*(.+?)\s*:\s*(.*\S)\s*$")
_HOUSES = re.compile(r"there are (\w+) houses", re.IGNORECASE)
_HEADING = re.compile(r"(?:the )?clues?\s*:?", re.IGNORECASE)
_NUMBERED = re.compile(r"\s*(\d+)\s*[.)]\s*(.*)$")


def _words_of(text: str) -> frozenset[str]:
    """A set of words, written as one string."""
    return frozenset(text.split(" "))


_BULLET_WORDS = _words_of(
    "each every everyone everybody person people has have a an the unique different "
    "distinct is are their its in house houses of for own owns keep keeps by with who all "
    "also favorite favourite likes like love loves type kind lives live occupant "
    "occupants occupied attribute attributes characteristic characteristics accompanied "
    "one that there own prefer prefers enjoy enjoys play plays drive drives eat eats some "
    "them they"
)
"""Words of a bullet that say nothing of which characteristic it is."""

_PHRASE_WORDS = _words_of(
    "the a an person people one who whose that is are likes like loves love lover lovers "
    "enthusiast enthusiasts fan fans owner owners owns own keeps keep has have having "
    "favorite favourite named called name of where lives live drinks drink drinker eats "
    "eat eater plays play player drives drive driver prefers prefer uses use enjoys enjoy "
    "works work as from with smokes smoker wears reads reader grows grower partial fond "
    "lover's person's someone somebody in at on born wearing wear wears degree bouquet boquet "
    "vacation going goes ordered orders admirer admires collects collector house home diploma "
    "type kind level living"
)
"""Words that phrases around a value use ("the person who keeps", "the X lover")."""

_RELATION_WORDS = _words_of(
    "not left right next between directly immediately somewhere each other and or house "
    "houses to on in does doesn't isn't live lives"
)
"""Words of the clue forms, never part of a phrase naming a value."""


class _Failed(Exception):
    """A phrase that names no single value: why, and the words not understood."""

    def __init__(self, why: str, unknown: list[str]) -> None:
        super().__init__(why)
        self.why = why
        self.unknown = unknown


@dataclass(slots=True)
class _Category:
    """One characteristic: its name, header, own words and values as declared."""

    name: str
    label: str
    markers: frozenset[str]
    values: list[str]
    person: bool = False  # a person's own name: what a value named alone means


@dataclass(slots=True)
class _Reader:
    """What the words of a puzzle's clues may name."""

    n: int
    categories: list[_Category]
    vocabulary: frozenset[str] = frozenset()
    index: dict[tuple[str, ...], list[tuple[int, str]]] = field(default_factory=dict)
    longest: int = 1

    def __post_init__(self) -> None:
        vocab = set(_PHRASE_WORDS)
        for k, cat in enumerate(self.categories, 1):
            vocab |= {w for w in cat.markers if w not in _RELATION_WORDS}
            for value in cat.values:
                for form in forms(words(value)):
                    entry = self.index.setdefault(form, [])
                    if (k, value) not in entry:
                        entry.append((k, value))
                    self.longest = max(self.longest, len(form))
        self.vocabulary = frozenset(vocab)

    def mentions(
        self, ws: list[str]
    ) -> tuple[list[tuple[int, int, list[tuple[int, str]]]], list[str]]:
        """The values named in these words (start, length, (category, value) choices), the
        longest first at each place, and the words neither a value nor a phrase word."""
        found, unknown = [], []
        i = 0
        plain = [w.removesuffix("'s") for w in ws]
        while i < len(ws):
            for k in range(min(self.longest, len(ws) - i), 0, -1):
                hit = self.index.get(tuple(plain[i : i + k]))
                if hit:
                    found.append((i, k, hit))
                    i += k
                    break
            else:
                if not singulars(ws[i]) & self.vocabulary:
                    unknown.append(ws[i])
                i += 1
        return found, unknown

    def value(self, ws: list[str]) -> tuple[int, str]:
        """The one value a phrase names (category, value), told apart by its own words."""
        if not ws:
            raise _Failed("nothing named", [])
        found, unknown = self.mentions(ws)
        if unknown:
            raise _Failed("words not understood", unknown)
        if len(found) != 1:
            raise _Failed("names no value" if not found else "names several values", [])
        start, length, choices = found[0]
        if len(choices) == 1:
            return choices[0]
        context = {s for w in ws[:start] + ws[start + length :] for s in singulars(w)}
        scores = [len(context & self.categories[k - 1].markers) for k, _ in choices]
        best = max(scores)
        top = [c for c, s in zip(choices, scores, strict=True) if s == best]
        if len(top) > 1 and best == 0:  # a name alone is the person's; in a phrase, not
            bare = not context - {"the", "a", "an"}
            top = [c for c in top if self.categories[c[0] - 1].person == bare] or top
        if len(top) > 1:
            said = " ".join(ws[start : start + length])
            which = " or ".join(f"the {self.categories[k - 1].label.lower()}" for k, _ in top)
            raise _Failed(f"{said!r} may be {which}: say which (its characteristic's words)", [])
        return top[0]

    def symbol(self, ws: list[str]) -> str:
        k, value = self.value(ws)
        return f"{self.categories[k - 1].name}:{value}"

    def house(self, word: str) -> str:
        """A house by its number or place (``3``, ``three``, ``third``, ``3rd``)."""
        n = number(word)
        if n is None or not 1 <= n <= self.n:
            raise _Failed(f"{word!r} is not a house (1 to {self.n})", [] if n else [word])
        return f"house:{n}"


# Two-value forms: (kind, head, middle, tail, swap): the clue is head A middle B tail.
_PAIR_FORMS: list[tuple[str, str, str, str, bool]] = [
    ("A", "", " and ", " (?:are|live) next to each other", False),
    ("N", "", " and ", " (?:are not|aren't|do not live) next to each other", False),
    ("A", "", " (?:is|lives) (?:next to|beside|a neighbou?r of) ", "", False),
    ("N", "", " (?:is not|isn't|does not live|doesn't live) next to ", "", False),
    (
        "1",
        "",
        " (?:is|lives) (?:directly|immediately|just) (?:to |on )?(?:the )?left of ",
        "",
        False,
    ),
    (
        "1",
        "",
        " (?:is|lives) (?:directly|immediately|just) (?:to |on )?(?:the )?right of ",
        "",
        True,
    ),
    ("<", "", " (?:is|lives) (?:somewhere|anywhere) (?:to |on )?(?:the )?left of ", "", False),
    (">", "", " (?:is|lives) (?:somewhere|anywhere) (?:to |on )?(?:the )?right of ", "", False),
    ("!", "", " (?:is not|isn't) ", "", False),
    ("=", "", " is ", "", False),
]
_VERBS = (
    "keeps|likes|loves|drives|drinks|eats|plays|owns|has|enjoys|smokes|prefers|works|uses|"
    "wears|reads|grows"
)
_BETWEEN = re.compile(r"there (?:is|are) (\w+) houses? between (.+)")
_AT = re.compile(
    r"(.+?) (?:is|lives|(is not|isn't|does not live|doesn't live)) in "
    r"(?:the (\w+) house|house (?:number )?(\w+))"
)


def _split_pairs(text: str, middle: str) -> list[tuple[str, str]]:
    """Every way to cut ``text`` at ``middle`` into two non-empty parts."""
    pattern = re.compile(middle)
    cuts = []
    for i in range(1, len(text)):
        found = pattern.match(text, i) if text[i] == " " else None
        if found and found.end() < len(text):
            cuts.append((text[:i], text[found.end() :]))
    return cuts


def _readings(text: str, reader: _Reader) -> tuple[list[Clue], list[_Failed]]:
    """Every reading of one clue (lower-case words, one space apart) and why others failed."""
    found: list[Clue] = []
    failed: list[_Failed] = []

    def pair(kind: str, a: str, b: str, amount: int = 0) -> None:
        try:
            clue = Clue(kind, (reader.symbol(a.split()), reader.symbol(b.split())), amount)
        except _Failed as e:
            failed.append(e)
            return
        if clue not in found:
            found.append(clue)

    between = _BETWEEN.fullmatch(text)
    if between:
        gap = number(between[1])
        if gap is None:
            failed.append(_Failed(f"{between[1]!r} is not a number of houses", [between[1]]))
        else:
            body = re.sub(r"^(?:where |the house of )", "", between[2])
            for a, b in _split_pairs(body, " and (?:where )?"):
                pair("D", re.sub(r" lives?$", "", a), re.sub(r" lives?$", "", b), gap + 1)
        return found, failed
    at = _AT.fullmatch(text)
    if at:
        try:
            clue = Clue("!" if at[2] else "=", (reader.symbol(at[1].split()),
                                                  reader.house(at[3] or at[4])))  # fmt: skip
            found.append(clue)
        except _Failed as e:
            failed.append(e)
    for a, b in _split_pairs(text, f" (?=(?:{_VERBS}) )"):  # "Yuri drives a Ford."
        pair("=", a, f"the person who {b}")
    for kind, head, middle, tail, swap in _PAIR_FORMS:
        whole = re.fullmatch(f"{head}(.+){tail}", text)
        if not whole:
            continue
        for a, b in _split_pairs(whole[1], middle):
            pair(kind, *((b, a) if swap else (a, b)))
    return found, failed


@dataclass(slots=True)
class _Line:
    """A clue line: its number, where it stands and its text."""

    number: int  # the clue's number as written (or its place)
    line: int
    text: str


def detect(lines: list[str]) -> bool:
    """Whether a text is in the houses layout: "There are N houses", or bullets of values."""
    if any(_HOUSES.search(line) for line in lines[:20]):
        return True
    return sum(bool(re.match(r"\s*[-*•]\s*[^:]+:\s*\S", line)) for line in lines) >= 2


def parse_houses(lines: list[str]) -> Zebra:
    """A houses puzzle: its characteristics, clues in English and the question asked."""
    declared = None
    bullets: list[tuple[int, str, list[str]]] = []
    clue_lines: list[_Line] = []
    question: tuple[int, str] | None = None
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        houses = _HOUSES.search(line)
        if houses and not clue_lines and declared is None:
            declared = number(houses[1].lower())
            if declared is None:
                raise ParseError(f"line {n}: {houses[1]!r} is not a number of houses")
        bullet = _BULLET.match(raw)
        if bullet and not clue_lines:
            bullets.append((n, bullet[1], _listed(n, bullet[2])))
            continue
        if not bullets or line.startswith("#") or _HEADING.fullmatch(line):  # preamble, headings
            continue
        if line.endswith("?"):
            if question is not None:
                raise ParseError(f"line {n}: a second question ({line!r}); one is answered")
            question = (n, line)
            continue
        numbered = _NUMBERED.match(line)
        said = int(numbered[1]) if numbered else len(clue_lines) + 1
        clue_lines.append(_Line(said, n, numbered[2] if numbered else line))
    if not bullets:
        raise ParseError(
            "no characteristics: a houses puzzle lists them as bullets, such as "
            "`- Each person has a unique name: Arnold, Eric, Peter`"
        )
    size = len(bullets[0][2]) if declared is None else declared
    categories = _categories(bullets, size)
    check_grid_size(len(categories) + 1, size)
    reader = _Reader(size, categories)
    clues = tuple(_clue(c, reader) for c in clue_lines)
    rows = (
        tuple(f"house:{i}" for i in range(1, size + 1)),
        *(tuple(f"{c.name}:{v}" for v in c.values) for c in categories),
    )
    names = ("house", *(c.name for c in categories))
    labels = ("House", *(c.label for c in categories))
    asked = None if question is None else _question(*question, reader)
    return Zebra(rows, clues, names, "given", labels, () if asked is None else (asked,))


def _listed(n: int, text: str) -> list[str]:
    """A bullet's values: in backticks when there are backticks, else between commas (and a
    last ``and``)."""
    if "`" in text:
        values = [" ".join(v.split()) for v in re.findall(r"`([^`]*)`", text)]
    else:
        text = re.sub(r",?\s+(?:and|or)\s+(?=[^,]+$)", ", ", text.rstrip(". "))
        values = [" ".join(v.split()) for v in text.split(",")]
    if not all(values):
        raise ParseError(f"line {n}: an empty value")
    return values


def characteristic(description: str) -> tuple[str, str, frozenset[str]]:
    """A bullet's characteristic: its name, its header ("Name", "MusicGenre", "Mother") and
    its own words, from the bullet's description."""
    ws = words(description)
    content = [(i, singular(w)) for i, w in enumerate(ws) if w not in _BULLET_WORDS]
    markers = frozenset(w for _, w in content)
    kept = [(i, w) for i, w in content if w != "name"] or content or [(0, "trait")]
    i, last = kept[-1]
    parts = [last]
    if len(kept) > 1 and kept[-2][0] == i - 1:
        parts.insert(0, kept[-2][1])
    return "-".join(parts), "".join(p.capitalize() for p in parts), markers


def _categories(bullets: list[tuple[int, str, list[str]]], size: int) -> list[_Category]:
    """The characteristics, each with as many different values as there are houses."""
    cats: list[_Category] = []
    taken = {"house"}
    for n, description, values in bullets:
        if len(values) != size:
            raise ParseError(f"line {n}: {len(values)} values, but there are {size} houses")
        if len({v.lower() for v in values}) != len(values):
            raise ParseError(f"line {n}: a value is named twice")
        name, label, markers = characteristic(description)
        base, k = name, 2
        while name in taken:
            name, k = f"{base}{k}", k + 1
        taken.add(name)
        person = markers <= {"name", "first"} and "name" in markers
        cats.append(_Category(name, label, markers, values, person))
    return cats


def _clue(line: _Line, reader: _Reader) -> Clue:
    """One clue's only reading, kept with its text and line; else an error naming it."""
    text = " ".join(words(line.text))
    where = f"clue {line.number} (line {line.line}) {line.text!r}"
    found, failed = _readings(text, reader)
    if len(found) == 1:
        clue = found[0]
        return Clue(clue.kind, clue.symbols, clue.amount, 0, line.text, line.line)
    if len(found) > 1:
        shown = Zebra((), (), ("house", *(c.name for c in reader.categories)))
        ways = "; ".join(clue_text(shown, c) for c in found)
        raise ParseError(f"{where} reads {len(found)} ways ({ways}): reword it")
    unknown = [w for w in text.split() if _unknown(w, reader)]
    if unknown:
        listed = ", ".join(repr(w) for w in dict.fromkeys(unknown))
        raise ParseError(f"{where}: words not understood: {listed}")
    why = next((f.why for f in failed if "may be" in f.why or "not a house" in f.why), None)
    side = re.search(r"\b(left|right) of\b", text)
    if (
        why is None
        and side
        and not re.search(r"\b(somewhere|anywhere|directly|immediately|just)\b", text)
    ):
        why = (
            f"'{side[0]}' may mean directly {side[1]} or somewhere to the {side[1]}: say "
            "which ('directly', 'somewhere')"
        )
    raise ParseError(
        f"{where}: {why}"
        if why
        else f"{where}: no clue form fits it (is, is not, is in the "
        "Nth house, is directly left of, is somewhere to the left of, are next to each other, "
        "there is one house between ... and ...)"
    )


def _unknown(word: str, reader: _Reader) -> bool:
    """A word no value, characteristic, phrase or clue form explains."""
    plain = word.removesuffix("'s")
    return not (
        word in reader.vocabulary
        or singulars(word) & reader.vocabulary
        or word in _RELATION_WORDS
        or number(word) is not None
        or any(plain in form for form in reader.index)
        or word in ("there", "where", "number", "same", "as", "it", "they", "them")
    )


_WHICH_HOUSE = re.compile(
    r"(?:in )?(?:which|what) house (?:number )?(?:does|is) (.+?)(?: live| lives)?(?: in)?"
)
_WHO_AT = re.compile(r"who (?:lives|is) in (?:the (\w+) house|house (?:number )?(\w+))")
_WHAT_OF = re.compile(r"what (?:is|are) (?:the )?(.+?) of (.+)")
_AT_HOUSE = re.compile(r"(?:the )?(?:person |one )?(?:who (?:lives|is) )?in (?:the (\w+) house|"
                       r"house (?:number )?(\w+))")  # fmt: skip


def _question(n: int, line: str, reader: _Reader) -> Question:
    """The question: which characteristic it asks for, of which house or person."""
    numbered = _NUMBERED.match(line)
    asked = numbered[2] if numbered else line
    text = " ".join(words(asked))
    try:
        which = _WHICH_HOUSE.fullmatch(text)
        if which:
            return Question(asked, 0, reader.symbol(which[1].split()))
        who = _WHO_AT.fullmatch(text)
        persons = [k for k, c in enumerate(reader.categories, 1) if c.person]
        if who and persons:
            return Question(asked, persons[0], reader.house(who[1] or who[2]))
        what = _WHAT_OF.fullmatch(text)
        if what:
            row = _asked_row(what[1], reader)
            house = _AT_HOUSE.fullmatch(what[2])
            if house:
                return Question(asked, row, reader.house(house[1] or house[2]))
            return Question(asked, row, reader.symbol(what[2].split()))
    except _Failed as e:
        detail = f": words not understood: {', '.join(map(repr, e.unknown))}" if e.unknown else ""
        raise ParseError(f"line {n}: cannot read the question {asked!r}: {e.why}{detail}") from e
    raise ParseError(
        f"line {n}: cannot read the question {asked!r} (questions read like: What is the name "
        "of the person who lives in House 1? Which house does Eric live in?)"
    )


def _asked_row(text: str, reader: _Reader) -> int:
    """The characteristic a question names (``name``, ``favorite smoothie``, ``house number``)."""
    said = {s for w in text.split() for s in singulars(w)}
    said -= {"the", "a", "an", "favorite", "favourite"}
    if said <= {"house", "number"}:
        return 0
    scores = [len(said & c.markers) for c in reader.categories]
    best = max(scores)
    top = [k for k, score in enumerate(scores, 1) if score == best]
    if len(top) > 1:  # "name" is the name's, not the mother's name's
        top = [k for k in top if reader.categories[k - 1].markers <= said] or top
    if best == 0 or len(top) > 1:
        raise _Failed(f"{text!r} is not one characteristic", [])
    return top[0]


# -- writing: a made puzzle in the houses layout ----------------------------------------------

HOUSES_WORDS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("Each person has a unique name", ("Alice", "Bob", "Carol", "Dave", "Eric", "Fiona",
     "Greta", "Hugo", "Ivan", "Jade", "Kiran", "Lena"), ("{v}",)),
    ("The people keep unique animals", ("horse", "cat", "dog", "bird", "fish", "rabbit",
     "hamster", "turtle", "snake", "parrot", "ferret", "lizard"),
     ("the person who keeps {p}", "the {v} owner", "the person who owns {a}")),
    ("Everyone has a favorite drink", ("tea", "coffee", "milk", "water", "juice", "cocoa",
     "lemonade", "cider", "soda", "root beer", "iced tea", "smoothie"),
     ("the person who likes {v}", "the {v} drinker", "the person whose favorite drink is {v}")),
    ("Each person has a unique favorite color", ("red", "green", "blue", "yellow", "white",
     "black", "orange", "purple", "pink", "brown", "grey", "cyan"),
     ("the person who loves {v}", "the person whose favorite color is {v}")),
    ("Each person has a unique nationality", ("Brit", "Dane", "Swede", "German", "Norwegian",
     "Italian", "Spaniard", "Greek", "Pole", "Finn", "Czech", "Swiss"), ("the {v}",)),
    ("People have unique favorite sports", ("tennis", "golf", "chess", "rugby", "hockey",
     "cricket", "rowing", "boxing", "judo", "cycling", "skiing", "archery"),
     ("the person who plays {v}", "the {v} fan")),
    ("Everyone has a different favorite food", ("bread", "cheese", "pasta", "rice", "soup",
     "salad", "pizza", "curry", "sushi", "tacos", "stew", "pie"),
     ("the person who eats {v}", "the {v} lover")),
    ("Each person drives a unique car model", ("Ford", "Fiat", "Audi", "Volvo", "Honda", "Kia",
     "Mazda", "Tesla", "Saab", "Skoda", "Seat", "Opel"),
     ("the person who drives {a}", "the {v} driver")),
    ("Each person has a favorite flower", ("roses", "tulips", "lilies", "daisies", "irises",
     "orchids", "poppies", "carnations", "asters", "dahlias", "peonies", "lilacs"),
     ("the person who loves {v}", "the {s} lover", "the person whose favorite flower is {s}")),
    ("Each person has a unique occupation", ("baker", "doctor", "pilot", "farmer", "nurse",
     "judge", "chef", "tailor", "miner", "artist", "teacher", "sailor"),
     ("the {v}", "the person who works as {a}")),
    ("People play unique instruments", ("piano", "violin", "guitar", "flute", "drum", "harp",
     "cello", "oboe", "banjo", "trumpet", "organ", "tuba"),
     ("the person who plays the {v}", "the {v} player")),
    ("Each person has a unique favorite fruit", ("apple", "pear", "plum", "peach", "mango",
     "lemon", "cherry", "grape", "melon", "kiwi", "fig", "lime"),
     ("the person who likes {p}", "the {v} lover")),
    ("Each person has a unique hobby", ("reading", "knitting", "baking", "hiking", "fishing",
     "painting", "singing", "dancing", "gardening", "sewing", "juggling", "pottery"),
     ("the person who enjoys {v}", "the person whose hobby is {v}")),
    ("People have unique favorite music genres", ("rock", "jazz", "pop", "gospel", "folk",
     "classical", "hip hop", "country", "reggae", "soul", "metal", "punk rock"),
     ("the person who loves {v} music", "the {v} fan", "the person who likes {v}")),
)  # fmt: skip
"""Characteristics for made houses puzzles: a bullet, twelve values, and phrases that name a
value ({v}: the value, {p}: its plural, {s}: a plural value's singular, {a}: with a or an)."""

_PREAMBLE = (
    "There are {n} houses, numbered 1 to {n} from left to right, as seen from across the "
    "street. Each house is occupied by a different person. Each house has a unique attribute "
    "for each of the following characteristics:",
    "There are {n} houses in a row, numbered 1 to {n} from left to right. In each lives one "
    "person, and the people differ in each of these characteristics:",
)


def made_categories(n: int, m: int, rng: random.Random) -> list[tuple[str, str, list[str]]]:
    """``m`` characteristics of ``n`` values for a made puzzle: (name, label, values), the
    values in a random order."""
    most = len(HOUSES_WORDS[0][1])
    if not 2 <= n <= most or not 1 <= m <= len(HOUSES_WORDS):
        raise ValueError(
            f"the houses style writes 2 to {most} houses and 1 to {len(HOUSES_WORDS)} "
            "characteristics"
        )
    chosen = [HOUSES_WORDS[0], *rng.sample(HOUSES_WORDS[1:], m - 1)]
    made = []
    for bullet, values, _ in chosen:
        name, label, _ = characteristic(bullet)
        made.append((name, label, rng.sample(values, n)))
    return made


def _pick(options: tuple[str, ...] | list[str], *key: object) -> str:
    """One of ``options``, the same each time for the same key (varied, yet repeatable)."""
    return options[zlib.crc32(repr(key).encode()) % len(options)]


def _phrase(puzzle: Zebra, symbol: str, salt: object) -> str:
    """A value in a phrase of its characteristic ("the person who keeps horses")."""
    name, value = symbol.split(":", 1)
    templates = next(
        (t for b, _, t in HOUSES_WORDS if characteristic(b)[0] == name), ("the {v} person",)
    )
    template = _pick(templates, symbol, salt)
    article = "an" if value[0].lower() in "aeiou" else "a"
    return template.format(v=value, p=plural(value), s=singular(value), a=f"{article} {value}")


def format_houses(puzzle: Zebra) -> str:
    """A houses puzzle in English: the preamble, the bullets, numbered clues, the question."""
    n = puzzle.size
    lines = [_pick(_PREAMBLE, n, len(puzzle.clues)).format(n=n)]
    bullets = {characteristic(b)[0]: b for b, _, _ in HOUSES_WORDS}
    for name, row in zip(puzzle.names[1:], puzzle.rows[1:], strict=True):
        values = sorted((s.split(":", 1)[1] for s in row), key=str.lower)
        lines.append(f" - {bullets[name]}: " + ", ".join(f"`{v}`" for v in values))
    lines += ["", "## Clues:"]
    for k, clue in enumerate(puzzle.clues, 1):
        lines.append(f"{k}. {_sentence(puzzle, clue, k)}")
    if puzzle.questions:
        lines += ["", *(q.text for q in puzzle.questions)]
    return "\n".join(lines)


def _sentence(puzzle: Zebra, clue: Clue, k: int) -> str:
    """One clue in one of its English phrasings."""
    a, b = clue.symbols
    if b.startswith("house:"):
        h = int(b.split(":")[1])
        place = _pick([f"in the {ordinal(h)} house", f"in house {h}"], clue, k)
        verb = ("is" if clue.kind == "=" else "is not") if "the" in place else (
            "lives" if clue.kind == "=" else "does not live")  # fmt: skip
        text = f"{_phrase(puzzle, a, k)} {verb} {place}."
        return text[0].upper() + text[1:]
    x, y = _phrase(puzzle, a, (k, 1)), _phrase(puzzle, b, (k, 2))
    ways = {
        "=": [f"{x} is {y}."],
        "!": [f"{x} is not {y}."],
        "1": [f"{x} is directly left of {y}.", f"{y} is directly right of {x}.",
              f"{x} is immediately to the left of {y}."],
        "<": [f"{x} is somewhere to the left of {y}.", f"{y} is somewhere to the right of {x}."],
        ">": [f"{x} is somewhere to the right of {y}.", f"{y} is somewhere to the left of {x}."],
        "A": [f"{x} and {y} are next to each other.", f"{x} is next to {y}."],
        "N": [f"{x} and {y} are not next to each other.", f"{x} is not next to {y}."],
        "D": [f"There {'is' if clue.amount == 2 else 'are'} {count(clue.amount - 1)} "
              f"house{'' if clue.amount == 2 else 's'} between {x} and {y}."],
    }[clue.kind]  # fmt: skip
    text = _pick(ways, clue, k)
    return text[0].upper() + text[1:]


def made_question(puzzle: Zebra, rng: random.Random) -> Question:
    """A question for a made puzzle: a characteristic of a house, or where a value lives."""
    if rng.random() < 0.5:
        h = rng.randrange(1, puzzle.size + 1)
        row = rng.randrange(1, len(puzzle.rows))
        what = puzzle.names[row].replace("-", " ")
        text = f"What is the {what} of the person who lives in House {h}?"
        return Question(text, row, f"house:{h}")
    row = rng.randrange(1, len(puzzle.rows))
    subject = rng.choice(puzzle.rows[row])
    return Question(f"Which house does {_phrase(puzzle, subject, 'q')} live in?", 0, subject)


def make_houses(size: tuple[int, int], rng: random.Random, solutions: Any) -> Any:
    """A made puzzle in the houses style: N houses of M characteristics, its clues and a
    question written in English (``generate --style houses``)."""
    n, m = size
    try:
        chosen = made_categories(n, m, rng)
    except ValueError as e:
        raise GenerateError(str(e)) from e
    names = ("house", *(name for name, _, _ in chosen))
    labels = ("House", *(label for _, label, _ in chosen))
    cats = [("house", [str(i) for i in range(1, n + 1)])]
    cats += [(name, values) for name, _, values in chosen]
    kinds = ["=", "!", "A", "1", "<", ">", "D", "=", "!", "D"]
    return made(cats, names, labels, kinds, rng, solutions, "houses", made_question)
