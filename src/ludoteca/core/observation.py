"""The common part of every observation: the keys generic code (server, web, bots, adapters)
may read. A game adds its own keys and declares them in its `GameSpec.observation_keys`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ludoteca.core.game import JSON, Seat


class CommonObservation(TypedDict):
    """What every game's `observation(state, seat)` holds, whatever else it adds."""

    game: str
    num_players: int
    seat: Seat | None
    """The viewer, None for a spectator."""
    current_player: Seat | None
    terminal: bool
    end_reason: str | None
    """Why the game ended, in the game's own words (e.g. "all_towns"); None while playing."""
    log: list[dict[str, JSON]]
    """Structured events as the viewer may see them, each with its `kind` and `text`."""
    legal_actions: list[str]
    """The viewer's legal actions as canonical text; empty unless it is the viewer's turn."""
    hand_sizes: list[int]
    scores: list[int]
    winners: list[Seat]


COMMON_KEYS: frozenset[str] = frozenset(CommonObservation.__annotations__)


def observation_problems(
    observation: Mapping[str, Any], num_players: int, seat: Seat | None
) -> list[str]:
    """Return what is wrong with the common part of `observation` (empty if nothing)."""
    problems = [f"lacks {key!r}" for key in sorted(COMMON_KEYS - set(observation))]
    if problems:
        return problems

    def seat_or_none(value: object) -> bool:
        return value is None or (type(value) is int and 0 <= value < num_players)

    def per_seat_ints(value: object) -> bool:
        return (isinstance(value, list) and len(value) == num_players
                and all(type(item) is int for item in value))

    checks = {
        "game": isinstance(observation["game"], str),
        "num_players": observation["num_players"] == num_players,
        "seat": observation["seat"] == seat,
        "current_player": seat_or_none(observation["current_player"]),
        "terminal": isinstance(observation["terminal"], bool)
        and observation["terminal"] == (observation["current_player"] is None),
        "end_reason": (observation["end_reason"] is None) != observation["terminal"]
        and (observation["end_reason"] is None or isinstance(observation["end_reason"], str)),
        "log": isinstance(observation["log"], list)
        and all(isinstance(entry, dict) and "kind" in entry and "text" in entry
                for entry in observation["log"]),
        "legal_actions": isinstance(observation["legal_actions"], list)
        and all(isinstance(text, str) for text in observation["legal_actions"])
        and (not observation["legal_actions"] or observation["current_player"] == seat),
        "hand_sizes": per_seat_ints(observation["hand_sizes"]),
        "scores": per_seat_ints(observation["scores"]),
        "winners": isinstance(observation["winners"], list)
        and all(seat_or_none(winner) and winner is not None
                for winner in observation["winners"]),
    }
    return [f"has a wrong {key!r}: {observation[key]!r:.80}" for key, ok in checks.items()
            if not ok]
