"""Logic grids in English as publishers write them: the puzzle's own words, read by a grammar.

The layout is found, not assumed: a preamble ("There are 5 houses", "5 people in positions 1,
2, ..., 5"), the categories as bullets (``- Each person has a unique name: Arnold, Eric``), as
lines (``Names: Dana, Hugo``), as lists inside a sentence (``names: Bram, Cleo; drinks: cider,
cocoa``) or as bullet sentences (``Each person ate something different: one ate rice, one ate
stew``), then clues under any heading and numbering, and the questions.

A clue is read in three steps. The values it names are found by their own words (any case,
plurals, possessives), positions by theirs ("the third house", "position 2"). Each value's noun
phrase is reduced to the value, by the phrases of ``relations`` and the words its category's
line puts around its values ("whose mother's name is", "keeper"). What remains must be one of
the clue forms of ``relations``: a word that neither a phrase nor a form explains is refused,
naming it, and so is a clue that reads two ways. Nothing is guessed.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, field, replace
from typing import Any

from ..puzzles.quantities import MONTHS, read_quantity
from ..puzzles.zebra import POSITION, Clue, Question, Zebra, arranged, speaks_of_positions
from . import ParseError, check_grid_size
from . import relations as grammar
from .english import plural, singular, singulars

# -- words ------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"\$ ?\d+(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?(?:st|nd|rd|th)?|[a-z]+(?:'[a-z]+)*|,"
)


def tokens(text: str) -> list[str]:
    """A text's words in lower case, a possessive ``'s`` a word of its own, a comma kept (it
    parts "of A and B, one ..."), other punctuation dropped."""
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'").replace("`", " ")
    out: list[str] = []
    for word in _TOKEN.findall(text):
        if word.endswith("'s") and word not in ("let's", "it's", "that's", "what's", "who's"):
            out += [word[:-2], "'s"]
        elif word.endswith("s'"):
            out.append(word[:-1])
        else:
            out.append(word.replace("$ ", "$"))
    return out


def value_forms(value: str) -> set[tuple[str, ...]]:
    """The word sequences that name a value: as declared, its last word plural or singular,
    and the words English derives from it: a people's adjective (``brit``: ``british``), a
    hobby's verb (``painting``: ``paints``), a month in full (``sept``: ``september``)."""
    ws = tokens(value)
    if not ws:
        return set()
    *head, last = ws
    if last[0].isdigit() or last[0] == "$":
        day = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?", last)
        if day and head and head[-1] in MONTHS:  # "May 7" and "May 7th" are one day
            return {(*head, day[1]), (*head, f"{day[1]}{_suffix(int(day[1]))}")}
        return {tuple(ws)}
    agent = len(ws) > 1 and last in grammar.AGENTS  # "a romance book lover": "romance book" too
    shorter = value_forms(" ".join(head)) if agent else set()
    lasts = {last, plural(last), *singulars(last)}
    if len(ws) == 1 and last.isalpha() and len(last) > 2:
        # the one who has it: "violinist", "cricketer", "swimmer"
        lasts |= {f"{last}ist", f"{last[:-1]}ist" if last.endswith("e") else f"{last}er"}
        lasts |= {f"{last}ish", f"{last[:-1]}ish" if last.endswith("e") else f"{last}ish"}
        if last.endswith("ing") and len(last) > 5:  # painting: paints, paint
            stem = last[:-3]
            lasts |= {stem, f"{stem}s", f"{stem}e", f"{stem}es", f"{stem}er"}
        months = [m for m in MONTHS if m.startswith(last) and len(last) >= 3]
        lasts |= set(months[:1])
        lasts |= {m[:3] for m in MONTHS if last == m} | {m[:4] for m in MONTHS if last == m}
    return {(*head, x) for x in lasts} | shorter


# -- the layout ---------------------------------------------------------------------------------

_HEADING = re.compile(
    r"(?:#+\s*)?(?:\*\*)?\s*(?:the\s+|some\s+)?(?:clues?|clue\s*\(s\)|hints?|rules?|constraints?|"
    r"conditions?|statements?|facts?)(?:\s+are)?\s*(?:\*\*)?\s*:?\s*(?:\*\*)?\s*",
    re.IGNORECASE,
)
_NUMBERED = re.compile(
    r"(?:[-*•]\s*)?(?:(?:clue|hint|rule|fact)\s*#?\s*(\d+)\s*[.:)\-]?|#?(\d+)\s*[.):\]]|\((\d+)\))"
    r"\s*(.*\S)",
    re.IGNORECASE,
)
_BULLET = re.compile(r"[-*•]\s+(.*\S)")
_LIST = re.compile(r"([A-Za-z][\w'() -]*?)\s*:\s*(.*\S)")
_SIZE = (
    r"there (?:are|were) (\w+) (?:\w+ )?(houses|people|persons|positions|seats|spots|friends|"
    r"places|rooms|cars|boats|runners|contestants|students|children|women|men|players|guests|"
    r"houses)",
    r"(\w+) (?:people|persons|friends|neighbou?rs) (?:\w+ ){0,3}(?:in|on) a row of (\w+) "
    r"(houses|seats|chairs|positions)",
    r"(?:numbered|positions?) 1(?:,| to| through| -|-) ?(?:2, \.\.\., )?(\d+)",
    r"positions 1, 2, \.\.\., (\w+)",
)
_POSITION_NOUNS = ("house", "position", "seat", "spot", "place", "room", "chair")
_QUESTION_START = re.compile(
    r"(?:\d+[.)]\s*)?(?:q\s*:\s*)?(?:question\s*\d*\s*[:.]\s*)?(?:what|which|who|whom|whose|"
    r"where|when|why|how|in which|at which|can you|is there|does|do)\b",
    re.IGNORECASE,
)


@dataclass(slots=True)
class Line:
    """A line of the puzzle as read: its place, its number as written, its text (and, for a
    multiple-choice question, the choices)."""

    line: int
    text: str
    number: int = 0
    choices: list[str] = field(default_factory=list)


def numbered_line(text: str) -> bool:
    """Whether a line begins with a clue's number ("3.", "Clue 3:")."""
    return bool(re.match(r"(?:clue\s*)?\d+\s*[.):]", text, re.IGNORECASE))


@dataclass(slots=True)
class Declared:
    """A category as its line declares it."""

    line: int
    description: str  # the words before its values ("Each person has a unique name", "Names")
    values: list[str]
    listed: bool  # a "Names: ..." line (named by its label), not a sentence
    frame: list[str] = field(default_factory=list)  # words each value came with ("one ate")
    people: bool = False  # the people's own category, with no names ("nationalities")


@dataclass(slots=True)
class Layout:
    """What the lines of a puzzle are."""

    size: int | None = None
    noun: str = ""  # what the positions are called: house, position, seat ("" for none)
    categories: list[Declared] = field(default_factory=list)
    clues: list[Line] = field(default_factory=list)
    questions: list[Line] = field(default_factory=list)
    notes: list[Line] = field(default_factory=list)  # sentences that are not clues
    irrelevant: bool = False  # the puzzle says some clues may be irrelevant


