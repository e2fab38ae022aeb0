"""Records: the project's dataclasses, made without the ``dataclasses`` module.

``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``) and compiles
half a dozen methods for each class it makes: the few dozen records a run defines cost a small
puzzle's whole process more than its solving. ``dataclass`` here makes the same methods:
``__init__``, ``__eq__`` and, when frozen, ``__hash__``, generic closures for a record's first
hundred calls (a run makes few of most records it defines), then compiled in one piece for the
records made often; ``__repr__`` and the frozen ``__setattr__`` and ``__delattr__`` as closures,
nothing compiled. It takes what the project uses: ``frozen`` and ``field(default=,
default_factory=, compare=, repr=)``, ``__post_init__``, fields inherited from a base record,
``ClassVar`` left out. Type checkers see the ``dataclasses`` originals, and
``dataclasses.replace`` works on these records too (``replace`` here is the same, without the
import).
"""

from __future__ import annotations

COMPILE_AFTER = 100
"""Calls of a record's stand-ins before its methods are compiled: compiling them costs
about as much as a hundred calls of the generic ones (most records are made a few times a
run, and are never compiled; the many made of a few are made by the compiled methods)."""

TYPE_CHECKING = False  # (not typing's: importing typing is what this module avoids)
if TYPE_CHECKING:
    from dataclasses import FrozenInstanceError as FrozenInstanceError
    from dataclasses import dataclass as dataclass
    from dataclasses import field as field
    from dataclasses import replace as replace
