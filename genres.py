"""The genre registry: what the CLI, ``gridsat genres`` and the tests know of each genre."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .models.model import Built
from .parsers.grid import differing_cells


@dataclass(frozen=True)
class Givens:
    """What a setter may take from a puzzle or add to it: numbers shown, clues, fixed tiles."""

    of: Callable[[Any], list[Any]]  # puzzle -> its givens
    keep: Callable[[Any, Any], Any]  # (puzzle, givens) -> the puzzle with exactly those
    at: Callable[[Any, Any, tuple[int, int]], Any]  # (puzzle, solution, place) -> a given
    describe: Callable[[Any, Any], str]  # (puzzle, given) -> in the player's words


def _givens(rules: Any) -> Givens:
    """A rulebook module's given functions, as a record."""
    return Givens(rules.givens, rules.with_givens, rules.given_at, rules.describe)


@dataclass(frozen=True)
class Genre:
    """One puzzle genre: how to read it, model it, check it and print it."""

    name: str
    aliases: tuple[str, ...]
    summary: str
    input_format: str
    example: str
    parse: Callable[[str], Any]
    build: Callable[..., Built[Any]]  # (puzzle, encoding, prune=True)
    encodings: tuple[str, ...]
    default_encoding: str
    default_backend: str
    check: Callable[[Any, Any], list[str]]
    format_solution: Callable[[Any, Any, str], str]
    output_formats: tuple[str, ...]
    to_json: Callable[[Any, Any], Any]  # (puzzle, solution) -> JSON
    differences: Callable[[Any, Any], list[str]]
    data: str  # the folder under data/ that holds its examples
    options: tuple[str, ...] = ()  # keyword options its parser takes (CLI flags)
    picture: str = ""  # its module in render/ (imported only to draw): extent() and draw()
    givens: Givens | None = None  # for diagnose and generate
    format_puzzle: Callable[[Any], str] | None = None  # the puzzle in its own input format


def _grid_differences(first: Sequence[Sequence[int]], second: Sequence[Sequence[int]]) -> list[str]:
    """Differing cells of two number grids, as ``r2c5`` (row 2, column 5)."""
    return [f"r{r}c{c}" for r, c in differing_cells(first, second)]


def _rows_json(puzzle: Any, grid: Sequence[Sequence[int | None]]) -> list[list[int | None]]:
    """A number grid as JSON: a list of rows of ints (null for a hole)."""
    return [list(row) for row in grid]


