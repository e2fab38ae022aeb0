"""Pictures of puzzles and solutions (SVG or PNG, by the file's extension), with matplotlib.

Each genre has a module here, its drawing (``contract.Drawing``: ``extent`` and ``draw``); this
module lays out the panels and saves the file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..contract import Drawing, Place, refusal

CELL_INCHES = 0.45
"""A cell's side on paper, for boards up to ``FULL_SIZE`` cells a side; larger ones shrink."""
FULL_SIZE = 40
MIN_CELL_INCHES = 0.08
"""8 pixels at 100 dpi: the smallest cell a PNG gets before the pixel cap."""
MAX_PIXELS = 4000
"""A PNG's longest side: large boards get fewer pixels per cell, not a huge file."""
GAP = 1.0
"""Cells of space between two panels."""
MARGIN = 0.3
"""Cells of space around the picture, so the board's frame is not cut at the image's edge."""

FORMATS = (".svg", ".png")


class RenderError(ValueError):
    """A picture that cannot be made: a bad file name, or no matplotlib."""


class Drawn(Protocol):
    """What drawing asks of a genre (the registry's ``Genre`` has it): its drawing module's name,
    and its solutions place by place, to mark where two differ."""

    @property
    def picture(self) -> str: ...

    @property
    def answer(self) -> Callable[[Any], Mapping[Place, Any]]: ...


def check_target(path: str) -> None:
    """The file must end in .svg or .png, and matplotlib must be there to draw it."""
    if not path.lower().endswith(FORMATS):
        raise RenderError(f"--render {path}: the file must end in .svg or .png")
    try:
        import matplotlib  # noqa: F401
    except ImportError as e:
        raise RenderError("pictures need matplotlib: pip install 'gridsat[render]'") from e


def has_picture(genre: Drawn) -> bool:
    """Whether the genre has a drawing module (found, not imported)."""
    import importlib.util

    try:
        return importlib.util.find_spec(genre.picture) is not None
    except (ImportError, ValueError):
        return False


def render(
    genre: Drawn,
    puzzle: Any,
    solutions: Sequence[Any],
    path: str,
    titles: Sequence[str] = (),
    marked: set[Any] | None = None,
) -> None:
    """Draw the puzzle (no solutions), its solution, or two solutions side by side with the
    places where they differ marked (or the ``marked`` ones); write it to ``path``."""
    check_target(path)
    import importlib

    from matplotlib.figure import Figure

    picture = importlib.import_module(genre.picture)
    if not isinstance(picture, Drawing):
        raise RenderError(refusal(genre.picture, picture, Drawing, "drawing"))
    panels: list[Any] = list(solutions[:2]) or [None]
    if marked is None:
        marked = set()
        if len(panels) == 2:  # the places where the two solutions differ
            first, second = genre.answer(panels[0]), genre.answer(panels[1])
            marked = {place for place, value in first.items() if second.get(place) != value}
    x0, y0, x1, y1 = picture.extent(puzzle)
    width, height = x1 - x0, y1 - y0
    title_rows = 1.0 if titles else 0.0
    total_w = len(panels) * width + (len(panels) - 1) * GAP + 2 * MARGIN
    total_h = height + title_rows + 2 * MARGIN
    cell = max(MIN_CELL_INCHES, CELL_INCHES * min(1.0, FULL_SIZE / max(total_w, total_h)))
    fig = Figure(figsize=(total_w * cell, total_h * cell))
    # one size for every title, as large as a cell allows and as the panel is wide
    longest = max((len(t) for t in titles[: len(panels)]), default=1)
    title_size = max(4.0, min(cell * 72 * 0.6, width * cell * 72 / (0.62 * max(1, longest))))
    for i, solution in enumerate(panels):
        left = (MARGIN + i * (width + GAP)) / total_w
        ax = fig.add_axes((left, MARGIN / total_h, width / total_w, height / total_h))
        ax.set_xlim(x0, x1)
        ax.set_ylim(y1, y0)
        ax.set_aspect("equal")
        ax.axis("off")
        picture.draw(ax, puzzle, solution, marked, points=cell * 72)
        for artist in ax.get_children():  # the frame's outer half shows, in the margin
            artist.set_clip_on(False)
        if len(panels) > 1:  # ids stay unique in the file: s1-cell-0-0, s2-cell-0-0
            for artist in ax.findobj():
                if artist.get_gid():
                    artist.set_gid(f"s{i + 1}-{artist.get_gid()}")
        if i < len(titles):
            ax.text((x0 + x1) / 2, y0 - title_rows / 2, titles[i], ha="center", va="center",
                    fontsize=title_size, clip_on=False)  # fmt: skip
    _save(fig, path, max(total_w, total_h) * cell)


def _save(fig: Any, path: str, longest_inches: float) -> None:
    """SVG with real text and stable ids; PNG at up to 100 dpi, capped at MAX_PIXELS."""
    import matplotlib

    if path.lower().endswith(".svg"):
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "gridsat"}):
            fig.savefig(path, format="svg", metadata={"Date": None})
    else:
        dpi = min(100.0, MAX_PIXELS / max(longest_inches, 1e-9))
        fig.savefig(path, format="png", dpi=dpi)


def font(points: float, share: float) -> float:
    """A font size in points: ``share`` of a cell's side, never unreadably small."""
    return max(1.0, points * share)
