"""Matches between bots: one game (`play_match`) or many with aggregated stats (`simulate`)."""

from ludoteca.arena.match import (
    MatchResult,
    SimulationStats,
    game_teams,
    play_match,
    simulate,
)

__all__ = [
    "MatchResult",
    "SimulationStats",
    "game_teams",
    "play_match",
    "simulate",
]
