"""The bots on offer for a game: the generic ones here, and those its `GameSpec` declares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.bots.ismcts import ISMCTSBot
from ludoteca.bots.random_bot import RandomBot
from ludoteca.core.game import Game
from ludoteca.core.players import Bot, Budget
from ludoteca.core.registry import game_spec
from ludoteca.core.spec import BotSpec

GENERIC_BOTS: tuple[BotSpec, ...] = (
    BotSpec(
        "random", 0,
        "Plays any legal move at random, without a plan: easy to beat, for learning the rules.",
        RandomBot,
    ),
    BotSpec(
        "ismcts", 2,
        "Searches ahead by playing many imagined games from what it can see, guessing the hidden "
        "cards anew each time (information-set Monte Carlo tree search).",
        ISMCTSBot,
    ),
)
"""Bots that play every game through the engine contract alone."""

UNOFFERED_BOTS: tuple[BotSpec, ...] = (
    BotSpec(
        "ismcts_net", 2,
        "The search scoring its positions with the game's learned value network where one is "
        "shipped: for measuring the network in the arena before any level uses it.",
        lambda: ISMCTSBot(value_net=True),
    ),
    BotSpec(
        "ismcts_margin", 2,
        "The search keeping the heuristic's move unless another's mean beats it by the game's "
        "fixed margin (the rule before the paired test): for the ablation in docs/bots.md.",
        lambda: ISMCTSBot(override="margin"),
    ),
)
"""Bots `make_bot` makes for experiments (the arena, simulate) that no lobby offers."""

__all__ = ["GENERIC_BOTS", "Bot", "Budget", "available_bots", "bot_specs", "make_bot"]


def bot_specs(game_name: str) -> tuple[BotSpec, ...]:
    """Return every bot that plays `game_name`, weakest first (then by name)."""
    bots = GENERIC_BOTS + game_spec(game_name).bots
    return tuple(sorted(bots, key=lambda bot: (bot.level, bot.name)))


def available_bots(game_name: str) -> tuple[str, ...]:
    """Return the bot names `make_bot` accepts for the game `game_name`, sorted."""
    return tuple(sorted(bot.name for bot in bot_specs(game_name)))


def make_bot(name: str, game: Game[Any, Any]) -> Bot:
    """Return a new bot called `name` for `game`; ValueError if there is no such bot."""
    factory: Callable[[], Bot] | None = next(
        (bot.make for bot in bot_specs(game.name) + UNOFFERED_BOTS if bot.name == name), None
    )
    if factory is None:
        known = ", ".join(available_bots(game.name))
        raise ValueError(f"no bot {name[:40]!r} for {game.name}; available: {known}")
    return factory()
