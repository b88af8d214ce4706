"""Helpers that let Thurn und Taxis rule tests read like the rules document.

Seats: the document numbers seats 1..N, the engine 0..N-1, so the document's seat k is
engine seat k - 1 (docs/rules/thurn_und_taxis.md, "Seats").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import ludoteca
from ludoteca.games.thurn_und_taxis import TntGame, TntState
from ludoteca.games.thurn_und_taxis.state import NONE


def tnt(players: int = 2, **options: Any) -> TntGame:
    """Return a Thurn und Taxis game (2 players and default options unless told otherwise)."""
    game = ludoteca.load("thurn_und_taxis", players=players, **options)
    assert isinstance(game, TntGame)
    return game


def position(game: TntGame, text: str) -> TntState:
    """Return the position a text describes (`positions` module)."""
    return game.position_from_text(text)


def legal(game: TntGame, state: TntState) -> set[str]:
    """Return the legal actions of `state` as a set of canonical texts."""
    return {game.action_to_text(state, action) for action in game.legal_actions(state)}


def act(game: TntGame, state: TntState, *tokens: str) -> TntState:
    """Return the state after the tokens, each parsed in the state it is played in."""
    for token in tokens:
        state = game.apply(state, game.action_from_text(state, token))
    return state


def codes(game: TntGame, cities: Iterable[int]) -> list[str]:
    """Return city codes of city ids."""
    return [game.board.city_codes[city] for city in cities]


def display(game: TntGame, state: TntState) -> str:
    """Return the display in the document's notation, e.g. `[_ PAS KEM MUE NUE REG]`."""
    return "[" + " ".join("_" if c == NONE else game.board.city_codes[c]
                          for c in state.display) + "]"


def hand(game: TntGame, state: TntState, seat: int) -> str:
    """Return a seat's hand as sorted codes joined by commas."""
    return game.board.cards_text(state.hands[seat])


def route(game: TntGame, state: TntState, seat: int) -> str:
    """Return a seat's route as `A-B-C`."""
    return game.board.route_text(state.routes[seat])


def houses_elsewhere(game: TntGame, seat: int, number: int, avoid: Iterable[str]) -> str:
    """Return a `houses:` item placing `number` houses on cities not in `avoid`."""
    avoided = set(avoid)
    cities = [code for code in game.board.city_codes if code not in avoided][:number]
    assert len(cities) == number
    return f"{seat}=" + ",".join(cities)


def deck_to_hand(game: TntGame, state: TntState, seat: int) -> TntState:
    """Return `state` with the whole deck moved into `seat`'s hand (an exhausted deck)."""
    hand_cards = list(state.hands[seat])
    for city in state.deck:
        hand_cards[city] += 1
    hands = (*state.hands[:seat], tuple(hand_cards), *state.hands[seat + 1:])
    return game.from_json(game.to_json(replace(state, deck=(), hands=hands)))


def tiles(game: TntGame, state: TntState, seat: int) -> list[tuple[str, int]]:
    """Return a seat's bonus tiles as (stack id, value), in the order taken."""
    return [(game.board.stacks[stack].id, value) for stack, value in state.tiles[seat]]


def finish_turn(game: TntGame, state: TntState) -> TntState:
    """Return the state after the seat to act plays the first legal action until its turn ends."""
    seat = state.current
    while state.current == seat:
        state = game.apply(state, game.legal_actions(state)[0])
    return state
