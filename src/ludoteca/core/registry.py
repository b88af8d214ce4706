"""The registry of games: `load(name, players, **options)` and `available_games()`."""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.core.game import Game

# Registry name -> module exposing `make_game(players, **options)`. Imported lazily so that
# loading one game never pays for the others.
_GAME_MODULES: dict[str, str] = {
    "elfenland": "ludoteca.games.elfenland",
    "keezen": "ludoteca.games.keezen",
}


def available_games() -> tuple[str, ...]:
    """Return the registry names of every game that `load` accepts, sorted."""
    return tuple(sorted(_GAME_MODULES))


def load(name: str, players: int | None = None, **options: Any) -> Game[Any, Any]:
    """Return the game `name` for `players` seats; ValueError if unknown or invalid."""
    module_name = _GAME_MODULES.get(name)
    if module_name is None:
        known = ", ".join(available_games())
        raise ValueError(f"unknown game {name!r}; available games: {known}")
    module = importlib.import_module(module_name)
    game: Game[Any, Any] = module.make_game(players, **options)
    return game
