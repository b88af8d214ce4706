"""Turning per-seat estimates of how well each seat is doing into values a search can average."""

from __future__ import annotations

import math
from collections.abc import Sequence


def relative_values(estimates: Sequence[float], scale: float) -> tuple[float, ...]:
    """Return per seat a value in (0, 1) from its lead over the mean of the other seats.

    The logistic of the lead in units of `scale`: a seat level with the others is at 0.5, one
    `scale` ahead at about 0.73. Meant for estimates in the game's points, where `scale` is
    what a point's worth of lead means for winning.
    """
    n = len(estimates)
    total = sum(estimates)
    values = []
    for estimate in estimates:
        others = (total - estimate) / (n - 1) if n > 1 else 0.0
        lead = max(-50.0, min(50.0, (estimate - others) / scale))
        values.append(1.0 / (1.0 + math.exp(-lead)))
    return tuple(values)
