"""Small helpers that let Keezen rule tests read like the rulebook."""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.positions import position_text
from ludoteca.games.keezen.state import DiscardEvent


def keezen(players: int = 4, **options: Any) -> KeezenGame:
    """Return a Keezen game (4 players and default options unless told otherwise)."""
    game = ludoteca.load("keezen", players=players, **options)
    assert isinstance(game, KeezenGame)
    return game


def legal_texts(game: KeezenGame, position: str, seat: int, hand: str) -> set[str]:
    """Return the legal actions of `seat` holding `hand` in `position`, as notation."""
    # The state only carries the position: `hand_actions` judges the hand, which may hold
    # more cards than one deal gives.
    state = game.position_from_text(f"position: {position}\nhands: {seat}=A\nto move: {seat}")
    actions = game.hand_actions(state, seat, hand)
    return {game.action_to_text(state, action) for action in actions}


def state_at(game: KeezenGame, position: str, hands: dict[int, str], to_move: int) -> KeezenState:
    """Return a state with `position`, these hands, and `to_move` about to play."""
    return game.position_state(position, hands, to_move=to_move)


def play(game: KeezenGame, state: KeezenState, text: str) -> KeezenState:
    """Return the state after the action written `text`."""
    return game.apply(state, game.action_from_text(state, text))


def position(game: KeezenGame, state: KeezenState) -> str:
    """Return the position of `state` in notation (section 7.2)."""
    return position_text(game.board, state.pawns)


def discards(state: KeezenState) -> list[tuple[int, tuple[int, ...]]]:
    """Return (seat, cards) of every automatic hand-in in the log, in order."""
    return [(e.seat, e.cards) for e in state.events() if isinstance(e, DiscardEvent)]
