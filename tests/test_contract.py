"""Every genre, built-in or plugin, keeps the genre contract (``gridsat/contract.py``): its
modules hold what the protocols ask, in the shapes callers use; its example reads, prints back,
solves on its default backend and passes its own checker; its JSON reads back; its answer's
places have names; its declaration names encodings, backends, bands and styles that exist.
Driven by the registry: a genre added to ``BUILTIN``, ``GRIDSAT_GENRES`` or the ``gridsat.genres``
entry points is checked here without a line of test code."""

from __future__ import annotations

import importlib
import inspect
import json
import random
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from gridsat import contract, registry
from gridsat.contract import Drawing, Model, Reader, Rulebook
from gridsat.generator import size_of
from gridsat.parsers import ParseError
from gridsat.pipeline import solve
from gridsat.registry import Genre
from gridsat.solvers import Status, get_backend

PLUGINS = Path(__file__).resolve().parent / "plugins"
PLUGIN = "latin"  # tests/plugins/latin.py, as GRIDSAT_GENRES names it
PROTOCOLS = [
    contract.Rulebook, contract.Makes, contract.Counts, contract.Reader, contract.Marks,
    contract.Explains, contract.AddsToJson, contract.ReadsBack, contract.MakesStyled,
    contract.WritesIds, contract.Restyles, contract.Model, contract.Settles, contract.Assumes,
    contract.Drawing,
]  # fmt: skip
MODULES = list(dict.fromkeys([*registry.rulebooks(), PLUGIN]))
"""Every rulebook the registry knows here, and the tests' own plugin genre."""


