"""Lossless JSON encoding of Keezen states (`to_json` / `from_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON
from ludoteca.games.keezen.actions import KeezenAction
from ludoteca.games.keezen.cards import RANKS
from ludoteca.games.keezen.notation import squares_of
from ludoteca.games.keezen.state import (
    DealEvent,
    DiscardEvent,
    EndEvent,
    Event,
    KeezenState,
    PlayEvent,
)

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame

STATE_KEYS = ("pawns", "hands", "pack", "seed", "deal", "dealer", "current", "winners", "log")


def encode_state(state: KeezenState) -> dict[str, JSON]:
    """Return `state` as JSON-safe data (the redundant squares and legal cache are left out)."""
    return {
        "pawns": [list(locs) for locs in state.pawns],
        "hands": [list(hand) for hand in state.hands],
        "pack": list(state.pack),
        "seed": state.seed,
        "deal": state.deal,
        "dealer": state.dealer,
        "current": state.current,
        "winners": list(state.winners),
        "log": [[encode_event(event) for event in deal] for deal in state.log],
    }


def encode_event(event: Event) -> list[JSON]:
    """Return one log event as a JSON list led by its kind."""
    if isinstance(event, DealEvent):
        return ["deal", event.deal, event.dealer, [list(hand) for hand in event.hands]]
    if isinstance(event, PlayEvent):
        return ["play", event.seat, list(event.action), list(event.moved), list(event.captured)]
    if isinstance(event, DiscardEvent):
        return ["discard", event.seat, list(event.cards)]
    return ["end", list(event.winners)]


def decode_state(game: KeezenGame, obj: Mapping[str, JSON]) -> KeezenState:
    """Return the state encoded by `encode_state`; StateFormatError saying what is wrong."""
    try:
        return _decode(game, obj)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StateFormatError(f"not a Keezen state: {error}") from error


def _decode(game: KeezenGame, obj: Mapping[str, JSON]) -> KeezenState:
    missing = [key for key in STATE_KEYS if key not in obj]
    if missing:
        raise StateFormatError(f"a Keezen state needs {', '.join(missing)}")
    n = game.num_players
    pawns = tuple(tuple(sorted(_ints(locs))) for locs in obj["pawns"])
    squares = squares_of(game.board, pawns)
    hands = tuple(tuple(_cards(hand)) for hand in obj["hands"])
    current = obj["current"]
    if len(pawns) != n or len(hands) != n:
        raise StateFormatError(f"a {n}-player state lists {n} colours and {n} hands")
    if current is not None and current not in range(n):
        raise StateFormatError(f"current player {current!r} is not a seat")
    state = KeezenState(
        squares,
        pawns,
        hands,
        tuple(_cards(obj["pack"])),
        _int(obj["seed"]),
        _int(obj["deal"]),
        _int(obj["dealer"]),
        current,
        tuple(_ints(obj["winners"])),
        tuple(tuple(_decode_event(event) for event in deal) for deal in obj["log"]),
    )
    return game.with_legal(state)


def _decode_event(data: Any) -> Event:
    kind = data[0]
    if kind == "deal":
        return DealEvent(_int(data[1]), _int(data[2]), tuple(tuple(_cards(h)) for h in data[3]))
    if kind == "play":
        card, src, dst, capture, src2, dst2, capture2 = data[2]
        action = KeezenAction(
            _int(card), _int(src), _int(dst), bool(capture), _int(src2), _int(dst2), bool(capture2)
        )
        return PlayEvent(_int(data[1]), action, tuple(_ints(data[3])), tuple(_ints(data[4])))
    if kind == "discard":
        return DiscardEvent(_int(data[1]), tuple(_cards(data[2])))
    if kind == "end":
        return EndEvent(tuple(_ints(data[1])))
    raise StateFormatError(f"unknown log event {kind!r}")


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateFormatError(f"expected an integer, got {value!r}")
    return value


def _ints(values: Any) -> list[int]:
    return [_int(value) for value in values]


def _cards(values: Any) -> list[int]:
    cards = _ints(values)
    if any(card not in RANKS for card in cards):
        raise StateFormatError(f"{values!r} holds a value that is no card rank")
    return cards
