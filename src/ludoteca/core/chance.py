"""Seeded chance carried in the state: every random event derives from the game's seed.

A state stores an integer seed; each random event (a shuffle, a draw) builds its own generator from
that seed and a label naming the event. String seeds go through SHA-512 in `random.Random`, so the
result is the same in every process and never depends on `hash()` or the clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 63


def event_rng(seed: int, *labels: object) -> random.Random:
    """Return a generator for one random event, fixed by the game seed and the event's labels."""
    key = ":".join([str(seed), *(str(label) for label in labels)])
    return random.Random(key)


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """Return the items in an order drawn from `rng` (the input is untouched)."""
    pool = list(items)
    rng.shuffle(pool)
    return tuple(pool)


def fresh_seed(rng: random.Random) -> int:
    """Return a new non-negative game seed drawn from `rng` (used to re-seed future chance)."""
    return rng.getrandbits(SEED_BITS)


def check_seed(seed: object) -> int:
    """Return `seed` if it is a usable game seed, else raise ValueError saying why."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if seed < 0:
        raise ValueError(f"seed must be non-negative, got {seed}")
    return seed
