"""Known-answer tests of the Keezen heuristic bot (DESIGN.md §3)."""

from __future__ import annotations

import random

from ludoteca.bots import RandomBot, make_bot
from ludoteca.games.keezen.bots import KeezenHeuristicBot
from tests.games.keezen.helpers import keezen, state_at


def choice_text(position: str, hand: str, players: int = 4, seed: int = 0) -> str:
    """Return the heuristic bot's choice for seat 0 holding `hand`, as notation."""
    game = keezen(players)
    state = state_at(game, position, {0: hand}, to_move=0)
    action = KeezenHeuristicBot().choose(game, state, 0, random.Random(seed))
    return game.action_to_text(state, action)


def test_registered_as_keezen_heuristic() -> None:
    bot = make_bot("heuristic", keezen())
    assert isinstance(bot, KeezenHeuristicBot)
    assert bot.name == "heuristic"


def test_returns_a_legal_action_throughout_a_game() -> None:
    game = keezen(4)
    bot = KeezenHeuristicBot()
    rng = random.Random(3)
    state = game.initial_state(3)
    for _ in range(200):
        if state.current is None:
            break
        action = bot.choose(game, state, state.current, rng)
        assert action in game.legal_actions(state)
        state = game.apply(state, action)


def test_same_seed_same_choice() -> None:
    # The two orders of the best split 7 give the same position: a tie that rng breaks.
    game = keezen(4)
    state = state_at(game, "0:20,40,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", {0: "7"}, to_move=0)
    choices = set()
    for seed in range(10):
        first = KeezenHeuristicBot().choose(game, state, 0, random.Random(seed))
        again = KeezenHeuristicBot().choose(game, state, 0, random.Random(seed))
        assert first == again
        choices.add(game.action_to_text(state, first))
    assert choices == {"7: 20-22, 40-45", "7: 40-45, 20-22"}


def test_captures_an_opponent_when_clearly_best() -> None:
    assert choice_text("0:10,s,s,s 1:15,s,s,s 2:s,s,s,s 3:s,s,s,s", "5,3") == "5: 10-15x"


def test_moves_into_the_home_lane_rather_than_a_neutral_move() -> None:
    assert choice_text("0:20,60,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", "6") == "6: 60-h0.2"


def test_avoids_capturing_its_partner() -> None:
    assert choice_text("0:10,s,s,s 1:s,s,s,s 2:15,s,s,s 3:s,s,s,s", "5,3") == "3: 10-13"


def test_plays_the_last_pawn_home_to_win() -> None:
    position = "0:61,h1,h2,h3 1:s,s,s,s 2:h0,h1,h2,h3 3:s,s,s,s"
    assert choice_text(position, "A,2,3") == "3: 61-h0.0"
    assert choice_text("0:29,h1,h2,h3 1:5,s,s,s", "A,3,9", players=2) == "3: 29-h0.0"


def test_enters_with_an_ace_rather_than_stepping_one() -> None:
    assert choice_text("0:20,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", "A") == "A: s-0"


def test_does_not_read_other_hands() -> None:
    game = keezen(4)
    position = "0:10,30,s,s 1:15,40,s,s 2:5,s,s,s 3:50,s,s,s"
    bot = KeezenHeuristicBot()
    choices = set()
    others = ("2,4,6,8", "9,10,Q,K", "A,A,2,4")
    for shift in range(3):
        hands = {0: "3,5,7,J"} | {seat: others[(seat + shift) % 3] for seat in (1, 2, 3)}
        state = state_at(game, position, hands, to_move=0)
        choices.add(game.action_to_text(state, bot.choose(game, state, 0, random.Random(1))))
    assert len(choices) == 1


def test_beats_the_random_bot_in_two_player_games() -> None:
    game = keezen(2)
    heuristic, randomly = KeezenHeuristicBot(), RandomBot()
    wins = 0
    for seed in range(20):
        me = seed % 2
        rngs = (random.Random(seed), random.Random(seed + 100))
        state = game.initial_state(seed)
        while state.current is not None:
            seat = state.current
            bot = heuristic if seat == me else randomly
            state = game.apply(state, bot.choose(game, state, seat, rngs[seat]))
        wins += me in state.winners
    assert wins >= 16
