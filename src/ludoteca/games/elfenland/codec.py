"""Lossless JSON encoding of Elfenland states (`to_json` / `from_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON
from ludoteca.games.elfenland.actions import action_text, parse_action
from ludoteca.games.elfenland.state import (
    EVENT_TYPES,
    NONE,
    OVER,
    ActionEvent,
    ElfenlandState,
    Event,
)

if TYPE_CHECKING:
    from ludoteca.games.elfenland.rules import ElfenlandGame

STATE_FIELDS = tuple(f.name for f in fields(ElfenlandState) if f.name != "legal")
EVENT_KINDS = {cls: kind for kind, cls in EVENT_TYPES.items()}


def encode_state(state: ElfenlandState) -> dict[str, JSON]:
    """Return `state` as JSON-safe data: every field but the legal-action cache."""
    data = {name: _plain(getattr(state, name)) for name in STATE_FIELDS if name != "log"}
    data["log"] = [[encode_event(event) for event in events] for events in state.log]
    return data


def encode_event(event: Event) -> list[JSON]:
    """Return one log event as a JSON list led by its kind; actions as their notation."""
    # Event fields are ints, bools and flat tuples of ints, so one level of conversion is enough.
    if isinstance(event, ActionEvent):
        return ["action", event.seat, action_text(event.action), event.town, event.piece]
    return [EVENT_KINDS[type(event)],
            *[list(value) if type(value) is tuple else value for value in event]]


def _plain(value: Any) -> JSON:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def decode_state(game: ElfenlandGame, obj: Mapping[str, JSON]) -> ElfenlandState:
    """Return the state encoded by `encode_state` (no legal cache); StateFormatError if bad."""
    try:
        state = _decode(game, obj)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as error:  # ValueError: bad notation too
        raise StateFormatError(f"not an Elfenland state: {error}") from error
    _check(game, state)
    return state


def _decode(game: ElfenlandGame, obj: Mapping[str, JSON]) -> ElfenlandState:
    if not isinstance(obj, Mapping):
        raise StateFormatError(f"an Elfenland state is a JSON object, got {type(obj).__name__}")
    missing = [name for name in STATE_FIELDS if name not in obj]
    if missing:
        raise StateFormatError(f"an Elfenland state needs {', '.join(missing)}")
    values: dict[str, Any] = {}
    for name in STATE_FIELDS:
        if name == "log":
            continue
        values[name] = _tuples(obj[name])
    if values["current"] is not None and not isinstance(values["current"], int):
        raise StateFormatError(f"current must be a seat or null, got {values['current']!r}")
    values["discarding"] = bool(values["discarding"])
    values["has_obstacle"] = tuple(bool(flag) for flag in values["has_obstacle"])
    values["log"] = tuple(
        tuple(_decode_event(game, event) for event in events) for events in obj["log"]
    )
    return ElfenlandState(**values)


def _decode_event(game: ElfenlandGame, data: Any) -> Event:
    kind, *values = data
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise StateFormatError(f"unknown log event {kind!r}")
    if cls is ActionEvent:
        values[1] = parse_action(game.map, values[1], None)
        values[3] = bool(values[3])
    event: Event = cls(*(_tuples(value) for value in values))
    return event


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    if value is None or isinstance(value, (int, tuple)):
        return value
    raise StateFormatError(f"unexpected value {value!r} in an Elfenland state")


def _check(game: ElfenlandGame, state: ElfenlandState) -> None:
    """Reject states whose shape is wrong or whose cards and counters are not all accounted."""
    n = game.num_players
    edges = len(game.map.edge_ids) + 1
    per_seat = ("boots", "visited", "hands", "open_counters", "secret_counters", "has_obstacle")
    for name in per_seat:
        if len(getattr(state, name)) != n:
            raise StateFormatError(f"{name} must list {n} seats")
    for name in ("road_counter", "road_placer", "road_obstacle"):
        if len(getattr(state, name)) != edges:
            raise StateFormatError(f"{name} must have {edges} entries, one per edge id")
    if state.current is not None and not 0 <= state.current < n:
        raise StateFormatError(f"current player {state.current} is not a seat")
    if (state.current is None) != (state.phase == OVER):
        raise StateFormatError("a state is over exactly when no seat is to act")
    cards = len(state.draw_pile) + sum(state.discards) + sum(sum(hand) for hand in state.hands)
    if cards != sum(game.map.card_counts) or any(min(hand) < 0 for hand in state.hands):
        raise StateFormatError(f"the state holds {cards} travel cards, not 72")
    counters = (
        len(state.supply) + sum(kind != NONE for kind in state.display)
        + sum(kind != NONE for kind in state.road_counter)
        + sum(sum(held) for held in state.open_counters)
        + sum(sum(held) for held in state.secret_counters)
        + sum(state.set_aside_open) + len(state.set_aside_secret)
    )
    if counters != sum(game.map.counter_counts):
        raise StateFormatError(f"the state holds {counters} counters, not 48")
