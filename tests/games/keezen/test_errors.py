"""Bad input gets a typed error that names the reason, and the state stays as it was."""

from __future__ import annotations

import pytest

import ludoteca
from tests.games.keezen.helpers import keezen, play, state_at

EMPTY_REST = "1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


@pytest.mark.parametrize(
    ("position", "hand", "text", "reason"),
    [
        ("0:11,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", "6", "6: 11-17",
         "the pawn on 11 cannot pass the protected pawn on square 16 (K28)"),
        ("0:11,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", "5", "5: 11-16x",
         "the pawn on 11 cannot land on the protected pawn on square 16 (K28)"),
        (f"0:10,s,s,s {EMPTY_REST}", "5", "Q: 10-22", "seat 0 holds no Queen"),
        (f"0:60,s,s,s {EMPTY_REST}", "8", "8: 60-h0.3",
         "it may move at most 7 squares (K24)"),
        (f"0:10,s,s,s {EMPTY_REST}", "5", "5: 10-16", "5 squares forward from 10 is 15, not 16"),
        ("0:10,s,s,s 1:15,s,s,s 2:s,s,s,s 3:s,s,s,s", "5", "5: 10-15",
         "captures the pawn on 15: write it with 'x' (K32)"),
        (f"0:10,s,s,s {EMPTY_REST}", "5", "5: 10-15x", "no pawn stands on square 15 to capture"),
        (f"0:0,s,s,s {EMPTY_REST}", "K", "K: s-0x",
         "colour 0's own pawn protects square 0: nobody enters there (K37)"),
        (f"0:h0,h1,h2,h3 {EMPTY_REST}", "K", "K: s-0",
         "a pawn of colour 2 enters on its start square 32 (K36)"),
        ("0:20,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", "J", "J: 20<>16",
         "the pawn on 16 is protected on its own start square (K49)"),
        (f"0:20,s,s,s {EMPTY_REST}", "J", "J: 20<>30", "no pawn stands on square 30"),
        (f"0:h1,s,s,s {EMPTY_REST}", "4", "4: h0.1-61", "never moves backward (K26)"),
        (f"0:7,10,s,s {EMPTY_REST}", "7", "7: 7-10x, 10-14",
         "a split 7 moves two different pawns, not the same one twice (K45)"),
    ],
)
def test_illegal_action_names_the_reason_and_changes_nothing(
    position: str, hand: str, text: str, reason: str
) -> None:
    game = keezen()
    # An Ace is playable in each position, so seat 0 is to move whatever `hand` holds.
    state = state_at(game, position, {0: f"{hand},A"}, to_move=0)
    assert state.current == 0
    before = game.to_json(state)
    with pytest.raises(ludoteca.IllegalActionError) as error:
        play(game, state, text)
    assert reason in str(error.value)
    assert str(error.value).startswith(text)
    assert game.to_json(state) == before


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("K:s-0", "is not Keezen notation"),
        ("5: 10-15, 3-5", "only a 7 may be split"),
        ("J: 10-15", "a Jack swaps two pawns"),
        ("5: 10<>15", "only a Jack swaps pawns"),
        ("5: 70-75", "square 70 does not exist on a 64-square track"),
        ("5: h7.0-h7.1", "there is no seat 7"),
        ("5: 10-s", "never moves into the start area"),
        ("Z: 1-2", "is not Keezen notation"),
    ],
)
def test_malformed_text_is_an_invalid_action_error(text: str, reason: str) -> None:
    game = keezen()
    state = game.initial_state(3)
    with pytest.raises(ludoteca.InvalidActionError, match=reason):
        game.action_from_text(state, text)


def test_surrounding_whitespace_is_allowed_but_not_inner_spacing() -> None:
    game = keezen()
    state = state_at(game, f"0:s,s,s,s {EMPTY_REST}", {0: "K"}, to_move=0)
    assert game.action_to_text(state, game.action_from_text(state, "  K: s-0 ")) == "K: s-0"
    with pytest.raises(ludoteca.InvalidActionError, match="is not Keezen notation"):
        game.action_from_text(state, "K: s-00")


def test_action_on_a_finished_game_is_refused() -> None:
    game = keezen(2)
    state = state_at(game, "0:29,h1,h2,h3 1:5,s,s,s", {0: "3"}, to_move=0)
    over = play(game, state, "3: 29-h0.0")
    assert over.current is None and over.winners == (0,)
    with pytest.raises(ludoteca.IllegalActionError, match="the game is over"):
        play(game, over, "3: 5-8")


def test_a_non_action_object_is_refused_with_a_hint() -> None:
    game = keezen()
    state = game.initial_state(1)
    with pytest.raises(ludoteca.IllegalActionError, match="use action_from_text"):
        game.apply(state, "K: s-16")  # type: ignore[arg-type]


@pytest.mark.parametrize("action_id", [-1, 10**9, "3", 2.0])
def test_bad_action_ids_are_invalid(action_id: object) -> None:
    game = keezen()
    with pytest.raises(ludoteca.InvalidActionError):
        game.action_from_id(game.initial_state(1), action_id)  # type: ignore[arg-type]


def test_damaged_json_is_a_state_format_error() -> None:
    game = keezen()
    encoded = game.to_json(game.initial_state(1))
    for damaged in (
        {k: v for k, v in encoded.items() if k != "pawns"},
        {**encoded, "pawns": [[0, 0, 80, 80], *encoded["pawns"][1:]]},
        {**encoded, "hands": [[14], *encoded["hands"][1:]]},
        {**encoded, "current": 9},
    ):
        with pytest.raises(ludoteca.StateFormatError):
            game.from_json(damaged)
