"""Why a card in hand has no legal action (unplayable.py): one scenario per reason code, and a
property over reached positions that reasons come exactly for the cards without an action and
that what each reason claims is true of the position."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.cards import RANK_TEXT
from ludoteca.games.keezen.unplayable import card_reasons
from tests.games.keezen.helpers import keezen, state_at
from tests.games.support import reached_positions

EMPTY_OTHERS = "1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def codes(game: KeezenGame, position: str, hand: str, seat: int = 0) -> dict[str, list[Any]]:
    """Return per stuck card its reasons as (code, params), `seat` to move holding `hand`."""
    state = state_at(game, position, {seat: hand}, to_move=seat)
    assert state.current == seat, "the scenario needs a playable card, or the hand is handed in"
    return {
        card: [(reason["code"], reason["params"]) for reason in reasons]
        for card, reasons in card_reasons(game, state).items()
    }


def test_cards_with_a_legal_action_get_no_reason() -> None:
    game = keezen()
    assert codes(game, f"0:10,s,s,s {EMPTY_OTHERS}", "A,K,3,7") == {}


def test_no_pawn_waiting_for_a_king_when_all_pawns_are_out() -> None:
    """K36: a King brings a pawn in from the start area; none is left there."""
    game = keezen()
    assert codes(game, f"0:10,20,24,40 {EMPTY_OTHERS}", "K,5") == {
        "K": [("no_pawn_waiting", {"colour": 0})],
    }


def test_own_pawn_on_the_start_square_bars_entry() -> None:
    """K37: the own pawn on start square 0 protects it, so a King cannot bring a pawn in."""
    game = keezen()
    assert codes(game, f"0:0,s,s,s {EMPTY_OTHERS}", "K,3") == {
        "K": [("own_pawn_on_start", {"colour": 0, "square": 0})],
    }


def test_a_stuck_ace_names_both_its_uses_and_each_pawns_obstacle() -> None:
    """K36, K28, K29/K30, K24: no pawn waits, and every pawn on the board is stopped."""
    game = keezen()
    position = "0:h3,h2,h1,15 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s"
    reasons = codes(game, position, "A,5,4")
    pawns = [
        {"pawn": "15", "code": "protected", "at": "16", "room": 0},
        {"pawn": "h0.1", "code": "home_pawn", "at": "h0.2", "room": 0},
        {"pawn": "h0.2", "code": "home_pawn", "at": "h0.3", "room": 0},
        {"pawn": "h0.3", "code": "home_end", "at": None, "room": 0},
    ]
    assert reasons == {
        "A": [
            ("no_pawn_waiting", {"colour": 0}),
            ("no_room", {"colour": 0, "steps": 1, "pawns": pawns}),
        ],
        "5": [("no_room", {"colour": 0, "steps": 5, "pawns": pawns})],
    }


def test_the_end_of_the_home_lane_gives_the_room_left() -> None:
    """K24: a pawn in home slot 2 (of 4) may still go 2 squares, not 3."""
    game = keezen()
    reasons = codes(game, f"0:h1,s,s,s {EMPTY_OTHERS}", "3,A")
    assert reasons == {"3": [("no_room", {"colour": 0, "steps": 3, "pawns": [
        {"pawn": "h0.1", "code": "home_end", "at": None, "room": 2},
    ]})]}


def test_no_pawn_on_the_board_for_a_forward_card_and_a_seven() -> None:
    game = keezen()
    reasons = codes(game, f"0:s,s,s,s {EMPTY_OTHERS}", "A,5,7")
    assert reasons == {
        "5": [("no_pawn_on_board", {"colour": 0})],
        "7": [("no_pawn_on_board", {"colour": 0})],
    }


def test_a_protected_pawn_ahead_stops_a_forward_card_and_a_seven() -> None:
    """K28: seat 1's pawn on its start square 16 lets seat 0's pawn on 10 go 5 at most."""
    game = keezen()
    blocked = [{"pawn": "10", "code": "protected", "at": "16", "room": 5}]
    reasons = codes(game, "0:10,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", "8,7,A")
    assert reasons == {
        "7": [("seven_no_room", {"colour": 0, "pawns": blocked})],
        "8": [("no_room", {"colour": 0, "steps": 8, "pawns": blocked})],
    }


def test_no_pawn_on_the_track_for_a_four() -> None:
    """K25, K26: a 4 moves a track pawn backward, never one in the home lane."""
    game = keezen()
    assert codes(game, f"0:h0,s,s,s {EMPTY_OTHERS}", "4,A") == {
        "4": [("no_pawn_on_track", {"colour": 0})],
    }


def test_a_protected_pawn_behind_stops_a_four() -> None:
    """K28: going back 4 from 18 would pass the protected pawn on 16."""
    game = keezen()
    reasons = codes(game, "0:18,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", "4,A")
    assert reasons == {"4": [("backward_blocked", {"colour": 0, "pawns": [
        {"pawn": "18", "code": "protected", "at": "16", "room": 1},
    ]})]}


def test_a_jack_without_an_own_pawn_on_the_track() -> None:
    """K48: the Jack swaps one of the player's own track pawns."""
    game = keezen()
    assert codes(game, "0:s,s,s,s 1:20,s,s,s 2:s,s,s,s 3:s,s,s,s", "J,A") == {
        "J": [("jack_no_own_pawn", {"colour": 0})],
    }


