"""The numeric observation of Suitors' Paths, segment by segment: seat-relative, fixed
length, nothing hidden (`check_encoder` on every game: tests/plugin/test_encoding.py)."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core.conformance import ConformanceError
from ludoteca.core.encoding import EncodingLayout, Segment, check_encoder
from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.encoding import SpEncoder
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import A, B, C, D, act, example, sp

POSITION = """girls: 2,0=ABDC 4,0 5,1 4,3 2,4 0,4 0,2=B
hands: C=GY B=GGGK A=RRM
known: B=GK
display: GYMG_B
deck: RYB ...
routes: C=1,1/SE-S B=1,3/N-NE
step: build
to move: B
"""
"""B (seat 1) to build; the girl on 2,0 (path 0) holds A B D C bottom first, 0,2 (path 12) B."""
SIZES = {2: 1645, 3: 2486, 4: 3477, 5: 4746}
"""The total lengths docs/research.md gives."""



def blocks(values: list[float], width: int) -> list[list[float]]:
    """Return `values` cut into rows of `width`."""
    return [values[i:i + width] for i in range(0, len(values), width)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_segment_sizes_add_up(players: int) -> None:
    game = sp(players)
    encoder = SpEncoder(game)
    make = ludoteca.game_spec("suitors_paths").observation_encoder
    assert make is not None and isinstance(make(game), SpEncoder)
    assert sum(s.size for s in encoder.layout.segments) == encoder.layout.size == SIZES[players]
    assert len(encoder.encode(game.initial_state(seed=2), 0)) == SIZES[players]


def test_turn_step_and_seats_are_relative_to_the_observer() -> None:
    game = sp()
    encoder = SpEncoder(game)
    state = example(game, POSITION)
    assert encoder.layout.values(encoder.encode(state, B), "turn") == [1.0, 0.0, 0.0, 0.0]
    assert encoder.layout.values(encoder.encode(state, A), "turn") == [0.0, 1.0, 0.0, 0.0]
    assert encoder.layout.values(encoder.encode(state, C), "turn") == [0.0, 0.0, 0.0, 1.0]
    vector = encoder.encode(state, B)
    assert encoder.layout.values(vector, "step") == [0, 0, 1, 0, 0, 0, 0]  # build
    order = blocks(encoder.layout.values(vector, "turn_order"), 4)  # turn order C D B A
    assert [row.index(1.0) for row in order] == [2, 0, 1, 3]  # B, C, D, A
    suitors = blocks(encoder.layout.values(vector, "suitors"), len(game.board.ring2))
    board = game.board
    assert suitors[0].index(1.0) == board.ring2_index[board.hex_by_name["1,3"]]


def test_hands_show_the_own_cards_and_only_the_known_cards_of_others() -> None:
    game = sp()
    encoder = SpEncoder(game)
    vector = encoder.encode(example(game, POSITION), B)
    assert encoder.layout.values(vector, "hand") == pytest.approx([3 / 12, 0, 0, 1 / 12, 0, 0])
    known = blocks(encoder.layout.values(vector, "known"), 6)
    assert known[0] == pytest.approx([1 / 12, 0, 0, 1 / 12, 0, 0])
    assert not any(known[1] + known[2] + known[3])
    assert encoder.layout.values(vector, "unseen") == pytest.approx([2 / 16, 2 / 16, 0, 3 / 16])
    display = blocks(encoder.layout.values(vector, "display"), 6)
    assert [row.index(1.0) if any(row) else None for row in display] == [0, 1, 5, 0, None, 4]


def test_girls_routes_heads_and_scores() -> None:
    game = sp()
    encoder = SpEncoder(game)
    state = example(game, POSITION)
    vector = encoder.encode(state, B)
    girls = blocks(encoder.layout.values(vector, "girls"), 1 + 4 * 4)
    assert [girl[0] for girl in girls].count(1.0) == 7
    levels = blocks(girls[0][1:], 4)  # A B D C, seen from B: 3 0 2 1
    assert [level.index(1.0) for level in levels] == [3, 0, 2, 1]
    assert girls[12][1:5] == [1.0, 0.0, 0.0, 0.0] and not any(girls[12][5:])
    owners = blocks(encoder.layout.values(vector, "segments"), 5)
    routed = {tuple(row) for row in owners if any(row)}
    assert routed == {(1.0, 0.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 0.0, 1.0)}  # B's, C's
    heads = blocks(encoder.layout.values(vector, "heads"), game.board.num_points)
    assert heads[0].index(1.0) == state.routes[B][-1].points[-1]
    assert heads[1].index(1.0) == state.routes[C][-1].points[-1]
    assert not any(heads[2] + heads[3])
    scores = game.scores(state)
    assert encoder.layout.values(vector, "scores") == pytest.approx(
        [scores[seat] / 18 for seat in (B, C, D, A)])
    assert encoder.layout.values(vector, "connections") == pytest.approx(
        [2 / 6, 1 / 6, 1 / 6, 1 / 6])


def test_another_seats_unseen_cards_are_not_encoded() -> None:
    game = sp()
    encoder = SpEncoder(game)
    one = example(game, POSITION)
    other = example(game, POSITION.replace("A=RRM", "A=GGM"))
    assert one.hands[A] != other.hands[A]
    for seat in (B, C, D):
        assert encoder.encode(one, seat) == encoder.encode(other, seat)
    assert encoder.encode(one, A) != encoder.encode(other, A)


def test_the_auction_is_encoded() -> None:
    game = sp(3)
    encoder = SpEncoder(game)
    state = game.initial_state(seed=4)
    opener = state.opener
    vector = encoder.encode(state, opener)
    assert encoder.layout.values(vector, "step")[0] == 1.0
    assert encoder.layout.values(vector, "auction_opener") == [1.0, 0.0, 0.0]
    assert not any(encoder.layout.values(vector, "auction_hex"))
    open_text = next(game.action_to_text(state, a) for a in game.legal_actions(state)
                     if game.action_to_text(state, a).endswith(" 2"))
    state = act(game, state, open_text)
    vector = encoder.encode(state, (opener + 1) % 3)
    assert encoder.layout.values(vector, "auction_bid") == pytest.approx([2 / 6])
    assert encoder.layout.values(vector, "high_bidder") == [0.0, 0.0, 1.0]  # the previous seat
    assert sum(encoder.layout.values(vector, "auction_hex")) == 1.0


def test_a_finished_game_has_no_turn_and_the_step_over() -> None:
    game = sp(2)
    encoder = SpEncoder(game)
    state = game.initial_state(seed=6)
    while not game.is_terminal(state):
        state = game.apply(state, game.legal_actions(state)[-1])
    assert state.step == Step.OVER
    vector = encoder.encode(state, 1)
    assert not any(encoder.layout.values(vector, "turn"))
    assert encoder.layout.values(vector, "step")[-1] == 1.0


class LeakyEncoder(SpEncoder):
    """Encodes, besides the honest vector, the next seat's whole hand."""

    def __init__(self, game: SpGame) -> None:
        super().__init__(game)
        self.layout = EncodingLayout((*self.layout.segments,
                                      Segment("leak", 6, "the next seat's hand")))

    def encode(self, state: SpState, seat: int) -> list[float]:
        vector = super().encode(state, seat)  # a blank of the longer layout, leak left at 0
        start = self.layout.offset("leak")
        for colour, count in enumerate(state.hands[(seat + 1) % self.n]):
            vector[start + colour] = count / 12
        return vector


def test_check_encoder_catches_a_leaked_hand() -> None:
    game = sp(3)
    with pytest.raises(ConformanceError, match="hidden parts are redrawn, first in segment leak"):
        check_encoder(game, LeakyEncoder(game), games=2, seed=1)
