"""`apply` leaves in the next state the legal actions it already computed (a girl step's moves,
a card step's takes), so that `legal_actions` need not compute them again: at every step of
seeded random games, for every player count and option, they equal a fresh computation."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import sp

MIXES: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (4, {"boundary_side_cost": "adjacent"}),
    (5, {"five_player_girls": 8}),
    (3, {"terrain_split": "uniform"}),
    (2, {"stall_guard_rounds": 1}),
    (3, {"stall_guard_rounds": None}),
    (3, {"route_start": "centre"}),
    (5, {"route_start": "centre", "boundary_side_cost": "adjacent"}),
]
GAMES = 2


@pytest.mark.parametrize(("players", "options"), MIXES)
def test_the_legal_actions_apply_leaves_equal_a_fresh_computation(
    players: int, options: dict[str, Any]
) -> None:
    game = sp(players, **options)
    rng = random.Random(f"legal cache {players} {options}")
    cached_steps: set[Step] = set()
    for seed in range(GAMES):
        state = game.initial_state(seed)
        while True:
            cached = state.legal  # what `apply` left, before anything asks
            exact = game.find_legal(state)
            if cached is not None:
                assert cached == exact, (seed, state.step)
                cached_steps.add(state.step)
            if not exact:
                break
            state = game.apply(state, exact[rng.randrange(len(exact))])
    assert {Step.GIRL, Step.CARDS} <= cached_steps
