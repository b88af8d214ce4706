"""Golden seeded playthroughs of Suitors' Paths for 2 and 5 players (seeded random players).

The text is the full log with every deck card shown and the public table at the start of each
round. Random choices from the legal actions' stable order make the game depend only on the
seeds, so any change to the rules, the order of the legal actions or the texts shows here.
After a deliberate change, regenerate with `python tests/games/suitors_paths/test_golden.py`
(and bump `rules_version` when the rules changed).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

GOLDEN_DIR = Path(__file__).parent / "golden"
CASES = {2: 2012, 5: 512}
"""Player count -> game seed."""


def playthrough_text(players: int, seed: int) -> str:
    """Return the text of a seeded game of random players."""
    import ludoteca
    from ludoteca.core.registry import game_spec

    game = ludoteca.load("suitors_paths", players=players)
    renderer = game_spec("suitors_paths").renderer(game)
    rng = random.Random(seed)
    state = game.initial_state(seed)
    lines = [f"suitors_paths {players} players, seed {seed}, rules version "
             f"{game.rules_version}"]
    before = None
    while True:
        lines.extend(renderer.omniscient_log_lines(before, state))
        lines.extend(renderer.snapshot_lines(before, state))
        if game.is_terminal(state):
            break
        before, state = state, game.apply(state, rng.choice(game.legal_actions(state)))
    lines.append(f"end {state.end_reason}; returns {list(game.returns(state))} scores "
                 f"{list(game.scores(state))}")
    return "\n".join(lines) + "\n"


def golden_path(players: int) -> Path:
    """Return the golden file of the `players`-player playthrough."""
    return GOLDEN_DIR / f"suitors_paths_{players}p.txt"


@pytest.mark.parametrize("players", sorted(CASES))
def test_golden_playthrough_is_unchanged(players: int) -> None:
    expected = golden_path(players).read_text(encoding="utf-8")
    assert playthrough_text(players, CASES[players]).splitlines() == expected.splitlines()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    for count, game_seed in CASES.items():
        golden_path(count).write_text(playthrough_text(count, game_seed), encoding="utf-8")
        print(f"wrote {golden_path(count)}")
