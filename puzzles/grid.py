"""What every board stored as rows shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Rows:
    """A board kept as ``rows``, all of one length: its width and height."""

    rows: Sequence[Sequence[Any]]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)
