"""Drawing shared by the genres that split a board into regions: a thick wall wherever two
cells side by side lie in different regions, and round the board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import grid

Wall = tuple[tuple[float, float], tuple[float, float]]


def walls(
    ax: Any, labels: Sequence[Sequence[Any]] | None, width: int, height: int, points: float
) -> None:
    """Thick lines round the board and, given each cell's region (``labels``), between cells of
    different regions (id ``walls``)."""
    from matplotlib.collections import LineCollection

    found: list[Wall] = [((0, 0), (width, 0)), ((0, height), (width, height))]
    found += [((0, 0), (0, height)), ((width, 0), (width, height))]
    if labels is not None:
        for r in range(height):
            for c in range(width):
                if c + 1 < width and labels[r][c] != labels[r][c + 1]:
                    found.append(((c + 1, r), (c + 1, r + 1)))
                if r + 1 < height and labels[r][c] != labels[r + 1][c]:
                    found.append(((c, r + 1), (c + 1, r + 1)))
    lines = LineCollection(found, colors=grid.GIVEN, linewidths=max(1.0, points * 0.06), zorder=3)
    lines.set_gid("walls")
    ax.add_collection(lines)