@pytest.fixture(params=MODULES, ids=lambda m: m.rpartition(".")[2])
def module(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """A genre's rulebook module, importable (the plugin's folder on the path)."""
    monkeypatch.syspath_prepend(str(PLUGINS))
    return str(request.param)


@pytest.fixture
def genre(module: str) -> Genre[Any, Any]:
    return registry.load(module)


@pytest.fixture
def solved(genre: Genre[Any, Any]) -> tuple[Any, Any]:
    """The genre's example and its one solution, found on its default backend."""
    puzzle = genre.parse(genre.example)
    outcome = solve(genre, puzzle, get_backend(genre.default_backend), limit=2)
    assert outcome.status is Status.UNIQUE, f"{genre.name}'s example: {outcome.status}"
    return puzzle, outcome.solutions[0]


def imported(name: str) -> Any:
    """A module the registry names (relative ones in gridsat)."""
    return importlib.import_module(f"gridsat{name}" if name.startswith(".") else name)


def parts(genre: Genre[Any, Any], module: str) -> dict[type, Any]:
    """The genre's four modules, each by the protocol it serves."""
    named = genre.about.parts
    return {
        Rulebook: imported(module),
        Reader: imported(named.parser or f".parsers.{genre.name}"),
        Model: imported(named.model or f".models.{genre.name}"),
        Drawing: imported(genre.picture),
    }


def called_as(protocol: type, function: Any, name: str) -> None:
    """``function`` takes the arguments the protocol's member ``name`` is called with: each
    positional-only parameter by position, each other one by its name (``prune=``, ``points=``),
    and no argument it does not declare, past ``**options``."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in list(inspect.signature(getattr(protocol, name)).parameters.values())[1:]:
        if parameter.kind is parameter.POSITIONAL_ONLY:
            args.append(object())
        elif parameter.kind is parameter.POSITIONAL_OR_KEYWORD:
            kwargs[parameter.name] = object()
    try:
        inspect.signature(function).bind(*args, **kwargs)
    except TypeError as e:
        pytest.fail(f"{name}{inspect.signature(function)} is not called as the contract's: {e}")


def test_its_modules_hold_what_the_protocols_ask_in_the_shapes_callers_use(
    genre: Genre[Any, Any], module: str
) -> None:
    for protocol, found in parts(genre, module).items():
        assert isinstance(found, protocol), contract.refusal(
            found.__name__, found, protocol, protocol.__name__
        )
        for name in contract.members(protocol):
            if callable(getattr(protocol, name, None)):
                called_as(protocol, getattr(found, name), name)


def test_its_optional_parts_are_joined_when_present_and_shaped_as_the_contract_says(
    genre: Genre[Any, Any], module: str
) -> None:
    modules = parts(genre, module)
    optional = {
        contract.Makes: (Rulebook, genre.make),
        contract.Counts: (Rulebook, genre.cells),
        contract.Marks: (Reader, genre.marked),
        contract.Explains: (Reader, genre.explain),
        contract.AddsToJson: (Reader, genre.extras),
        contract.ReadsBack: (Reader, genre.from_json),
        contract.MakesStyled: (Reader, genre.make_styled),
        contract.WritesIds: (Reader, genre.format_id),
        contract.Restyles: (Reader, genre.format_styled),
        contract.Settles: (Model, genre.settling),
        contract.Assumes: (Model, genre.assumes and genre.assumes.shape),
    }
    for protocol, (part, joined) in optional.items():
        found = modules[part]
        assert isinstance(found, protocol) == (joined is not None), protocol.__name__
        if joined is not None and callable(getattr(protocol, contract.members(protocol)[0], None)):
            called_as(protocol, joined, contract.members(protocol)[0])


def test_its_game_id_reads_back_as_the_same_puzzle(genre: Genre[Any, Any]) -> None:
    if genre.format_id is None:
        pytest.skip(f"{genre.name} writes no game IDs")
    written = genre.format_id(genre.parse(genre.example))
    assert genre.format_id(genre.parse(written)) == written


def test_its_example_reads_and_prints_back_as_the_same_puzzle(genre: Genre[Any, Any]) -> None:
    puzzle = genre.parse(genre.example)
    again = genre.parse(genre.format_puzzle(puzzle))
    assert again == puzzle
    assert genre.format_puzzle(again) == genre.format_puzzle(puzzle)


def test_its_example_has_one_solution_that_its_checker_accepts_in_every_format(
    genre: Genre[Any, Any], solved: tuple[Any, Any]
) -> None:
    puzzle, solution = solved
    assert genre.check(puzzle, solution) == []
    for style in genre.output_formats:
        assert genre.format_solution(puzzle, solution, style).strip(), style
    if genre.explain is not None:
        assert all(isinstance(line, str) for line in genre.explain(puzzle))


def test_its_json_reads_back_as_the_solution(
    genre: Genre[Any, Any], solved: tuple[Any, Any]
) -> None:
    puzzle, solution = solved
    data = json.loads(json.dumps(genre.to_json(puzzle, solution)))  # through text, as a file
    if genre.from_json is None:
        return
    back = genre.from_json(puzzle, data)
    assert genre.answer(back) == genre.answer(solution)
    assert genre.check(puzzle, back) == [] and genre.refuted(puzzle, data) is None
    with pytest.raises(ParseError):
        genre.from_json(puzzle, {"not": "a solution"})


def test_every_place_of_its_answer_has_a_name_of_its_own(
    genre: Genre[Any, Any], solved: tuple[Any, Any]
) -> None:
    puzzle, solution = solved
    places = list(genre.answer(solution))
    names = [genre.place_name(puzzle, place) for place in places]
    assert places and all(isinstance(n, str) and n.strip() for n in names)
    assert len(set(names)) == len(names)
    assert genre.differences(puzzle, solution, solution) == []


def test_its_declaration_names_what_exists(genre: Genre[Any, Any], module: str) -> None:
    about = genre.about
    assert about.name == about.name.strip().lower() and about.summary.strip()
    assert about.reading.input_format.strip() and about.reading.output_formats
    # Encodings: its defaults are its model's.
    assert genre.encodings and len(set(genre.encodings)) == len(genre.encodings)
    assert genre.default_encoding in genre.encodings
    assert about.grading.encoding in ("", *genre.encodings)
    assert about.solving.encodings in ((), genre.encodings)  # (described() fills it in)
    for family, encoding in about.solving.encodings_on:  # defaults per family of backends
        assert family in ("cpsat", "sat") and encoding in genre.encodings
        assert genre.encoding_on(f"{family}:2" if family == "cpsat" else family) == encoding
    # Backends: known ones; generation's has a repeatable budget.
    get_backend(genre.default_backend)
    assert "effort" in get_backend(genre.generate_backend).capabilities
    families = {"cpsat", "sat"}
    assert {family for family, _, _ in about.solving.params} <= families
    # Bands: named once each, each a range, in order.
    bands = about.grading.bands
    assert len({name for name, _, _ in bands}) == len(bands)
    assert all(low < high for _, low, high in bands)
    assert [low for _, low, _ in bands] == sorted(low for _, low, _ in bands)
    assert all(high <= later for (_, _, high), (_, later, _) in pairwise(bands))
    # Options: keywords its parser takes, flags the command line can offer.
    takes = inspect.signature(genre.parse).parameters
    anything = any(p.kind is p.VAR_KEYWORD for p in takes.values())
    for option in about.reading.options:
        assert anything or option.keyword in takes, option.keyword
        assert all(flag.startswith("--") for flag in (option.flag, *option.also))
    # Making: its small size is one it takes, and its styles made by its reader's styled maker.
    width, height = size_of(genre, about.making.small)
    assert width * height <= about.making.largest
    if about.making.styles:
        assert genre.make is not None and genre.make_styled is not None
    assert len(set(about.making.styles)) == len(about.making.styles)


def test_its_maker_makes_a_puzzle_its_checker_accepts_the_solution_of(
    genre: Genre[Any, Any],
) -> None:
    if genre.make is None:
        pytest.skip(f"{genre.name} makes no puzzles")
    backend = get_backend(genre.generate_backend)

    def solutions(puzzle: Any, n: int) -> list[Any]:
        return solve(genre, puzzle, backend, limit=n).solutions

    puzzle, solution, _ = genre.make(size_of(genre, genre.about.making.small),
                                     random.Random(1), solutions)  # fmt: skip
    assert genre.check(puzzle, solution) == []


def test_the_genres_names_and_aliases_are_each_one_genres(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(PLUGINS))
    taken: dict[str, str] = {}
    for module in MODULES:
        about = registry.about(module)
        for name in (about.name, *about.aliases):
            assert taken.setdefault(name, about.name) == about.name, name


def test_a_module_lacking_a_part_is_refused_in_one_line_naming_it_and_what_it_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "halfway.py").write_text(
        "from gridsat.contract import About, Reading, Solving\n"
        "GENRE = About(name='halfway', summary='s', reading=Reading('i', 'e'),\n"
        "              solving=Solving('sat:cadical195', 'onehot'))\n"
        "def check(puzzle, solution):\n"
        "    return []\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError) as refused:
        registry.load("halfway")
    message = str(refused.value)
    assert "\n" not in message and message.startswith("genre module 'halfway' lacks ")
    assert "GIVENS, answer, place_name:" in message and "check," not in message.split(":")[0]


def test_a_module_that_fails_to_import_is_refused_in_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A declaration in the shape About had before its groups: a TypeError as the module loads.
    (tmp_path / "flat.py").write_text(
        "from gridsat.contract import About\n"
        "GENRE = About(name='flat', summary='s', input_format='i', example='e',\n"
        "              default_backend='sat:cadical195', default_encoding='onehot')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    refused = r"^cannot load genre module 'flat': About\.__new__\(\) got an unexpected keyword"
    with pytest.raises(ValueError, match=refused):
        registry.about("flat")


def test_members_are_what_isinstance_asks_for() -> None:
    for protocol in PROTOCOLS:
        names = contract.members(protocol)
        assert names
        whole = type("Whole", (), {n: staticmethod(lambda *a, **k: None) for n in names})()
        assert isinstance(whole, protocol), protocol.__name__
        for name in names:
            short = type("Short", (), {n: staticmethod(print) for n in names if n != name})()
            assert not isinstance(short, protocol) and contract.lacking(short, protocol) == [name]


def test_a_genre_installed_as_a_package_is_found_by_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A package's metadata as an installer writes it: an entry point naming a rulebook module.
    info = tmp_path / "gridsat_latin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gridsat-latin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[gridsat.genres]\nlatin = latin\n")
    monkeypatch.delenv(registry.PLUGINS, raising=False)
    assert "latin" not in registry.rulebooks()
    monkeypatch.syspath_prepend(str(PLUGINS))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert registry.installed() == ["latin"]
    assert registry.rulebooks()[-1] == "latin"
    assert registry.get_genre("latin-square").name == "latin"
    assert [g.name for g in registry.all_genres()][-1] == "latin"
    # Named by GRIDSAT_GENRES too, it is listed once.
    monkeypatch.setenv(registry.PLUGINS, "latin")
    assert registry.rulebooks().count("latin") == 1
    # And the command line lists it, installed, with no GRIDSAT_GENRES.
    monkeypatch.delenv(registry.PLUGINS)
    path = [str(tmp_path), str(PLUGINS), *sys.path]
    run = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path[:0] = {path!r}; "
         "from gridsat.launch import main; sys.exit(main())", "genres", "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)[-1]["name"] == "latin"
