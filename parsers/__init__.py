"""Readers and printers of puzzle text: one genre a module, each a pair that round-trips."""


class ParseError(ValueError):
    """Bad puzzle text: the message names what is wrong and where, in one line."""


def uneven_row(where: str, cells: int, width: int) -> ParseError:
    """A row of another length than the first: one message for every grid reader."""
    return ParseError(
        f"{where}: {cells} cell{'' if cells == 1 else 's'}, but the first row has {width}"
    )


def is_digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes '¹' (which ``int`` refuses) and other
    scripts' numerals, none of which a puzzle format writes."""
    return text.isascii() and text.isdigit()


MAX_GRID_FACTS = 100_000
"""Logic grids: categories x values^2 (each value at each position, in every category)."""


def check_grid_size(categories: int, values: int) -> None:
    """Refuse a logic grid too large to model, before its model is built."""
    facts = categories * values * values
    if facts > MAX_GRID_FACTS:
        raise ParseError(
            f"{categories} categories of {values} values make {facts} value-position facts; "
            f"the limit is {MAX_GRID_FACTS}"
        )
