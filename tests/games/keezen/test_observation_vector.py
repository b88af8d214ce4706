"""The numeric observation of Keezen, segment by segment: seat-relative layout and hidden
hands (`check_encoder` on every game: tests/plugin/test_encoding.py)."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.conformance import ConformanceError
from ludoteca.core.encoding import check_encoder
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.encoding import KeezenEncoder
from tests.games.keezen.helpers import keezen, play, state_at
from tests.games.support import spec_encoder


def encoder_of(game: KeezenGame) -> KeezenEncoder:
    """Return the encoder the game's descriptor builds."""
    encoder = spec_encoder(game)
    assert isinstance(encoder, KeezenEncoder)
    return encoder



@pytest.mark.parametrize(("players", "track", "size"), [
    (2, 32, 115), (2, 64, 179), (4, 64, 327), (6, 96, 667),
])
def test_segment_sizes_add_up(players: int, track: int, size: int) -> None:
    options = {"two_player_track": track} if players == 2 else {}
    encoder = encoder_of(keezen(players, **options))
    layout = encoder.layout
    assert sum(s.size for s in layout.segments) == layout.size == size
    assert size == players * (track + 10) + 31  # the formula docs/research.md gives
    assert layout.offset("pawns") == 0
    assert len(encoder.encode(keezen(players, **options).initial_state(seed=1), 0)) == size


def test_own_hand_and_hand_sizes() -> None:
    game = keezen(4)
    state = state_at(game, "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",
                     {0: "A,A,5,K", 1: "2,3", 2: "Q"}, to_move=0)
    encoder = encoder_of(game)
    vector = encoder.encode(state, 0)
    hand = encoder.layout.values(vector, "hand")
    # Ace, 5 and King counted, divided by 4: at most four copies of a rank in a 4-player pack.
    assert hand == [0.5, 0, 0, 0, 0.25, 0, 0, 0, 0, 0, 0, 0, 0.25]
    assert encoder.layout.values(vector, "hand_sizes") == [0.8, 0.4, 0.2, 0.0]
    # Seat 1 sees its own two cards, and itself first among the hand sizes.
    vector = encoder.encode(state, 1)
    assert encoder.layout.values(vector, "hand") == [0, 0.25, 0.25] + [0.0] * 10
    assert encoder.layout.values(vector, "hand_sizes") == [0.4, 0.2, 0.0, 0.8]


def test_turn_and_dealer_are_relative() -> None:
    game = keezen(4)
    state = state_at(game, "0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",
                     {2: "A"}, to_move=2)
    encoder = encoder_of(game)
    # The dealer is the seat before the one to move: seat 1.
    assert encoder.layout.values(encoder.encode(state, 0), "current") == [0, 0, 1, 0]
    assert encoder.layout.values(encoder.encode(state, 1), "current") == [0, 1, 0, 0]
    assert encoder.layout.values(encoder.encode(state, 3), "current") == [0, 0, 0, 1]
    assert encoder.layout.values(encoder.encode(state, 3), "dealer") == [0, 0, 1, 0]
    assert encoder.layout.values(encoder.encode(state, 2), "deal_in_cycle") == [1, 0, 0]


def test_board_is_rotated_to_the_observers_start() -> None:
    game = keezen(4)
    # Seat 1's pawn stands on its own start square 16, one more in its home slot 2.
    state = state_at(game, "0:s,s,s,s 1:16,h2,s,s 2:s,s,s,s 3:s,s,s,s", {1: "A"}, to_move=1)
    encoder = encoder_of(game)
    plane = 64 + 4 + 1
    own = encoder.encode(state, 1)
    assert own[0] == 1.0  # its own plane, its start square
    assert own[64 + 2] == 1.0  # home slot 2
    assert own[64 + 4] == 0.5  # two pawns left in the start area
    assert sum(own[:plane]) == 2.5
    seen_by_0 = encoder.encode(state, 0)
    assert seen_by_0[plane + 16] == 1.0  # relative colour 1, square 16 from seat 0's start
    assert seen_by_0[plane + 64 + 2] == 1.0
    seen_by_3 = encoder.encode(state, 3)
    assert seen_by_3[2 * plane + 32] == 1.0  # relative colour 2, 32 squares past seat 3's start
    assert seen_by_3[64 + 4] == 1.0  # seat 3's four pawns all in its start area


def with_hand(game: KeezenGame, hands: dict[int, str]) -> KeezenState:
    return state_at(game, "0:5,s,s,s 1:s,s,s,s 2:40,s,s,s 3:s,s,s,s", hands, to_move=0)


def test_another_seats_hand_is_not_encoded() -> None:
    game = keezen(4)
    encoder = encoder_of(game)
    first = with_hand(game, {0: "A,7", 1: "2,3", 2: "Q,K"})
    second = with_hand(game, {0: "A,7", 1: "2,3", 2: "4,9"})
    for observer in (0, 1, 3):
        assert encoder.encode(first, observer) == encoder.encode(second, observer)
    assert encoder.encode(first, 2) != encoder.encode(second, 2)


def test_cards_played_this_cycle_are_remembered() -> None:
    game = keezen(4)
    encoder = encoder_of(game)
    state = state_at(game, "0:5,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s",
                     {0: "3,7", 1: "A,K"}, to_move=0)
    before = encoder.layout.values(encoder.encode(state, 2), "cycle_spent")
    assert before == [0.0] * 13
    after = play(game, state, "3: 5-8")
    # Seat 1 plays next; seats 2 and 3 hold nothing. Every observer sees the 3 played.
    for observer in range(4):
        spent = encoder.layout.values(encoder.encode(after, observer), "cycle_spent")
        assert spent == [0, 0, 0.25] + [0.0] * 10


def test_terminal_state_marks_the_winners_and_no_turn() -> None:
    game = keezen(2)
    rng = random.Random(3)
    state = game.initial_state(seed=3)
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    encoder = encoder_of(game)
    for observer in range(2):
        vector = encoder.encode(state, observer)
        assert encoder.layout.values(vector, "current") == [0.0, 0.0]
        expected = [1.0 if (observer + r) % 2 in state.winners else 0.0 for r in range(2)]
        assert encoder.layout.values(vector, "winners") == expected


class LeakyKeezenEncoder(KeezenEncoder):
    """Marks the next seat's cards in the own hand segment: a leak check_encoder must catch."""

    def encode(self, state: KeezenState, seat: int) -> list[float]:
        vector = super().encode(state, seat)
        hand = self.layout.offset("hand")
        for rank in state.hands[(seat + 1) % self.num_players]:
            vector[hand + rank - 1] = 1.0
        return vector


def test_check_encoder_catches_a_leak() -> None:
    game = keezen(4)
    with pytest.raises(ConformanceError, match="hand"):
        check_encoder(game, LeakyKeezenEncoder(game), games=1, seed=1)
