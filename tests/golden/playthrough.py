"""Seeded playthroughs as text, kept as golden files so that any change in the rules shows up
as a text diff.

Keezen: the full log with every hand, and the position after each turn. Elfenland: the full
log with every hidden card and counter, and the public table whenever a phase begins.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.core.game import Game
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
    game = ludoteca.load(game_name, players=players)
    if isinstance(game, KeezenGame):
        board = game.board
        return _played_text(
            game, seed, random.Random(f"golden:{players}:{seed}"),
            lambda event: keezen_event_line(board, event, None, omniscient=True),
            lambda before, state: [f"  {position_text(board, state.pawns)}"],
        )
    assert isinstance(game, ElfenlandGame)
    elfenland = game
    return _played_text(
        game, seed, random.Random(f"golden:elfenland:{players}:{seed}"),
        lambda event: event_line(elfenland, event, omniscient=True),
        lambda before, state: [] if before is not None and (before.round, before.phase)
        == (state.round, state.phase) else [
            f"  {line}" for line in board_text(elfenland, state).splitlines()
        ],
    )


def _played_text(
    game: Game[Any, Any],
    seed: int,
    rng: random.Random,
    event_text: Callable[[Any], str],
    snapshot: Callable[[Any, Any], list[str]],
) -> str:
    """Return the header, then each action's log lines followed by `snapshot(before, after)`."""
    state = game.initial_state(seed)
    lines = [f"{game.name} {game.num_players} players, seed {seed}, "
             f"rules version {game.rules_version}"]
    before = None
    logged = 0
    while True:
        events = state.events()
        lines.extend(event_text(event) for event in events[logged:])
        logged = len(events)
        lines.extend(snapshot(before, state))
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        before, state = state, game.apply(state, legal[rng.randrange(len(legal))])
    lines.append(f"returns {list(game.returns(state))} scores {list(game.scores(state))}")
    return "\n".join(lines) + "\n"
