"""Helpers shared by the tests of every game: positions reached by seeded random play."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

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


def reached_positions(games: Mapping[int, Game[Any, Any]], max_steps: int) -> Any:
    """Return a hypothesis strategy of (game, state): a player count from `games`, then up to
    `max_steps` seeded random actions."""
    return st.builds(
        lambda players, seed, steps: (games[players], reached_state(games[players], seed, steps)),
        st.sampled_from(sorted(games)),
        st.integers(0, 2**31),
        st.integers(0, max_steps),
    )
