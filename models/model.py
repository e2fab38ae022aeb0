"""The declarative model: plain data that every backend translates in its own way.

Its parts are named tuples: immutable values, compared and hashed by their fields, and made
in a twentieth of a frozen dataclass's time (a model's module loads on every solve)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple, TypeVar

Lit = int
"""A Boolean literal, DIMACS style: variable ``v`` is ``v``, its negation is ``-v``."""

Op = Literal["<=", ">=", "=="]


class IntVar(NamedTuple):
    """An integer variable with a small explicit domain (one-hot on SAT, native on CP-SAT)."""

    number: int  # its place in the model's list of integer variables
    name: str
    domain: tuple[int, ...]


Term = tuple[int, IntVar | Lit]
"""A coefficient and an integer variable or a literal (a literal counts as 0 or 1)."""


class WeightedSum(NamedTuple):
    """``sum(w_i * lit_i) op bound`` over literals."""

    lits: tuple[Lit, ...]
    weights: tuple[int, ...]
    op: Op
    bound: int


class Linear(NamedTuple):
    """``sum(c_i * x_i) op rhs`` over integer variables and literals, when all ``enforce`` hold."""

    terms: tuple[Term, ...]
    op: Op
    rhs: int
    enforce: tuple[Lit, ...] = ()


class Circuit(NamedTuple):
    """One Hamiltonian circuit over the arcs' nodes; a self-loop arc ``(n, n, lit)`` skips ``n``."""

    arcs: tuple[tuple[int, int, Lit], ...]


class Connected(NamedTuple):
    """The nodes are joined into one network by the true edges ``(u, v, lit)`` (undirected).
    A node listed in ``active`` as ``(node, lit)`` takes part only when its literal holds (a
    dot on a loop, a cell inside it); an edge whose literal is 0 is open whenever both its nodes
    take part (cells that touch). Each of ``anchors`` is a set of nodes of which some takes
    part in every solution (the corners of a clue): the cuts then need fewer conditions.
    ``size``, when not 0, is how many nodes take part in every solution (an island's number):
    a network of fewer must reach past its edge, with no condition on any other."""

    nodes: tuple[int, ...]
    edges: tuple[tuple[int, int, Lit], ...]
    active: tuple[tuple[int, Lit], ...] = ()
    anchors: tuple[frozenset[int], ...] = ()
    size: int = 0

    @property
    def when(self) -> dict[int, Lit]:
        """The literal of each node of ``active``."""
        return dict(self.active)


class Matching(NamedTuple):
    """Every left node is paired with a true right literal of its own along the ``edges``
    ``(left node, right literal)``: a one-to-one pairing (Hall's condition, checked lazily)."""

    edges: tuple[tuple[int, Lit], ...]


Choice = tuple[tuple[int, Lit], ...]
"""A value held by a one-hot group: ``(value, literal)`` pairs, exactly one literal true
(the group's own exactly-one says so; a table only reads it)."""


def boolean(lit: Lit) -> Choice:
    """A Boolean as a table column, 0 when false and 1 when true (one of the two always holds)."""
    return ((0, -lit), (1, lit))


def boolean_of(column: Choice) -> Lit | None:
    """The literal of a column made by ``boolean``, else None."""
    if len(column) == 2 and (column[0][0], column[1][0]) == (0, 1):
        (_, off), (_, on) = column
        if off == -on:
            return on
    return None


class Table(NamedTuple):
    """The columns take together one of the allowed ``rows`` (CP-SAT's allowed assignments)."""

    columns: tuple[IntVar | Choice, ...]
    rows: tuple[tuple[int, ...], ...]


Answer = IntVar | Lit


class TooLarge(ValueError):
    """A puzzle whose model would pass a documented size limit: refused before it is built.
    ``cells``, when known: about the most cells a board of the kind may have within the limit
    (so a generator can name the largest size it makes)."""

    def __init__(self, message: str, cells: int | None = None) -> None:
        super().__init__(message)
        self.cells = cells