def _listed(text: str) -> bool:
    """Whether a line is a category's own: a short label, a colon, and values between commas."""
    match = _LIST.fullmatch(text.strip())
    return match is not None and len(match[1].split()) <= 3 and "," in match[2]


def _unwrapped(lines: list[str]) -> list[tuple[int, str]]:
    """The lines, each with its number, a line wrapped onto the next joined back to it: a line
    that ends mid-sentence (no full stop, colon or question mark) and a next line that starts
    no item of its own (a bullet, a number, a heading, a category's ``Label: values``)."""
    out: list[tuple[int, str]] = []
    for n, raw in enumerate(lines, 1):
        text = raw.rstrip()
        starts = re.match(r"\s*(?:[-*•#]|\d+\s*[.):]|\(\d+\)|(?:clue|choice|q|a)\b)", text, re.I)
        if (
            out
            and text.strip()
            and out[-1][1].strip()
            and not starts
            and not (_listed(text) and _listed(out[-1][1]))
            and not re.search(r"[.:?!]\**$", out[-1][1].strip())
            and not _HEADING.fullmatch(out[-1][1].strip().replace("**", ""))
        ):
            out[-1] = (out[-1][0], f"{out[-1][1]} {text.strip()}")
        else:
            out.append((n, text))
    return out


def layout(lines: list[str]) -> Layout:
    """The preamble, categories, clues and questions of a puzzle's lines."""
    found = Layout()
    in_clues = False
    preamble: list[str] = []
    for n, raw in _unwrapped(lines):
        text = raw.strip().replace("**", "").strip()
        if not text or set(text) <= set("-=*#_ "):
            continue
        if _HEADING.fullmatch(text):
            in_clues = True
            continue
        if text.startswith("#") and not _NUMBERED.fullmatch(text):
            heading = text.lstrip("#").strip()
            if not found.categories and not in_clues:
                preamble.append(heading)
            continue
        choice = re.fullmatch(r"(?:choice|option)\s*[:.)]\s*(.+)|\(?([A-Ha-h])[.):]\s+(.+)", text)
        if found.questions and choice and not numbered_line(text):
            found.questions[-1].choices.append(choice[1] or choice[3])
            continue
        if re.fullmatch(r"(?:a|answer)\s*:", text, re.IGNORECASE):  # an answer's empty slot
            continue
        if _is_question(text):
            asked, _, rest = text.partition("?")
            found.questions.append(Line(n, asked + "?"))
            if rest.strip():
                found.notes.append(Line(n, rest.strip()))
            continue
        numbered = _NUMBERED.fullmatch(text)
        if numbered and not (found.categories == [] and _categories_in(n, numbered[4], found)):
            said = numbered[1] or numbered[2] or numbered[3]
            if found.categories or in_clues:
                found.clues.append(Line(n, numbered[4], int(said)))
                continue
        if not in_clues and _categories_in(n, text, found):
            story = text[: text.find(":")].rpartition(". ")[0]
            preamble += [story] if story else []  # "5 people live in a row ... values are: "
            continue
        if not found.categories:
            preamble.append(text)
            continue
        bullet = _BULLET.fullmatch(text)
        body = bullet[1] if bullet else text
        if numbered:
            body = numbered[4]
        if "|" in body:  # a table to fill in (an answer's form), not a clue
            found.notes.append(Line(n, body))
            continue
        if re.search(r"\birrelevant\b|\bnot all (?:of the )?clues\b", body, re.IGNORECASE):
            found.irrelevant = True
            found.notes.append(Line(n, body))
            continue
        found.clues.append(Line(n, body, len(found.clues) + 1))
    _preamble(" ".join(preamble), found)
    return found


def _is_question(text: str) -> bool:
    """A question: it asks (what, which, who ...) and ends its sentence with a question mark."""
    return "?" in text and bool(_QUESTION_START.match(text))


def _categories_in(n: int, text: str, found: Layout) -> bool:
    """Category lines in ``text``, added to ``found``; whether there were any."""
    bullet = _BULLET.fullmatch(text)
    body = bullet[1] if bullet else text
    if ":" not in body:
        return False
    head, _, rest = body.partition(":")
    if ";" in rest and rest.count(":") >= 2:  # "The values are: names: A, B; drinks: C, D"
        parts = [p.strip() for p in re.split(r";\s*(?:and\s+)?", rest.strip().rstrip("."))]
        lists = [_LIST.fullmatch(p) for p in parts if p]
        if lists and all(lists):
            for match in lists:
                assert match is not None
                found.categories.append(Declared(n, match[1], _values(match[2]), True))
            return True
    values = _values(rest)
    if len(values) < 2 or len(head) > 120:
        return False
    if not bullet and not ("`" in rest or re.fullmatch(r"[A-Za-z][\w'() -]*", head.strip())):
        return False
    values, frame = _stripped(values)
    if any(len(tokens(v)) > 6 for v in values):  # sentences, not values
        return False
    listed = not bullet and len(head.split()) <= 3
    found.categories.append(Declared(n, head.strip(), values, listed, frame))
    return True


def _values(text: str) -> list[str]:
    """A list's values: in backticks when there are backticks, else between commas (a comma
    inside a number, ``$1,250``, parts nothing) and a last ``and`` or ``or``."""
    if "`" in text:
        return [" ".join(v.split()) for v in re.findall(r"`([^`]*)`", text)]
    text = text.strip().rstrip(".")
    if re.match(r"one\b", text, re.IGNORECASE):  # "one keeps a cat, one a dog and one a fish"
        text = re.sub(r",?\s+(?:and|or)\s+(?=one\b)", ", ", text, flags=re.IGNORECASE)
    parts = re.split(r",(?!\d{3}\b)|;", text)
    if len(parts) == 1:
        parts = re.split(r"\s+(?:and|or)\s+", text)
    values = [" ".join(p.split()) for p in parts]
    if values and re.match(r"(?:and|or) ", values[-1]):
        values[-1] = values[-1].split(" ", 1)[1]
    return [v.strip("'\"") for v in values if v]


def _stripped(values: list[str]) -> tuple[list[str], list[str]]:
    """A bullet sentence's values ("one had pizza and one ate spaghetti", "one is a cat
    lover"): what each says after "one", its verb and article, and before a holder's noun;
    and the words taken off (the category's own). Values not all said so come back as they
    are."""
    split = [v.split() for v in values]
    if not all(len(ws) > 1 and ws[0].lower() == "one" for ws in split):
        return values, []
    taken: list[str] = []
    out = []
    for ws in split:
        ws = ws[1:]
        while len(ws) > 1 and (ws[0].lower() in grammar.HAVE or ws[0].lower() in _LINKS):
            taken.append(ws.pop(0))
        out.append(" ".join(ws))
    return out, [w for w in taken if w.lower() not in ("a", "an", "the")]


