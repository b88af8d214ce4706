"""The worked examples W1–W26 of the Keezen rules specification (section 6), one by one.

Every test states the exact set of legal actions (notation of section 7.1) and the exact
resulting position (section 7.2) that the example gives. "legal = {} → discard" is checked
twice: the hand has no legal action, and with that seat to move the engine hands in exactly
that hand automatically and logs it (K18).
"""

from __future__ import annotations

from collections import Counter

import pytest

import ludoteca
from ludoteca.core.chance import event_rng, shuffled
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.cards import full_deck, parse_hand
from ludoteca.games.keezen.state import DealEvent, DiscardEvent, EndEvent, PlayEvent
from tests.games.keezen.helpers import discards, keezen, legal_texts, play, position, state_at

EMPTY4 = "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def assert_discard(game: KeezenGame, pos: str, seat: int, hand: str) -> None:
    """Check "legal = {} → discard": no legal action, and the hand is handed in when to move."""
    assert legal_texts(game, pos, seat, hand) == set()
    state = state_at(game, pos, {seat: hand}, to_move=seat)
    assert discards(state)[0] == (seat, parse_hand(hand))
    assert position(game, state) == pos


def assert_illegal(game: KeezenGame, state: KeezenState, *texts: str) -> None:
    """Check that each action text is refused in `state` (IllegalActionError, state untouched)."""
    for text in texts:
        with pytest.raises(ludoteca.IllegalActionError):
            play(game, state, text)


def turns_of(events: tuple[object, ...]) -> list[int]:
    """Return the seat of every turn (action or automatic hand-in) among `events`."""
    return [e.seat for e in events if isinstance(e, PlayEvent | DiscardEvent)]


# -- W1 ------------------------------------------------------------------------------------


def test_w1_seat_one_discards_on_empty_board() -> None:
    game = keezen()
    assert_discard(game, EMPTY4, 1, "3,4,7,9,Q")


def test_w1_seat_two_can_only_enter_with_king() -> None:
    game = keezen()
    assert legal_texts(game, EMPTY4, 2, "2,5,5,J,K") == {"K: s-32"}


def test_w1_opening_deal_seat_one_discards_and_sits_out_the_deal() -> None:
    game = keezen()
    hands = {0: "2,3,4,6,8", 1: "3,4,7,9,Q", 2: "2,5,5,J,K", 3: "2,3,4,5,6"}
    state = game.position_state(EMPTY4, hands, to_move=1, dealer=0)
    # Seat 1 leads (left of dealer 0), cannot play and hands in automatically.
    assert discards(state) == [(1, parse_hand("3,4,7,9,Q"))]
    assert state.hands[1] == ()
    assert state.current == 2
    assert {game.action_to_text(state, a) for a in game.legal_actions(state)} == {"K: s-32"}
    state = play(game, state, "K: s-32")
    assert position(game, state) == "0:s,s,s,s 1:s,s,s,s 2:32,s,s,s 3:s,s,s,s"
    # Seats 3 and 0 cannot play either; seat 1 is skipped (no cards) and seat 2 moves again.
    assert discards(state)[1:] == [(3, parse_hand("2,3,4,5,6")), (0, parse_hand("2,3,4,6,8"))]
    assert state.current == 2
    assert state.hands[1] == ()
    for text in ("2: 32-34", "5: 34-39", "5: 39-44"):
        assert (state.deal, state.current, state.hands[1]) == (1, 2, ())
        state = play(game, state, text)
    first_deal = state.log[0]
    assert first_deal[0] == DealEvent(
        1, 0, tuple(parse_hand(hands[seat]) for seat in range(4))
    )
    assert turns_of(first_deal) == [1, 2, 3, 0, 2, 2, 2, 2]
    # Seat 1's only entry in the deal is its hand-in.
    assert [e for e in first_deal if getattr(e, "seat", None) == 1] == [
        DiscardEvent(1, parse_hand("3,4,7,9,Q"))
    ]
    # Seat 2's lone Jack is unplayable (no controlled pawn to swap with another).
    assert first_deal[-1] == DiscardEvent(2, parse_hand("J"))


# -- W2 ------------------------------------------------------------------------------------

