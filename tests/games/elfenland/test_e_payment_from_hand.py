"""A move must be paid from the hand the state holds now: after a hand is emptied by
`replace`, the move it paid for before is refused (the legal-action cache follows the fields;
every game's cache is checked in tests/plugin/test_legal_cache.py)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import ludoteca
from ludoteca.games.elfenland import ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.actions import Verb
from ludoteca.games.elfenland.state import Phase


def movement_state(game: ElfenlandGame, seed: int) -> ElfenlandState:
    """Return the first state of a seeded random game where the seat to act can move."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while state.phase != Phase.MOVEMENT or all(a.verb != Verb.MOVE for a in state.legal or ()):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def test_a_move_paid_from_an_emptied_hand_is_refused() -> None:
    game = ludoteca.load("elfenland", 3)
    state = movement_state(game, seed=5)
    move = next(a for a in game.legal_actions(state) if a.verb == Verb.MOVE)
    assert state.current is not None
    hands = list(state.hands)
    hands[state.current] = (0,) * 7
    emptied = replace(state, hands=tuple(hands))
    with pytest.raises(ludoteca.IllegalActionError):
        game.apply(emptied, move)
    assert all(sum(hand) >= 0 for hand in emptied.hands)
    assert game.legal_actions(emptied) == game.find_legal(emptied)
    assert all(action.verb != Verb.MOVE for action in game.legal_actions(emptied))