_LINKS = frozenset(re.split(" ", "is are a an the wearing only also really usually always"))


def _preamble(text: str, found: Layout) -> None:
    """The number of positions and what they are called, from the preamble's words."""
    said = text.lower()
    for pattern in _SIZE:
        match = re.search(pattern, said)
        if match:
            counts = [_count(g) for g in match.groups() if g and _count(g) is not None]
            if counts:
                found.size = counts[-1]
                nouns = [g for g in match.groups() if g and singular(g) in _POSITION_NOUNS]
                if nouns:
                    found.noun = singular(nouns[-1])
                break
    if re.search(r"\birrelevant\b", said):
        found.irrelevant = True
    in_row = re.search(r"\b(?:in a row|in a line|numbered|from left to right|left to right|"
                       r"positions? 1|next to each other|side by side)\b", said)  # fmt: skip
    if in_row and not found.noun:
        noun = next((n for n in _POSITION_NOUNS if re.search(rf"\b{n}s?\b", said)), "position")
        found.noun = noun


def _count(word: str) -> int | None:
    """A count in digits or words (``3``, ``three``)."""
    return int(word) if word.isdigit() else grammar.COUNTS.get(word)


# -- categories --------------------------------------------------------------------------------

_DESCRIPTION_WORDS = frozenset(
    re.split(
        " ",
        "each every everyone everybody person people has have a an the unique different "
        "distinct is are their its in of for by with who all also type kind occupant occupants "
        "occupied attribute attributes characteristic characteristics one that there some them "
        "they something someone thing things",
    )
)
"""Words of a category's line that say nothing of which category it is."""


@dataclass(slots=True)
class Category:
    """One category: its name (the symbols' prefix), header, values and own words."""

    name: str
    label: str
    values: list[str]
    words: frozenset[str]  # its own words, singular and plural ("mother", "name", "keeper")
    person: bool  # its values name the people: a value named alone means the person


_UNIT_WORDS = {
    "money": "dollar dollars cent cents",
    "length": "foot feet inch inches ft long tall",
    "metric length": "meter meters metre metres centimeters centimetres long tall",
    "weight": "pound pounds lbs heavy",
    "metric weight": "gram grams kilogram kilograms kg heavy",
    "time": "minute minutes hour hours long",
    "age": "year years old",
}
"""Words said of an ordered category's values ("the 50-year-old", "14 feet long")."""


def _unit_words(values: list[str], said: set[str]) -> set[str]:
    """The words said of a category's values when they are quantities of one kind (an age:
    a category named so, or values in years)."""
    kinds = {q.kind if q else None for q in (read_quantity(v) for v in values)}
    kind = "age" if "age" in said else next(iter(kinds)) if len(kinds) == 1 else None
    return set(_UNIT_WORDS.get(kind or "", "").split())


def categories(declared: list[Declared], size: int) -> list[Category]:
    """The categories of a layout, each with ``size`` different values, named apart."""
    from .houses import characteristic

    out: list[Category] = []
    taken = {"house", POSITION}
    for d in declared:
        if len(d.values) != size:
            raise ParseError(
                f"line {d.line}: {len(d.values)} values, but "
                + (f"there are {size} positions" if out == [] else f"the first category has {size}")
            )
        if len({v.lower() for v in d.values}) != len(d.values):
            raise ParseError(f"line {d.line}: a value is named twice")
        if d.listed:
            name, label = d.description.lower(), d.description
            own = {s for w in tokens(d.description) for s in (w, singular(w))}
        else:
            name, label, _ = characteristic(d.description)
            own = {singular(w) for w in tokens(d.description)} - _DESCRIPTION_WORDS
        own |= {w.lower() for w in d.frame if w.lower() != "one"}
        said = {singular(w) for w in own}
        person = d.people or ("name" in said and said <= {"name", "first"})
        own |= _unit_words(d.values, said)
        for w in list(own):  # the verbs it has its values by: "keep" gives "keeper", "keeps"
            if w in grammar.HAVE or w in {x.lower() for x in d.frame}:
                own |= next((grammar.verb_forms(b) for b in grammar.HAVE_BASES
                             if w in grammar.verb_forms(b)), grammar.verb_forms(w))  # fmt: skip
            own.add(plural(w))
        base, k = name, 2
        while name in taken:
            name, k = f"{base}{k}", k + 1
        taken.add(name)
        out.append(Category(name, label, list(d.values), frozenset(own - {""}), person))
    return out


# -- finding the values a clue names -----------------------------------------------------------

_CLUES = grammar.compile_forms(grammar.CLUE_FORMS)
_QUESTIONS = grammar.compile_forms(grammar.QUESTION_FORMS)
_KNOWN = grammar.vocabulary(grammar.CLUE_FORMS) | grammar.vocabulary(grammar.QUESTION_FORMS)
_FREE = (
    rf"(?!(?:{'|'.join(sorted(grammar.RESERVED, key=len, reverse=True))}|@\d+|,|'s)(?: |$))"
    r"[a-z][a-z'-]*"
)
"""A word that may be a phrase's own noun or verb: none that changes a clue's meaning."""
_DET = r"(?:(?:the|a|an|some|their|his|her) )?"
_VERBS = (
    grammar.HAVE
    | set(grammar.STAYING)
    | frozenset(
        re.split(
            " ",
            "is are was were does do did has had who whose that which as of in at on to from "
            "with for by and or nor",
        )
    )
)
"""Words after a value that begin what is said of it, never a noun of its phrase."""


def _classes(text: str) -> frozenset[str]:
    return frozenset(re.split(" ", text))


_CLASSES: dict[str, frozenset[str]] = {
    "D": _classes("the a an some their his her exactly"),  # a determiner ("exactly 27 wins")
    "A": _classes("the a an"),  # an article
    "d": _classes("the a an their his her"),
    "W": _classes("who that which"),
    "S": _classes("whose"),
    "B": _classes("is are was were"),
    "I": _classes("is 's was"),  # "who is a", "who's a"
    "b": _classes("'s"),
    "G": grammar.AGENTS,  # "the tennis fan", "the owner of"
    "P": _classes("to of from in at for with as on by into"),
    "O": _classes("of"),
    "f": _classes("for"),
    "s": _classes("as"),
    "N": _classes("named called"),
    "M": _classes("many several various unique assorted"),
    "Y": _classes("only also really usually always exactly"),
    "L": _classes("favorite favourite own preferred"),
    "Z": _classes("partial fond keen"),  # "partial to", "fond of", "keen on"
    "E": _classes("with having owning from of in at on for to"),
    "l": _classes("living residing staying"),  # "the person living in"
    "u": _classes("lives is"),  # "the person who lives in" (after who, that)
    "n": _classes("in on"),
    "R": grammar.RESERVED,
    "K": _VERBS,  # words that begin what is said of a value: never its noun
}
"""The classes of words a noun phrase is made of; a word's tag lists the ones it is in, and
``F`` (its category's own words), ``V`` (a verb of having, or in the past), ``H`` (a noun the
puzzle names its people or things by) and ``w`` (a word) are added as it is read."""


