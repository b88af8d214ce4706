"""The legal-action cache follows the fields: a state changed by `replace` is never stale."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.cards import ACE
from ludoteca.games.keezen.notation import parse_hand
from tests.games.keezen.helpers import keezen, state_at
from tests.games.support import reached_positions, reached_state

START = "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
GAMES = {players: keezen(players) for players in (2, 4, 6)}
FIELD_GROUPS = (("hands",), ("squares", "pawns"))
"""Fields transplanted together, so that the state stays one a game could reach."""


def fresh_legal(game: KeezenGame, state: KeezenState) -> tuple[object, ...]:
    """Return the legal actions of `state` computed by the move generator, no cache involved."""
    if state.current is None:
        return ()
    seat = state.current
    return game.moves.legal_actions(state.squares, state.pawns, seat, state.hands[seat])


def test_a_card_taken_out_of_the_hand_by_replace_cannot_be_played() -> None:
    game = GAMES[4]
    state = state_at(game, START, {0: "A,2,3,4,5"}, to_move=0)
    ace_out = next(a for a in game.legal_actions(state) if a.card == ACE)
    hands = list(state.hands)
    hands[0] = parse_hand("2,3")
    replaced = replace(state, hands=tuple(hands))
    assert game.legal_actions(replaced) == fresh_legal(game, replaced) == ()
    with pytest.raises(ludoteca.IllegalActionError):
        game.apply(replaced, ace_out)


reached = reached_positions(GAMES, max_steps=300)


@settings(max_examples=40, deadline=None)
@given(reached, st.integers(0, 2**31), st.integers(0, 300), st.sets(st.sampled_from(FIELD_GROUPS)))
def test_legal_actions_of_a_replaced_state_match_a_fresh_computation(
    position: tuple[KeezenGame, KeezenState], donor_seed: int, donor_steps: int,
    groups: set[tuple[str, ...]],
) -> None:
    game, state = position
    game.legal_actions(state)  # fill the cache that `replace` must not carry over
    donor = reached_state(game, donor_seed, donor_steps)
    assume(not game.is_terminal(donor))  # a finished game's pieces would end this one too
    changes = {name: getattr(donor, name) for group in groups for name in group}
    replaced = replace(state, **changes)
    legal = game.legal_actions(replaced)
    assert legal == fresh_legal(game, replaced)
    for action in state.legal or ():
        if action not in legal:
            with pytest.raises(ludoteca.IllegalActionError):
                game.apply(replaced, action)
