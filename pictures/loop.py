"""∞ Loop and Net pictures: each tile as pipes, thick rounded strokes from its centre to the
middles of its sides (a lone end gets a bulb); solved, each connected network in its own colour
(joined across the edges of a board that wraps); barriers as thick walls, id ``barrier-R-C-S``."""

from __future__ import annotations

from typing import Any

from ..puzzles.loop import DOWN, RIGHT, Loop, Tiles, across
from . import grid

# The sides a tile's bits point to (1 up, 2 right, 4 down, 8 left), as (dx, dy) from the centre.
SIDES = ((1, (0.0, -0.5)), (2, (0.5, 0.0)), (4, (0.0, 0.5)), (8, (-0.5, 0.0)))
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
FIXED = "#d9d9d9"
PER_TILE = 2_500
"""Up to this many tiles, each is its own element (with an id); above, one stroke per colour."""


def extent(puzzle: Loop) -> tuple[float, float, float, float]:
    return (0.0, 0.0, float(puzzle.width), float(puzzle.height))


def draw(
    ax: Any, puzzle: Loop, solution: Tiles | None, marked: set[tuple[int, int]], points: float
) -> None:
    tiles = solution
    if tiles is None:  # the puzzle: fixed tiles stand as they were fixed
        tiles = tuple(
            tuple(puzzle.fixed.get((r, c), t) for c, t in enumerate(row))
            for r, row in enumerate(puzzle.rows)
        )
    many = puzzle.width * puzzle.height > PER_TILE
    if marked or not many:  # every cell outlined, or on a huge board only the marked ones
        grid.cells(ax, sorted(marked) if many else _places(tiles), marked)
    _fixed(ax, puzzle)
    _barriers(ax, puzzle, points)
    colour = _networks(puzzle, tiles) if solution is not None else {}
    width = max(0.3, points * 0.22)
    strokes: dict[str, list[list[tuple[float, float]]]] = {}
    bulbs: dict[str, list[tuple[float, float]]] = {}
    for r, row in enumerate(tiles):
        for c, tile in enumerate(row):
            if not tile:
                continue
            ink = PALETTE[colour.get((r, c), 0) % len(PALETTE)] if colour else "#555555"
            centre = (c + 0.5, r + 0.5)
            lines = [
                [centre, (c + 0.5 + dx, r + 0.5 + dy)] for bit, (dx, dy) in SIDES if tile & bit
            ]
            lone = tile in (1, 2, 4, 8)
            if many:
                strokes.setdefault(ink, []).extend(lines)
                if lone:
                    bulbs.setdefault(ink, []).append(centre)
            else:
                _tile(ax, r, c, lines, lone, ink, width)
    for ink, lines in strokes.items():  # one path per colour: a small file, drawn fast
        _strokes(ax, lines, ink, width)
    for ink, centres in bulbs.items():
        _strokes(ax, [[(x, y), (x + 1e-3, y)] for x, y in centres], ink, width * 1.8)


def _strokes(ax: Any, lines: list[list[tuple[float, float]]], ink: str, width: float) -> None:
    """Many strokes as one compound path (a stroke of almost no length is a round dot)."""
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    vertices = [p for line in lines for p in line]
    codes = [Path.MOVETO, Path.LINETO] * len(lines)
    ax.add_artist(
        PathPatch(
            Path(vertices, codes),
            fill=False,
            edgecolor=ink,
            linewidth=width,
            capstyle="round",
            zorder=3,
        )
    )


def _tile(
    ax: Any,
    r: int,
    c: int,
    lines: list[list[tuple[float, float]]],
    lone: bool,
    ink: str,
    width: float,
) -> None:
    """One tile as one element: its strokes in one path, id ``tile-R-C``."""
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    vertices = [p for line in lines for p in line]
    codes = [Path.MOVETO, Path.LINETO] * len(lines)
    patch = PathPatch(
        Path(vertices, codes),
        fill=False,
        edgecolor=ink,
        linewidth=width,
        capstyle="round",
        joinstyle="round",
        zorder=3,
    )
    patch.set_gid(f"tile-{r}-{c}")
    ax.add_artist(patch)
    if lone:  # a lone pipe end: a bulb at the centre
        from matplotlib.patches import Circle

        ax.add_artist(Circle((c + 0.5, r + 0.5), 0.17, color=ink, zorder=3))


def _fixed(ax: Any, puzzle: Loop) -> None:
    """Fixed tiles (a setter's givens) on a grey ground, id ``fixed-R-C``."""
    from matplotlib.patches import Rectangle

    for r, c in sorted(puzzle.fixed):
        ground = Rectangle(
            (c + 0.06, r + 0.06), 0.88, 0.88, facecolor=FIXED, linewidth=0, zorder=1.5
        )
        ground.set_gid(f"fixed-{r}-{c}")
        ax.add_artist(ground)


def _barriers(ax: Any, puzzle: Loop, points: float) -> None:
    """Each barrier as a thick wall on its tile's right or bottom side, id ``barrier-R-C-S``
    (S is ``v`` for a wall on the right, ``h`` below, as in Net's game IDs)."""
    from matplotlib.lines import Line2D

    for r, c, side in sorted(puzzle.barriers):
        if side == RIGHT:
            xs, ys, name = (c + 1, c + 1), (r, r + 1), "v"
        else:
            xs, ys, name = (c, c + 1), (r + 1, r + 1), "h"
        wall = Line2D(
            xs,
            ys,
            color="#000000",
            linewidth=max(1.0, points * 0.12),
            solid_capstyle="butt",
            zorder=4,
        )
        wall.set_gid(f"barrier-{r}-{c}-{name}")
        ax.add_artist(wall)


def _places(tiles: Tiles) -> list[tuple[int, int]]:
    """Every cell of the board."""
    return [(r, c) for r, row in enumerate(tiles) for c in range(len(row))]


def _networks(puzzle: Loop, tiles: Tiles) -> dict[tuple[int, int], int]:
    """Each tile's network, numbered by first appearance (tiles joined by meeting pipes)."""
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def root(x: tuple[int, int]) -> tuple[int, int]:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r, row in enumerate(tiles):
        for c, tile in enumerate(row):
            for side, back in ((RIGHT, 8), (DOWN, 1)):
                there = across(puzzle, r, c, side) if tile & side else None
                if there is not None and tiles[there[0]][there[1]] & back:
                    parent[root((r, c))] = root(there)
    numbers: dict[tuple[int, int], int] = {}
    found: dict[tuple[int, int], int] = {}
    for r, row in enumerate(tiles):
        for c, tile in enumerate(row):
            if tile:
                found[(r, c)] = numbers.setdefault(root((r, c)), len(numbers))
    return found
