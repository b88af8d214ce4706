"""Root parallelism: one decision searched in several processes at once, then merged.

Each part searches the same information set for the same budget with its own random stream
(`ISMCTSBot.search_part`) and returns a `RootSummary`: the root actions' visits and summed
values and the paired samples. `merge` adds the parts up and applies the rule the single search
applies (bots/root_choice.py). Every part plays the same heuristic move first, drawn from the
decision's seed alone, so the merged paired test has one baseline; its worlds are those of every
part, kept apart by part. Part 0 alone is exactly the single search of the same seed.

    seed ──► part 0 ──┐
         ──► part 1 ──┼──► merge (by part) ──► visits added, worlds pooled ──► the root rule
         ──► part k ──┘
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ludoteca.bots.root_choice import PairedSamples, Visited, by_margin, by_paired_test, mean

WORLD_STRIDE = 1 << 48
"""World ids of part k are offset by k times this in a merge (a part draws far fewer worlds)."""


@dataclass(frozen=True, slots=True)
class RootSummary:
    """What one part of a decision found at the root: small and picklable."""

    part: int
    first: str | None
    """The heuristic's move (the paired test's baseline; the same in every part), or None."""
    default: str
    """The text of the first legal action: the choice when nothing was searched."""
    override: str
    """The root rule of the bot that searched (bots/root_choice.py OVERRIDES)."""
    margin: float
    """The margin of the "margin" rule."""
    iterations: int
    children: dict[str, tuple[int, float]]
    """Each root action tried: its visits and summed value for the searching seat's team."""
    samples: dict[str, dict[int, float]]
    """`PairedSamples.by_action`: action text -> world -> value."""


@dataclass(slots=True)
class _Child:
    """A merged root child: the visits and summed value of all parts."""

    visits: int = 0
    total: float = 0.0


@dataclass(frozen=True, slots=True)
class Merged:
    """The merged root of a decision and the action the root rule chose."""

    text: str
    iterations: int
    parts: int
    visits: dict[str, int]
    """Each root action's visits over all parts, most visited first."""


def choose_root(
    override: str,
    children: Mapping[str, Visited],
    first: str | None,
    samples: PairedSamples,
    margin: float,
) -> str | None:
    """Return the root action text the rule `override` picks (None without any child)."""
    if override == "paired":
        return by_paired_test(children, first, samples)
    return by_margin(children, first, margin)


def merge(parts: Iterable[RootSummary]) -> Merged:
    """Return the merged root of `parts` (of one decision) and the action its rule picks.

    The parts are taken in the order of their numbers, so the result does not depend on the
    order in which they finished. ValueError if they are none or not of one decision.
    """
    ordered = sorted(parts, key=lambda summary: summary.part)
    if not ordered:
        raise ValueError("nothing to merge: no part answered")
    head = ordered[0]
    if len({summary.part for summary in ordered}) != len(ordered):
        raise ValueError(f"parts numbered twice: {[summary.part for summary in ordered]}")
    key = (head.first, head.default, head.override, head.margin)
    if any((s.first, s.default, s.override, s.margin) != key for s in ordered):
        raise ValueError("the parts belong to different decisions (first moves or rules differ)")
    children: dict[str, _Child] = {}
    samples = PairedSamples()
    for summary in ordered:
        for text, (visits, total) in summary.children.items():
            child = children.setdefault(text, _Child())
            child.visits += visits
            child.total += total
        offset = summary.part * WORLD_STRIDE
        for text, worlds in summary.samples.items():
            for world, value in worlds.items():
                samples.record(text, offset + world, value)
    chosen = choose_root(head.override, children, head.first, samples, head.margin)
    ranked = sorted(children.items(), key=lambda item: (-item[1].visits, -mean(item[1])))
    return Merged(
        chosen or head.default,
        sum(summary.iterations for summary in ordered),
        len(ordered),
        {name: child.visits for name, child in ranked},
    )