@pytest.mark.parametrize("owner_may_swap", [False, True])
def test_a_jack_whose_only_own_pawn_is_on_its_start_square(owner_may_swap: bool) -> None:
    """K51: the own pawn on its start square may not be swapped, unless the option allows it."""
    game = keezen(owner_may_swap_from_start=owner_may_swap)
    reasons = codes(game, "0:0,s,s,s 1:20,s,s,s 2:s,s,s,s 3:s,s,s,s", "J,3")
    if owner_may_swap:
        assert reasons == {}
    else:
        assert reasons == {"J": [("jack_own_protected", {"colour": 0, "square": 0})]}


def test_a_jack_without_an_unprotected_pawn_of_another_colour() -> None:
    """K48, K49: the only other pawn stands protected on its own start square."""
    game = keezen()
    assert codes(game, "0:10,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", "J,A") == {
        "J": [("jack_no_other_pawn", {"colour": 0})],
    }


def test_a_finished_seat_gets_reasons_for_its_partners_colour() -> None:
    """K21: seat 0 is home and moves colour 2, whose pawns all wait in the start area."""
    game = keezen()
    reasons = codes(game, f"0:h0,h1,h2,h3 {EMPTY_OTHERS}", "A,5,J")
    assert reasons == {
        "5": [("no_pawn_on_board", {"colour": 2})],
        "J": [("jack_no_own_pawn", {"colour": 2})],
    }


def test_only_the_seat_to_move_sees_reasons_for_its_own_cards() -> None:
    """K12: another seat's hand is hidden, so neither it nor a spectator gets reasons."""
    game = keezen()
    state = state_at(game, f"0:s,s,s,s {EMPTY_OTHERS}", {0: "A,5", 1: "7"}, to_move=0)
    assert game.observation(state, 0)["card_reasons"] == {
        "5": card_reasons(game, state)["5"],
    }
    assert game.observation(state, 1)["card_reasons"] is None
    assert game.observation(state, None)["card_reasons"] is None


def test_the_english_sentence_names_the_obstacle() -> None:
    game = keezen()
    state = state_at(game, "0:10,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", {0: "8,A"}, to_move=0)
    assert card_reasons(game, state)["8"][0]["text"] == (
        "no pawn of colour 0 can move 8 squares forward: from square 10 the protected pawn "
        "on square 16 is in the way (K28)"
    )


# -- every reached position ------------------------------------------------------------------

GAMES = {players: keezen(players) for players in (2, 4, 6)}


@settings(max_examples=80, deadline=None)
@given(reached_positions(GAMES, max_steps=250))
def test_reasons_come_exactly_for_cards_without_an_action_and_hold(
    position: tuple[KeezenGame, KeezenState],
) -> None:
    game, state = position
    reasons = card_reasons(game, state)
    if state.current is None:
        assert reasons == {}
        return
    playable = {action.card for action in game.legal_actions(state)}
    hand = state.hands[state.current]
    assert set(reasons) == {RANK_TEXT[card] for card in hand if card not in playable}
    colour = game.controlled_colour(state, state.current)
    for card, card_reasons_ in reasons.items():
        assert card_reasons_ and len(card_reasons_) == (2 if card == "A" else 1)
        for reason in card_reasons_:
            assert reason["text"] and reason["params"]["colour"] == colour
            _check_claim(game, state, colour, reason["code"], reason["params"])


def _check_claim(
    game: KeezenGame, state: KeezenState, colour: Any, code: str, params: dict[str, Any]
) -> None:
    """Assert that what the reason says is true of the position."""
    board = game.board
    own = state.pawns[colour]
    on_board = [loc for loc in own if not board.is_start_area(loc)]
    on_track = [loc for loc in own if board.is_track(loc)]
    if code == "no_pawn_waiting":
        assert board.start_area(colour) not in own
    elif code == "own_pawn_on_start":
        assert state.squares[params["square"]] == colour == board.protected_owner(
            params["square"], state.squares)
    elif code == "no_pawn_on_board":
        assert not on_board
    elif code in ("no_room", "seven_no_room"):
        steps = params.get("steps", 7)
        assert [board.loc_text(loc) for loc in on_board] == [p["pawn"] for p in params["pawns"]]
        for pawn in params["pawns"]:
            assert 0 <= pawn["room"] < steps
            if pawn["code"] == "protected":
                at = int(pawn["at"])
                assert board.protected_owner(at, state.squares) is not None
    elif code == "no_pawn_on_track":
        assert not on_track
    elif code == "backward_blocked":
        assert [board.loc_text(loc) for loc in on_track] == [p["pawn"] for p in params["pawns"]]
        for pawn in params["pawns"]:
            assert board.protected_owner(int(pawn["at"]), state.squares) is not None
            assert 0 <= pawn["room"] < 4
    elif code == "jack_no_own_pawn":
        assert not on_track
    elif code == "jack_own_protected":
        assert on_track == [board.start_square(colour)]
    elif code == "jack_no_other_pawn":
        others = [
            loc for other, locs in enumerate(state.pawns) if other != colour
            for loc in locs if board.is_track(loc)
        ]
        assert all(board.protected_owner(loc, state.squares) is not None for loc in others)
    else:
        raise AssertionError(f"unknown reason code {code!r}")
