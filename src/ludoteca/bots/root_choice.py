"""Which root action the search plays: the heuristic bot's, unless another is shown better.

Two rules, chosen per bot (`ISMCTSBot(override=...)`):

- **"margin"**: among the well-visited actions (at least half the visits of the most visited),
  the best mean wins, but the heuristic's action is kept unless that mean beats its own by a
  fixed margin.
- **"paired"**: every determinization plays the heuristic's action first, and the others after
  it on the same hidden cards and the same rollout seed. Each other action is then compared
  with the heuristic's on the worlds both were played in, as paired differences, and replaces
  it only where the lower confidence bound of the mean difference is above zero. A fixed margin
  is either too small where the evaluation is rough (its noise is taken for a better move) or
  too large where it is sharp; the paired test scales with the noise actually seen.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Protocol

OVERRIDES = ("margin", "paired")
MIN_PAIRS = 8
"""Worlds an action must share with the heuristic's before it may replace it."""
CONFIDENCE_Z = 2.33
"""One-sided z of the paired test (99%): strict, since the best-looking of many actions is
compared, and the search's statistics favour the lucky ones by giving them more visits."""


class Visited(Protocol):
    """What the rules read of a root child: its visits and summed value."""

    visits: int
    total: float


class PairedSamples:
    """Each root action's value per world (determinization) in which it was played."""

    def __init__(self) -> None:
        self.by_action: dict[str, dict[int, float]] = {}

    def record(self, text: str, world: int, value: float) -> None:
        """Note that root action `text` scored `value` in determinization `world`."""
        self.by_action.setdefault(text, {})[world] = value

    def lower_bound(self, text: str, baseline: str, z: float = CONFIDENCE_Z) -> float | None:
        """Return the lower confidence bound of `text`'s mean gain over `baseline` on their
        shared worlds, or None with fewer than `MIN_PAIRS` of them."""
        ours = self.by_action.get(text, {})
        theirs = self.by_action.get(baseline, {})
        gains = [value - theirs[world] for world, value in ours.items() if world in theirs]
        n = len(gains)
        if n < MIN_PAIRS:
            return None
        mean = sum(gains) / n
        variance = sum((gain - mean) ** 2 for gain in gains) / (n - 1)
        return mean - z * math.sqrt(variance / n)


def by_margin(children: Mapping[str, Visited], first: str | None, margin: float) -> str | None:
    """Return the best mean among the well-visited actions, keeping `first` within `margin`.

    Only actions with at least half the visits of the most visited one compete, so that a
    lucky action tried a few times cannot win.
    """
    if not children:
        return None
    floor = max(child.visits for child in children.values()) / 2
    contenders = [(text, node) for text, node in children.items() if node.visits >= floor]
    text, node = max(contenders, key=lambda item: (mean(item[1]), item[1].visits))
    kept = children.get(first) if first is not None else None
    if kept is not None and kept.visits >= floor and mean(node) < mean(kept) + margin:
        return first
    return text


def by_paired_test(
    children: Mapping[str, Visited], first: str | None, samples: PairedSamples
) -> str | None:
    """Return the action whose paired gain over `first` has the highest lower bound above 0,
    else `first` (without one, the most visited action)."""
    if not children:
        return None
    if first is None or first not in children:
        return max(children.items(), key=lambda item: (item[1].visits, mean(item[1])))[0]
    best, best_bound = first, 0.0
    for text in children:
        bound = samples.lower_bound(text, first) if text != first else None
        if bound is not None and bound > best_bound:
            best, best_bound = text, bound
    return best


def mean(node: Visited) -> float:
    """Return a child's mean value (0 before its first visit)."""
    return node.total / node.visits if node.visits else 0.0
