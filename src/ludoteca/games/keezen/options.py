"""Keezen options (section 5): validated switches whose defaults follow the original text."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.core.options import build_options, expect_int
from ludoteca.games.keezen.board import TRACK_LENGTHS_TWO_PLAYERS

PLAYER_COUNTS = (2, 4, 6)
DEALER_ROTATIONS = ("per_deal", "per_cycle")


@dataclass(frozen=True, slots=True)
class KeezenOptions:
    """The option switches of one Keezen game."""

    num_players: int = 4
    two_player_track: int = 32
    owner_may_swap_from_start: bool = False
    seven_partner_remainder: bool = True
    dealer_rotation: str = "per_deal"
    first_dealer: int | None = None
    max_deals: int = 1000

    def __post_init__(self) -> None:
        expect_int("num_players", self.num_players)
        if self.num_players not in PLAYER_COUNTS:
            raise ValueError(f"Keezen is played by 2, 4 or 6 players, not {self.num_players}")
        expect_int("two_player_track", self.two_player_track)
        if self.two_player_track not in TRACK_LENGTHS_TWO_PLAYERS:
            raise ValueError(f"two_player_track must be 32 or 64, not {self.two_player_track}")
        for name in ("owner_may_swap_from_start", "seven_partner_remainder"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if self.dealer_rotation not in DEALER_ROTATIONS:
            raise ValueError(
                f"dealer_rotation must be 'per_deal' or 'per_cycle', not {self.dealer_rotation!r}"
            )
        if self.first_dealer is not None:
            expect_int("first_dealer", self.first_dealer)
            if not 0 <= self.first_dealer < self.num_players:
                raise ValueError(
                    f"first_dealer must be a seat 0..{self.num_players - 1} or None, "
                    f"not {self.first_dealer}"
                )
        expect_int("max_deals", self.max_deals)
        if self.max_deals < 1:
            raise ValueError(f"max_deals must be at least 1, not {self.max_deals}")

    @property
    def track_length(self) -> int:
        """Return L: 16 squares per seat, or the chosen 2-player track (K4)."""
        return self.two_player_track if self.num_players == 2 else 16 * self.num_players

    def as_dict(self) -> dict[str, Any]:
        """Return the options as a JSON-safe dict."""
        return asdict(self)

    @classmethod
    def build(cls, players: int | None, options: dict[str, Any]) -> KeezenOptions:
        """Return validated options from `load`'s arguments; ValueError naming what is wrong."""
        return build_options(cls, "Keezen", players, options)
