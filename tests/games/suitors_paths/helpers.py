"""Helpers that let Suitors' Paths rule tests read like the rules document.

Players: the document's examples name them A, B, C, D (seats 1..4); the engine numbers seats
0..n-1, so A is engine seat 0 (docs/rules/suitors_paths.md, "Decisions of this implementation").
Positions are built with the game's `position_from_text` (the `positions` module).
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.suitors_paths import SpGame, SpState

A, B, C, D, E = range(5)
EXAMPLE_BOARD = "board: GGBY YGGRR GYBKYR KRGRB BYGK\n"
"""The 4-player example board of §7 (rows r0..r4)."""
EXAMPLE_SUITORS = "suitors: C=2,1 D=4,1 B=1,3 A=3,3\nturn order: C D B A\n"
"""The suitors and turn order after the auctions of E18."""


def sp(players: int = 4, **options: Any) -> SpGame:
    """Return a Suitors' Paths game (4 players and default options unless told otherwise)."""
    game = ludoteca.load("suitors_paths", players=players, **options)
    assert isinstance(game, SpGame)
    return game


def example(game: SpGame, text: str) -> SpState:
    """Return a position on the example board with the E18 suitors, plus the facts in `text`."""
    return game.position_from_text(EXAMPLE_BOARD + EXAMPLE_SUITORS + text)


def legal(game: SpGame, state: SpState) -> set[str]:
    """Return the legal actions of `state` as a set of canonical texts."""
    return {game.action_to_text(state, action) for action in game.legal_actions(state)}


def act(game: SpGame, state: SpState, *texts: str) -> SpState:
    """Return the state after the actions, each parsed in the state it is played in."""
    for text in texts:
        state = game.apply(state, game.action_from_text(state, text))
    return state


def stack_on(game: SpGame, state: SpState, hex_name: str) -> tuple[int, ...] | None:
    """Return the stack of the girl on `hex_name` (None if no girl stands there)."""
    board = game.board
    return state.girls[board.path_index[board.hex_by_name[hex_name]]]


def hand(state: SpState, seat: int) -> str:
    """Return a seat's hand as letters in the canonical order."""
    return "".join(letter * count for letter, count in zip("GYRKBM", state.hands[seat],
                                                           strict=True))
