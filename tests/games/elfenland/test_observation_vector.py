"""The numeric observation of Elfenland, segment by segment: seat-relative layout and hidden
parts (`check_encoder` on every game: tests/plugin/test_encoding.py)."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.conformance import ConformanceError
from ludoteca.core.encoding import check_encoder
from ludoteca.games.elfenland import ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.encoding import ElfenlandEncoder
from tests.games.elfenland.helpers import elfenland, make_state, play
from tests.games.support import spec_encoder


def encoder_of(game: ElfenlandGame) -> ElfenlandEncoder:
    """Return the encoder the game's descriptor builds."""
    encoder = spec_encoder(game)
    assert isinstance(encoder, ElfenlandEncoder)
    return encoder



@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_segment_sizes_add_up(players: int) -> None:
    game = elfenland(players)
    layout = encoder_of(game).layout
    assert sum(s.size for s in layout.segments) == layout.size
    assert layout.size == 54 * players + 319  # the formula docs/research.md gives
    assert len(encoder_of(game).encode(game.initial_state(seed=1), 0)) == layout.size


def table(game: ElfenlandGame, hands: dict[int, str], secrets: dict[int, str]) -> ElfenlandState:
    return make_state(
        game, phase=4, current=2, start=1,
        boots={0: "Elvenhold", 1: "Lapphalya", 2: "Beata"},
        hands=hands, secret_counters=secrets, open_counters={1: "PU"},
        counters={3: "P"}, obstacles={3: 2},
        visited={1: ["Lapphalya"]},
    )


def test_own_hand_secrets_and_counts() -> None:
    game = elfenland(3)
    encoder = encoder_of(game)
    state = table(game, {0: "PPDR", 1: "EC", 2: "TTTT"}, {0: "D", 1: "CU"})
    vector = encoder.encode(state, 0)
    assert encoder.layout.values(vector, "hand") == [0.25, 0, 0, 0, 0, 0.125, 0.125]
    assert encoder.layout.values(vector, "secret_counters") == [0, 0, 0, 0, 0, 0.2]
    assert encoder.layout.values(vector, "hand_sizes") == [0.5, 0.25, 0.5]
    assert encoder.layout.values(vector, "secret_counts") == [0.2, 0.4, 0.0]
    # Seat 1 sees itself first: its open P and U at relative seat 0.
    vector = encoder.encode(state, 1)
    assert encoder.layout.values(vector, "hand") == [0, 0.125, 0.125, 0, 0, 0, 0]
    assert encoder.layout.values(vector, "open_counters")[:6] == [0.2, 0, 0, 0.2, 0, 0]
    assert encoder.layout.values(vector, "hand_sizes") == [0.25, 0.5, 0.5]


def test_turn_phase_and_seats_are_relative() -> None:
    game = elfenland(3)
    encoder = encoder_of(game)
    state = table(game, {}, {})
    names = game.map.town_names
    for observer in range(3):
        vector = encoder.encode(state, observer)
        assert encoder.layout.values(vector, "current") == [float(s == (2 - observer) % 3)
                                                        for s in range(3)]
        assert encoder.layout.values(vector, "start_player") == [float(s == (1 - observer) % 3)
                                                             for s in range(3)]
        assert encoder.layout.values(vector, "phase") == [0, 1, 0, 0, 0]
        assert encoder.layout.values(vector, "round") == [1, 0, 0, 0]
        boots = encoder.layout.values(vector, "boots")
        # Seat 1's boot, Lapphalya, in the relative seat's block of 21 towns.
        place = (1 - observer) % 3
        assert boots[place * 21 + names.index("Lapphalya")] == 1.0
        assert sum(boots) == 3
        assert encoder.layout.values(vector, "pieces")[place] == 0.05
        # Seat 2's obstacle lies on road 3: no longer held, and on the board.
        assert encoder.layout.values(vector, "obstacle_held")[(2 - observer) % 3] == 0.0
        assert sum(encoder.layout.values(vector, "obstacle_held")) == 2


def test_roads_and_display() -> None:
    game = elfenland(3)
    encoder = encoder_of(game)
    vector = encoder.encode(table(game, {}, {}), 0)
    roads = encoder.layout.values(vector, "roads")
    index = game.map.road_ids.index(3) * 7
    assert roads[index : index + 7] == [1, 0, 0, 0, 0, 0, 1]  # a Giant Pig and an obstacle
    assert sum(roads) == 2
    display = encoder.layout.values(vector, "display")  # D U P T C, slot by slot
    assert [display[slot * 6 : slot * 6 + 6].index(1.0) for slot in range(5)] == [5, 3, 0, 4, 2]


def test_other_seats_hidden_parts_are_not_encoded() -> None:
    game = elfenland(3)
    encoder = encoder_of(game)
    first = table(game, {0: "PPDR", 1: "EC"}, {0: "D", 1: "CU"})
    second = table(game, {0: "PPDR", 1: "TR"}, {0: "D", 1: "PP"})
    for observer in (0, 2):
        assert encoder.encode(first, observer) == encoder.encode(second, observer)
    assert encoder.encode(first, 1) != encoder.encode(second, 1)


def test_a_placed_secret_counter_becomes_public() -> None:
    game = elfenland(3)
    encoder = encoder_of(game)
    state = table(game, {}, {2: "D"})
    before = encoder.layout.values(encoder.encode(state, 0), "roads")
    after_state = play(game, state, "place D? 30")
    after = encoder.layout.values(encoder.encode(after_state, 0), "roads")
    index = game.map.road_ids.index(30) * 7
    assert before[index : index + 7] == [0.0] * 7
    assert after[index : index + 7] == [0, 0, 0, 0, 0, 1, 0]
    assert encoder.layout.values(encoder.encode(after_state, 0), "secret_counts") == [0, 0, 0]


def test_terminal_state_marks_the_winners_and_no_turn() -> None:
    game = elfenland(2, rounds=3)
    rng = random.Random(5)
    state = game.initial_state(seed=5)
    while not game.is_terminal(state):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    encoder = encoder_of(game)
    for observer in range(2):
        vector = encoder.encode(state, observer)
        assert encoder.layout.values(vector, "current") == [0.0, 0.0]
        assert encoder.layout.values(vector, "phase") == [0, 0, 0, 0, 1]
        assert encoder.layout.values(vector, "options") == [0, 0, 1]
        expected = [float(state.ranks[(observer + r) % 2] == 1) for r in range(2)]
        assert encoder.layout.values(vector, "winners") == expected


class LeakyElfenlandEncoder(ElfenlandEncoder):
    """Adds the next seat's cards to the own hand segment: a leak check_encoder must catch."""

    def encode(self, state: ElfenlandState, seat: int) -> list[float]:
        vector = super().encode(state, seat)
        hand = self.layout.offset("hand")
        for kind, number in enumerate(state.hands[(seat + 1) % self.num_players]):
            if number:
                vector[hand + kind] = 1.0
        return vector


def test_check_encoder_catches_a_leak() -> None:
    game = elfenland(3)
    with pytest.raises(ConformanceError, match="hand"):
        check_encoder(game, LeakyElfenlandEncoder(game), games=1, seed=1)
