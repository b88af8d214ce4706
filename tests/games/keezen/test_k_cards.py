"""Rules K34–K52 of the Keezen specification: what each card does (section 4)."""

from __future__ import annotations

from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.state import PlayEvent
from tests.games.keezen.helpers import discards, keezen, legal_texts, play, position, state_at


def last_play(state: KeezenState) -> PlayEvent:
    """Return the most recent card played in the log."""
    return [e for e in state.events() if isinstance(e, PlayEvent)][-1]


def legal_now(game: KeezenGame, state: KeezenState) -> set[str]:
    """Return the legal actions of the seat to move in `state`, as notation."""
    return {game.action_to_text(state, action) for action in game.legal_actions(state)}


# -- Ace, King and entering ------------------------------------------------------------------


def test_k34_ace_enters_or_moves_one_forward() -> None:
    """K34: seat 3's Ace enters on 48 or moves a pawn one step, on the track or in h3."""
    game = keezen()
    start = "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:50,h2,s,s"
    assert legal_texts(game, start, 3, "A") == {"A: s-48", "A: 50-51", "A: h3.2-h3.3"}


def test_k35_king_only_enters() -> None:
    """K35: the King enters a pawn and never moves one on the board."""
    game = keezen()
    assert legal_texts(game, "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:50,h2,s,s", 3, "K") == {
        "K: s-48",
    }
    assert legal_texts(game, "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:50,51,52,h0", 3, "K") == set()


def test_k36_entering_puts_a_start_area_pawn_on_the_start_square() -> None:
    """K36: `K: s-48` moves one pawn of colour 3 from its start area onto S(3) = 48."""
    game = keezen()
    state = state_at(game, "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:50,h2,s,s", {3: "K"}, to_move=3)
    after = play(game, state, "K: s-48")
    assert position(game, after) == "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:48,50,h2,s"
    # Without a pawn in the start area nothing can enter.
    assert legal_texts(game, "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:50,h1,h2,h3", 3, "A,K") == {
        "A: 50-51",
    }


def test_k37_entering_is_blocked_by_an_own_pawn_and_captures_another() -> None:
    """K37: an own pawn on S(2) forbids entering; an opponent's pawn there is captured."""
    game = keezen()
    assert legal_texts(game, "0:s,s,s,s 1:s,s,s,s 2:32,s,s,s 3:s,s,s,s", 2, "A,K") == {
        "A: 32-33",
    }
    start = "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:32,s,s,s"
    assert legal_texts(game, start, 2, "K") == {"K: s-32x"}
    after = play(game, state_at(game, start, {2: "K"}, to_move=2), "K: s-32x")
    assert position(game, after) == "0:s,s,s,s 1:s,s,s,s 2:32,s,s,s 3:s,s,s,s"
    assert last_play(after).captured == (3,)


# -- Queen and the plain number cards --------------------------------------------------------


def test_k38_queen_moves_twelve_forward() -> None:
    """K38: seat 1's Queen takes 40 to 52, and 6 (progress 54) to h1.2."""
    game = keezen()
    assert legal_texts(game, "0:s,s,s,s 1:6,40,s,s 2:s,s,s,s 3:s,s,s,s", 1, "Q") == {
        "Q: 6-h1.2", "Q: 40-52",
    }


def test_k39_number_cards_move_exactly_their_value() -> None:
    """K39: 2, 3, 5, 6, 8, 9 and 10 each move one pawn exactly that many squares."""
    game = keezen()
    assert legal_texts(game, "0:20,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "2,3,5,6,8,9,10") == {
        "2: 20-22", "3: 20-23", "5: 20-25", "6: 20-26", "8: 20-28", "9: 20-29", "10: 20-30",
    }


# -- The Four --------------------------------------------------------------------------------


def test_k40_four_moves_a_track_pawn_four_back() -> None:
    """K40: the 4 moves seat 2's pawn from 40 to 36; the pawn in h2.1 cannot use it."""
    game = keezen()
    start = "0:s,s,s,s 1:s,s,s,s 2:40,h1,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 2, "4") == {"4: 40-36"}
    after = play(game, state_at(game, start, {2: "4"}, to_move=2), "4: 40-36")
    assert position(game, after) == "0:s,s,s,s 1:s,s,s,s 2:36,h1,s,s 3:s,s,s,s"


def test_k41_four_passes_the_own_empty_start_square_and_captures_on_landing() -> None:
    """K41: seat 1's 4 from 18 passes 16 and captures on 14."""
    game = keezen()
    start = "0:s,s,s,s 1:18,s,s,s 2:s,s,s,s 3:14,s,s,s"
    assert legal_texts(game, start, 1, "4") == {"4: 18-14x"}
    after = play(game, state_at(game, start, {1: "4"}, to_move=1), "4: 18-14x")
    assert position(game, after) == "0:s,s,s,s 1:14,s,s,s 2:s,s,s,s 3:s,s,s,s"


