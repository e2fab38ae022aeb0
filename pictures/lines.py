"""Drawing shared by line puzzles: a line through cell centres from direction masks (1 right,
2 up, 4 left, 8 down), a half line where it leaves the board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LINE = "#1f5fbf"

STEP = {1: (1, 0), 2: (0, -1), 4: (-1, 0), 8: (0, 1)}
"""A bit's step on the picture, as (x, y), y pointing down."""


def draw_masks(ax: Any, masks: Sequence[str], points: float, gid: str = "loop") -> None:
    """The lines the masks give, as one collection of segments from centre to centre."""
    from matplotlib.collections import LineCollection

    segments = []
    h, w = len(masks), len(masks[0]) if masks else 0
    for r, row in enumerate(masks):
        for c, ch in enumerate(row):
            mask = int(ch, 16) if ch in "0123456789abcdef" else 0
            for bit, (dx, dy) in STEP.items():
                if not mask & bit:
                    continue
                inside = 0 <= r + dy < h and 0 <= c + dx < w
                if inside and bit in (4, 2):  # (each line once: from its left or upper cell)
                    continue
                reach = 1.0 if inside else 0.5
                x, y = c + 0.5, r + 0.5
                segments.append([(x, y), (x + dx * reach, y + dy * reach)])
    lines = LineCollection(
        segments, colors=LINE, linewidths=max(0.8, points * 0.12), capstyle="round", zorder=3
    )
    lines.set_gid(gid)
    ax.add_collection(lines)
