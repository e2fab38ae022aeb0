"""Hidato and Numbrix boards: the shared number-grid reader, plus this genre's own checks."""

from __future__ import annotations

from ..puzzles.hidato import Board, Hidato, Moves
from . import ParseError
from .grid import format_number_grid, grid_text, rows_from_json, rows_json
from .numbergrid import NumberBoard, format_board, read_board


def parse(
    text: str, blank: str | None = None, hole: str | None = None, moves: Moves = "king"
) -> Hidato:
    """A board of givens, blanks and holes (see ``numbergrid``); givens within 1..N, once each."""
    board = read_board(text, blank, hole)
    puzzle = Hidato(board.rows, moves)
    n = puzzle.size
    if n == 0:
        raise ParseError("the board has only holes: there is nothing to number")
    seen: dict[int, tuple[int, int]] = {}
    for (r, c), value in sorted(puzzle.givens().items()):
        if value > n:
            raise ParseError(f"r{r + 1}c{c + 1}: {value} is larger than the number of cells, {n}")
        if value in seen:
            r0, c0 = seen[value]
            raise ParseError(f"{value} is given twice, at r{r0 + 1}c{c0 + 1} and r{r + 1}c{c + 1}")
        seen[value] = (r, c)
    return puzzle


def format_puzzle(puzzle: Hidato) -> str:
    """The board as ``parse`` reads it: underscores for blanks, ``.`` for holes."""
    return format_board(NumberBoard(puzzle.rows))


def format_solution(puzzle: Hidato, solution: Board, style: str = "grid") -> str:
    """The numbered board, aligned, holes as ``#``: it reads back as the puzzle with every
    number given (a ``.`` there, with no ``_`` blank beside it, would read as a blank)."""
    return format_number_grid(solution, blank="#")


to_json = rows_json
from_json = rows_from_json


# -- a grid as Python values ---------------------------------------------------------------------


def rows_text(rows: object) -> str:
    """Rows of cells as Python values: numbers; None, 0 or "" a blank; "#" (or "X") a hole."""
    return grid_text(rows, board_cell, "a number, a blank (None, 0, '') or a hole ('#')")


def board_cell(value: object) -> str | None:
    """A number board's cell as its text writes it (``_`` a blank)."""
    if value is None or value == 0 or value == "":
        return "_"
    if isinstance(value, int) and value > 0:
        return str(value)
    if value in ("#", "X", "x"):
        return "#"
    return None
