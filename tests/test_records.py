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


def _made(cls: type) -> list[object]:
    """Records of ``cls`` (a Point) made and compared by the methods it has now."""
    a, b = cls(1), cls(1, 2, ["t"], note="n")
    return [a, b, a == cls(1), a == b, a == 1, a == cls(1, 0, [], "other note"), b.tags, b.note]


def test_a_record_made_often_is_compiled_and_behaves_as_before() -> None:
    from gridsat import records

    @dataclass(frozen=True)
    class Often(Point):
        """A record of its own, not yet compiled."""

    stand_in = Often.__dict__["__init__"]
    before = _made(Often)
    for _ in range(records.COMPILE_AFTER):
        Often(0)
    assert Often.__dict__["__init__"] is not stand_in  # compiled, and put in its place
    assert _made(Often) == before
    assert before[2:6] == [True, False, False, True]


def test_a_frozen_record_hashes_as_its_fields_on_either_path() -> None:
    from gridsat import records

    @dataclass(frozen=True)
    class Pair:
        a: int
        b: str = field(default="", compare=False)

    hashes = [hash(Pair(n % 7, str(n))) for n in range(2 * records.COMPILE_AFTER)]
    assert hashes == [hash((n % 7,)) for n in range(2 * records.COMPILE_AFTER)]
    assert len({Pair(1, "x"), Pair(1, "y"), Pair(2)}) == 2


def test_wrong_arguments_are_named_as_python_names_them() -> None:
    @dataclass(frozen=True)
    class Fresh:
        """A record whose methods are not yet compiled."""

        a: int
        b: int = 0

    for args, kwargs, said in [
        ((), {}, "missing 1 required positional argument: 'a'"),
        ((1, 2, 3), {}, "takes from 2 to 3 positional arguments but 4 were given"),
        ((1,), {"a": 2}, "got multiple values for argument 'a'"),
        ((1,), {"c": 2}, "got an unexpected keyword argument 'c'"),
    ]:
        with pytest.raises(TypeError, match=said):
            Fresh(*args, **kwargs)
    assert Fresh(b=2, a=1) == Fresh(1, 2) and Fresh(1).b == 0


def test_a_mutable_record_post_init_on_either_path() -> None:
    from gridsat import records

    @dataclass
    class Count:
        n: int = 0
        twice: int = 0

        def __post_init__(self) -> None:
            self.twice = 2 * self.n

    made = [Count(n) for n in range(records.COMPILE_AFTER + 5)]
    assert [c.twice for c in made] == [2 * n for n in range(records.COMPILE_AFTER + 5)]
    made[0].n = 7
    other = Count(7)
    assert made[0] != other
    other.twice = 0
    assert made[0] == other
