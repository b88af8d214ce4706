"""Bots named on the command line as `name[:budget]`: `ismcts:0.2s`, `ismcts:500`, `heuristic`.

A budget is seconds when it ends in `s` and iterations when it is a whole number. The text is
parsed once into a `Contestant`, which knows its canonical label and makes a bot that always
thinks within its budget.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import Any

from ludoteca.bots import Bot, Budget, make_bot
from ludoteca.core import Game, Seat

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_SECONDS = re.compile(r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)s")
_ITERATIONS = re.compile(r"[0-9]+")
MAX_TEXT = 60  # longer text is never a bot spec; error messages quote at most this much


def parse_bot_spec(text: str) -> tuple[str, Budget | None]:
    """Return the bot name and budget of `name[:budget]`; ValueError saying why if malformed."""
    shown = repr(text[:MAX_TEXT])
    name, sep, budget_part = text.strip().partition(":")
    if not _NAME.fullmatch(name):
        raise ValueError(
            f"bad bot {shown}: a bot is name[:budget], the name in lower case "
            "(e.g. heuristic, ismcts:500, ismcts:0.2s)"
        )
    if not sep:
        return name, None
    if seconds := _SECONDS.fullmatch(budget_part):
        value = float(seconds.group(1))
        if value <= 0 or not math.isfinite(value):
            raise ValueError(f"bad bot {shown}: a budget in seconds must be positive")
        return name, Budget(seconds=value)
    if _ITERATIONS.fullmatch(budget_part):
        if int(budget_part) < 1:
            raise ValueError(f"bad bot {shown}: a budget in iterations must be at least 1")
        return name, Budget(iterations=int(budget_part))
    raise ValueError(
        f"bad bot {shown}: the budget after ':' is iterations (500) or seconds (0.2s)"
    )


def budget_text(budget: Budget | None) -> str:
    """Return the `:budget` suffix that `parse_bot_spec` reads back into `budget` ('' for none)."""
    if budget is None:
        return ""
    if budget.iterations is not None and budget.seconds is None:
        return f":{budget.iterations}"
    if budget.seconds is not None and budget.iterations is None:
        return f":{budget.seconds:g}s"
    raise ValueError(f"a bot spec holds iterations or seconds, not both: {budget}")


@dataclass(frozen=True, slots=True)
class Contestant:
    """A bot as named on the command line: its name and thinking budget."""

    name: str
    budget: Budget | None = None

    @classmethod
    def parse(cls, text: str) -> Contestant:
        """Return the contestant `name[:budget]` names; ValueError if the text is malformed."""
        return cls(*parse_bot_spec(text))

    @property
    def label(self) -> str:
        """Return the canonical `name[:budget]` text (it parses back to this contestant)."""
        return self.name + budget_text(self.budget)

    def make(self, game: Game[Any, Any]) -> Bot:
        """Return a new bot for `game` that thinks within this budget; ValueError if unknown."""
        return BudgetedBot(make_bot(self.name, game), self.budget, self.label)


class BudgetedBot:
    """A bot that passes its fixed budget to every decision (the match loop passes none)."""

    __slots__ = ("bot", "budget", "name")

    def __init__(self, bot: Bot, budget: Budget | None, name: str) -> None:
        self.bot = bot
        self.budget = budget
        self.name = name

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        """Return the wrapped bot's action, thought over with this bot's budget."""
        return self.bot.choose(game, state, seat, rng, budget or self.budget)


def parse_contestants(text: str) -> tuple[Contestant, ...]:
    """Return the contestants of a comma-separated list; ValueError for an empty or bad one."""
    parts = [part.strip() for part in text.split(",")]
    if not text.strip() or not all(parts):
        raise ValueError(f"bots must be a comma-separated list of name[:budget], got {text!r}")
    return tuple(Contestant.parse(part) for part in parts)
