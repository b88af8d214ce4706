"""The engine contract holds for Thurn und Taxis for 2 to 4 players and under every option."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import Bot, check_game, game_spec
from ludoteca.games.thurn_und_taxis.state import REASON_CARRIAGE, REASON_HOUSES

# Random players rarely close routes, so their games run for hundreds of rounds; a round
# limit keeps the fast tier fast, and the slow tier plays whole games.


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_quick(players: int) -> None:
    game = ludoteca.load("thurn_und_taxis", players, round_limit=40)
    report = check_game(game, games=6, seed=players, deep_fraction=0.05)
    assert report.games == 6 and report.deep_checks > 12


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_random_games_to_the_round_limit(players: int) -> None:
    # 40 rounds are 300-500 random actions: far enough for every kind of decision, routes
    # started again, reshuffles, and the round limit's end.
    game = ludoteca.load("thurn_und_taxis", players, round_limit=40)
    report = check_game(game, games=20, seed=10 + players, deep_fraction=0.02)
    assert report.games == 20 and report.deep_checks > 20 * 15


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"blind_draw": True, "round_limit": 60}), (3, {"blind_draw": True, "round_limit": 30}),
     (4, {"round_limit": 3}), (4, {"blind_draw": True, "round_limit": 20})],
)
def test_check_game_under_options(players: int, options: dict[str, object]) -> None:
    report = check_game(ludoteca.load("thurn_und_taxis", players, **options), games=5, seed=9,
                        deep_fraction=0.05)
    assert report.games == 5


# Whole games end naturally (T54: a seventh carriage or the last house) only when routes get
# closed, which random players rarely do: these games let the heuristic bot choose half the
# moves, so every game reaches one of the two endings in a few hundred actions.
GUIDED_GAMES = 5


def heuristic_bot() -> Bot:
    """Return the game's heuristic bot, from its GameSpec."""
    return next(bot for bot in game_spec("thurn_und_taxis").bots if bot.name == "heuristic").make()


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"),
                         [(2, {}), (3, {}), (4, {}), (2, {"blind_draw": True}),
                          (4, {"blind_draw": True})])
def test_check_game_whole_games_half_played_by_the_heuristic(
    players: int, options: dict[str, object]
) -> None:
    game = ludoteca.load("thurn_und_taxis", players, **options)
    report = check_game(game, games=GUIDED_GAMES, seed=20 + players, deep_fraction=0.01,
                        guide=heuristic_bot(), guided_share=0.5)
    assert report.games == GUIDED_GAMES
    assert report.guided_actions >= 0.4 * report.actions
    assert set(report.end_reasons) == {REASON_CARRIAGE, REASON_HOUSES}
    assert report.longest_game <= game.max_game_length


# The soak runs (`make soak`): 300 seeded whole random games per player count, and under
# blind_draw. Random games last 4,000-7,500 actions, so each run is cut into CHUNKS tests of
# equal size with their own check seeds, which `pytest -n 2` spreads over both cores.
CHUNKS = 3
GAMES = 300


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_300_random_games(players: int, chunk: int) -> None:
    game = ludoteca.load("thurn_und_taxis", players)
    report = check_game(game, games=GAMES // CHUNKS, seed=100 * players + chunk,
                        deep_fraction=0.001)
    assert report.games == GAMES // CHUNKS
    assert report.deep_checks > 3 * GAMES // CHUNKS
    assert report.longest_game <= game.max_game_length


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 4])
def test_check_game_300_random_games_blind_draw(players: int, chunk: int) -> None:
    game = ludoteca.load("thurn_und_taxis", players, blind_draw=True)
    report = check_game(game, games=GAMES // CHUNKS, seed=100 * players + 10 + chunk,
                        deep_fraction=0.001)
    assert report.games == GAMES // CHUNKS
