"""Position texts say every reachable state: finished games, every turn point, the end reason
and the reshuffle count; texts that are inconsistent are refused with the reason."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ludoteca import StateFormatError
from ludoteca.bots import make_bot
from ludoteca.core.chance import event_rng, shuffled
from ludoteca.games.thurn_und_taxis import TntGame, TntState
from ludoteca.games.thurn_und_taxis.state import EndEvent, Point
from tests.games.thurn_und_taxis.helpers import act, position, tnt

SIX = "display: [AUG BAS LIN PAS KEM MUE]\n"


def same_position(game: TntGame, state: TntState) -> TntState:
    """Assert the text of `state` reads back as `state` (its log aside: a text has no history)
    and is written again the same; return the state read."""
    text = game.position_to_text(state)
    again = game.position_from_text(text)
    assert replace(again, log=state.log) == state, text
    assert game.position_to_text(again) == text
    assert game.legal_actions(again) == game.legal_actions(state)
    return again


def random_game(game: TntGame, seed: int) -> list[TntState]:
    """Return every state of a seeded random game, the finished one last."""
    rng = random.Random(seed)
    states = [game.initial_state(seed)]
    while not game.is_terminal(states[-1]):
        states.append(game.apply(states[-1], rng.choice(game.legal_actions(states[-1]))))
    return states


def heuristic_game(game: TntGame, seed: int) -> list[TntState]:
    """Return every state of a seeded game between heuristic bots, the finished one last."""
    bot = make_bot("heuristic", game)
    rng = random.Random(seed)
    states = [game.initial_state(seed)]
    while (seat := states[-1].current) is not None:
        states.append(game.apply(states[-1], bot.choose(game, states[-1], seat, rng)))
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"blind_draw": True}])
def test_position_text_round_trips_every_reachable_state(
    players: int, options: dict[str, Any]
) -> None:
    # random games wander for hundreds of rounds: a round limit ends them (round_limit)
    limited = tnt(players, round_limit=8, **options)
    game = tnt(players, **options)
    points: set[Point] = set()
    reasons: set[str] = set()
    for owner, states in ((limited, random_game(limited, players)),
                          (game, heuristic_game(game, players)),
                          (game, heuristic_game(game, 10 + players))):
        for state in states:
            same_position(owner, state)
            points.add(state.point)
        assert states[-1].point == Point.OVER
        reasons.add(states[-1].end_reason)
    assert Point.OVER in points and len(points) >= 8
    assert "round_limit" in reasons and reasons & {"carriage_7", "last_house"}


def test_a_finished_game_is_point_over_with_nobody_to_move() -> None:
    game = tnt(3)
    final = heuristic_game(game, 4)[-1]
    text = game.position_to_text(final)
    assert "point: over" in text and "to move" not in text
    assert f"end reason: {final.end_reason}" in text
    again = same_position(game, final)
    assert game.returns(again) == game.returns(final) and game.is_terminal(again)
    end = again.log[-1][-1]
    assert isinstance(end, EndEvent) and end.ranks == final.ranks


def test_a_finished_game_read_from_text_ranks_the_seats() -> None:
    game = tnt(2)
    state = position(game, "point: over\ncarriages: 0=7 1=6\ngame end: 0\n"
                           "tiles: 1=outside_baiern:6")  # scores -9 and -7
    assert state.current is None and state.end_reason == "carriage_7"
    assert state.ranks == (2, 1) and game.returns(state) == (0.0, 1.0)
    assert not game.legal_actions(state)


def test_a_game_cut_by_the_round_limit() -> None:
    game = tnt(2, round_limit=2)
    state = position(game, "point: over\nround: 2")
    assert state.end_reason == "round_limit" and state.end_holder == -1
    assert state.ranks == (1, 1)  # tied players share their rank without a holder (§5)
    assert "end reason: round_limit" in game.position_to_text(state)


def test_the_end_reason_given_is_kept() -> None:
    # one close placed the last house and took the 7-carriage: the houses came first (T53)
    game = tnt(2)
    houses = "0=" + ",".join(game.board.city_codes[:20])
    text = f"to move: 1\nhouses: {houses}\ncarriages: 0=7\ngame end: 0\n"
    assert position(game, text).end_reason == "carriage_7"
    state = position(game, text + "end reason: last_house")
    assert state.end_reason == "last_house"
    assert "end reason: last_house" in game.position_to_text(state)


def test_reshuffles_says_which_shuffle_comes_next() -> None:
    game = tnt(2)
    state = position(game, "to move: 0\n" + SIX + "deck:\nseed: 5\nreshuffles: 2")
    assert state.reshuffles == 2 and state.deck == ()
    cards = [city for city, count in enumerate(state.discards) for _ in range(count)]
    after = act(game, state, "T1:AUG")  # the refill finds the deck empty (T13)
    expected = shuffled(cards, event_rng(5, "reshuffle", 2))
    assert after.reshuffles == 3 and after.display[0] == expected[0]
    assert after.deck == tuple(expected[1:])
    assert "reshuffles: 3" in game.position_to_text(after)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("point: over\nto move: 0\ngame end: 0\ncarriages: 0=7", "nobody to move"),
        ("point: over", "neither"),
        ("round: 2\npoint: finished", "point must be one of"),
        ("to move: 0\nend reason: soon", "end reason must be one of"),
        ("to move: 0\nend reason: round_limit", "round_limit is for a finished game"),
        ("point: over\ngame end: 0\ncarriages: 0=7\nend reason: round_limit",
         "in which nobody took the game-end tile"),
        ("to move: 0\nend reason: carriage_7", "needs the seat that took the game-end tile"),
        ("to move: 0\ngame end: 1\nend reason: carriage_7", "seat 1 .* has no 7-carriage"),
        ("to move: 0\ngame end: 0\nend reason: last_house", "still has 20 houses"),
        ("to move: 0\nreshuffles: many", "reshuffles must be a number"),
    ],
)
def test_inconsistent_texts_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        position(tnt(), text)


def test_rounds_past_the_round_limit_are_refused() -> None:
    game = tnt(2, round_limit=3)
    with pytest.raises(StateFormatError, match="round 4 is past the last round, 3"):
        position(game, "to move: 0\nround: 4")
    with pytest.raises(StateFormatError, match="point: over in round 2 has neither"):
        position(game, "point: over\nround: 2")
    assert position(game, "point: over\nround: 3").end_reason == "round_limit"
