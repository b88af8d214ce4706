"""The Keezen state: an immutable snapshot of the board, the cards and the log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from ludoteca.core.engine import SegmentedState, legal_cache
from ludoteca.core.game import Seat
from ludoteca.games.keezen.actions import KeezenAction
from ludoteca.games.keezen.board import Colour, Loc
from ludoteca.games.keezen.cards import Rank


class DealEvent(NamedTuple):
    """A deal began: its number (from 1), the dealer and every hand dealt (hidden, K12)."""

    deal: int
    dealer: Seat
    hands: tuple[tuple[Rank, ...], ...]


class PlayEvent(NamedTuple):
    """A seat played a card: the colour of each pawn it moved, and each colour it captured."""

    seat: Seat
    action: KeezenAction
    moved: tuple[Colour, ...]
    captured: tuple[Colour, ...]


class DiscardEvent(NamedTuple):
    """A seat with no playable card handed in its hand, face up (K18)."""

    seat: Seat
    cards: tuple[Rank, ...]


class EndEvent(NamedTuple):
    """The game ended: the winning seats, or none for a draw at `max_deals` (K56)."""

    winners: tuple[Seat, ...]


Event: TypeAlias = DealEvent | PlayEvent | DiscardEvent | EndEvent


@dataclass(frozen=True, slots=True)
class KeezenState(SegmentedState[Event]):
    """Everything about a Keezen game at one moment.

    `squares` and `pawns` hold the same position twice on purpose: `squares[loc]` answers
    "who stands here" and `pawns[c]` "where are colour c's pawns" without a search, which
    is what move generation asks in its inner loops. `legal` caches the legal actions of
    the seat to move: it is no constructor field, so a state made by `replace` or by hand
    starts without it and `legal_actions` computes it on first use (it can never be stale).
    """

    squares: tuple[Colour, ...]
    """Occupant colour of each track square and home slot, or EMPTY."""
    pawns: tuple[tuple[Loc, ...], ...]
    """Per colour, the four pawn locations sorted: track, then home slots, then start area."""
    hands: tuple[tuple[Rank, ...], ...]
    """Per seat, the cards in hand sorted by rank (hidden from the other seats)."""
    pack: tuple[Rank, ...]
    """Undealt cards of this cycle, top card first (hidden from everyone)."""
    seed: int
    """Seed of all future chance: the shuffle of cycle k uses event_rng(seed, 'pack', k)."""
    deal: int
    """Number of the current deal, from 1."""
    dealer: Seat
    current: Seat | None
    """The seat to act, or None once the game is over."""
    winners: tuple[Seat, ...]
    log: tuple[tuple[Event, ...], ...]
    """The game's events, one tuple per deal (so appending stays cheap)."""
    legal: tuple[KeezenAction, ...] | None = legal_cache()


def cards_spent(deal: tuple[Event, ...], num_players: int) -> list[list[Rank]]:
    """Return per seat the cards it has played or handed in during this deal's events."""
    spent: list[list[Rank]] = [[] for _ in range(num_players)]
    for event in deal:
        if isinstance(event, PlayEvent):
            spent[event.seat].append(event.action.card)
        elif isinstance(event, DiscardEvent):
            spent[event.seat].extend(event.cards)
    return spent
