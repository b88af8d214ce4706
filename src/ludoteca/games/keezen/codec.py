"""Lossless JSON encoding of Keezen states (`to_json` / `from_json`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludoteca.core.chance import check_seed
from ludoteca.core.codec import decoded, require_fields
from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON
from ludoteca.games.keezen.actions import NO_LOC, KeezenAction
from ludoteca.games.keezen.cards import CARDS_PER_DEAL, JACK, RANK_TEXT, RANKS
from ludoteca.games.keezen.positions import squares_of
from ludoteca.games.keezen.state import (
    DealEvent,
    DiscardEvent,
    EndEvent,
    Event,
    KeezenState,
    PlayEvent,
    cards_spent,
)

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame

STATE_KEYS = ("pawns", "hands", "pack", "seed", "deal", "dealer", "current", "winners", "log")
EVENT_SHAPES = {"deal": 3, "play": 4, "discard": 2, "end": 1}
"""Each log event's number of values after its kind."""


def encode_state(game: KeezenGame, state: KeezenState) -> dict[str, JSON]:
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

    def read() -> KeezenState:
        state = _decode(game, obj)
        game.legal_actions(state)  # a position the move generator cannot read fails here
        return state

    state = decoded("a Keezen state", read)
    check_state(game, state)
    return state


def _decode(game: KeezenGame, obj: Mapping[str, JSON]) -> KeezenState:
    require_fields(obj, STATE_KEYS, "a Keezen state")
    n = game.num_players
    pawns = tuple(tuple(sorted(_locs(game, locs))) for locs in _rows(obj["pawns"], n, "pawns"))
    squares = squares_of(game.board, pawns)
    current = obj["current"]
    return KeezenState(
        squares,
        pawns,
        tuple(tuple(_cards(hand)) for hand in _rows(obj["hands"], n, "hands")),
        tuple(_cards(obj["pack"])),
        check_seed(obj["seed"]),
        _int(obj["deal"]),
        _seat(game, obj["dealer"]),
        None if current is None else _seat(game, current),
        tuple(_seat(game, seat) for seat in _list(obj["winners"])),
        tuple(tuple(_decode_event(game, event) for event in _list(deal))
              for deal in _list(obj["log"])),
    )


def _decode_event(game: KeezenGame, data: Any) -> Event:
    kind, *values = _list(data)
    shape = EVENT_SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise StateFormatError(f"unknown log event {kind!r}")
    if len(values) != shape:
        raise StateFormatError(f"a {kind} event has {shape} values: {data!r}")
    if kind == "deal":
        hands = tuple(tuple(_cards(h)) for h in _rows(values[2], game.num_players, "dealt hands"))
        return DealEvent(_int(values[0]), _seat(game, values[1]), hands)
    if kind == "play":
        return _decode_play(game, values)
    if kind == "discard":
        return DiscardEvent(_seat(game, values[0]), tuple(_cards(values[1])))
    return EndEvent(tuple(_seat(game, seat) for seat in _list(values[0])))


def _decode_play(game: KeezenGame, values: list[Any]) -> PlayEvent:
    card, src, dst, capture, src2, dst2, capture2 = _rows(values[1], 7, "an action")
    split = src2 != NO_LOC
    action = KeezenAction(
        _cards([card])[0], _loc(game, src), _loc(game, dst), _flag(capture),
        _loc(game, src2) if split else NO_LOC, _loc(game, dst2) if split else NO_LOC,
        _flag(capture2),
    )
    moved = tuple(_seat(game, colour) for colour in _list(values[2]))
    captured = tuple(_seat(game, colour) for colour in _list(values[3]))
    if (
        len(moved) != (2 if action.card == JACK or split else 1)
        or len(captured) != action.capture + action.capture2
        or (not split and (dst2 != NO_LOC or action.capture2))
    ):
        raise StateFormatError(f"the play event {values!r} does not fit its action")
    return PlayEvent(_seat(game, values[0]), action, moved, captured)


