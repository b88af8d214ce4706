"""What a seat may know of a Keezen state (K12), as JSON-safe data with a structured log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.game import JSON, Seat
from ludoteca.core.logs import SegmentedLogRenderer
from ludoteca.games.keezen.actions import NO_LOC, action_text
from ludoteca.games.keezen.board import Board
from ludoteca.games.keezen.cards import JACK, RANK_TEXT, Rank, hand_text
from ludoteca.games.keezen.positions import position_text
from ludoteca.games.keezen.state import (
    DealEvent,
    DiscardEvent,
    EndEvent,
    Event,
    KeezenState,
    PlayEvent,
)
from ludoteca.games.keezen.unplayable import card_reasons

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame


def observation_part(game: KeezenGame, state: KeezenState, seat: Seat | None) -> dict[str, JSON]:
    """Return the public position plus, for a seat, its own hand (the keys besides the common)."""
    board = game.board
    acting = seat is not None and seat == state.current
    return {
        "track_length": board.track_length,
        "deal": state.deal,
        "deal_in_cycle": (state.deal - 1) % 3 + 1,
        "dealer": state.dealer,
        "position": position_text(board, state.pawns),
        "pawns": [[board.loc_text(loc) for loc in locs] for locs in state.pawns],
        "controlled_colour": [
            game.moves.controlled_colour(state.pawns, other) for other in range(game.num_players)
        ],
        "hand": None if seat is None else _cards(state.hands[seat]),
        "pack_size": len(state.pack),
        # Why each card without a legal action has none: only the seat to move, only its own
        # hand (K12); everyone else gets None.
        "card_reasons": card_reasons(game, state) if acting else None,
    }


def hand_sizes(state: KeezenState) -> list[int]:
    """Return per seat the number of cards in hand."""
    return [len(hand) for hand in state.hands]


def end_reason(state: KeezenState) -> str:
    """Return why the game ended: "team_home" (K53-K55) or "max_deals" (K56)."""
    return "team_home" if state.winners else "max_deals"


class LogRenderer(SegmentedLogRenderer[Event]):
    """Renders the structured log, one deal per segment."""

    def __init__(self, board: Board) -> None:
        super().__init__(self._deal_entries)
        self.board = board

    def _deal_entries(
        self, deal: tuple[Event, ...], viewer: Seat | None
    ) -> list[dict[str, JSON]]:
        return [entry for event in deal for entry in event_entries(self.board, event, viewer)]


def event_entries(board: Board, event: Event, viewer: Seat | None) -> list[dict[str, JSON]]:
    """Return the structured log entries of one event as `viewer` may see them."""
    if isinstance(event, PlayEvent):
        return _play_entries(board, event, f"P{event.seat} {action_text(board, event.action)}")
    text = event_line(board, event, viewer)
    if isinstance(event, DealEvent):
        return [{
            "kind": "deal", "deal": event.deal, "dealer": event.dealer,
            "hands": [
                _cards(hand) if seat == viewer else None for seat, hand in enumerate(event.hands)
            ],
            "text": text,
        }]
    if isinstance(event, DiscardEvent):
        return [{"kind": "discard", "seat": event.seat, "cards": _cards(event.cards), "text": text}]
    if isinstance(event, EndEvent):
        if event.winners:
            return [{"kind": "win", "seats": list(event.winners), "text": text}]
        return [{"kind": "draw", "text": text}]
    raise TypeError(f"not a Keezen event: {event!r}")


def _play_entries(board: Board, event: PlayEvent, text: str) -> list[dict[str, JSON]]:
    action = event.action
    parts = [(action.src, action.dst, action.capture)]
    if action.src2 != NO_LOC:
        parts.append((action.src2, action.dst2, action.capture2))
    texts = board.loc_texts
    moves: list[JSON] = [
        {"pawn_of": colour, "from": texts[src], "to": texts[dst]}
        for colour, (src, dst, _) in zip(event.moved, parts, strict=False)
    ]
    if action.card == JACK:
        moves = [
            {"pawn_of": event.moved[0], "from": str(action.src), "to": str(action.dst)},
            {"pawn_of": event.moved[1], "from": str(action.dst), "to": str(action.src)},
        ]
    entries: list[dict[str, JSON]] = [{
        "kind": "swap" if action.card == JACK else "play",
        "seat": event.seat,
        "card": RANK_TEXT[action.card],
        "moves": moves,
        "text": text,
    }]
    if event.captured:
        victims = iter(event.captured)
        for _, dst, capture in parts:
            if capture:
                entries.append({
                    "kind": "capture", "seat": event.seat, "pawn_of": next(victims),
                    "square": dst, "text": text,
                })
    return entries


def _cards(hand: tuple[Rank, ...]) -> list[JSON]:
    return [RANK_TEXT[card] for card in hand]


def event_line(board: Board, event: Event, viewer: int | None, omniscient: bool = False) -> str:
    """Return the log line of an event (section 7.3), hiding hands `viewer` may not see."""
    if isinstance(event, DealEvent):
        hands = " ".join(
            f"{seat}={hand_text(hand) if omniscient or seat == viewer else '?'}"
            for seat, hand in enumerate(event.hands)
        )
        return f"deal {event.deal} dealer {event.dealer} hands {hands}"
    if isinstance(event, PlayEvent):
        return f"P{event.seat} {action_text(board, event.action)}"
    if isinstance(event, DiscardEvent):
        return f"P{event.seat} discard ({hand_text(event.cards)})"
    if isinstance(event, EndEvent):
        return "win " + ",".join(map(str, event.winners)) if event.winners else "draw"
    raise TypeError(f"not a Keezen event: {event!r}")
