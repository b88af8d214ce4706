"""Lossless JSON encoding of Thurn und Taxis states (`to_json` / `from_json`), with the checks
that make `from_json` refuse a state play could not reach."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON
from ludoteca.games.thurn_und_taxis.actions import OFFICIALS
from ludoteca.games.thurn_und_taxis.state import (
    END_REASONS,
    EVENT_TYPES,
    NONE,
    UNKNOWN,
    ActionEvent,
    Event,
    Point,
    TntState,
)

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame

STATE_FIELDS = tuple(f.name for f in fields(TntState) if f.name != "legal")
EVENT_KINDS = {cls: kind for kind, cls in EVENT_TYPES.items()}
POINTS = {int(point): point for point in Point}


MAX_REMEMBERED = 20_000
_ENCODED: dict[tuple[Event, ...], str] = {}
"""A finished round's events (shared by every later state) -> their JSON text."""
_DECODED: dict[str, tuple[Event, ...]] = {}
"""The JSON text of a round's events -> the events, checked once."""


def encode_state(game: TntGame, state: TntState) -> dict[str, JSON]:
    """Return `state` as JSON-safe data: every field but the legal-action cache.

    A finished round of the log never changes, and games run for hundreds of rounds, so each
    finished round is encoded once and kept as JSON text; every call still returns fresh lists.
    """
    data = {name: _plain(getattr(state, name)) for name in STATE_FIELDS if name != "log"}
    data["point"] = int(state.point)
    log: list[JSON] = []
    for events in state.log[:-1]:
        text = _ENCODED.get(events)
        if text is None:
            if len(_ENCODED) >= MAX_REMEMBERED:
                _ENCODED.clear()  # a crude bound; encoding again is always correct
            text = _ENCODED[events] = json.dumps(_encode_events(events))
        log.append(json.loads(text))
    log.append(_encode_events(state.log[-1]))
    data["log"] = log
    return data


def _encode_events(events: tuple[Event, ...]) -> list[JSON]:
    return [[EVENT_KINDS[type(event)], *_plain(tuple(event))] for event in events]


def _plain(value: Any) -> JSON:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def decode_state(game: TntGame, obj: Mapping[str, JSON]) -> TntState:
    """Return the state encoded by `encode_state`; StateFormatError if it cannot be read."""
    try:
        state = _decode(obj)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StateFormatError(f"not a Thurn und Taxis state: {error}") from error
    check_state(game, state)
    return state


def _decode(obj: Mapping[str, JSON]) -> TntState:
    if not isinstance(obj, Mapping):
        raise StateFormatError(f"a Thurn und Taxis state is a JSON object, not "
                               f"{type(obj).__name__}")
    missing = [name for name in STATE_FIELDS if name not in obj]
    if missing:
        raise StateFormatError(f"a Thurn und Taxis state needs {', '.join(missing)}")
    values: dict[str, Any] = {name: _tuples(obj[name]) for name in STATE_FIELDS if name != "log"}
    point = values["point"]
    if type(point) is not int or point not in POINTS:
        raise StateFormatError(f"point must be one of {sorted(POINTS)}, not {point!r}")
    values["point"] = POINTS[point]
    log = obj["log"]
    if not isinstance(log, list) or not log or not all(isinstance(part, list) for part in log):
        raise StateFormatError("the log must be a non-empty list of rounds, each a list")
    values["log"] = tuple(_decode_events(part) for part in log)
    return TntState(**values)


def _decode_events(part: list[Any]) -> tuple[Event, ...]:
    """Return one round's events; a round read before is looked up by its JSON text."""
    text = json.dumps(part)
    events = _DECODED.get(text)
    if events is None:
        events = tuple(_event(data) for data in part)
        if len(_DECODED) >= MAX_REMEMBERED:
            _DECODED.clear()
        _DECODED[text] = events
    return events


def _event(data: Any) -> Event:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise StateFormatError(f"a log event is a list led by its kind, not {data!r:.60}")
    cls = EVENT_TYPES.get(data[0])
    if cls is None:
        raise StateFormatError(f"unknown log event {data[0]!r:.40}")
    values = [_tuples(value) for value in data[1:]]
    if len(values) != len(cls._fields):  # type: ignore[attr-defined]
        raise StateFormatError(f"a {data[0]} event has {len(cls._fields)} fields")  # type: ignore[attr-defined]
    event: Event = cls(*values)
    return event


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    if value is None or isinstance(value, (int, str)):
        return value
    raise StateFormatError(f"unexpected value {value!r:.40} in a Thurn und Taxis state")


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise StateFormatError(message)


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _cards(value: object, size: int) -> bool:
    return (isinstance(value, tuple) and len(value) == size
            and all(_count(item) for item in value))


