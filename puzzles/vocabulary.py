"""Words for made puzzles: categories and values a person reads more easily than symbols."""

from __future__ import annotations

import random

ZEBRA_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("colour", ("red", "green", "blue", "yellow", "white", "black", "orange", "purple", "pink",
                "brown", "grey", "cyan")),
    ("pet", ("dog", "cat", "bird", "fish", "horse", "rabbit", "hamster", "turtle", "snake",
             "parrot", "ferret", "lizard")),
    ("drink", ("tea", "coffee", "milk", "water", "juice", "cocoa", "lemonade", "cider", "soda",
               "beer", "wine", "smoothie")),
    ("name", ("ann", "bob", "cleo", "dan", "eve", "finn", "gus", "hana", "ivan", "jade", "kai",
              "lena")),
    ("nationality", ("english", "spanish", "japanese", "norwegian", "ukrainian", "italian",
                     "german", "french", "danish", "polish", "irish", "greek")),
    ("sport", ("tennis", "golf", "chess", "rugby", "hockey", "cricket", "rowing", "boxing",
               "judo", "cycling", "skiing", "archery")),
    ("food", ("bread", "cheese", "pasta", "rice", "soup", "salad", "pizza", "curry", "sushi",
              "tacos", "stew", "pie")),
    ("car", ("ford", "fiat", "audi", "volvo", "honda", "kia", "mazda", "tesla", "saab", "skoda",
             "seat", "opel")),
    ("flower", ("rose", "tulip", "lily", "daisy", "iris", "orchid", "poppy", "lotus", "aster",
                "dahlia", "peony", "lilac")),
    ("job", ("baker", "doctor", "pilot", "farmer", "nurse", "judge", "chef", "tailor", "miner",
             "artist", "teacher", "sailor")),
    ("instrument", ("piano", "violin", "guitar", "flute", "drum", "harp", "cello", "oboe",
                    "banjo", "trumpet", "organ", "tuba")),
    ("city", ("paris", "rome", "oslo", "lima", "cairo", "delhi", "tokyo", "quito", "kyiv", "riga",
              "bern", "dakar")),
    ("fruit", ("apple", "pear", "plum", "peach", "mango", "lemon", "cherry", "grape", "melon",
               "kiwi", "fig", "lime")),
    ("hobby", ("reading", "knitting", "baking", "hiking", "fishing", "painting", "singing",
               "dancing", "gardening", "sewing", "juggling", "pottery")),
)  # fmt: skip
"""Categories and values for made logic grids, every word distinct: 15 categories (with the
houses) of up to 12 values; beyond that, numbered names (``colour-13``, ``trait16-1``)."""


def zebra_categories(k: int, n: int, rng: random.Random) -> list[tuple[str, list[str]]]:
    """``k`` categories of ``n`` values: the houses 1..n, then categories from the vocabulary
    in a random order, each with ``n`` of its values in a random order (numbered beyond it)."""
    chosen = rng.sample(ZEBRA_WORDS, min(k - 1, len(ZEBRA_WORDS)))
    cats = [("house", [str(i) for i in range(1, n + 1)])]
    for name, words in chosen:
        values = (
            rng.sample(words, n) if n <= len(words) else [f"{name}-{i}" for i in range(1, n + 1)]
        )
        cats.append((name, values))
    for extra in range(len(cats), k):
        cats.append((f"trait{extra + 1}", [f"trait{extra + 1}-{i}" for i in range(1, n + 1)]))
    return cats
