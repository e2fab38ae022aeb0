"""The grammar of logic-grid English, as data: how a phrase names one value (the noun phrases
around it), how a clue relates the values it names, and how a question asks for one.

Each form is a line of words read by ``compile_form``: ``A``, ``B``, ``C``, ``D`` stand for the
values a clue names (each already reduced from its noun phrase), ``K`` for a count in digits or
words, ``(x|y z)`` for one of some words, ``[x|y]`` for an optional one, and the capitalised
names in ``WORDS`` for a class of words. To read a new wording, add a line here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .english import NUMBERS
from .english import ORDINALS as ORDINALS  # (the grammar's too)

# -- classes of words -------------------------------------------------------------------------

_HAVE_VERBS = (
    "keep own have like love enjoy prefer drink eat play drive smoke wear read use grow collect "
    "favor favour adore fancy ride speak study practice practise raise breed watch listen sing "
    "cook bake paint write teach fly sail visit drink support follow choose pick order buy "
    "bring take make work go get pay cost win earn spend score sell hold buy weigh measure last "
    "belong do"
)
"""Verbs by which a person has a value ("keeps horses", "drives a Ford"), in their base form."""

_IRREGULAR_FORMS = {
    "have": ("has", "had", "having"),
    "eat": ("ate", "eaten", "eater"),
    "drink": ("drank", "drunk", "drinker"),
    "drive": ("drove", "driven", "driver"),
    "ride": ("rode", "ridden", "rider"),
    "speak": ("spoke", "spoken", "speaker"),
    "read": ("reader",),
    "wear": ("wore", "worn", "wearer"),
    "grow": ("grew", "grown", "grower"),
    "keep": ("kept", "keeper"),
    "buy": ("bought", "buyer"),
    "bring": ("brought",),
    "take": ("took", "taken"),
    "make": ("made", "maker"),
    "fly": ("flew", "flown", "flies", "flier", "flyer"),
    "teach": ("taught", "teacher"),
    "write": ("wrote", "written", "writer"),
    "choose": ("chose", "chosen"),
    "sing": ("sang", "sung", "singer"),
    "study": ("studies", "studied", "studying"),
    "go": ("goes", "went", "gone", "going", "goer"),
    "get": ("got", "gotten", "getting"),
    "pay": ("paid", "payer"),
    "cost": ("costing",),
    "win": ("won", "winning", "winner"),
    "spend": ("spent",),
    "sell": ("sold", "seller"),
    "hold": ("held", "holder"),
}


def verb_forms(base: str) -> set[str]:
    """A verb's forms: base, -s, -ed, -ing and its agent noun (``keep``: ``keeps``, ``kept``,
    ``keeping``, ``keeper``)."""
    found = {base, *_IRREGULAR_FORMS.get(base, ())}
    stem = base[:-1] if base.endswith("e") else base
    found |= {f"{stem}ing", f"{stem}ed" if base.endswith("e") else f"{base}ed", f"{stem}er"}
    found.add(f"{base}es" if re.search(r"(s|x|z|ch|sh|o)$", base) else f"{base}s")
    if base.endswith("e"):
        found |= {f"{base}d", f"{base}r"}
    if re.search(r"[^aeiou][aeiou][bdgmnprt]$", base):  # shop: shopping, shopped, shopper
        found |= {f"{base}{base[-1]}ing", f"{base}{base[-1]}ed", f"{base}{base[-1]}er"}
    return found


PAST = frozenset(
    re.split(
        " ",
        "sent built caught threw thrown spoke spoken gave given begun began won flew flown "
        "drove driven wrote written made sold bought held kept found brought taught chose chosen "
        "took taken ran swam sang sung grew grown drew drawn led met shot put set hit bred fed "
        "dug hung spun stood stuck struck sought told bound",
    )
)
"""Verbs in the past that do not end in -ed ("was built in 1525", "the one caught in Gary")."""
HAVE_BASES = tuple(_HAVE_VERBS.split())
HAVE = frozenset(f for verb in HAVE_BASES for f in verb_forms(verb))
"""Every form of the verbs of having."""

AGENTS = frozenset(
    [
        "lover",
        "lovers",
        "fan",
        "fans",
        "enthusiast",
        "enthusiasts",
        "owner",
        "owners",
        "admirer",
        "admirers",
        "devotee",
        "aficionado",
        "connoisseur",
        "buff",
        "buffs",
        "fanatic",
        "fanatics",
        "person",
        "people",
        "one",
    ]
    + [f for f in HAVE if f.endswith(("er", "ers"))]
)
"""Nouns that follow a value to name its holder ("the tennis fan", "the bird keeper")."""

PERSONS = frozenset(
    [
        "person",
        "people",
        "one",
        "ones",
        "resident",
        "residents",
        "occupant",
        "occupants",
        "individual",
        "individuals",
        "man",
        "men",
        "woman",
        "women",
        "guy",
        "lady",
        "someone",
        "somebody",
        "friend",
        "friends",
        "player",
        "owner",
        "inhabitant",
        "tenant",
    ]
)
"""Nouns that name a person without naming a value."""

DETERMINERS = frozenset(["the", "a", "an", "some", "their", "his", "her", "its"])

RESERVED = (
    frozenset(
        re.split(
            " ",
            "not no never nobody none nothing neither nor either or and both all each every "
            "only except unless if than then more less fewer most least before after behind "
            "ahead apart away above below higher lower greater greatest smaller larger "
            "bigger earlier later sooner prior preceded followed left right next beside "
            "besides adjacent near between among directly immediately just somewhere "
            "anywhere same different other another others end ends middle center centre last "
            "order exactly taller shorter older younger heavier lighter longer farther "
            "further cheaper pricier expensive over under within than also too neighbor "
            "neighbour neighbors neighbours somewhat much bit lot number hated disliked "
            "avoided refused lacked feared missed skipped rejected declined ignored lost "
            "failed opposed",
        )
    )
    | frozenset(NUMBERS)
    | frozenset(ORDINALS)
)
"""Words that may change what a clue means: never read as a free verb or noun of a phrase."""

COUNTS = NUMBERS  # (english.py's: "one" is 1)

# -- comparisons of ordered categories (read by baron.py's reader of quantities) ---------------

MUCH = ("money", "number", "weight", "metric weight", "time", "date")
"""What "more" and "less" compare: amounts, and spans of time ("trained 1 week more")."""
COMPARATIVES: dict[str, tuple[int, tuple[str, ...]]] = {
    **dict.fromkeys(("more", "higher", "greater", "larger", "bigger"), (1, MUCH)),
    **dict.fromkeys(("less", "fewer", "lower", "smaller"), (-1, MUCH)),
    "more expensive": (1, ("money",)),
    "less expensive": (-1, ("money",)),
    "pricier": (1, ("money",)),
    "cheaper": (-1, ("money",)),
    **dict.fromkeys(("taller", "farther", "further"), (1, ("length", "metric length"))),
    "longer": (1, ("length", "metric length", "time")),  # (a time: "bakes 5 minutes longer")
    "shorter": (-1, ("length", "metric length", "time")),
    "heavier": (1, ("weight", "metric weight")),
    "lighter": (-1, ("weight", "metric weight")),
    "older": (1, ("age",)),
    "younger": (-1, ("age",)),
    **dict.fromkeys(("after", "later"), (1, ("date", "month", "time", "year", "order"))),
    **dict.fromkeys(
        ("before", "earlier", "sooner"), (-1, ("date", "month", "time", "year", "order"))
    ),
}
"""Comparative words: the direction (1: the first is the greater) and the kinds of ordered
category they fit (``puzzles/quantities.py``'s kinds)."""
COMPARING = frozenset(w for phrase in COMPARATIVES for w in phrase.split())
"""The words a comparison turns on."""


# -- clue forms ---------------------------------------------------------------------------------

BE = "(is|are|was|were|'s)"
BE_NOT = "(is not|isn't|are not|aren't|was not|wasn't|were not|weren't)"
DO_NOT = "(does not|doesn't|do not|don't|did not|didn't|won't|will not|wouldn't|would not)"
STAYING = re.split(
    " ", "live lives lived living sit sits sat sitting stay stays stayed staying reside resides "
    "resided residing"
)  # fmt: skip
LIVES = "(is|are|was|were|" + "|".join(STAYING) + ")"
DOES_NOT_LIVE = (
    "("
    + BE_NOT[1:-1]
    + "|"
    + "|".join(f"{d} {v}" for d in DO_NOT[1:-1].split("|") for v in ("live", "sit", "stay"))
    + ")"
)
TO_THE = "[to|on] [the]"
PREPOSITIONS = "[from|in|at|to|for|with|on|by|as|into]"
UNITS = "(house|houses|position|positions|seat|seats|spot|spots|place|places)"

_SAYS = (
    BE,
    f"{BE} (in|at|on|for|from|with|about)",
    f"(will|would) BASE {PREPOSITIONS}",
    "HAVE",
    f"VERB {PREPOSITIONS}",
    f"{LIVES} (in|at|from|for|on|with)",
    f"{BE} VERB {PREPOSITIONS}",
    f"(will be|would be) [VERB] {PREPOSITIONS}",
)
"""How "one" and "the other" of a pairing are said to be their values (each half its own)."""

CLUE_FORMS: tuple[tuple[str, str], ...] = (
    # Two values, one person (or one house).
    ("same", f"A {BE} B"),
    ("same", f"A {LIVES} (in|at) B"),
    ("same", f"A {BE} (in|at|from|for|about|on|with|to|by) B"),
    ("same", "A HAVE B"),
    ("same", f"A {BE} HAVE (by|in|at) B"),
    ("same", f"A {BE} (also|likewise) B"),
    ("same", f"A {BE} VERB {PREPOSITIONS} B"),  # "was built in 1525", "is directed by"
    ("same", f"A (will be|would be|has been|had been) [VERB] {PREPOSITIONS} B"),
    ("same", f"A VERB {PREPOSITIONS} B"),
    ("same", f"A and B {BE} (the same person|one and the same)"),
    ("same", f"A {LIVES} in the same (house|place|position) as B"),
    ("differ", f"A {BE_NOT} B"),
    ("differ", f"A {DOES_NOT_LIVE} (in|at|from) B"),
    ("differ", f"A {DO_NOT} HAVE B"),
    ("differ", f"A {BE_NOT} HAVE (by|in|at) B"),
    ("differ", f"A {DO_NOT} VERB {PREPOSITIONS} B"),
    ("differ", f"A {BE_NOT} VERB {PREPOSITIONS} B"),
    ("differ", f"A {BE_NOT} (in|at|from|for|with|on|about) B"),
    ("differ", f"A {DO_NOT} BASE {PREPOSITIONS} B"),  # "won't launch in April"
    ("differ", "A (has|had) nothing to do with B"),
    ("same", f"A (will|would) BASE {PREPOSITIONS} B"),  # "will include Yolanda"
    (
        "differ",
        f"A (won't be|will not be|wouldn't be|hasn't been|has not been) [VERB] {PREPOSITIONS} B",
    ),
    ("differ", f"A never VERB {PREPOSITIONS} B"),
    ("differ", f"A and B {BE} (different people|not the same person|two different people)"),
    ("differ", f"A and B {BE_NOT} the same person"),
    # The order of the positions.
    ("left1", f"A {LIVES} (directly|immediately|just) {TO_THE} left of B"),
    ("left1", f"A {LIVES} (directly|immediately|just) (before|ahead of) B"),
    ("right1", f"A {LIVES} (directly|immediately|just) {TO_THE} right of B"),
    ("right1", f"A {LIVES} (directly|immediately|just) (after|behind) B"),
    ("left", f"A {LIVES} (somewhere|anywhere) {TO_THE} left of B"),
    ("right", f"A {LIVES} (somewhere|anywhere) {TO_THE} right of B"),
    (
        "next",
        f"A and B {LIVES} [directly|immediately|right] (next to|beside|adjacent to) each other",
    ),
    ("next", f"A and B {BE} (neighbors|neighbours)"),
    ("next", f"A {LIVES} [directly|immediately|right] (next to|beside|adjacent to|next door to) B"),
    ("next", f"A {LIVES} in the house next to B"),
    ("next", f"A {LIVES} in a house next to B"),
    ("next", f"A {BE} VERB in the house next to B"),  # "Kools are smoked in the house next to"
    ("next", f"A {BE} (a|the) (neighbor|neighbour) of B"),
    ("not next", f"A and B {DOES_NOT_LIVE} (next to|beside|adjacent to) each other"),
    ("not next", f"A {DOES_NOT_LIVE} (next to|beside|adjacent to|next door to) B"),
    ("gap", f"there (is|are) K {UNITS[:-1]}|person|people) between A and B"),
    ("apart", f"A and B {LIVES} K {UNITS} apart"),
    ("apart", f"A {LIVES} K {UNITS} (away from|from|apart from) B"),
    ("at end", f"A {LIVES} (at|in) (one of the ends|an end|either end|one end|the end)"),
    ("at end", f"A {LIVES} (at|in) one of the [two] end (houses|positions)"),
    (
        "at end",
        f"A {LIVES} in (an|one of the two|one of the) end (house|houses|position|positions)",
    ),
    ("not at end", f"A {DOES_NOT_LIVE} (at|in) (either end|an end|one of the ends|the ends)"),
    ("between", f"A {LIVES} [somewhere] [in] between B and C"),
    ("between in order", f"A {LIVES} [somewhere] [in] between B and C, in that order"),
    ("between in order", f"A {LIVES} [somewhere] [in] between B and C in that order"),
    # Several values.
    ("either", f"A {BE} either B or C"),
    ("either of", f"either A or B {BE} C"),  # C is A or B
    ("either of", "either A or B HAVE C"),  # "either Dana or Hugo paid $25"
    ("either of", f"either A or B VERB {PREPOSITIONS} C"),
    ("either of", f"either A or B {LIVES} (in|at) C"),
    ("either", f"A {LIVES} (in|at) either B or C"),
    ("neither", f"neither A nor B {BE} C"),
    ("neither", f"neither A nor B {BE} {PREPOSITIONS} C"),  # "is from Bristol"
    ("neither", f"neither A nor B {LIVES} (in|at) C"),
    ("neither", "neither A nor B HAVE C"),
    ("neither", f"neither A nor B VERB {PREPOSITIONS} C"),
    *(
        ("pairs", f"of A and B, one {one} C{comma} and the other {other} D")
        for one in _SAYS
        for other in _SAYS
        for comma in ("", ",")
    ),
)
"""Each clue form: its meaning (a key of ``MEANINGS``) and its words."""

MEANINGS: dict[str, tuple[str, tuple[int, ...]]] = {
    "same": ("=", (0, 1)),
    "differ": ("!", (0, 1)),
    "left1": ("1", (0, 1)),
    "right1": ("1", (1, 0)),
    "left": ("<", (0, 1)),
    "right": (">", (0, 1)),
    "next": ("A", (0, 1)),
    "not next": ("N", (0, 1)),
    "apart": ("D", (0, 1)),  # K apart
    "gap": ("D", (0, 1)),  # K between: K + 1 apart
    "either": ("|", (0, 1, 2)),  # A is B or C
    "either of": ("|", (2, 0, 1)),  # either A or B is C: C is A or B
    "neither": ("!", (0, 1, 2)),  # neither A nor B is C: three different people
    "pairs": ("p", (0, 1, 2, 3)),
}
"""A meaning as Grizzly's kinds: the kind and the order of the values it takes."""

# -- questions ----------------------------------------------------------------------------------

QUESTION_FORMS: tuple[tuple[str, str], ...] = (
    (
        "where",
        "(which|what) (house|position|seat|spot) (does|is|do) A [live|lives|sit|sits] [in|at]",
    ),
    ("where", "(in|at) (which|what) (house|position|seat|spot) (does|is|do) A [live|sit]"),
    (
        "where",
        "what is the (number|position) of the (house|position) (where|in which) A (lives|live|is)",
    ),
    ("where", "what is the (house|position|seat) number of A"),
    ("where", "what is the (number|position) of A"),
    ("where", "what (house|position) number (does|is) A [live|lives] [in|at]"),
    ("where", "where (does|is) A [live]"),
    ("what", "what (is|are) [the] CATEGORY of A"),
    ("what", "what (is|are) A's CATEGORY"),
    ("what", "what CATEGORY (does|do|did) A HAVE"),
    ("what", "which CATEGORY (does|do|did) A HAVE"),
    ("what", "what CATEGORY (is|was) A"),
    ("what", "what (does|do|did) A CATEGORY"),  # "What does Cleo drink?": its verb's category
    ("who", "who HAVE A"),
    ("who", "which of the (residents|people|inhabitants|men|women|owners) HAVE A"),
    ("who", "who (is|lives|lives in|is in|is at) A"),
    ("who", "whose CATEGORY is A"),
)
"""Each question form: what it asks (``where``: the position; ``what``: a category named by
its words; ``who``: the person's own name) and its words."""


def alternatives(text: str) -> str:
    """A form's words as a regular expression over reduced clue text (values as ``@0``...),
    each word followed by a space: match it against the text and one more space. A verb
    (``HAVE``, ``VERB``) is any word there, named ``h0``, ``v0``...: ``fits`` checks it."""
    out = []
    verbs = iter(range(100))
    for token in re.findall(r"\[[^\]]*\]|\([^)]*\)|\S+", text):
        if token[0] in "[(":
            inner = "|".join(_word(w, verbs) for w in token[1:-1].split("|"))
            out.append(f"(?:(?:{inner}) )?" if token[0] == "[" else f"(?:{inner}) ")
        else:
            out.append(_word(token, verbs) + " ")
    return "".join(out)


_NOT_VERBS = "from|in|at|to|for|with|on|by|as|into|about|is|are|was|were|be|been|the|a|an"
NEGATIVE_VERBS = frozenset(
    re.split(" ", "hate hates dislike dislikes avoid avoids refuse refuses lack lacks fear fears "
             "miss misses lose loses reject rejects ignore ignores oppose opposes leave leaves "
             "hating disliking avoiding refusing lacking fearing missing losing rejecting "
             "ignoring opposing")
)  # fmt: skip
"""Verbs that say a person has not a value: never read as having it."""
"""Words a form's verb never is (so that an optional verb leaves them to the form)."""


def fits(match: re.Match[str], verbs: frozenset[str] = frozenset()) -> bool:
    """Whether a form's verbs are verbs: each ``HAVE`` one of having, each ``VERB`` one of
    having, in the past or of the puzzle's own ``verbs``, and none a word that changes a
    clue's meaning."""
    for name, word in match.groupdict().items():
        if word is None:
            continue
        if name[0] == "h" and word not in HAVE:
            return False
        if name[0] == "b" and (word in RESERVED or word in NEGATIVE_VERBS):
            return False
        if name[0] == "v" and (
            word in RESERVED
            or word in NEGATIVE_VERBS
            or word.removesuffix("ing") in NEGATIVE_VERBS
            or not (word in HAVE or word in PAST or word.endswith(("ed", "ing")) or word in verbs)
        ):  # a free verb else is too loose to trust
            return False
    return True


def _word(word: str, verbs: Iterator[int]) -> str:
    if word in ("A", "B", "C", "D"):
        return f"(?P<{word}>@\\d+)"
    if word in ("A,", "B,", "C,", "D,"):
        return f"(?P<{word[0]}>@\\d+) ,"
    if word == "K":
        return r"(?P<K>\d+|" + "|".join(COUNTS) + ")"
    if word == "HAVE":
        return f"(?P<h{next(verbs)}>[a-z]+)(?: to| of)?(?: the| a| an)?"
    if word == "BASE":  # a verb as "will" or "does not" take it: any, checked by ``fits``
        return f"(?P<b{next(verbs)}>(?!(?:{_NOT_VERBS}) )[a-z]+)"
    if word == "VERB":  # a verb in the past (Puzzle Baron's "sailed from"), or of having
        return f"(?P<v{next(verbs)}>(?!(?:{_NOT_VERBS}) )[a-z]+)"
    if word == "CATEGORY":
        return r"(?P<CAT>[a-z' ]+?)"
    return re.escape(word.replace(",", " ,")).replace(r"\ ", " ")


def vocabulary(forms: Iterable[tuple[str, str]]) -> frozenset[str]:
    """Every word the forms spell out (what a refused clue's words are checked against)."""
    found = {w for _, text in forms for w in re.findall(r"[a-z']+", text)}
    return frozenset(found | HAVE | PERSONS | DETERMINERS | AGENTS)


class Form:
    """A clue or question form: its meaning, its words, the words it cannot do without, and
    its pattern, compiled when first needed (a puzzle's clues use a few of the forms)."""

    def __init__(self, meaning: str, text: str) -> None:
        self.meaning = meaning
        self.text = text
        bare = re.sub(r"\[[^\]]*\]|\([^)]*\)", " ", text)  # (what is optional or a choice)
        self.needed = frozenset(
            w.strip(",") for w in bare.split() if w.strip(",").islower() and w.isascii()
        )
        self._pattern: re.Pattern[str] | None = None

    def match(
        self, said: str, words: frozenset[str], verbs: frozenset[str] = frozenset()
    ) -> re.Match[str] | None:
        """The form's match of a reduced clue (and one more space), whose words are
        ``words``; None when it does not fit, or its verbs are no verbs (``fits``; ``verbs``
        the puzzle's own)."""
        if not self.needed <= words:
            return None
        if self._pattern is None:
            self._pattern = re.compile(alternatives(self.text))
        found = self._pattern.fullmatch(said)
        return found if found and fits(found, verbs) else None


def compile_forms(forms: Iterable[tuple[str, str]]) -> list[Form]:
    """Each form, to match a reduced clue (words one space apart, values as ``@i``)."""
    return [Form(meaning, text) for meaning, text in forms]