def all_genres() -> tuple[Genre, ...]:
    """Every genre, in the order the help lists them."""
    from .models import hidato as hidato_model
    from .models import loop as loop_model
    from .models import magic as magic_model
    from .models import signpost as signpost_model
    from .models import zebra as zebra_model
    from .parsers import hidato as hidato_parser
    from .parsers import loop as loop_parser
    from .parsers import magic as magic_parser
    from .parsers import signpost as signpost_parser
    from .parsers import zebra as zebra_parser
    from .puzzles import hidato as hidato_rules
    from .puzzles import loop as loop_rules
    from .puzzles import magic as magic_rules
    from .puzzles import signpost as signpost_rules
    from .puzzles import zebra as zebra_rules

    board_input = (
        "rows of numbers; blanks _ . - 0 ?; holes # X .. (or . when blanks are _); "
        "commas, brackets and | ignored; an optional first line gives the size (10x10)"
    )

    hidato = Genre(
        name="hidato",
        aliases=("hidoku",),
        summary="number the cells 1..N so consecutive numbers touch, across a side or a corner",
        input_format=board_input,
        example="[[_, 16, _, _], [_, _, _, _], [_, _, _, _], [10, 6, _, _]]",
        parse=hidato_parser.parse,
        build=hidato_model.build,
        encodings=hidato_model.ENCODINGS,
        default_encoding="position",
        default_backend="sat:cadical195",
        check=hidato_rules.check,
        format_solution=hidato_parser.format_solution,
        output_formats=("grid",),
        to_json=_rows_json,
        differences=_grid_differences,
        data="hidato",
        options=("blank", "hole"),
        picture="hidato",
        givens=_givens(hidato_rules),
        format_puzzle=hidato_parser.format_puzzle,
    )
    # Numbrix is Hidato with side steps only: another parser, the same model and checker.
    numbrix = dataclasses.replace(
        hidato,
        name="numbrix",
        aliases=(),
        summary="number the cells 1..N so consecutive numbers share a side",
        example="[[_, _, _, _], [_, _, 11, 14], [_, _, 4, _], [_, _, _, _]]",
        parse=hidato_parser.parse_numbrix,
        data="numbrix",
    )
    return (
        Genre(
            name="signpost",
            aliases=("arrows",),
            summary="number the cells 1..N so each arrow points at the next number "
            "(Simon Tatham's Signpost)",
            input_format="a game ID WxH:desc as the collection prints it, e.g. "
            "5x5:1cceefcfggeeccghcac3e12hch10ah25a (a = north, clockwise to h)",
            example="5x5:1cceefcfggeeccghcac3e12hch10ah25a",
            parse=signpost_parser.parse,
            build=signpost_model.build,
            encodings=signpost_model.ENCODINGS,
            default_encoding="position",
            default_backend="sat:cadical195",
            check=signpost_rules.check,
            format_solution=signpost_parser.format_solution,
            output_formats=("grid", "tatham"),
            to_json=_rows_json,
            differences=_grid_differences,
            data="signpost",
            picture="signpost",
            givens=_givens(signpost_rules),
            format_puzzle=signpost_parser.format_id,
        ),
        hidato,
        numbrix,
        Genre(
            name="magic",
            aliases=("magic-square",),
            summary="fill the board so every row, column and diagonal has the same sum",
            input_format="a number board (as hidato, no holes); a first line such as "
            "`range 5..29 sum 85 no-diagonals repeat` or --range/--sum/--no-diagonals/--repeat",
            example="[[2, 7, _], [_, _, _], [_, _, _]]",
            parse=magic_parser.parse,
            build=magic_model.build,
            encodings=magic_model.ENCODINGS,
            default_encoding="integer",
            default_backend="cpsat:1",
            check=magic_rules.check,
            format_solution=magic_parser.format_solution,
            output_formats=("grid",),
            to_json=_rows_json,
            differences=_grid_differences,
            data="magic",
            options=("blank", "values", "total", "no_diagonals", "repeat"),
            picture="magic",
            givens=_givens(magic_rules),
            format_puzzle=magic_parser.format_puzzle,
        ),
        Genre(
            name="loop",
            aliases=("infinity-loop",),
            summary="turn the pipe tiles until every pipe end meets another (∞ Loop)",
            input_format="rows of box-drawing tiles ( ╸╻┓╺━┏┳╹┛┃┫┗┻┣╋, space = empty), or rows "
            "of numbers 0..15 (1 up, 2 right, 4 down, 8 left) after optional size lines; "
            "5* is a tile fixed as it stands",
            example="┏┓\n┗┛",
            parse=loop_parser.parse,
            build=loop_model.build,
            encodings=loop_model.ENCODINGS,
            default_encoding="cnf",
            default_backend="sat:cadical195",
            check=loop_rules.check,
            format_solution=loop_parser.format_solution,
            output_formats=("glyph", "mask"),
            to_json=loop_parser.to_json,
            differences=_grid_differences,
            data="loop",
            options=("connected", "tree"),
            picture="loop",
            givens=_givens(loop_rules),
            format_puzzle=loop_parser.format_puzzle,
        ),
        Genre(
            name="zebra",
            aliases=("logic-grid",),
            summary="place every value of every category at one position so all clues hold",
            input_format="categories (`colour: red green blue`; `brand: Pall Mall, Kools` or "
            "quotes for values of several words; `order house: 1 2 3` names the positions), then "
            "clues such as `red is dog`, `red is just left of blue`, `cat is next to fish`; with "
            "no order category and no clue about positions (at, left, right, next to), the first "
            "category is the key and only matches count; or Ben Lynn's Grizzly format (rows of "
            "symbols, a line %%, clues = ! < > A 1 i ^ p X)",
            example="colour: red green blue\npet: cat dog fish\nred is dog\n"
            "dog is just left of fish\nblue is left of red",
            parse=zebra_parser.parse,
            build=zebra_model.build,
            encodings=zebra_model.ENCODINGS,
            default_encoding="boolean",
            default_backend="sat:cadical195",
            check=zebra_rules.check,
            format_solution=zebra_parser.format_solution,
            output_formats=("table",),
            to_json=zebra_parser.to_json,
            differences=zebra_parser.differences,
            data="zebra",
            picture="zebra",
            givens=_givens(zebra_rules),
            format_puzzle=zebra_parser.format_puzzle,
        ),
    )


def get_genre(name: str) -> Genre:
    """The genre called ``name`` or one of its aliases; ValueError naming the choices."""
    key = name.strip().lower()
    for genre in all_genres():
        if key == genre.name or key in genre.aliases:
            return genre
    names = ", ".join(g.name for g in all_genres())
    raise ValueError(f"unknown genre {name!r} (known: {names})")
