"""The Thurn und Taxis heuristic bot: legal, deterministic, blind to hidden cards, sensible."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.thurn_und_taxis import TntGame, TntState
from ludoteca.games.thurn_und_taxis.bots import TntHeuristicBot
from tests.games.support import play_out
from tests.games.thurn_und_taxis.helpers import position, tnt


def choose_text(game: TntGame, state: TntState) -> str:
    """Return the heuristic bot's choice in `state` as text."""
    seat = state.current
    assert seat is not None
    action = TntHeuristicBot().choose(game, state, seat, random.Random(0))
    return game.action_to_text(state, action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_finish_by_the_rules(players: int) -> None:
    game = tnt(players, blind_draw=players == 3)
    state = play_out(game, ["heuristic"] * players, seed=players)
    assert state.end_reason in ("carriage_7", "last_house") and state.round < 60


def test_heuristic_beats_random_in_both_seat_orders() -> None:
    game = tnt(2)
    wins = 0
    for seed in range(10):
        first = play_out(game, ["heuristic", "random"], seed)
        second = play_out(game, ["random", "heuristic"], seed)
        wins += (first.ranks[0] == 1) + (second.ranks[1] == 1)
    assert wins == 20


def test_the_same_state_gives_the_same_choice() -> None:
    game = tnt(3)
    state = game.initial_state(8)
    for _ in range(40):
        seat = state.current
        assert seat is not None
        bot = TntHeuristicBot()
        first = bot.choose(game, state, seat, random.Random(1))
        assert bot.choose(game, state, seat, random.Random(2)) == first
        state = game.apply(state, first)


def test_the_bot_cannot_see_hidden_cards() -> None:
    game = tnt(2, blind_draw=True)
    state = game.initial_state(5)
    rng = random.Random(3)
    for _ in range(60):
        if game.is_terminal(state):
            break
        seat = state.current
        assert seat is not None
        bot = TntHeuristicBot()
        action = bot.choose(game, state, seat, rng)
        for _ in range(3):
            other = game.resample(state, seat, rng)
            assert bot.choose(game, other, seat, rng) == action
        state = game.apply(state, action)


def test_takes_the_card_that_extends_its_route() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD\nroutes: 0=AUG-MUE\n"
                           "display: [BAS BAS LIN PAS BUD FRE]")
    assert choose_text(game, state) == "T4:PAS"


def test_closes_when_the_next_carriage_is_reached() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: after_second_play\nofficial: PC\n"
                           "routes: 0=ULM-STU-NUE-ING\nhands: 0=REG\ncarriages: 0=3")
    assert choose_text(game, state).startswith("C")
    cartwright = position(game, "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE-ING\n"
                                "carriages: 0=3\nhands: 0=LOD")
    assert choose_text(game, cartwright) == "CW"


def test_places_the_houses_that_complete_a_region() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: after_cartwright\nofficial: CW\n"
                           "routes: 0=FRE-SIG-ULM\nhouses: 0=CAR,MAN,STU")
    assert choose_text(game, state) == "C*[FRE,SIG,ULM]"


def test_keeps_cards_that_link_up() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: after_close\nhands: 0=AUG,MUE,ING,LOD,BAS")
    assert choose_text(game, state) == "X[BAS,LOD]"
