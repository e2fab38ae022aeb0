"""Records (gridsat.records) behave as the dataclasses they stand in for."""

from __future__ import annotations

import dataclasses
import pickle
from typing import ClassVar

import pytest

from gridsat.records import dataclass, field, replace


@dataclass(frozen=True)
class Point:
    """A frozen record."""

    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)
    note: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True)
class Key:
    """A frozen record of hashable fields."""

    n: int
    label: str = field(default="", compare=False)


@dataclass
class Tally:
    """A mutable record with a derived field."""

    count: int = 0
    double: int = 0
    made: ClassVar[int] = 0  # not a field

    def __post_init__(self) -> None:
        self.double = 2 * self.count


@dataclass(frozen=True)
class Point3(Point):
    """A record that adds a field to another's."""

    z: int = 0


def test_init_defaults_and_a_fresh_default_each_time() -> None:
    a, b = Point(1), Point(1)
    assert (a.x, a.y, a.tags, a.note) == (1, 0, [], "")
    assert a.tags is not b.tags


def test_eq_and_hash_leave_out_what_is_not_compared() -> None:
    assert Point(1, 2, note="a") == Point(1, 2, note="b")
    assert Point(1, 2) != Point(2, 1)
    assert hash(Key(1, "a")) == hash(Key(1, "b")) and hash(Key(1)) != hash(Key(2))
    assert Point(1) != (1, 0, [])


def test_repr_shows_the_fields_shown() -> None:
    assert repr(Point(1, 2)) == "Point(x=1, y=2, tags=[])"
    assert repr(Tally(3)) == "Tally(count=3, double=6)"  # and no ClassVar


def test_frozen_refuses_changes() -> None:
    p = Point(1)
    with pytest.raises(AttributeError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.x  # type: ignore[misc]


def test_mutable_record_post_init_and_no_hash() -> None:
    t = Tally(4)
    assert t.double == 8
    t.count, t.double = 5, 10
    assert t == Tally(5)
    with pytest.raises(TypeError):
        hash(t)


def test_fields_are_inherited_in_order() -> None:
    p = Point3(1, 2, z=3)
    assert repr(p) == "Point3(x=1, y=2, tags=[], z=3)"
    assert p != Point3(1, 2, z=4)


def test_replace_here_and_in_dataclasses() -> None:
    p = Point(1, 2, ["a"], note="n")
    assert replace(p, y=5) == Point(1, 5, ["a"])
    assert dataclasses.replace(p, x=7) == Point(7, 2, ["a"])
    assert replace(p, y=5).note == "n"


def test_records_travel_by_pickle() -> None:
    p = Point3(1, 2, ["t"], note="n", z=3)
    back = pickle.loads(pickle.dumps(p))
    assert back == p and back.note == "n"
    assert pickle.loads(pickle.dumps(Tally(2))) == Tally(2)


def test_a_non_default_field_after_a_default_one_is_refused() -> None:
    with pytest.raises(TypeError, match="non-default argument 'b'"):

        @dataclass
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]


def test_a_method_taken_before_the_first_record_is_made_still_works() -> None:
    @dataclass(frozen=True)
    class Late:
        a: int

    eq, init = Late.__eq__, Late.__init__
    late = Late.__new__(Late)
    init(late, 1)
    assert eq(late, Late(1)) is True and eq(late, Late(2)) is False
    assert hash(late) == hash(Late(1)) and eq(late, 1) is NotImplemented
