"""Game records: the seed, the options and the actions as text; `replay` rebuilds every state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import JSON, Game
from ludoteca.core.registry import load

RECORD_KEYS = ("game", "options", "seed", "actions", "rules_version")


def make_record(
    game: Game[Any, Any], seed: int, action_texts: Sequence[str]
) -> dict[str, JSON]:
    """Return the record of a game played from `seed` with these canonical action texts."""
    return {
        "game": game.name,
        "options": dict(game.options),
        "seed": seed,
        "actions": list(action_texts),
        "rules_version": game.rules_version,
    }


def record_game(record: Mapping[str, JSON]) -> Game[Any, Any]:
    """Return the game a record was played with; StateFormatError if the record cannot be used."""
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        raise StateFormatError(f"record lacks {', '.join(missing)}")
    options = record["options"]
    if not isinstance(options, Mapping):
        raise StateFormatError("record options must be an object")
    try:
        game = load(str(record["game"]), **dict(options))
    except ValueError as error:
        raise StateFormatError(f"record names a game that cannot be loaded: {error}") from error
    if record["rules_version"] != game.rules_version:
        raise StateFormatError(
            f"record was made with rules version {record['rules_version']!r}, "
            f"this engine implements {game.rules_version!r}"
        )
    return game


def replay(record: Mapping[str, JSON], game: Game[Any, Any] | None = None) -> list[Any]:
    """Return every state of the recorded game, the initial one first.

    The game is loaded from the record's name and options unless `game` is given (for
    games outside the registry, such as test doubles).
    """
    if game is None:
        game = record_game(record)
    elif record.get("game") != game.name:
        raise StateFormatError(f"record is of {record.get('game')!r}, not of {game.name!r}")
    seed = record["seed"]
    if not isinstance(seed, int):
        raise StateFormatError(f"record seed must be an integer, got {seed!r}")
    state = game.initial_state(seed)
    states = [state]
    for index, text in enumerate(record["actions"]):
        try:
            state = game.apply(state, game.action_from_text(state, text))
        except ValueError as error:
            raise StateFormatError(f"record action {index + 1} ({text!r}): {error}") from error
        states.append(state)
    return states
