"""The engine contract holds for Keezen on every board and under every option (check_game)."""

from __future__ import annotations

import pytest

from ludoteca.core import check_game
from tests.games.keezen.helpers import keezen


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 6])
def test_check_game_60_random_games(players: int) -> None:
    # Deep checks (JSON, observation property, rejections) on the harness's schedule (the
    # first steps, powers of two, the last state) plus 1% of the other steps: over 600 per
    # board. (The planted bugs conformance catches show in the first games; `make soak`
    # plays 300.)
    report = check_game(keezen(players), games=60, seed=players, deep_fraction=0.01)
    assert report.games == 60
    assert report.deep_checks > 600


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 4, 6])
def test_check_game_300_random_games(players: int) -> None:
    report = check_game(keezen(players), games=300, seed=players, deep_fraction=0.005)
    assert report.games == 300
    assert report.deep_checks > 3000


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"two_player_track": 64}),
        (4, {"owner_may_swap_from_start": True}),
        (4, {"seven_partner_remainder": False}),
        (6, {"dealer_rotation": "per_cycle", "first_dealer": 5}),
    ],
)
def test_check_game_under_options(players: int, options: dict[str, object]) -> None:
    games = 60 // players
    report = check_game(keezen(players, **options), games=games, seed=7, deep_fraction=0.02)
    assert report.games == games


def test_check_game_when_deals_run_out() -> None:
    game = keezen(4, max_deals=2)
    report = check_game(game, games=30, seed=2, deep_fraction=0.2)
    assert report.longest_game <= game.max_game_length == 40
