"""The registry of games: every package under `ludoteca.games` with a `spec.py` declaring SPEC.

Adding a game is adding its package: nothing here names a game. Only the light `spec` module
of a game is imported to list or load it, so loading one game never pays for the others.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.spec import GameSpec

# The package whose sub-packages are the games. Core reads only its folder listing, by name,
# and never imports a game's rules.
GAMES_PACKAGE = "ludoteca.games"


@cache
def available_games() -> tuple[str, ...]:
    """Return the registry names of every game that `load` accepts, sorted."""
    folder = importlib.import_module(GAMES_PACKAGE).__path__
    return tuple(sorted(module.name for module in pkgutil.iter_modules(folder) if module.ispkg))


@cache
def game_spec(name: str) -> GameSpec:
    """Return the descriptor of game `name`; ValueError if there is no such game."""
    if name not in available_games():
        known = ", ".join(available_games())
        raise ValueError(f"unknown game {name[:40]!r}; available games: {known}")
    spec = importlib.import_module(f"{GAMES_PACKAGE}.{name}.spec").SPEC
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise TypeError(f"{GAMES_PACKAGE}.{name}.spec.SPEC must be the GameSpec named {name!r}")
    return spec


def load(name: str, players: int | None = None, **options: Any) -> Game[Any, Any]:
    """Return the game `name` for `players` seats; ValueError if unknown or invalid."""
    if not isinstance(name, str):
        raise ValueError(f"a game name is a string, got {type(name).__name__}")
    return game_spec(name).load(players, **options)
