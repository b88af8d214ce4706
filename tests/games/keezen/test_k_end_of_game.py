"""Rules K53–K56 of the Keezen specification: the end of the game (section 4)."""

from __future__ import annotations

import random

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.state import DealEvent, DiscardEvent, EndEvent, PlayEvent
from tests.games.keezen.helpers import keezen, play, position, state_at


def log_texts(game: KeezenGame, state: KeezenState) -> list[str]:
    """Return the text of every entry of a spectator's log."""
    return [entry["text"] for entry in game.observation(state, None)["log"]]


def test_k53_a_team_wins_when_all_eight_pawns_are_home() -> None:
    """K53: seat 3 brings colour 3's last pawn home while colour 1 is home: seats 1 and 3 win."""
    game = keezen()
    start = "0:10,s,s,s 1:h0,h1,h2,h3 2:s,s,s,s 3:45,h1,h2,h3"
    state = state_at(game, start, {3: "3,9", 0: "5", 1: "A"}, to_move=3)
    after = play(game, state, "3: 45-h3.0")
    assert position(game, after) == "0:10,s,s,s 1:h0,h1,h2,h3 2:s,s,s,s 3:h0,h1,h2,h3"
    assert after.winners == (1, 3)
    assert game.returns(after) == (0.0, 1.0, 0.0, 1.0)
    assert after.events()[-1] == EndEvent((1, 3))
    assert log_texts(game, after)[-1] == "win 1,3"


def test_k53_one_finished_colour_is_not_a_win() -> None:
    """K53: seat 3 finishes but colour 1 still has a pawn out: play goes on to seat 0."""
    game = keezen()
    start = "0:10,s,s,s 1:20,h1,h2,h3 2:s,s,s,s 3:45,h1,h2,h3"
    state = state_at(game, start, {3: "3,9", 0: "5", 1: "A"}, to_move=3)
    after = play(game, state, "3: 45-h3.0")
    assert after.winners == ()
    assert after.current == 0
    assert game.returns(after) == (0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize("track", [32, 64])
def test_k54_two_players_win_alone(track: int) -> None:
    """K54: with 2 players, seat 1's fourth pawn home wins the game for seat 1 alone."""
    game = keezen(2, two_player_track=track)
    entry = game.board.home_entry(1)
    start = f"0:3,s,s,s 1:{entry - 2},h1,h2,h3"
    state = state_at(game, start, {1: "3,8", 0: "A,5"}, to_move=1)
    after = play(game, state, f"3: {entry - 2}-h1.0")
    assert position(game, after) == "0:3,s,s,s 1:h0,h1,h2,h3"
    assert after.winners == (1,)
    assert game.returns(after) == (0.0, 1.0)
    assert log_texts(game, after)[-1] == "win 1"


def test_k55_the_game_ends_at_once_mid_deal() -> None:
    """K55: after the winning action nobody plays on; the other hands stay unplayed."""
    game = keezen()
    start = "0:10,s,s,s 1:h0,h1,h2,h3 2:20,s,s,s 3:45,h1,h2,h3"
    state = state_at(game, start, {3: "3,9", 0: "5,K", 1: "A", 2: "Q"}, to_move=3)
    after = play(game, state, "3: 45-h3.0")
    assert after.current is None and game.is_terminal(after)
    assert game.legal_actions(after) == ()
    assert after.hands == ((5, 13), (1,), (12,), (9,))
    with pytest.raises(IllegalActionError):
        game.apply(after, game.action_from_text(state, "5: 10-15"))
    assert log_texts(game, after)[-2:] == ["P3 3: 45-h3.0", "win 1,3"]


def test_k55_a_finished_player_can_win_for_the_team() -> None:
    """K55: finished seat 1 brings colour 3's last pawn home: the acting team wins."""
    game = keezen()
    start = "0:10,s,s,s 1:h0,h1,h2,h3 2:s,s,s,s 3:45,h1,h2,h3"
    state = state_at(game, start, {1: "3", 2: "K", 3: "9"}, to_move=1)
    after = play(game, state, "3: 45-h3.0")
    assert after.winners == (1, 3)
    assert after.hands == ((), (), (13,), (9,))


@pytest.mark.parametrize(("players", "max_deals"), [(4, 2), (2, 3), (6, 1)])
def test_k56_max_deals_ends_the_game_in_a_draw(players: int, max_deals: int) -> None:
    """K56: after max_deals completed deals without a winner the game is drawn."""
    game = keezen(players, max_deals=max_deals)
    assert game.max_game_length == 5 * players * max_deals
    rng = random.Random(players)
    state = game.initial_state(99)
    actions = 0
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        actions += 1
    events = state.events()
    assert [e.deal for e in events if isinstance(e, DealEvent)] == list(range(1, max_deals + 1))
    assert events[-1] == EndEvent(())
    assert state.winners == ()
    assert game.returns(state) == (0.0,) * players
    assert log_texts(game, state)[-1] == "draw"
    # Every dealt card was played or handed in before the game stopped.
    dealt = sum(len(hand) for e in events if isinstance(e, DealEvent) for hand in e.hands)
    handed_in = sum(len(e.cards) for e in events if isinstance(e, DiscardEvent))
    assert actions == sum(1 for e in events if isinstance(e, PlayEvent)) == dealt - handed_in


def test_k56_score_counts_the_team_pawns_at_home() -> None:
    """K56: a seat scores its team's pawns in home lanes (its own with 2 players)."""
    game = keezen()
    start = "0:h0,h1,s,s 1:h2,s,s,s 2:40,h3,s,s 3:h0,h1,h3,30"
    assert game.scores(state_at(game, start, {0: "K"}, to_move=0)) == (3, 4, 3, 4)
    two = keezen(2)
    assert two.scores(state_at(two, "0:5,h0,h2,s 1:h3,s,s,s", {0: "K"}, to_move=0)) == (2, 1)