def check_state(game: KeezenGame, state: KeezenState) -> None:
    """Raise StateFormatError unless `state` is a consistent position that play could reach.

    Checked beyond the shape: the cards (no rank more than N times among the pack and this
    cycle's dealt hands; hands are the current deal's dealt cards less those played; hand and
    pack sizes fit the place in the cycle), the log's deals in order, and that the seat to act
    follows the last one that played and can play, or that the game's end fits the position.
    """
    n = game.num_players
    deal = state.deal
    if not 1 <= deal <= game.settings.max_deals:
        raise StateFormatError(f"deal {deal} is not one of 1..{game.settings.max_deals} (K56)")
    place = (deal - 1) % len(CARDS_PER_DEAL)
    if len(state.pack) != sum(CARDS_PER_DEAL[place + 1 :]) * n:
        raise StateFormatError(f"the pack holds {len(state.pack)} cards, wrong for deal {deal}")
    if any(len(hand) > CARDS_PER_DEAL[place] for hand in state.hands):
        raise StateFormatError(f"a hand holds more than the {CARDS_PER_DEAL[place]} cards dealt")
    if any(hand != tuple(sorted(hand)) for hand in state.hands):
        raise StateFormatError("hands are sorted by rank")
    _check_log(game, state)
    _check_cards(game, state)
    finished = [
        game.team_of[seat] for seat in range(n)
        if game.moves.is_finished(state.pawns, seat)
        and game.moves.is_finished(state.pawns, game.mates[seat])
    ]
    if state.current is None:
        drawn = not state.winners and deal == game.settings.max_deals and not any(state.hands)
        if not drawn and (not finished or state.winners != finished[0]):
            raise StateFormatError(
                f"the game ended with winners {list(state.winners)}, which the position does "
                "not show (K53-K56)"
            )
        return
    if state.winners or finished:
        raise StateFormatError("a team has won, so no seat can be to move (K55)")
    if not game.legal_actions(state):
        raise StateFormatError(f"seat {state.current} is to move but cannot play (K18)")
    last = state.log[-1][-1]
    if isinstance(last, PlayEvent | DiscardEvent):
        seat = last.seat
        for _ in range(n):
            seat = (seat + 1) % n
            if state.hands[seat]:
                break
        if seat != state.current:
            raise StateFormatError(
                f"seat {seat} plays after seat {last.seat}, not seat {state.current} (K13)"
            )


def _check_log(game: KeezenGame, state: KeezenState) -> None:
    """Every deal's events begin with its deal line; deals run on to this one; the end is last."""
    if not state.log:
        raise StateFormatError("the log must hold the current deal")
    first = state.log[0][0] if state.log[0] else None
    if not isinstance(first, DealEvent):
        raise StateFormatError("every deal's events begin with the deal")
    for number, events in enumerate(state.log, start=first.deal):
        opening = events[0] if events else None
        if not isinstance(opening, DealEvent) or opening.deal != number:
            raise StateFormatError(f"the log's deal {number} does not begin with its deal line")
        ends = [event for event in events if isinstance(event, EndEvent)]
        if any(isinstance(event, DealEvent) for event in events[1:]) or (
            ends and (events is not state.log[-1] or events[-1] is not ends[0] or len(ends) > 1)
        ):
            raise StateFormatError(f"deal {number}'s events are out of order")
    opening = state.log[-1][0]
    assert isinstance(opening, DealEvent)
    if (opening.deal, opening.dealer) != (state.deal, state.dealer):
        raise StateFormatError("the log's last deal is not the current deal and dealer")
    end = state.log[-1][-1]
    if isinstance(end, EndEvent) != (state.current is None) or (
        isinstance(end, EndEvent) and end.winners != state.winners
    ):
        raise StateFormatError("the log ends with the game's result exactly when it is over")


def _check_cards(game: KeezenGame, state: KeezenState) -> None:
    """No rank appears more than N times; each hand is its dealt cards less those played."""
    n = game.num_players
    current = state.log[-1]
    spent = cards_spent(current, n)
    opening = current[0]
    assert isinstance(opening, DealEvent)
    for seat in range(n):
        if sorted(state.hands[seat] + tuple(spent[seat])) != sorted(opening.hands[seat]):
            raise StateFormatError(
                f"seat {seat}'s hand and played cards are not the cards it was dealt"
            )
    cycle = (state.deal - 1) // len(CARDS_PER_DEAL)
    seen = Counter(state.pack)
    for events in state.log:
        opening = events[0]
        if isinstance(opening, DealEvent) and (opening.deal - 1) // len(CARDS_PER_DEAL) == cycle:
            seen.update(card for hand in opening.hands for card in hand)
    extra = [RANK_TEXT[card] for card, number in sorted(seen.items()) if number > n]
    if extra:
        raise StateFormatError(
            f"more than {n} cards of rank {', '.join(extra)} in this cycle's deals and pack (K6)"
        )


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateFormatError(f"expected an integer, got {value!r}")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise StateFormatError(f"expected true or false, got {value!r}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise StateFormatError(f"expected a list, got {value!r}")
    return value


def _rows(value: Any, size: int, what: str) -> list[Any]:
    rows = _list(value)
    if len(rows) != size:
        raise StateFormatError(f"{what} must list {size} entries, got {len(rows)}")
    return rows


def _seat(game: KeezenGame, value: Any) -> int:
    seat = _int(value)
    if not 0 <= seat < game.num_players:
        raise StateFormatError(f"{seat} is not a seat of a {game.num_players}-player game")
    return seat


def _loc(game: KeezenGame, value: Any) -> int:
    loc = _int(value)
    if not 0 <= loc < game.board.num_locations:
        raise StateFormatError(f"{loc} is not a location of this board")
    return loc


def _locs(game: KeezenGame, values: Any) -> list[int]:
    return [_loc(game, value) for value in _list(values)]


def _cards(values: Any) -> list[int]:
    cards = [_int(value) for value in _list(values)]
    if any(card not in RANKS for card in cards):
        raise StateFormatError(f"{values!r} holds a value that is no card rank")
    return cards
