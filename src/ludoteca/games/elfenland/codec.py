"""Lossless JSON encoding of Elfenland states (`to_json` / `from_json`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ludoteca.core.codec import decoded, expect, plain, require_fields, tuples
from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON
from ludoteca.games.elfenland.actions import KEPT_CARDS, ElfAction, action_text, parse_action
from ludoteca.games.elfenland.board import CARD_KINDS, COUNTER_KINDS, LETTERS
from ludoteca.games.elfenland.cards import cards_text, count, plus
from ludoteca.games.elfenland.flow import (
    COUNTER_HOLD_MAX,
    OPEN_PICKS_PER_ROUND,
    TOWNS_TO_COLLECT,
)
from ludoteca.games.elfenland.state import (
    EVENT_TYPES,
    NONE,
    UNKNOWN,
    ActionEvent,
    ClearEvent,
    ElfenlandState,
    Event,
    GameEndEvent,
    KeepCardsEvent,
    KeepCounterEvent,
    Phase,
    PickEvent,
    RefillEvent,
    ReshuffleEvent,
    RoundEvent,
    SecretDrawEvent,
)

if TYPE_CHECKING:
    from ludoteca.games.elfenland.rules import ElfenlandGame

STATE_FIELDS = tuple(f.name for f in fields(ElfenlandState) if f.name != "legal")
EVENT_KINDS = {cls: kind for kind, cls in EVENT_TYPES.items()}
PHASES = tuple(Phase)
DISPLAY_SLOTS = 5
WHAT = "an Elfenland state"


def encode_state(game: ElfenlandGame, state: ElfenlandState) -> dict[str, JSON]:
    """Return `state` as JSON-safe data: every field but the legal-action cache."""
    data = {name: plain(getattr(state, name)) for name in STATE_FIELDS if name != "log"}
    data["log"] = [[encode_event(event) for event in events] for events in state.log]
    return data


def encode_event(event: Event) -> list[JSON]:
    """Return one log event as a JSON list led by its kind; actions as their notation."""
    # Event fields are ints, bools and flat tuples of ints, so one level of conversion is enough.
    if isinstance(event, ActionEvent):
        return ["action", event.seat, action_text(event.action), event.town, event.piece]
    return [EVENT_KINDS[type(event)],
            *[list(value) if type(value) is tuple else value for value in event]]


def decode_state(game: ElfenlandGame, obj: Mapping[str, JSON]) -> ElfenlandState:
    """Return the state encoded by `encode_state` (no legal cache); StateFormatError if bad."""
    state = decoded(WHAT, lambda: _decode(game, obj))  # a ValueError: bad notation too
    check_state(game, state)
    return state


def _decode(game: ElfenlandGame, obj: Mapping[str, JSON]) -> ElfenlandState:
    require_fields(obj, STATE_FIELDS, WHAT)
    values: dict[str, Any] = {}
    for name in STATE_FIELDS:
        if name == "log":
            continue
        values[name] = _tuples(obj[name])
    if type(values["phase"]) is int and values["phase"] in PHASES:
        values["phase"] = Phase(values["phase"])  # else check_state says why it is refused
    log = obj["log"]
    if not isinstance(log, list) or not all(isinstance(events, list) for events in log):
        raise StateFormatError("the log must be a list of rounds, each a list of events")
    values["log"] = tuple(tuple(_decode_event(game, event) for event in events) for events in log)
    return ElfenlandState(**values)


def _decode_event(game: ElfenlandGame, data: Any) -> Event:
    if not isinstance(data, list) or not data:
        raise StateFormatError(f"a log event is a list led by its kind, not {data!r}")
    kind, *values = data
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise StateFormatError(f"unknown log event {kind!r}")
    if cls is ActionEvent:
        if len(values) != len(ActionEvent._fields) or not isinstance(values[1], str):
            raise StateFormatError(f"an action event is [seat, notation, town, piece]: {data!r}")
        values[1] = parse_action(game.map, values[1], None)
    event: Event = cls(*(_tuples(value) for value in values))
    return event


def _tuples(value: Any) -> Any:
    return tuples(value, WHAT, (int, tuple, ElfAction))


def check_state(game: ElfenlandGame, state: ElfenlandState) -> None:
    """Raise StateFormatError unless `state` is a consistent position that play could reach.

    Checked: the shape and range of every field and log event; all 72 cards and 48 counters
    accounted for by kind; the phase, the seat to act and its place in the turn order; the
    board (counters only on roads they may lie on, an obstacle only with a counter); the limit
    of 5 held counters (E13), which the round's secret draw asserts.
    """
    _check_shapes(game, state)
    _check_totals(game, state)
    _check_turn(game, state)
    _check_board(game, state)
    for events in state.log:
        for event in events:
            _check_event(game, event)
    _check_log(game, state)


def _check_shapes(game: ElfenlandGame, state: ElfenlandState) -> None:
    n = game.num_players
    edges = len(game.map.edge_ids) + 1
    counters = len(COUNTER_KINDS)
    seat_or_none = (NONE, *range(n))
    kind_or_none = (NONE, *COUNTER_KINDS)
    expect(_count(state.seed), "seed must be a non-negative integer")
    for name in ("round", "start", "step", "passes", "reshuffles"):
        expect(_count(getattr(state, name)), f"{name} must be a non-negative integer")
    expect(state.phase in PHASES, f"phase must be one of {PHASES}, not {state.phase!r}")
    expect(state.current is None or _is_seat(state.current, n),
            f"current player {state.current!r} is not a seat")
    expect(_is_seat(state.start, n), f"start player {state.start!r} is not a seat")
    expect(type(state.discarding) is bool, "discarding must be true or false")
    expect(_rows(state.boots, n) and all(_is_town(game, t) for t in state.boots),
            f"boots must list a town for each of the {n} seats")
    pieces = sum(1 << town for town in range(game.map.num_towns) if game.map.has_pieces[town])
    expect(_rows(state.visited, n) and all(_count(v) and not v & ~pieces for v in state.visited),
            f"visited must hold, for each of the {n} seats, a set of towns with pieces")
    expect(_rows(state.hands, n) and all(_vector(hand, 7) for hand in state.hands),
            f"hands must hold {n} count vectors of 7 card kinds")
    expect(_vector(state.discards, 7), "discards must be a count vector of 7 card kinds")
    expect(_kinds(state.draw_pile, CARD_KINDS), "the draw pile must list card kinds")
    expect(_kinds(state.supply, COUNTER_KINDS), "the supply must list counter kinds")
    expect(_rows(state.display, DISPLAY_SLOTS) and _kinds(state.display, kind_or_none),
            f"the display must show {DISPLAY_SLOTS} counters")
    for name in ("open_counters", "secret_counters"):
        rows = getattr(state, name)
        expect(_rows(rows, n) and all(_vector(held, counters) for held in rows),
                f"{name} must hold {n} count vectors of {counters} counter kinds")
    expect(_rows(state.road_counter, edges) and _kinds(state.road_counter, kind_or_none),
            f"road_counter must have {edges} entries, one per edge id, each a counter or {NONE}")
    for name in ("road_placer", "road_obstacle"):
        column = getattr(state, name)
        expect(_rows(column, edges) and _kinds(column, seat_or_none),
                f"{name} must have {edges} entries, one per edge id, each a seat or {NONE}")
    expect(_rows(state.has_obstacle, n) and all(type(f) is bool for f in state.has_obstacle),
            f"has_obstacle must hold {n} flags")
    expect(_vector(state.set_aside_open, counters), "set_aside_open must be a count vector")
    expect(_kinds(state.set_aside_secret, COUNTER_KINDS), "set_aside_secret must list kinds")
    expect(state.ranks == () or (_rows(state.ranks, n) and _kinds(state.ranks, range(1, n + 1))),
            f"ranks must be empty or a rank 1..{n} per seat")


def _check_totals(game: ElfenlandGame, state: ElfenlandState) -> None:
    cards = plus(plus(count(state.draw_pile), state.discards), _sum(state.hands, 7))
    if cards != game.map.card_counts:
        raise StateFormatError(
            f"the state holds the travel cards {cards_text(cards)}, not the 72 of the game "
            "(10 of each counter kind and 12 rafts)"
        )
    size = len(COUNTER_KINDS)
    placed = tuple(kind for kind in state.road_counter if kind != NONE)
    displayed = tuple(kind for kind in state.display if kind != NONE)
    counters = count((*state.supply, *displayed, *placed, *state.set_aside_secret), size)
    counters = plus(plus(counters, state.set_aside_open), _sum(state.open_counters, size))
    counters = plus(counters, _sum(state.secret_counters, size))
    if counters != game.map.counter_counts:
        raise StateFormatError(
            f"the state holds the counters {cards_text(counters)}, not the 48 of the game "
            "(8 of each kind)"
        )
    for seat in range(game.num_players):
        if state.held_counters(seat) > COUNTER_HOLD_MAX:
            raise StateFormatError(f"seat {seat} holds more than {COUNTER_HOLD_MAX} counters (E13)")


def _check_turn(game: ElfenlandGame, state: ElfenlandState) -> None:
    n = game.num_players
    if state.round < 1 or state.round > game.settings.rounds:
        raise StateFormatError(f"round {state.round} is not one of 1..{game.settings.rounds}")
    over = state.phase == Phase.OVER
    if (state.current is None) != over or over != bool(state.ranks):
        raise StateFormatError("a state is over exactly when no seat is to act and ranks are set")
    if state.current is None:
        return
    turn = (state.current - state.start) % n
    if state.phase == Phase.OPEN_PICKS and not (
        state.step < OPEN_PICKS_PER_ROUND * n and state.step % n == turn
    ):
        raise StateFormatError(
            f"pick {state.step + 1} of phase 3 is not seat {state.current}'s (E14)"
        )
    if state.phase == Phase.PLACEMENT and state.passes >= n:
        raise StateFormatError(f"{state.passes} passes in a row would have ended phase 4 (E21)")
    if state.phase in (Phase.MOVEMENT, Phase.ROUND_END) and state.step != turn:
        raise StateFormatError(
            f"step {state.step} is not seat {state.current}'s place in the turn order"
        )
    if state.discarding and not (
        state.phase == Phase.MOVEMENT and game.flow.after_move
        and sum(state.hands[state.current]) > KEPT_CARDS
    ):
        raise StateFormatError(
            "only a seat with more than 4 cards that ended its move under "
            "hand_limit_timing='after_move' discards"
        )
    if state.phase == Phase.ROUND_END:
        if state.round >= game.settings.rounds or any(
            state.pieces(seat) >= TOWNS_TO_COLLECT for seat in range(n)
        ):
            raise StateFormatError("this round's end ends the game: nobody chooses (E33, E34)")
        seat = state.current
        if sum(state.hands[seat]) <= KEPT_CARDS and state.held_counters(seat) < 2:
            raise StateFormatError(f"seat {seat} has nothing to choose at the round's end (E37)")
    if (any(state.set_aside_open) or state.set_aside_secret) and state.phase != Phase.ROUND_END:
        raise StateFormatError("counters are set aside (E36) only during the round's end")


def _check_board(game: ElfenlandGame, state: ElfenlandState) -> None:
    elf_map = game.map
    obstacles: dict[int, int] = {}
    for e in range(len(state.road_counter)):
        kind, placer, owner = state.road_counter[e], state.road_placer[e], state.road_obstacle[e]
        if kind == NONE:
            if placer != NONE or owner != NONE:
                raise StateFormatError(f"edge {e} has a placer or an obstacle but no counter (E18)")
            continue
        if not elf_map.is_edge(e) or e not in elf_map.roads_for[kind]:
            raise StateFormatError(f"a {LETTERS[kind]} counter cannot lie on edge {e} (E17)")
        if placer == NONE:
            raise StateFormatError(f"nobody placed the counter on road {e}")
        if owner != NONE:
            if owner in obstacles:
                raise StateFormatError(f"seat {owner} has obstacles on two roads (E19)")
            obstacles[owner] = e
            if state.has_obstacle[owner]:
                raise StateFormatError(
                    f"seat {owner}'s obstacle lies on road {e}, yet it still holds one"
                )
    if state.phase == Phase.OPEN_PICKS and any(kind != NONE for kind in state.road_counter):
        raise StateFormatError("the board is cleared before phase 3 (E38)")


_EVENT_FIELDS: dict[type, tuple[str, ...]] = {
    RoundEvent: ("count", "seat"),
    RefillEvent: ("seat", "count", "cards"),
    ReshuffleEvent: ("count",),
    SecretDrawEvent: ("seat", "hidden kind"),
    PickEvent: ("seat", "slot", "kind", "kind or none"),
    ActionEvent: ("seat", "action", "town", "flag"),
    KeepCardsEvent: ("seat", "cards", "cards"),
    KeepCounterEvent: ("seat", "hidden kind", "flag", "counters", "count"),
    ClearEvent: ("count",),
    GameEndEvent: ("per seat", "per seat", "per seat"),
}


def _check_event(game: ElfenlandGame, event: Event) -> None:
    n = game.num_players
    tests: dict[str, Callable[[Any], bool]] = {
        "count": _count,
        "seat": lambda value: _is_seat(value, n),
        "cards": lambda value: _vector(value, 7),
        "counters": lambda value: _vector(value, len(COUNTER_KINDS)),
        "kind": lambda value: value in COUNTER_KINDS,
        "kind or none": lambda value: value == NONE or value in COUNTER_KINDS,
        "hidden kind": lambda value: value == UNKNOWN or value in COUNTER_KINDS,
        "slot": lambda value: _count(value) and value <= DISPLAY_SLOTS,
        "action": lambda value: isinstance(value, ElfAction),
        "town": lambda value: _is_town(game, value),
        "flag": lambda value: type(value) is bool,
        "per seat": lambda value: _rows(value, n) and all(_count(item) for item in value),
    }
    for kind, value in zip(_EVENT_FIELDS[type(event)], event, strict=True):
        if not tests[kind](value):
            raise StateFormatError(f"log event {event!r}: {value!r} is not a {kind}")


def _check_log(game: ElfenlandGame, state: ElfenlandState) -> None:
    if not state.log or not state.log[-1]:
        raise StateFormatError("the log must hold the current round's events")
    opening = state.log[-1][0]
    if not isinstance(opening, RoundEvent) or opening != (state.round, state.start):
        raise StateFormatError(
            f"the current round's log must begin with round {state.round}, "
            f"start player {state.start}"
        )
    ended = any(isinstance(event, GameEndEvent) for events in state.log for event in events)
    if ended != (state.phase == Phase.OVER) or (ended and not isinstance(state.log[-1][-1],
                                                                   GameEndEvent)):
        raise StateFormatError("the log ends with the game's end exactly when the game is over")


def _count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _is_seat(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _is_town(game: ElfenlandGame, value: Any) -> bool:
    return type(value) is int and 0 <= value < game.map.num_towns


def _rows(values: Any, size: int) -> bool:
    return isinstance(values, tuple) and len(values) == size


def _vector(values: Any, size: int) -> bool:
    return _rows(values, size) and all(_count(value) for value in values)


def _kinds(values: Any, allowed: Any) -> bool:
    return isinstance(values, tuple) and all(
        type(value) is int and value in allowed for value in values
    )


def _sum(rows: tuple[tuple[int, ...], ...], size: int) -> tuple[int, ...]:
    total = (0,) * size
    for row in rows:
        total = plus(total, row)
    return total
