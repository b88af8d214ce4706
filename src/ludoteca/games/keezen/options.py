"""Keezen options (section 5): declared once, with defaults that follow the original text."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.options import OptionSpec, OptionValues, choice, flag, integer, seat
from ludoteca.games.keezen.board import SEGMENT, TRACK_LENGTHS_TWO_PLAYERS

PLAYER_COUNTS = (2, 4, 6)
DEFAULT_PLAYERS = 4
DEALER_ROTATIONS = ("per_deal", "per_cycle")
MAX_DEALS_LIMIT = 100_000

OPTIONS: tuple[OptionSpec, ...] = (
    choice(
        "two_player_track", 32, TRACK_LENGTHS_TWO_PLAYERS, "Two-player track",
        "Squares on the track in a 2-player game: 32, or 64 for two opposite seats of the "
        "4-player board (K4). Ignored for 4 and 6 players.",
    ),
    flag(
        "owner_may_swap_from_start", False, "Jack may swap a pawn off its start",
        "The Jack may use a controlled pawn standing on its own start square (K51).",
    ),
    flag(
        "seven_partner_remainder", True, "Finish a 7 with partner pawns",
        "When the first part of a 7 finishes the player, the rest moves partner pawns "
        "(K46, K47).",
    ),
    choice(
        "dealer_rotation", "per_deal", DEALER_ROTATIONS, "Dealer passes",
        "After every deal, or after every cycle of three deals (K11).",
    ),
    seat(
        "first_dealer", None, "First dealer",
        "The seat that deals first; empty: drawn by chance (K7).",
    ),
    integer(
        "max_deals", 1000, 1, MAX_DEALS_LIMIT, "Deal limit",
        "A platform safeguard: after this many deals without a winner the game is a draw (K56).",
    ),
)


@dataclass(frozen=True, slots=True)
class KeezenOptions(OptionValues):
    """The option values of one Keezen game, already validated against OPTIONS."""

    num_players: int = DEFAULT_PLAYERS
    two_player_track: int = 32
    owner_may_swap_from_start: bool = False
    seven_partner_remainder: bool = True
    dealer_rotation: str = "per_deal"
    first_dealer: int | None = None
    max_deals: int = 1000

    @property
    def track_length(self) -> int:
        """Return L: 16 squares per seat, or the chosen 2-player track (K4)."""
        return self.two_player_track if self.num_players == 2 else SEGMENT * self.num_players
