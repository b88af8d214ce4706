"""Suitors' Paths options (§6.1): declared once, defaults from the rules document."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.options import OptionSpec, OptionValues, choice
from ludoteca.games.suitors_paths.board import board_for

PLAYER_COUNTS = (2, 3, 4, 5)
DEFAULT_PLAYERS = 3
MAX_ROUNDS = 300
"""S1's round cap: the game ends after turn MAX_ROUNDS × n at the latest."""

OPTIONS: tuple[OptionSpec, ...] = (
    choice(
        "boundary_side_cost", "multi", ("multi", "adjacent"), "Boundary sides cost",
        "What a side on the rim of the board costs (P30): a multicolour card (the literal "
        "rule), or a card of the colour of its single hex.",
    ),
    choice(
        "five_player_girls", 9, (9, 8), "Girls with five players",
        "Nine girls as the original says, with exactly two adjacent pairs on the path (P10), "
        "or eight, strictly alternating. Only used with five players.",
    ),
    choice(
        "terrain_split", "proportional", ("proportional", "uniform"), "Terrain tiles",
        "The interior tiles (§4.8): in proportion to the card colours (8/6/6/5/5 tiles in "
        "all), or the same number of each terrain (6 each).",
    ),
    choice(
        "route_start", "corner", ("corner", "centre"), "Routes start",
        "Where a route begins (P34): at any corner of the suitor's hex, the suitor being "
        "joined to all six (the rule), or at the suitor itself, so that every route first "
        "builds and pays one of the suitor's six spokes (a variant for longer routes).",
    ),
    OptionSpec(
        "stall_guard_rounds", "integer", 10, "Stall guard (rounds)",
        "An engine safeguard, not a rule (S1): the game ends when this many rounds pass "
        "without a block placed; null switches it off.",
        minimum=1, maximum=MAX_ROUNDS, nullable=True,
    ),
)


@dataclass(frozen=True, slots=True)
class SpOptions(OptionValues):
    """The option values of one Suitors' Paths game, validated against OPTIONS."""

    num_players: int = DEFAULT_PLAYERS
    boundary_side_cost: str = "multi"
    five_player_girls: int = 9
    terrain_split: str = "proportional"
    route_start: str = "corner"
    stall_guard_rounds: int | None = 10

    @property
    def girls(self) -> int:
        """Return the number of girls in play (P8)."""
        if self.num_players == 5:
            return self.five_player_girls
        return board_for(self.num_players).girls
