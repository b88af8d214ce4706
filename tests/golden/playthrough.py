"""Seeded playthroughs as text, kept as golden files so that any change in the rules shows up
as a text diff.

Every game is written by its descriptor's text renderer: the full log with every hidden part
shown, and after each step what the renderer's `snapshot_lines` choose (Keezen: the position
after every turn; Elfenland: the public table whenever a phase begins).
"""

from __future__ import annotations

import random
from pathlib import Path

import ludoteca
from ludoteca.core.registry import game_spec

GOLDEN_DIR = Path(__file__).parent
CASES = {
    ("keezen", 2): 2026,
    ("keezen", 4): 4,
    ("keezen", 6): 66,
    ("elfenland", 3): 3,
    ("elfenland", 6): 6,
}
"""(game, player count) -> game seed of its golden playthrough."""

CHOICE_LABELS = {"keezen": "golden"}
"""The label of the generator that picks the actions; Keezen's files were written before the
label named the game, and keeping it keeps them byte-identical."""


def golden_path(game_name: str, players: int) -> Path:
    """Return the golden file of the `players`-player playthrough of `game_name`."""
    return GOLDEN_DIR / f"{game_name}_{players}p.txt"


def playthrough_text(game_name: str, players: int, seed: int) -> str:
    """Return the text of a seeded random game (actions drawn by a seeded generator)."""
    game = ludoteca.load(game_name, players=players)
    renderer = game_spec(game_name).renderer(game)
    label = CHOICE_LABELS.get(game_name, f"golden:{game_name}")
    rng = random.Random(f"{label}:{players}:{seed}")
    state = game.initial_state(seed)
    lines = [f"{game.name} {game.num_players} players, seed {seed}, "
             f"rules version {game.rules_version}"]
    before = None
    while True:
        lines.extend(renderer.omniscient_log_lines(before, state))
        lines.extend(renderer.snapshot_lines(before, state))
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        before, state = state, game.apply(state, legal[rng.randrange(len(legal))])
    lines.append(f"returns {list(game.returns(state))} scores {list(game.scores(state))}")
    return "\n".join(lines) + "\n"