@dataclass(slots=True)
class Model:
    """Variables and constraints as data, and the answer variables that fix the printed solution."""

    num_bools: int = 0
    ints: list[IntVar] = field(default_factory=list)
    clauses: list[tuple[Lit, ...]] = field(default_factory=list)
    exactly_one: list[tuple[Lit, ...]] = field(default_factory=list)
    at_most_one: list[tuple[Lit, ...]] = field(default_factory=list)
    sums: list[WeightedSum] = field(default_factory=list)
    linears: list[Linear] = field(default_factory=list)
    circuits: list[Circuit] = field(default_factory=list)
    all_different: list[tuple[IntVar, ...]] = field(default_factory=list)
    connected: list[Connected] = field(default_factory=list)
    matchings: list[Matching] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    answer: list[Answer] = field(default_factory=list)
    probe: list[Lit] = field(default_factory=list)
    """Literals a SAT backend tries one by one before its search (failed-literal probing): one
    whose unit propagation fails is false in every solution, and is given as a unit clause. For
    models whose search is long next to a propagation per literal (Hidato's open places)."""

    def bool_var(self) -> Lit:
        """A fresh Boolean variable."""
        self.num_bools += 1
        return self.num_bools

    def bool_vars(self, n: int) -> range:
        """``n`` fresh Boolean variables, numbered consecutively."""
        first = self.num_bools + 1
        self.num_bools += n
        return range(first, first + n)

    def int_var(self, domain: Iterable[int], name: str = "") -> IntVar:
        """A fresh integer variable taking one of ``domain``."""
        values = tuple(sorted(set(domain)))
        if not values:
            raise ValueError(f"integer variable {name!r} has an empty domain")
        var = IntVar(len(self.ints), name or f"x{len(self.ints)}", values)
        self.ints.append(var)
        return var

    def add_clause(self, lits: Iterable[Lit]) -> None:
        """At least one of ``lits`` holds."""
        self.clauses.append(tuple(lits))

    def add_exactly_one(self, lits: Iterable[Lit]) -> None:
        """Exactly one of ``lits`` holds."""
        self.exactly_one.append(tuple(lits))

    def add_at_most_one(self, lits: Iterable[Lit]) -> None:
        """At most one of ``lits`` holds."""
        self.at_most_one.append(tuple(lits))

    def add_sum(self, lits: Sequence[Lit], weights: Sequence[int], op: Op, bound: int) -> None:
        """``sum(w * lit) op bound``."""
        if len(lits) != len(weights):
            raise ValueError("a weighted sum needs one weight per literal")
        self.sums.append(WeightedSum(tuple(lits), tuple(weights), op, bound))

    def add_linear(
        self, terms: Iterable[Term], op: Op, rhs: int, enforce: Iterable[Lit] = ()
    ) -> None:
        """``sum(c * x) op rhs``, only when every literal of ``enforce`` is true."""
        self.linears.append(Linear(tuple(terms), op, rhs, tuple(enforce)))

    def add_circuit(self, arcs: Iterable[tuple[int, int, Lit]]) -> None:
        """The true arcs form a single circuit through every node that is not skipped."""
        self.circuits.append(Circuit(tuple(arcs)))

    def add_connected(
        self,
        nodes: Iterable[int],
        edges: Iterable[tuple[int, int, Lit]],
        active: Iterable[tuple[int, Lit]] = (),
        anchors: Iterable[Iterable[int]] = (),
        size: int = 0,
    ) -> None:
        """The true edges join all ``nodes`` into one network (solved lazily by every backend);
        a node of ``active`` counts only when its literal holds, an edge of literal 0 is open;
        each of ``anchors`` holds a node that takes part in every solution; ``size``, when
        not 0, is how many take part in every solution."""
        self.connected.append(
            Connected(
                tuple(nodes),
                tuple(edges),
                tuple(active),
                tuple(frozenset(a) for a in anchors),
                size,
            )
        )

    def add_matching(self, edges: Iterable[tuple[int, Lit]]) -> None:
        """Each left node of ``edges`` has a true right literal of its own among its edges
        (solved lazily by every backend, by cuts from Hall's condition)."""
        self.matchings.append(Matching(tuple(edges)))

    def add_all_different(self, xs: Iterable[IntVar]) -> None:
        """No two of ``xs`` take the same value."""
        self.all_different.append(tuple(xs))

    def add_table(self, columns: Iterable[IntVar | Choice], rows: Iterable[Sequence[int]]) -> None:
        """The columns take one of ``rows`` together: a cage's admissible combinations, say."""
        cols = tuple(columns)
        allowed = tuple(tuple(r) for r in rows)
        if any(len(row) != len(cols) for row in allowed):
            raise ValueError("a table row needs one value per column")
        self.tables.append(Table(cols, allowed))

    def size(self) -> dict[str, int]:
        """Counts of variables and constraints, for reports and benchmarks."""
        return {
            "bools": self.num_bools,
            "ints": len(self.ints),
            "clauses": len(self.clauses),
            "exactly_one": len(self.exactly_one),
            "at_most_one": len(self.at_most_one),
            "sums": len(self.sums),
            "linears": len(self.linears),
            "circuits": len(self.circuits),
            "all_different": len(self.all_different),
            "connected": len(self.connected),
            "matchings": len(self.matchings),
            "tables": len(self.tables),
        }


