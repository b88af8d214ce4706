"""Seeded playthroughs must match their golden text exactly (regenerate: `make golden`)."""

from __future__ import annotations

import pytest

from tests.golden.playthrough import CASES, golden_path, playthrough_text


@pytest.mark.parametrize(("game_name", "players"), sorted(CASES))
def test_golden_playthrough_is_unchanged(game_name: str, players: int) -> None:
    expected = golden_path(game_name, players).read_text()
    actual = playthrough_text(game_name, players, CASES[game_name, players])
    assert actual.splitlines() == expected.splitlines()
