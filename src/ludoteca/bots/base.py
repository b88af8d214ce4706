"""The bot interface (DESIGN.md §3) and the registry of bots by name."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Protocol

from ludoteca.core.game import Game, Seat


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking a bot may do for one decision: iterations, seconds, or both."""

    iterations: int | None = None
    seconds: float | None = None


class Bot(Protocol):
    """A player: picks one of the legal actions for `seat`, using only what `seat` may know."""

    name: str

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        """Return a legal action for `seat`, the player to move in `state`."""
        ...


# Bot name -> "module:factory"; per-game heuristics are looked up as "<game>:heuristic".
_BOTS: dict[str, str] = {
    "random": "ludoteca.bots.random_bot:RandomBot",
    "elfenland:heuristic": "ludoteca.games.elfenland.bots:ElfenlandHeuristicBot",
    "keezen:heuristic": "ludoteca.games.keezen.bots:KeezenHeuristicBot",
}


def available_bots(game_name: str) -> tuple[str, ...]:
    """Return the bot names `make_bot` accepts for the game `game_name`."""
    names = [name for name in _BOTS if ":" not in name]
    names += [name.split(":", 1)[1] for name in _BOTS if name.startswith(f"{game_name}:")]
    return tuple(sorted(names))


def make_bot(name: str, game: Game[Any, Any]) -> Bot:
    """Return a new bot called `name` for `game`; ValueError if there is no such bot."""
    target = _BOTS.get(f"{game.name}:{name}") or _BOTS.get(name)
    if target is None:
        known = ", ".join(available_bots(game.name))
        raise ValueError(f"no bot {name!r} for {game.name}; available: {known}")
    module_name, factory_name = target.split(":")
    factory = getattr(importlib.import_module(module_name), factory_name)
    bot: Bot = factory()
    return bot
