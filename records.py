"""Records: the project's dataclasses, made without the ``dataclasses`` module.

``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``) and compiles
half a dozen methods for each class it makes: the few dozen records a run defines cost a small
puzzle's whole process more than its solving. ``dataclass`` here makes the same methods:
``__init__``, ``__eq__`` and, when frozen, ``__hash__``, which run often, compiled in one piece
per class when the first of them is called (a run makes few of the records it defines);
``__repr__`` and the frozen ``__setattr__`` and ``__delattr__`` as closures, nothing compiled.
It takes what the project uses: ``frozen`` and ``field(default=, default_factory=, compare=,
repr=)``, ``__post_init__``, fields inherited from a base record, ``ClassVar`` left out. Type
checkers see the ``dataclasses`` originals, and ``dataclasses.replace`` works on these records
too (``replace`` here is the same, without the import).
"""

from __future__ import annotations

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
        spot = {}  # what the generated code refers to, by name
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
                if params and "=" in params[-1]:
                    raise TypeError(f"non-default argument {name!r} follows default argument")
                params.append(name)
                value = name
            body.append(
                f"  _setattr(self, {name!r}, {value})" if frozen else f"  self.{name} = {value}"
            )
        if hasattr(cls, "__post_init__"):
            body.append("  self.__post_init__()")
        compared = [n for n in names if fields[n].compare]
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
        own = set(cls.__dict__)
        made = {}

        def compiled():
            """The methods that run often, compiled in one piece when the first of them is
            called: a run makes few of the records it defines, and pays only for those."""
            if made:  # (a stand-in kept from before, called again)
                return made
            exec("\n".join(source), spot, made)
            for name, function in made.items():
                function.__qualname__ = f"{cls.__qualname__}.{name}"
                if name not in own:  # (not a method the class wrote itself)
                    setattr(cls, name, function)
            return made

        for name in ("__init__", "__eq__", "__hash__") if frozen else ("__init__", "__eq__"):
            if name not in own:
                setattr(cls, name, _first_call(name, compiled))
        for name, function in _methods(cls, frozen, names, fields).items():
            function.__qualname__ = f"{cls.__qualname__}.{name}"
            if name not in own or name in ("__setattr__", "__delattr__"):
                setattr(cls, name, function)
        if not frozen and "__eq__" not in own and "__hash__" not in own:
            cls.__hash__ = None  # (mutable and compared by value: unhashable, as dataclasses)
        cls.__dataclass_fields__ = fields
        cls.__match_args__ = tuple(names)
        return cls

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

    def _first_call(name, compiled):
        """A stand-in for the method ``name`` until ``compiled()`` makes the real one."""

        def first(self, *args, **kwargs):
            return compiled()[name](self, *args, **kwargs)

        first.__name__ = name
        return first
