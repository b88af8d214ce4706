"""The random bot: a uniformly random legal action (any game)."""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.core.players import Budget


class RandomBot:
    """Plays a legal action drawn uniformly with the caller's generator."""

    name = "random"

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        """Return a uniformly random legal action."""
        legal = game.legal_actions(state)
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        return legal[rng.randrange(len(legal))]
