"""Bots that play any game through the engine contract: `make_bot(name, game)`."""

from ludoteca.bots.base import GENERIC_BOTS, Bot, Budget, available_bots, bot_specs, make_bot
from ludoteca.bots.ismcts import ISMCTSBot, SearchResult
from ludoteca.bots.random_bot import RandomBot

__all__ = [
    "GENERIC_BOTS", "Bot", "Budget", "ISMCTSBot", "RandomBot", "SearchResult", "available_bots",
    "bot_specs", "make_bot",
]
