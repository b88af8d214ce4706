"""The player contract (DESIGN.md §3): a bot picks an action for its seat within a budget.

It lives in `core` so that a game package can declare and implement its own bots without
importing the generic bots layer above it.
"""

from __future__ import annotations

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
