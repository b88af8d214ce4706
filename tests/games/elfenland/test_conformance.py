"""The engine contract holds for Elfenland for 2 to 6 players and under every option."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import check_game

# 60 seeded games per player count in `make test`, cut into CHUNKS tests with their own check
# seeds so that `pytest -n 2` spreads them; `make soak` plays 300. (The planted bugs of
# bench/planted_bugs.py that conformance catches fall within a chunk's first 30 games.)
GAMES = 60
CHUNKS = 2


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_check_game_60_random_games(players: int, chunk: int) -> None:
    # Deep checks (JSON, observation property with resampling, rejections) on the harness's
    # schedule (first steps, powers of two, last state) plus 2% of the other steps.
    game = ludoteca.load("elfenland", players)
    report = check_game(game, games=GAMES // CHUNKS, seed=100 * players + chunk,
                        deep_fraction=0.02)
    assert report.games == GAMES // CHUNKS
    assert report.deep_checks > 300
    assert report.longest_game <= game.max_game_length


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_check_game_300_random_games(players: int) -> None:
    game = ludoteca.load("elfenland", players)
    report = check_game(game, games=300, seed=players, deep_fraction=0.02)
    assert report.games == 300
    assert report.deep_checks > 3000
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
    report = check_game(ludoteca.load("elfenland", players, **options), games=25, seed=9,
                        deep_fraction=0.1)
    assert report.games == 25
