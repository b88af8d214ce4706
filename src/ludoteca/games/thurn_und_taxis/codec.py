"""Lossless JSON encoding of Thurn und Taxis states (`to_json` / `from_json`), with the checks
that make `from_json` refuse a state play could not reach."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ludoteca.core.codec import SegmentedLogCodec, decoded, expect, plain, require_fields, tuples
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


WHAT = "a Thurn und Taxis state"


def encode_state(game: TntGame, state: TntState) -> dict[str, JSON]:
    """Return `state` as JSON-safe data: every field but the legal-action cache (each finished
    round of the log encoded once, see `SegmentedLogCodec`)."""
    data = {name: plain(getattr(state, name)) for name in STATE_FIELDS if name != "log"}
    data["point"] = int(state.point)
    data["log"] = _LOG.encode(state.log)
    return data


def _encode_events(events: tuple[Event, ...]) -> list[JSON]:
    return [[EVENT_KINDS[type(event)], *plain(tuple(event))] for event in events]


def decode_state(game: TntGame, obj: Mapping[str, JSON]) -> TntState:
    """Return the state encoded by `encode_state`; StateFormatError if it cannot be read."""
    state = decoded(WHAT, lambda: _decode(obj))
    check_state(game, state)
    return state


def _decode(obj: Mapping[str, JSON]) -> TntState:
    require_fields(obj, STATE_FIELDS, WHAT)
    values: dict[str, Any] = {name: _tuples(obj[name]) for name in STATE_FIELDS if name != "log"}
    point = values["point"]
    if type(point) is not int or point not in POINTS:
        raise StateFormatError(f"point must be one of {sorted(POINTS)}, not {point!r}")
    values["point"] = POINTS[point]
    log = obj["log"]
    if not isinstance(log, list) or not log or not all(isinstance(part, list) for part in log):
        raise StateFormatError("the log must be a non-empty list of rounds, each a list")
    values["log"] = tuple(_LOG.decode_segment(part) for part in log)
    return TntState(**values)


def _decode_events(part: list[Any]) -> tuple[Event, ...]:
    return tuple(_event(data) for data in part)


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
    return tuples(value, WHAT)


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
    expect(_count(state.seed) and _count(state.reshuffles), "seed and reshuffles are counts")
    expect(_count(state.round) and state.round >= 1, "round must be at least 1")
    expect(state.current is None or (type(state.current) is int and 0 <= state.current < n),
            f"current must be a seat 0..{n - 1} or null")
    expect((state.current is None) == (state.point == Point.OVER),
            "the point is OVER exactly when nobody is to act")
    expect(type(state.forced) is bool, "forced must be true or false")
    expect(type(state.official) is int and -1 <= state.official < len(OFFICIALS),
            "official must be -1 or an official's index 0..3")
    expect(type(state.played) is int and 0 <= state.played <= 2, "played must be 0, 1 or 2")
    expect(isinstance(state.display, tuple) and len(state.display) == board.display_slots
            and all(type(c) is int and NONE <= c < cities for c in state.display),
            "display must be 6 slots, each a city or -1")
    expect(isinstance(state.deck, tuple) and all(type(c) is int and 0 <= c < cities
                                                  for c in state.deck), "deck must list cities")
    expect(_cards(state.discards, cities), "discards must count the cards of each city")
    for name in ("hands", "blind"):
        value = getattr(state, name)
        expect(isinstance(value, tuple) and len(value) == n
                and all(_cards(cards, cities) for cards in value),
                f"{name} must hold a card count per city for each seat")
    for seat in range(n):
        expect(all(b <= h for b, h in zip(state.blind[seat], state.hands[seat], strict=True)),
                f"seat {seat}'s blind cards must be in its hand")
        if not game.settings.blind_draw:
            expect(not any(state.blind[seat]), "blind cards exist only with blind_draw")
    expect(isinstance(state.routes, tuple) and len(state.routes) == n, "one route per seat")
    for seat, route in enumerate(state.routes):
        expect(isinstance(route, tuple) and all(type(c) is int and 0 <= c < cities
                                                 for c in route), "routes must list cities")
        expect(len(set(route)) == len(route), f"seat {seat}'s route repeats a city (T26)")
        expect(all(board.joined(a, b) for a, b in pairwise(route)),
                f"seat {seat}'s route has neighbours not joined by a road (T24)")
    totals = [0] * cities
    for city in (*state.deck, *(c for c in state.display if c != NONE),
                 *(c for route in state.routes for c in route)):
        totals[city] += 1
    for cards in (state.discards, *state.hands):
        for city, count in enumerate(cards):
            totals[city] += count
    expect(all(total == board.cards_per_city for total in totals),
            f"every city must have {board.cards_per_city} cards in play (T4)")
    _check_pieces(game, state)
    for part in state.log:
        for event in part:
            if isinstance(event, ActionEvent):
                expect(isinstance(event.text, str) and type(event.city) is int
                        and UNKNOWN <= event.city < cities, "an action event is malformed")


def _check_pieces(game: TntGame, state: TntState) -> None:
    board = game.board
    n = game.num_players
    full = (1 << board.num_cities) - 1
    for name in ("houses", "supply", "carriages", "tiles"):
        expect(isinstance(getattr(state, name), tuple) and len(getattr(state, name)) == n,
                f"{name} must have one entry per seat")
    for seat in range(n):
        houses, supply = state.houses[seat], state.supply[seat]
        expect(type(houses) is int and 0 <= houses <= full, "houses must be a mask of cities")
        expect(_count(supply) and houses.bit_count() + supply == board.houses_per_player,
                f"seat {seat}'s houses on the board and in supply must add up to "
                f"{board.houses_per_player}")
        expect(state.carriages[seat] in (0, *board.carriage_points),
                "a carriage is 0 (none) or a length 3..7")
    expect(isinstance(state.taken, tuple) and len(state.taken) == len(board.stacks),
            "taken must count the tiles taken from each stack")
    held = [0] * len(board.stacks)
    for seat in range(n):
        for tile in state.tiles[seat]:
            expect(isinstance(tile, tuple) and len(tile) == 2
                    and type(tile[0]) is int and 0 <= tile[0] < len(board.stacks),
                    "a tile is [stack index, value]")
            index, value = tile
            expect(value in board.stacks[index].values, "a tile's value must be its stack's")
            held[index] += 1
    for index, stack in enumerate(board.stacks):
        taken = state.taken[index]
        expect(_count(taken) and held[index] <= taken <= len(stack.values),
                f"stack {stack.id}: taken must lie between the tiles held and its size")
    holder = state.end_holder
    expect(type(holder) is int and NONE <= holder < n, "end_holder must be a seat or -1")
    expect(state.end_reason in END_REASONS, f"end_reason must be one of {END_REASONS}")
    expect((holder == NONE) == (state.taken[board.game_end_stack] == 0),
            "the game-end tile is taken exactly when it has a holder")
    expect(isinstance(state.ranks, tuple) and len(state.ranks) in (0, n)
            and (len(state.ranks) == n) == (state.current is None),
            "ranks are given exactly when the game is over")


_LOG: SegmentedLogCodec[Event] = SegmentedLogCodec(_encode_events, _decode_events)
"""The log's rounds, each finished one encoded and read once."""