W2 = "0:0,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def test_w2_cannot_enter_onto_own_occupied_start_square() -> None:
    game = keezen()
    assert legal_texts(game, W2, 0, "A,K") == {"A: 0-1"}
    state = state_at(game, W2, {0: "A,K"}, to_move=0)
    assert_illegal(game, state, "K: s-0", "A: s-0", "K: s-0x", "A: s-0x")


def test_w2_king_alone_means_discard() -> None:
    assert_discard(keezen(), W2, 0, "K")


# -- W3 ------------------------------------------------------------------------------------


def test_w3_entering_captures_partner_on_start_square() -> None:
    game = keezen()
    pos = "0:s,s,s,s 1:s,s,s,s 2:0,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "5,K") == {"K: s-0x"}
    state = state_at(game, pos, {0: "5,K"}, to_move=0)
    assert [game.action_to_text(state, a) for a in game.legal_actions(state)] == ["K: s-0x"]
    state = play(game, state, "K: s-0x")
    assert position(game, state) == "0:0,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


# -- W4 ------------------------------------------------------------------------------------


def test_w4_protected_start_square_blocks_passing_and_landing() -> None:
    game = keezen()
    pos = "0:11,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "A,4,5,6") == {"A: s-0", "A: 11-12", "4: 11-7"}
    state = state_at(game, pos, {0: "A,4,5,6"}, to_move=0)
    assert_illegal(game, state, "5: 11-16", "5: 11-16x", "6: 11-17")


# -- W5 ------------------------------------------------------------------------------------


def test_w5_unprotected_pawns_passing_capture_foreign_start_square() -> None:
    game = keezen()
    pos = "0:10,20,s,s 1:22,s,s,s 2:s,s,s,s 3:16,25,s,s"
    assert legal_texts(game, pos, 0, "5,6") == {
        "5: 10-15",
        "5: 20-25x",
        "6: 10-16x",
        "6: 20-26",
    }


def test_w5_capture_on_landing_only_passed_pawn_survives() -> None:
    game = keezen()
    pos = "0:10,20,s,s 1:22,s,s,s 2:s,s,s,s 3:16,25,s,s"
    state = play(game, state_at(game, pos, {0: "5,6"}, to_move=0), "5: 20-25x")
    assert position(game, state) == "0:10,25,s,s 1:22,s,s,s 2:s,s,s,s 3:16,s,s,s"


# -- W6 ------------------------------------------------------------------------------------


def test_w6_must_play_forces_self_capture() -> None:
    game = keezen()
    pos = "0:20,28,s,s 1:s,s,s,s 2:32,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "8,Q") == {"8: 20-28x"}
    state = state_at(game, pos, {0: "8,Q"}, to_move=0)
    assert state.current == 0
    assert discards(state) == []
    assert [game.action_to_text(state, a) for a in game.legal_actions(state)] == ["8: 20-28x"]
    assert_illegal(game, state, "8: 28-36", "Q: 28-40", "Q: 20-32", "Q: 20-32x")
    state = play(game, state, "8: 20-28x")
    assert position(game, state) == "0:28,s,s,s 1:s,s,s,s 2:32,s,s,s 3:s,s,s,s"


# -- W7 ------------------------------------------------------------------------------------


def test_w7_exact_count_into_home_lane() -> None:
    game = keezen()
    pos = "0:60,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "3,5,7,8,Q") == {"3: 60-63", "5: 60-h0.1", "7: 60-h0.3"}


# -- W8 ------------------------------------------------------------------------------------


def test_w8_no_passing_or_landing_in_home_lane_home_moves_count() -> None:
    game = keezen()
    pos = "0:62,h1,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "A,2,3,5") == {
        "A: s-0",
        "A: 62-63",
        "A: h0.1-h0.2",
        "2: 62-h0.0",
        "2: h0.1-h0.3",
    }
    state = state_at(game, pos, {0: "A,2,3,5"}, to_move=0)
    assert_illegal(game, state, "3: 62-h0.1", "5: 62-h0.3")


# -- W9 ------------------------------------------------------------------------------------


