"""Keezen cards: thirteen ranks, suits play no role (K6)."""

from __future__ import annotations

from functools import cache
from typing import TypeAlias

from ludoteca.core.errors import InvalidActionError

Rank: TypeAlias = int
"""A card rank: 1 = Ace … 10, 11 = Jack, 12 = Queen, 13 = King."""

ACE, FOUR, SEVEN, JACK, QUEEN, KING = 1, 4, 7, 11, 12, 13
RANKS: tuple[Rank, ...] = tuple(range(1, 14))
RANK_TEXT: dict[Rank, str] = {
    rank: {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}.get(rank, str(rank)) for rank in RANKS
}
RANK_OF_TEXT: dict[str, Rank] = {text: rank for rank, text in RANK_TEXT.items()}
RANK_NAMES: dict[Rank, str] = {
    rank: {ACE: "Ace", JACK: "Jack", QUEEN: "Queen", KING: "King"}.get(rank, str(rank))
    for rank in RANKS
}

FORWARD_STEPS: dict[Rank, int] = {
    rank: (12 if rank == QUEEN else rank)
    for rank in (ACE, 2, 3, 5, 6, 8, 9, 10, QUEEN)
}
"""Ranks that move one pawn forward, and by how many squares (the Ace's 1 among them)."""

CARDS_PER_DEAL: tuple[int, int, int] = (5, 4, 4)
"""Cards each player receives in the first, second and third deal of a cycle (K8)."""


@cache
def full_deck(num_players: int) -> tuple[Rank, ...]:
    """Return the pack of a cycle: `num_players` copies of each rank, in rank order (K6)."""
    return tuple(rank for rank in RANKS for _ in range(num_players))


def hand_text(hand: tuple[Rank, ...]) -> str:
    """Return a hand in rank order as `A,3,3,7,Q` (section 7.3)."""
    return ",".join(RANK_TEXT[rank] for rank in sorted(hand))


def parse_hand(text: str) -> tuple[Rank, ...]:
    """Return the ranks of a hand written `A,3,3,7,Q` (empty text: no cards), sorted."""
    if not text.strip():
        return ()
    try:
        return tuple(sorted(RANK_OF_TEXT[token.strip()] for token in text.split(",")))
    except KeyError as error:
        raise InvalidActionError(f"{error.args[0]!r} is not a card rank (A 2 … 10 J Q K)") from None
