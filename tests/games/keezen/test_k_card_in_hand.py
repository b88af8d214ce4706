"""Only a card in the hand can be played: a card taken out of the hand by `replace` is refused
(the legal-action cache follows the fields; every game's cache is checked in
tests/plugin/test_legal_cache.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ludoteca
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.cards import ACE, parse_hand
from tests.games.keezen.helpers import keezen, state_at

START = "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def fresh_legal(game: KeezenGame, state: KeezenState) -> tuple[object, ...]:
    """Return the legal actions of `state` computed by the move generator, no cache involved."""
    if state.current is None:
        return ()
    seat = state.current
    return game.moves.legal_actions(state.squares, state.pawns, seat, state.hands[seat])


def test_a_card_taken_out_of_the_hand_by_replace_cannot_be_played() -> None:
    game = keezen(4)
    state = state_at(game, START, {0: "A,2,3,4,5"}, to_move=0)
    ace_out = next(a for a in game.legal_actions(state) if a.card == ACE)
    hands = list(state.hands)
    hands[0] = parse_hand("2,3")
    replaced = replace(state, hands=tuple(hands))
    assert game.legal_actions(replaced) == fresh_legal(game, replaced) == ()
    with pytest.raises(ludoteca.IllegalActionError):
        game.apply(replaced, ace_out)