def test_w9_no_second_lap() -> None:
    game = keezen()
    pos = "0:62,h0,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "A,2,5") == {
        "A: s-0",
        "A: 62-63",
        "A: h0.0-h0.1",
        "2: h0.0-h0.2",
    }
    state = state_at(game, pos, {0: "A,2,5"}, to_move=0)
    assert_illegal(game, state, "5: 62-3", "2: 62-h0.0", "2: 62-0")


# -- W10 -----------------------------------------------------------------------------------


def test_w10_four_backward_past_own_start_square() -> None:
    game = keezen()
    pos = "0:2,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "4") == {"4: 2-62"}
    state = play(game, state_at(game, pos, {0: "4"}, to_move=0), "4: 2-62")
    assert position(game, state) == "0:62,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert game.board.progress(0, 62) == 62


def test_w10_then_home_next_turn() -> None:
    game = keezen()
    pos = "0:62,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "5") == {"5: 62-h0.3"}
    state = play(game, state_at(game, pos, {0: "5"}, to_move=0), "5: 62-h0.3")
    assert position(game, state) == "0:h3,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def test_w10_own_protected_pawn_blocks_going_back() -> None:
    game = keezen()
    pos = "0:0,2,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "4") == {"4: 0-60"}
    assert_illegal(game, state_at(game, pos, {0: "4"}, to_move=0), "4: 2-62")


# -- W11 -----------------------------------------------------------------------------------


def test_w11_four_backward_from_start_square() -> None:
    game = keezen()
    pos = "0:0,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "4") == {"4: 0-60"}
    state = play(game, state_at(game, pos, {0: "4"}, to_move=0), "4: 0-60")
    assert position(game, state) == "0:60,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def test_w11_then_seven_home_next_turn() -> None:
    game = keezen()
    pos = "0:60,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "7") == {"7: 60-h0.3"}


# -- W12 -----------------------------------------------------------------------------------


def test_w12_limits_of_the_four() -> None:
    game = keezen()
    pos = "0:30,36,h2,s 1:26,s,s,s 2:32,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "4") == {"4: 30-26x"}
    state = state_at(game, pos, {0: "4"}, to_move=0)
    assert_illegal(game, state, "4: 36-32", "4: 36-32x")
    state = play(game, state, "4: 30-26x")
    assert position(game, state) == "0:26,36,h2,s 1:s,s,s,s 2:32,s,s,s 3:s,s,s,s"


# -- W13 -----------------------------------------------------------------------------------


def test_w13_four_onto_own_empty_start_square() -> None:
    game = keezen()
    pos = "0:4,s,s,s 1:s,s,s,s 2:s,s,s,s 3:60,s,s,s"
    assert legal_texts(game, pos, 0, "4") == {"4: 4-0"}
    state = play(game, state_at(game, pos, {0: "4"}, to_move=0), "4: 4-0")
    assert position(game, state) == "0:0,s,s,s 1:s,s,s,s 2:s,s,s,s 3:60,s,s,s"
    assert game.board.protected_owner(0, state.squares) == 0


def test_w13_pawn_moved_back_to_start_square_is_protected() -> None:
    game = keezen()
    pos = "0:0,s,s,s 1:s,s,s,s 2:s,s,s,s 3:60,s,s,s"
    assert legal_texts(game, pos, 3, "3,4,5") == {"3: 60-63", "4: 60-56"}
    state = state_at(game, pos, {3: "3,4,5"}, to_move=3)
    assert_illegal(game, state, "5: 60-1")


# -- W14 -----------------------------------------------------------------------------------

W14 = "0:7,10,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def test_w14_split_seven_thirteen_actions() -> None:
    game = keezen()
    assert legal_texts(game, W14, 0, "7") == {
        "7: 7-14",
        "7: 10-17",
        "7: 10-11, 7-13",
        "7: 10-12, 7-12x",
        "7: 10-13, 7-11",
        "7: 10-14, 7-10",
        "7: 10-15, 7-9",
        "7: 10-16, 7-8",
        "7: 7-8, 10-16",
        "7: 7-9, 10-15",
        "7: 7-11, 10-13",
        "7: 7-12, 10-12x",
        "7: 7-13, 10-11",
    }
    state = state_at(game, W14, {0: "7"}, to_move=0)
    assert len(game.legal_actions(state)) == 13


