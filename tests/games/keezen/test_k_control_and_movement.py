"""Rules K20–K33 of the Keezen specification: control and movement (section 4)."""

from __future__ import annotations

import pytest

from ludoteca.games.keezen import KeezenState
from ludoteca.games.keezen.state import PlayEvent
from tests.games.keezen.helpers import discards, keezen, legal_texts, play, position, state_at


def last_play(state: KeezenState) -> PlayEvent:
    """Return the most recent card played in the log."""
    return [e for e in state.events() if isinstance(e, PlayEvent)][-1]


# -- Control ---------------------------------------------------------------------------------


def test_k20_a_player_moves_only_their_own_colour() -> None:
    """K20: with one pawn still on the track, seat 0 moves colour 0, not partner colour 2."""
    game = keezen()
    start = "0:10,h0,h1,h2 1:s,s,s,s 2:20,s,s,s 3:30,s,s,s"
    assert legal_texts(game, start, 0, "3,K") == {"3: 10-13"}
    state = state_at(game, start, {0: "3,K"}, to_move=0)
    assert game.controlled_colour(state, 0) == 0
    assert game.controlled_colour(state, 2) == 2


def test_k21_a_finished_player_moves_the_partner_colour() -> None:
    """K21: seat 0 is finished, so it plays its cards for colour 2, and must do so."""
    game = keezen()
    start = "0:h0,h1,h2,h3 1:30,s,s,s 2:5,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "4,8") == {"4: 5-1", "8: 5-13"}
    state = state_at(game, start, {0: "4,8", 1: "A"}, to_move=0)
    assert game.controlled_colour(state, 0) == 2
    assert state.current == 0 and discards(state) == []
    after = play(game, state, "8: 5-13")
    assert position(game, after) == "0:h0,h1,h2,h3 1:30,s,s,s 2:13,s,s,s 3:s,s,s,s"


def test_k21_a_finished_player_enters_partner_pawns() -> None:
    """K21: finished seat 1 enters colour 3's pawns on S(3) = 48."""
    game = keezen()
    start = "0:s,s,s,s 1:h0,h1,h2,h3 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 1, "A,Q") == {"A: s-48"}


# -- Movement --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "doubled",
    [
        "0:10,10,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",
        "0:10,s,s,s 1:10,s,s,s 2:s,s,s,s 3:s,s,s,s",
        "0:h1,h1,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",
    ],
)
def test_k22_a_square_or_slot_holds_one_pawn(doubled: str) -> None:
    """K22: a position with two pawns on one square or slot does not exist."""
    with pytest.raises(ValueError):
        state_at(keezen(), doubled, {0: "A"}, to_move=0)


def test_k22_landing_on_a_pawn_leaves_one_pawn_there() -> None:
    """K22: the mover takes the square; the pawn standing there goes back to its start area."""
    game = keezen()
    state = state_at(game, "0:10,s,s,s 1:13,s,s,s 2:s,s,s,s 3:s,s,s,s", {0: "3"}, to_move=0)
    after = game.apply(state, game.action_from_text(state, "3: 10-13x"))
    assert position(game, after) == "0:13,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"


def test_k23_a_forward_move_steps_along_the_route_round_the_ring() -> None:
    """K23: seat 2's 9 from 60 runs 61, 62, 63, 0, … 5 (the ring wraps)."""
    game = keezen()
    start = "0:s,s,s,s 1:s,s,s,s 2:60,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 2, "9") == {"9: 60-5"}
    state = state_at(game, start, {2: "9"}, to_move=2)
    assert position(game, play(game, state, "9: 60-5")) == (
        "0:s,s,s,s 1:s,s,s,s 2:5,s,s,s 3:s,s,s,s"
    )


def test_k23_every_step_but_the_last_is_passed() -> None:
    """K23: square 0 lies on the 9's path, so a protected pawn there stops it; a 3 stops short."""
    game = keezen()
    start = "0:0,s,s,s 1:s,s,s,s 2:60,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 2, "3,9") == {"3: 60-63"}


def test_k24_a_pawn_turns_into_its_home_lane_and_never_overshoots() -> None:
    """K24: from E(1) = 15 seat 1 can only go into h1; beyond slot 3 is illegal."""
    game = keezen()
    assert legal_texts(game, "0:s,s,s,s 1:15,s,s,s 2:s,s,s,s 3:s,s,s,s", 1, "2,5") == {
        "2: 15-h1.1",
    }
    # Progress 60: 7 reaches h1.3 exactly, 8 would go one further although 16–20 are empty.
    assert legal_texts(game, "0:s,s,s,s 1:12,s,s,s 2:s,s,s,s 3:s,s,s,s", 1, "7,8,Q") == {
        "7: 12-h1.3",
    }


def test_k25_a_four_moves_four_track_squares_back_and_never_into_the_home_lane() -> None:
    """K25: seat 1's 4 from 19 lands on 15 = E(1), not in h1; seat 2 wraps from 1 to 61."""
    game = keezen()
    start = "0:s,s,s,s 1:19,s,s,s 2:1,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 1, "4") == {"4: 19-15"}
    assert legal_texts(game, start, 2, "4") == {"4: 1-61"}
    state = state_at(game, start, {1: "4"}, to_move=1)
    assert position(game, play(game, state, "4: 19-15")) == (
        "0:s,s,s,s 1:15,s,s,s 2:1,s,s,s 3:s,s,s,s"
    )


