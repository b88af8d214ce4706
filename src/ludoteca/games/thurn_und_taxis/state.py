"""The Thurn und Taxis state: an immutable snapshot of the table, and the events of its log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from ludoteca.core.engine import SegmentedState, legal_cache
from ludoteca.core.enums import CodeIntEnum
from ludoteca.core.game import Seat
from ludoteca.games.thurn_und_taxis.actions import TntAction
from ludoteca.games.thurn_und_taxis.board import Cards, City

NONE = -1
"""No card (an empty display slot), no seat, no official."""
UNKNOWN = -2
"""A blind-drawn card masked out of a resampled state's log (never shown to anyone)."""


class Point(CodeIntEnum):
    """Where the turn stands: the decision points D1–D10 of §4.10, or OVER (0)."""

    DRAW = 1
    AFTER_ADMINISTRATOR = 2
    AFTER_TAKE = 3
    AFTER_POSTMASTER = 4
    PLAY = 5
    AFTER_PLAY = 6
    AFTER_CARRIER = 7
    AFTER_SECOND_PLAY = 8
    AFTER_CARTWRIGHT = 9
    AFTER_CLOSE = 10
    OVER = 0


POINT_WORDS: dict[Point, str] = {
    Point.DRAW: "take a card (or use the Administrator)",
    Point.AFTER_ADMINISTRATOR: "take a card after the Administrator",
    Point.AFTER_TAKE: "use the Postmaster or play a card",
    Point.AFTER_POSTMASTER: "take the Postmaster's second card",
    Point.PLAY: "play a card",
    Point.AFTER_PLAY: "use the Postal Carrier or the Cartwright, close the route, or end",
    Point.AFTER_CARRIER: "play the Postal Carrier's card",
    Point.AFTER_SECOND_PLAY: "close the route or end",
    Point.AFTER_CARTWRIGHT: "close the route",
    Point.AFTER_CLOSE: "discard down to three cards",
    Point.OVER: "the game is over",
}


class TurnEvent(NamedTuple):
    """A turn began: round and seat (T2)."""

    round: int
    seat: Seat


class ActionEvent(NamedTuple):
    """A decision, with its canonical text and the card it moved (a blind card: hidden)."""

    seat: Seat
    text: str
    city: City
    """The card taken or played; for `TD` seen only by the taker (UNKNOWN once masked)."""


class RefillEvent(NamedTuple):
    """R put the top card of the deck into a display slot (T13)."""

    slot: int
    city: City


class ReshuffleEvent(NamedTuple):
    """The discard pile was shuffled into a new deck of `number` cards (T13, T17)."""

    number: int


class CloseEvent(NamedTuple):
    """What a close earned: houses placed, tiles taken, the carriage, the game-end tile."""

    seat: Seat
    text: str
    length: int
    houses: int
    """The mask of cities that received a house."""
    tiles: tuple[tuple[int, int], ...]
    """(stack index, value) of each tile taken, the game-end tile included."""
    carriage: int
    """The carriage taken, 0 for none."""


class EndEvent(NamedTuple):
    """The game ended: scores and ranks per seat, and why."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str


Event: TypeAlias = (
    TurnEvent | ActionEvent | RefillEvent | ReshuffleEvent | CloseEvent | EndEvent
)
EVENT_TYPES: dict[str, type] = {
    "turn": TurnEvent, "action": ActionEvent, "refill": RefillEvent,
    "reshuffle": ReshuffleEvent, "close": CloseEvent, "end": EndEvent,
}

REASON_CARRIAGE = "carriage_7"
REASON_HOUSES = "last_house"
REASON_ROUND_LIMIT = "round_limit"
END_REASONS = ("", REASON_CARRIAGE, REASON_HOUSES, REASON_ROUND_LIMIT)


@dataclass(frozen=True, slots=True)
class TntState(SegmentedState[Event]):
    """Everything about a Thurn und Taxis game at one moment.

    Hands, hidden blind cards and the discard pile are count vectors (their order never
    matters); routes are tuples of cities from the left end to the right end. `legal` caches
    the legal actions: it is no constructor field, so a state made by `replace` or by hand
    starts without it and `legal_actions` computes it on first use.
    """

    seed: int
    """Seed of future chance: reshuffle k uses event_rng(seed, 'reshuffle', k)."""
    reshuffles: int
    round: int
    current: Seat | None
    """The seat to act, or None once the game is over."""
    point: Point
    forced: bool
    """This is a forced-Postmaster turn (T20)."""
    official: int
    """The index in OFFICIALS of the official used this turn, or NONE."""
    played: int
    """Cards played this turn (0, 1 or 2)."""
    display: tuple[City, ...]
    """Six slots, NONE for an empty one."""
    deck: tuple[City, ...]
    """Top card first (its order is hidden from everyone)."""
    discards: Cards
    hands: tuple[Cards, ...]
    blind: tuple[Cards, ...]
    """Per seat, the cards of its hand taken blind and not yet seen by the others (T8)."""
    routes: tuple[tuple[City, ...], ...]
    houses: tuple[int, ...]
    """Per seat, the mask of cities with its house."""
    supply: tuple[int, ...]
    """Per seat, the houses not yet placed."""
    carriages: tuple[int, ...]
    """Per seat, its highest carriage (0: none); carriages are taken in order (T48)."""
    tiles: tuple[tuple[tuple[int, int], ...], ...]
    """Per seat, (stack index, value) of each bonus tile it holds, in the order taken."""
    taken: tuple[int, ...]
    """Per stack, the number of tiles taken from it."""
    end_holder: Seat
    """The holder of the game-end tile (NONE until the end is triggered, T53)."""
    end_reason: str
    """Why the end came: carriage_7, last_house or round_limit ("" while none)."""
    ranks: tuple[int, ...]
    """Final ranks, 1 = first (T58, T59); empty until the game is over."""
    log: tuple[tuple[Event, ...], ...]
    """The game's events, one tuple per round (so appending stays cheap)."""
    legal: tuple[TntAction, ...] | None = legal_cache()
