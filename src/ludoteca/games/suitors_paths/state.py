"""The Suitors' Paths state: an immutable snapshot of the table, and the events of its log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, TypeAlias

from ludoteca.core.engine import SegmentedState, legal_cache
from ludoteca.core.enums import CodeIntEnum
from ludoteca.core.game import Seat
from ludoteca.games.suitors_paths.actions import SpAction
from ludoteca.games.suitors_paths.board import Hex, PointId

NONE = -1
"""No seat, no hex, no card (an empty display slot), no girl, no bid."""
Cards: TypeAlias = tuple[int, ...]
"""A multiset of cards: entry c counts the cards of colour c (G Y R K B M)."""
Stack: TypeAlias = tuple[Seat, ...]
"""A girl's markers, bottom first."""


class Step(CodeIntEnum):
    """Where the game stands: the auctions, the three steps of a turn (P26), or the end."""

    AUCTION = 1
    PAY = 2
    BUILD = 3
    GIRL = 4
    CARDS = 5
    DISCARD = 6
    OVER = 0


class Route(NamedTuple):
    """One route (P38): its points in build order from a suitor corner, the girl it reached
    (a path index, NONE while unfinished), and how many of its segments hold a block (P48)."""

    points: tuple[PointId, ...]
    girl: int
    blocks: int


REASON_SIXTH = "sixth_connection"
REASON_BLOCKS = "blocks_exhausted"
REASON_STALL = "stall_guard"
REASON_ROUND_CAP = "round_cap"
END_REASONS = ("", REASON_SIXTH, REASON_BLOCKS, REASON_STALL, REASON_ROUND_CAP)

Event: TypeAlias = tuple[Any, ...]
"""A log event: (kind, text, *values) with the values named by EVENT_FIELDS[kind]."""
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "girls_placed": ("hexes",),
    "deal": ("display",),
    "opener": ("seat",),
    "open": ("seat", "hex", "bid"),
    "raise": ("seat", "bid"),
    "pass": ("seat",),
    "auction_won": ("seat", "hex", "bid"),
    "pay": ("seat", "cards"),
    "last_place": ("seat", "hex"),
    "turn_order": ("order",),
    "build": ("seat", "segment", "from", "to", "payment", "virtual"),
    "connect": ("seat", "girl", "stack"),
    "scrap": ("seat", "blocks"),
    "end_build": ("seat", "head"),
    "girl": ("seat", "hex", "dir", "to"),
    "girl_skipped": ("seat",),
    "take": ("seat", "slot", "colour"),
    "take_deck": ("seat", "colour"),
    "take_all": ("seat", "colour", "count"),
    "discard": ("seat", "cards"),
    "refill": ("slots",),
    "reshuffle": ("cards",),
    "final_round": ("trigger",),
    "game_end": ("reason", "scores", "winner"),
}
"""The contract's log kinds and their parameters, in the order an event stores them."""


@dataclass(frozen=True, slots=True)
class SpState(SegmentedState[Event]):
    """Everything about a Suitors' Paths game at one moment.

    Hands are count vectors; `known` counts, per seat, the cards of its hand everybody has
    seen (taken from the display). Girls are kept per path index: None where no girl stands,
    else her stack. `legal` caches the legal actions: it is no constructor field, so a state
    made by hand computes it on first use.
    """

    seed: int
    """Seed of future chance: reshuffle k uses event_rng(seed, 'reshuffle', k)."""
    reshuffles: int
    terrain: tuple[int, ...]
    """Per hex (row-major), its terrain as a colour index 0..4."""
    step: Step
    current: Seat | None
    round: int
    """0 during the auctions, then 1, 2, … (a round begins with turn-order player 1)."""
    opener: Seat
    """The opener of the auction under way or last held (NONE after the auctions)."""
    auction_hex: Hex
    bid: int
    high_bidder: Seat
    passed: int
    """The seats that passed in this auction, as a mask."""
    starts: tuple[Hex, ...]
    """Per seat, the suitor's hex, NONE before the seat won one."""
    turn_order: tuple[Seat, ...]
    girls: tuple[Stack | None, ...]
    hands: tuple[Cards, ...]
    known: tuple[Cards, ...]
    display: tuple[int, ...]
    """Six slots, a colour or NONE."""
    deck: tuple[int, ...]
    """Top card first (its order is hidden from everyone)."""
    discards: tuple[int, ...]
    """The discard pile, bottom first (face up, P14)."""
    supply: int
    routes: tuple[tuple[Route, ...], ...]
    occupied: int
    """The segments holding a route (a block or a virtual one), as a mask."""
    scrapped: bool
    built: int
    """Segments built this turn."""
    connected: int
    """The path index of the girl connected this turn, NONE if none."""
    taken: int
    took_colour: bool
    exhausted: bool
    """The supply reached 0 in this build step: further segments are virtual (P48)."""
    final_trigger: Seat
    turns_left: int
    last_turn: Seat
    idle_turns: int
    """Turns in a row without a block placed (S1)."""
    turns: int
    """Turns taken (S1's round cap)."""
    end_reason: str
    winner: Seat
    log: tuple[tuple[Event, ...], ...]
    """The game's events, one tuple per round, the auctions first (so appending stays cheap)."""
    legal: tuple[SpAction, ...] | None = legal_cache()