def test_k41_four_onto_the_own_start_square_captures_and_protects() -> None:
    """K41: seat 1's 4 from 20 captures seat 0 on 16 and is then protected there."""
    game = keezen()
    start = "0:13,16,s,s 1:20,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 1, "4") == {"4: 20-16x"}
    state = state_at(game, start, {1: "4", 0: "2,5"}, to_move=1)
    after = play(game, state, "4: 20-16x")
    assert position(game, after) == "0:13,s,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert after.current == 0
    assert legal_now(game, after) == {"2: 13-15"}


def test_k42_backing_over_the_start_square_leads_straight_home() -> None:
    """K42: seat 1 backs from 17 (progress 1) to 13 (progress 61); a 5 then reaches h1.2."""
    game = keezen()
    state = state_at(game, "0:s,s,s,s 1:17,s,s,s 2:s,s,s,s 3:s,s,s,s", {1: "4,5"}, to_move=1)
    assert legal_now(game, state) == {
        "4: 17-13", "5: 17-22",
    }
    after = play(game, state, "4: 17-13")
    assert after.current == 1
    assert legal_now(game, after) == {"5: 13-h1.2"}


# -- The Seven -------------------------------------------------------------------------------


def test_k43_seven_moves_one_pawn_seven_or_two_pawns_seven_in_total() -> None:
    """K43: single 7s, and splits a + (7 − a) over two different pawns."""
    game = keezen()
    assert legal_texts(game, "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:40,s,s,s", 3, "7") == {
        "7: 40-47",
    }
    # Seat 0's protected pawn on 0 stops both of seat 3's pawns at 63: only splits fit.
    assert legal_texts(game, "0:0,s,s,s 1:s,s,s,s 2:s,s,s,s 3:58,60,s,s", 3, "7") == {
        "7: 58-62, 60-63", "7: 58-63, 60-62", "7: 60-62, 58-63", "7: 60-63, 58-62",
    }


def test_k44_the_parts_of_a_seven_are_played_in_order() -> None:
    """K44: h2.0 must move first to let 27 into h2.0; both orders of 4 + 3 are separate actions."""
    game = keezen()
    start = "0:s,s,s,s 1:s,s,s,s 2:27,h0,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 2, "7") == {
        "7: h2.0-h2.2, 27-h2.0", "7: h2.0-h2.3, 27-31", "7: 27-31, h2.0-h2.3",
    }
    state = state_at(game, start, {2: "7"}, to_move=2)
    assert position(game, play(game, state, "7: h2.0-h2.2, 27-h2.0")) == (
        "0:s,s,s,s 1:s,s,s,s 2:h0,h2,s,s 3:s,s,s,s"
    )
    for text in ("7: h2.0-h2.3, 27-31", "7: 27-31, h2.0-h2.3"):
        assert position(game, play(game, state, text)) == (
            "0:s,s,s,s 1:s,s,s,s 2:31,h3,s,s 3:s,s,s,s"
        )


def test_k45_either_part_of_a_seven_may_capture_even_the_other_pawn() -> None:
    """K45: captures of seat 3 and of the pawn just moved; 24-27x leaves no second pawn."""
    game = keezen()
    start = "0:s,s,s,s 1:24,27,s,s 2:32,s,s,s 3:29,s,s,s"
    assert legal_texts(game, start, 1, "7") == {
        "7: 24-31",
        "7: 24-28, 27-30", "7: 24-29x, 27-29x", "7: 24-30, 27-28",
        "7: 27-28, 24-30", "7: 27-29x, 24-29x", "7: 27-30, 24-28", "7: 27-31, 24-27",
    }
    state = state_at(game, start, {1: "7"}, to_move=1)
    after = play(game, state, "7: 27-29x, 24-29x")
    assert position(game, after) == "0:s,s,s,s 1:29,s,s,s 2:32,s,s,s 3:s,s,s,s"
    assert last_play(after).captured == (3, 1)


def test_k46_the_rest_of_a_seven_goes_to_the_partner_once_finished() -> None:
    """K46: 6 players; seat 1's 3 steps finish colour 1, the other 4 move partner colour 4."""
    game = keezen(6)
    start = "0:s,s,s,s 1:13,h1,h2,h3 2:s,s,s,s 3:s,s,s,s 4:64,70,s,s 5:s,s,s,s"
    assert legal_texts(game, start, 1, "7") == {"7: 13-h1.0, 64-68", "7: 13-h1.0, 70-74"}
    after = play(game, state_at(game, start, {1: "7"}, to_move=1), "7: 13-h1.0, 70-74")
    assert position(game, after) == (
        "0:s,s,s,s 1:h0,h1,h2,h3 2:s,s,s,s 3:s,s,s,s 4:64,74,s,s 5:s,s,s,s"
    )
    assert game.controlled_colour(after, 1) == 4
    without = keezen(6, seven_partner_remainder=False)
    assert legal_texts(without, start, 1, "7") == set()