else:

    class FrozenInstanceError(AttributeError):
        """An attempt to change a field of a frozen record."""

    class _Missing:
        """No default given."""

        def __repr__(self) -> str:
            return "MISSING"

    MISSING = _Missing()

    class Field:
        """One field of a record: its name, default and whether it is compared and shown.
        ``init`` and ``_field_type`` are what ``dataclasses.replace`` reads of it."""

        __slots__ = ("_field_type", "compare", "default", "default_factory", "name", "repr")
        init = True

        def __init__(self, default, default_factory, compare, repr):
            self.name = ""
            self.default = default
            self.default_factory = default_factory
            self.compare = compare
            self.repr = repr
            self._field_type = None  # (not dataclasses' ClassVar or InitVar markers)

        def __repr__(self) -> str:
            return f"Field(name={self.name!r}, default={self.default!r})"

    def field(*, default=MISSING, default_factory=MISSING, compare=True, repr=True):
        """A field with a default, a default made anew for each record, or left out of
        comparisons or the repr."""
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        return Field(default, default_factory, compare, repr)

    def dataclass(cls=None, /, *, frozen=False):
        """The class made a record: ``@dataclass`` or ``@dataclass(frozen=True)``."""
        if cls is None:
            return lambda c: _make(c, frozen)
        return _make(cls, frozen)

    def replace(obj, /, **changes):
        """A copy of the record ``obj`` with ``changes`` made."""
        for name in obj.__dataclass_fields__:
            if name not in changes:
                changes[name] = getattr(obj, name)
        return obj.__class__(**changes)

    def _make(cls, frozen):
        """Add the record's methods to ``cls``."""
        fields = {}
        for base in reversed(cls.__mro__[1:]):
            fields.update(base.__dict__.get("__dataclass_fields__", {}))
        annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 (inspect: slow)
        for name, annotation in annotations.items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue  # (the class's own, as in dataclasses)
            value = cls.__dict__.get(name, MISSING)
            if isinstance(value, Field):
                each = value
                if each.default is MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, each.default)
            else:
                each = Field(value, MISSING, True, True)
            each.name = name
            fields[name] = each
        names = list(fields)
        defaulted = False
        for name, each in fields.items():
            if each.default is not MISSING or each.default_factory is not MISSING:
                defaulted = True
            elif defaulted:
                raise TypeError(f"non-default argument {name!r} follows default argument")
        post_init = hasattr(cls, "__post_init__")
        compared = [n for n in names if fields[n].compare]
        own = set(cls.__dict__)
        made = {}

        def compiled():
            """The methods that run often, compiled in one piece when the first of them is
            called: a run makes few of the records it defines, and pays only for those."""
            if made:  # (a stand-in kept from before, called again)
                return made
            source, spot = _source(cls, frozen, fields, post_init, compared)
            exec(source, spot, made)
            for name, function in made.items():
                function.__qualname__ = f"{cls.__qualname__}.{name}"
                if name not in own:  # (not a method the class wrote itself)
                    setattr(cls, name, function)
            return made

        calls = [0]  # of the stand-ins: the class is compiled when they are called often
        generic = _generic(cls, frozen, names, fields, post_init, compared, compiled)
        for name in ("__init__", "__eq__", "__hash__") if frozen else ("__init__", "__eq__"):
            if name not in own:
                setattr(cls, name, _stand_in(name, compiled, generic[name], calls))
        for name, function in _methods(cls, frozen, names, fields).items():
            function.__qualname__ = f"{cls.__qualname__}.{name}"
            if name not in own or name in ("__setattr__", "__delattr__"):
                setattr(cls, name, function)
        if not frozen and "__eq__" not in own and "__hash__" not in own:
            cls.__hash__ = None  # (mutable and compared by value: unhashable, as dataclasses)
        cls.__dataclass_fields__ = fields
        cls.__match_args__ = tuple(names)
        return cls

    def _source(cls, frozen, fields, post_init, compared):
        """The source of the record ``cls``'s ``__init__``, ``__eq__`` and, when frozen,
        ``__hash__``, and what it refers to by name."""
        spot = {}
        params, body = [], []
        for name, each in fields.items():
            if each.default_factory is not MISSING:
                spot[f"_f_{name}"] = each.default_factory
                params.append(f"{name}=_HAS_FACTORY")
                value = f"_f_{name}() if {name} is _HAS_FACTORY else {name}"
            elif each.default is not MISSING:
                spot[f"_d_{name}"] = each.default
                params.append(f"{name}=_d_{name}")
                value = name
            else:
                params.append(name)
                value = name
            body.append(
                f"  _setattr(self, {name!r}, {value})" if frozen else f"  self.{name} = {value}"
            )
        if post_init:
            body.append("  self.__post_init__()")
        mine = "(" + "".join(f"self.{n}," for n in compared) + ")"
        theirs = "(" + "".join(f"other.{n}," for n in compared) + ")"
        source = [
            f"def __init__(self, {', '.join(params)}):",
            *(body or ["  pass"]),
            "def __eq__(self, other):",
            "  if other.__class__ is self.__class__:",
            f"    return {mine} == {theirs}",
            "  return NotImplemented",
        ]
        if frozen:
            source += ["def __hash__(self):", f"  return hash({mine})"]
        spot.update(_HAS_FACTORY=MISSING, _setattr=object.__setattr__, __name__=cls.__module__)
        return "\n".join(source), spot

    def _methods(cls, frozen, names, fields):
        """``__repr__`` and, when frozen, ``__setattr__`` and ``__delattr__`` of the record
        ``cls``: closures, as they run seldom."""
        shown = [n for n in names if fields[n].repr]

        def __repr__(self):
            inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shown)
            return f"{self.__class__.__qualname__}({inner})"

        methods = {"__repr__": __repr__}
        if frozen:
            fixed = frozenset(names)

            def __setattr__(self, name, value):
                if type(self) is cls or name in fixed:
                    raise FrozenInstanceError(f"cannot assign to field {name!r}")
                super(cls, self).__setattr__(name, value)

            def __delattr__(self, name):
                if type(self) is cls or name in fixed:
                    raise FrozenInstanceError(f"cannot delete field {name!r}")
                super(cls, self).__delattr__(name)

            methods.update(__setattr__=__setattr__, __delattr__=__delattr__)
        return methods

    def _stand_in(name, compiled, generic, calls):
        """A stand-in for the method ``name``: ``generic`` until the record's stand-ins have been
        called ``COMPILE_AFTER`` times, then the one ``compiled()`` makes."""

        def stand_in(self, *args, **kwargs):
            calls[0] += 1
            if calls[0] > COMPILE_AFTER:
                return compiled()[name](self, *args, **kwargs)
            return generic(self, *args, **kwargs)

        stand_in.__name__ = name
        return stand_in

    def _generic(cls, frozen, names, fields, post_init, compared, compiled):
        """``__init__``, ``__eq__`` and ``__hash__`` of the record ``cls`` for any record, not
        compiled: they do what the compiled ones do, a few times slower. An ``__init__`` called
        with the wrong arguments is left to the compiled one, which says what is wrong as Python
        does."""
        known = frozenset(names)
        setter = object.__setattr__ if frozen else setattr

        def __init__(self, *args, **kwargs):
            values = dict(zip(names, args, strict=False))  # (too many: see below)
            if len(args) > len(names) or not known.issuperset(kwargs) or values.keys() & kwargs:
                return _compiled_init(self, args, kwargs)
            values.update(kwargs)
            for name in names:
                if name not in values:
                    each = fields[name]
                    if each.default_factory is not MISSING:
                        values[name] = each.default_factory()
                    elif each.default is not MISSING:
                        values[name] = each.default
                    else:
                        return _compiled_init(self, args, kwargs)
            for name in names:
                setter(self, name, values[name])
            if post_init:
                self.__post_init__()
            return None

        def _compiled_init(self, args, kwargs):
            return compiled()["__init__"](self, *args, **kwargs)

        def __eq__(self, other):
            if other.__class__ is self.__class__:
                mine = tuple([getattr(self, n) for n in compared])
                return mine == tuple([getattr(other, n) for n in compared])
            return NotImplemented

        def __hash__(self):
            return hash(tuple([getattr(self, n) for n in compared]))

        return {"__init__": __init__, "__eq__": __eq__, "__hash__": __hash__}
