"""Every registered game's seeded playthroughs match their golden text exactly (regenerate:
`make golden`); the files are found by game name (tests/golden/playthrough.py)."""

from __future__ import annotations

import pytest

from ludoteca.core.registry import available_games
from tests.golden.playthrough import golden_files, golden_seed, playthrough_text


@pytest.mark.parametrize("name", available_games())
def test_golden_playthroughs_are_unchanged(name: str) -> None:
    files = golden_files(name)
    assert files, f"{name} has no golden playthrough: run `make golden` to write one"
    for players, path in sorted(files.items()):
        expected = path.read_text(encoding="utf-8")
        actual = playthrough_text(name, players, golden_seed(path))
        assert actual.splitlines() == expected.splitlines(), path.name
