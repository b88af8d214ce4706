"""The engine contract holds for Suitors' Paths for 2 to 5 players and under every option."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import check_game

OPTION_MIXES = [
    (4, {"boundary_side_cost": "adjacent"}),
    (5, {"five_player_girls": 8}),
    (3, {"terrain_split": "uniform"}),
    (2, {"stall_guard_rounds": 1}),
    (3, {"stall_guard_rounds": None}),
]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_game_quick(players: int) -> None:
    game = ludoteca.load("suitors_paths", players)
    report = check_game(game, games=4, seed=players, deep_fraction=0.02)
    assert report.games == 4 and report.deep_checks > 8
    assert report.longest_game <= game.max_game_length


@pytest.mark.parametrize(("players", "options"), OPTION_MIXES)
def test_check_game_under_options(players: int, options: dict[str, object]) -> None:
    game = ludoteca.load("suitors_paths", players, **options)
    assert all(game.options[name] == value for name, value in options.items())
    report = check_game(game, games=3, seed=7, deep_fraction=0.02)
    assert report.games == 3


# The longer runs: seeded whole games per player count and under each option mix, GAMES in
# `make test` and SOAK_GAMES in `make soak`. A random game lasts 250 (2 players) to 700
# (5 players) actions, 0.04-0.3 s under the harness.
GAMES = 20
SOAK_GAMES = 300


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_game_random_games(players: int) -> None:
    game = ludoteca.load("suitors_paths", players)
    report = check_game(game, games=GAMES, seed=100 * players, deep_fraction=0.005)
    assert report.games == GAMES
    assert report.deep_checks > 10 * GAMES
    assert report.longest_game <= game.max_game_length


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), OPTION_MIXES)
def test_check_game_random_games_under_options(players: int, options: dict[str, object]) -> None:
    game = ludoteca.load("suitors_paths", players, **options)
    report = check_game(game, games=GAMES // 2, seed=11, deep_fraction=0.005)
    assert report.games == GAMES // 2


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_game_300_random_games(players: int) -> None:
    game = ludoteca.load("suitors_paths", players)
    report = check_game(game, games=SOAK_GAMES, seed=100 * players, deep_fraction=0.005)
    assert report.games == SOAK_GAMES
    assert report.longest_game <= game.max_game_length


@pytest.mark.soak
@pytest.mark.parametrize(("players", "options"), OPTION_MIXES)
def test_check_game_300_random_games_under_options(
    players: int, options: dict[str, object]
) -> None:
    game = ludoteca.load("suitors_paths", players, **options)
    report = check_game(game, games=SOAK_GAMES, seed=11, deep_fraction=0.005)
    assert report.games == SOAK_GAMES
