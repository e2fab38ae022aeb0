"""Logic grids that list no values, as the 1962 Zebra puzzle is printed: the categories are
named in a sentence ("each of the five houses is painted a different color, and their
inhabitants are of different national extractions, own different pets, drink different
beverages and smoke different brands of cigarettes"), and each category's values are found
in the clues and questions by the words that sentence gives it: its verb ("drinks tea", "Coffee
is drunk", "the Old Gold smoker"), its noun ("the red house"), and, for the people's own
category, the one left with no verb (`The Englishman lives ...`). Each category must come out
with exactly as many values as there are positions, or the puzzle is refused, naming what was
found: the layout is then read as any other (``prose``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import ParseError
from . import relations as grammar
from .english import singular

_CHUNK = re.compile(r",\s*(?:and\s+)?|\s+and\s+(?=(?:[a-z]+ ){1,3}different)")
_STOP = frozenset(
    re.split(" ", "the a an of in to each every their its is are be different american brands")
)
_PEOPLE = frozenset(re.split(" ", "inhabitants residents people occupants owners men women"))
_NOT_VALUES = frozenset(
    re.split(
        " ",
        "house houses man woman person people one first second third fourth fifth last "
        "middle next left right other same who that which",
    )
)


@dataclass(slots=True)
class Named:
    """A category a sentence names: its words, its verbs, and the values found for it."""

    words: list[str]  # its nouns ("pets", "beverages", "color")
    verbs: set[str]  # every form of its verbs ("own", "owns", "owned", "owner")
    houses: bool = False  # said of the houses themselves ("painted a different color")
    people: bool = False  # the people's own (no verb: "of different national extractions")
    values: list[str] = field(default_factory=list)

    def add(self, value: str) -> None:
        """A value found for it, once (a plural and its singular are one)."""
        value = value.strip()
        key = singular(value.lower())
        if value and key not in {singular(v.lower()) for v in self.values}:
            self.values.append(value)


def categories_named(sentences: list[str]) -> list[Named] | None:
    """The categories the sentences name with "different" (two or more in all), or None."""
    found: list[Named] = []
    for sentence in sentences:
        if "different" not in sentence.lower():
            continue
        for chunk in _CHUNK.split(sentence):
            words = re.findall(r"[a-z]+", chunk.lower())
            if "different" not in words:
                continue
            after = words[words.index("different") + 1 :]
            if after and after[0] in _PEOPLE | {"man", "woman", "person", "resident"}:
                continue  # "a different man lives in each house": the people, no category
            verbs = set()
            for w in words[: words.index("different")]:
                base = next((b for b in grammar.HAVE_BASES if w in grammar.verb_forms(b)), None)
                if base:
                    verbs |= grammar.verb_forms(base)
            nouns = [w for w in after if w not in _STOP]
            houses = "house" in words or "houses" in words or "painted" in words
            found.append(  # (the houses' own is found by its noun: "the red house")
                Named(nouns, set() if houses else verbs, houses, not verbs and not houses)
            )
    return found if len(found) >= 2 else None


def _phrase_after(text: str, start: int) -> str:
    """The words of a value that begin at ``start``: up to a preposition, a clause's end or a
    relation's word."""
    rest = text[start:]
    stop = re.search(
        r"\s+(?:in|on|at|with|next|and|to|lives?|is|are|drinks?|smokes?|owns?|who)\b|[.,?;]|$",
        rest,
    )
    assert stop is not None
    return rest[: stop.start()].strip()


def find_values(named: list[Named], texts: list[str], size: int) -> None:
    """Each category's values, by its words in the clues and questions; ParseError when a
    category does not come out with ``size`` of them."""
    for text in texts:
        plain = text.rstrip(".?!")
        for cat in named:
            acts = sorted((v for v in cat.verbs if not v.endswith(("er", "ers"))), key=len,
                          reverse=True)  # fmt: skip
            verbs = "|".join(acts)
            if cat.verbs:
                for m in re.finditer(rf"\b(?:{verbs})\s+(?:the\s+|a\s+|an\s+)?(?=[A-Za-z])", plain,
                                     re.IGNORECASE):  # fmt: skip
                    said = _phrase_after(plain, m.end())
                    if (
                        said
                        and said.lower() not in _NOT_VALUES
                        and not said.lower().startswith("in ")
                    ):
                        cat.add(said)
                for m in re.finditer(rf"([A-Za-z][\w ]*?)\s+(?:is|are)\s+(?:{verbs})\b", plain):
                    said = re.sub(r"^(?:.*\b(?:where|that|which)\s+)?(?:the\s+|a\s+)?", "",
                                  m[1], flags=re.IGNORECASE)  # fmt: skip
                    if said and said.lower() not in _NOT_VALUES and len(said.split()) <= 2:
                        cat.add(said)
                agents = "|".join(v for v in cat.verbs if v.endswith(("er", "ers")))
                for m in re.finditer(rf"\b(?:the\s+)?((?:[A-Za-z][\w]*\s+)+?)(?:{agents})\b",
                                     plain) if agents else ():  # fmt: skip
                    said = re.sub(r"^(?:.*\b)?(?:The|the)\s+", "", m[1].strip())
                    if said and said.lower() not in _NOT_VALUES and len(said.split()) <= 2:
                        cat.add(said)
            if cat.houses:
                for m in re.finditer(r"\bthe\s+([a-z]+)\s+house\b", plain, re.IGNORECASE):
                    if m[1].lower() not in _NOT_VALUES:
                        cat.add(m[1])
    people = [c for c in named if c.people]
    taken = {singular(v.lower()) for c in named for v in c.values}
    firsts = {v.split()[0].lower() for c in named for v in c.values}
    for text in texts:  # the people's own: a capitalised subject no other category has
        for m in re.finditer(r"(?:^|[.?!]\s+|,\s+)(?:Now,\s+)?(?:The|the)\s+([A-Z][a-z]+)\b", text):
            word = m[1].lower()
            if len(people) == 1 and singular(word) not in taken and word not in firsts:
                people[0].add(m[1])
    short = [c for c in named if len(c.values) < size]
    if len(short) == 1:  # what is left: the values found only with no verb of theirs
        taken = {singular(v.lower()) for c in named for v in c.values}
        for text in texts:
            for m in re.finditer(r"\b(?:with|where)\s+the\s+([a-z]+)\b", text):
                if singular(m[1]) not in taken and m[1] not in _NOT_VALUES:
                    short[0].add(m[1])
    for cat in named:  # "Coffee is drunk": a capital that only begins a sentence goes
        lower = sum(v[:1].islower() for v in cat.values)
        if lower * 2 > len(cat.values):
            cat.values = [v[0].lower() + v[1:] if " " not in v else v for v in cat.values]
    for cat in named:
        if len(cat.values) != size:
            said = ", ".join(cat.values) or "none"
            raise ParseError(
                f"no category lists, and the clues name {len(cat.values)} values of "
                f"{' '.join(cat.words) or 'a category'}, not {size} ({said}): list the "
                "categories and their values"
            )
