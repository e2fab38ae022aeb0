"""Logic grids written in English in the "houses" layout (ZebraLogic's and its relatives'):
how it is told apart and written (its reading is ``prose``'s, as every English layout's):

    There are 3 houses, numbered 1 to 3 from left to right, as seen from across the street. ...
     - Each person has a unique name: `Arnold`, `Eric`, `Peter`
     - The people keep unique animals: `horse`, `cat`, `bird`
    ## Clues:
    1. The person who keeps horses is directly left of Eric.
    2. There is one house between Arnold and the cat lover.
    What is the name of the person who lives in House 1?

Its bullets name the characteristics (``characteristic``); ``make_houses`` writes made puzzles
in it, with phrases for their values (``HOUSES_WORDS``).
"""

from __future__ import annotations

import random
import re
import zlib
from typing import Any

from ..contract import GenerateError
from ..puzzles.zebra import Clue, Question, Zebra, made
from .english import count, ordinal, plural, singular, words

_HOUSES = re.compile(r"there are (\w+) houses", re.IGNORECASE)


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


def detect(lines: list[str]) -> bool:
    """Whether a text is in the houses layout: "There are N houses", or bullets of values."""
    if any(_HOUSES.search(line) for line in lines[:20]):
        return True
    return sum(bool(re.match(r"\s*[-*•]\s*[^:]+:\s*\S", line)) for line in lines) >= 2


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
    own = (f"the person whose {name.replace('-', ' ')} is {{v}}",)  # (a characteristic read)
    templates = next((t for b, _, t in HOUSES_WORDS if characteristic(b)[0] == name), own)
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
        bullet = bullets.get(name) or f"Each person has a unique {name.replace('-', ' ')}"
        lines.append(f" - {bullet}: " + ", ".join(f"`{v}`" for v in values))
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
