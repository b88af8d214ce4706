"""Thurn und Taxis options (§5): declared once, defaults from the original text."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.options import OptionSpec, OptionValues, flag

PLAYER_COUNTS = (2, 3, 4)
DEFAULT_PLAYERS = 3
SAFEGUARD_ROUNDS = 1000
"""T55: a game still running when this round is complete ends there."""

OPTIONS: tuple[OptionSpec, ...] = (
    flag(
        "blind_draw", False, "Draw from the deck",
        "The official rule: a card may also be taken face down from the top of the deck (T17). "
        "Off by default: the original text names only the six face-up cards.",
    ),
    OptionSpec(
        "round_limit", "integer", None, "Round limit",
        "A safety cap for bot experiments: the game ends after this round even if nobody "
        "triggered the end (never used in rated play).",
        minimum=1, maximum=SAFEGUARD_ROUNDS, nullable=True,
    ),
)


@dataclass(frozen=True, slots=True)
class TntOptions(OptionValues):
    """The option values of one Thurn und Taxis game, validated against OPTIONS."""

    num_players: int = DEFAULT_PLAYERS
    blind_draw: bool = False
    round_limit: int | None = None

    @property
    def last_round(self) -> int:
        """Return the round after which the game ends at the latest (§5, T55)."""
        return min(self.round_limit or SAFEGUARD_ROUNDS, SAFEGUARD_ROUNDS)
