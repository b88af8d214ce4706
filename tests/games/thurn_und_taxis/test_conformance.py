"""The engine contract holds for Thurn und Taxis for 2 to 4 players and under every option."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import check_game

# Random players rarely close routes, so their games run for hundreds of rounds; a round
# limit keeps the fast tier fast, and the slow tier plays whole games.


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_quick(players: int) -> None:
    game = ludoteca.load("thurn_und_taxis", players, round_limit=40)
    report = check_game(game, games=6, seed=players, deep_fraction=0.05)
    assert report.games == 6 and report.deep_checks > 12


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"blind_draw": True, "round_limit": 60}), (3, {"blind_draw": True, "round_limit": 30}),
     (4, {"round_limit": 3}), (4, {"blind_draw": True, "round_limit": 20})],
)
def test_check_game_under_options(players: int, options: dict[str, object]) -> None:
    report = check_game(ludoteca.load("thurn_und_taxis", players, **options), games=5, seed=9,
                        deep_fraction=0.05)
    assert report.games == 5


# The long runs: 300 seeded whole games per player count, and under blind_draw (round_limit is
# covered above). Random games last 4,000-7,500 actions, so each run is cut into CHUNKS tests
# of equal size with their own check seeds, which `pytest -n 2` spreads over both cores.
CHUNKS = 3
GAMES = 300


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_300_random_games(players: int, chunk: int) -> None:
    game = ludoteca.load("thurn_und_taxis", players)
    report = check_game(game, games=GAMES // CHUNKS, seed=100 * players + chunk,
                        deep_fraction=0.001)
    assert report.games == GAMES // CHUNKS
    assert report.deep_checks > 3 * GAMES // CHUNKS
    assert report.longest_game <= game.max_game_length


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 4])
def test_check_game_300_random_games_blind_draw(players: int, chunk: int) -> None:
    game = ludoteca.load("thurn_und_taxis", players, blind_draw=True)
    report = check_game(game, games=GAMES // CHUNKS, seed=100 * players + 10 + chunk,
                        deep_fraction=0.001)
    assert report.games == GAMES // CHUNKS
