"""The registry of games: every package under `ludoteca.games` with a `spec.py` declaring SPEC,
every `GameSpec` a plug-in declares in the entry point group `ludoteca.games`, and any spec a
program adds with `register_game`.

Adding a game is adding its package (or a plug-in distribution): nothing here names a game.
Only the light `spec` module of a game is imported to list or load it, so loading one game
never pays for the others.

A plug-in distribution declares its game in its own `pyproject.toml`; the entry point's name is
the registry name and its object is the `GameSpec`:

    [project.entry-points."ludoteca.games"]
    my_game = "my_game.spec:SPEC"

A built-in package of the same name wins over a plug-in. `register_game(spec)` adds a spec
without a distribution (tests, notebooks) until `unregister_game(spec.name)`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.spec import GameSpec

# The package whose sub-packages are the games. Core reads only its folder listing, by name,
# and never imports a game's rules.
GAMES_PACKAGE = "ludoteca.games"
ENTRY_POINT_GROUP = "ludoteca.games"
"""The entry point group in which a plug-in distribution declares its `GameSpec`."""

_registered: dict[str, GameSpec] = {}
"""Specs added by `register_game`, by name."""


@cache
def available_games() -> tuple[str, ...]:
    """Return the registry names of every game that `load` accepts, sorted."""
    return tuple(sorted({*_package_games(), *_plugin_entry_points(), *_registered}))


@cache
def game_spec(name: str) -> GameSpec:
    """Return the descriptor of game `name`; ValueError if there is no such game."""
    if name not in available_games():
        known = ", ".join(available_games())
        raise ValueError(f"unknown game {name[:40]!r}; available games: {known}")
    if name in _package_games():
        source = f"{GAMES_PACKAGE}.{name}.spec.SPEC"
        spec = importlib.import_module(f"{GAMES_PACKAGE}.{name}.spec").SPEC
    elif name in _registered:
        source, spec = "register_game", _registered[name]
    else:
        entry = _plugin_entry_points()[name]
        source, spec = f"entry point {entry.value!r}", entry.load()
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise TypeError(f"{source} must be the GameSpec named {name!r}")
    return spec


def load(name: str, players: int | None = None, **options: Any) -> Game[Any, Any]:
    """Return the game `name` for `players` seats; ValueError if unknown or invalid."""
    if not isinstance(name, str):
        raise ValueError(f"a game name is a string, got {type(name).__name__}")
    return game_spec(name).load(players, **options)


def register_game(spec: GameSpec) -> None:
    """Add `spec` to the registry (for tests and embedding programs; a distribution uses the
    entry point group instead); ValueError if a game of that name is already registered."""
    if spec.name in available_games():
        raise ValueError(f"a game named {spec.name!r} is already registered")
    _registered[spec.name] = spec
    refresh()


def unregister_game(name: str) -> None:
    """Remove a game added by `register_game`; KeyError if it was not added so."""
    del _registered[name]
    refresh()


def refresh() -> None:
    """Forget what the registry has read, so that it lists the games anew (after a plug-in
    distribution is installed or removed in a running process)."""
    for cached in (available_games, game_spec, _package_games, _plugin_entry_points):
        cached.cache_clear()


@cache
def _package_games() -> frozenset[str]:
    folder = importlib.import_module(GAMES_PACKAGE).__path__
    return frozenset(module.name for module in pkgutil.iter_modules(folder) if module.ispkg)


@cache
def _plugin_entry_points() -> dict[str, EntryPoint]:
    return {entry.name: entry for entry in entry_points(group=ENTRY_POINT_GROUP)}
