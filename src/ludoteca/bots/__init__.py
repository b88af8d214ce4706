"""Bots that play any game through the engine contract: `make_bot(name, game)`."""

from ludoteca.bots.base import Bot, Budget, available_bots, make_bot
from ludoteca.bots.random_bot import RandomBot

__all__ = ["Bot", "Budget", "RandomBot", "available_bots", "make_bot"]
