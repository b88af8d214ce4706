"""The engine contract holds for Elfenland for 2 to 6 players and under every option."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import check_game


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_check_game_300_random_games(players: int) -> None:
    # Deep checks (JSON, observation property with resampling, rejections) on 2% of the steps
    # plus the first and last state of every game: over a thousand per player count.
    game = ludoteca.load("elfenland", players)
    report = check_game(game, games=300, seed=players, deep_fraction=0.02)
    assert report.games == 300
    assert report.deep_checks > 1000
    assert report.longest_game <= game.max_game_length


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"caravan": "any"}),
        (3, {"hand_limit_timing": "after_move"}),
        (4, {"rounds": 3, "start_seat": 2}),
        (6, {"caravan": "any", "hand_limit_timing": "after_move", "rounds": 3}),
    ],
)
def test_check_game_under_options(players: int, options: dict[str, object]) -> None:
    report = check_game(ludoteca.load("elfenland", players, **options), games=40, seed=9,
                        deep_fraction=0.1)
    assert report.games == 40
