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


@pytest.mark.parametrize(("name", "players"), CASES)
def test_check_game_on_every_registered_game(name: str, players: int) -> None:
    report = check_game(game_spec(name).load(players), games=4, seed=players, deep_fraction=0.05)
    assert report.games == 4
    assert report.deep_checks >= 8
