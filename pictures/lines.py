"""Drawing shared by line puzzles: a line through cell centres from direction masks (1 right,
2 up, 4 left, 8 down), a half line where it leaves the board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LINE = "#1f5fbf"

STEP = {1: (1, 0), 2: (0, -1), 4: (-1, 0), 8: (0, 1)}
"""A bit's step on the picture, as (x, y), y pointing down."""


def draw_masks(
    ax: Any, masks: Sequence[str], points: float, gid: str = "loop", colour: str = LINE
) -> None:
    """The lines the masks give, as one collection of half lines from the cells' centres."""
    from matplotlib.collections import LineCollection

    segments = []
    for r, row in enumerate(masks):
        for c, ch in enumerate(row):
            mask = int(ch, 16) if ch in "0123456789abcdef" else 0
            x, y = c + 0.5, r + 0.5
            # Half a line from the centre each way (two cells' halves meet between them).
            segments += [[(x, y), (x + dx / 2, y + dy / 2)] for bit, (dx, dy) in STEP.items()
                         if mask & bit]  # fmt: skip
    lines = LineCollection(
        segments, colors=colour, linewidths=max(0.8, points * 0.12), capstyle="round", zorder=3
    )
    lines.set_gid(gid)
    ax.add_collection(lines)
