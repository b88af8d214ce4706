"""Seeded playthroughs as text, kept as golden files so that any change in the rules shows up
as a text diff.

Keezen: the full log with every hand, and the position after each turn. Elfenland: the full
log with every hidden card and counter, and the public table whenever a phase begins.
"""

from __future__ import annotations

import random
from pathlib import Path

import ludoteca
from ludoteca.games.elfenland import ElfenlandGame
from ludoteca.games.elfenland.render import board_text, event_line
from ludoteca.games.keezen import KeezenGame
from ludoteca.games.keezen.notation import event_line as keezen_event_line
from ludoteca.games.keezen.notation import position_text

GOLDEN_DIR = Path(__file__).parent
CASES = {
    ("keezen", 2): 2026,
    ("keezen", 4): 4,
    ("keezen", 6): 66,
    ("elfenland", 3): 3,
    ("elfenland", 6): 6,
}
"""(game, player count) -> game seed of its golden playthrough."""


def golden_path(game_name: str, players: int) -> Path:
    """Return the golden file of the `players`-player playthrough of `game_name`."""
    return GOLDEN_DIR / f"{game_name}_{players}p.txt"


def playthrough_text(game_name: str, players: int, seed: int) -> str:
    """Return the text of a seeded random game (actions drawn by a seeded generator)."""
    if game_name == "keezen":
        return _keezen_text(players, seed)
    return _elfenland_text(players, seed)


def _keezen_text(players: int, seed: int) -> str:
    game = ludoteca.load("keezen", players=players)
    assert isinstance(game, KeezenGame)
    rng = random.Random(f"golden:{players}:{seed}")
    state = game.initial_state(seed)
    lines = [f"keezen {players} players, seed {seed}, rules version {game.rules_version}"]
    logged = 0
    while True:
        events = state.events()
        lines.extend(keezen_event_line(game.board, e, None, omniscient=True)
                     for e in events[logged:])
        logged = len(events)
        lines.append(f"  {position_text(game.board, state.pawns)}")
        if state.current is None:
            break
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    lines.append(f"returns {list(game.returns(state))} scores {list(game.scores(state))}")
    return "\n".join(lines) + "\n"


def _elfenland_text(players: int, seed: int) -> str:
    game = ludoteca.load("elfenland", players=players)
    assert isinstance(game, ElfenlandGame)
    rng = random.Random(f"golden:elfenland:{players}:{seed}")
    state = game.initial_state(seed)
    lines = [f"elfenland {players} players, seed {seed}, rules version {game.rules_version}"]
    logged = 0
    phase = None
    while True:
        events = state.events()
        lines.extend(event_line(game, event, omniscient=True) for event in events[logged:])
        logged = len(events)
        if (state.round, state.phase) != phase:
            phase = (state.round, state.phase)
            lines.extend(f"  {line}" for line in board_text(game, state).splitlines())
        if state.current is None:
            break
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    lines.append(f"returns {list(game.returns(state))} scores {list(game.scores(state))}")
    return "\n".join(lines) + "\n"
