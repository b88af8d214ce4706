"""The numeric observation encoding of every registered game that offers one
(`GameSpec.observation_encoder`, which is optional: DESIGN.md §2a, "where it exists"):
`check_encoder` passes at every player count and the option mixes below, the segments add up to
the layout's size, and `check_encoder` catches an encoder that leaks another seat's view.

What one game's vector holds, segment by segment, is tested in its folder
(`tests/games/<name>/test_observation_vector.py`).
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core.conformance import ConformanceError
from ludoteca.core.encoding import EncodingLayout, ObservationEncoder, Segment, check_encoder
from ludoteca.core.game import Game
from ludoteca.core.registry import available_games, game_spec

OPTION_MIXES: dict[str, dict[int, list[dict[str, Any]]]] = {
    "elfenland": {3: [{"caravan": "any"}], 4: [{"hand_limit_timing": "after_move"}],
                  5: [{"rounds": 3}]},
    "keezen": {2: [{}, {"two_player_track": 64}], 4: [{}, {"max_deals": 2}],
               6: [{"dealer_rotation": "per_cycle"}]},
    "suitors_paths": {3: [{}, {"boundary_side_cost": "adjacent", "route_start": "centre",
                               "terrain_split": "uniform", "stall_guard_rounds": None}],
                      5: [{}, {"five_player_girls": 8}]},
    "thurn_und_taxis": {players: [{"round_limit": 40}, {"blind_draw": True, "round_limit": 40}]
                        for players in (2, 3, 4)},
}
"""Per game and player count, the options `check_encoder` is run with (default: none)."""
GAMES_CHECKED = {"elfenland": 2, "keezen": 3, "suitors_paths": 3, "thurn_und_taxis": 4}
"""How many random games `check_encoder` plays per table (default 3)."""
VECTORS_PER_SEAT = {"elfenland": 40, "keezen": 20}
"""At least how many vectors per seat a run checks, where games are long enough to say."""
ENCODED = [name for name in available_games() if game_spec(name).observation_encoder]
TABLES = [(name, players) for name in ENCODED for players in game_spec(name).player_counts]


def encoder_of(game: Game[Any, Any]) -> ObservationEncoder:
    """Return the encoder the game's descriptor builds."""
    make = game_spec(game.name).observation_encoder
    assert make is not None, f"{game.name} has no numeric observation encoding"
    return make(game)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_check_encoder_passes(name: str, players: int) -> None:
    for options in OPTION_MIXES.get(name, {}).get(players, [{}]):
        game = game_spec(name).load(players, **options)
        checked = check_encoder(game, encoder_of(game), games=GAMES_CHECKED.get(name, 3),
                                seed=players)
        assert checked > VECTORS_PER_SEAT.get(name, 1) * players, options


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_segments_add_up_to_the_vector(name: str, players: int) -> None:
    game = game_spec(name).load(players)
    encoder = encoder_of(game)
    assert sum(segment.size for segment in encoder.layout.segments) == encoder.layout.size
    state = game.initial_state(seed=1)
    for seat in range(players):
        assert len(encoder.encode(state, seat)) == encoder.layout.size


class NextSeatLeak:
    """Adds to an honest encoder's vector the next seat's whole vector: a leak of what that
    seat alone may see, which `check_encoder` must catch."""

    def __init__(self, honest: ObservationEncoder, num_players: int) -> None:
        self.honest = honest
        self.num_players = num_players
        self.layout = EncodingLayout((*honest.layout.segments,
                                      Segment("leak", honest.layout.size, "the next seat's")))

    def encode(self, state: Any, seat: int) -> list[float]:
        """Return the honest vector followed by the next seat's."""
        return [*self.honest.encode(state, seat),
                *self.honest.encode(state, (seat + 1) % self.num_players)]


@pytest.mark.parametrize("name", ENCODED)
def test_check_encoder_catches_a_leak_of_the_next_seats_view(name: str) -> None:
    players = min(game_spec(name).player_counts)
    options = OPTION_MIXES.get(name, {}).get(players, [{}])[-1]
    game = game_spec(name).load(players, **options)
    leaky = NextSeatLeak(encoder_of(game), players)
    with pytest.raises(ConformanceError, match="changes when hidden parts are redrawn, first in "
                                               "segment leak"):
        check_encoder(game, leaky, games=3, seed=1)