def _t(c: str) -> str:
    """A word of class ``c``."""
    return rf"<[^>]*{c}[^>]*>"


_WORD = r"<(?=[^>]*w)[^>R]*>"  # a free word: none that changes a clue's meaning
_NOUN = r"<(?=[^>]*w)[^>RKp]*>"  # a free word that may end a phrase ("carnations arrangement")
_D = rf"(?:{_t('D')})?"
_HEAD = rf"(?:{_t('H')}|{_t('A')}{_WORD})"
_F = _t("F")
_OWN = r"<(?=[^>]*F)[^>KR]*>"  # its category's own word, not one that begins a clause
_PART = r"<(?=[^>]*V)[^>R]*>"  # a verb of having or a participle ("to go online in")
_MEASURE = rf"(?:{_t('A')}{_WORD}{_t('O')})?"  # "a bouquet of", "an aquarium of"
_VERB = rf"(?:{_t('Y')})?(?:{_t('B')})?(?:{_t('V')}){{1,2}}(?:{_t('P')})?{_MEASURE}(?:{_t('M')})*"
_LEFT = "|".join(
    (
        rf"{_D}{_HEAD}{_t('W')}{_VERB}{_D}(?:{_F})*",  # the person who keeps (the)
        rf"{_D}{_HEAD}{_t('W')}{_t('I')}{_D}(?:{_F}{_t('O')}{_D})?",  # the one who is a
        rf"{_D}{_HEAD}{_t('W')}(?=<@>{_t('s')})",  # the person who paints as a hobby
        rf"{_D}{_HEAD}{_t('Z')}{_t('P')}{_D}{_MEASURE}",  # the person partial to
        rf"{_D}{_HEAD}{_t('S')}(?:{_t('L')})?(?:{_F}|{_t('b')})+{_t('B')}(?:{_t('N')})?"
        rf"(?:{_t('n')})?{_D}",  # the person whose mother's name is
        rf"{_D}{_HEAD}(?:{_t('l')}|{_t('W')}{_t('u')})?{_t('E')}{_D}{_MEASURE}(?:{_F})*",  # with
        rf"{_D}{_t('H')}{_t('b')}(?:{_F})+{_t('B')}{_t('N')}",  # the person's child is named
        rf"{_t('D')}{_HEAD}{_t('V')}{_t('P')}{_D}{_MEASURE}(?:{_F})*",  # the movie directed by
        rf"{_t('A')}(?:{_t('H')}|{_WORD})(?:{_t('W')}(?:{_t('B')})?)?(?:{_OWN}|{_t('P')}|{_t('A')}|{_PART})*"
        rf"{_OWN}(?:{_t('P')})?{_D}",
        # the facility scheduled to go online in (its category's words, learned)
        rf"{_D}(?:{_F}|{_t('G')})+(?:{_t('O')}|{_t('f')}){_D}",  # the owner of the
        rf"{_t('d')}(?:{_F})+{_D}",  # the colour red
        rf"{_D}{_t('H')}{_t('N')}",  # the person named
        _t("D"),  # the
    )
)
_RIGHT = (
    rf"(?:{_F}|{_t('G')})*(?:{_t('H')}|{_NOUN})?(?:{_t('s')}(?:{_t('A')})?{_F})?"
    rf"(?:{_t('b')}(?:{_WORD})?)?"
)
_BARE_RIGHT = (  # a value that begins a clause takes no free noun: "Arnold frequently is"
    rf"(?:{_F}|{_t('G')})*(?:{_t('H')})?(?:{_t('s')}(?:{_t('A')})?{_F})?"
    rf"(?:{_t('b')}(?:{_WORD})?)?"
)
_DONE_BY = rf"{_t('A')}(?:{_t('H')}|{_WORD})<@>{_t('p')}(?!{_t('P')}|{_t('D')})"
"""A thing named by what a value did to it: "the comet Gilda Frank discovered"."""
_NOUN_PHRASE = re.compile(rf"{_DONE_BY}|(?:{_LEFT})<@>{_RIGHT}|<@>{_BARE_RIGHT}")
"""A value's noun phrase, over the tags of its words (the value at hand is ``<@>``)."""


_MOST_WAYS = 4
"""The most ways a clue may read: each is solved (with every other clue's ways)."""


