"""What a seat may know of a Thurn und Taxis state (T8), as JSON-safe data with a structured log.

Public: the display, the deck's size, the discard pile, every route, house, carriage and tile,
the stacks, every hand except the cards taken blind (`blind_draw`), which only their taker
sees until they leave his hand. Hidden from everyone: the order of the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.game import JSON, Seat
from ludoteca.core.logs import SegmentedLogRenderer
from ludoteca.games.thurn_und_taxis.actions import OFFICIALS
from ludoteca.games.thurn_und_taxis.board import bits
from ludoteca.games.thurn_und_taxis.state import (
    NONE,
    POINT_WORDS,
    ActionEvent,
    CloseEvent,
    EndEvent,
    Event,
    RefillEvent,
    ReshuffleEvent,
    TntState,
    TurnEvent,
)

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame


def observation_part(game: TntGame, state: TntState, seat: Seat | None) -> dict[str, JSON]:
    """Return the public table plus, for a seat, its own hand (the keys besides the common)."""
    board = game.board
    codes = board.city_codes
    seen = [tuple(h - b for h, b in zip(hand, blind, strict=True))
            for hand, blind in zip(state.hands, state.blind, strict=True)]
    return {
        "round": state.round,
        "point": state.point.name.lower(),
        "point_words": POINT_WORDS[state.point],
        "forced_postmaster": state.forced,
        "official_used": None if state.official == NONE else OFFICIALS[state.official].value,
        "display": [None if city == NONE else codes[city] for city in state.display],
        "deck_size": len(state.deck),
        "discard_pile": board.cards_text(state.discards).split(",") if any(state.discards)
        else [],
        "hand": None if seat is None else _cards(game, state.hands[seat]),
        "hands": [_cards(game, cards) for cards in seen],
        "blind_counts": [sum(blind) for blind in state.blind],
        "routes": [[codes[city] for city in route] for route in state.routes],
        "houses": [[codes[city] for city in bits(mask)] for mask in state.houses],
        "houses_left": list(state.supply),
        "carriages": list(state.carriages),
        "tiles": [[{"stack": board.stacks[stack].id, "value": value} for stack, value in held]
                  for held in state.tiles],
        "stacks": {stack.id: list(stack.values[state.taken[index]:])
                   for index, stack in enumerate(board.stacks)},
        "end_holder": None if state.end_holder == NONE else state.end_holder,
        "ranks": list(state.ranks),
    }


def hand_sizes(state: TntState) -> list[int]:
    """Return per seat the number of cards in hand."""
    return [sum(hand) for hand in state.hands]


def end_reason(state: TntState) -> str:
    """Return why the game ended: carriage_7, last_house or round_limit (T53-T55)."""
    return state.end_reason


def _cards(game: TntGame, cards: tuple[int, ...]) -> list[str]:
    text = game.board.cards_text(cards)
    return text.split(",") if text else []


class LogRenderer(SegmentedLogRenderer[Event]):
    """Renders the structured log, one round per segment, each entry with its record text."""

    def __init__(self, game: TntGame) -> None:
        super().__init__(self._round_entries)
        self.board = game.board

    def _round_entries(
        self, events: tuple[Event, ...], viewer: Seat | None
    ) -> list[dict[str, JSON]]:
        return [self.entry(event, viewer) for event in events]

    def entry(self, event: Event, viewer: Seat | None) -> dict[str, JSON]:
        """Return one event as `viewer` may see it, with its record text as `text`."""
        codes = self.board.city_codes
        if isinstance(event, ActionEvent):
            token = event.text
            city: str | None = codes[event.city] if event.city >= 0 else None
            if token == "TD":
                if viewer == event.seat and city is not None:
                    token = f"TD:{city}"
                else:
                    city = None
            return {"kind": "action", "seat": event.seat, "token": token, "city": city,
                    "text": f"{event.seat}: {token}"}
        if isinstance(event, TurnEvent):
            return {"kind": "turn", "round": event.round, "seat": event.seat,
                    "text": f"# round {event.round}, seat {event.seat}"}
        if isinstance(event, RefillEvent):
            return {"kind": "refill", "slot": event.slot, "city": codes[event.city],
                    "text": f"# slot {event.slot} refilled with {codes[event.city]}"}
        if isinstance(event, ReshuffleEvent):
            return {"kind": "reshuffle", "number": event.number,
                    "text": f"# the discard pile is shuffled into a deck of {event.number}"}
        if isinstance(event, CloseEvent):
            tiles = [{"stack": self.board.stacks[stack].id, "value": value}
                     for stack, value in event.tiles]
            return {
                "kind": "close", "seat": event.seat, "token": event.text, "length": event.length,
                "houses": [codes[city] for city in bits(event.houses)], "tiles": tiles,
                "carriage": event.carriage or None, "text": f"{event.seat}: {event.text}",
            }
        if isinstance(event, EndEvent):
            return {
                "kind": "end", "scores": list(event.scores), "ranks": list(event.ranks),
                "reason": event.reason, "winners": [s for s, r in enumerate(event.ranks) if r == 1],
                "text": f"# game over ({event.reason}): scores {list(event.scores)}, "
                        f"ranks {list(event.ranks)}",
            }
        raise TypeError(f"not a Thurn und Taxis event: {event!r}")