class Assignment(NamedTuple):
    """Values a backend found: ``bools[v]`` for variable ``v`` (index 0 unused), ``ints[i]``."""

    bools: tuple[bool, ...]
    ints: tuple[int, ...]

    def __call__(self, x: Answer) -> int:
        """The value of a literal (0 or 1) or of an integer variable."""
        if isinstance(x, IntVar):
            return self.ints[x.number]
        return int(self.bools[x]) if x > 0 else int(not self.bools[-x])

    def project(self, answer: Sequence[Answer]) -> tuple[int, ...]:
        """The values of the answer variables: two solutions differ iff their projections do."""
        return tuple(self(x) for x in answer)


S = TypeVar("S")
K = TypeVar("K")
V = TypeVar("V")


class Later(Mapping[K, V]):
    """A mapping made when first read: ``Built.keys``, which only a generator reads, costs a
    solve of a large board nothing otherwise."""

    def __init__(self, make: Callable[[], Mapping[K, V]]) -> None:
        self._make: Callable[[], Mapping[K, V]] | None = make
        self._made: Mapping[K, V] = {}

    def _found(self) -> Mapping[K, V]:
        if self._make is not None:
            self._made, self._make = self._make(), None
        return self._made

    def __getitem__(self, key: K) -> V:
        return self._found()[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())


@dataclass(frozen=True, slots=True)
class Built(Generic[S]):
    """A model and the decoder that maps its assignments back into the genre's solution."""

    model: Model
    decode: Callable[[Assignment], S]
    keys: Mapping[Any, Mapping[Any, Lit]] | None = None
    """Where the answer is one-hot literals: each place's literal per value ("this place holds
    this value"), so a generator can show or hide a value by an assumption. Models with one
    answer variable per place, in the order of the genre's answer, need none."""
    hints: Callable[[Callable[[Lit], bool]], list[tuple[Lit, ...]]] | None = None
    """Clauses the model implies that unit propagation cannot see, written on demand from the
    literals known true (a loop about to close too early): ``grade`` adds the ones that bite, as
    it adds a lazy constraint's cuts, so that they count as propagation. Solvers need none."""
    asks: tuple[Mapping[str, Lit], ...] = ()
    """Per question the puzzle asks: each answer it may have (as the genre prints it) and a
    literal true exactly when that is the answer, so a run can prove an answer forced (no
    solution where its literal is false) or list the answers that remain."""
    tiers: tuple[Lit, ...] = ()
    """Switches of redundant rules, easiest first, each a literal the model holds by a unit
    clause: ``grade`` withholds them and turns them on one at a time while propagation is stuck,
    so a puzzle propagation finishes scores by how many it needed (a person's harder rules)."""
    narrowed: Built[S] | None = None
    """A model of the answers that cannot be made smaller (a path shortened, freeing cells),
    where every other answer shrinks to one of them by such steps: one answer that leaves no
    room to shrink (``whole``) found as its only answer is then the puzzle's only answer, and
    two are two of the puzzle's. A run for one or two answers searches it first; anything else
    (a count, every answer) the model itself."""
    whole: Callable[[S], bool] | None = None
    """Whether an answer of ``narrowed`` is as large as any can be (no other shrinks to it)."""
