"""Lossless JSON encoding of Suitors' Paths states (`to_json` / `from_json`), with the checks
that make `from_json` refuse a state play could not reach."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ludoteca.core.codec import SegmentedLogCodec, decoded, expect, plain, require_fields, tuples
from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON
from ludoteca.games.suitors_paths.actions import COLOUR_INDEX, COLOURS
from ludoteca.games.suitors_paths.board import game_data
from ludoteca.games.suitors_paths.moves import MARKERS, MAX_STACK
from ludoteca.games.suitors_paths.state import (
    END_REASONS,
    EVENT_FIELDS,
    NONE,
    Event,
    Route,
    SpState,
    Step,
)

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

STATE_FIELDS = tuple(f.name for f in fields(SpState) if f.name != "legal")
STEPS = {int(step): step for step in Step}
WHAT = "a Suitors' Paths state"


def encode_state(game: SpGame, state: SpState) -> dict[str, JSON]:
    """Return `state` as JSON-safe data: every field but the legal-action cache.

    The occupied segments are listed (a mask of up to 289 bits is no portable JSON number);
    a finished round of the log never changes, so it is encoded once and kept as text.
    """
    data: dict[str, JSON] = {}
    for name in STATE_FIELDS:
        if name == "log":
            continue
        data[name] = plain(getattr(state, name))
    data["step"] = int(state.step)
    data["occupied"] = [s for s in range(state.occupied.bit_length()) if state.occupied >> s & 1]
    data["routes"] = [[[list(route.points), route.girl, route.blocks] for route in routes]
                      for routes in state.routes]
    data["log"] = _LOG.encode(state.log)
    return data


def decode_state(game: SpGame, obj: Mapping[str, JSON]) -> SpState:
    """Return the state encoded by `encode_state`; StateFormatError if it cannot be read."""

    def read() -> SpState:
        state = _decode(obj)
        # Checked inside: a value of the wrong type can fail a check before its own is made.
        check_state(game, state)
        return state

    return decoded(WHAT, read)


def _decode(obj: Mapping[str, JSON]) -> SpState:
    require_fields(obj, STATE_FIELDS, WHAT)
    values: dict[str, Any] = {name: _tuples(obj[name]) for name in STATE_FIELDS if name != "log"}
    step = values["step"]
    if type(step) is not int or step not in STEPS:
        raise StateFormatError(f"step must be one of {sorted(STEPS)}, not {step!r}")
    values["step"] = STEPS[step]
    occupied = 0
    for segment in values["occupied"]:
        expect(type(segment) is int and 0 <= segment < 1000, "occupied lists segment ids")
        occupied |= 1 << segment
    values["occupied"] = occupied
    values["routes"] = tuple(tuple(Route(*route) for route in routes)
                             for routes in values["routes"])
    log = obj["log"]
    expect(isinstance(log, list) and bool(log) and all(isinstance(p, list) for p in log),
            "the log must be a non-empty list of rounds, each a list")
    values["log"] = tuple(_LOG.decode_segment(part) for part in log)
    return SpState(**values)


def _decode_events(part: list[Any]) -> tuple[Event, ...]:
    events: tuple[Event, ...] = _tuples(part)
    for event in events:
        expect(isinstance(event, tuple) and len(event) >= 2 and event[0] in EVENT_FIELDS
               and isinstance(event[1], str) and len(event) == 2 + len(EVENT_FIELDS[event[0]]),
               f"a log event is [kind, text, values…], not {event!r:.60}")
    return events


def _tuples(value: Any) -> Any:
    return tuples(value, WHAT)


def _seat_or_none(value: object, n: int) -> bool:
    return type(value) is int and NONE <= value < n


def _cards(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == len(COLOURS)
            and all(type(count) is int and count >= 0 for count in value))


def check_state(game: SpGame, state: SpState) -> None:
    """Raise StateFormatError unless `state` is a consistent position.

    Checked: the shape and range of every field; all 60 cards accounted for; known cards
    within hands; girls on the path with stacks of at most 4; routes that are simple chains of
    segments from their owner's suitor, on free segments; blocks and markers adding up.
    """
    board = game.board
    n = game.num_players
    expect(all(type(getattr(state, name)) is int and getattr(state, name) >= 0
                for name in ("seed", "reshuffles", "round", "passed", "supply", "built", "taken",
                             "turns_left", "idle_turns", "turns")), "counts must be integers >= 0")
    expect(isinstance(state.terrain, tuple) and len(state.terrain) == board.num_hexes
            and all(type(t) is int and 0 <= t < 5 for t in state.terrain),
            f"terrain must give each of the {board.num_hexes} hexes a terrain 0..4")
    expect(state.current is None or (type(state.current) is int and 0 <= state.current < n),
            f"current must be a seat 0..{n - 1} or null")
    expect((state.current is None) == (state.step == Step.OVER),
            "the step is OVER exactly when nobody is to act")
    for name in ("opener", "high_bidder", "final_trigger", "last_turn", "winner"):
        expect(_seat_or_none(getattr(state, name), n), f"{name} must be a seat or -1")
    expect(state.auction_hex == NONE or 0 <= state.auction_hex < board.num_hexes,
            "auction_hex must be a hex or -1")
    expect(type(state.bid) is int and NONE <= state.bid <= 6, "bid must be -1..6")
    expect(isinstance(state.starts, tuple) and len(state.starts) == n
            and all(h == NONE or board.ring2_index[h] >= 0 for h in state.starts),
            "starts must give each seat a ring-2 hex or -1")
    placed = [h for h in state.starts if h != NONE]
    expect(len(set(placed)) == len(placed), "two suitors share a hex")
    expect(sorted(state.turn_order) == sorted(s for s in range(n) if state.starts[s] != NONE),
            "the turn order lists exactly the seats with a start hex")
    expect(state.end_reason in END_REASONS, f"end_reason must be one of {END_REASONS}")
    for name in ("scrapped", "took_colour", "exhausted"):
        expect(type(getattr(state, name)) is bool, f"{name} must be true or false")
    _check_cards(state, n)
    _check_girls(game, state)
    _check_routes(game, state)
    _check_log(state, n)


def _check_cards(state: SpState, n: int) -> None:
    expect(isinstance(state.hands, tuple) and len(state.hands) == n
            and all(_cards(hand) for hand in state.hands), "hands must be 6 counts per seat")
    expect(isinstance(state.known, tuple) and len(state.known) == n
            and all(_cards(known) for known in state.known), "known must be 6 counts per seat")
    expect(all(k <= h for hand, known in zip(state.hands, state.known, strict=True)
                for h, k in zip(hand, known, strict=True)), "known cards must be in the hand")
    expect(isinstance(state.display, tuple) and len(state.display) == 6
            and all(type(c) is int and NONE <= c < 6 for c in state.display),
            "display must be 6 slots, each a colour or -1")
    for name in ("deck", "discards"):
        cards = getattr(state, name)
        expect(isinstance(cards, tuple) and all(type(c) is int and 0 <= c < 6 for c in cards),
                f"{name} must list colours 0..5")
    totals = [0] * len(COLOURS)
    for colour in (*state.deck, *state.discards, *(c for c in state.display if c != NONE)):
        totals[colour] += 1
    for hand in state.hands:
        for colour, count in enumerate(hand):
            totals[colour] += count
    deck = game_data()["deck"]
    expect(totals == [deck[letter] for letter in COLOURS],
            "the cards must be those of the deck: G 12, Y 10, R 10, K 8, B 8, M 12 (P12)")


def _check_girls(game: SpGame, state: SpState) -> None:
    n = game.num_players
    girls = state.girls
    expect(isinstance(girls, tuple) and len(girls) == len(game.board.path),
            "girls must give each path hex a stack or null")
    stacks = [stack for stack in girls if stack is not None]
    expect(len(stacks) == game.settings.girls, f"there must be {game.settings.girls} girls")
    expect(all(isinstance(stack, tuple) and len(stack) <= MAX_STACK
                and all(type(s) is int and 0 <= s < n for s in stack) for stack in stacks),
            "a girl's stack lists at most 4 seats (P42)")
    expect(state.connected == NONE or (0 <= state.connected < len(girls)
                                        and bool(girls[state.connected])),
            "connected must be -1 or a girl with markers")


def _check_routes(game: SpGame, state: SpState) -> None:
    board = game.board
    n = game.num_players
    expect(isinstance(state.routes, tuple) and len(state.routes) == n, "one route list per seat")
    occupied = 0
    blocks = 0
    for seat, routes in enumerate(state.routes):
        for index, route in enumerate(routes):
            expect(type(route.girl) is int and type(route.blocks) is int
                    and isinstance(route.points, tuple) and len(route.points) >= 2
                    and all(type(p) is int and 0 <= p < board.num_points for p in route.points),
                    f"seat {seat}'s route {index} is malformed")
            points = route.points
            expect(len(set(points)) == len(points), f"seat {seat}'s route visits a point twice")
            start = state.starts[seat]
            expect(start != NONE and points[0] in game.route_starts(start),
                    f"seat {seat}'s route must start where its suitor's routes begin (P34)")
            for a, b in itertools.pairwise(points):
                segment = board.segment_between.get((a, b) if a < b else (b, a))
                expect(segment is not None, f"seat {seat}'s route jumps between points")
                assert segment is not None
                expect(not occupied >> segment & 1, "two routes share a segment (P36)")
                occupied |= 1 << segment
            expect(0 <= route.blocks <= len(points) - 1, "a route holds at most a block a "
                    "segment")
            blocks += route.blocks
            last = index == len(routes) - 1
            expect(route.girl != NONE or last, "only a seat's last route may be unfinished")
            expect(route.girl == NONE or (0 <= route.girl < len(state.girls)
                                           and seat in (state.girls[route.girl] or ())),
                    f"seat {seat}'s route {index} must end at a girl holding its marker")
    expect(occupied == state.occupied, "occupied must be exactly the routes' segments")
    # At most, not exactly: the rules' examples (E29) set a nearly empty supply beside a few
    # routes, the other blocks being understood as on routes the example leaves out.
    expect(state.supply + blocks <= game_data()["counts"]["blocks"],
            "blocks in the supply and on the board must add up to at most 120 (P11)")
    for seat in range(n):
        used = sum(stack.count(seat) for stack in state.girls if stack)
        open_routes = sum(route.girl == NONE for route in state.routes[seat])
        expect(used + open_routes <= MARKERS, f"seat {seat} uses more than 6 markers (P46)")


def _check_log(state: SpState, n: int) -> None:
    """Check the values the views read from the log: who drew a deck card, what refilled."""
    for part in state.log:
        for event in part:
            if event[0] == "take_deck":
                expect(type(event[2]) is int and 0 <= event[2] < n
                        and (event[3] is None or event[3] in COLOUR_INDEX),
                        "a take_deck event names a seat and a colour letter or null")
            elif event[0] == "refill":
                expect(isinstance(event[2], tuple) and all(
                    isinstance(slot, tuple) and len(slot) == 2 and type(slot[0]) is int
                    and 1 <= slot[0] <= 6 and slot[1] in COLOUR_INDEX for slot in event[2]),
                    "a refill event lists (slot 1..6, colour letter) pairs")


_LOG: SegmentedLogCodec[Event] = SegmentedLogCodec(plain, _decode_events)
"""The log's rounds, each finished one encoded and read once."""
