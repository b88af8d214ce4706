"""Public positions (`position_from_text` / `position_to_text`), `from_json` validation and the
observation's `end_reason` (K53–K56)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.errors import StateFormatError
from ludoteca.games.keezen import KeezenGame
from tests.games.corrupt import assert_loads_safely_or_refuses, corrupted
from tests.games.keezen.helpers import keezen, play
from tests.games.support import reached_state

GAMES = {players: keezen(players) for players in (2, 4, 6)}


def legal(game: KeezenGame, text: str) -> set[str]:
    """Return the legal actions of the position written `text`, as notation."""
    state = game.position_from_text(text)
    return {game.action_to_text(state, action) for action in game.legal_actions(state)}


# -- positions from the worked examples ---------------------------------------------------------


def test_w4_protected_start_square_from_text() -> None:
    game = ludoteca.load("keezen", players=4)
    text = """
        # W4: seat 1's pawn on its start square 16 blocks passing and landing
        position: 0:11,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s
        hands: 0=A,4,5,6
        to move: 0
    """
    assert legal(game, text) == {"A: s-0", "A: 11-12", "4: 11-7"}


def test_w18_finished_player_moves_partner_pawns_from_text() -> None:
    game = ludoteca.load("keezen", players=4)
    text = (
        "position: 0:h0,h1,h2,h3 1:s,s,s,s 2:40,s,s,s 3:s,s,s,s\n"
        "hands: 0=5,K 1=2,3 2=4 3=-\n"
        "to move: 0\n"
        "dealer: 3\n"
        "deal: 2\n"
        "seed: 7"
    )
    assert legal(game, text) == {"K: s-32", "5: 40-45"}
    state = game.position_from_text(text)
    assert (state.deal, state.dealer, state.seed) == (2, 3, 7)
    assert len(state.pack) == 16  # the third deal of the cycle is still to come


def test_w19_jack_restrictions_with_a_queen_from_text() -> None:
    game = ludoteca.load("keezen", players=4)
    text = """
        position: 0:0,20,s,s 1:16,25,h3,s 2:5,s,s,s 3:32,s,s,s
        hands: 0=J,Q
        to move: 0
    """
    assert legal(game, text) == {"J: 20<>5", "J: 20<>25", "J: 20<>32", "Q: 0-12", "Q: 20-32x"}


def test_w22_two_player_long_track_from_text() -> None:
    game = ludoteca.load("keezen", players=2, two_player_track=64)
    assert legal(game, "position: 0:s,s,s,s 1:30,s,s,s\nhands: 1=5\nto move: 1") == {
        "5: 30-h1.3"
    }


def test_w1_a_seat_to_move_that_cannot_play_hands_in() -> None:
    game = ludoteca.load("keezen", players=4)
    state = game.position_from_text(
        "position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\n"
        "hands: 0=2,3,4,6,8 1=3,4,7,9,Q 2=2,5,5,J,K 3=2,3,4,5,6\n"
        "to move: 1\ndealer: 0"
    )
    assert state.current == 2 and state.hands[1] == ()
    assert {game.action_to_text(state, a) for a in game.legal_actions(state)} == {"K: s-32"}


# -- round trip -----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2, 4, 6]), st.integers(0, 2**31), st.integers(0, 200))
def test_position_text_round_trip(players: int, seed: int, steps: int) -> None:
    game = GAMES[players]
    state = reached_state(game, seed, steps)
    text = game.position_to_text(state)
    again = game.position_from_text(text)
    assert (again.pawns, again.hands, again.current, again.dealer, again.deal, again.seed) == (
        state.pawns, state.hands, state.current, state.dealer, state.deal, state.seed
    )
    assert again.pack == state.pack and again.winners == state.winners
    assert game.legal_actions(again) == game.legal_actions(state)
    assert game.position_to_text(again) == text
    assert game.from_json(game.to_json(again)) == again


def test_position_text_is_written_in_full() -> None:
    game = ludoteca.load("keezen", players=4)
    state = game.position_from_text(
        "position: 0:5,12,h3,s 1:s,s,s,s 2:40,h0,h1,s 3:17,s,s,s\nhands: 2=A,Q,3\nto move: 2"
    )
    assert game.position_to_text(state) == (
        "position: 0:5,12,h3,s 1:s,s,s,s 2:40,h0,h1,s 3:17,s,s,s\n"
        "hands: 0=- 1=- 2=A,3,Q 3=-\n"
        "to move: 2\n"
        "dealer: 1\n"
        "deal: 1\n"
        "seed: 0\n"
        "pack: 6,4,J,6,4,6,4,2,K,7,8,A,10,5,9,7,9,9,2,K,Q,J,A,3,2,A,10,5,3,J,5,7"
    )


BAD_TEXTS = [
    ("hands: 0=A\nto move: 0", "needs position"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A\nto move: 0\nto move: 1",
     "twice"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A\nturn: 0", "not a position"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s\nhands: 0=A\nto move: 0", "4 seats"),
    ("position: 0:1,1,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A\nto move: 0", "two pawns"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A,Z\nto move: 0", "rank"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A\nto move: 4", "not a seat"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A\nto move: 1", "no cards"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0 A\nto move: 0", "seat=cards"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A,A,A,A 1=A\nto move: 0",
     "more than 4 cards of a rank"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A,2,3,4,5\nto move: 0\n"
     "deal: 2", "deal 2 gives 4"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A\nto move: 0\ndeal: 0",
     "deal must be"),
    ("position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\nhands: 0=A\nto move: 0\nseed: -3",
     "seed must be a number"),
    ("position: 0:h0,h1,h2,h3 1:s,s,s,s 2:h0,h1,h2,h3 3:s,s,s,s\nhands: 1=A\nto move: 1",
     "game is over"),
]


@pytest.mark.parametrize(("text", "reason"), BAD_TEXTS)
def test_malformed_or_impossible_text_says_why(text: str, reason: str) -> None:
    game = ludoteca.load("keezen", players=4)
    with pytest.raises(StateFormatError, match=reason):
        game.position_from_text(text)


# -- from_json validates what it loads -----------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([2, 4, 6]), st.integers(0, 2**31), st.integers(0, 150), st.data())
def test_from_json_rejects_or_accepts_a_corrupted_state_that_works(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    game = GAMES[players]
    encoded = game.to_json(reached_state(game, seed, steps))
    assert_loads_safely_or_refuses(game, data.draw(corrupted(encoded)))


CORRUPTIONS = [
    (lambda d: d["hands"][1].append(d["pack"].pop()), "pack holds"),
    (lambda d: d["hands"][1].__setitem__(-1, 12 if d["hands"][1][-1] == 13 else 13), "dealt"),
    (lambda d: d["pawns"][0].pop(), "pawns"),
    (lambda d: d["pawns"][0].__setitem__(0, -1), "not a location"),
    (lambda d: d.__setitem__("current", 4), "not a seat"),
    (lambda d: d.__setitem__("current", True), "integer"),
    (lambda d: d.__setitem__("log", []), "log"),
    (lambda d: d.__setitem__("log", "deal 1"), "list"),
    (lambda d: d.__setitem__("deal", -1), "deal"),
    (lambda d: d.pop("winners"), "needs winners"),
]


@pytest.mark.parametrize(("damage", "reason"), CORRUPTIONS)
def test_from_json_says_what_is_inconsistent(damage: Any, reason: str) -> None:
    game = GAMES[4]
    encoded = game.to_json(game.initial_state(3))
    damage(encoded)
    with pytest.raises(StateFormatError, match=reason):
        game.from_json(encoded)


def test_from_json_rejects_a_seat_out_of_turn() -> None:
    game = GAMES[4]
    state = reached_state(game, 5, 3)
    encoded = game.to_json(state)
    encoded["current"] = (state.current + 1) % 4
    with pytest.raises(StateFormatError):
        game.from_json(encoded)


# -- why the game ended ----------------------------------------------------------------------


def test_k55_end_reason_team_home() -> None:
    game = ludoteca.load("keezen", players=4)
    state = game.position_from_text(
        "position: 0:61,h1,h2,h3 1:s,s,s,s 2:h0,h1,h2,h3 3:s,s,s,s\nhands: 0=3,7 1=5\nto move: 0"
    )
    assert {game.observation(state, seat)["end_reason"] for seat in (None, 0, 1, 2, 3)} == {None}
    state = play(game, state, "3: 61-h0.0")
    assert state.winners == (0, 2)
    for seat in (None, 0, 1, 2, 3):
        assert game.observation(state, seat)["end_reason"] == "team_home"


def test_k56_end_reason_max_deals() -> None:
    game = ludoteca.load("keezen", players=4, max_deals=1)
    state = reached_state(game, 11, 100)
    assert game.is_terminal(state) and state.winners == ()
    for seat in (None, 0, 1, 2, 3):
        assert game.observation(state, seat)["end_reason"] == "max_deals"