def test_w14_second_part_captures_pawn_moved_by_first() -> None:
    game = keezen()
    state = play(game, state_at(game, W14, {0: "7"}, to_move=0), "7: 10-12, 7-12x")
    assert position(game, state) == "0:12,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def test_w14_captured_pawn_cannot_make_second_part() -> None:
    game = keezen()
    state = state_at(game, W14, {0: "7"}, to_move=0)
    assert_illegal(game, state, "7: 7-10x, 10-14")


# -- W15 -----------------------------------------------------------------------------------


def test_w15_order_of_split_seven_at_home_lane() -> None:
    game = keezen()
    pos = "0:61,63,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "7") == {
        "7: 63-h0.2, 61-h0.1",
        "7: 63-h0.3, 61-h0.0",
        "7: 61-h0.2, 63-h0.1",
        "7: 61-h0.3, 63-h0.0",
    }
    state = state_at(game, pos, {0: "7"}, to_move=0)
    assert all(action.is_split for action in game.legal_actions(state))
    assert_illegal(game, state, "7: 61-h0.0, 63-h0.3", "7: 63-h0.0, 61-h0.3")


# -- W16 -----------------------------------------------------------------------------------

W16 = "0:61,h1,h2,h3 1:s,s,s,s 2:40,s,s,s 3:s,s,s,s"


def test_w16_seven_brings_last_pawn_home_partner_gets_rest() -> None:
    game = keezen()
    assert legal_texts(game, W16, 0, "7") == {"7: 61-h0.0, 40-44"}
    state = play(game, state_at(game, W16, {0: "7"}, to_move=0), "7: 61-h0.0, 40-44")
    assert position(game, state) == "0:h0,h1,h2,h3 1:s,s,s,s 2:44,s,s,s 3:s,s,s,s"
    assert game.controlled_colour(state, 0) == 2


def test_w16_seven_alone_on_last_pawn_is_not_an_action() -> None:
    game = keezen()
    state = state_at(game, W16, {0: "7"}, to_move=0)
    assert_illegal(game, state, "7: 61-h0.0")


