"""English for the logic-grid readers: words, plurals, articles, number words and ordinals, so
that a clue's words meet the values the puzzle declares however they are inflected."""

from __future__ import annotations

import re

ARTICLES = frozenset({"the", "a", "an"})

_COUNTS = "zero one two three four five six seven eight nine ten eleven twelve"
NUMBERS = {w: i for i, w in enumerate(_COUNTS.split(" "))}
_PLACES = "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
ORDINALS = {w: i for i, w in enumerate(_PLACES.split(" "))}
_IRREGULAR = {
    "child": "children",
    "person": "people",
    "man": "men",
    "woman": "women",
    "mouse": "mice",
    "goose": "geese",
    "foot": "feet",
    "tooth": "teeth",
    "fish": "fish",
    "sheep": "sheep",
    "deer": "deer",
    "wolf": "wolves",
    "leaf": "leaves",
    "knife": "knives",
    "calf": "calves",
}
_SINGULAR = {plural: one for one, plural in _IRREGULAR.items()}
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*")


def words(text: str) -> list[str]:
    """The words of a text, in lower case, without punctuation, backticks or quotes (a hyphen
    parts words: ``Ranch-style``, ``F-150``); a possessive ``'s`` stays with its word."""
    text = text.lower().replace("\u2019", "'").replace("`", " ")
    return [w.strip("'") for w in _WORD.findall(text) if w.strip("'")]


def plural(word: str) -> str:
    """The plural of a noun, as the clues write it (``horse``: ``horses``, ``box``: ``boxes``,
    ``lily``: ``lilies``, ``child``: ``children``)."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def singular(word: str) -> str:
    """A plural noun's singular, for matching and headers (``genres``: ``genre``); a word that
    is not plural comes back as it is."""
    word = word.removesuffix("'s").removesuffix("'")
    if word in _SINGULAR:
        return _SINGULAR[word]
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and re.search(r"(ss|x|z|ch|sh)es$", word):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def singulars(word: str) -> set[str]:
    """Every singular a plural may have come from (``lilies``: ``lily``, ``smoothies``:
    ``smoothie``, ``irises``: ``iris``), the word itself included: a reader tries them all."""
    word = word.removesuffix("'s").removesuffix("'")
    found = {word, singular(word)}
    if word in _SINGULAR:
        found.add(_SINGULAR[word])
    if len(word) > 2 and word.endswith("s") and not word.endswith("ss"):
        found.add(word[:-1])
        if word.endswith("es"):
            found.add(word[:-2])
        if word.endswith("ies"):
            found.add(word[:-3] + "y")
    return found


def forms(value_words: list[str]) -> set[tuple[str, ...]]:
    """The word sequences that name a value: as declared, its last word in the plural, and
    (for a value declared in the plural) in the singular."""
    *head, last = value_words
    return {tuple(value_words), (*head, plural(last))} | {(*head, s) for s in singulars(last)}


def number(word: str) -> int | None:
    """A count or a place: ``3``, ``three``, ``third``, ``3rd``; None for any other word."""
    if word.isdigit():
        return int(word)
    if word in NUMBERS:
        return NUMBERS[word]
    if word in ORDINALS:
        return ORDINALS[word]
    found = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", word)
    return int(found[1]) if found else None


def ordinal(n: int) -> str:
    """A place in words: 1: ``first`` ... 12: ``twelfth``, beyond: ``13th``."""
    names = {i: w for w, i in ORDINALS.items()}
    return names.get(n, f"{n}th")


def count(n: int) -> str:
    """A count in words: 1: ``one`` ... 12: ``twelve``, beyond: digits."""
    names = {i: w for w, i in NUMBERS.items()}
    return names.get(n, str(n))
