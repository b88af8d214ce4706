"""Seeded playthroughs must match their golden text exactly (regenerate: `make golden`)."""

from __future__ import annotations

import pytest

from tests.golden.playthrough import CASES, golden_path, playthrough_text


@pytest.mark.parametrize("players", sorted(CASES))
def test_golden_playthrough_is_unchanged(players: int) -> None:
    expected = golden_path(players).read_text()
    actual = playthrough_text(players, CASES[players])
    assert actual.splitlines() == expected.splitlines()