def test_w16_no_partner_pawn_means_discard() -> None:
    assert_discard(keezen(), "0:61,h1,h2,h3 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "7")


def test_w16_without_partner_remainder_means_discard() -> None:
    assert_discard(keezen(seven_partner_remainder=False), W16, 0, "7")


# -- W17 -----------------------------------------------------------------------------------

W17 = "0:61,h1,h2,h3 1:s,s,s,s 2:h0,h1,h2,h3 3:s,s,s,s"


def test_w17_seven_cannot_be_cut_short_by_winning() -> None:
    game = keezen()
    assert legal_texts(game, W17, 0, "3,7") == {"3: 61-h0.0"}
    assert legal_texts(game, W17, 0, "7") == set()


def test_w17_game_ends_mid_deal() -> None:
    game = keezen()
    hands = {0: "3,7", 1: "A,K", 2: "5,Q", 3: "2,K"}
    state = state_at(game, W17, hands, to_move=0)
    state = play(game, state, "3: 61-h0.0")
    assert position(game, state) == "0:h0,h1,h2,h3 1:s,s,s,s 2:h0,h1,h2,h3 3:s,s,s,s"
    assert state.current is None
    assert state.is_over
    assert state.winners == (0, 2)
    assert game.legal_actions(state) == ()
    assert game.returns(state) == (1.0, 0.0, 1.0, 0.0)
    # Seats 1–3 keep their cards: nobody else plays after the winning action.
    assert state.hands == tuple(parse_hand(h) for h in ("7", "A,K", "5,Q", "2,K"))
    events = state.events()
    assert turns_of(events) == [0]
    assert events[-1] == EndEvent((0, 2))


# -- W18 -----------------------------------------------------------------------------------


def test_w18_finished_player_plays_partner_pawns() -> None:
    game = keezen()
    pos = "0:h0,h1,h2,h3 1:s,s,s,s 2:40,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "5,K") == {"K: s-32", "5: 40-45"}
    state = state_at(game, pos, {0: "5,K"}, to_move=0)
    assert game.controlled_colour(state, 0) == 2
    state = play(game, state, "K: s-32")
    assert position(game, state) == "0:h0,h1,h2,h3 1:s,s,s,s 2:32,40,s,s 3:s,s,s,s"


def test_w18_finished_player_without_playable_partner_move_discards() -> None:
    game = keezen()
    assert_discard(game, "0:h0,h1,h2,h3 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "4,7,Q")


# -- W19 -----------------------------------------------------------------------------------

W19 = "0:0,20,s,s 1:16,25,h3,s 2:5,s,s,s 3:32,s,s,s"


def test_w19_jack_restrictions() -> None:
    game = keezen()
    assert legal_texts(game, W19, 0, "J") == {"J: 20<>5", "J: 20<>25", "J: 20<>32"}
    state = state_at(game, W19, {0: "J"}, to_move=0)
    # Own protected pawn on 0, seat 1's protected pawn on 16, same colour.
    assert_illegal(game, state, "J: 0<>5", "J: 0<>25", "J: 0<>32", "J: 20<>16", "J: 20<>0")


def test_w19_swap_result() -> None:
    game = keezen()
    state = play(game, state_at(game, W19, {0: "J"}, to_move=0), "J: 20<>32")
    assert position(game, state) == "0:0,32,s,s 1:16,25,h3,s 2:5,s,s,s 3:20,s,s,s"


def test_w19_owner_may_swap_from_start() -> None:
    game = keezen(owner_may_swap_from_start=True)
    assert legal_texts(game, W19, 0, "J") == {
        "J: 20<>5",
        "J: 20<>25",
        "J: 20<>32",
        "J: 0<>5",
        "J: 0<>25",
        "J: 0<>32",
    }


def test_w19_jack_and_queen() -> None:
    game = keezen()
    assert legal_texts(game, W19, 0, "J,Q") == {
        "J: 20<>5",
        "J: 20<>25",
        "J: 20<>32",
        "Q: 0-12",
        "Q: 20-32x",
    }


# -- W20 -----------------------------------------------------------------------------------


def test_w20_swap_changes_routes() -> None:
    game = keezen()
    pos = "0:10,s,s,s 1:s,s,s,s 2:s,s,s,s 3:62,s,s,s"
    assert legal_texts(game, pos, 0, "J") == {"J: 10<>62"}
    state = play(game, state_at(game, pos, {0: "J"}, to_move=0), "J: 10<>62")
    assert position(game, state) == "0:62,s,s,s 1:s,s,s,s 2:s,s,s,s 3:10,s,s,s"
    assert game.board.progress(0, 62) == 62
    assert game.board.progress(3, 10) == 26


def test_w20_swapped_pawn_goes_home_next_turn() -> None:
    game = keezen()
    pos = "0:62,s,s,s 1:s,s,s,s 2:s,s,s,s 3:10,s,s,s"
    assert legal_texts(game, pos, 0, "5") == {"5: 62-h0.3"}


def test_w20_swap_onto_own_start_square_protects() -> None:
    game = keezen()
    pos = "0:16,s,s,s 1:40,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, pos, 0, "J") == {"J: 16<>40"}
    state = play(game, state_at(game, pos, {0: "J"}, to_move=0), "J: 16<>40")
    after = "0:40,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert position(game, state) == after
    assert game.board.protected_owner(16, state.squares) == 1
    # Being protected, it can no longer be swapped back.
    assert legal_texts(game, after, 0, "J") == set()


# -- W21 -----------------------------------------------------------------------------------

W21 = "0:28,h1,h2,h3 1:5,s,s,s"


def test_w21_two_players_seven_means_discard() -> None:
    assert_discard(keezen(2), W21, 0, "7")


def test_w21_two_players_ace_and_jack() -> None:
    game = keezen(2)
    assert legal_texts(game, W21, 0, "A,7") == {"A: 28-29"}
    assert legal_texts(game, W21, 0, "J") == {"J: 28<>5"}


def test_w21_two_players_seat_wins_and_game_ends() -> None:
    game = keezen(2)
    pos = "0:29,h1,h2,h3 1:5,s,s,s"
    assert legal_texts(game, pos, 0, "3") == {"3: 29-h0.0"}
    state = state_at(game, pos, {0: "3", 1: "A,K"}, to_move=0)
    state = play(game, state, "3: 29-h0.0")
    assert position(game, state) == "0:h0,h1,h2,h3 1:5,s,s,s"
    assert state.current is None
    assert state.winners == (0,)
    assert game.returns(state) == (1.0, 0.0)
    assert state.events()[-1] == EndEvent((0,))
    assert state.hands[1] == parse_hand("A,K")


# -- W22 -----------------------------------------------------------------------------------


def test_w22_two_players_track_32() -> None:
    game = keezen(2, two_player_track=32)
    assert game.board.progress(1, 30) == 14
    assert legal_texts(game, "0:s,s,s,s 1:30,s,s,s", 1, "5") == {"5: 30-3"}


def test_w22_two_players_track_64() -> None:
    game = keezen(2, two_player_track=64)
    assert game.board.progress(1, 30) == 62
    assert legal_texts(game, "0:s,s,s,s 1:30,s,s,s", 1, "5") == {"5: 30-h1.3"}


def test_w22_default_track_is_32() -> None:
    assert legal_texts(keezen(2), "0:s,s,s,s 1:30,s,s,s", 1, "5") == {"5: 30-3"}


# -- W23 -----------------------------------------------------------------------------------


def test_w23_six_players_queen_cannot_pass_protected_pawn() -> None:
    game = keezen(6)
    pos = "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s 4:76,s,s,s 5:80,s,s,s"
    assert legal_texts(game, pos, 4, "3,Q") == {"3: 76-79"}


def test_w23_six_players_home_entry() -> None:
    game = keezen(6)
    pos = "0:93,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s 4:s,s,s,s 5:s,s,s,s"
    assert legal_texts(game, pos, 0, "5") == {"5: 93-h0.2"}


def test_w23_six_players_finished_player_controls_partner() -> None:
    game = keezen(6)
    pos = "0:h0,h1,h2,h3 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s 4:s,s,s,s 5:s,s,s,s"
    assert legal_texts(game, pos, 0, "A,K") == {"A: s-48", "K: s-48"}
    assert game.controlled_colour(state_at(game, pos, {0: "A,K"}, to_move=0), 0) == 3


def test_w23_six_players_finished_player_swaps_partner_pawn() -> None:
    game = keezen(6)
    pos = "0:h0,h1,h2,h3 1:52,s,s,s 2:s,s,s,s 3:50,s,s,s 4:64,s,s,s 5:70,s,s,s"
    assert legal_texts(game, pos, 0, "J") == {"J: 50<>52", "J: 50<>70"}


# -- W24 -----------------------------------------------------------------------------------


def run_deals(game: KeezenGame, seed: int, deals: int) -> tuple[KeezenState, dict[int, tuple]]:
    """Play the first legal action until deal `deals` has had its first turn; return the state
    and the pack (top card first) as it was right after each deal was dealt."""
    state = game.initial_state(seed)
    packs = {state.deal: state.pack}
    while state.deal < deals or not turns_of(state.log[-1]):
        assert state.current is not None
        state = game.apply(state, game.legal_actions(state)[0])
        packs.setdefault(state.deal, state.pack)
    assert state.current is not None
    assert sorted(packs) == list(range(1, deals + 1))
    return state, packs


def check_schedule(
    game: KeezenGame,
    seed: int,
    dealers: list[int],
    cards_each: list[int],
    pack_after: list[int],
) -> None:
    n = game.num_players
    deck = Counter(full_deck(n))
    state, packs = run_deals(game, seed, len(dealers))
    assert len(state.log) == len(dealers)
    for number, segment in enumerate(state.log, start=1):
        deal = segment[0]
        assert isinstance(deal, DealEvent)
        assert deal.deal == number
        assert deal.dealer == dealers[number - 1]
        assert [len(hand) for hand in deal.hands] == [cards_each[number - 1]] * n
        # The player to the dealer's left takes the first turn.
        assert turns_of(segment)[0] == (deal.dealer + 1) % n
        pack = packs[number]
        assert len(pack) == pack_after[number - 1]
        dealt = Counter(card for hand in deal.hands for card in hand)
        if (number - 1) % 3 == 0:
            # Gather and shuffle: the deal and the pack together are the full deck.
            assert dealt + Counter(pack) == deck
        else:
            # Dealt from the top of the pack left by the previous deal, no reshuffle.
            before = packs[number - 1]
            count = len(before) - len(pack)
            assert pack == before[count:]
            assert dealt == Counter(before[:count])


def test_w24_deal_schedule_four_players() -> None:
    game = keezen(4, first_dealer=2)
    check_schedule(
        game,
        seed=1,
        dealers=[2, 3, 0, 1, 2, 3, 0],
        cards_each=[5, 4, 4, 5, 4, 4, 5],
        pack_after=[32, 16, 0, 32, 16, 0, 32],
    )


def test_w24_deal_schedule_leaders_four_players() -> None:
    game = keezen(4, first_dealer=2)
    state, _ = run_deals(game, 1, 7)
    leaders = [turns_of(segment)[0] for segment in state.log]
    assert leaders == [3, 0, 1, 2, 3, 0, 1]


def test_w24_deal_schedule_per_cycle() -> None:
    game = keezen(4, first_dealer=2, dealer_rotation="per_cycle")
    check_schedule(
        game,
        seed=1,
        dealers=[2, 2, 2, 3, 3, 3, 0],
        cards_each=[5, 4, 4, 5, 4, 4, 5],
        pack_after=[32, 16, 0, 32, 16, 0, 32],
    )
    state, _ = run_deals(game, 1, 7)
    assert [turns_of(segment)[0] for segment in state.log] == [3, 3, 3, 0, 0, 0, 1]


def test_w24_deal_schedule_two_players() -> None:
    game = keezen(2, first_dealer=0)
    check_schedule(
        game,
        seed=1,
        dealers=[0, 1, 0, 1, 0, 1, 0],
        cards_each=[5, 4, 4, 5, 4, 4, 5],
        pack_after=[16, 8, 0, 16, 8, 0, 16],
    )
    state, _ = run_deals(game, 1, 7)
    totals = [sum(len(h) for h in segment[0].hands) for segment in state.log]
    assert totals == [10, 8, 8, 10, 8, 8, 10]


def test_w24_deal_schedule_six_players() -> None:
    game = keezen(6, first_dealer=1)
    check_schedule(
        game,
        seed=1,
        dealers=[1, 2, 3, 4, 5, 0, 1],
        cards_each=[5, 4, 4, 5, 4, 4, 5],
        pack_after=[48, 24, 0, 48, 24, 0, 48],
    )
    state, _ = run_deals(game, 1, 7)
    totals = [sum(len(h) for h in segment[0].hands) for segment in state.log]
    assert totals == [30, 24, 24, 30, 24, 24, 30]


# -- W25 -----------------------------------------------------------------------------------


def dealt_hands(cards: tuple[int, ...], dealer: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Return the hands when card j of `cards` goes to seat (dealer + 1 + j) mod n, sorted."""
    hands: list[list[int]] = [[] for _ in range(n)]
    for j, card in enumerate(cards):
        hands[(dealer + 1 + j) % n].append(card)
    return tuple(tuple(sorted(hand)) for hand in hands)


@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_w25_dealing_order_first_cycle(seed: int) -> None:
    game = keezen(4, first_dealer=3)
    p = shuffled(full_deck(4), event_rng(seed, "pack", 0))
    state = game.initial_state(seed)
    assert state.deal == 1
    assert state.pack == p[20:]

    def s(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(cards))

    state, _ = run_deals(game, seed, 4)
    deal1, deal2, deal3 = (segment[0] for segment in state.log[:3])
    assert (deal1.deal, deal1.dealer) == (1, 3)
    assert deal1.hands == (s(p[0:20:4]), s(p[1:20:4]), s(p[2:20:4]), s(p[3:20:4]))
    assert (deal2.deal, deal2.dealer) == (2, 0)
    assert deal2.hands == (s(p[23:36:4]), s(p[20:36:4]), s(p[21:36:4]), s(p[22:36:4]))
    assert (deal3.deal, deal3.dealer) == (3, 1)
    # Starts at p[36] with seat 2 and ends with p[51] to seat 1.
    assert deal3.hands == (s(p[38:52:4]), s(p[39:52:4]), s(p[36:52:4]), s(p[37:52:4]))
    assert p[51] in deal3.hands[1]
    for deal, start in ((deal1, 0), (deal2, 20), (deal3, 36)):
        count = 4 * len(deal.hands[0])
        assert deal.hands == dealt_hands(p[start : start + count], deal.dealer, 4)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_w25_card_j_goes_to_seat_dealer_plus_one_plus_j(players: int) -> None:
    seed = 11
    game = keezen(players, first_dealer=players - 1)
    state, _ = run_deals(game, seed, 7)
    for cycle in range(3):
        p = shuffled(full_deck(players), event_rng(seed, "pack", cycle))
        start = 0
        for segment in state.log[3 * cycle : 3 * cycle + 3]:
            deal = segment[0]
            assert isinstance(deal, DealEvent)
            count = players * len(deal.hands[0])
            assert deal.hands == dealt_hands(p[start : start + count], deal.dealer, players)
            start += count


# -- W26 -----------------------------------------------------------------------------------


def test_w26_turn_order_with_discard_constructed() -> None:
    game = keezen()
    pos = "0:1,s,s,s 1:56,s,s,s 2:s,s,s,s 3:50,s,s,s"
    hands = {0: "2,3,5,6", 1: "2,3,5,6", 2: "K,K,K,K", 3: "2,3,5,6"}
    state = game.position_state(pos, hands, to_move=0, dealer=3)
    script = [
        (0, "2: 1-3"),
        (1, "2: 56-58"),
        (2, "K: s-32"),
        (3, "2: 50-52"),
        (0, "3: 3-6"),
        (1, "3: 58-61"),
        (3, "3: 52-55"),
        (0, "5: 6-11"),
        (1, "5: 61-2"),
        (3, "5: 55-60"),
        (0, "6: 11-17"),
        (1, "6: 2-8"),
        (3, "6: 60-2"),
    ]
    for seat, text in script:
        assert state.deal == 1
        assert state.current == seat
        state = play(game, state, text)
    assert position(game, state) == "0:17,s,s,s 1:8,s,s,s 2:32,s,s,s 3:2,s,s,s"
    first_deal = state.log[0]
    assert turns_of(first_deal) == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 3, 0, 1, 3]
    assert first_deal[7] == DiscardEvent(2, parse_hand("K,K,K"))
    assert sum(isinstance(e, PlayEvent) for e in first_deal) == 13
    assert sum(isinstance(e, DiscardEvent) for e in first_deal) == 1
    # All hands are empty after seat 3's fourth card: the deal ends, seat 0 deals next.
    next_deal = state.log[1][0]
    assert isinstance(next_deal, DealEvent)
    assert (next_deal.deal, next_deal.dealer) == (2, 0)


def test_w26_turn_order_with_discard_in_seeded_game() -> None:
    # In this seeded game (always the first legal action) deal 2 is exactly W26.
    game = keezen(4, first_dealer=2)
    state, _ = run_deals(game, 187, 3)
    segment = state.log[1]
    deal = segment[0]
    assert isinstance(deal, DealEvent)
    assert (deal.deal, deal.dealer) == (2, 3)
    assert [len(hand) for hand in deal.hands] == [4, 4, 4, 4]
    assert turns_of(segment) == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 3, 0, 1, 3]
    kinds = [type(e) for e in segment[1:]]
    assert kinds == [PlayEvent] * 6 + [DiscardEvent] + [PlayEvent] * 7
    discard = segment[7]
    assert isinstance(discard, DiscardEvent)
    assert discard.seat == 2
    assert len(discard.cards) == 3
    # Seat 3's fourth card ends the deal; seat 0 deals next and seat 1 leads.
    last = segment[-1]
    assert isinstance(last, PlayEvent)
    assert last.seat == 3
    following = state.log[2]
    assert following[0].deal == 3
    assert following[0].dealer == 0
    assert turns_of(following)[0] == 1
