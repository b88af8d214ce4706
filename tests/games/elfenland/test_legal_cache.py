"""The legal-action cache follows the fields: a state changed by `replace` is never stale."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.elfenland import ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.actions import Verb
from ludoteca.games.elfenland.state import Phase
from tests.games.support import reached_positions, reached_state

GAMES = {players: ludoteca.load("elfenland", players) for players in (2, 3, 6)}
FIELD_GROUPS = (("hands",), ("boots", "visited"), ("road_counter", "road_placer"))
"""Fields transplanted together, so that the state stays one a game could reach."""


def movement_state(game: ElfenlandGame, seed: int) -> ElfenlandState:
    """Return the first state of a seeded random game where the seat to act can move."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while state.phase != Phase.MOVEMENT or all(a.verb != Verb.MOVE for a in state.legal or ()):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def test_a_move_paid_from_an_emptied_hand_is_refused() -> None:
    game = GAMES[3]
    state = movement_state(game, seed=5)
    move = next(a for a in game.legal_actions(state) if a.verb == Verb.MOVE)
    assert state.current is not None
    hands = list(state.hands)
    hands[state.current] = (0,) * 7
    emptied = replace(state, hands=tuple(hands))
    with pytest.raises(ludoteca.IllegalActionError):
        game.apply(emptied, move)
    assert all(sum(hand) >= 0 for hand in emptied.hands)
    assert game.legal_actions(emptied) == game.moves.legal_actions(emptied)
    assert all(action.verb != Verb.MOVE for action in game.legal_actions(emptied))


reached = reached_positions(GAMES, max_steps=300)


@settings(max_examples=40, deadline=None)
@given(reached, st.integers(0, 2**31), st.integers(0, 300), st.sets(st.sampled_from(FIELD_GROUPS)))
def test_legal_actions_of_a_replaced_state_match_a_fresh_computation(
    position: tuple[ElfenlandGame, ElfenlandState], donor_seed: int, donor_steps: int,
    groups: set[tuple[str, ...]],
) -> None:
    game, state = position
    game.legal_actions(state)  # fill the cache that `replace` must not carry over
    donor = reached_state(game, donor_seed, donor_steps)
    assume(not game.is_terminal(donor))  # a finished game's pieces would end this one too
    changes = {name: getattr(donor, name) for group in groups for name in group}
    replaced = replace(state, **changes)
    legal = game.legal_actions(replaced)
    assert legal == game.moves.legal_actions(replaced)
    for action in state.legal or ():
        if action not in legal:
            with pytest.raises(ludoteca.IllegalActionError):
                game.apply(replaced, action)