def test_k26_a_home_lane_pawn_never_moves_back_or_out() -> None:
    """K26: pawns in h0.0 and h0.2 ignore the 4; they only move deeper."""
    game = keezen()
    start = "0:h0,h2,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "3,4,J,Q") == set()
    assert legal_texts(game, start, 0, "A,4") == {"A: s-0", "A: h0.0-h0.1", "A: h0.2-h0.3"}


def test_k27_protection_comes_from_standing_on_the_own_start_square() -> None:
    """K27: seat 1's pawn becomes protected by backing onto 16; seat 0 can no longer pass it."""
    game = keezen()
    start = "0:12,s,s,s 1:20,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "2,5") == {"2: 12-14", "5: 12-17"}
    state = state_at(game, start, {1: "4", 0: "2,5"}, to_move=1)
    after = play(game, state, "4: 20-16")
    assert after.current == 0
    assert {game.action_to_text(after, a) for a in game.legal_actions(after)} == {"2: 12-14"}


def test_k27_a_pawn_on_another_colours_start_square_is_not_protected() -> None:
    """K27: seat 2's pawn on 16 = S(1) may be passed and captured."""
    game = keezen()
    assert legal_texts(game, "0:12,s,s,s 1:s,s,s,s 2:16,s,s,s 3:s,s,s,s", 0, "3,4,5") == {
        "3: 12-15", "4: 12-8", "5: 12-17",
    }
    assert legal_texts(game, "0:20,s,s,s 1:s,s,s,s 2:16,s,s,s 3:s,s,s,s", 0, "4") == {
        "4: 20-16x",
    }


def test_k28_protected_pawn_blocks_passing_and_landing() -> None:
    """K28: seat 2's pawn on 32 blocks every move across or onto 32, its own colour's too."""
    game = keezen()
    start = "0:29,s,s,s 1:27,s,s,s 2:32,34,s,s 3:36,s,s,s"
    # Forward: landing (0: 29 → 32) and passing (1: 27 → 33).
    assert legal_texts(game, start, 0, "2,3") == {"2: 29-31"}
    assert legal_texts(game, start, 1, "3,6") == {"3: 27-30"}
    # Backward: landing (3: 36 → 32) and passing by its own colour (2: 34 → 30).
    assert legal_texts(game, start, 3, "4") == set()
    assert legal_texts(game, start, 2, "4") == {"4: 32-28"}


def test_k29_no_move_passes_a_pawn_in_the_home_lane() -> None:
    """K29: the pawn in h0.1 stops a 5 or 6 from 61 but not a 3; a 7 may clear it first."""
    game = keezen()
    start = "0:61,h1,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "3,5,6") == {"3: 61-h0.0"}
    assert legal_texts(game, start, 0, "7") == {"7: h0.1-h0.3, 61-h0.2"}


def test_k30_no_move_lands_on_a_pawn_in_the_home_lane() -> None:
    """K30: h0.3 and h0.2 are taken, so neither the 7 nor the 2 may land there."""
    game = keezen()
    assert legal_texts(game, "0:60,h3,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "6,7") == {
        "6: 60-h0.2",
    }
    assert legal_texts(game, "0:h0,h2,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s", 0, "2") == set()


def test_k31_unprotected_pawns_are_passed_freely_without_capture() -> None:
    """K31: the 8 from 20 passes pawns of all three other colours and captures none."""
    game = keezen()
    start = "0:20,s,s,s 1:22,s,s,s 2:23,s,s,s 3:25,s,s,s"
    assert legal_texts(game, start, 0, "8") == {"8: 20-28"}
    after = play(game, state_at(game, start, {0: "8"}, to_move=0), "8: 20-28")
    assert position(game, after) == "0:28,s,s,s 1:22,s,s,s 2:23,s,s,s 3:25,s,s,s"
    assert last_play(after).captured == ()


def test_k32_landing_captures_any_unprotected_pawn() -> None:
    """K32: own, partner and opponent pawns are captured alike and go to their start areas."""
    game = keezen()
    start = "0:10,14,s,s 1:s,s,s,s 2:18,s,s,s 3:22,s,s,s"
    assert legal_texts(game, start, 0, "4,8,Q") == {
        "4: 10-6", "4: 14-10x", "8: 10-18x", "8: 14-22x", "Q: 10-22x", "Q: 14-26",
    }
    state = state_at(game, start, {0: "4,8,Q"}, to_move=0)
    cases = {
        "4: 14-10x": ("0:10,s,s,s 1:s,s,s,s 2:18,s,s,s 3:22,s,s,s", (0,)),
        "8: 10-18x": ("0:14,18,s,s 1:s,s,s,s 2:s,s,s,s 3:22,s,s,s", (2,)),
        "Q: 10-22x": ("0:14,22,s,s 1:s,s,s,s 2:18,s,s,s 3:s,s,s,s", (3,)),
    }
    for text, (expected, victims) in cases.items():
        after = play(game, state, text)
        assert position(game, after) == expected
        assert last_play(after).captured == victims


def test_k33_a_pawn_may_stop_in_any_free_slot_and_move_on_later() -> None:
    """K33: from 59 every home slot is reachable; from h0.1 a 2 goes on to h0.3."""
    game = keezen()
    start = "0:59,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert legal_texts(game, start, 0, "5,6,7,8") == {
        "5: 59-h0.0", "6: 59-h0.1", "7: 59-h0.2", "8: 59-h0.3",
    }
    state = play(game, state_at(game, start, {0: "2,6"}, to_move=0), "6: 59-h0.1")
    assert position(game, state) == "0:h1,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s"
    assert state.current == 0
    assert {game.action_to_text(state, a) for a in game.legal_actions(state)} == {
        "2: h0.1-h0.3",
    }
