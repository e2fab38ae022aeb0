"""The one reader of typed maps of rooms: a name in two pieces refused (Heyawake, Star Battle) or
each piece a room of its own (Norinori, LITS), with each family's names, marks and messages."""

from __future__ import annotations

import pytest

from gridsat.parsers import ParseError
from gridsat.parsers.rooms import read_map
from gridsat.parsers.roomshading import LETTERS, parse_map


def lines(text: str) -> list[tuple[int, str]]:
    """A map's lines as the genres hand them over: numbered from 1, blank ones left out."""
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def test_a_name_in_two_pieces_is_refused_or_two_rooms_as_asked() -> None:
    with pytest.raises(ParseError, match=r"room B is in pieces: r2c1 is not joined to r1c2"):
        read_map(lines("AB\nBA"))
    split = read_map(lines("AB\nBA"), pieces=True)
    assert split.rooms == ((0, 1), (2, 3)) and split.names == [["A", "B"], ["B", "A"]]
    # one piece each: both read the same rooms
    assert read_map(lines("AB\nAC")) == read_map(lines("AB\nAC"), pieces=True)
    assert read_map(lines("AB\nAC")).rooms == ((0, 1), (0, 2))


def test_names_side_by_side_or_separated_read_alike() -> None:
    side = read_map(lines("AAB\nCAB"))
    assert side.rooms == ((0, 0, 1), (2, 0, 1)) and side.marks == {}
    assert read_map(lines("A, A, B\nC A  B")) == side
    assert read_map(lines("A1 A1 B2\nC3 A1 B2")).rooms == side.rooms


def test_room_names_are_words_and_region_maps_letters_with_marks() -> None:
    assert read_map(lines("Ä1 B\nÄ1 B")).rooms == ((0, 1), (0, 1))
    with pytest.raises(ParseError, match=r"line 2, column 1: 'Ä' is not a cell"):
        read_map(lines("A B\nÄ B"), pieces=True, spelling=LETTERS)
    marked = read_map(lines("A# A+\nB  B"), pieces=True, spelling=LETTERS)
    assert marked.rooms == ((0, 0), (1, 1)) and marked.marks == {(0, 0): "#", (0, 1): "+"}
    assert parse_map("A#A+\nBB", "x") == (marked.rooms, {(0, 0): True, (0, 1): False})
    with pytest.raises(ParseError, match=r"line 1, cell 1: 'A#' is not a room's name"):
        read_map(lines("A# B\nA B"))


BAD = {
    # (each family says where by its own measure: the cell's place in the row, or its column)
    ("A  B  !\nA B C", False): "line 1, cell 3: '!' is not a room's name",
    ("A  B  !\nA B C", True): "line 1, column 7: '!' is not a cell",
    ("AB\nA", False): "line 2: 1 cell, but the first row has 2",
    ("AB\nA", True): "line 2: 1 cell, but the first row has 2",
    ("A B\n,,,", False): "line 2: no cells, only separators",
    ("A B\n,,,", True): "line 2: no cells, only separators",
    ("", False): "no map of rooms",
}


@pytest.mark.parametrize(("text", "pieces"), sorted(BAD), ids=[repr(k) for k in sorted(BAD)])
def test_a_bad_map_names_where(text: str, pieces: bool) -> None:
    spelling = {"spelling": LETTERS} if pieces else {}
    with pytest.raises(ParseError, match=BAD[text, pieces]):
        read_map(lines(text), pieces, **spelling)