class Unread(Exception):
    """A clue no form reads, or reads two ways: why, and the words not understood."""

    def __init__(self, why: str, unknown: list[str] | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.unknown = unknown or []


class Reader:
    """What the words of one puzzle's clues may name, and how they relate."""

    def __init__(
        self, size: int, noun: str, cats: list[Category], implicit: bool, nouns: set[str]
    ) -> None:
        self.size = size
        self.noun = noun or "position"
        self.cats = cats
        self.position = POSITION if implicit else (noun or "position")
        self.rows: list[tuple[str, ...]] = [
            tuple(f"{self.position}:{p}" for p in range(1, size + 1)),
            *(tuple(f"{c.name}:{v}" for v in c.values) for c in cats),
        ]
        self.own: list[frozenset[str]] = [frozenset(_POSITION_NOUNS) | {self.noun}]
        self.own += [c.words for c in cats]
        self.index: dict[tuple[str, ...], list[tuple[int, str]]] = {}
        self.exact: set[tuple[tuple[str, ...], str]] = set()  # a value's own words
        for k, c in enumerate(cats, 1):
            for value, symbol in zip(c.values, self.rows[k], strict=True):
                for form in value_forms(value):
                    self._add(form, k, symbol)
                self.exact |= {(tuple(tokens(value)), symbol)}
        for p, symbol in enumerate(self.rows[0], 1):
            for form in self._position_forms(p):
                self._add(form, 0, symbol)
        self.longest = max(len(f) for f in self.index)
        self.verbs: frozenset[str] = frozenset()  # verbs its clues say of values (``learn``)
        self.counted = [all(re.search(r"\d", v) for v in c.values) for c in cats]
        nouns |= set(grammar.PERSONS) | {self.noun, f"{self.noun}s"} | set(_POSITION_NOUNS)
        self.heads = "|".join(sorted(nouns, key=len, reverse=True))
        self.head_words = frozenset(nouns)
        self._ordered: Any = None  # the reader of comparisons, made when one is read
        self._seen: dict[tuple[str, ...], list[list[tuple[int, int, list[tuple[int, str]]]]]] = {}

    def learn(self, texts: list[str]) -> None:
        """The words a puzzle's clues put between a thing and one category's values, said of
        two values or more ("the facility scheduled to go online in 2017", "... in 2019"):
        that category's own words, as its line's are. None that may change a meaning."""
        said: dict[tuple[int, tuple[str, ...]], set[str]] = {}
        seen = [tokens(text) for text in texts]
        for ws in seen:
            last = 0
            for start, end, hit in self.found(ws)[0]:
                rows = {row for row, _ in hit}
                before, last = ws[max(last, start - 8) : start], end
                if len(rows) != 1:
                    continue
                row = rows.pop()
                words = _described(before, self.head_words)
                if words:
                    said.setdefault((row, words), set()).update(s for _, s in hit)
                k = start - 2 if start > 1 and ws[start - 1] in _CLAUSE_LINKS else start - 1
                if k >= 0 and _said_of(ws[k]):  # "starts in June", "costs $215"
                    said.setdefault((-1 - row, (ws[k],)), set()).update(s for _, s in hit)
                if row and self.counted[row - 1]:  # "125 attendees", "room 203"
                    noun = start > 1 and ws[start - 2] in _CLAUSE_LINKS | grammar.DETERMINERS
                    for w in (ws[start - 1] if noun else "", ws[end] if end < len(ws) else ""):
                        if _unit(w):
                            said.setdefault((row, (w,)), set()).update(s for _, s in hit)
        known = self.head_words | grammar.HAVE | grammar.PERSONS
        for (row, words), values in said.items():
            if row < 0 and (len(values) > 1 or sum(ws.count(words[0]) for ws in seen) > 1):
                self.verbs |= frozenset(words)  # (said again, if of another value's row)
            elif len(values) > 1:
                self.own[row] |= frozenset(words) - known

    def _add(self, form: tuple[str, ...], row: int, symbol: str) -> None:
        entry = self.index.setdefault(form, [])
        if (row, symbol) not in entry:
            entry.append((row, symbol))

    def _position_forms(self, p: int) -> set[tuple[str, ...]]:
        """How a clue names position ``p``: ``house 3``, ``the third house``, ``position 3``."""
        places = {str(p), *(w for w, i in grammar.COUNTS.items() if i == p)}
        ordinals = {f"{p}{_suffix(p)}", *(w for w, i in grammar.ORDINALS.items() if i == p)}
        if p == self.size:
            ordinals |= {"last", "rightmost"}
        if p == 1:
            ordinals |= {"leftmost"}
        if self.size % 2 and p == (self.size + 1) // 2:
            ordinals |= {"middle", "center", "centre"}
        found: set[tuple[str, ...]] = set()
        for noun in {self.noun, *_POSITION_NOUNS}:
            for place in places:
                found |= {(noun, place), (noun, "number", place), (noun, "no", place)}
            for o in ordinals:
                found |= {(o, noun), (o, "one")} if noun == self.noun else {(o, noun)}
        if p == 1:
            found |= {("far", "left"), ("the", "far", "left")}
        if p == self.size:
            found |= {("far", "right"), ("the", "far", "right")}
        return found

    def found(self, ws: list[str]) -> list[list[tuple[int, int, list[tuple[int, str]]]]]:
        """The ways to find the values named in these words, each a list of (start, end, the
        (row, symbol) each may be): one way, unless values overlap ("fish and chips and
        salsa": "fish and chips" and "salsa", or "fish" and "chips and salsa"). Found once per
        clue (the clue is looked at to learn its words, to note it, and to read it)."""
        key = tuple(ws)
        if key not in self._seen:
            self._seen[key] = self._found(ws)
        return self._seen[key]

    def _found(self, ws: list[str]) -> list[list[tuple[int, int, list[tuple[int, str]]]]]:
        spans = [
            (i, i + k, self._exactly(tuple(ws[i : i + k]), hit))
            for i in range(len(ws))
            for k in range(min(self.longest, len(ws) - i), 0, -1)
            if (hit := self.index.get(tuple(ws[i : i + k])))
        ]
        greedy = _leftmost(spans, 0)
        crossing = [b for a in spans for b in spans if a[0] < b[0] < a[1] < b[1]]
        ways = [greedy]
        for cut in crossing[:4]:  # values overlapping without one holding the other
            before = _leftmost([s for s in spans if s[1] <= cut[0]], 0)
            way = [*before, cut, *_leftmost(spans, cut[1])]
            if way not in ways:
                ways.append(way)
        return ways

    def _exactly(self, form: tuple[str, ...], hit: list[tuple[int, str]]) -> list[tuple[int, str]]:
        """The values words name: a value named by its own words before one they derive from
        ("the dancer" is the dancer, not the one whose hobby is dancing)."""
        exact = [h for h in hit if (form, h[1]) in self.exact]
        return exact or hit

    def reduce(
        self, ws: list[str], hits: list[tuple[int, int, list[tuple[int, str]]]] | None = None
    ) -> tuple[str, list[list[str]]]:
        """The clue with each value's phrase reduced to ``@i``, and the values, in order
        (each the values it may be: one, unless its words tell none)."""
        if hits is None:
            hits = self.found(ws)[0]
        parts: list[str] = []
        last = 0
        for i, (start, end, _) in enumerate(hits):
            parts += ws[last:start]
            parts.append(f"@{i}")
            last = end
        parts += ws[last:]
        text = " ".join(parts)
        symbols: list[list[str]] = []
        for i, (_, _, choices) in enumerate(hits):
            text, may = self._phrase(text, i, choices, ws[hits[i][0] : hits[i][1]])
            symbols.append(may)
        return text, symbols

    def _phrase(
        self, text: str, i: int, choices: list[tuple[int, str]], said: list[str]
    ) -> tuple[str, list[str]]:
        """Value ``i``'s noun phrase reduced to ``@i``, and which value it is (or, where its
        words and phrase tell none, each it may be): where the
        words could be several, the one whose category's own words, and no other's, are in its
        phrase (a verb of having tells none: "likes" may be said of many); a name alone is the
        person's, and a person is not had ("the jay owner" is the bird)."""
        text = re.sub(rf"@{i}(?!\d)", "@@", text)  # the value at hand, for the phrases
        ws = self._where().sub("@@", text).split(" ")
        bare = self._span(ws, frozenset())
        readings = []
        for row, symbol in choices:
            start, end = self._span(ws, self.own[row])
            others = set().union(*(self.own[r] for r, _ in choices if r != row))
            evidence = set(ws[start:end]) & self.own[row] - others - grammar.HAVE
            readings.append((bool(evidence), row, symbol, (start, end)))
        told = [r for r in readings if r[0]]
        phrase = ws[bare[0] : bare[1]]
        if not told:  # a person is not had: "the jay owner" is the bird's
            had = set(phrase) & (grammar.HAVE | grammar.AGENTS - grammar.PERSONS)
            things = [r for r in readings if not (r[1] and self.cats[r[1] - 1].person)]
            if had and things:
                readings = things
                told = readings if len(readings) == 1 else []
        if len(told) != 1 and len(readings) > 1:
            plain = [w for w in phrase if w not in ("the", "a", "an")] == ["@@"]
            people = [r for r in readings if r[1] and self.cats[r[1] - 1].person]
            # else it may be either: each is read, and the puzzle solved each way
            told = people if not told and plain and len(people) == 1 else told or readings
        _, row, symbol, (start, end) = told[0] if told else readings[0]
        text = self._where().sub("@@", " ".join([*ws[:start], "@@", *ws[end:]]))
        return text.replace("@@", f"@{i}"), [r[2] for r in told] if told else [symbol]

    def _span(self, ws: list[str], own: frozenset[str]) -> tuple[int, int]:
        """Where the noun phrase of the value at hand (``@@``) begins and ends in ``ws``, its
        category's own words ``own``: the phrases of ``_NOUN_PHRASE``, over the words' tags."""
        tags = [self._tags(w, own) for w in ws]
        line = "".join(tags)
        match = _NOUN_PHRASE.search(line)
        assert match is not None
        starts = list(itertools.accumulate((len(t) for t in tags), initial=0))
        return starts.index(match.start()), starts.index(match.end())

    def _tags(self, word: str, own: frozenset[str]) -> str:
        """A word as the phrases see it: ``<`` its classes ``>`` (see ``_CLASSES``)."""
        if word == "@@":
            return "<@>"
        if word.startswith("@"):
            return "<v>"
        found = [c for c, members in _CLASSES.items() if word in members]
        if word in own:
            found.append("F")
        if (
            word in own
            or word in grammar.HAVE
            or word in grammar.PAST
            or (word.endswith(("ed", "ing")) and word not in grammar.RESERVED)
        ):  # (in a phrase, a participle too: "the team leaving in May")
            found.append("V")
        if word in grammar.PAST or (word.endswith("ed") and word not in grammar.RESERVED):
            found.append("p")
        if word in self.head_words:
            found.append("H")
        if word.isalpha() or "'" in word[1:] or "-" in word:
            found.append("w")
        if "n't" in word or word in self.verbs:
            found.append("K")
        return "<" + "".join(found) + ">"

    @functools.cache  # noqa: B019 (a reader lives as long as its puzzle is read)
    def _where(self) -> re.Pattern[str]:
        """ "where A lives", "the house where A lives": the position of A, as A."""
        return re.compile(
            rf"(?<![^ ])(?:the (?:{self.heads}) )?(?:where|in which) {_DET}@@ "
            rf"(?:lives|live|sits|stays|(?:is|are)(?: (?:kept|drunk|[a-z]+ed))?)(?![^ ])"
        )

    # -- one clue -----------------------------------------------------------------------------

    def read(self, text: str, label: str = "clue") -> list[Clue]:
        """The constraints one clue says; Unread when it says none, or two different ones."""
        if _compares(text):  # an amount and its unit: the ordered categories' reader
            return self._compare(text, label)
        ws = tokens(text)
        readings: list[list[Clue]] = []
        failed: Unread | None = None
        for hits in self.found(ws):
            try:
                reduced, options = self.reduce(ws, hits)
            except Unread as e:
                failed = failed or e
                continue
            for symbols in itertools.islice(itertools.product(*options), _MOST_WAYS + 1):
                try:
                    read = self._readings(reduced, list(symbols))
                except Unread as e:  # these values cannot be so: others may
                    failed = failed or e
                    continue
                readings += [clues for clues in read if clues not in readings]
        if len(readings) == 1:
            return readings[0]
        if len(readings) > _MOST_WAYS:
            raise Unread(f"reads more than {_MOST_WAYS} ways: name its values apart")
        if len(readings) > 1:  # solved each way: the answer must come out the same
            return [Clue("?", (), readings=tuple(tuple(r) for r in readings))]
        if failed is not None:
            raise failed
        reduced, options = self.reduce(ws)
        raise self._refusal(reduced, [o[0] for o in options])

    def _readings(self, reduced: str, symbols: list[str]) -> list[list[Clue]]:
        """Every reading the clue forms give a reduced clue."""
        said = reduced + " "
        readings: list[list[Clue]] = []
        words = frozenset(said.split())
        for form in _CLUES:
            meaning, match = form.meaning, form.match(said, words, self.verbs)
            if match:
                clues = self._meaning(meaning, match, symbols)
                if clues not in readings:
                    readings.append(clues)
        listed = self._list(reduced, symbols)
        if listed and listed not in readings:
            readings.append(listed)
        return readings

    def _refusal(self, reduced: str, symbols: list[str]) -> Unread:
        """Why no form reads a reduced clue: a place past the positions, a side that may be
        near or far, the words not understood, or no form at all."""
        unknown = [
            w for w in reduced.split()
            if not w.startswith("@") and w != "," and w not in _KNOWN and _count(w) is None
            and not re.fullmatch(r"[a-z]+ed", w)
        ]  # fmt: skip
        nouns = "|".join(_POSITION_NOUNS)
        place = re.search(rf"\b(\w+) (?:{nouns})\b|\b(?:{nouns}) (?:number )?(\w+)\b", reduced)
        numbers = {*grammar.ORDINALS, *grammar.COUNTS, *map(str, range(100))}
        if place and (place[1] or place[2]) in numbers:
            word = place[1] or place[2]
            return Unread(f"{word!r} is not a {self.noun} (1 to {self.size})")
        side = re.search(r"\b(left|right) of\b", reduced)
        if side and not re.search(r"\b(somewhere|anywhere|directly|immediately|just)\b", reduced):
            return Unread(f"'{side[0]}' may mean directly {side[1]} or somewhere to the "
                          f"{side[1]}: say which ('directly', 'somewhere')")  # fmt: skip
        if unknown:
            return Unread("words not understood", list(dict.fromkeys(unknown)))
        shown = re.sub(r"@(\d+)", lambda m: _value(symbols[int(m[1])]), reduced)
        return Unread(f"no clue form reads {shown!r}")

    def _compare(self, text: str, label: str) -> list[Clue]:
        """A comparison ("paid $5 more than", "left 2 days after"), read by the reader of
        ordered categories, its rows counted from the positions' (row 0)."""
        from .baron import Reader as Ordered

        if self._ordered is None:
            self._ordered = Ordered(tuple(c.name for c in self.cats), tuple(self.rows[1:]))
        try:
            read = self._ordered.read(text, label)
        except ParseError as e:
            raise Unread(str(e).split(": ", 1)[-1]) from None
        return [Clue(c.kind, c.symbols, c.amount, c.row + 1) if c.kind in ("+", "more") else c
                for c in read]  # fmt: skip

    def _meaning(self, meaning: str, match: re.Match[str], symbols: list[str]) -> list[Clue]:
        """The constraints a form's meaning says of the values it matched."""
        got = {k: symbols[int(v[1:])] for k, v in match.groupdict().items() if v and k in "ABCD"}
        a, b, c, d = (got.get(k, "") for k in "ABCD")
        first, last = self.rows[0][0], self.rows[0][-1]
        if meaning == "at end":
            return [Clue("|", (a, first, last))]
        if meaning == "not at end":
            return [Clue("!", (a, first)), Clue("!", (a, last))]
        if meaning == "between":
            return [Clue("B", (a, b, c))]
        if meaning == "between in order":
            return [Clue("<", (b, a)), Clue("<", (a, c))]
        if meaning == "neither":  # A and B are two people, and neither is C
            return [Clue("!", (a, b, c))]
        if meaning in ("either", "either of"):
            if meaning == "either of":  # "either A or B is C": C is A or B
                a, b, c = c, a, b
            clues = [Clue("|", (a, b, c))]
            if self._row(b) != self._row(c):  # exactly one of them is so
                clues.append(Clue("!", (b, c)))
            return clues
        kind, order = grammar.MEANINGS[meaning]
        values = tuple((a, b, c, d)[k] for k in order)
        if meaning in ("apart", "gap"):
            k = _count(match["K"]) or 0
            amount = k + 1 if meaning == "gap" else k
            if not 1 <= amount < self.size:
                raise Unread(f"{match['K']!r} {'between' if meaning == 'gap' else 'apart'} does "
                             f"not fit {self.size} positions")  # fmt: skip
            return [Clue("D", values, amount)]
        if kind == "=" and self._row(values[0]) == self._row(values[1]):
            raise Unread("two values of one category cannot be one")
        return [Clue(kind, values)]

    def _list(self, reduced: str, symbols: list[str]) -> list[Clue] | None:
        """ "The four were A, B, C and D": all different, when the count says as many."""
        match = re.fullmatch(r"(?:the )?(\w+) (?:\w+ )?(?:are|were|was) ((?:@\d+ (?:, )?)+)"
                             r"(?:, )?and (@\d+)", reduced)  # fmt: skip
        after = re.fullmatch(r"((?:@\d+ (?:, )?)+)(?:, )?and (@\d+) (?:are|were) (all|\w+) "
                             r"different (\w+)", reduced)  # fmt: skip
        if after:  # "A, B and C are all (three) different people"
            said, named = after[3], re.findall(r"@\d+", after[1] + after[2])
        elif match:
            said, named = match[1], re.findall(r"@\d+", match[2] + match[3])
        else:
            return None
        count = len(named) if said == "all" else _count(said)
        if count is None or count != len(named):
            raise Unread(f"it says {said} but lists {len(named)}")
        return [Clue("!", tuple(symbols[int(v[1:])] for v in named))]

    def _row(self, symbol: str) -> int:
        return next(r for r, row in enumerate(self.rows) if symbol in row)


_CLAUSE_LINKS = frozenset(re.split(" ", "who that which whom will be is are was were to of from in "
                                   "at on for with by into about as"))  # fmt: skip
"""The small words of a clause that describes a thing: never learned as a category's own."""


def _said_of(word: str) -> bool:
    """Whether a word before a value may be a verb in the present said of it ("starts")."""
    return (
        len(word) > 3 and word.isalpha() and word.endswith("s") and not word.endswith("ss")
        and word not in grammar.RESERVED and word not in _VERBS and word not in _CLAUSE_LINKS
        and word not in grammar.NEGATIVE_VERBS and word not in grammar.DETERMINERS
    )  # fmt: skip


def _unit(word: str) -> bool:
    """Whether a word next to a number may be what it counts ("125 attendees", "room 203")."""
    return (
        word.isalpha() and word not in grammar.RESERVED and word not in _VERBS
        and word not in grammar.PAST and not word.endswith("ed") and word not in _CLAUSE_LINKS
        and word not in grammar.DETERMINERS and word not in grammar.NEGATIVE_VERBS
    )  # fmt: skip


def _described(before: list[str], heads: frozenset[str]) -> tuple[str, ...]:
    """The describing words between a thing and a value ("the facility | scheduled to go online
    in | 2017"): none if any may change a meaning, or no article and noun begin them."""
    found: tuple[str, ...] = ()
    for k in range(len(before) - 2, -1, -1):  # the farthest article whose clause is all free
        if before[k] in ("the", "a", "an") or (before[k] == "'s" and before[k + 1] in heads):
            clause = before[k + 2 :]
            while clause and clause[-1] in grammar.DETERMINERS:
                clause = clause[:-1]
            if any(
                w in grammar.RESERVED
                or w in grammar.NEGATIVE_VERBS
                or "'" in w
                or not w.isalpha()
                or w in ("and", "or", "nor", "but")
                for w in clause
            ):
                break
            found = tuple(w for w in clause if w not in _CLAUSE_LINKS | grammar.DETERMINERS)
    return found


_HEAD_PLACES = re.compile(
    r"(?:^|\s)(?:'s|the|a|an|each|every) ([a-z]+) (?:who|whom|that|whose|which|from|with|of|in|"
    r"at|on|by|to|for|'s|is|was|[a-z]+ed)\b"
)


def entity_nouns(texts: list[str]) -> set[str]:
    """The nouns a puzzle's clues call its people or things by ("the boat from Cork", "Kai's
    boat", "the passenger who"): a phrase of a value may end in one ("the black boat")."""
    found: set[str] = set()
    for text in texts:
        ws = tokens(text)
        said = " ".join(ws)
        found |= {m for m in _HEAD_PLACES.findall(said)}
        found |= set(re.findall(r"'s ([a-z]+)\b", said))
        for the, noun, then in zip(ws, ws[1:], ws[2:], strict=False):  # "the animal bought"
            if the in ("the", "a", "an") and (then in grammar.PAST or then.endswith("ing")):
                found.add(noun)
    return {
        w for w in found
        if w not in grammar.RESERVED and w not in grammar.HAVE and w not in _KNOWN_GLUE
    }  # fmt: skip


_KNOWN_GLUE = frozenset(re.split(" ", "is are was were the a an who that which whose one"))


def _compares(text: str) -> bool:
    """Whether a clue compares two values of an ordered category ("$5 more than", "later")."""
    if not grammar.COMPARING & set(tokens(text)):  # (the reader of quantities loads only then)
        return False
    from .baron import is_comparison

    return is_comparison(text)


def _leftmost(
    spans: list[tuple[int, int, list[tuple[int, str]]]], start: int
) -> list[tuple[int, int, list[tuple[int, str]]]]:
    """From ``start`` on, the longest value at each place, left to right."""
    way = []
    for span in spans:
        if span[0] >= start:
            way.append(span)
            start = span[1]
    return way


def _value(symbol: str) -> str:
    return symbol.split(":", 1)[1] if ":" in symbol else symbol


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


# -- questions ---------------------------------------------------------------------------------


def _question(line: Line, reader: Reader) -> Question:
    """What a question asks: a category (or the position, row 0) of one value or position."""
    text = re.sub(r"^(?:\d+[.)]\s*|question\s*\d*\s*[:.]\s*)", "", line.text, flags=re.I)
    asked = text.rstrip("?").strip()
    reduced, symbols = reader.reduce(tokens(asked))
    said = reduced + " "
    words = frozenset(said.split())
    for form in _QUESTIONS:
        meaning, match = form.meaning, form.match(said, words)
        if not match:
            continue
        may = symbols[int(match["A"][1:])]
        if len(may) > 1:
            raise Unread(f"{_value(may[0])!r} may be several values: name it so it is one")
        subject = may[0]
        choices = tuple(line.choices)
        if meaning == "where":
            return Question(text, 0, subject, choices)
        if meaning == "who":
            people = [k for k, c in enumerate(reader.cats, 1) if c.person]
            if len(people) != 1:
                raise Unread("'who' asks for a person's name, and no category is the names")
            return Question(text, people[0], subject, choices)
        row = _asked_row(match["CAT"], reader)
        if row is not None:
            return Question(text, row, subject, choices)
    raise Unread(
        "no question form reads it (questions read like: What is the name of the person who "
        "lives in House 1? Which house does Eric live in? Who owns the fish?)"
    )


def _asked_row(text: str, reader: Reader) -> int | None:
    """The category a question's words name (``name``, ``favorite smoothie``, ``house number``)."""
    said = {s for w in tokens(text) for s in singulars(w)}
    said -= {"the", "a", "an", "favorite", "favourite", "person", "'s"}
    if said <= {reader.noun, "house", "position", "number"}:
        return 0
    scores = [len(said & c.words) for c in reader.cats]
    best = max(scores)
    top = [k for k, score in enumerate(scores, 1) if score == best]
    if len(top) > 1:  # "name" is the names', not the mothers' names'
        top = [k for k in top if {singular(w) for w in reader.cats[k - 1].words} <= said] or top
    return top[0] if best and len(top) == 1 else None


# -- the puzzle --------------------------------------------------------------------------------


def _unlisted(lines: list[str]) -> Layout:
    """A puzzle that lists no values (the 1962 Zebra puzzle): its sentences, the one that
    names the categories, and their values found in the clues (``unlisted``)."""
    from . import unlisted

    found = Layout()
    sentences: list[tuple[int, str]] = []
    for n, raw in _unwrapped(lines):
        text = re.sub(r"^\s*>\s?", "", raw).strip().replace("**", "")
        if not text or text.startswith("#") or _HEADING.fullmatch(text) or text.startswith("—"):
            continue
        numbered = _NUMBERED.fullmatch(text)
        bullet = _BULLET.fullmatch(text)
        body = numbered[4] if numbered else bullet[1] if bullet else text
        for said in re.split(r"(?<=[.?!])\s+(?=[A-Z])", body):
            asked = re.sub(r"^(?:now|so|then|finally),?\s+", "", said, flags=re.IGNORECASE)
            if asked.endswith("?") and _QUESTION_START.match(asked):
                found.questions.append(Line(n, asked[0].upper() + asked[1:]))
            elif said.endswith(":"):
                continue  # "The following 15 statements are all known to be true:"
            else:
                sentences.append((n, said))
    named = unlisted.categories_named([s for _, s in sentences])
    if named is None:
        raise ParseError(
            "no categories: list each with its values, as `- Each person has a unique name: "
            "Arnold, Eric, Peter` or `Names: Arnold, Eric, Peter`"
        )
    _preamble(" ".join(s for _, s in sentences), found)
    if found.size is None:
        raise ParseError("no category lists, and no sentence says how many positions there are")
    naming = {n for n, s in sentences if "different" in s.lower()}
    clues = [(n, s) for n, s in sentences if n not in naming]
    texts = [s for _, s in clues] + [q.text for q in found.questions]
    unlisted.find_values(named, texts, found.size)
    for cat in named:
        words = " ".join(cat.words) or "category"
        found.categories.append(Declared(min(naming), words, cat.values, True,
                                         sorted(cat.verbs), people=cat.people))  # fmt: skip
    found.clues = [Line(n, s, k) for k, (n, s) in enumerate(clues, 1)]
    return found


def parse_prose(lines: list[str], style: str = "english") -> Zebra:
    """A logic grid in English: its categories, its clues read by the grammar, its questions."""
    found = layout(lines)
    if not found.categories:
        found = _unlisted(lines)
    size = found.size or len(found.categories[0].values)
    if size < 2 or len(found.categories) < 1:
        raise ParseError("a logic grid needs at least 2 positions and a category")
    cats = categories(found.categories, size)
    check_grid_size(len(cats) + 1, size)
    implicit = not found.noun
    nouns = entity_nouns([line.text for line in found.clues])
    nouns |= {
        w for d in found.categories if d.listed for t in tokens(d.description)
        for w in (t, singular(t)) if w not in grammar.RESERVED and w not in _VERBS
    }  # "the amphibian purchased in ...", of a category named amphibians  # fmt: skip
    reader = Reader(size, found.noun, cats, implicit, nouns)
    reader.learn([line.text for line in found.clues])
    clues: list[Clue] = []
    notes = [(line.line, line.text) for line in found.notes]
    for line in found.clues:
        where = f"clue {line.number} (line {line.line}) {line.text!r}"
        if not any(reader.found(tokens(line.text))) and not _compares(line.text):
            notes.append((line.line, line.text))  # names no value: no clue, said so
            continue
        try:
            read = reader.read(line.text, f"clue {line.number} (line {line.line})")
        except Unread as e:
            listed = f": {', '.join(map(repr, e.unknown))}" if e.unknown else ""
            raise ParseError(f"{where}: {e.why}{listed}") from None
        if implicit and any(
            speaks_of_positions(c, reader.rows[0])
            for r in read
            for c in (r, *(c for way in r.readings for c in way))
        ):  # no row was said: "next to" would guess one
            raise ParseError(
                f"{where}: it places things in a row, but the puzzle says of no row: say "
                "how they stand ('4 people sit in a row, in seats 1 to 4')"
            )
        clues += [replace(c, source=line.text, line=line.line) for c in read]
    questions = []
    for line in found.questions:
        try:
            questions.append(_question(line, reader))
        except Unread as e:
            listed = f": {', '.join(map(repr, e.unknown))}" if e.unknown else ""
            raise ParseError(
                f"line {line.line}: cannot read the question {line.text!r}: {e.why}{listed}"
            ) from None
    names = (reader.position, *(c.name for c in cats))
    labels = (reader.position.capitalize(), *(c.label for c in cats))
    notes.sort()
    puzzle = Zebra(tuple(reader.rows), (), names, "implicit" if implicit else "given", labels,
                   tuple(questions), style, tuple(notes))  # fmt: skip
    if implicit:
        return arranged(puzzle, tuple(clues))
    return replace(puzzle, clues=tuple(clues))
