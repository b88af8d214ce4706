"""Seeded Keezen playthroughs as text: the full log with every hand, and the position after
each turn. Kept as golden files so that any change in the rules shows up as a text diff."""

from __future__ import annotations

import random
from pathlib import Path

import ludoteca
from ludoteca.games.keezen import KeezenGame
from ludoteca.games.keezen.notation import event_line, position_text

GOLDEN_DIR = Path(__file__).parent
CASES = {2: 2026, 4: 4, 6: 66}
"""Player count -> game seed of its golden playthrough."""


def golden_path(players: int) -> Path:
    """Return the golden file of the `players`-player playthrough."""
    return GOLDEN_DIR / f"keezen_{players}p.txt"


def playthrough_text(players: int, seed: int) -> str:
    """Return the text of a seeded random game (actions drawn by a seeded generator)."""
    game = ludoteca.load("keezen", players=players)
    assert isinstance(game, KeezenGame)
    rng = random.Random(f"golden:{players}:{seed}")
    state = game.initial_state(seed)
    lines = [f"keezen {players} players, seed {seed}, rules version {game.rules_version}"]
    logged = 0
    while True:
        events = state.events()
        lines.extend(event_line(game.board, e, None, omniscient=True) for e in events[logged:])
        logged = len(events)
        lines.append(f"  {position_text(game.board, state.pawns)}")
        if state.current is None:
            break
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    lines.append(f"returns {list(game.returns(state))} scores {list(game.scores(state))}")
    return "\n".join(lines) + "\n"
