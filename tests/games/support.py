"""Helpers shared by the tests of every game: positions reached by seeded random play."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import Game
from ludoteca.core.registry import game_spec


def spec_encoder(game: Game[Any, Any]) -> Any:
    """Return the numeric observation encoder that the game's descriptor builds."""
    make = game_spec(game.name).observation_encoder
    assert make is not None, f"{game.name} has no numeric observation encoding"
    return make(game)


def reached_state(game: Game[Any, Any], seed: int, steps: int) -> Any:
    """Return the state after up to `steps` seeded random actions from `seed`."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def play_out(game: Game[Any, Any], names: list[str], seed: int) -> Any:
    """Return the final state of a game between the named bots (seat order as listed), each
    choice checked to be legal."""
    from ludoteca.bots import make_bot

    bots = [make_bot(name, game) for name in names]
    state = game.initial_state(seed)
    rng = random.Random(seed)
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        action = bots[seat].choose(game, state, seat, rng)
        assert action in game.legal_actions(state)
        state = game.apply(state, action)
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


def assert_refused_unchanged(
    game: Game[Any, Any], state: Any, action: Any, reason_words: tuple[str, ...]
) -> None:
    """Apply `action`; if it is illegal, assert it is refused with a reason naming one of
    `reason_words`; either way, assert `state` is unchanged (its JSON)."""
    before = game.to_json(state)  # type: ignore[attr-defined]
    if action in game.legal_actions(state):
        game.apply(state, action)
    else:
        try:
            game.apply(state, action)
        except IllegalActionError as error:
            assert any(word in str(error) for word in reason_words), str(error)
        else:
            raise AssertionError(f"illegal {action} was accepted")
    assert game.to_json(state) == before  # type: ignore[attr-defined]

