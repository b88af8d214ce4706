"""Matches between bots: one game (`play_match`), many with stats (`simulate`), and arena runs
(`run_arena`: seat-rotated tournaments with ratings).

The arena's ratings, chart and progress bar use the optional `arena` extra (openskill,
matplotlib, rich), imported only when they are used.
"""

from ludoteca.arena.match import (
    MatchResult,
    SimulationStats,
    game_teams,
    play_match,
    simulate,
)
from ludoteca.arena.specs import Contestant, parse_bot_spec, parse_contestants
from ludoteca.arena.tournament import (
    ArenaConfig,
    ArenaGame,
    ArenaPlan,
    ArenaResult,
    plan_arena,
    run_arena,
)

__all__ = [
    "ArenaConfig",
    "ArenaGame",
    "ArenaPlan",
    "ArenaResult",
    "Contestant",
    "MatchResult",
    "SimulationStats",
    "game_teams",
    "parse_bot_spec",
    "parse_contestants",
    "plan_arena",
    "play_match",
    "run_arena",
    "simulate",
]
