"""Helpers shared by the tests of every game: positions reached by seeded random play."""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core.game import Game


def reached_state(game: Game[Any, Any], seed: int, steps: int) -> Any:
    """Return the state after up to `steps` seeded random actions from `seed`."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state