def test_k47_a_split_with_an_impossible_second_part_is_illegal() -> None:
    """K47: 10 cannot pass 16 with a single 7, and h0.3 cannot take any rest of a split."""
    game = keezen()
    assert legal_texts(game, "0:10,h3,s,s 1:16,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "7") == set()
    assert legal_texts(game, "0:10,h3,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "7") == {
        "7: 10-17",
    }


def test_k47_a_seven_cannot_be_cut_short_by_the_win() -> None:
    """K47: seat 3 needs 3 steps and partner 1 is home: the 7 is unplayable, the 3 wins."""
    game = keezen()
    start = "0:s,s,s,s 1:h0,h1,h2,h3 2:s,s,s,s 3:45,h1,h2,h3"
    assert legal_texts(game, start, 3, "7") == set()
    assert legal_texts(game, start, 3, "3,7") == {"3: 45-h3.0"}


def test_k47_two_players_no_rest_of_a_seven_after_the_last_pawn() -> None:
    """K47: 2 players; seat 1 on 13 (progress 29) is 3 steps from home with no one to take 4."""
    game = keezen(2)
    start = "0:s,s,s,s 1:13,h1,h2,h3"
    assert legal_texts(game, start, 1, "7") == set()
    assert legal_texts(game, start, 1, "3,7") == {"3: 13-h1.0"}


# -- The Jack --------------------------------------------------------------------------------


def test_k48_jack_swaps_a_controlled_pawn_with_another_colour() -> None:
    """K48: seat 0 swaps with partner or opponent pawns, never two of its own."""
    game = keezen()
    start = "0:10,20,s,s 1:30,s,s,s 2:40,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "J") == {
        "J: 10<>30", "J: 10<>40", "J: 20<>30", "J: 20<>40",
    }
    state = state_at(game, start, {0: "J"}, to_move=0)
    assert state.current == 0 and discards(state) == []  # a playable Jack must be played
    after = play(game, state, "J: 10<>40")
    assert position(game, after) == "0:20,40,s,s 1:30,s,s,s 2:10,s,s,s 3:s,s,s,s"


def test_k49_the_other_pawn_must_be_on_the_track_and_unprotected() -> None:
    """K49: not seat 1 on 16 (protected), not h1.1, not start areas; seat 3 on 0 is fair game."""
    game = keezen()
    start = "0:10,s,s,s 1:16,h1,s,s 2:33,s,s,s 3:0,s,s,s"
    assert legal_texts(game, start, 0, "J") == {"J: 10<>0", "J: 10<>33"}


def test_k50_the_controlled_pawn_must_be_on_the_track() -> None:
    """K50: pawns in the home lane or start area cannot be swapped."""
    game = keezen()
    assert legal_texts(game, "0:h0,h3,s,s 1:20,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "J") == set()
    assert legal_texts(game, "0:5,h0,h3,s 1:20,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "J") == {
        "J: 5<>20",
    }


def test_k51_the_controlled_pawn_may_not_be_protected_either() -> None:
    """K51: a pawn on its own start square is not swapped, unless owner_may_swap_from_start."""
    strict, lenient = keezen(), keezen(owner_may_swap_from_start=True)
    start = "0:0,s,s,s 1:20,s,s,s 2:s,s,s,s 3:48,s,s,s"
    assert legal_texts(strict, start, 0, "J") == set()
    assert legal_texts(lenient, start, 0, "J") == {"J: 0<>20"}
    # A finished player's controlled pawns are the partner's: the same switch applies.
    finished = "0:h0,h1,h2,h3 1:20,s,s,s 2:32,s,s,s 3:s,s,s,s"
    assert legal_texts(strict, finished, 0, "J") == set()
    assert legal_texts(lenient, finished, 0, "J") == {"J: 32<>20"}


def test_k52_a_swap_captures_nothing_and_each_pawn_keeps_its_own_route() -> None:
    """K52: seat 0 swaps onto its own start square (now protected); seat 3's pawn is near home."""
    game = keezen()
    start = "0:46,s,s,s 1:62,s,s,s 2:s,s,s,s 3:0,s,s,s"
    state = state_at(game, start, {0: "J", 1: "2,3", 3: "5"}, to_move=0)
    after = play(game, state, "J: 46<>0")
    assert position(game, after) == "0:0,s,s,s 1:62,s,s,s 2:s,s,s,s 3:46,s,s,s"
    assert last_play(after).captured == ()
    # Seat 1 can neither land on nor pass the protected pawn on 0: its hand goes in.
    assert discards(after) == [(1, (2, 3))]
    # Seat 3's pawn on 46 has progress 62 on its own route: the 5 ends in h3.3.
    assert after.current == 3
    assert legal_now(game, after) == {"5: 46-h3.3"}
