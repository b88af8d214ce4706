"""Elfenland options (§5) and setup parameters: declared once, defaults from the original text."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.options import OptionSpec, OptionValues, choice, seat

PLAYER_COUNTS = (2, 3, 4, 5, 6)
DEFAULT_PLAYERS = 4
CARAVANS = ("identical", "any")
HAND_LIMIT_TIMINGS = ("round_end", "after_move")
ROUND_COUNTS = (3, 4)

OPTIONS: tuple[OptionSpec, ...] = (
    choice(
        "caravan", "identical", CARAVANS, "Caravan cards",
        "A caravan is paid with identical cards (the original) or with any cards (E27).",
    ),
    choice(
        "hand_limit_timing", "round_end", HAND_LIMIT_TIMINGS, "Keep 4 cards",
        "Keep 4 cards at the round's end (the original) or right after one's own move (E35).",
    ),
    choice("rounds", 4, ROUND_COUNTS, "Rounds", "The game lasts 4 rounds, or 3 for a short game."),
    seat(
        "start_seat", 0, "Start player",
        "The seat that starts the first round; the start passes left each round (E39).",
    ),
)


@dataclass(frozen=True, slots=True)
class ElfenlandOptions(OptionValues):
    """The option values and setup parameters of one Elfenland game, validated against OPTIONS."""

    num_players: int = DEFAULT_PLAYERS
    caravan: str = "identical"
    hand_limit_timing: str = "round_end"
    rounds: int = 4
    start_seat: int = 0
