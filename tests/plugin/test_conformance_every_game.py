"""The conformance harness on every registered game and player count, from its GameSpec.

A short run per player count, so a new game is held to the contract from its first commit;
each game's own tests add the long runs (marked `slow`) and the option mixes.
"""

from __future__ import annotations

import pytest

from ludoteca.core import check_game
from ludoteca.core.registry import available_games, game_spec

CASES = [(name, players) for name in available_games()
         for players in game_spec(name).player_counts]
SHORT = {"thurn_und_taxis": {"round_limit": 40}}
"""Options that keep a game's random games short here: random Thurn und Taxis players rarely
close a route, so a whole game lasts 4,000-7,500 actions (its own slow tests play 300 of them
per player count); the round limit is one of the game's declared options."""


@pytest.mark.parametrize(("name", "players"), CASES)
def test_check_game_on_every_registered_game(name: str, players: int) -> None:
    game = game_spec(name).load(players, **SHORT.get(name, {}))
    report = check_game(game, games=4, seed=players, deep_fraction=0.05)
    assert report.games == 4
    assert report.deep_checks >= 8