def check_state(game: TntGame, state: TntState) -> None:
    """Raise StateFormatError unless `state` is a consistent position.

    Checked: the shape and range of every field; all 66 cards accounted for, 3 per city;
    blind cards within hands; routes without repeats and joined by roads; houses and supply
    adding up to 20; carriages, tiles and stacks consistent; the seat to act and the point.
    """
    board = game.board
    n = game.num_players
    cities = board.num_cities
    _expect(_count(state.seed) and _count(state.reshuffles), "seed and reshuffles are counts")
    _expect(_count(state.round) and state.round >= 1, "round must be at least 1")
    _expect(state.current is None or (type(state.current) is int and 0 <= state.current < n),
            f"current must be a seat 0..{n - 1} or null")
    _expect((state.current is None) == (state.point == Point.OVER),
            "the point is OVER exactly when nobody is to act")
    _expect(type(state.forced) is bool, "forced must be true or false")
    _expect(type(state.official) is int and -1 <= state.official < len(OFFICIALS),
            "official must be -1 or an official's index 0..3")
    _expect(type(state.played) is int and 0 <= state.played <= 2, "played must be 0, 1 or 2")
    _expect(isinstance(state.display, tuple) and len(state.display) == board.display_slots
            and all(type(c) is int and NONE <= c < cities for c in state.display),
            "display must be 6 slots, each a city or -1")
    _expect(isinstance(state.deck, tuple) and all(type(c) is int and 0 <= c < cities
                                                  for c in state.deck), "deck must list cities")
    _expect(_cards(state.discards, cities), "discards must count the cards of each city")
    for name in ("hands", "blind"):
        value = getattr(state, name)
        _expect(isinstance(value, tuple) and len(value) == n
                and all(_cards(cards, cities) for cards in value),
                f"{name} must hold a card count per city for each seat")
    for seat in range(n):
        _expect(all(b <= h for b, h in zip(state.blind[seat], state.hands[seat], strict=True)),
                f"seat {seat}'s blind cards must be in its hand")
        if not game.settings.blind_draw:
            _expect(not any(state.blind[seat]), "blind cards exist only with blind_draw")
    _expect(isinstance(state.routes, tuple) and len(state.routes) == n, "one route per seat")
    for seat, route in enumerate(state.routes):
        _expect(isinstance(route, tuple) and all(type(c) is int and 0 <= c < cities
                                                 for c in route), "routes must list cities")
        _expect(len(set(route)) == len(route), f"seat {seat}'s route repeats a city (T26)")
        _expect(all(board.joined(a, b) for a, b in pairwise(route)),
                f"seat {seat}'s route has neighbours not joined by a road (T24)")
    totals = [0] * cities
    for city in (*state.deck, *(c for c in state.display if c != NONE),
                 *(c for route in state.routes for c in route)):
        totals[city] += 1
    for cards in (state.discards, *state.hands):
        for city, count in enumerate(cards):
            totals[city] += count
    _expect(all(total == board.cards_per_city for total in totals),
            f"every city must have {board.cards_per_city} cards in play (T4)")
    _check_pieces(game, state)
    for part in state.log:
        for event in part:
            if isinstance(event, ActionEvent):
                _expect(isinstance(event.text, str) and type(event.city) is int
                        and UNKNOWN <= event.city < cities, "an action event is malformed")


def _check_pieces(game: TntGame, state: TntState) -> None:
    board = game.board
    n = game.num_players
    full = (1 << board.num_cities) - 1
    for name in ("houses", "supply", "carriages", "tiles"):
        _expect(isinstance(getattr(state, name), tuple) and len(getattr(state, name)) == n,
                f"{name} must have one entry per seat")
    for seat in range(n):
        houses, supply = state.houses[seat], state.supply[seat]
        _expect(type(houses) is int and 0 <= houses <= full, "houses must be a mask of cities")
        _expect(_count(supply) and houses.bit_count() + supply == board.houses_per_player,
                f"seat {seat}'s houses on the board and in supply must add up to "
                f"{board.houses_per_player}")
        _expect(state.carriages[seat] in (0, *board.carriage_points),
                "a carriage is 0 (none) or a length 3..7")
    _expect(isinstance(state.taken, tuple) and len(state.taken) == len(board.stacks),
            "taken must count the tiles taken from each stack")
    held = [0] * len(board.stacks)
    for seat in range(n):
        for tile in state.tiles[seat]:
            _expect(isinstance(tile, tuple) and len(tile) == 2
                    and type(tile[0]) is int and 0 <= tile[0] < len(board.stacks),
                    "a tile is [stack index, value]")
            index, value = tile
            _expect(value in board.stacks[index].values, "a tile's value must be its stack's")
            held[index] += 1
    for index, stack in enumerate(board.stacks):
        taken = state.taken[index]
        _expect(_count(taken) and held[index] <= taken <= len(stack.values),
                f"stack {stack.id}: taken must lie between the tiles held and its size")
    holder = state.end_holder
    _expect(type(holder) is int and NONE <= holder < n, "end_holder must be a seat or -1")
    _expect(state.end_reason in END_REASONS, f"end_reason must be one of {END_REASONS}")
    _expect((holder == NONE) == (state.taken[board.game_end_stack] == 0),
            "the game-end tile is taken exactly when it has a holder")
    _expect(isinstance(state.ranks, tuple) and len(state.ranks) in (0, n)
            and (len(state.ranks) == n) == (state.current is None),
            "ranks are given exactly when the game is over")
