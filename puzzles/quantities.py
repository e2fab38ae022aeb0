"""Quantities: the number an ordered category's value stands for, read from English (``$1,250``,
``5 ft 2 in``, ``May 3``, ``9:30am``), so the rules can compare and subtract the values."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

MONTHS = re.split(
    " ", "january february march april may june july august september october november december"
)
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
SCALE = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_PLACES = re.split(
    " ", "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
)
# Units, each with its kind and its size in the kind's smallest unit (money in cents).
UNITS: dict[str, tuple[str, int]] = {
    **dict.fromkeys(("inch", "inches", "in", '"'), ("length", 1)),
    **dict.fromkeys(("foot", "feet", "ft", "'"), ("length", 12)),
    **dict.fromkeys(("yard", "yards", "yd", "yds"), ("length", 36)),
    **dict.fromkeys(("mile", "miles", "mi"), ("length", 63_360)),
    **dict.fromkeys(
        ("mm", "millimeter", "millimeters", "millimetre", "millimetres"), ("metric length", 1)
    ),
    **dict.fromkeys(
        ("cm", "centimeter", "centimeters", "centimetre", "centimetres"), ("metric length", 10)
    ),
    **dict.fromkeys(("m", "meter", "meters", "metre", "metres"), ("metric length", 1000)),
    **dict.fromkeys(
        ("km", "kilometer", "kilometers", "kilometre", "kilometres"), ("metric length", 1_000_000)
    ),
    **dict.fromkeys(("ounce", "ounces", "oz"), ("weight", 1)),
    **dict.fromkeys(("pound", "pounds", "lb", "lbs"), ("weight", 16)),
    **dict.fromkeys(("ton", "tons"), ("weight", 32_000)),
    **dict.fromkeys(("g", "gram", "grams"), ("metric weight", 1)),
    **dict.fromkeys(("kg", "kilogram", "kilograms", "kilo", "kilos"), ("metric weight", 1000)),
    **dict.fromkeys(("dollar", "dollars", "$"), ("money", 100)),
    **dict.fromkeys(("cent", "cents"), ("money", 1)),
    **dict.fromkeys(("day", "days"), ("date", 1)),
    **dict.fromkeys(("week", "weeks"), ("date", 7)),
    **dict.fromkeys(("minute", "minutes", "min", "mins"), ("time", 1)),
    **dict.fromkeys(("hour", "hours", "hr", "hrs"), ("time", 60)),
    **dict.fromkeys(("year", "years"), ("years", 1)),
}
_NUMBER = r"\d[\d,]*(?:\.\d+)?"


@dataclass(frozen=True, slots=True)
class Quantity:
    """A value read as a number: its kind (money, length, date, ...), the number in the kind's
    smallest unit, and a unit word it was written with (``points``), if any."""

    kind: str
    amount: int
    unit: str = ""


def digits(text: str) -> Fraction | None:
    """``1,250`` as 1250, ``2.5`` as 5/2, exactly; None past 18 digits (no puzzle's number)."""
    plain = text.replace(",", "")
    return None if len(plain) > 19 else Fraction(plain)


def normal(text: str) -> str:
    """Lower case, one space apart, ordinal suffixes after digits dropped, times as ``9:30am``."""
    text = " ".join(text.lower().split())
    text = re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", text)
    text = re.sub(r"(\d) ?([ap])\.?m\b\.?", r"\1\2m", text)
    return re.sub(r"(\d)-(year|inch|foot|pound|day|minute|hour)", r"\1 \2", text)


@functools.lru_cache(maxsize=4096)
def read_quantity(text: str) -> Quantity | None:
    """What number an English value stands for (``$1,250``, ``5 ft 2 in``, ``May 3``, ``9:30am``,
    ``3 thousand``, ``25 points``, ``1984``), or None when it is no quantity."""
    t = normal(text)
    if m := re.fullmatch(rf"\$ ?({_NUMBER})( (?:thousand|million|billion))?", t):
        cents = digits(m[1])
        cents = None if cents is None else cents * 100 * SCALE.get((m[2] or " ")[1:], 1)
        return (
            Quantity("money", int(cents)) if cents is not None and cents.denominator == 1 else None
        )
    if m := re.fullmatch(r"(\d+) ?(?:ft|feet|foot|') ?(\d+) ?(?:in|inches|inch|\")?", t):
        return Quantity("length", int(m[1]) * 12 + int(m[2]))
    if m := re.fullmatch(r"(\d{1,2})(?::(\d\d))? ?([ap]m)", t):
        hours = int(m[1]) % 12 + (12 if m[3] == "pm" else 0)
        return Quantity("time", hours * 60 + int(m[2] or 0)) if int(m[1]) <= 12 else None
    if t in ("noon", "midnight"):
        return Quantity("time", 720 if t == "noon" else 0)
    month = rf"({'|'.join(MONTHS)}|{'|'.join(m[:3] for m in MONTHS)})\.?"
    if m := re.fullmatch(rf"{month}(?: (\d{{1,2}}))?", t):
        index = next(i for i, name in enumerate(MONTHS) if name.startswith(m[1]))
        if m[2] is None:
            return Quantity("month", index + 1)
        if not 1 <= int(m[2]) <= _MONTH_DAYS[index] + (index == 1):
            return None
        return Quantity("date", sum(_MONTH_DAYS[:index]) + int(m[2]))
    if t in _PLACES:  # a place in an order: first, second, ...
        return Quantity("order", _PLACES.index(t))
    if m := re.fullmatch(r"([a-z]+) (\d{1,3})", t):  # "chapter 3", "round 2": an order too
        return Quantity("order", int(m[2]), m[1])
    if m := re.fullmatch(rf"({_NUMBER}) ?%", t):  # a percentage: counted in percent
        number = digits(m[1])
        whole = number is not None and number.denominator == 1
        return Quantity("number", int(number), "percent") if whole and number is not None else None
    if m := re.fullmatch(rf"({_NUMBER})(?: (thousand|million|billion))?(?: ([a-z$'\"]+))?", t):
        number = digits(m[1])
        if number is None:
            return None
        unit = m[3] or ""
        kind, size = UNITS.get(unit, ("number", 1))
        if unit in ("year", "years"):
            kind = "age"
        value = number * size * SCALE.get(m[2] or "", 1)
        if value.denominator != 1:
            return None
        return Quantity(kind, int(value), unit if kind == "number" else "")
    return None


_SMALLEST = {"money": "cents", "length": "inches", "metric length": "millimetres",
             "weight": "ounces", "metric weight": "grams", "date": "days", "month": "months",
             "time": "minutes"}  # fmt: skip


def smallest_unit(values: Sequence[str]) -> str:
    """The unit a category's numbers count in, when its values are written with one
    (``$25``: cents; ``5 ft``: inches); empty for plain numbers."""
    found = {read_quantity(v.split(":", 1)[-1]) for v in values}
    kinds = {q.kind for q in found if q is not None}
    return _SMALLEST.get(kinds.pop(), "") if len(kinds) == 1 and None not in found else ""


def quantity(text: str) -> int:
    """The number of an ordered category's value (for the rules: compare and subtract)."""
    found = read_quantity(text)
    if found is None:
        raise ValueError(f"{text!r} is no quantity")
    return found.amount
