"""Multisets of cards and counters as count vectors: `cards[kind]` is how many of that kind."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from itertools import combinations
from typing import TypeAlias

from ludoteca.games.elfenland.board import LETTERS, Kind

Cards: TypeAlias = tuple[int, ...]
"""Seven counts, one per type P E C U T D R; also used with six for counters."""

NO_CARDS: Cards = (0,) * 7
MAX_PAYMENT = 4
"""The largest payment: a caravan on a road with an obstacle (E27)."""


def count(kinds: Iterable[Kind], size: int = 7) -> Cards:
    """Return the count vector of a sequence of kinds."""
    counts = [0] * size
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def single(kind: Kind, number: int) -> Cards:
    """Return `number` cards of one kind."""
    counts = [0] * 7
    counts[kind] = number
    return tuple(counts)


def expand(cards: Cards) -> list[Kind]:
    """Return the kinds in a count vector, one entry per card, in canonical order."""
    return [kind for kind, number in enumerate(cards) for _ in range(number)]


def cards_text(cards: Cards) -> str:
    """Return a multiset in the canonical letter order P E C U T D R (§7.2), e.g. 'UUDR'.

    Counters use the same letters, so a six-count vector of counters reads the same way.
    """
    return "".join(LETTERS[kind] * number for kind, number in enumerate(cards))


def parse_cards(text: str) -> Cards:
    """Return the count vector of letters in any order; ValueError naming a bad letter."""
    counts = [0] * 7
    for letter in text:
        kind = LETTERS.find(letter)
        if kind < 0:
            raise ValueError(f"{letter!r} is not a card letter (one of {' '.join(LETTERS)})")
        counts[kind] += 1
    return tuple(counts)


def covers(hand: Cards, cards: Cards) -> bool:
    """Return True if `hand` holds every card of `cards`."""
    return all(have >= need for have, need in zip(hand, cards, strict=True))


def minus(hand: Cards, cards: Cards) -> Cards:
    """Return `hand` without `cards` (which it must cover)."""
    return tuple(have - spent for have, spent in zip(hand, cards, strict=True))


def plus(hand: Cards, cards: Cards) -> Cards:
    """Return `hand` with `cards` added."""
    return tuple(have + more for have, more in zip(hand, cards, strict=True))


@cache
def all_multisets(size: int, kinds: int = 7) -> tuple[Cards, ...]:
    """Return every multiset of exactly `size` items over `kinds` kinds, in canonical order."""
    return tuple(_multisets(size, kinds))


def _multisets(size: int, kinds: int) -> Iterator[Cards]:
    if kinds == 1:
        yield (size,)
        return
    for number in range(size, -1, -1):
        for rest in _multisets(size - number, kinds - 1):
            yield (number, *rest)


@lru_cache(maxsize=20_000)
def sub_multisets(hand: Cards, size: int) -> tuple[Cards, ...]:
    """Return every distinct multiset of `size` cards that `hand` can give, canonical order."""
    # Cached: hands repeat (a hand holds at most 8 cards, E9), and each call builds many.
    # Canonical order is descending on the count vectors (all P first, ..., all R last).
    chosen = {count(cards) for cards in combinations(expand(hand), size)}
    return tuple(sorted(chosen, reverse=True))
