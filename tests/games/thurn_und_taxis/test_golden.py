"""Golden seeded playthroughs of Thurn und Taxis for 2 and 4 players (heuristic bots).

Random players rarely close a route, so a random game runs for hundreds of rounds; these
playthroughs let the heuristic bot play every seat instead (its choices depend only on the
state), which gives whole games of some 25 rounds. The text is the full log with every blind
card shown and the public table at the start of each round. After a deliberate change of the
rules or of the bot, regenerate with `python tests/games/thurn_und_taxis/test_golden.py`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

GOLDEN_DIR = Path(__file__).parent / "golden"
CASES = {2: 2006, 4: 44}
"""Player count -> game seed."""


def playthrough_text(players: int, seed: int) -> str:
    """Return the text of a seeded game of heuristic bots."""
    import ludoteca
    from ludoteca.core.registry import game_spec
    from ludoteca.games.thurn_und_taxis.bots import TntHeuristicBot

    game = ludoteca.load("thurn_und_taxis", players=players)
    renderer = game_spec("thurn_und_taxis").renderer(game)
    bot = TntHeuristicBot()
    rng = random.Random(seed)
    state = game.initial_state(seed)
    lines = [f"thurn_und_taxis {players} players, seed {seed}, rules version "
             f"{game.rules_version}"]
    before = None
    while True:
        lines.extend(renderer.omniscient_log_lines(before, state))
        lines.extend(renderer.snapshot_lines(before, state))
        seat = game.current_player(state)
        if seat is None:
            break
        before, state = state, game.apply(state, bot.choose(game, state, seat, rng))
    lines.append(f"returns {list(game.returns(state))} scores {list(game.scores(state))}")
    return "\n".join(lines) + "\n"


def golden_path(players: int) -> Path:
    """Return the golden file of the `players`-player playthrough."""
    return GOLDEN_DIR / f"thurn_und_taxis_{players}p.txt"


@pytest.mark.parametrize("players", sorted(CASES))
def test_golden_playthrough_is_unchanged(players: int) -> None:
    expected = golden_path(players).read_text(encoding="utf-8")
    assert playthrough_text(players, CASES[players]).splitlines() == expected.splitlines()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    for count, game_seed in CASES.items():
        golden_path(count).write_text(playthrough_text(count, game_seed), encoding="utf-8")
        print(f"wrote {golden_path(count)}")
