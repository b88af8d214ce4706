"""The numeric observation of Thurn und Taxis, segment by segment: seat-relative, fixed
length, nothing hidden (`check_encoder` on every game: tests/plugin/test_encoding.py)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import ludoteca
from ludoteca.core.conformance import ConformanceError
from ludoteca.core.encoding import EncodingLayout, Segment, check_encoder
from ludoteca.games.thurn_und_taxis import TntGame, TntState
from ludoteca.games.thurn_und_taxis.encoding import TntEncoder

from .helpers import position, tnt

POSITION = """
to move: 2
round: 12
point: after_take
display: [STU ULM MUE ZUE _ AUG]
hands: 0=ULM,KEM 2=BAS,LIN,PAS,PAS
routes: 2=SIG-STU-NUE 0=LOD
houses: 1=NUE,ING
carriages: 2=6
tiles: 2=route_5:2
game end: 1
"""



def cities(game: TntGame, values: list[float]) -> dict[str, float]:
    """Return the non-zero values of a per-city block by city code."""
    return {game.board.city_codes[c]: v for c, v in enumerate(values) if v}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_segment_sizes_add_up(players: int) -> None:
    game = tnt(players)
    encoder = TntEncoder(game)
    make = ludoteca.game_spec("thurn_und_taxis").observation_encoder
    assert make is not None and isinstance(make(game), TntEncoder)
    sizes = [s.size for s in encoder.layout.segments]
    assert sum(sizes) == encoder.layout.size == 205 + 132 * players
    assert len(encoder.encode(game.initial_state(seed=1), 0)) == encoder.layout.size


def test_turn_is_marked_relative_to_the_observer() -> None:
    game = tnt(3)
    encoder = TntEncoder(game)
    state = position(game, POSITION)
    assert encoder.layout.values(encoder.encode(state, 2), "turn") == [1.0, 0.0, 0.0]
    assert encoder.layout.values(encoder.encode(state, 0), "turn") == [0.0, 0.0, 1.0]
    assert encoder.layout.values(encoder.encode(state, 1), "turn") == [0.0, 1.0, 0.0]
    point = encoder.layout.values(encoder.encode(state, 0), "point")
    assert point.index(1.0) == 2 and sum(point) == 1.0  # after_take is D3


def test_own_hand_and_public_parts_of_a_position() -> None:
    game = tnt(3)
    encoder = TntEncoder(game)
    state = position(game, POSITION)
    vector = encoder.encode(state, 2)
    assert cities(game, encoder.layout.values(vector, "hand")) == {
        "BAS": 1 / 3, "LIN": 1 / 3, "PAS": 2 / 3}
    seen = encoder.layout.values(vector, "seen_hands")
    assert cities(game, seen[:22]) == cities(game, encoder.layout.values(vector, "hand"))
    assert cities(game, seen[22:44]) == {"KEM": 1 / 3, "ULM": 1 / 3}  # seat 0 is next to 2
    route = encoder.layout.values(vector, "routes")[:67]
    assert cities(game, route[:22]) == {"SIG": 1.0, "STU": 1.0, "NUE": 1.0}
    assert cities(game, route[22:44]) == {"SIG": 1.0}
    assert cities(game, route[44:66]) == {"NUE": 1.0}
    assert route[66] == pytest.approx(3 / 7)
    houses = encoder.layout.values(vector, "houses")
    assert cities(game, houses[44:66]) == {"NUE": 1.0, "ING": 1.0}  # seat 1, two seats on
    assert encoder.layout.values(vector, "carriages")[:5] == [0.0, 0.0, 0.0, 1.0, 0.0]
    assert encoder.layout.values(vector, "end_holder") == [0.0, 0.0, 1.0]
    assert encoder.layout.values(vector, "supply") == pytest.approx([1.0, 1.0, 18 / 20])
    display = encoder.layout.values(vector, "display")
    assert cities(game, display[:22]) == {"STU": 1.0}
    assert not any(display[4 * 22:5 * 22])  # slot 5 is empty
    assert encoder.layout.values(vector, "stacks")[0:3] == [1.0, 1.0, 0.5]  # one route_5 tile gone


def with_blind(state: TntState, seat: int, city: int) -> TntState:
    """Return `state` where `seat` also holds one card of `city`, taken blind."""

    def plus(cards: tuple[int, ...]) -> tuple[int, ...]:
        return (*cards[:city], cards[city] + 1, *cards[city + 1:])

    hands = (*state.hands[:seat], plus(state.hands[seat]), *state.hands[seat + 1:])
    blind = (*state.blind[:seat], plus(state.blind[seat]), *state.blind[seat + 1:])
    return replace(state, hands=hands, blind=blind)


def test_another_seats_blind_card_is_not_encoded() -> None:
    game = tnt(3, blind_draw=True)
    encoder = TntEncoder(game)
    state = position(game, POSITION)
    board = game.board
    one = with_blind(state, 1, board.city("WUE"))
    other = with_blind(state, 1, board.city("FRE"))
    assert encoder.encode(one, 0) == encoder.encode(other, 0)
    assert encoder.encode(one, 2) == encoder.encode(other, 2)
    assert encoder.encode(one, 1) != encoder.encode(other, 1)
    vector = encoder.encode(one, 0)
    assert encoder.layout.values(vector, "blind_counts") == [0.0, pytest.approx(1 / 12), 0.0]
    assert "WUE" not in cities(game, encoder.layout.values(vector, "seen_hands")[22:44])


class LeakyEncoder(TntEncoder):
    """Encodes, besides the honest vector, the next seat's whole hand (its blind cards too)."""

    def __init__(self, game: TntGame) -> None:
        super().__init__(game)
        self.layout = EncodingLayout((*self.layout.segments,
                                      Segment("leak", self.cities, "the next seat's hand")))

    def encode(self, state: TntState, seat: int) -> list[float]:
        vector = super().encode(state, seat)  # a blank of the longer layout, leak left at 0
        start = self.layout.offset("leak")
        for city, count in enumerate(state.hands[(seat + 1) % self.n]):
            vector[start + city] = count / 3
        return vector


def test_check_encoder_catches_a_leaked_blind_card() -> None:
    game = tnt(2, blind_draw=True, round_limit=30)
    assert check_encoder(game, TntEncoder(game), games=3, seed=1) > 0
    with pytest.raises(ConformanceError, match="hidden parts are redrawn, first in segment leak"):
        check_encoder(game, LeakyEncoder(game), games=3, seed=1)


def test_a_finished_game_has_no_turn_and_the_point_over() -> None:
    game = tnt(4, blind_draw=True, round_limit=10)
    encoder = TntEncoder(game)
    rng = random.Random(5)
    state = game.initial_state(seed=5)
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    vector = encoder.encode(state, 3)
    assert not any(encoder.layout.values(vector, "turn"))
    assert encoder.layout.values(vector, "point")[-1] == 1.0
