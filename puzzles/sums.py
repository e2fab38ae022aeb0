"""Sets of different digits that add up to a sum: what killer Sudoku's cages and Kakuro's runs
share (a rulebook's checker and a model's pruning both ask them)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache


def cage_sets(total: int, size: int, n: int, digits: Sequence[int] | None = None) -> list[int]:
    """The sets of ``size`` different digits (from ``digits``, else 1..n) that add up to
    ``total``, each as a bit mask (bit d for digit d)."""
    every = all_sets(total, size, n)
    if digits is None:
        return list(every)
    allowed = 0
    for d in digits:
        allowed |= 1 << d
    return [mask for mask in every if not mask & ~allowed]


@lru_cache(maxsize=4096)
def all_sets(total: int, size: int, n: int) -> tuple[int, ...]:
    """The sets of ``size`` different digits of 1..n that add up to ``total`` (asked again and
    again as a cage's cells lose candidates: kept)."""
    found: list[int] = []

    def extend(start: int, left: int, need: int, mask: int) -> None:
        if need == 0:
            if left == 0:
                found.append(mask)
            return
        for d in range(start, n - need + 2):
            low = d * need + need * (need - 1) // 2  # d and the next need-1 digits at least
            if low > left:
                break
            high = d + sum(range(n - need + 2, n + 1))  # d and the need-1 largest digits
            if high < left:
                continue
            extend(d + 1, left - d, need - 1, mask | 1 << d)

    extend(1, total, size, 0)
    return tuple(found)
